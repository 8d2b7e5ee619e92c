import Decimal from 'decimal.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ErrorCodes, type TNominaDetalle, ZNominaPagar } from '@yupana/contracts';
import type { z } from 'zod';
import { rechazarSiConciliada } from '../../lib/conciliacion';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { filaNomina, obtenerNomina } from './nominas.service';
import { bloquearBoletas, cuentaDeOperacion, fechaDeOperacion, hoyLima, MESES } from './operaciones-nomina';
import { nomina, nominaBoleta, nominaPago, nominaPagoDetalle } from './rrhh.schema';

type TTx = Parameters<Parameters<Contexto['dbh']['db']['transaction']>[0]>[0];

/** A payroll payment as the books see it inside its transaction (4111 D / caja or banco H). */
export type TPagoNominaRegistrado = { idEmpresa: number; idUsuario: number; idPago: number; fecha: string; monto: string; efectivo: boolean; glosa: string; idCuentaFinanciera?: number | null };
type TAlPagarNomina = (tx: TTx, p: TPagoNominaRegistrado) => Promise<void>;
type TAlAnularPagoNomina = (tx: TTx, p: { idEmpresa: number; idPago: number; fecha: string; glosa: string }) => Promise<void>;
const trasPagar: TAlPagarNomina[] = [];
const trasAnular: TAlAnularPagoNomina[] = [];
/** Work other modules do inside a payroll payment's transaction (the books post 4111 / 10); registered in app.ts. */
export function alPagarNomina(fn: TAlPagarNomina): void {
  if (!trasPagar.includes(fn)) trasPagar.push(fn);
}
/** Work other modules do inside a payroll payment void's transaction (the books reverse the entry). */
export function alAnularPagoNomina(fn: TAlAnularPagoNomina): void {
  if (!trasAnular.includes(fn)) trasAnular.push(fn);
}


/**
 * Pagar planilla: pays the net of the chosen payslips of an approved run (all its unpaid ones when none is chosen) out
 * of one financial account in soles, in ONE transaction: the payslips are locked (FOR UPDATE, id order) and a paid one
 * is refused (409 600926), so two payments of the same payslip never both go through; then the payment, its detail,
 * the payslips' paid mark and the books' 4111 / 10 entry.
 */
export async function pagarNomina(ctx: Contexto, auth: TAuth, id: number, b: z.output<typeof ZNominaPagar>): Promise<TNominaDetalle> {
  await filaNomina(ctx, auth, id);
  const fecha = fechaDeOperacion(b.Fecha, 'La fecha del pago no puede ser posterior a hoy');
  const cuenta = await cuentaDeOperacion(ctx, auth, b.IdCuentaFinanciera);
  if (cuenta.idMoneda !== 1) throw errorDeCampo('IdCuentaFinanciera', 'La planilla se paga en soles: elija una caja o cuenta bancaria en soles');
  const banco = cuenta.idTipoCuenta === 3;
  if (banco && !b.NumeroOperacion) throw errorDeCampo('NumeroOperacion', 'Indique el número de operación bancaria');

  await ctx.dbh.db.transaction(async (tx) => {
    const [n] = await tx.select().from(nomina).where(and(eq(nomina.idEmpresa, auth.idEmpresa), eq(nomina.id, id)));
    if (n.estado !== 1) throw new AppError(ErrorCodes.NOMINA_NO_APROBADA, 'Apruebe la planilla antes de pagarla', 409);
    const boletas = await bloquearBoletas(tx, auth.idEmpresa, id, b.Boletas);
    for (const x of boletas) if (b.Boletas.length && x.idPago !== null) throw new AppError(ErrorCodes.BOLETA_YA_PAGADA, `La boleta de ${x.nombre} ya está pagada`, 409);
    const aPagar = boletas.filter((x) => x.idPago === null);
    if (!aPagar.length) throw new AppError(ErrorCodes.BOLETA_YA_PAGADA, 'La planilla ya está pagada: todas sus boletas tienen pago', 409);
    const total = aPagar.reduce((s, x) => s.plus(x.neto), new Decimal(0));
    if (!total.gt(0)) throw errorDeCampo('Boletas', 'El neto a pagar de las boletas elegidas es cero');
    const [p] = await tx
      .insert(nominaPago)
      .values({
        idEmpresa: auth.idEmpresa,
        idNomina: id,
        idCuentaFinanciera: cuenta.id,
        fecha,
        numeroOperacion: b.NumeroOperacion ?? null,
        monto: total.toFixed(2),
        logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: nominaPago.id });
    await tx.insert(nominaPagoDetalle).values(aPagar.map((x) => ({ idEmpresa: auth.idEmpresa, idPago: p.id, idBoleta: x.id, monto: x.neto, logUsuarioCrea: auth.idUsuario })));
    await tx
      .update(nominaBoleta)
      .set({ idPago: p.id, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(inArray(nominaBoleta.id, aPagar.map((x) => x.id)));
    const quien = aPagar.length === 1 ? aPagar[0].nombre : `${aPagar.length} trabajadores`;
    const glosa = `Pago de planilla de ${MESES[n.mes - 1]} ${n.anio} - ${quien}${b.NumeroOperacion ? ` (op. ${b.NumeroOperacion})` : ''}`.slice(0, 200);
    for (const fn of trasPagar) await fn(tx, { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idPago: p.id, fecha, monto: total.toFixed(2), efectivo: !banco, glosa, idCuentaFinanciera: cuenta.id });
  });
  return obtenerNomina(ctx, auth, id);
}

/** Voids a payroll payment (supervisor): its payslips are unpaid again and the books reverse its entry, in one transaction. */
export async function anularPagoNomina(ctx: Contexto, auth: TAuth, id: number, idPago: number, motivo: string): Promise<TNominaDetalle> {
  const n = await filaNomina(ctx, auth, id);
  await ctx.dbh.db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(nominaPago)
      .where(and(eq(nominaPago.id, idPago), eq(nominaPago.idEmpresa, auth.idEmpresa), eq(nominaPago.idNomina, id)))
      .for('update');
    if (!p) throw noEncontrado('No se encontró el pago de la planilla');
    if (p.anulado) throw new AppError(ErrorCodes.PAGO_ANULADO, undefined, 409);
    await rechazarSiConciliada(tx, ['N'], idPago, `El pago de la planilla de ${MESES[n.mes - 1]} ${n.anio} está conciliado`);
    await tx.select({ id: nominaBoleta.id }).from(nominaBoleta).where(eq(nominaBoleta.idPago, idPago)).orderBy(asc(nominaBoleta.id)).for('update');
    await tx.update(nominaBoleta).set({ idPago: null, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(eq(nominaBoleta.idPago, idPago));
    await tx.update(nominaPago).set({ anulado: true, fechaAnulacion: new Date(), motivoAnulacion: motivo, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(eq(nominaPago.id, idPago));
    const glosa = `Anulación del pago de planilla de ${MESES[n.mes - 1]} ${n.anio}: ${motivo}`.slice(0, 200);
    for (const fn of trasAnular) await fn(tx, { idEmpresa: auth.idEmpresa, idPago, fecha: hoyLima(), glosa });
  });
  return obtenerNomina(ctx, auth, id);
}
