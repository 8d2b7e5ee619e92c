import { codigosGenerados } from './codigos-generados';

export type TTipoCodigo = 'excepcion_sunat' | 'excepcion_contribuyente' | 'rechazo' | 'observacion';
export type TCodigoRetorno = { codigo: string; descripcion: string; tipo: TTipoCodigo };

/** SUNAT codes travel as "0102", "102" or "soap-env:Client.0102"; the catalogue keys are four digits. */
export function normalizarCodigo(codigo: string | number): string {
  const digitos = String(codigo).match(/(\d+)\s*$/)?.[1] ?? String(codigo);
  return digitos.length < 4 ? digitos.padStart(4, '0') : digitos;
}

export function describirCodigo(codigo: string | number): TCodigoRetorno | undefined {
  const clave = normalizarCodigo(codigo);
  const fila = codigosGenerados[clave];
  return fila ? { codigo: clave, descripcion: fila[0], tipo: fila[1] } : undefined;
}

/** Type by SUNAT's ranges, also for codes missing from the catalogue (e.g. GRE-only codes). */
export function tipoDeCodigo(codigo: string | number): TTipoCodigo {
  const n = Number(normalizarCodigo(codigo));
  if (n >= 4000) return 'observacion';
  if (n >= 2000) return 'rechazo';
  if (n >= 1000) return 'excepcion_contribuyente';
  return 'excepcion_sunat';
}

export const codigosRetorno = codigosGenerados;
