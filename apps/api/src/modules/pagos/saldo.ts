import { and, eq } from 'drizzle-orm';
import { calcularVigencia, DISPONIBLES_DEMO, ErrorCodes, TipoEmpresa, vigenciaHasta, fechaLima, type TSaldo } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { empresa } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { ahora, configPagos } from './configuracion';
import { plan, saldoEmpresa, usoComprobantes } from './pagos.schema';

type DbOTx = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/** Tax documents count against the tax allowance: facturas, boletas and their notes (guides are not sold). The usage
 * counters' triggers (migration masivos) hold the same lists: change both together. */
export const TIPOS_TRIBUTARIOS = [1003, 1004, 1005, 1006] as const;
/** Internal documents (nota de venta) count against the internal allowance. */
export const TIPOS_INTERNOS = [1008] as const;

/**
 * Documents used so far: the counters triggers keep on every write of documento_contable (migration masivos), with the
 * semantics of the count they replaced (every document of the company, voided ones included). One row read instead
 * of counting the company's history on every issue.
 */
async function contarUsados(db: DbOTx, idEmpresa: number): Promise<{ tributarios: number; internos: number }> {
  const [u] = await db
    .select({ tributarios: usoComprobantes.tributarios, internos: usoComprobantes.internos })
    .from(usoComprobantes)
    .where(eq(usoComprobantes.idEmpresa, idEmpresa));
  return { tributarios: u?.tributarios ?? 0, internos: u?.internos ?? 0 };
}

async function leerEmpresa(db: DbOTx, idEmpresa: number) {
  const [e] = await db
    .select({ tipoEmpresa: empresa.tipoEmpresa, creada: empresa.logFechaCrea })
    .from(empresa)
    .where(eq(empresa.id, idEmpresa));
  if (!e) throw new AppError(ErrorCodes.NO_ENCONTRADO, 'No se encontró la empresa', 404);
  return e;
}

/** Demo trial validity of a company created at `creada` (the trial length is a deployment setting). */
export function vigenciaDemo(creada: Date) {
  return calcularVigencia(creada, configPagos().demoDias, ahora());
}

/** The company's balance as the banner and the payments pages show it. */
export async function consultarSaldo(db: DbOTx, idEmpresa: number): Promise<TSaldo> {
  const e = await leerEmpresa(db, idEmpresa);
  const [s] = await db
    .select({
      contables: saldoEmpresa.contablesDisponibles,
      internos: saldoEmpresa.internosDisponibles,
      vence: saldoEmpresa.fechaVencimiento,
      nombrePlan: plan.nombre,
    })
    .from(saldoEmpresa)
    .leftJoin(plan, eq(plan.id, saldoEmpresa.idPlan))
    .where(eq(saldoEmpresa.idEmpresa, idEmpresa));
  const usados = await contarUsados(db, idEmpresa);
  const demo = e.tipoEmpresa === TipoEmpresa.DEMO;
  const contables = demo ? DISPONIBLES_DEMO : (s?.contables ?? 0);
  const internos = demo ? DISPONIBLES_DEMO : (s?.internos ?? 0);
  const promo = configPagos().promoHasta;
  const diasPromo = promo && !demo ? Math.max(0, vigenciaHasta(promo, ahora()).DiasRestantes) : null;
  return {
    NumeroComprobantesContablesDisponibles: contables,
    NumeroComprobantesInternosDisponibles: internos,
    NumeroComprobantesContablesUsados: usados.tributarios,
    NumeroComprobantesInternosUsados: usados.internos,
    NumeroComprobantesContablesDisponiblesCalculados: contables - usados.tributarios,
    NumeroComprobantesInternosDisponiblesCalculados: internos - usados.internos,
    NumeroComprobantesContablesUsadosCalculados: usados.tributarios,
    NumeroComprobantesInternosUsadosCalculados: usados.internos,
    FechaVencimiento: demo ? null : (s?.vence ?? null),
    TipoEmpresa: e.tipoEmpresa as 0 | 1 | 2,
    NombrePlan: demo ? 'Cuenta DEMO' : (s?.nombrePlan ?? null),
    DiasPromocion: diasPromo,
    Demo: demo ? vigenciaDemo(e.creada) : null,
  };
}

/**
 * Refuses an issue when the company has no allowance left, its package has expired, or its demo trial is over.
 * Call it inside the issuing transaction, before the correlative is taken: it locks the company's allowance row,
 * so two concurrent issues cannot both take the last document, and a refusal numbers nothing.
 */
export async function verificarSaldoComprobantes(tx: DbOTx, idEmpresa: number, tributario: boolean, cuantos = 1): Promise<void> {
  const e = await leerEmpresa(tx, idEmpresa);
  if (e.tipoEmpresa === TipoEmpresa.DEMO) {
    if (vigenciaDemo(e.creada).Vencido)
      throw new AppError(ErrorCodes.DEMO_VENCIDO, undefined, 409);
    return;
  }
  const [s] = await tx
    .select({ contables: saldoEmpresa.contablesDisponibles, internos: saldoEmpresa.internosDisponibles, vence: saldoEmpresa.fechaVencimiento })
    .from(saldoEmpresa)
    .where(and(eq(saldoEmpresa.idEmpresa, idEmpresa)))
    .for('update');
  if (s?.vence && s.vence < fechaLima(ahora())) throw new AppError(ErrorCodes.PAQUETE_VENCIDO, undefined, 409);
  const usados = await contarUsados(tx, idEmpresa);
  const restantes = tributario ? (s?.contables ?? 0) - usados.tributarios : (s?.internos ?? 0) - usados.internos;
  // `cuantos`: documents issued together in this transaction (issuing groups the requests waiting on one series).
  if (restantes < cuantos) throw new AppError(ErrorCodes.SALDO_AGOTADO, undefined, 409);
}
