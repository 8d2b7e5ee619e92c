import { describirCodigo } from '@yupana/sunat';

/** SUNAT would answer with a SOAP Fault (exception 0100-1999: nothing registered, the number may be resent). */
export class Excepcion extends Error {
  readonly codigo: string;
  constructor(codigo: string, detalle?: string) {
    const base = describirCodigo(codigo)?.descripcion ?? 'Error';
    super(detalle ? `${base} - Detalle: ${detalle}` : base);
    this.codigo = codigo;
  }
}

export function mensajeDe(codigo: string): string {
  return describirCodigo(codigo)?.descripcion ?? `Código ${codigo}`;
}
