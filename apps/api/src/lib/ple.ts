import type { TAuth } from './auth';

// Shared by every PLE book (accounting 5.1/5.3/6.1, inventory 12.1/13.1): SUNAT's text, date and file-name rules.

/** A free-text field: no pipes, slashes or line breaks, single spaces, at most `max` characters. */
export const textoPle = (t: string | null | undefined, max: number) => (t ?? '').replace(/[|/\\\r\n\t]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);

/** ISO date -> DD/MM/AAAA. */
export const fechaPle = (iso: string) => iso.split('-').reverse().join('/');

/** LE{RUC}{AAAA}{MM}00{libro}00{O 1}{I 1 with content, 0 empty}{M 1 soles}1.TXT */
export function nombrePle(auth: TAuth, periodo: string, libro: string, conDatos: boolean) {
  const ruc = auth.empresa.documento && /^\d{11}$/.test(auth.empresa.documento) ? auth.empresa.documento : '00000000000';
  return `LE${ruc}${periodo.replace('-', '')}00${libro}001${conDatos ? 1 : 0}11.TXT`;
}
