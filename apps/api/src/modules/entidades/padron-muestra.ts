import { digitoVerificadorRuc } from '@yupana/contracts';
import { UBIGEOS } from '@yupana/sunat';

/**
 * A generated stand-in for SUNAT's "padrón reducido del RUC" (same header, columns, '-' for empty values and
 * Latin-1 encoding), for tests and demos. Deterministic: the same `cantidad` and `semilla` give the same file.
 */
export const CABECERA_PADRON =
  'RUC|NOMBRE O RAZÓN SOCIAL|ESTADO DEL CONTRIBUYENTE|CONDICIÓN DE DOMICILIO|UBIGEO|TIPO DE VÍA|NOMBRE DE VÍA|CÓDIGO DE ZONA|TIPO DE ZONA|NÚMERO|INTERIOR|LOTE|DEPARTAMENTO|MANZANA|KILÓMETRO|';

/** The first line of every sample: a fixed taxpayer the tests and the e2e flow look up. */
export const CONTRIBUYENTE_MUESTRA = {
  ruc: conDigito('2060987654'),
  razonSocial: 'FERRETERÍA EL ÑANDÚ S.A.C.',
  estado: 'ACTIVO',
  condicion: 'HABIDO',
  ubigeo: '150122',
  linea: '',
};
CONTRIBUYENTE_MUESTRA.linea = `${CONTRIBUYENTE_MUESTRA.ruc}|${CONTRIBUYENTE_MUESTRA.razonSocial}|ACTIVO|HABIDO|150122|AV.|JOSÉ LARCO|URB.|SAN ANTONIO|345|201|-|-|-|-|`;

export function conDigito(diez: string): string {
  return diez + digitoVerificadorRuc(diez);
}

const NOMBRES = ['COMERCIAL', 'INVERSIONES', 'DISTRIBUIDORA', 'CONSTRUCTORA', 'AGROINDUSTRIAS', 'TRANSPORTES', 'SERVICIOS', 'IMPORTACIONES'];
const APELLIDOS = ['QUISPE', 'MAMANI', 'HUAMÁN', 'FLORES', 'CÁCERES', 'PEÑA', 'NÚÑEZ', 'CHÁVEZ', 'ROJAS', 'TORRES'];
const LUGARES = ['ANDINA', 'DEL SUR', 'LOS ÁNGELES', 'SANTA ROSA', 'EL PORVENIR', 'MISTI', 'TITICACA', 'AMAZÓNICA'];
const FORMAS = ['S.A.C.', 'E.I.R.L.', 'S.R.L.', 'S.A.'];
const ESTADOS = ['ACTIVO', 'ACTIVO', 'ACTIVO', 'BAJA DE OFICIO', 'SUSPENSION TEMPORAL', 'BAJA DEFINITIVA'];
const CONDICIONES = ['HABIDO', 'HABIDO', 'HABIDO', 'NO HABIDO', 'NO HALLADO'];
const VIAS = ['AV.', 'JR.', 'CAL.', 'PSJE.', '-'];
const ZONAS = ['URB.', 'A.H.', 'P.J.', '-'];

/**
 * Lines of a sample padrón (without the header), the fixed taxpayer first. Line i (from 1) has the RUC body
 * `base + i` (prefix 10 for every third, a natural person, 20 otherwise), so samples with different bases never share a RUC.
 */
export function* lineasPadronMuestra(cantidad: number, semilla = 1, base = 10_000_000): Generator<string> {
  const ubigeos = Object.keys(UBIGEOS);
  let estado = semilla >>> 0 || 1;
  // xorshift32: small, fast and reproducible.
  const azar = (n: number) => {
    estado ^= estado << 13;
    estado ^= estado >>> 17;
    estado ^= estado << 5;
    return (estado >>> 0) % n;
  };
  const elegir = <T>(lista: readonly T[]) => lista[azar(lista.length)];
  if (cantidad <= 0) return;
  yield CONTRIBUYENTE_MUESTRA.linea;
  for (let i = 1; i < cantidad; i++) {
    const persona = i % 3 === 0;
    // Consecutive bodies keep every RUC distinct; prefix 10 natural persons, 20 companies.
    const ruc = conDigito(`${persona ? '10' : '20'}${String(base + i).padStart(8, '0')}`);
    const nombre = persona
      ? `${elegir(APELLIDOS)} ${elegir(APELLIDOS)} ${elegir(['JUAN', 'MARÍA', 'JOSÉ', 'ROSA', 'LUIS', 'ANA'])}`
      : `${elegir(NOMBRES)} ${elegir(LUGARES)} ${elegir(FORMAS)}`;
    const via = elegir(VIAS);
    const zona = elegir(ZONAS);
    yield [
      ruc,
      nombre,
      elegir(ESTADOS),
      elegir(CONDICIONES),
      elegir(ubigeos),
      via,
      via === '-' ? '-' : `${elegir(LUGARES)} ${azar(40) + 1}`,
      zona,
      zona === '-' ? '-' : elegir(LUGARES),
      String(azar(2000) + 1),
      azar(4) === 0 ? String(azar(500) + 100) : '-',
      azar(5) === 0 ? String(azar(30) + 1) : '-',
      '-',
      azar(5) === 0 ? String.fromCharCode(65 + azar(20)) : '-',
      '-',
      '',
    ].join('|');
  }
}

/** The whole sample file as Latin-1 bytes (CRLF line ends, as SUNAT publishes it). */
export function padronMuestra(cantidad: number, semilla = 1): Buffer {
  const lineas = [CABECERA_PADRON, ...lineasPadronMuestra(cantidad, semilla)];
  return Buffer.from(lineas.join('\r\n') + '\r\n', 'latin1');
}
