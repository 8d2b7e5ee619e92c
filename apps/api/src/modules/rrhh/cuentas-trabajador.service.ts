import Decimal from 'decimal.js';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { BancosCci, ErrorCodes, TiposDocumentoTrabajador, type TArchivosBancoCts, type TBancoCci, type TCuentasTrabajador, type ZCuentasTrabajadorGuardar } from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { entidad } from '../entidades/entidades.schema';
import { trabajadorDe } from './asistencia.service';
import { filaNomina } from './nominas.service';
import { nominaBoleta, nominaLinea, trabajadorCuenta } from './rrhh.schema';

type TFila = typeof trabajadorCuenta.$inferSelect;
const aCuenta = (f: TFila | undefined) =>
  f ? { Banco: f.banco, NombreBanco: BancosCci[f.banco as TBancoCci] ?? f.banco, NumeroCuenta: f.numeroCuenta, Cci: f.cci, IdMoneda: f.idMoneda } : null;

/** A worker's salary and CTS accounts (null when not registered). */
export async function cuentasTrabajador(ctx: Contexto, auth: TAuth, idTrabajador: number): Promise<TCuentasTrabajador> {
  await trabajadorDe(ctx, auth, idTrabajador);
  const filas = await ctx.dbh.db
    .select()
    .from(trabajadorCuenta)
    .where(and(eq(trabajadorCuenta.idEmpresa, auth.idEmpresa), eq(trabajadorCuenta.idEntidad, idTrabajador), eq(trabajadorCuenta.logEstado, 1)));
  return { IdTrabajador: idTrabajador, Sueldo: aCuenta(filas.find((f) => f.tipo === 'SUELDO')), Cts: aCuenta(filas.find((f) => f.tipo === 'CTS')) };
}

/** Saves both accounts in one transaction: a given account replaces the previous one of its kind, null removes it. */
export async function guardarCuentasTrabajador(ctx: Contexto, auth: TAuth, idTrabajador: number, b: z.output<typeof ZCuentasTrabajadorGuardar>): Promise<TCuentasTrabajador> {
  await trabajadorDe(ctx, auth, idTrabajador);
  await ctx.dbh.db.transaction(async (tx) => {
    for (const [tipo, c] of [['SUELDO', b.Sueldo], ['CTS', b.Cts]] as const) {
      const donde = and(eq(trabajadorCuenta.idEmpresa, auth.idEmpresa), eq(trabajadorCuenta.idEntidad, idTrabajador), eq(trabajadorCuenta.tipo, tipo));
      if (!c) {
        await tx.delete(trabajadorCuenta).where(donde);
        continue;
      }
      const valores = { banco: c.Banco, numeroCuenta: c.NumeroCuenta, cci: c.Cci, idMoneda: c.IdMoneda, logEstado: 1 };
      await tx
        .insert(trabajadorCuenta)
        .values({ idEmpresa: auth.idEmpresa, idEntidad: idTrabajador, tipo, ...valores, logUsuarioCrea: auth.idUsuario })
        .onConflictDoUpdate({ target: [trabajadorCuenta.idEmpresa, trabajadorCuenta.idEntidad, trabajadorCuenta.tipo], set: { ...valores, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() } });
    }
  });
  return cuentasTrabajador(ctx, auth, idTrabajador);
}

const MESES_CTS = new Set([5, 11]);
const nombreBanco = (b: string) => BancosCci[b as TBancoCci] ?? b;
const nombreArchivo = (anio: number, mes: number, banco: string) => `CTS_${anio}${String(mes).padStart(2, '0')}_${nombreBanco(banco).replace(/[^A-Za-z0-9]+/g, '')}.csv`;

/**
 * The CTS still to deposit of an approved May / November run (payslips with a CTS line and no active deposit), grouped
 * by the bank of each worker's CTS account; workers without a CTS account are left out with the reason.
 */
async function ctsPorBanco(ctx: Contexto, auth: TAuth, id: number) {
  const n = await filaNomina(ctx, auth, id);
  if (n.estado !== 1) throw new AppError(ErrorCodes.NOMINA_NO_APROBADA, 'Apruebe la planilla antes de generar el archivo de la CTS para el banco', 409);
  if (!MESES_CTS.has(n.mes)) throw new AppError(ErrorCodes.NOMINA_NO_MES_CTS, undefined, 409);
  const boletas = await ctx.dbh.db
    .select({
      id: nominaBoleta.id,
      idEntidad: nominaBoleta.idEntidad,
      nombre: entidad.razonSocial,
      tipoDocumento: entidad.idTipoDocumento,
      documento: entidad.documento,
      banco: trabajadorCuenta.banco,
      numeroCuenta: trabajadorCuenta.numeroCuenta,
      cci: trabajadorCuenta.cci,
      idMoneda: trabajadorCuenta.idMoneda,
    })
    .from(nominaBoleta)
    .innerJoin(entidad, eq(entidad.id, nominaBoleta.idEntidad))
    .leftJoin(
      trabajadorCuenta,
      and(eq(trabajadorCuenta.idEmpresa, auth.idEmpresa), eq(trabajadorCuenta.idEntidad, nominaBoleta.idEntidad), eq(trabajadorCuenta.tipo, 'CTS'), eq(trabajadorCuenta.logEstado, 1)),
    )
    .where(and(eq(nominaBoleta.idEmpresa, auth.idEmpresa), eq(nominaBoleta.idNomina, id), isNull(nominaBoleta.idDepositoCts)))
    .orderBy(asc(entidad.razonSocial), asc(nominaBoleta.id));
  const ids = boletas.map((b) => b.id);
  const lineas = ids.length
    ? await ctx.dbh.db.select({ idBoleta: nominaLinea.idBoleta, monto: nominaLinea.monto }).from(nominaLinea).where(and(inArray(nominaLinea.idBoleta, ids), eq(nominaLinea.codigo, 'CTS')))
    : [];
  const cts = new Map<number, Decimal>();
  for (const l of lineas) cts.set(l.idBoleta, (cts.get(l.idBoleta) ?? new Decimal(0)).plus(l.monto));
  const conCts = boletas.filter((b) => (cts.get(b.id) ?? new Decimal(0)).gt(0)).map((b) => ({ ...b, monto: cts.get(b.id)! }));
  if (!conCts.length) throw new AppError(ErrorCodes.CTS_SIN_MONTO, 'No hay CTS por depositar en la planilla', 409);
  return { n, conCts };
}

export async function archivosBancoCts(ctx: Contexto, auth: TAuth, id: number): Promise<TArchivosBancoCts> {
  const { n, conCts } = await ctsPorBanco(ctx, auth, id);
  const bancos = new Map<string, { trabajadores: number; monto: Decimal }>();
  const Omitidos: TArchivosBancoCts['Omitidos'] = [];
  for (const b of conCts) {
    if (!b.banco) {
      Omitidos.push({ IdTrabajador: b.idEntidad, Trabajador: b.nombre, Documento: b.documento ?? '', Monto: b.monto.toFixed(2), Motivo: 'No tiene registrada su cuenta CTS: regístrela en Trabajadores > Cuentas' });
      continue;
    }
    const t = bancos.get(b.banco) ?? { trabajadores: 0, monto: new Decimal(0) };
    t.trabajadores++;
    t.monto = t.monto.plus(b.monto);
    bancos.set(b.banco, t);
  }
  return {
    Bancos: [...bancos.entries()]
      .sort(([a], [b]) => nombreBanco(a).localeCompare(nombreBanco(b)))
      .map(([banco, t]) => ({ Banco: banco, NombreBanco: nombreBanco(banco), NombreArchivo: nombreArchivo(n.anio, n.mes, banco), Trabajadores: t.trabajadores, Monto: t.monto.toFixed(2) })),
    Omitidos,
  };
}

const campo = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * The file of one bank: CSV separated by semicolons, UTF-8, CRLF, a header and one line per worker (document type and
 * number, name, account currency, account number, CCI, amount in soles with a point and two decimals). Each bank's own
 * payroll-payment layout (BCP Telecrédito, BBVA net cash, Interbank) must be checked with the bank: docs/decisions.md "rrhhbanco".
 */
export async function archivoBancoCts(ctx: Contexto, auth: TAuth, id: number, banco: string): Promise<{ nombre: string; contenido: string }> {
  const { n, conCts } = await ctsPorBanco(ctx, auth, id);
  const filas = conCts.filter((b) => b.banco === banco);
  if (!filas.length) throw noEncontrado(`Ningún trabajador de la planilla tiene su cuenta CTS en ${nombreBanco(banco)}`);
  const lineas = [
    'TipoDocumento;NumeroDocumento;Trabajador;MonedaCuenta;NumeroCuenta;CCI;MontoSoles',
    ...filas.map((b) =>
      [TiposDocumentoTrabajador[b.tipoDocumento as 1] ?? String(b.tipoDocumento), b.documento ?? '', b.nombre, b.idMoneda === 2 ? 'USD' : 'PEN', b.numeroCuenta ?? '', b.cci ?? '', b.monto.toFixed(2)]
        .map((v) => campo(v))
        .join(';'),
    ),
  ];
  return { nombre: nombreArchivo(n.anio, n.mes, banco), contenido: `${lineas.join('\r\n')}\r\n` };
}
