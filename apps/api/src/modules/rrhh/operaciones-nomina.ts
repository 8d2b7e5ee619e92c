import { and, asc, eq, inArray } from 'drizzle-orm';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { entidad } from '../entidades/entidades.schema';
import { cuentaFinanciera } from '../finanzas/finanzas.schema';
import { nominaBoleta } from './rrhh.schema';

/**
 * What a money operation over a run's payslips shares (Pagar planilla, Depositar CTS): today in Lima, the month's
 * name in its glosa, the operation's date and financial account checked before the transaction, and the payslips
 * locked inside it.
 */

type TTx = Parameters<Parameters<Contexto['dbh']['db']['transaction']>[0]>[0];

/** Today in Lima (an operation's default date and its upper bound). */
export const hoyLima = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
export const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'setiembre', 'octubre', 'noviembre', 'diciembre'];

/** The operation's date (today when not given); a future one is refused with `futura`. */
export function fechaDeOperacion(fecha: string | undefined, futura: string): string {
  const hoy = hoyLima();
  const f = fecha ?? hoy;
  if (f > hoy) throw errorDeCampo('Fecha', futura);
  return f;
}

/** The company's active financial account the money goes out of (another company's: 404). */
export async function cuentaDeOperacion(ctx: Contexto, auth: TAuth, idCuenta: number) {
  const [cuenta] = await ctx.dbh.db.select().from(cuentaFinanciera).where(and(eq(cuentaFinanciera.id, idCuenta), eq(cuentaFinanciera.idEmpresa, auth.idEmpresa)));
  if (!cuenta) throw noEncontrado('No se encontró la cuenta financiera');
  if (cuenta.logEstado !== 1) throw errorDeCampo('IdCuentaFinanciera', 'La cuenta financiera está inactiva');
  return cuenta;
}

/**
 * The lock: the chosen payslips of the run (all when none is chosen), in id order so two operations never deadlock; a
 * concurrent operation on the same payslip waits here and then reads it done. A chosen payslip not of the run: 404.
 */
export async function bloquearBoletas(tx: TTx, idEmpresa: number, idNomina: number, elegidas: number[]) {
  const condiciones = [eq(nominaBoleta.idEmpresa, idEmpresa), eq(nominaBoleta.idNomina, idNomina)];
  if (elegidas.length) condiciones.push(inArray(nominaBoleta.id, elegidas));
  const boletas = await tx
    .select({ id: nominaBoleta.id, neto: nominaBoleta.neto, idPago: nominaBoleta.idPago, idDeposito: nominaBoleta.idDepositoCts, nombre: entidad.razonSocial })
    .from(nominaBoleta)
    .innerJoin(entidad, eq(entidad.id, nominaBoleta.idEntidad))
    .where(and(...condiciones))
    .orderBy(asc(nominaBoleta.id))
    .for('update', { of: nominaBoleta });
  const ids = new Set(boletas.map((x) => x.id));
  for (const idBoleta of elegidas) if (!ids.has(idBoleta)) throw noEncontrado('No se encontró la boleta en la planilla');
  return boletas;
}
