import type { TNombre } from './validar';

export type TRegistro = {
  clave: string;
  nombre: TNombre;
  /** aceptado / rechazado by the CDR; baja after a comunicación de baja. */
  estado: 'aceptado' | 'rechazado' | 'baja';
  codigo: string;
  hash: string;
  cdrZip: Uint8Array;
  recibido: Date;
};

export type TTicket = {
  ticket: string;
  canal: 'soap' | 'gre';
  ruc: string;
  nombre: TNombre;
  estado: 'en_proceso' | 'terminado' | 'excepcion';
  codigo?: string;
  mensaje?: string;
  cdrZip?: Uint8Array;
};

export type TToken = { ruc: string; usuario: string; expira: number; sire?: boolean };

/** Everything the stand-in remembers; in memory, gone when it stops. */
export class Estado {
  comprobantes = new Map<string, TRegistro>();
  resumenes = new Set<string>();
  tickets = new Map<string, TTicket>();
  tokens = new Map<string, TToken>();

  static clave(ruc: string, tipo: string, serie: string, numero: string | number): string {
    return `${ruc}-${tipo}-${serie}-${Number(numero)}`;
  }

  reiniciar(): void {
    this.comprobantes.clear();
    this.resumenes.clear();
    this.tickets.clear();
    this.tokens.clear();
  }
}
