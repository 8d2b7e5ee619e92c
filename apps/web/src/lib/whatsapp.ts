/** Peru's country code: the support phones are stored as national numbers and WhatsApp needs the international form. */
export const PREFIJO_PERU = '+51';

/** Service hours when the server's public configuration is not available (the seed's constant). */
export const HORARIO_ATENCION = 'Lunes a viernes de 09:00 a 18:00';

export function telefonoInternacional(telefono: string): string {
  const digitos = telefono.replace(/\D/g, '');
  const nacional = digitos.startsWith('51') && digitos.length > 9 ? digitos.slice(2) : digitos;
  return `${PREFIJO_PERU}${nacional}`;
}

/** For display: +51 987 654 321. */
export function telefonoLegible(telefono: string): string {
  const n = telefonoInternacional(telefono).slice(3);
  return `${PREFIJO_PERU} ${n.length === 9 ? `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}` : n}`;
}

export function enlaceWhatsApp(telefono: string, mensaje: string): string {
  return `https://wa.me/${telefonoInternacional(telefono).slice(1)}?text=${encodeURIComponent(mensaje)}`;
}

/** The support chat message: asks for assistance and names the company by its RUC (or its name when it has none). */
export function mensajeSoporte(empresa: { ruc: string | null; razonSocial?: string | null }): string {
  if (empresa.ruc) return `Hola, necesito asistencia con Yupana. RUC de mi empresa: ${empresa.ruc}`;
  return `Hola, necesito asistencia con Yupana. Mi empresa: ${empresa.razonSocial ?? 'sin RUC'}`;
}
