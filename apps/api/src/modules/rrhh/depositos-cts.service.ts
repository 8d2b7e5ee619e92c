import Decimal from 'decimal.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCodes, type TNominaDetalle, ZNominaDepositarCts } from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import { rechazarSiConciliada } from '../../lib/conciliacion';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { filaNomina, obtenerNomina } from './nominas.service';
import { bloquearBoletas, cuentaDeOperacion, fechaDeOperacion, hoyLima, MESES } from './operaciones-nomina';
import { nomina, nominaBoleta, nominaDepositoCts, nominaDepositoCtsDetalle, nominaLinea } from './rrhh.schema';

type TTx = Parameters<Parameters<Contexto['dbh']['db']['transaction']>[0]>[0];

/**
 * A CTS deposit as the books see it inside its transaction (4151 D / banco H), with the adjustment of what was provisioned
 * to what is deposited: per cost centre, deposit minus provisions (signed; see `ajustesDeProvision`).
 */
export type TDepositoCtsRegistrado = {
  idEmpresa: number;
  idUsuario: number;
  idDeposito: number;
  fecha: string;
  monto: string;
  glosa: string;
  idCuentaFinanciera: number;
  ajustes: { idCentroCosto: number | null; monto: string }[];
};
type TAlDepositarCts = (tx: TTx, p: TDepositoCtsRegistrado) => Promise<void>;
type TAlAnularDepositoCts = (tx: TTx, p: { idEmpresa: number; idDeposito: number; fecha: string; glosa: string }) => Promise<void>;
const trasDepositar: TAlDepositarCts[] = [];
const trasAnular: TAlAnularDepositoCts[] = [];
/** Work other modules do inside a CTS deposit's transaction (the books post 4151 / 104); registered in app.ts. */
export function alDepositarCts(fn: TAlDepositarCts): void {
  if (!trasDepositar.includes(fn)) trasDepositar.push(fn);
}
/** Work other modules do inside a CTS deposit void's transaction (the books reverse the entry). */
export function alAnularDepositoCts(fn: TAlAnularDepositoCts): void {
  if (!trasAnular.includes(fn)) trasAnular.push(fn);
}

/** The CTS deposit months (TUO DL 650): the payslips of these runs carry the informative CTS line. */
const MESES_CTS = new Set([5, 11]);

/**
 * What the deposit adjusts in the books: for each deposited worker, his deposit minus the monthly CTS provisions of the
 * period it pays (November-April for May, May-October for November: the approved runs of the same kind), so that 4151
 * ends at zero for him. Only when Yupana holds his provision for EVERY month of the period since his first contract
 * started: a company that began using Yupana mid-period provisioned the earlier months elsewhere (or not at all), and
 * adjusting then would charge those months twice; such a worker is left as before (an accountant's manual entry).
 * The difference goes to the centre of the deposited payslip's contract. Amounts by centre, signed, zero ones dropped.
 */
async function ajustesDeProvision(
  tx: TTx,
  idEmpresa: number,
  run: { anio: number; mes: number; idTipoNomina: number },
  depositadas: { id: number; monto: Decimal }[],
): Promise<{ idCentroCosto: number | null; monto: string }[]> {
  const fin = run.anio * 12 + run.mes - 2; // the month before the deposit, as year*12 + month-1
  const inicio = fin - 5;
  const ids = depositadas.map((x) => x.id);
  const filas = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
  const trabajadores = filas(
    await tx.execute(sql`select b.id, b.id_entidad, c.id_centro_costo,
        (select min(c2.fecha_inicio)::text from contrato_laboral c2 where c2.id_empresa = b.id_empresa and c2.id_entidad = b.id_entidad) as desde
      from nomina_boleta b join contrato_laboral c on c.id = b.id_contrato where b.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`),
  );
  const entidades = [...new Set(trabajadores.map((t) => Number(t.id_entidad)))];
  const provisiones = filas(
    await tx.execute(sql`select b.id_entidad, n.anio * 12 + n.mes - 1 as periodo, sum(b.provision_cts)::text as monto
      from nomina_boleta b join nomina n on n.id = b.id_nomina
      where n.id_empresa = ${idEmpresa} and n.estado = 1 and n.id_tipo_nomina = ${run.idTipoNomina}
        and n.anio * 12 + n.mes - 1 between ${inicio} and ${fin}
        and b.id_entidad in (${sql.join(entidades.map((i) => sql`${i}`), sql`, `)})
      group by b.id_entidad, n.anio, n.mes`),
  );
  const porCentro = new Map<number | null, Decimal>();
  for (const t of trabajadores) {
    const [a, m] = String(t.desde).split('-').map(Number);
    const desde = Math.max(inicio, a * 12 + m - 1);
    const suyas = provisiones.filter((p) => Number(p.id_entidad) === Number(t.id_entidad));
    const meses = new Set(suyas.map((p) => Number(p.periodo)));
    let completo = desde <= fin;
    for (let k = desde; k <= fin; k++) if (!meses.has(k)) completo = false;
    if (!completo) continue;
    const provisto = suyas.reduce((s, p) => s.plus(String(p.monto)), new Decimal(0));
    const dif = depositadas.find((x) => x.id === Number(t.id))!.monto.minus(provisto);
    const c = t.id_centro_costo === null ? null : Number(t.id_centro_costo);
    porCentro.set(c, (porCentro.get(c) ?? new Decimal(0)).plus(dif));
  }
  return [...porCentro].filter(([, v]) => !v.isZero()).map(([idCentroCosto, v]) => ({ idCentroCosto, monto: v.toFixed(2) }));
}

/**
 * Depositar CTS: deposits the CTS line of the chosen payslips of an approved May or November run (all its not deposited
 * ones with CTS when none is chosen) from one bank account in soles, in ONE transaction: the payslips are locked (FOR
 * UPDATE, id order) and a deposited one is refused (409), so two deposits of the same payslip never both go through;
 * then the deposit, its detail, the payslips' deposited mark and the books' 4151 / 104 entry.
 */
export async function depositarCts(ctx: Contexto, auth: TAuth, id: number, b: z.output<typeof ZNominaDepositarCts>): Promise<TNominaDetalle> {
  await filaNomina(ctx, auth, id);
  const fecha = fechaDeOperacion(b.Fecha, 'La fecha del depósito no puede ser posterior a hoy');
  const cuenta = await cuentaDeOperacion(ctx, auth, b.IdCuentaFinanciera);
  if (cuenta.idMoneda !== 1 || cuenta.idTipoCuenta !== 3) throw errorDeCampo('IdCuentaFinanciera', 'La CTS se deposita desde una cuenta bancaria en soles');

  await ctx.dbh.db.transaction(async (tx) => {
    const [n] = await tx.select().from(nomina).where(and(eq(nomina.idEmpresa, auth.idEmpresa), eq(nomina.id, id)));
    if (n.estado !== 1) throw new AppError(ErrorCodes.NOMINA_NO_APROBADA, 'Apruebe la planilla antes de depositar la CTS', 409);
    if (!MESES_CTS.has(n.mes)) throw new AppError(ErrorCodes.NOMINA_NO_MES_CTS, 'La CTS se deposita con las planillas de mayo y noviembre', 409);
    const boletas = await bloquearBoletas(tx, auth.idEmpresa, id, b.Boletas);
    const ids = boletas.map((x) => x.id);
    const lineas = ids.length
      ? await tx.select({ idBoleta: nominaLinea.idBoleta, monto: nominaLinea.monto }).from(nominaLinea).where(and(inArray(nominaLinea.idBoleta, ids), eq(nominaLinea.codigo, 'CTS')))
      : [];
    const cts = new Map<number, Decimal>();
    for (const l of lineas) cts.set(l.idBoleta, (cts.get(l.idBoleta) ?? new Decimal(0)).plus(l.monto));
    const monto = (idBoleta: number) => cts.get(idBoleta) ?? new Decimal(0);
    for (const x of boletas) {
      if (!b.Boletas.length) continue;
      if (x.idDeposito !== null) throw new AppError(ErrorCodes.CTS_YA_DEPOSITADA, `La CTS de ${x.nombre} ya está depositada`, 409);
      if (!monto(x.id).gt(0)) throw new AppError(ErrorCodes.CTS_SIN_MONTO, `La boleta de ${x.nombre} no tiene CTS por depositar`, 409);
    }
    const conCts = boletas.filter((x) => monto(x.id).gt(0));
    if (!conCts.length) throw new AppError(ErrorCodes.CTS_SIN_MONTO, 'Ninguna boleta de la planilla tiene CTS por depositar', 409);
    const aDepositar = conCts.filter((x) => x.idDeposito === null);
    if (!aDepositar.length) throw new AppError(ErrorCodes.CTS_YA_DEPOSITADA, 'La CTS de la planilla ya está depositada', 409);
    const total = aDepositar.reduce((s, x) => s.plus(monto(x.id)), new Decimal(0));
    const [d] = await tx
      .insert(nominaDepositoCts)
      .values({ idEmpresa: auth.idEmpresa, idNomina: id, idCuentaFinanciera: cuenta.id, fecha, numeroOperacion: b.NumeroOperacion, monto: total.toFixed(2), logUsuarioCrea: auth.idUsuario })
      .returning({ id: nominaDepositoCts.id });
    await tx
      .insert(nominaDepositoCtsDetalle)
      .values(aDepositar.map((x) => ({ idEmpresa: auth.idEmpresa, idDeposito: d.id, idBoleta: x.id, monto: monto(x.id).toFixed(2), logUsuarioCrea: auth.idUsuario })));
    await tx
      .update(nominaBoleta)
      .set({ idDepositoCts: d.id, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(inArray(nominaBoleta.id, aDepositar.map((x) => x.id)));
    const quien = aDepositar.length === 1 ? aDepositar[0].nombre : `${aDepositar.length} trabajadores`;
    const glosa = `Depósito de CTS de ${MESES[n.mes - 1]} ${n.anio} - ${quien} (op. ${b.NumeroOperacion})`.slice(0, 200);
    const ajustes = await ajustesDeProvision(tx, auth.idEmpresa, n, aDepositar.map((x) => ({ id: x.id, monto: monto(x.id) })));
    for (const fn of trasDepositar) await fn(tx, { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idDeposito: d.id, fecha, monto: total.toFixed(2), glosa, idCuentaFinanciera: cuenta.id, ajustes });
  });
  return obtenerNomina(ctx, auth, id);
}

/** Voids a CTS deposit (supervisor): its payslips are not deposited again and the books reverse its entry, in one transaction. */
export async function anularDepositoCts(ctx: Contexto, auth: TAuth, id: number, idDeposito: number, motivo: string): Promise<TNominaDetalle> {
  const n = await filaNomina(ctx, auth, id);
  await ctx.dbh.db.transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(nominaDepositoCts)
      .where(and(eq(nominaDepositoCts.id, idDeposito), eq(nominaDepositoCts.idEmpresa, auth.idEmpresa), eq(nominaDepositoCts.idNomina, id)))
      .for('update');
    if (!d) throw noEncontrado('No se encontró el depósito de CTS de la planilla');
    if (d.anulado) throw new AppError(ErrorCodes.DEPOSITO_CTS_ANULADO, 'El depósito de CTS ya está anulado', 409);
    // A deposit reconciled with a bank statement line (kind T, finance's reconciliation) is not voided (601590).
    await rechazarSiConciliada(tx, ['T'], idDeposito, `El depósito de CTS de ${MESES[n.mes - 1]} ${n.anio} está conciliado`);
    await tx.select({ id: nominaBoleta.id }).from(nominaBoleta).where(eq(nominaBoleta.idDepositoCts, idDeposito)).orderBy(asc(nominaBoleta.id)).for('update');
    await tx.update(nominaBoleta).set({ idDepositoCts: null, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(eq(nominaBoleta.idDepositoCts, idDeposito));
    await tx
      .update(nominaDepositoCts)
      .set({ anulado: true, fechaAnulacion: new Date(), motivoAnulacion: motivo, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(nominaDepositoCts.id, idDeposito));
    const glosa = `Anulación del depósito de CTS de ${MESES[n.mes - 1]} ${n.anio}: ${motivo}`.slice(0, 200);
    for (const fn of trasAnular) await fn(tx, { idEmpresa: auth.idEmpresa, idDeposito, fecha: hoyLima(), glosa });
  });
  return obtenerNomina(ctx, auth, id);
}
