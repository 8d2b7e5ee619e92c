import { setTimeout as esperar } from 'node:timers/promises';
import type { TCdr } from '../cdr';
import { SunatFault, SunatNoAlcanzado } from '../errors';
import { getStatusCdr, sendBill, type TConfigSoap } from './soap';

export type TEnvioConfirmado = {
  cdr: TCdr;
  /** sendBill answered, or the CDR was recovered with getStatusCdr after a 1033 or an unknown outcome. */
  via: 'sendBill' | 'getStatusCdr';
};

/**
 * sendBill with SUNAT's recovery rules: a 1033 ("already registered") or an unknown outcome (timeout, lost answer)
 * is resolved by asking getStatusCdr for the same number, never by issuing a new one. If SUNAT still has no CDR,
 * the original SunatNoAlcanzado is thrown: retry later with the same zip (a duplicate then comes back as 1033 and is
 * resolved here). A 1033 means the number exists; the CDR recovered is the one SUNAT keeps for it.
 */
export async function enviarComprobante(
  cfg: TConfigSoap,
  nombre: string,
  zip: Uint8Array,
  opciones: { consultas?: number; esperaMs?: number } = {},
): Promise<TEnvioConfirmado> {
  const partes = /^(\d{11})-(\d{2})-([A-Z0-9]{4})-(\d{1,8})$/.exec(nombre);
  if (!partes) throw new Error(`Nombre de comprobante inválido: ${nombre}`);
  const [, ruc, tipo, serie, numero] = partes;
  try {
    return { cdr: await sendBill(cfg, nombre, zip), via: 'sendBill' };
  } catch (e) {
    const duplicado = e instanceof SunatFault && e.codigo === '1033';
    if (!duplicado && !(e instanceof SunatNoAlcanzado)) throw e;
    const intentos = duplicado ? 1 : (opciones.consultas ?? 3);
    for (let i = 0; i < intentos; i++) {
      if (i > 0 || !duplicado) await esperar(opciones.esperaMs ?? 2000);
      try {
        const r = await getStatusCdr(cfg, { ruc, tipo, serie, numero });
        if (r.cdr) return { cdr: r.cdr, via: 'getStatusCdr' };
      } catch (consulta) {
        if (!(consulta instanceof SunatNoAlcanzado)) throw consulta;
      }
    }
    throw e;
  }
}
