import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { EstadosNomina, ErrorCodes, type TBoleta, type TNomina, type TNominaDetalle, ZNominaCalcular, ZNominaCrear, ZNominasQuery } from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { entidad } from '../entidades/entidades.schema';
import { calcularBoleta, fechaDeCorte, ParametroFaltante, Parametros, provisionCts, type ContratoMotor, type TRegimen } from './planilla.motor';
import { contratoLaboral, nomina, nominaBoleta, nominaDepositoCts, nominaLinea, nominaNovedad, nominaPago, parametroPlanilla } from './rrhh.schema';
import { alias } from 'drizzle-orm/pg-core';
import { cuentaFinanciera } from '../finanzas/finanzas.schema';
import { horarioTrabajador } from './asistencia.schema';
import { asistenciaDeTrabajadores } from './asistencia.service';

type FilaNomina = typeof nomina.$inferSelect;
type TTxNomina = Parameters<Parameters<Contexto['dbh']['db']['transaction']>[0]>[0];

/** An approved run's totals per payslip line code and its net pay, for the work other modules do at approval. */
export type TNominaAprobada = {
  idEmpresa: number;
  idUsuario: number;
  idNomina: number;
  anio: number;
  mes: number;
  lineas: { tipo: string; codigo: string; monto: string; idCentroCosto: number | null }[];
  neto: string;
  /** The month's CTS provision of every payslip (0 when no worker accrues it). */
  provisionCts: string;
  /** The same per cost centre of the workers' contracts (null: contracts without a centre). */
  provisionesCts: { idCentroCosto: number | null; monto: string }[];
};
type TAlAprobarNomina = (tx: TTxNomina, n: TNominaAprobada) => Promise<void>;
const trasAprobar: TAlAprobarNomina[] = [];
/** Work other modules do inside a payroll approval's transaction (the books post the accrual); registered in app.ts. */
export function alAprobarNomina(fn: TAlAprobarNomina): void {
  if (!trasAprobar.includes(fn)) trasAprobar.push(fn);
}
const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'setiembre', 'octubre', 'noviembre', 'diciembre'];
const dinero = (v: string) => new Decimal(v).toFixed(2);

type TResumen = { n: number; pagadas: number; pagado: string; cts: string };
const SIN_BOLETAS: TResumen = { n: 0, pagadas: 0, pagado: '0', cts: '0' };

function aNomina(f: FilaNomina, r: TResumen): TNomina {
  const numeroTrabajadores = r.n;
  const pagada = f.estado === 1 && r.n > 0 && r.pagadas === r.n;
  return {
    Id: f.id,
    IdTipoNomina: f.idTipoNomina,
    Anio: f.anio,
    Mes: f.mes,
    Estado: f.estado,
    EstadoDescripcion: pagada ? 'Pagada' : EstadosNomina[f.estado as 0 | 1],
    FechaCalculo: f.fechaCalculo?.toISOString() ?? null,
    FechaAprobacion: f.fechaAprobacion?.toISOString() ?? null,
    NumeroTrabajadores: numeroTrabajadores,
    TotalIngresos: dinero(f.totalIngresos),
    TotalDescuentos: dinero(f.totalDescuentos),
    TotalNeto: dinero(f.totalNeto),
    TotalAportes: dinero(f.totalAportes),
    TotalProvisionCts: dinero(r.cts),
    BoletasPagadas: r.pagadas,
    TotalPagado: dinero(r.pagado),
    Pagada: pagada,
  };
}

/** Per run: payslips, how many are paid and their net, and the CTS provision. */
async function conteoBoletas(ctx: Contexto, ids: number[]) {
  if (!ids.length) return new Map<number, TResumen>();
  const filas = await ctx.dbh.db
    .select({
      id: nominaBoleta.idNomina,
      n: count(),
      pagadas: sql<number>`count(${nominaBoleta.idPago})::int`,
      pagado: sql<string>`coalesce(sum(${nominaBoleta.neto}) filter (where ${nominaBoleta.idPago} is not null), 0)::text`,
      cts: sql<string>`coalesce(sum(${nominaBoleta.provisionCts}), 0)::text`,
    })
    .from(nominaBoleta)
    .where(inArray(nominaBoleta.idNomina, ids))
    .groupBy(nominaBoleta.idNomina);
  return new Map(filas.map((f) => [f.id, { n: Number(f.n), pagadas: Number(f.pagadas), pagado: f.pagado, cts: f.cts }]));
}

export async function listarNominas(ctx: Contexto, auth: TAuth, q: z.output<typeof ZNominasQuery>) {
  const condiciones: SQL[] = [eq(nomina.idEmpresa, auth.idEmpresa)];
  if (q.anio) condiciones.push(eq(nomina.anio, q.anio));
  const donde = and(...condiciones);
  const [filas, [{ n }]] = await Promise.all([
    ctx.dbh.db
      .select()
      .from(nomina)
      .where(donde)
      .orderBy(desc(nomina.anio), desc(nomina.mes), desc(nomina.id))
      .limit(q.regxpag)
      .offset((q.pagina - 1) * q.regxpag),
    ctx.dbh.db.select({ n: count() }).from(nomina).where(donde),
  ]);
  const conteo = await conteoBoletas(ctx, filas.map((f) => f.id));
  return { Data: filas.map((f) => aNomina(f, conteo.get(f.id) ?? SIN_BOLETAS)), Count: Number(n) };
}

export async function crearNomina(ctx: Contexto, auth: TAuth, b: z.output<typeof ZNominaCrear>): Promise<TNomina> {
  const repetida = `Ya existe la planilla de ${MESES[b.Mes - 1]} ${b.Anio}`;
  const [existe] = await ctx.dbh.db
    .select({ id: nomina.id })
    .from(nomina)
    .where(and(eq(nomina.idEmpresa, auth.idEmpresa), eq(nomina.idTipoNomina, b.IdTipoNomina), eq(nomina.anio, b.Anio), eq(nomina.mes, b.Mes)));
  if (existe) throw errorDeCampo('Mes', repetida);
  try {
    const [f] = await ctx.dbh.db.insert(nomina).values({ idEmpresa: auth.idEmpresa, idTipoNomina: b.IdTipoNomina, anio: b.Anio, mes: b.Mes, logUsuarioCrea: auth.idUsuario }).returning();
    return aNomina(f, SIN_BOLETAS);
  } catch (err) {
    for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') throw errorDeCampo('Mes', repetida);
    throw err;
  }
}

export async function filaNomina(ctx: Contexto, auth: TAuth, id: number): Promise<FilaNomina> {
  const [f] = await ctx.dbh.db.select().from(nomina).where(and(eq(nomina.idEmpresa, auth.idEmpresa), eq(nomina.id, id)));
  if (!f) throw noEncontrado('No se encontró la planilla');
  return f;
}

export async function obtenerNomina(ctx: Contexto, auth: TAuth, id: number): Promise<TNominaDetalle> {
  const n = await filaNomina(ctx, auth, id);
  const cuentaCts = alias(cuentaFinanciera, 'cuenta_cts');
  const boletas = await ctx.dbh.db
    .select({
      b: nominaBoleta,
      nombre: entidad.razonSocial,
      documento: entidad.documento,
      pago: { fecha: nominaPago.fecha, idCuenta: nominaPago.idCuentaFinanciera, cuenta: cuentaFinanciera.nombre, operacion: nominaPago.numeroOperacion },
      deposito: { fecha: nominaDepositoCts.fecha, idCuenta: nominaDepositoCts.idCuentaFinanciera, cuenta: cuentaCts.nombre, operacion: nominaDepositoCts.numeroOperacion },
    })
    .from(nominaBoleta)
    .innerJoin(entidad, eq(entidad.id, nominaBoleta.idEntidad))
    .leftJoin(nominaPago, eq(nominaPago.id, nominaBoleta.idPago))
    .leftJoin(cuentaFinanciera, eq(cuentaFinanciera.id, nominaPago.idCuentaFinanciera))
    .leftJoin(nominaDepositoCts, eq(nominaDepositoCts.id, nominaBoleta.idDepositoCts))
    .leftJoin(cuentaCts, eq(cuentaCts.id, nominaDepositoCts.idCuentaFinanciera))
    .where(and(eq(nominaBoleta.idEmpresa, auth.idEmpresa), eq(nominaBoleta.idNomina, id)))
    .orderBy(asc(entidad.razonSocial), asc(nominaBoleta.id));
  const ids = boletas.map((x) => x.b.id);
  const lineas = ids.length
    ? await ctx.dbh.db.select().from(nominaLinea).where(inArray(nominaLinea.idBoleta, ids)).orderBy(asc(nominaLinea.idBoleta), asc(nominaLinea.orden))
    : [];
  const porBoleta = new Map<number, typeof lineas>();
  for (const l of lineas) porBoleta.set(l.idBoleta, [...(porBoleta.get(l.idBoleta) ?? []), l]);
  const ctsDe = (idBoleta: number) => (porBoleta.get(idBoleta) ?? []).filter((l) => l.codigo === 'CTS').reduce((t, l) => t.plus(l.monto), new Decimal(0));
  const Boletas: TBoleta[] = boletas.map(({ b, nombre, documento, pago, deposito }) => ({
    Id: b.id,
    IdTrabajador: b.idEntidad,
    Trabajador: nombre,
    Documento: documento,
    Regimen: b.regimen,
    SistemaPension: b.sistemaPension,
    Remuneracion: dinero(b.remuneracion),
    DiasLaborados: b.diasLaborados,
    HorasExtra25: new Decimal(b.horasExtra25).toString(),
    HorasExtra35: new Decimal(b.horasExtra35).toString(),
    Faltas: b.faltas,
    MinutosTardanza: b.minutosTardanza,
    HorasFeriado: new Decimal(b.horasFeriado).toString(),
    HorasNocturnas: new Decimal(b.horasNocturnas).toString(),
    DiasSinGoce: b.diasSinGoce,
    TotalIngresos: dinero(b.totalIngresos),
    TotalDescuentos: dinero(b.totalDescuentos),
    TotalAportes: dinero(b.totalAportes),
    Neto: dinero(b.neto),
    ProvisionCts: dinero(b.provisionCts),
    ProvisionCtsRegla: b.provisionCtsRegla,
    Pago:
      b.idPago && pago?.fecha
        ? { IdPago: b.idPago, Fecha: pago.fecha, IdCuentaFinanciera: pago.idCuenta!, CuentaFinanciera: pago.cuenta ?? '', NumeroOperacion: pago.operacion ?? null, Monto: dinero(b.neto) }
        : null,
    Cts: ctsDe(b.id).toFixed(2),
    DepositoCts:
      b.idDepositoCts && deposito?.fecha
        ? {
            IdDeposito: b.idDepositoCts,
            Fecha: deposito.fecha,
            IdCuentaFinanciera: deposito.idCuenta!,
            CuentaFinanciera: deposito.cuenta ?? '',
            NumeroOperacion: deposito.operacion ?? '',
            Monto: ctsDe(b.id).toFixed(2),
          }
        : null,
    Lineas: (porBoleta.get(b.id) ?? []).map((l) => ({ Tipo: l.tipo as TBoleta['Lineas'][number]['Tipo'], Codigo: l.codigo, Concepto: l.concepto, Monto: dinero(l.monto), Regla: l.regla })),
  }));
  const pagos = await ctx.dbh.db
    .select({ p: nominaPago, cuenta: cuentaFinanciera.nombre, boletas: sql<number>`(select count(*)::int from nomina_pago_detalle d where d.id_pago = ${nominaPago.id})` })
    .from(nominaPago)
    .innerJoin(cuentaFinanciera, eq(cuentaFinanciera.id, nominaPago.idCuentaFinanciera))
    .where(and(eq(nominaPago.idEmpresa, auth.idEmpresa), eq(nominaPago.idNomina, id)))
    .orderBy(asc(nominaPago.fecha), asc(nominaPago.id));
  const depositos = await ctx.dbh.db
    .select({ d: nominaDepositoCts, cuenta: cuentaFinanciera.nombre, boletas: sql<number>`(select count(*)::int from nomina_deposito_cts_detalle x where x.id_deposito = ${nominaDepositoCts.id})` })
    .from(nominaDepositoCts)
    .innerJoin(cuentaFinanciera, eq(cuentaFinanciera.id, nominaDepositoCts.idCuentaFinanciera))
    .where(and(eq(nominaDepositoCts.idEmpresa, auth.idEmpresa), eq(nominaDepositoCts.idNomina, id)))
    .orderBy(asc(nominaDepositoCts.fecha), asc(nominaDepositoCts.id));
  const resumen = (await conteoBoletas(ctx, [id])).get(id) ?? SIN_BOLETAS;
  return {
    ...aNomina(n, resumen),
    Boletas,
    Pagos: pagos.map(({ p, cuenta, boletas: nb }) => ({
      Id: p.id,
      Fecha: p.fecha,
      IdCuentaFinanciera: p.idCuentaFinanciera,
      CuentaFinanciera: cuenta,
      NumeroOperacion: p.numeroOperacion,
      Monto: dinero(p.monto),
      NumeroBoletas: Number(nb),
      Anulado: p.anulado,
      MotivoAnulacion: p.motivoAnulacion,
    })),
    DepositosCts: depositos.map(({ d, cuenta, boletas: nb }) => ({
      Id: d.id,
      Fecha: d.fecha,
      IdCuentaFinanciera: d.idCuentaFinanciera,
      CuentaFinanciera: cuenta,
      NumeroOperacion: d.numeroOperacion,
      Monto: dinero(d.monto),
      NumeroBoletas: Number(nb),
      Anulado: d.anulado,
      MotivoAnulacion: d.motivoAnulacion,
    })),
  };
}

const valoresNovedad = (nov: z.output<typeof ZNominaCalcular>['Novedades'][number]) => ({
  horasExtra25: nov.HorasExtra25,
  horasExtra35: nov.HorasExtra35,
  faltas: nov.Faltas,
  minutosTardanza: nov.MinutosTardanza,
  horasFeriado: nov.HorasFeriado,
  horasNocturnas: nov.HorasNocturnas,
  diasSinGoce: nov.DiasSinGoce,
});

type Tx = Parameters<Parameters<Contexto['dbh']['db']['transaction']>[0]>[0];

/** Every parameter in force on `fecha` (the latest row per code). */
async function parametrosVigentes(tx: Tx, fecha: string): Promise<Parametros> {
  const filas = await tx
    .select({ codigo: parametroPlanilla.codigo, valor: parametroPlanilla.valor, desde: parametroPlanilla.vigenteDesde })
    .from(parametroPlanilla)
    .where(and(eq(parametroPlanilla.logEstado, 1), lte(parametroPlanilla.vigenteDesde, fecha), or(isNull(parametroPlanilla.vigenteHasta), gte(parametroPlanilla.vigenteHasta, fecha))))
    .orderBy(asc(parametroPlanilla.vigenteDesde));
  const valores: Record<string, string> = {};
  for (const f of filas) valores[f.codigo] = f.valor; // later rows (more recent) win
  return Parametros.de(valores, fecha);
}

/**
 * Computes the run for every worker with a contract in force in the month, in ONE transaction: the run row is locked,
 * an approved run is refused, the previous payslips are replaced. The 5ta history comes from the approved runs of the
 * same year.
 */
export async function calcularNomina(ctx: Contexto, auth: TAuth, id: number, b: z.output<typeof ZNominaCalcular>): Promise<TNominaDetalle> {
  await filaNomina(ctx, auth, id);
  await ctx.dbh.db.transaction((tx) => calcularEnTx(tx, auth, id, b));
  return obtenerNomina(ctx, auth, id);
}

/** The computation of a run inside the caller's transaction (calcularNomina, importarAsistencia). */
async function calcularEnTx(tx: Tx, auth: TAuth, id: number, b: z.output<typeof ZNominaCalcular>): Promise<void> {
  const [n] = await tx.select().from(nomina).where(and(eq(nomina.idEmpresa, auth.idEmpresa), eq(nomina.id, id))).for('update');
  if (n.estado === 1) throw new AppError(ErrorCodes.NOMINA_APROBADA, undefined, 409);
  const desde = `${n.anio}-${String(n.mes).padStart(2, '0')}-01`;
  const hasta = fechaDeCorte(n.anio, n.mes);

  // Contracts in force in the month, of active workers; the latest contract of a worker wins.
  const contratos = await tx
    .select({ c: contratoLaboral })
    .from(contratoLaboral)
    .innerJoin(entidad, eq(entidad.id, contratoLaboral.idEntidad))
    .where(
      and(
        eq(contratoLaboral.idEmpresa, auth.idEmpresa),
        eq(contratoLaboral.logEstado, 1),
        eq(entidad.logEstado, 1),
        eq(entidad.tipoEntidad, 1),
        lte(contratoLaboral.fechaInicio, hasta),
        or(isNull(contratoLaboral.fechaFin), gte(contratoLaboral.fechaFin, desde)),
      ),
    )
    .orderBy(desc(contratoLaboral.fechaInicio), desc(contratoLaboral.id));
  const porTrabajador = new Map<number, typeof contratoLaboral.$inferSelect>();
  for (const { c } of contratos) if (!porTrabajador.has(c.idEntidad)) porTrabajador.set(c.idEntidad, c);
  if (!porTrabajador.size) throw new AppError(ErrorCodes.NOMINA_SIN_TRABAJADORES);

  // Overtime entered now replaces what was entered before for those workers (the last entry of a worker wins), in
  // one statement per 500 workers (a run of 2,000 workers took 2,000 round trips before; bench:payroll).
  const ultimas = new Map<number, (typeof b.Novedades)[number]>();
  for (const nov of b.Novedades) {
    if (!porTrabajador.has(nov.IdTrabajador)) throw errorDeCampo('Novedades', `El trabajador ${nov.IdTrabajador} no tiene contrato vigente en el periodo`);
    ultimas.set(nov.IdTrabajador, nov);
  }
  const filasNovedad = [...ultimas.values()].map((nov) => ({ idEmpresa: auth.idEmpresa, idNomina: id, idEntidad: nov.IdTrabajador, ...valoresNovedad(nov), logUsuarioCrea: auth.idUsuario }));
  for (let i = 0; i < filasNovedad.length; i += 500)
    await tx
      .insert(nominaNovedad)
      .values(filasNovedad.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [nominaNovedad.idNomina, nominaNovedad.idEntidad],
        set: {
          horasExtra25: sql`excluded.horas_extra_25`,
          horasExtra35: sql`excluded.horas_extra_35`,
          faltas: sql`excluded.faltas`,
          minutosTardanza: sql`excluded.minutos_tardanza`,
          horasFeriado: sql`excluded.horas_feriado`,
          horasNocturnas: sql`excluded.horas_nocturnas`,
          diasSinGoce: sql`excluded.dias_sin_goce`,
          logUsuarioModif: auth.idUsuario,
          logFechaModif: new Date(),
        },
      });
  const novedades = new Map((await tx.select().from(nominaNovedad).where(eq(nominaNovedad.idNomina, id))).map((x) => [x.idEntidad, x]));

  // 5ta history: the approved planillas of the same year, earlier months.
  const ids = [...porTrabajador.keys()];
  const historial = await tx
    .select({ idEntidad: nominaBoleta.idEntidad, mes: nomina.mes, ingresos: nominaBoleta.ingresosQuinta, retencion: nominaBoleta.retencionQuinta })
    .from(nominaBoleta)
    .innerJoin(nomina, eq(nomina.id, nominaBoleta.idNomina))
    .where(and(eq(nomina.idEmpresa, auth.idEmpresa), eq(nomina.idTipoNomina, n.idTipoNomina), eq(nomina.anio, n.anio), lt(nomina.mes, n.mes), eq(nomina.estado, 1), inArray(nominaBoleta.idEntidad, ids)));

  // CTS deposit months: the absences and unpaid-leave days of the CTS period's six months (approved runs of the same
  // kind), deducted from the time served (TUO DL 650 art. 8). May covers November-April, November covers May-October.
  const noComputables = new Map<number, number>();
  if (n.mes === 5 || n.mes === 11) {
    const periodo = n.mes === 5 ? sql`(${nomina.anio} = ${n.anio - 1} and ${nomina.mes} >= 11) or (${nomina.anio} = ${n.anio} and ${nomina.mes} <= 4)` : sql`${nomina.anio} = ${n.anio} and ${nomina.mes} between 5 and 10`;
    const filas = await tx
      .select({ idEntidad: nominaBoleta.idEntidad, dias: sql<string>`sum(${nominaBoleta.faltas} + ${nominaBoleta.diasSinGoce})` })
      .from(nominaBoleta)
      .innerJoin(nomina, eq(nomina.id, nominaBoleta.idNomina))
      .where(and(eq(nomina.idEmpresa, auth.idEmpresa), eq(nomina.idTipoNomina, n.idTipoNomina), eq(nomina.estado, 1), periodo, inArray(nominaBoleta.idEntidad, ids)))
      .groupBy(nominaBoleta.idEntidad);
    for (const f of filas) noComputables.set(f.idEntidad, Number(f.dias));
  }

  const historialDe = new Map<number, typeof historial>();
  for (const h of historial) historialDe.set(h.idEntidad, [...(historialDe.get(h.idEntidad) ?? []), h]);

  const p = await parametrosVigentes(tx, hasta);

  await tx.delete(nominaBoleta).where(eq(nominaBoleta.idNomina, id));
  const totales = { ingresos: new Decimal(0), descuentos: new Decimal(0), aportes: new Decimal(0), neto: new Decimal(0) };
  const filasBoleta: { valores: typeof nominaBoleta.$inferInsert; lineas: ReturnType<typeof calcularBoleta>['lineas'] }[] = [];
  for (const c of porTrabajador.values()) {
    const contrato: ContratoMotor = {
      regimen: c.regimen as TRegimen,
      remuneracion: c.remuneracion,
      sistemaPension: c.sistemaPension as ContratoMotor['sistemaPension'],
      tipoComision: c.tipoComision as ContratoMotor['tipoComision'],
      asignacionFamiliar: c.asignacionFamiliar,
      fechaInicio: c.fechaInicio,
      fechaFin: c.fechaFin,
    };
    const nov = novedades.get(c.idEntidad);
    let r;
    let provision;
    try {
      r = calcularBoleta(
        {
          anio: n.anio,
          mes: n.mes,
          contrato,
          horasExtra25: nov?.horasExtra25 ?? '0',
          horasExtra35: nov?.horasExtra35 ?? '0',
          faltas: nov?.faltas ?? 0,
          minutosTardanza: nov?.minutosTardanza ?? 0,
          horasFeriado: nov?.horasFeriado ?? '0',
          horasNocturnas: nov?.horasNocturnas ?? '0',
          diasSinGoce: nov?.diasSinGoce ?? 0,
          historialQuinta: historialDe.get(c.idEntidad) ?? [],
          diasNoComputablesCts: noComputables.get(c.idEntidad) ?? 0,
        },
        p,
      );
      provision = provisionCts(contrato, p, n.anio, n.mes, r.diasLaborados);
    } catch (err) {
      if (err instanceof ParametroFaltante) throw new AppError(ErrorCodes.PARAMETRO_PLANILLA_FALTANTE, err.message, 400);
      throw err;
    }
    filasBoleta.push({
      valores: {
        idEmpresa: auth.idEmpresa,
        idNomina: id,
        idEntidad: c.idEntidad,
        idContrato: c.id,
        regimen: c.regimen,
        sistemaPension: c.sistemaPension,
        remuneracion: c.remuneracion,
        diasLaborados: r.diasLaborados,
        horasExtra25: nov?.horasExtra25 ?? '0',
        horasExtra35: nov?.horasExtra35 ?? '0',
        faltas: r.faltas,
        minutosTardanza: nov?.minutosTardanza ?? 0,
        horasFeriado: nov?.horasFeriado ?? '0',
        horasNocturnas: nov?.horasNocturnas ?? '0',
        diasSinGoce: r.diasSinGoce,
        totalIngresos: r.totalIngresos.toFixed(2),
        totalDescuentos: r.totalDescuentos.toFixed(2),
        totalAportes: r.totalAportes.toFixed(2),
        neto: r.neto.toFixed(2),
        ingresosQuinta: r.ingresosQuinta.toFixed(2),
        retencionQuinta: r.retencionQuinta.toFixed(2),
        provisionCts: provision ? provision.monto.toFixed(2) : '0.00',
        provisionCtsRegla: provision ? provision.regla : '',
        logUsuarioCrea: auth.idUsuario,
      },
      lineas: r.lineas,
    });
    totales.ingresos = totales.ingresos.plus(r.totalIngresos);
    totales.descuentos = totales.descuentos.plus(r.totalDescuentos);
    totales.aportes = totales.aportes.plus(r.totalAportes);
    totales.neto = totales.neto.plus(r.neto);
  }
  // Payslips and their lines in two statements, the rows passed as ONE jsonb parameter (jsonb_to_recordset): a run of
  // 2,000 workers wrote them in 6 s as multi-row inserts (drizzle building 16,000 parameters per batch and PostgreSQL
  // binding them) and in 4,000 round trips before that (bench:payroll, docs/decisions.md "afpnet").
  if (filasBoleta.length) {
    const boletasJson = filasBoleta.map(({ valores: v }) => ({
      id_empresa: v.idEmpresa, id_nomina: v.idNomina, id_entidad: v.idEntidad, id_contrato: v.idContrato, regimen: v.regimen,
      sistema_pension: v.sistemaPension, remuneracion: v.remuneracion, dias_laborados: v.diasLaborados, horas_extra_25: v.horasExtra25,
      horas_extra_35: v.horasExtra35, faltas: v.faltas, minutos_tardanza: v.minutosTardanza, horas_feriado: v.horasFeriado,
      horas_nocturnas: v.horasNocturnas, dias_sin_goce: v.diasSinGoce, total_ingresos: v.totalIngresos, total_descuentos: v.totalDescuentos,
      total_aportes: v.totalAportes, neto: v.neto, ingresos_quinta: v.ingresosQuinta, retencion_quinta: v.retencionQuinta,
      provision_cts: v.provisionCts, provision_cts_regla: v.provisionCtsRegla, log_usuario_crea: v.logUsuarioCrea,
    }));
    const insertadas = (await tx.execute(sql`
      insert into nomina_boleta (id_empresa, id_nomina, id_entidad, id_contrato, regimen, sistema_pension, remuneracion, dias_laborados,
        horas_extra_25, horas_extra_35, faltas, minutos_tardanza, horas_feriado, horas_nocturnas, dias_sin_goce, total_ingresos,
        total_descuentos, total_aportes, neto, ingresos_quinta, retencion_quinta, provision_cts, provision_cts_regla, log_usuario_crea)
      select id_empresa, id_nomina, id_entidad, id_contrato, regimen, sistema_pension, remuneracion, dias_laborados,
        horas_extra_25, horas_extra_35, faltas, minutos_tardanza, horas_feriado, horas_nocturnas, dias_sin_goce, total_ingresos,
        total_descuentos, total_aportes, neto, ingresos_quinta, retencion_quinta, provision_cts, provision_cts_regla, log_usuario_crea
        from jsonb_to_recordset(${JSON.stringify(boletasJson)}::jsonb) as x(id_empresa int, id_nomina int, id_entidad int,
          id_contrato int, regimen smallint, sistema_pension varchar, remuneracion numeric, dias_laborados smallint, horas_extra_25 numeric,
          horas_extra_35 numeric, faltas smallint, minutos_tardanza int, horas_feriado numeric, horas_nocturnas numeric, dias_sin_goce smallint,
          total_ingresos numeric, total_descuentos numeric, total_aportes numeric, neto numeric, ingresos_quinta numeric, retencion_quinta numeric,
          provision_cts numeric, provision_cts_regla text, log_usuario_crea int)
      returning id, id_entidad`)) as unknown as { rows: { id: number; id_entidad: number }[] };
    const idDe = new Map(insertadas.rows.map((x) => [Number(x.id_entidad), Number(x.id)]));
    const lineasJson = filasBoleta.flatMap((x) =>
      x.lineas.map((l, j) => ({ id_boleta: idDe.get(x.valores.idEntidad)!, orden: j + 1, tipo: l.tipo, codigo: l.codigo, concepto: l.concepto, monto: l.monto.toFixed(2), regla: l.regla })),
    );
    if (lineasJson.length)
      await tx.execute(sql`
        insert into nomina_linea (id_empresa, id_boleta, orden, tipo, codigo, concepto, monto, regla)
        select ${auth.idEmpresa}, id_boleta, orden, tipo, codigo, concepto, monto, regla
          from jsonb_to_recordset(${JSON.stringify(lineasJson)}::jsonb) as x(id_boleta int, orden smallint, tipo varchar, codigo varchar, concepto varchar, monto numeric, regla text)`);
  }
  await tx
    .update(nomina)
    .set({
      totalIngresos: totales.ingresos.toFixed(2),
      totalDescuentos: totales.descuentos.toFixed(2),
      totalAportes: totales.aportes.toFixed(2),
      totalNeto: totales.neto.toFixed(2),
      fechaCalculo: new Date(),
      logUsuarioModif: auth.idUsuario,
      logFechaModif: new Date(),
    })
    .where(eq(nomina.id, id));
}

/**
 * Takes the month's attendance into the run: for every worker with a contract in force and a schedule assigned, the
 * attendance report of the month gives the faltas, the tardiness minutes, the overtime split 25 % / 35 % and the hours
 * on holidays and rest days; they replace what was entered for those workers, and the run is computed again (one
 * transaction, as any computation). Workers without a schedule keep what was entered by hand.
 */
export async function importarAsistencia(ctx: Contexto, auth: TAuth, id: number): Promise<TNominaDetalle & { TrabajadoresConAsistencia: number }> {
  await filaNomina(ctx, auth, id);
  const horas = (minutos: number) => new Decimal(minutos).dividedBy(60).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  // One transaction, set-based (docs/decisions.md "rrhhbanco"): the run is locked first, then the workers with a
  // schedule, their month's attendance in five statements (asistenciaDeTrabajadores) and the recompute. Worker by
  // worker it was about six queries each: 500 workers took ~27 s (bench:asistencia).
  const trabajadores = await ctx.dbh.db.transaction(async (tx) => {
    const [n] = await tx.select().from(nomina).where(and(eq(nomina.idEmpresa, auth.idEmpresa), eq(nomina.id, id))).for('update');
    if (n.estado === 1) throw new AppError(ErrorCodes.NOMINA_APROBADA, undefined, 409);
    const desde = `${n.anio}-${String(n.mes).padStart(2, '0')}-01`;
    const hasta = fechaDeCorte(n.anio, n.mes);
    const conHorario = await tx
      .selectDistinct({ id: entidad.id, nombre: entidad.razonSocial, documento: entidad.documento })
      .from(contratoLaboral)
      .innerJoin(entidad, eq(entidad.id, contratoLaboral.idEntidad))
      .innerJoin(horarioTrabajador, and(eq(horarioTrabajador.idEntidad, contratoLaboral.idEntidad), eq(horarioTrabajador.idEmpresa, auth.idEmpresa), eq(horarioTrabajador.logEstado, 1), lte(horarioTrabajador.fechaDesde, hasta)))
      .where(
        and(
          eq(contratoLaboral.idEmpresa, auth.idEmpresa),
          eq(contratoLaboral.logEstado, 1),
          eq(entidad.logEstado, 1),
          eq(entidad.tipoEntidad, 1),
          lte(contratoLaboral.fechaInicio, hasta),
          or(isNull(contratoLaboral.fechaFin), gte(contratoLaboral.fechaFin, desde)),
        ),
      );
    const asistencia = await asistenciaDeTrabajadores(
      tx,
      auth.idEmpresa,
      conHorario.map((t) => ({ id: t.id, nombre: t.nombre, documento: t.documento ?? '' })),
      desde,
      hasta,
    );
    const Novedades = [...asistencia.values()].map((a) => ({
      IdTrabajador: a.IdTrabajador,
      HorasExtra25: horas(a.Totales.MinutosExtra25),
      HorasExtra35: horas(a.Totales.MinutosExtra35),
      Faltas: a.Totales.Faltas,
      MinutosTardanza: a.Totales.MinutosTardanza,
      HorasFeriado: horas(a.Totales.MinutosFeriado),
      HorasNocturnas: horas(a.Totales.MinutosNocturnos),
      DiasSinGoce: a.Totales.DiasSinGoce,
    }));
    await calcularEnTx(tx, auth, id, { Novedades });
    return Novedades.length;
  });
  const detalle = await obtenerNomina(ctx, auth, id);
  return { ...detalle, TrabajadoresConAsistencia: trabajadores };
}

/** Approves a computed draft run: it is locked from then on (no recompute). */
export async function aprobarNomina(ctx: Contexto, auth: TAuth, id: number): Promise<TNomina> {
  await filaNomina(ctx, auth, id);
  const f = await ctx.dbh.db.transaction(async (tx) => {
    const [n] = await tx.select().from(nomina).where(and(eq(nomina.idEmpresa, auth.idEmpresa), eq(nomina.id, id))).for('update');
    if (n.estado === 1) throw new AppError(ErrorCodes.NOMINA_APROBADA, 'La planilla ya está aprobada', 409);
    if (!n.fechaCalculo) throw new AppError(ErrorCodes.NOMINA_SIN_CALCULO, undefined, 409);
    const [a] = await tx
      .update(nomina)
      .set({ estado: 1, fechaAprobacion: new Date(), logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(and(eq(nomina.id, id), eq(nomina.estado, 0)))
      .returning();
    if (trasAprobar.length > 0) {
      // Per cost centre of the worker's contract (the books split the pay expense by centre).
      const lineas = await tx
        .select({ tipo: nominaLinea.tipo, codigo: nominaLinea.codigo, idCentroCosto: contratoLaboral.idCentroCosto, monto: sql<string>`sum(${nominaLinea.monto})::text` })
        .from(nominaLinea)
        .innerJoin(nominaBoleta, eq(nominaBoleta.id, nominaLinea.idBoleta))
        .innerJoin(contratoLaboral, eq(contratoLaboral.id, nominaBoleta.idContrato))
        .where(and(eq(nominaBoleta.idNomina, id), eq(nominaBoleta.idEmpresa, auth.idEmpresa)))
        .groupBy(nominaLinea.tipo, nominaLinea.codigo, contratoLaboral.idCentroCosto)
        .orderBy(nominaLinea.tipo, nominaLinea.codigo, contratoLaboral.idCentroCosto);
      const porCentro = await tx
        .select({ idCentroCosto: contratoLaboral.idCentroCosto, neto: sql<string>`coalesce(sum(${nominaBoleta.neto}), 0)::text`, cts: sql<string>`coalesce(sum(${nominaBoleta.provisionCts}), 0)::text` })
        .from(nominaBoleta)
        .innerJoin(contratoLaboral, eq(contratoLaboral.id, nominaBoleta.idContrato))
        .where(and(eq(nominaBoleta.idNomina, id), eq(nominaBoleta.idEmpresa, auth.idEmpresa)))
        .groupBy(contratoLaboral.idCentroCosto);
      const suma = (xs: string[]) => xs.reduce((s, x) => s.plus(x), new Decimal(0)).toFixed(2);
      const aprobada = {
        idEmpresa: auth.idEmpresa,
        idUsuario: auth.idUsuario,
        idNomina: id,
        anio: a.anio,
        mes: a.mes,
        lineas,
        neto: suma(porCentro.map((c) => c.neto)),
        provisionCts: suma(porCentro.map((c) => c.cts)),
        provisionesCts: porCentro.map((c) => ({ idCentroCosto: c.idCentroCosto, monto: c.cts })),
      };
      for (const fn of trasAprobar) await fn(tx, aprobada);
    }
    return a;
  });
  const conteo = await conteoBoletas(ctx, [id]);
  return aNomina(f, conteo.get(id) ?? SIN_BOLETAS);
}

