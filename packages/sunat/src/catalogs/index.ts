// Catálogos de SUNAT (Anexo 8) y ubigeo INEI, generados en ./generated y cargados como mapas en memoria.
// Isomórfico: no usa node:*, así la web valida con los mismos datos.
import { CATALOGOS, NOMBRES_CATALOGO, PORCENTAJE_PERCEPCION } from './generated/catalogos';
import { UBIGEOS } from './generated/ubigeo';

export { CATALOGOS, NOMBRES_CATALOGO, PORCENTAJE_PERCEPCION, UBIGEOS };

export type TNumeroCatalogo = keyof typeof CATALOGOS & string;

/** true si `codigo` existe en el catálogo `numero` de SUNAT. */
export function enCatalogo(numero: string, codigo: string): boolean {
  const cat = CATALOGOS[numero];
  return cat !== undefined && Object.prototype.hasOwnProperty.call(cat, codigo);
}

export function descripcionCatalogo(numero: string, codigo: string): string | undefined {
  return enCatalogo(numero, codigo) ? CATALOGOS[numero][codigo] : undefined;
}

export type TUbigeo = { codigo: string; departamento: string; provincia: string; distrito: string };

/** Datos de un distrito por su código INEI de 6 dígitos (el que usa SUNAT), o undefined si no existe. */
export function buscarUbigeo(codigo: string): TUbigeo | undefined {
  const fila = Object.prototype.hasOwnProperty.call(UBIGEOS, codigo) ? UBIGEOS[codigo] : undefined;
  if (!fila) return undefined;
  const [departamento, provincia, distrito] = fila.split('|');
  return { codigo, departamento, provincia, distrito };
}

/** Catálogo 07: códigos de afectación que son transferencias gratuitas (tributo 9996). */
export const AFECTACIONES_GRATUITAS = ['11', '12', '13', '14', '15', '16', '21', '31', '32', '33', '34', '35', '36', '37'] as const;
/** Gratuitas gravadas: se informa el IGV que correspondería, sin cobrarlo. */
export const AFECTACIONES_GRATUITAS_GRAVADAS = ['11', '12', '13', '14', '15', '16'] as const;

export function esGratuita(afectacion: string): boolean {
  return (AFECTACIONES_GRATUITAS as readonly string[]).includes(afectacion);
}

export type TTributo = { id: string; nombre: string; codigoInternacional: string };

/** Catálogo 05 reducido a los tributos que usan las líneas. */
export const TRIBUTOS: Record<string, TTributo> = {
  '1000': { id: '1000', nombre: 'IGV', codigoInternacional: 'VAT' },
  '1016': { id: '1016', nombre: 'IVAP', codigoInternacional: 'VAT' },
  '2000': { id: '2000', nombre: 'ISC', codigoInternacional: 'EXC' },
  '7152': { id: '7152', nombre: 'ICBPER', codigoInternacional: 'OTH' },
  '9995': { id: '9995', nombre: 'EXP', codigoInternacional: 'FRE' },
  '9996': { id: '9996', nombre: 'GRA', codigoInternacional: 'FRE' },
  '9997': { id: '9997', nombre: 'EXO', codigoInternacional: 'VAT' },
  '9998': { id: '9998', nombre: 'INA', codigoInternacional: 'FRE' },
  '9999': { id: '9999', nombre: 'OTROS', codigoInternacional: 'OTH' },
};

/** Tributo (catálogo 05) que corresponde a un código de afectación del catálogo 07. */
export function tributoDeAfectacion(afectacion: string): string {
  if (afectacion === '10') return '1000';
  if (afectacion === '17') return '1016';
  if (afectacion === '20') return '9997';
  if (afectacion === '30') return '9998';
  if (afectacion === '40') return '9995';
  return '9996';
}
