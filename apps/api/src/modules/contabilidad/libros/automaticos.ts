import Decimal from 'decimal.js';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { DIARIO_VENTAS, ErrorCodes, MEDIO_EFECTIVO, MapeosContables, type TClaveMapeo, type TMapeoContable, type ZMapeoGuardar } from '@yupana/contracts';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { AppError, errorDeCampo } from '../../../lib/app-error';
import type { TAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { documentoContable } from '../contabilidad.schema';
import { cacheDe, registrarAsiento, registrarAsientos, type TAsientoNuevo, type TLineaNueva } from './asientos.service';
import { contabilizacionPendiente, cuentaContable, cuentaMapeo } from './libros.schema';
// The company's exchange rates are finance's master data (one table for collections and the books).
import { tipoCambio } from '../../finanzas/finanzas.schema';

/**
 * Automatic entries written in the SAME transaction as the operation that causes them (issue 15, second part): the
 * issue of a sales document (alEmitirDocumento), its void (alDocumentoAnulado), a collection, a cash-box movement,
 * the cost of the goods a document takes out of stock, and (for the purchases module to call) a purchase. Every entry
 * carries its source key (VENTA:<id>, ANULA:<id>, COSTO:<id>, COBRO:<id>, CAJA:<id>, COMPRA:<id>...), unique per
 * company, so an operation never makes two entries even if its hook runs twice.
 */

export type TTx = Parameters<Parameters<Db['transaction']>[0]>[0];
type TDoc = typeof documentoContable.$inferSelect;
const DIARIO_COMPRAS = 2;
const DIARIO_CAJA = 3;
const DIARIO_GENERAL = 5;

// ---------------------------------------------------------------------------------------------------------------
// Account mapping
// ---------------------------------------------------------------------------------------------------------------

const filasDe = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Postable (no active sub-account of the company's chart below it) and the company's (or PCGE). */
async function cuentasPosteables(db: Pick<Db, 'execute'>, idEmpresa: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; codigo: string; descripcion: string; tiene_hijas: boolean }>();
  const r = filasDe<{ id: number; codigo: string; descripcion: string; tiene_hijas: boolean }>(
    await db.execute(sql`
      select c.id, c.codigo, c.descripcion,
             exists (select 1 from cuenta_contable h
                      where h.log_estado = 1 and (h.id_empresa is null or h.id_empresa = ${idEmpresa})
                        and h.codigo like c.codigo || '%' and h.codigo <> c.codigo) as tiene_hijas
        from cuenta_contable c
       where c.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})
         and c.log_estado = 1 and (c.id_empresa is null or c.id_empresa = ${idEmpresa})`),
  );
  return new Map(r.map((f) => [Number(f.id), { ...f, id: Number(f.id) }]));
}

/** The mapping of every concept for a company: its chosen account, or the PCGE default. */
export async function leerMapeos(db: Pick<Db, 'select' | 'execute'>, idEmpresa: number): Promise<TMapeoContable[]> {
  const propias = await db
    .select({ clave: cuentaMapeo.clave, idCuenta: cuentaMapeo.idCuenta, codigo: cuentaContable.codigo, descripcion: cuentaContable.descripcion })
    .from(cuentaMapeo)
    .innerJoin(cuentaContable, eq(cuentaContable.id, cuentaMapeo.idCuenta))
    .where(eq(cuentaMapeo.idEmpresa, idEmpresa));
  const porClave = new Map(propias.map((p) => [p.clave, p]));
  const codigos = [...new Set(Object.values(MapeosContables).map((m) => m.Defecto))];
  const defectos = await db
    .select({ id: cuentaContable.id, codigo: cuentaContable.codigo, descripcion: cuentaContable.descripcion, idEmpresa: cuentaContable.idEmpresa })
    .from(cuentaContable)
    .where(and(inArray(cuentaContable.codigo, codigos), or(isNull(cuentaContable.idEmpresa), eq(cuentaContable.idEmpresa, idEmpresa)), eq(cuentaContable.logEstado, 1)));
  const porCodigo = new Map(defectos.map((d) => [d.codigo, d]));
  return (Object.entries(MapeosContables) as [TClaveMapeo, (typeof MapeosContables)[TClaveMapeo]][]).map(([Clave, m]) => {
    const p = porClave.get(Clave);
    if (p) return { Clave, Grupo: m.Grupo, Descripcion: m.Descripcion, IdCuenta: p.idCuenta, Codigo: p.codigo, Cuenta: p.descripcion, PorDefecto: false };
    const d = porCodigo.get(m.Defecto);
    return { Clave, Grupo: m.Grupo, Descripcion: m.Descripcion, IdCuenta: d?.id ?? null, Codigo: d?.codigo ?? m.Defecto, Cuenta: d?.descripcion ?? null, PorDefecto: true };
  });
}

/** Saves the company's choices; each account must be of its chart and of the lowest level. */
export async function guardarMapeos(ctx: Contexto, auth: TAuth, b: z.output<typeof ZMapeoGuardar>): Promise<TMapeoContable[]> {
  const db = ctx.dbh.db;
  const cuentas = await cuentasPosteables(db, auth.idEmpresa, [...new Set(b.Mapeos.map((m) => m.IdCuenta))]);
  b.Mapeos.forEach((m, i) => {
    const c = cuentas.get(m.IdCuenta);
    if (!c) throw errorDeCampo(`Mapeos.${i}.IdCuenta`, 'La cuenta no existe en el plan contable de la empresa');
    if (c.tiene_hijas) throw errorDeCampo(`Mapeos.${i}.IdCuenta`, `La cuenta ${c.codigo} tiene subcuentas: elija una cuenta de último nivel`);
  });
  await db.transaction(async (tx) => {
    for (const m of b.Mapeos)
      await tx
        .insert(cuentaMapeo)
        .values({ idEmpresa: auth.idEmpresa, clave: m.Clave, idCuenta: m.IdCuenta, logUsuarioCrea: auth.idUsuario })
        .onConflictDoUpdate({ target: [cuentaMapeo.idEmpresa, cuentaMapeo.clave], set: { idCuenta: m.IdCuenta, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() } });
  });
  return leerMapeos(db, auth.idEmpresa);
}

/** The account ids of some concepts for a posting; a missing or non-postable account is a Spanish AppError. */
export async function cuentasDe(tx: Pick<Db, 'select' | 'execute'>, idEmpresa: number, claves: TClaveMapeo[]): Promise<Record<TClaveMapeo, number>> {
  // Read once per transaction and company (an issue group posts several entries per document in one transaction).
  const cache = cacheDe(tx);
  let todos = cache?.mapeos.get(idEmpresa);
  if (!todos) {
    todos = await leerMapeos(tx, idEmpresa);
    cache?.mapeos.set(idEmpresa, todos);
  }
  const r = {} as Record<TClaveMapeo, number>;
  for (const m of todos.filter((x) => claves.includes(x.Clave))) {
    if (m.IdCuenta === null) throw new AppError(ErrorCodes.VALIDACION, `Falta la cuenta ${m.Codigo} (${m.Descripcion}) en el plan contable: elíjala en la configuración contable`, 400);
    r[m.Clave] = m.IdCuenta;
  }
  return r;
}

/**
 * The ledger account of the money in a financial account (branch cuentabanco): the financial account's own ledger
 * account when it has one, else the mapping CAJA / BANCO. Either must accept entries (no sub-accounts); otherwise a
 * Spanish business error (601470) naming the account and saying where to fix it, instead of the entry's field error.
 */
const CONCEPTO_TESORERIA = { CAJA: 'Caja', BANCO: 'Banco', BANCO_DETRACCIONES: 'Banco de la Nación (detracciones)' } as const;

export async function cuentaDeTesoreria(
  tx: Pick<Db, 'select' | 'execute'>,
  idEmpresa: number,
  clave: keyof typeof CONCEPTO_TESORERIA,
  idCuentaFinanciera?: number | null,
): Promise<number> {
  const [cf] = idCuentaFinanciera
    ? filasDe<{ id_cuenta_contable: number | null; nombre: string }>(
        await tx.execute(sql`select id_cuenta_contable, nombre from cuenta_financiera where id = ${idCuentaFinanciera} and id_empresa = ${idEmpresa}`),
      )
    : [];
  const propia = cf?.id_cuenta_contable != null ? Number(cf.id_cuenta_contable) : null;
  const id = propia ?? (await cuentasDe(tx, idEmpresa, [clave]))[clave];
  const c = (await cuentasPosteables(tx, idEmpresa, [id])).get(id);
  if (c && !c.tiene_hijas) return id;
  const cuenta = c ? `La cuenta contable ${c.codigo} ${c.descripcion}` : 'La cuenta contable';
  const problema = c ? 'tiene subcuentas y no admite asientos' : 'ya no existe o está inactiva';
  const mensaje =
    propia !== null
      ? `${cuenta} de la cuenta financiera ${cf.nombre} ${problema}: asígnele una cuenta contable de último nivel en Finanzas > Maestros > Cuentas financieras`
      : `${cuenta} (concepto ${CONCEPTO_TESORERIA[clave]} de la configuración contable) ${problema}: asigne la cuenta contable de último nivel a la cuenta financiera${cf ? ` ${cf.nombre}` : ''} en Finanzas > Maestros > Cuentas financieras, o cambie el concepto en Contabilidad > Configuración contable`;
  throw new AppError(ErrorCodes.CUENTA_TESORERIA_NO_POSTEABLE, mensaje, 400);
}

// ---------------------------------------------------------------------------------------------------------------
// Sales documents, their notes and voids
// ---------------------------------------------------------------------------------------------------------------

export const serieNumero = (d: Pick<TDoc, 'serie' | 'correlativo'>) => `${d.serie}-${d.correlativo}`;
const NOMBRES: Record<string, string> = { '01': 'Factura', '03': 'Boleta', '07': 'Nota de crédito', '08': 'Nota de débito' };
const COBRAR_POR_TIPO: Record<string, TClaveMapeo> = { '01': 'COBRAR_FACTURA', '03': 'COBRAR_BOLETA', '07': 'COBRAR_NOTA_CREDITO', '08': 'COBRAR_NOTA_DEBITO' };
export const TIPOS_CONTABILIZABLES = ['01', '03', '07', '08'];

type TResultado = 'contabilizado' | 'ya-estaba' | { motivo: string };

async function tipoDeCambio(tx: Pick<Db, 'select'>, idEmpresa: number, fecha: string): Promise<Decimal | null> {
  const [t] = await tx.select({ venta: tipoCambio.venta }).from(tipoCambio).where(and(eq(tipoCambio.idEmpresa, idEmpresa), eq(tipoCambio.idMoneda, 2), eq(tipoCambio.fecha, fecha)));
  return t ? new Decimal(t.venta) : null;
}

const motivoDe = (err: AppError) => {
  const campos = err.errores ? Object.values(err.errores).join('; ') : '';
  return campos && !err.mensaje.includes(campos) ? `${err.mensaje}: ${campos}` : err.mensaje;
};

/**
 * The sale entry of one document in the caller's transaction: receivable (by document type) D total / IGV H /
 * ICBPER H / ISC H / sales H the rest (absorbs rounding); a credit note swaps sides. USD at the company's selling
 * rate of the issue date. Returns the reason instead when it cannot be posted (an AppError: no rate, a missing or
 * non-postable account); a closed month sends the entry to the next open one (registrarAsiento).
 */
export async function contabilizarVentaEnTx(tx: TTx, d: TDoc, opciones: { cobroAparte?: boolean; recienEmitido?: boolean } = {}): Promise<TResultado> {
  try {
    const v = await asientoDeVenta(tx, d, (await centrosDeVentas(tx, [d])).get(d.id) ?? null);
    if ('motivo' in v) return v;
    const id = await registrarAsiento(tx, v.asiento);
    // A contado sale is paid at its issue: 10 / 12 at once (the point of sale posts it after recording its payments).
    // The receivable line just written is the one the contado collection settles (no need to read it back).
    if (!opciones.cobroAparte) await cobroContadoEnTx(tx, d, id !== null ? v.cobrar : undefined);
    // A document issued in this very transaction cannot have a pending mark yet.
    if (!opciones.recienEmitido) await tx.delete(contabilizacionPendiente).where(eq(contabilizacionPendiente.idDocumento, d.id));
    return id === null ? 'ya-estaba' : 'contabilizado';
  } catch (err) {
    if (err instanceof AppError) return { motivo: motivoDe(err) };
    throw err;
  }
}

type TLineaCobrar = { id_cuenta: number; debe: string };

/**
 * The cost centre of each document's sales income (70): the one given at its issue, else its branch's default centre
 * when that is active (a centre deactivated later stops applying to new sales instead of leaving them unposted), else
 * none. One query for a whole issue group, none when every document names its own.
 */
async function centrosDeVentas(tx: Pick<Db, 'execute'>, docs: TDoc[]): Promise<Map<number, number | null>> {
  const r = new Map<number, number | null>(docs.map((d) => [d.id, d.idCentroCosto ?? null]));
  const sucursales = [...new Set(docs.filter((d) => d.idCentroCosto == null).map((d) => d.idSucursal))];
  if (!sucursales.length) return r;
  const porSucursal = new Map(
    filasDe<{ id: number; id_centro_costo: number }>(
      await tx.execute(sql`
        select s.id, s.id_centro_costo from sucursal s join centro_costo c on c.id = s.id_centro_costo and c.id_empresa = s.id_empresa and c.log_estado = 1
         where s.id in (${sql.join(sucursales.map((i) => sql`${i}`), sql`, `)})`),
    ).map((f) => [Number(f.id), Number(f.id_centro_costo)]),
  );
  for (const d of docs) if (d.idCentroCosto == null) r.set(d.id, porSucursal.get(d.idSucursal) ?? null);
  return r;
}

/**
 * The sale entry of a document (not written), with its receivable debit line (what a contado collection settles;
 * undefined for a credit note or a zero total), or the reason it cannot be posted (a USD document without rate).
 * A missing or non-postable account throws its AppError.
 */
async function asientoDeVenta(tx: TTx, d: TDoc, idCentroCosto: number | null): Promise<{ asiento: TAsientoNuevo; cobrar?: TLineaCobrar } | { motivo: string }> {
  let tc = new Decimal(1);
  if (d.idMoneda === 2) {
    const t = await tipoDeCambio(tx, d.idEmpresa, d.fechaEmision);
    if (!t) return { motivo: `Documento en dólares sin tipo de cambio registrado para el ${d.fechaEmision.split('-').reverse().join('/')}` };
    tc = t;
  }
  const aSoles = (v: Decimal.Value) => new Decimal(v).times(tc).toDecimalPlaces(2);
  const total = aSoles(d.montoTotal);
  const igv = aSoles(d.montoIgv);
  const icbper = aSoles(d.icbper);
  const isc = aSoles(d.montoIsc);
  const base = total.minus(igv).minus(icbper).minus(isc);
  const cobrar = COBRAR_POR_TIPO[d.codigoTipo ?? '01'] ?? 'COBRAR_FACTURA';
  const c = await cuentasDe(tx, d.idEmpresa, [cobrar, 'IGV', 'ICBPER', 'ISC', 'VENTAS']);
  const nota = d.codigoTipo === '07';
  const lado = (importe: Decimal, deudor: boolean) => (deudor !== nota ? { debe: importe, haber: 0 } : { debe: 0, haber: importe });
  const lineas = [
    { idCuenta: c[cobrar], ...lado(total, true) },
    { idCuenta: c.IGV, ...lado(igv, false) },
    { idCuenta: c.ICBPER, ...lado(icbper, false) },
    { idCuenta: c.ISC, ...lado(isc, false) },
    { idCuenta: c.VENTAS, ...lado(base, false), idCentroCosto },
  ].filter((l) => !new Decimal(l.debe).isZero() || !new Decimal(l.haber).isZero());
  const documento = serieNumero(d);
  return {
    asiento: {
      idEmpresa: d.idEmpresa,
      idUsuario: null,
      idDiario: DIARIO_VENTAS,
      fecha: d.fechaEmision,
      glosa: `${NOMBRES[d.codigoTipo ?? ''] ?? 'Documento'} ${documento} - ${d.receptorRazonSocial}${d.idMoneda === 2 ? ` (US$ ${new Decimal(d.montoTotal).toFixed(2)} x ${tc.toFixed(3)})` : ''}`,
      origen: 'VENTA',
      claveOrigen: `VENTA:${d.id}`,
      idDocumento: d.id,
      documento,
      lineas,
      siCerradoSiguiente: true,
    },
    cobrar: !nota && total.gt(0) ? { id_cuenta: c[cobrar], debe: total.toFixed(2) } : undefined,
  };
}

/**
 * The collection of a contado factura or boleta, key CONTADO:<id>: the receivable line of its sale entry (same account,
 * same soles, so no exchange difference) is settled against caja and/or banco. The means are the point of sale's
 * payments when the document (or the nota de venta it replaces, a canje) was charged at a till: cash net of the change
 * to CAJA, card, Yape, Plin and transfers to BANCO; a document issued from the factura form has no means: CAJA.
 * Nothing when the sale entry does not exist (pending: the retry posts both) or when the document's money is owed
 * elsewhere (a canje of a nota de venta that has dues: its collections settle them).
 */
export async function cobroContadoEnTx(tx: TTx, d: TDoc, recienContabilizada?: TLineaCobrar): Promise<number | null> {
  if (!['01', '03'].includes(d.codigoTipo ?? '') || d.idCondicionPago !== 1) return null;
  const [venta] = recienContabilizada
    ? [recienContabilizada]
    : filasDe<TLineaCobrar>(
        await tx.execute(sql`
          select l.id_cuenta, l.debe from asiento_linea l join asiento_contable a on a.id = l.id_asiento
           where a.id_empresa = ${d.idEmpresa} and a.clave_origen = ${`VENTA:${d.id}`} and l.debe > 0 order by l.orden limit 1`),
      );
  if (!venta) return null;
  const origenes = d.idDocumentoAfectado ? [d.id, d.idDocumentoAfectado] : [d.id];
  if (d.idDocumentoAfectado) {
    const [conCuotas] = filasDe<{ n: number }>(await tx.execute(sql`select count(*)::int as n from cuota_cobrar where id_documento = ${d.idDocumentoAfectado}`));
    if (conCuotas.n > 0) return null;
  }
  const [p] = filasDe<{ otros: string | null }>(
    await tx.execute(sql`
      select sum(p.monto) filter (where p.id_medio_pago <> ${MEDIO_EFECTIVO}) as otros
        from venta_caja v join pago_venta_caja p on p.id_venta = v.id
       where v.id_empresa = ${d.idEmpresa} and v.id_documento in (${sql.join(origenes.map((o) => sql`${o}`), sql`, `)})`),
  );
  return registrarAsiento(tx, await asientoDeCobroContado(tx, d, venta, p?.otros ?? null));
}

/**
 * The contado collection's entry (not written): soles at the till, like the receivable line. Card, Yape, Plin and
 * transfers (`otros`) went to the bank, never above the total (the till refuses that); the rest is cash, the change
 * already given back.
 */
async function asientoDeCobroContado(tx: TTx, d: TDoc, venta: TLineaCobrar, otros: string | null): Promise<TAsientoNuevo> {
  const total = new Decimal(venta.debe);
  const banco = Decimal.min(total, new Decimal(otros ?? 0));
  const caja = total.minus(banco);
  const k = await cuentasDe(tx, d.idEmpresa, ['CAJA', 'BANCO']);
  const documento = serieNumero(d);
  const lineas: TLineaNueva[] = [
    { idCuenta: k.CAJA, debe: caja, haber: 0 },
    { idCuenta: k.BANCO, debe: banco, haber: 0 },
    { idCuenta: Number(venta.id_cuenta), debe: 0, haber: total },
  ].filter((l) => !new Decimal(l.debe).isZero() || !new Decimal(l.haber).isZero());
  return {
    idEmpresa: d.idEmpresa,
    idUsuario: null,
    idDiario: DIARIO_CAJA,
    fecha: d.fechaEmision,
    glosa: `Cobro al contado de ${NOMBRES[d.codigoTipo ?? ''] ?? 'Documento'} ${documento} - ${d.receptorRazonSocial}`,
    origen: 'COBRO',
    claveOrigen: `CONTADO:${d.id}`,
    idDocumento: d.id,
    documento,
    lineas,
    siCerradoSiguiente: true,
  };
}

/**
 * The point of sale's alRegistrarVentaCaja (app.ts): after the sale's payments are recorded in the issue's
 * transaction, the contado collection with their means. Not postable (a broken mapping): the document goes to the
 * pending list like its sale entry (the retry posts it); a sale at the till is never refused for its books.
 */
export async function contabilizarVentaDeCaja(tx: TTx, v: { idDocumento: number }): Promise<void> {
  const [d] = await tx.select().from(documentoContable).where(eq(documentoContable.id, v.idDocumento));
  if (!d) return;
  try {
    await cobroContadoEnTx(tx, d);
  } catch (err) {
    if (err instanceof AppError) await anotarPendiente(tx, d, `Cobro al contado: ${motivoDe(err)}`);
    else throw err;
  }
}

/** Lima date of an instant. */
export const fechaLima = (d: Date = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/**
 * The lines of an existing entry with debit and credit swapped (a reversal), each in the cost centre it had (so the
 * report by centre nets to zero), or null when there is no such entry.
 */
async function lineasInvertidas(tx: Pick<Db, 'execute'>, idEmpresa: number, clave: string): Promise<TLineaNueva[] | null> {
  const lineas = filasDe<{ id_cuenta: number; debe: string; haber: string; id_centro_costo: number | null }>(
    await tx.execute(sql`
      select l.id_cuenta, l.debe, l.haber, l.id_centro_costo from asiento_linea l join asiento_contable a on a.id = l.id_asiento
       where a.id_empresa = ${idEmpresa} and a.clave_origen = ${clave} order by l.orden`),
  );
  return lineas.length
    ? lineas.map((l) => ({ idCuenta: Number(l.id_cuenta), debe: l.haber, haber: l.debe, idCentroCosto: l.id_centro_costo === null ? null : Number(l.id_centro_costo) }))
    : null;
}

/**
 * The reversal of a voided document's sale entry (key ANULA:<id>) and of its cost of sales (ANULA-COSTO:<id>), dated
 * the day of the void, in the caller's transaction.
 */
export async function revertirVentaEnTx(tx: TTx, d: TDoc): Promise<TResultado> {
  try {
    const documento = serieNumero(d);
    const fecha = fechaLima(d.fechaAnulacion ?? new Date());
    let hecho = false;
    for (const [clave, nueva, origen, diario, glosa] of [
      [`VENTA:${d.id}`, `ANULA:${d.id}`, 'ANULACION', DIARIO_VENTAS, `Anulación de ${documento} - ${d.motivoAnulacion ?? 'comunicación de baja'}`],
      [`COSTO:${d.id}`, `ANULA-COSTO:${d.id}`, 'ANULACION', DIARIO_GENERAL, `Anulación del costo de ventas de ${documento}`],
      [`CONTADO:${d.id}`, `ANULA-CONTADO:${d.id}`, 'ANULACION', DIARIO_CAJA, `Devolución del cobro al contado de ${documento}`],
    ] as const) {
      const lineas = await lineasInvertidas(tx, d.idEmpresa, clave);
      if (!lineas) continue;
      const id = await registrarAsiento(tx, { idEmpresa: d.idEmpresa, idUsuario: null, idDiario: diario, fecha, glosa, origen, claveOrigen: nueva, idDocumento: d.id, documento, lineas, siCerradoSiguiente: true });
      if (id !== null) hecho = true;
    }
    return hecho ? 'contabilizado' : 'ya-estaba';
  } catch (err) {
    if (err instanceof AppError) return { motivo: `Anulación: ${motivoDe(err)}` };
    throw err;
  }
}

export async function anotarPendiente(tx: Pick<Db, 'insert'>, d: TDoc, motivo: string) {
  await tx
    .insert(contabilizacionPendiente)
    .values({ idEmpresa: d.idEmpresa, idDocumento: d.id, documento: serieNumero(d), fechaEmision: d.fechaEmision, motivo })
    .onConflictDoUpdate({ target: contabilizacionPendiente.idDocumento, set: { motivo, logFechaModif: new Date() } });
}

/**
 * Cost of sales of the goods a document moved (inventory's alEmitirDocumento hook ran before this one in the same
 * transaction): 69 D / 20 H at the movement's cost; a return (credit note that brought goods back) the other way.
 * Key COSTO:<id of the document>.
 */
async function costoDeVentaEnTx(tx: TTx, d: TDoc) {
  const [m] = filasDe<{ salida: string | null; entrada: string | null }>(
    await tx.execute(sql`
      select sum(abs(x.costo_total)) filter (where x.cantidad < 0) as salida, sum(abs(x.costo_total)) filter (where x.cantidad > 0) as entrada
        from movimiento_inventario_detalle x join movimiento_inventario m on m.id = x.id_movimiento
       where m.id_empresa = ${d.idEmpresa} and m.id_documento_contable = ${d.id} and m.id_movimiento_revertido is null`),
  );
  const asiento = await asientoDeCosto(tx, d, m?.salida ?? null, m?.entrada ?? null);
  if (asiento) await registrarAsiento(tx, asiento);
}

/** The cost-of-sales entry (not written) of what left (and came back into) stock, or null when it nets to zero. */
async function asientoDeCosto(tx: TTx, d: TDoc, salidaCosto: string | null, entradaCosto: string | null): Promise<TAsientoNuevo | null> {
  const salida = new Decimal(salidaCosto ?? 0).toDecimalPlaces(2);
  const entrada = new Decimal(entradaCosto ?? 0).toDecimalPlaces(2);
  const neto = salida.minus(entrada);
  if (neto.isZero()) return null;
  const c = await cuentasDe(tx, d.idEmpresa, ['COSTO_VENTAS', 'MERCADERIAS']);
  const importe = neto.abs();
  const documento = serieNumero(d);
  return {
    idEmpresa: d.idEmpresa,
    idUsuario: null,
    idDiario: DIARIO_GENERAL,
    fecha: d.fechaEmision,
    glosa: `${neto.isPos() ? 'Costo de ventas' : 'Devolución al costo'} de ${documento}`,
    origen: 'COSTO',
    claveOrigen: `COSTO:${d.id}`,
    idDocumento: d.id,
    documento,
    lineas: neto.isPos()
      ? [{ idCuenta: c.COSTO_VENTAS, debe: importe, haber: 0 }, { idCuenta: c.MERCADERIAS, debe: 0, haber: importe }]
      : [{ idCuenta: c.MERCADERIAS, debe: importe, haber: 0 }, { idCuenta: c.COSTO_VENTAS, debe: 0, haber: importe }],
    siCerradoSiguiente: true,
  };
}

/**
 * alEmitirDocumento hook (app.ts): the sale entry and the cost of sales of an issued factura, boleta or note in the
 * issue's transaction. What cannot be posted (USD without exchange rate, an account the company has not set up) goes
 * to the pending list with its reason in the same transaction (the issue of a SUNAT document is not refused for its
 * books); the recurring job retries pending ones.
 */
export async function contabilizarAlEmitir(tx: TTx, e: { creado: { Id: number }; cobroAparte?: boolean }): Promise<void> {
  const [d] = await tx.select().from(documentoContable).where(eq(documentoContable.id, e.creado.Id));
  if (!d || !TIPOS_CONTABILIZABLES.includes(d.codigoTipo ?? '')) return;
  await contabilizarEmitidoEnTx(tx, d, e.cobroAparte);
}

async function contabilizarEmitidoEnTx(tx: TTx, d: TDoc, cobroAparte?: boolean): Promise<void> {
  const x = await contabilizarVentaEnTx(tx, d, { cobroAparte, recienEmitido: true });
  if (typeof x === 'object') {
    await anotarPendiente(tx, d, x.motivo);
    return;
  }
  try {
    await costoDeVentaEnTx(tx, d);
  } catch (err) {
    if (err instanceof AppError) await anotarPendiente(tx, d, `Costo de ventas: ${motivoDe(err)}`);
    else throw err;
  }
}

/**
 * alEmitirGrupo hook (app.ts): the same entries as contabilizarAlEmitir for every document of an issue group, after
 * all their hooks and their callers' work (so the point of sale's payments are recorded: its contado collection is
 * posted here with its means). The whole group's entries go in with a fixed number of round trips (registrarAsientos):
 * each round trip runs while the series is locked, and the issue benchmark fell from about 300 to 46 documents per
 * second when every entry made its own eight. A group with anything unusual (a USD document without rate, a broken
 * mapping, a canje whose collection depends on its nota de venta's dues) is posted one document at a time instead,
 * each failure going to the pending list with its reason as before.
 */
export async function contabilizarGrupoAlEmitir(tx: TTx, emitidos: { creado: { Id: number } }[]): Promise<void> {
  const ids = emitidos.map((e) => e.creado.Id);
  if (!ids.length) return;
  const docs = (await tx.select().from(documentoContable).where(inArray(documentoContable.id, ids)).orderBy(documentoContable.id)).filter((d) =>
    TIPOS_CONTABILIZABLES.includes(d.codigoTipo ?? ''),
  );
  if (docs.length > 1) {
    try {
      if (await contabilizarLoteEnTx(tx, docs)) return;
    } catch (err) {
      // Nothing was written (registrarAsientos checks every entry first): each document alone records its reason.
      if (!(err instanceof AppError)) throw err;
    }
  }
  for (const d of docs) await contabilizarEmitidoEnTx(tx, d);
}

/** Every entry of newly issued documents in one registrarAsientos; false (nothing written) when one needs the slow path. */
async function contabilizarLoteEnTx(tx: TTx, docs: TDoc[]): Promise<boolean> {
  const esContado = (d: TDoc) => ['01', '03'].includes(d.codigoTipo ?? '') && d.idCondicionPago === 1;
  if (docs.some((d) => esContado(d) && d.idDocumentoAfectado)) return false;
  const ids = docs.map((d) => d.id);
  const lista = sql.join(ids.map((i) => sql`${i}`), sql`, `);
  const idEmpresa = docs[0].idEmpresa;
  if (docs.some((d) => d.idEmpresa !== idEmpresa)) return false;
  const pagos = new Map(
    filasDe<{ id_documento: number; otros: string | null }>(
      await tx.execute(sql`
        select v.id_documento, sum(p.monto) filter (where p.id_medio_pago <> ${MEDIO_EFECTIVO}) as otros
          from venta_caja v join pago_venta_caja p on p.id_venta = v.id
         where v.id_empresa = ${idEmpresa} and v.id_documento in (${lista}) group by v.id_documento`),
    ).map((f) => [Number(f.id_documento), f.otros]),
  );
  const costos = new Map(
    filasDe<{ id_documento: number; salida: string | null; entrada: string | null }>(
      await tx.execute(sql`
        select m.id_documento_contable as id_documento,
               sum(abs(x.costo_total)) filter (where x.cantidad < 0) as salida, sum(abs(x.costo_total)) filter (where x.cantidad > 0) as entrada
          from movimiento_inventario_detalle x join movimiento_inventario m on m.id = x.id_movimiento
         where m.id_empresa = ${idEmpresa} and m.id_documento_contable in (${lista}) and m.id_movimiento_revertido is null
         group by m.id_documento_contable`),
    ).map((f) => [Number(f.id_documento), f]),
  );
  const centros = await centrosDeVentas(tx, docs);
  const asientos: TAsientoNuevo[] = [];
  for (const d of docs) {
    const v = await asientoDeVenta(tx, d, centros.get(d.id) ?? null);
    if ('motivo' in v) return false;
    asientos.push(v.asiento);
    if (esContado(d) && v.cobrar) asientos.push(await asientoDeCobroContado(tx, d, v.cobrar, pagos.get(d.id) ?? null));
    const costo = await asientoDeCosto(tx, d, costos.get(d.id)?.salida ?? null, costos.get(d.id)?.entrada ?? null);
    if (costo) asientos.push(costo);
  }
  await registrarAsientos(tx, asientos);
  return true;
}

/** alDocumentoAnulado hook (app.ts): the void's reversal in the transaction that marks the document voided. */
export async function revertirAlAnular(tx: Pick<Db, 'execute'>, { idDocumento }: { idDocumento: number }): Promise<void> {
  // alDocumentoAnulado runs in the state change's transaction: the confirmed void, or SUNAT's rejection.
  const t = tx as TTx;
  const [d] = await t.select().from(documentoContable).where(eq(documentoContable.id, idDocumento));
  if (!d || !TIPOS_CONTABILIZABLES.includes(d.codigoTipo ?? '')) return;
  const x = await revertirVentaEnTx(t, d);
  if (typeof x === 'object') await anotarPendiente(t, d, x.motivo);
}

// ---------------------------------------------------------------------------------------------------------------
// Collections, cash-box movements and purchases
// ---------------------------------------------------------------------------------------------------------------

export type TCobroContable = {
  idEmpresa: number;
  idUsuario: number | null;
  idCobro: number;
  fecha: string;
  /** In soles (the caller converts a USD collection at its exchange rate). */
  importe: Decimal.Value;
  /** true: cash (CAJA); false: a bank, card or wallet (BANCO). */
  efectivo: boolean;
  glosa: string;
  /** The receivable account the collected document was posted to (COBRAR_FACTURA by default). */
  cobrar?: TClaveMapeo;
  /** Soles the collected documents were booked at, when not `importe`: the rest is an exchange difference (676/776). */
  contabilizado?: Decimal.Value;
  /** The debit account instead of CAJA/BANCO (a discounted letra paid to the bank settles its obligation). */
  medio?: TClaveMapeo;
  /** The financial account the money went into: its own ledger account replaces CAJA/BANCO when set. */
  idCuentaFinanciera?: number | null;
  /** ITF the bank charged, in soles: ITF D / the bank's account H in the same entry. */
  itf?: Decimal.Value;
};

/** The ITF lines of a bank collection or payment (ITF D / the bank's ledger account H), none when zero. */
async function lineasItf(tx: Pick<Db, 'select' | 'execute'>, idEmpresa: number, itf: Decimal.Value | undefined, idBanco: () => Promise<number>): Promise<TLineaNueva[]> {
  const s = new Decimal(itf ?? 0).toDecimalPlaces(2);
  if (!s.gt(0)) return [];
  const k = await cuentasDe(tx, idEmpresa, ['ITF']);
  return [
    { idCuenta: k.ITF, debe: s, haber: 0 },
    { idCuenta: await idBanco(), debe: 0, haber: s },
  ];
}

/**
 * The lines of money received (`recibido` on `medio`, debit) against what it settles (`contabilizado` on `contra`,
 * credit) with the exchange difference between them: a gain 776 H, a loss 676 D (or the mapped accounts). A payment
 * is the same with the sides swapped (`pago`).
 */
export async function lineasConDiferencia(
  tx: Pick<Db, 'select' | 'execute'>,
  idEmpresa: number,
  a: { medio: number; contra: number; recibido: Decimal.Value; contabilizado: Decimal.Value; pago?: boolean },
): Promise<TLineaNueva[]> {
  const recibido = new Decimal(a.recibido).toDecimalPlaces(2);
  const contabilizado = new Decimal(a.contabilizado).toDecimalPlaces(2);
  // Written as a collection (money in D, receivable H) and swapped for a payment. What balances it: more soles
  // received than booked is a gain for a collection and a loss for a payment (more soles paid out).
  const exceso = recibido.minus(contabilizado);
  const lineas: TLineaNueva[] = [
    { idCuenta: a.medio, debe: recibido, haber: 0 },
    { idCuenta: a.contra, debe: 0, haber: contabilizado },
  ];
  if (!exceso.isZero()) {
    const clave: TClaveMapeo = exceso.isPos() !== !!a.pago ? 'GANANCIA_CAMBIO' : 'PERDIDA_CAMBIO';
    const k = await cuentasDe(tx, idEmpresa, [clave]);
    lineas.push(exceso.isPos() ? { idCuenta: k[clave], debe: 0, haber: exceso } : { idCuenta: k[clave], debe: exceso.abs(), haber: 0 });
  }
  return a.pago ? lineas.map((l) => ({ idCuenta: l.idCuenta, debe: l.haber, haber: l.debe })) : lineas;
}

/** A collection: 10 (caja or banco) D / 12 H (+ 676/776), key COBRO:<id>. Its void: the reversal, key ANULA-COBRO:<id>. */
export async function contabilizarCobro(tx: TTx, c: TCobroContable): Promise<number | null> {
  const cobrar = c.cobrar ?? 'COBRAR_FACTURA';
  const k = await cuentasDe(tx, c.idEmpresa, c.medio ? [c.medio, cobrar] : [cobrar]);
  const banco = () => cuentaDeTesoreria(tx, c.idEmpresa, 'BANCO', c.idCuentaFinanciera);
  const medio = c.medio ? k[c.medio] : c.efectivo ? await cuentaDeTesoreria(tx, c.idEmpresa, 'CAJA', c.idCuentaFinanciera) : await banco();
  const importe = new Decimal(c.importe).toDecimalPlaces(2);
  const lineas = await lineasConDiferencia(tx, c.idEmpresa, { medio, contra: k[cobrar], recibido: importe, contabilizado: c.contabilizado ?? importe });
  lineas.push(...(await lineasItf(tx, c.idEmpresa, c.itf, banco)));
  return registrarAsiento(tx, {
    idEmpresa: c.idEmpresa,
    idUsuario: c.idUsuario,
    idDiario: DIARIO_CAJA,
    fecha: c.fecha,
    glosa: c.glosa,
    origen: 'COBRO',
    claveOrigen: `COBRO:${c.idCobro}`,
    lineas,
    siCerradoSiguiente: true,
  });
}

/** The reversal (key ANULA-<clave>) of a cash or bank entry, dated `fecha`; null when the entry does not exist. */
async function revertirTesoreria(tx: TTx, idEmpresa: number, clave: string, fecha: string, glosa: string): Promise<number | null> {
  const lineas = await lineasInvertidas(tx, idEmpresa, clave);
  if (!lineas) return null;
  return registrarAsiento(tx, { idEmpresa, idUsuario: null, idDiario: DIARIO_CAJA, fecha, glosa, origen: 'ANULACION', claveOrigen: `ANULA-${clave}`, lineas, siCerradoSiguiente: true });
}

export async function revertirCobro(tx: TTx, idEmpresa: number, idCobro: number, fecha: string, glosa: string): Promise<number | null> {
  return revertirTesoreria(tx, idEmpresa, `COBRO:${idCobro}`, fecha, glosa);
}

export type TPagoContable = Omit<TCobroContable, 'idCobro' | 'cobrar'> & { idPago: number };

/** A supplier payment: 42 (POR_PAGAR) D / 10 (caja or banco) H, key PAGO:<id>. Its void: the reversal, key ANULA-PAGO:<id>. */
export async function contabilizarPago(tx: TTx, p: TPagoContable & { porPagar?: TClaveMapeo; retencion?: string }): Promise<number | null> {
  const medio = await cuentaDeTesoreria(tx, p.idEmpresa, p.efectivo ? 'CAJA' : 'BANCO', p.idCuentaFinanciera);
  // A letra por pagar's due debits 423 (LETRAS_POR_PAGAR) instead of 4212.
  const clave = p.porPagar ?? 'POR_PAGAR';
  const k = await cuentasDe(tx, p.idEmpresa, [clave]);
  const importe = new Decimal(p.importe).toDecimalPlaces(2);
  // 42 D at what the purchases were booked at, 10 H what was paid, the difference to 676 (loss) or 776 (gain).
  // As retention agent the 42 is settled by what left the account plus the IGV retained (40114 H, accounting-finance.md
  // "Retención practicada": 4212 T D; 40114 3 %·T, 104x 97 %·T H).
  const retenido = new Decimal(p.retencion ?? 0).toDecimalPlaces(2);
  const [dinero, porPagar, ...diferencia] = await lineasConDiferencia(tx, p.idEmpresa, { medio, contra: k[clave], recibido: importe.plus(retenido), contabilizado: p.contabilizado ?? importe.plus(retenido), pago: true });
  const retencion: TLineaNueva[] = [];
  if (retenido.gt(0)) {
    const kr = await cuentasDe(tx, p.idEmpresa, ['RETENCIONES_IGV']);
    dinero.haber = importe;
    retencion.push({ idCuenta: kr.RETENCIONES_IGV, debe: 0, haber: retenido });
  }
  const lineas = [porPagar, ...diferencia, ...retencion, dinero, ...(await lineasItf(tx, p.idEmpresa, p.itf, async () => medio))];
  return registrarAsiento(tx, {
    idEmpresa: p.idEmpresa,
    idUsuario: p.idUsuario,
    idDiario: DIARIO_CAJA,
    fecha: p.fecha,
    glosa: p.glosa,
    origen: 'PAGO',
    claveOrigen: `PAGO:${p.idPago}`,
    lineas,
    siCerradoSiguiente: true,
  });
}

export async function revertirPago(tx: TTx, idEmpresa: number, idPago: number, fecha: string, glosa: string): Promise<number | null> {
  return revertirTesoreria(tx, idEmpresa, `PAGO:${idPago}`, fecha, glosa);
}

export type TMovimientoCajaContable = {
  idEmpresa: number;
  idUsuario: number | null;
  idMovimiento: number;
  fecha: string;
  tipo: 'INGRESO' | 'EGRESO';
  importe: Decimal.Value;
  glosa: string;
  /** The counterpart the user chose; INGRESO_CAJA / EGRESO_CAJA mapping when absent. */
  idCuentaContrapartida?: number | null;
  /** The cash box's cost centre: on the counterpart line, and an expense (62-68) is carried to the centre's destination. */
  idCentroCosto?: number | null;
};

/** A cash-box income (10 D / counterpart H) or expense (counterpart D / 10 H), key CAJA:<id>. */
export async function contabilizarMovimientoCaja(tx: TTx, m: TMovimientoCajaContable): Promise<number | null> {
  const clave: TClaveMapeo = m.tipo === 'INGRESO' ? 'INGRESO_CAJA' : 'EGRESO_CAJA';
  const k = await cuentasDe(tx, m.idEmpresa, ['CAJA', clave]);
  const contra = m.idCuentaContrapartida ?? k[clave];
  const importe = new Decimal(m.importe).toDecimalPlaces(2);
  const centro = m.idCentroCosto ?? null;
  const lineas: TLineaNueva[] =
    m.tipo === 'INGRESO'
      ? [{ idCuenta: k.CAJA, debe: importe, haber: 0 }, { idCuenta: contra, debe: 0, haber: importe, idCentroCosto: centro }]
      : [{ idCuenta: contra, debe: importe, haber: 0, idCentroCosto: centro }, { idCuenta: k.CAJA, debe: 0, haber: importe }];
  return registrarAsiento(tx, {
    idEmpresa: m.idEmpresa,
    idUsuario: m.idUsuario,
    idDiario: DIARIO_CAJA,
    fecha: m.fecha,
    glosa: m.glosa,
    origen: 'CAJA',
    claveOrigen: `CAJA:${m.idMovimiento}`,
    lineas: await conDestino(tx, m.idEmpresa, lineas),
    siCerradoSiguiente: true,
  });
}

export type TCompraContable = {
  idEmpresa: number;
  idUsuario: number | null;
  idCompra: number;
  fecha: string;
  documento: string;
  proveedor: string;
  /** Amounts in soles. */
  base: Decimal.Value;
  igv: Decimal.Value;
  total: Decimal.Value;
  /** true when the goods entered the warehouse: also 20 D / 61 H (variación de existencias) at the base. */
  conIngresoAlmacen?: boolean;
  /** A supplier's credit note (07): the same accounts the other way round (42 D / 60 H / 40 H; 61 D / 20 H). */
  notaCredito?: boolean;
  /** The part of a credit note (soles) that lowered the dues of the purchase it modifies: it debits POR_PAGAR, not POR_PAGAR_NOTA_CREDITO. */
  netadoSoles?: Decimal.Value;
  /**
   * That part at the rates the lowered dues were booked at (a dollar note on a purchase of another day): POR_PAGAR is
   * debited with it, and the difference with `netadoSoles` is the exchange difference (776 H gain, 676 D loss).
   */
  netadoContabilizadoSoles?: Decimal.Value;
  /** The IGV percepción the supplier charged (soles): PERCEPCIONES_IGV (40113) D, and 42 H owes it with the total. */
  percepcion?: Decimal.Value;
  /** The purchase's cost centre: on its 60 line; an expense line (62-68) with a destination gets its 9x / 79 pair. */
  idCentroCosto?: number | null;
};

/**
 * A supplier's document, in the purchase's transaction (the purchases module's alRegistrarCompra, app.ts):
 * 60 D base / 40 D IGV / 42 H total (key COMPRA:<id>) and, when the goods entered the warehouse, 20 D / 61 H
 * (key COMPRA-ALMACEN:<id>); a credit note the other way round.
 */
export async function contabilizarCompra(tx: TTx, c: TCompraContable): Promise<number | null> {
  const netado = Decimal.min(new Decimal(c.netadoSoles ?? 0).toDecimalPlaces(2), new Decimal(c.total).toDecimalPlaces(2));
  // Debiting the payable at what it was booked at: a gain (776) when that is more than the note's soles, else a loss (676).
  const diferencia = c.notaCredito && c.netadoContabilizadoSoles !== undefined ? new Decimal(c.netadoContabilizadoSoles).toDecimalPlaces(2).minus(netado) : new Decimal(0);
  const claveDiferencia: TClaveMapeo = diferencia.isPos() ? 'GANANCIA_CAMBIO' : 'PERDIDA_CAMBIO';
  const percepcion = new Decimal(c.percepcion ?? 0).toDecimalPlaces(2);
  const k = await cuentasDe(tx, c.idEmpresa, [
    'COMPRAS', 'IGV_COMPRAS', 'POR_PAGAR', 'POR_PAGAR_NOTA_CREDITO', 'MERCADERIAS', 'VARIACION_MERCADERIAS',
    ...(diferencia.isZero() ? [] : [claveDiferencia]),
    ...(percepcion.isZero() ? [] : (['PERCEPCIONES_IGV'] as const)),
  ]);
  const base = new Decimal(c.base).toDecimalPlaces(2);
  const igv = new Decimal(c.igv).toDecimalPlaces(2);
  const total = new Decimal(c.total).toDecimalPlaces(2);
  const girar = (l: TLineaNueva): TLineaNueva => (c.notaCredito ? { ...l, debe: l.haber, haber: l.debe } : l);
  const lineas: TLineaNueva[] = [
    { idCuenta: k.COMPRAS, debe: total.minus(igv), haber: 0, idCentroCosto: c.idCentroCosto ?? null },
    { idCuenta: k.IGV_COMPRAS, debe: igv, haber: 0 },
    // A supplier's credit note debits its own mapped account (POR_PAGAR_NOTA_CREDITO, 4212 by default like POR_PAGAR)
    // for the credit in favour it leaves, and POR_PAGAR for what it lowered of the modified purchase's dues.
    ...(c.notaCredito
      ? [
          { idCuenta: k.POR_PAGAR_NOTA_CREDITO, debe: 0, haber: total.minus(netado) },
          { idCuenta: k.POR_PAGAR, debe: 0, haber: netado.plus(diferencia) },
          // (turned round below with the rest: a gain ends up H, a loss D)
          diferencia.isPos() ? { idCuenta: k[claveDiferencia], debe: diferencia, haber: 0 } : { idCuenta: k[claveDiferencia], debe: 0, haber: diferencia.abs() },
        ]
      : [
          ...(percepcion.isZero() ? [] : [{ idCuenta: k.PERCEPCIONES_IGV, debe: percepcion, haber: 0 }]),
          { idCuenta: k.POR_PAGAR, debe: 0, haber: total.plus(percepcion) },
        ]),
  ]
    .filter((l) => !new Decimal(l.debe).isZero() || !new Decimal(l.haber).isZero())
    .map(girar);
  const glosa = `${c.notaCredito ? 'Nota de crédito de compra' : 'Compra'} ${c.documento} - ${c.proveedor}`;
  // The same destination rule as cash-box and finance expenses: when the purchase line is mapped to an expense (62-68,
  // e.g. a company that maps COMPRAS to 63 services) and its centre has a destination account, 9x D / 791 H (swapped for
  // a credit note, as the line itself). Goods (60) are not destined: they become stock (20/61) and later cost of sales.
  const id = await registrarAsiento(tx, {
    idEmpresa: c.idEmpresa, idUsuario: c.idUsuario, idDiario: DIARIO_COMPRAS, fecha: c.fecha, glosa, origen: 'COMPRA', claveOrigen: `COMPRA:${c.idCompra}`, documento: c.documento.slice(0, 20),
    lineas: await conDestino(tx, c.idEmpresa, lineas),
    siCerradoSiguiente: true,
  });
  if (c.conIngresoAlmacen && base.gt(0))
    await registrarAsiento(tx, {
      idEmpresa: c.idEmpresa,
      idUsuario: c.idUsuario,
      idDiario: DIARIO_COMPRAS,
      fecha: c.fecha,
      glosa: `${c.notaCredito ? 'Salida del almacén por' : 'Ingreso al almacén de'} ${c.documento}`,
      origen: 'COMPRA',
      claveOrigen: `COMPRA-ALMACEN:${c.idCompra}`,
      documento: c.documento.slice(0, 20),
      lineas: [{ idCuenta: k.MERCADERIAS, debe: base, haber: 0 }, { idCuenta: k.VARIACION_MERCADERIAS, debe: 0, haber: base }].map(girar),
      siCerradoSiguiente: true,
    });
  return id;
}

// ---------------------------------------------------------------------------------------------------------------
// Hooks of finance's collections and of the cash boxes (registered in app.ts)
// ---------------------------------------------------------------------------------------------------------------

/**
 * A collection or a cash movement is refused (its transaction rolls back) when its entry cannot be written: the
 * message says why and where to fix it, instead of a field error of the entry's lines.
 */
async function conMensaje<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    // The treasury account's own message already says where to fix it.
    if (err instanceof AppError && err.code === ErrorCodes.CUENTA_TESORERIA_NO_POSTEABLE) throw err;
    if (err instanceof AppError) throw new AppError(ErrorCodes.VALIDACION, `No se pudo registrar el asiento contable: ${motivoDe(err)}. Revise Contabilidad > Configuración contable.`, 400);
    throw err;
  }
}

/**
 * What a collection settles, in the soles the documents were booked at: per collected line, a soles document's amount,
 * a dollar document's amount at the rate its sale entry used (the company's selling rate of its issue date). The
 * difference with the soles received is the exchange difference (exported for supplier payments: same rule).
 */
export async function solesContabilizados(
  tx: Pick<Db, 'select'>,
  idEmpresa: number,
  lineas: { idMoneda: number; monto: Decimal.Value; fechaDocumento: string; solesAlCobro: Decimal.Value }[],
): Promise<Decimal> {
  let total = new Decimal(0);
  const tasas = new Map<string, Decimal | null>();
  for (const l of lineas) {
    if (l.idMoneda !== 2) {
      total = total.plus(l.monto);
      continue;
    }
    if (!tasas.has(l.fechaDocumento)) tasas.set(l.fechaDocumento, await tipoDeCambio(tx, idEmpresa, l.fechaDocumento));
    const t = tasas.get(l.fechaDocumento);
    // No rate of the issue date: the sale entry is still pending and will be booked at a rate yet to be registered;
    // nothing better than the collection's own soles (no difference) is known now.
    total = total.plus(t ? new Decimal(l.monto).times(t).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : l.solesAlCobro);
  }
  return total;
}

/**
 * What a collection (or a canje's kind-4 collection) settles, in the soles its dues were booked at
 * (solesContabilizados), with the first due's document type and, for a letra's due, where the letra is.
 */
async function solesDelCobro(tx: TTx, idEmpresa: number, idCobro: number): Promise<{ ubicacion: number | null; codigoTipo: string | null; contabilizado: Decimal }> {
  const detalle = filasDe<{ codigo_tipo: string | null; id_moneda: number; monto: string; monto_cuenta: string; fecha_emision: string; moneda_cuenta: number; tipo_cambio: string | null; ubicacion: number | null }>(
    await tx.execute(sql`select d.codigo_tipo, q.id_moneda, x.monto, x.monto_cuenta, coalesce(d.fecha_emision, q.fecha_emision)::text as fecha_emision, k.id_moneda as moneda_cuenta, k.tipo_cambio,
                                l.ubicacion
                           from cobro_detalle x join cobro k on k.id = x.id_cobro join cuota_cobrar q on q.id = x.id_cuota
                           left join documento_contable d on d.id = q.id_documento left join letra l on l.id = -q.id_documento and q.id_documento < 0
                          where x.id_cobro = ${idCobro} order by x.id`),
  );
  const contabilizado = await solesContabilizados(
    tx,
    idEmpresa,
    detalle.map((x) => ({
      idMoneda: Number(x.id_moneda),
      monto: x.monto,
      fechaDocumento: x.fecha_emision,
      solesAlCobro: Number(x.moneda_cuenta) === 1 ? x.monto_cuenta : new Decimal(x.monto_cuenta).times(x.tipo_cambio ?? 1).toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
    })),
  );
  return { ubicacion: detalle[0]?.ubicacion == null ? null : Number(detalle[0].ubicacion), codigoTipo: detalle[0]?.codigo_tipo ?? null, contabilizado };
}

/**
 * finance's alRegistrarCobro: 10 D (soles received) / 12 H (the soles the collected documents were booked at) in the
 * collection's transaction, on the receivable of the first document's type; a dollar document collected at another
 * rate than its issue date's posts the difference: 676 D (loss) or 776 H (gain).
 */
export async function contabilizarAlCobrar(
  tx: TTx,
  c: { idEmpresa: number; idUsuario: number; idCobro: number; fecha: string; montoSoles: string; efectivo: boolean; glosa: string; aplicacionSaldo?: boolean; idCuentaFinanciera?: number | null; itfSoles?: string },
): Promise<void> {
  if (c.aplicacionSaldo) {
    await conMensaje(() => contabilizarAplicacionSaldo(tx, c));
    return;
  }
  // A letra's due (id_documento = -letra.id) is booked where the letra is (1231/1232/1233); a discounted letra the
  // customer paid to the bank settles the discount's obligation (4511) instead of bringing money in.
  const { ubicacion, codigoTipo, contabilizado } = await solesDelCobro(tx, c.idEmpresa, c.idCobro);
  const cobrar: TClaveMapeo =
    ubicacion === null ? (COBRAR_POR_TIPO[codigoTipo ?? '01'] ?? 'COBRAR_FACTURA') : ubicacion === 2 ? 'LETRAS_COBRANZA' : ubicacion === 3 ? 'LETRAS_DESCUENTO' : 'LETRAS_CARTERA';
  const recibido = new Decimal(c.montoSoles);
  await conMensaje(() =>
    contabilizarCobro(tx, {
      idEmpresa: c.idEmpresa, idUsuario: c.idUsuario, idCobro: c.idCobro, fecha: c.fecha, importe: recibido, efectivo: c.efectivo, glosa: c.glosa, cobrar, contabilizado,
      medio: ubicacion === 3 ? 'LETRAS_OBLIGACION_DESCUENTO' : undefined, idCuentaFinanciera: c.idCuentaFinanciera, itf: c.itfSoles,
    }),
  );
}

/** An entry of a letra's movement (finance's letras.service): lines by mapping key, in soles, key LETRA-...:<id>. */
export type TAsientoLetra = {
  idEmpresa: number; idUsuario: number; fecha: string; glosa: string; clave: string;
  lineas: { clave: TClaveMapeo; debe: Decimal.Value; haber: Decimal.Value; idCuentaFinanciera?: number | null }[];
  /** A canje of receivables: lines are [letras D, receivable H]; see contabilizarLetra. */
  idCobroCanje?: number;
};

/**
 * finance's alMovimientoLetra: canje 1231/12, cobranza 1232/1231, descuento, protesto, renovación (balanced). A canje of
 * dollar dues books the letras at the canje date's rate (finance's amounts) and credits the receivable with the soles
 * the invoices were booked at, so 12 nets to zero; the difference is 776 H (gain) or 676 D (loss), as a collection's.
 */
export async function contabilizarLetra(tx: TTx, a: TAsientoLetra): Promise<void> {
  const ids = await conMensaje(() => cuentasDeLineas(tx, a.idEmpresa, a.lineas));
  const todas: TLineaNueva[] =
    a.idCobroCanje === undefined
      ? a.lineas.map((l, i) => ({ idCuenta: ids[i], debe: new Decimal(l.debe).toDecimalPlaces(2), haber: new Decimal(l.haber).toDecimalPlaces(2) }))
      : await lineasConDiferencia(tx, a.idEmpresa, {
          medio: ids[0],
          contra: ids[1],
          recibido: a.lineas[0].debe,
          contabilizado: (await solesDelCobro(tx, a.idEmpresa, a.idCobroCanje)).contabilizado,
        });
  const lineas = todas.filter((l) => !new Decimal(l.debe).isZero() || !new Decimal(l.haber).isZero());
  await conMensaje(() =>
    registrarAsiento(tx, { idEmpresa: a.idEmpresa, idUsuario: a.idUsuario, idDiario: DIARIO_GENERAL, fecha: a.fecha, glosa: a.glosa.slice(0, 200), origen: 'LETRA', claveOrigen: a.clave, lineas, siCerradoSiguiente: true }),
  );
}

/** finance's alRevertirLetra: the reversal (ANULA-<clave>) of a letra's entry, when it exists. */
export async function revertirLetra(tx: TTx, a: { idEmpresa: number; clave: string; fecha: string; glosa: string }): Promise<void> {
  const lineas = await lineasInvertidas(tx, a.idEmpresa, a.clave);
  if (!lineas) return;
  await conMensaje(() =>
    registrarAsiento(tx, { idEmpresa: a.idEmpresa, idUsuario: null, idDiario: DIARIO_GENERAL, fecha: a.fecha, glosa: a.glosa.slice(0, 200), origen: 'ANULACION', claveOrigen: `ANULA-${a.clave}`, lineas, siCerradoSiguiente: true }),
  );
}

/**
 * An application of the customer's credit in favour (finance's collection kind 3) is not cash: the credit note's entry
 * already credited the receivable (COBRAR_NOTA_CREDITO H, the whole note, also the part beyond the debt), and the due
 * it settles is a debit on its document's receivable. When both are the same account (the default: 1212) they already
 * net out and nothing is posted; when the company mapped notes elsewhere, the credit moves to the settled document's
 * account: note account D / document account H, in the soles the documents were booked at (key COBRO:<id>, so the
 * collection's void reverses it like any collection's). A dollar credit is valued at its notes' rates (oldest notes
 * first, after the earlier applications): when that differs from the documents' rates, the exchange difference is
 * posted in the same entry (776 H gain, 676 D loss), also on the default mapping. Returns the entry id, or null when
 * nothing is posted.
 */
export async function contabilizarAplicacionSaldo(tx: TTx, c: { idEmpresa: number; idUsuario: number; idCobro: number; fecha: string; glosa: string }): Promise<number | null> {
  const detalle = filasDe<{ codigo_tipo: string | null; id_moneda: number; monto: string; fecha_emision: string }>(
    await tx.execute(sql`select d.codigo_tipo, q.id_moneda, x.monto::text as monto, d.fecha_emision::text as fecha_emision
                           from cobro_detalle x join cuota_cobrar q on q.id = x.id_cuota join documento_contable d on d.id = q.id_documento
                          where x.id_cobro = ${c.idCobro} order by x.id`),
  );
  const [k0] = filasDe<{ cliente: string; id_moneda: number; monto: string; tipo_cambio: string | null }>(
    await tx.execute(sql`select numero_documento_cliente as cliente, id_moneda, monto::text as monto, tipo_cambio::text as tipo_cambio from cobro where id = ${c.idCobro}`),
  );
  const claves = [...new Set(detalle.map((x) => COBRAR_POR_TIPO[x.codigo_tipo ?? '01'] ?? 'COBRAR_FACTURA'))];
  const k = await cuentasDe(tx, c.idEmpresa, ['COBRAR_NOTA_CREDITO', ...claves]);
  // The settled dues, in the soles their documents were booked at (H on each document's receivable).
  const porCuenta = new Map<number, Decimal>();
  for (const x of detalle) {
    const cuenta = k[COBRAR_POR_TIPO[x.codigo_tipo ?? '01'] ?? 'COBRAR_FACTURA'];
    const soles = await solesContabilizados(tx, c.idEmpresa, [{ idMoneda: Number(x.id_moneda), monto: x.monto, fechaDocumento: x.fecha_emision, solesAlCobro: x.monto }]);
    porCuenta.set(cuenta, (porCuenta.get(cuenta) ?? new Decimal(0)).plus(soles));
  }
  const documentos = [...porCuenta.values()].reduce((a, b) => a.plus(b), new Decimal(0));
  // The credit, in the soles its notes were booked at (a dollar note at the selling rate of its issue date), taken
  // from the oldest notes first after the earlier applications not voided.
  let credito = documentos;
  if (Number(k0.id_moneda) === 2) {
    const notas = filasDe<{ monto: string; fecha: string }>(
      await tx.execute(sql`select n.monto::text as monto, d.fecha_emision::text as fecha from nota_cuota n join documento_contable d on d.id = n.id_nota
                            where n.id_empresa = ${c.idEmpresa} and n.numero_documento_cliente = ${k0.cliente} and n.id_moneda = 2 and n.tipo = 'F' and not n.revertido order by n.id`),
    );
    const [{ antes }] = filasDe<{ antes: string }>(
      await tx.execute(sql`select coalesce(sum(monto), 0)::text as antes from cobro where id_empresa = ${c.idEmpresa} and numero_documento_cliente = ${k0.cliente}
                            and id_moneda = 2 and id_tipo_cobro = 3 and not anulado and id < ${c.idCobro}`),
    );
    const tramos = [];
    for (const n of notas) tramos.push({ monto: n.monto, tasa: await tipoDeCambio(tx, c.idEmpresa, n.fecha) });
    credito = solesDelCredito(tramos, antes, k0.monto, k0.tipo_cambio);
  }
  const lineas: TLineaNueva[] = [{ idCuenta: k.COBRAR_NOTA_CREDITO, debe: credito, haber: 0 }, ...[...porCuenta.entries()].map(([idCuenta, v]) => ({ idCuenta, debe: 0, haber: v }))];
  const netas = await conDiferenciaDeCambio(tx, c.idEmpresa, lineas);
  if (!netas.length) return null;
  return registrarAsiento(tx, {
    idEmpresa: c.idEmpresa,
    idUsuario: c.idUsuario,
    idDiario: DIARIO_GENERAL,
    fecha: c.fecha,
    glosa: c.glosa,
    origen: 'COBRO',
    claveOrigen: `COBRO:${c.idCobro}`,
    lineas: netas,
    siCerradoSiguiente: true,
  });
}

/**
 * The soles value of `aplicar` (a dollar amount) taken from a credit made of notes (oldest first, each at the rate it
 * was booked at), after `antes` was taken by earlier applications. A part no note covers any more (a note voided after
 * its credit was applied) is valued at the application's own rate (`tasaDelDia`), or at 1 when there is none.
 */
export function solesDelCredito(notas: { monto: Decimal.Value; tasa: Decimal.Value | null }[], antes: Decimal.Value, aplicar: Decimal.Value, tasaDelDia: Decimal.Value | null): Decimal {
  let saltar = new Decimal(antes);
  let falta = new Decimal(aplicar);
  let soles = new Decimal(0);
  for (const n of notas) {
    if (falta.lte(0)) break;
    let monto = new Decimal(n.monto);
    const salto = Decimal.min(saltar, monto);
    saltar = saltar.minus(salto);
    monto = monto.minus(salto);
    if (monto.lte(0)) continue;
    const toma = Decimal.min(monto, falta);
    soles = soles.plus(toma.times(n.tasa ?? tasaDelDia ?? 1).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
    falta = falta.minus(toma);
  }
  if (falta.gt(0)) soles = soles.plus(falta.times(tasaDelDia ?? 1).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  return soles;
}

/**
 * An application's lines netted per account (the same account debited and credited leaves only the difference, and
 * nothing when equal) and balanced with the exchange difference: more debit than credit is a gain (776 H), more credit
 * than debit a loss (676 D), or the mapped accounts. Empty when nothing is left to post.
 */
async function conDiferenciaDeCambio(tx: Pick<Db, 'select' | 'execute'>, idEmpresa: number, lineas: TLineaNueva[]): Promise<TLineaNueva[]> {
  const neto = new Map<number, Decimal>();
  for (const l of lineas) neto.set(l.idCuenta, (neto.get(l.idCuenta) ?? new Decimal(0)).plus(l.debe).minus(l.haber));
  const diferencia = [...neto.values()].reduce((a, b) => a.plus(b), new Decimal(0));
  if (!diferencia.isZero()) {
    const clave: TClaveMapeo = diferencia.isPos() ? 'GANANCIA_CAMBIO' : 'PERDIDA_CAMBIO';
    const k = await cuentasDe(tx, idEmpresa, [clave]);
    neto.set(k[clave], (neto.get(k[clave]) ?? new Decimal(0)).minus(diferencia));
  }
  return [...neto.entries()].filter(([, v]) => !v.isZero()).map(([idCuenta, v]) => ({ idCuenta, debe: v.isPos() ? v : 0, haber: v.isNeg() ? v.abs() : 0 }));
}

/**
 * An application of a supplier's credit in favour (finance's payment kind 3) is not cash: the supplier's credit note
 * already debited its account (POR_PAGAR_NOTA_CREDITO, its whole total, at its own rate) and the settled purchase's
 * due is a credit on POR_PAGAR at the purchase's rate. With the default mapping (both 4212) and equal soles nothing is
 * posted; otherwise, key PAGO:<id> in the general journal: POR_PAGAR D (the purchases' soles) / note account H (the
 * credit's soles, its notes oldest first) and the exchange difference (676 D loss, 776 H gain). The payment's void
 * reverses it like any payment's.
 */
export async function contabilizarAplicacionSaldoProveedor(tx: TTx, p: { idEmpresa: number; idUsuario: number; idPago: number; fecha: string; glosa: string }): Promise<number | null> {
  const [k0] = filasDe<{ proveedor: string; id_moneda: number; monto: string; tipo_cambio: string | null }>(
    await tx.execute(sql`select numero_documento_proveedor as proveedor, id_moneda, monto::text as monto, tipo_cambio::text as tipo_cambio from pago_proveedor where id = ${p.idPago}`),
  );
  const detalle = filasDe<{ monto: string; tasa: string | null }>(
    await tx.execute(sql`select x.monto::text as monto, c.tipo_cambio::text as tasa from pago_proveedor_detalle x join cuota_pagar q on q.id = x.id_cuota
                           left join compra c on c.id = q.id_documento and c.id_empresa = q.id_empresa where x.id_pago_proveedor = ${p.idPago} order by x.id`),
  );
  const dolares = Number(k0.id_moneda) === 2;
  const redondeo = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const compras = detalle.reduce((s, x) => s.plus(dolares ? redondeo(new Decimal(x.monto).times(x.tasa ?? k0.tipo_cambio ?? 1)) : new Decimal(x.monto)), new Decimal(0));
  let credito = compras;
  if (dolares) {
    const notas = filasDe<{ monto: string; tasa: string | null }>(
      await tx.execute(sql`select total::text as monto, tipo_cambio::text as tasa from compra where id_empresa = ${p.idEmpresa} and ruc_proveedor = ${k0.proveedor}
                            and id_moneda = 2 and tipo_documento = '07' and not anulado order by id`),
    );
    const [{ antes }] = filasDe<{ antes: string }>(
      await tx.execute(sql`select coalesce(sum(monto), 0)::text as antes from pago_proveedor where id_empresa = ${p.idEmpresa} and numero_documento_proveedor = ${k0.proveedor}
                            and id_moneda = 2 and id_tipo_pago = 3 and not anulado and id < ${p.idPago}`),
    );
    credito = solesDelCredito(notas, antes, k0.monto, k0.tipo_cambio);
  }
  const k = await cuentasDe(tx, p.idEmpresa, ['POR_PAGAR', 'POR_PAGAR_NOTA_CREDITO']);
  const netas = await conDiferenciaDeCambio(tx, p.idEmpresa, [
    { idCuenta: k.POR_PAGAR, debe: compras, haber: 0 },
    { idCuenta: k.POR_PAGAR_NOTA_CREDITO, debe: 0, haber: credito },
  ]);
  if (!netas.length) return null;
  return registrarAsiento(tx, {
    idEmpresa: p.idEmpresa,
    idUsuario: p.idUsuario,
    idDiario: DIARIO_GENERAL,
    fecha: p.fecha,
    glosa: p.glosa,
    origen: 'PAGO',
    claveOrigen: `PAGO:${p.idPago}`,
    lineas: netas,
    siCerradoSiguiente: true,
  });
}

/**
 * finance's alRegistrarDeduccion (detracciones and retenciones recorded against a document), in its transaction, dated
 * the deposit's / retention voucher's date (a closed month refuses it): sales detracción BANCO_DETRACCIONES D (our
 * Banco de la Nación account, 1042) / the document's receivable H; retención suffered RETENCIONES_IGV D (40114, to
 * apply against the month's IGV) / receivable H; purchase detracción POR_PAGAR D (4212) / BANCO H (the deposit comes
 * out of our operating bank account). Key DETRACCION:<id> or RETENCION:<id>; amounts in soles.
 */
export async function contabilizarDeduccion(
  tx: TTx,
  d: {
    idEmpresa: number; idUsuario: number; id: number; lado: 'C' | 'P'; tipo: 'D' | 'R'; fecha: string; montoSoles: string; glosa: string; codigoTipo: string | null;
    idCuentaFinanciera?: number | null;
  },
): Promise<void> {
  const cobrar: TClaveMapeo = COBRAR_POR_TIPO[d.codigoTipo ?? '01'] ?? 'COBRAR_FACTURA';
  // The bank side is the deposit's financial account's own ledger account when it has one (branch cuentabanco).
  const [debe, haber]: [TClaveMapeo, TClaveMapeo] = d.lado === 'P' ? ['POR_PAGAR', 'BANCO'] : d.tipo === 'D' ? ['BANCO_DETRACCIONES', cobrar] : ['RETENCIONES_IGV', cobrar];
  const k = await conMensaje(() => cuentasDe(tx, d.idEmpresa, [debe, haber].filter((c) => c !== 'BANCO' && c !== 'BANCO_DETRACCIONES')));
  for (const c of [debe, haber]) if (c === 'BANCO' || c === 'BANCO_DETRACCIONES') k[c] = await cuentaDeTesoreria(tx, d.idEmpresa, c, d.idCuentaFinanciera);
  // What the deduction settles in the books: a dollar document's part at the rate it was booked at (the sale's issue
  // date, or the purchase's own rate); the soles deposited or withheld differ from it by an exchange difference (676/776),
  // as collections and payments (solesContabilizados, lineasConDiferencia).
  const [x] = filasDe<{ id_moneda: number; monto: string; fecha_emision: string | null; tasa_compra: string | null }>(
    await tx.execute(sql`
      select d.id_moneda, d.monto::text as monto, dc.fecha_emision::text as fecha_emision, c.tipo_cambio::text as tasa_compra
        from deduccion_documento d
        left join documento_contable dc on d.lado = 'C' and dc.id = d.id_documento and dc.id_empresa = d.id_empresa
        left join compra c on d.lado = 'P' and c.id = d.id_documento and c.id_empresa = d.id_empresa
       where d.id = ${d.id} and d.id_empresa = ${d.idEmpresa}`),
  );
  let contabilizado = new Decimal(d.montoSoles);
  if (x && Number(x.id_moneda) === 2) {
    if (d.lado === 'C' && x.fecha_emision)
      contabilizado = await solesContabilizados(tx, d.idEmpresa, [{ idMoneda: 2, monto: x.monto, fechaDocumento: x.fecha_emision, solesAlCobro: d.montoSoles }]);
    else if (d.lado === 'P' && x.tasa_compra) contabilizado = new Decimal(x.monto).times(x.tasa_compra).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  }
  // Written as money in (the bank or the retention credit D / the receivable H) and swapped for the payables side.
  const lineas = await conMensaje(() =>
    d.lado === 'P'
      ? lineasConDiferencia(tx, d.idEmpresa, { medio: k[haber], contra: k[debe], recibido: d.montoSoles, contabilizado, pago: true })
      : lineasConDiferencia(tx, d.idEmpresa, { medio: k[debe], contra: k[haber], recibido: d.montoSoles, contabilizado }),
  );
  await conMensaje(() =>
    registrarAsiento(tx, {
      idEmpresa: d.idEmpresa,
      idUsuario: d.idUsuario,
      idDiario: d.tipo === 'D' ? DIARIO_CAJA : DIARIO_GENERAL,
      fecha: d.fecha,
      glosa: d.glosa.slice(0, 200),
      origen: d.lado === 'C' ? 'COBRO' : 'PAGO',
      claveOrigen: `${d.tipo === 'D' ? 'DETRACCION' : 'RETENCION'}:${d.id}`,
      // The payables side keeps its order: 42 D first, the bank H.
      lineas: d.lado === 'P' ? [...lineas.filter((l) => l.idCuenta === k[debe]), ...lineas.filter((l) => l.idCuenta !== k[debe])] : lineas,
    }),
  );
}

/** finance's alAnularDeduccion: the reversal (ANULA-DETRACCION:<id> / ANULA-RETENCION:<id>) dated the void's day. */
export async function revertirDeduccion(tx: TTx, d: { idEmpresa: number; id: number; tipo: 'D' | 'R'; fecha: string; glosa: string }): Promise<void> {
  const clave = `${d.tipo === 'D' ? 'DETRACCION' : 'RETENCION'}:${d.id}`;
  const lineas = await lineasInvertidas(tx, d.idEmpresa, clave);
  if (!lineas) return;
  await conMensaje(() =>
    registrarAsiento(tx, { idEmpresa: d.idEmpresa, idUsuario: null, idDiario: d.tipo === 'D' ? DIARIO_CAJA : DIARIO_GENERAL, fecha: d.fecha, glosa: d.glosa, origen: 'ANULACION', claveOrigen: `ANULA-${clave}`, lineas }),
  );
}

/** finance's alAnularCobro: the collection's reversal. */
export async function revertirAlAnularCobro(tx: TTx, c: { idEmpresa: number; idCobro: number; fecha: string; glosa: string }): Promise<void> {
  await conMensaje(() => revertirCobro(tx, c.idEmpresa, c.idCobro, c.fecha, c.glosa));
}

/**
 * finance's alRegistrarPago: 42 / 10 in the supplier payment's transaction (refused with the reason when it cannot be
 * posted). A dollar purchase was booked on 42 at its own rate (compra.tipo_cambio): paid at another day's rate, the
 * difference goes to 676 (more soles paid: loss) or 776 (fewer: gain).
 */
export async function contabilizarAlPagar(
  tx: TTx,
  p: { idEmpresa: number; idUsuario: number; idPago: number; fecha: string; montoSoles: string; efectivo: boolean; glosa: string; aplicacionSaldo?: boolean; idCuentaFinanciera?: number | null; itfSoles?: string; retencionSoles?: string },
): Promise<void> {
  if (p.aplicacionSaldo) {
    await conMensaje(() => contabilizarAplicacionSaldoProveedor(tx, p));
    return;
  }
  // A letra por pagar's due (id_documento = -letra_pagar.id) is booked on 423 at the letra's own soles (its rate); a due
  // a supplier's debit note added to its purchase was booked at the note's rate.
  const detalle = filasDe<{ id_moneda: number; monto: string; tasa: string | null; monto_cuenta: string; moneda_cuenta: number; tasa_pago: string | null; letra: number | null }>(
    await tx.execute(sql`select q.id_moneda, x.monto::text as monto, coalesce(nd.tipo_cambio, c.tipo_cambio, lp.monto_soles / lp.monto)::text as tasa, x.monto_cuenta::text as monto_cuenta,
                                k.id_moneda as moneda_cuenta, k.tipo_cambio::text as tasa_pago, lp.id as letra
                           from pago_proveedor_detalle x join pago_proveedor k on k.id = x.id_pago_proveedor join cuota_pagar q on q.id = x.id_cuota
                           left join compra c on c.id = q.id_documento and c.id_empresa = q.id_empresa
                           left join nota_compra_cuota ncd on ncd.id_cuota = q.id and ncd.tipo = 'D' and not ncd.revertido left join compra nd on nd.id = ncd.id_nota
                           left join letra_pagar lp on lp.id = -q.id_documento and q.id_documento < 0
                          where x.id_pago_proveedor = ${p.idPago} order by x.id`),
  );
  const redondeo = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const contabilizado = detalle.reduce((s, x) => {
    if (Number(x.id_moneda) !== 2) return s.plus(x.monto);
    if (x.tasa) return s.plus(redondeo(new Decimal(x.monto).times(x.tasa)));
    // A due not from a registered purchase: no booked rate is known, so no difference (the soles paid for it).
    return s.plus(Number(x.moneda_cuenta) === 1 ? x.monto_cuenta : redondeo(new Decimal(x.monto_cuenta).times(x.tasa_pago ?? 1)));
  }, new Decimal(0));
  await conMensaje(() =>
    contabilizarPago(tx, { idEmpresa: p.idEmpresa, idUsuario: p.idUsuario, idPago: p.idPago, fecha: p.fecha, importe: p.montoSoles, efectivo: p.efectivo, glosa: p.glosa, contabilizado,
      idCuentaFinanciera: p.idCuentaFinanciera, itf: p.itfSoles, retencion: p.retencionSoles, porPagar: detalle.length && detalle.every((x) => x.letra != null) ? 'LETRAS_POR_PAGAR' : undefined }),
  );
}

/** finance's alAnularPago: the supplier payment's reversal. */
export async function revertirAlAnularPago(tx: TTx, p: { idEmpresa: number; idPago: number; fecha: string; glosa: string }): Promise<void> {
  await conMensaje(() => revertirPago(tx, p.idEmpresa, p.idPago, p.fecha, p.glosa));
}

/** The cash boxes' alRegistrarMovimientoCaja: income 10 D / 75x H, expense 65x D / 10 H. */
export async function contabilizarAlMovimientoCaja(
  tx: TTx,
  m: { idEmpresa: number; idUsuario: number; idMovimiento: number; tipo: number; monto: string; motivo: string; fecha: Date; idCentroCosto: number | null },
): Promise<void> {
  await conMensaje(() => contabilizarMovimientoCaja(tx, {
    idEmpresa: m.idEmpresa,
    idUsuario: m.idUsuario,
    idMovimiento: m.idMovimiento,
    fecha: fechaLima(m.fecha),
    tipo: m.tipo === 1 ? 'INGRESO' : 'EGRESO',
    importe: m.monto,
    idCentroCosto: m.idCentroCosto,
    glosa: `${m.tipo === 1 ? 'Ingreso' : 'Egreso'} de caja: ${m.motivo}`,
  }));
}

/** The purchases module's alRegistrarCompra: the purchase's entries, or the purchase is refused with the reason. */
export async function contabilizarAlRegistrarCompra(tx: TTx, c: TCompraContable): Promise<void> {
  await conMensaje(() => contabilizarCompra(tx, c));
}

/** The purchases module's alAnularCompra: the reversal of its entries (keys ANULA-COMPRA and ANULA-COMPRA-ALMACEN). */
export async function revertirAlAnularCompra(tx: TTx, c: { idEmpresa: number; idCompra: number; fecha: string; glosa: string }): Promise<void> {
  await conMensaje(async () => {
    for (const [clave, nueva] of [
      [`COMPRA:${c.idCompra}`, `ANULA-COMPRA:${c.idCompra}`],
      [`COMPRA-ALMACEN:${c.idCompra}`, `ANULA-COMPRA-ALMACEN:${c.idCompra}`],
    ] as const) {
      const lineas = await lineasInvertidas(tx, c.idEmpresa, clave);
      if (lineas) await registrarAsiento(tx, { idEmpresa: c.idEmpresa, idUsuario: null, idDiario: DIARIO_COMPRAS, fecha: c.fecha, glosa: c.glosa, origen: 'ANULACION', claveOrigen: nueva, lineas, siCerradoSiguiente: true });
    }
  });
}


// ---------------------------------------------------------------------------------------------------------------
// Payroll
// ---------------------------------------------------------------------------------------------------------------

const DIARIO_PLANILLAS = 4;

/** An approved payroll run's totals per payslip line (type and code), as HR sums them, and its net pay. */
export type TPlanillaContable = {
  idEmpresa: number;
  idUsuario: number;
  idNomina: number;
  anio: number;
  mes: number;
  /** Sum of each line code of the run's payslips, per type (INGRESO, DESCUENTO, APORTE; INFORMATIVO is not posted). */
  lineas: { tipo: string; codigo: string; monto: string; idCentroCosto?: number | null }[];
  neto: string;
  /** The month's CTS provision of the run's payslips (HR computes it per worker; 0 when nobody accrues it). */
  provisionCts?: string;
  /** The same provision per cost centre of the workers' contracts (adds up to provisionCts). */
  provisionesCts?: { idCentroCosto: number | null; monto: string }[];
};

/** Earnings that are not worked time but the July and December bonuses: 6214. */
const GRATIFICACIONES = new Set(['GRATIFICACION', 'BONIF_EXTRAORDINARIA']);
/** Deductions for time not worked: they lower the month's pay expense (6211), they are not owed to anyone. */
const NO_LABORADO = new Set(['INASISTENCIAS', 'LICENCIA_SIN_GOCE', 'TARDANZAS']);
/** Deductions withheld for a third party. */
const RETENCIONES: Record<string, TClaveMapeo> = { ONP: 'ONP_POR_PAGAR', AFP_FONDO: 'AFP_POR_PAGAR', AFP_COMISION: 'AFP_POR_PAGAR', AFP_PRIMA: 'AFP_POR_PAGAR', RENTA_QUINTA: 'RENTA_QUINTA' };

/**
 * The accrual of an approved payroll run (key PLANILLA:<id>, journal 4 Planillas, dated the month's last day):
 * 6211 sueldos (earnings less time not worked) and 6214 gratificaciones D, 6271 EsSalud D / 4031 EsSalud H;
 * 4032 ONP, 407 AFP and 40173 5ta H (what was withheld); 4111 H the net pay; and the destination of the expense,
 * 94 D / 791 H (PCGE: class 6 expenses are carried to element 9). Every figure is a sum of the payslips' own lines, so
 * the entry always matches them; a line code without an account is refused (a new concept needs its mapping).
 */
export async function contabilizarPlanilla(tx: TTx, p: TPlanillaContable): Promise<number | null> {
  const k = await cuentasDe(tx, p.idEmpresa, [
    'PLANILLA_SUELDOS', 'PLANILLA_GRATIFICACIONES', 'PLANILLA_ESSALUD', 'ESSALUD_POR_PAGAR', 'ONP_POR_PAGAR', 'AFP_POR_PAGAR',
    'RENTA_QUINTA', 'REMUNERACIONES_POR_PAGAR', 'DESTINO_PLANILLA', 'CARGAS_IMPUTABLES',
  ]);
  // The expense per cost centre of the workers' contracts (null: no centre); what is owed, for the whole run.
  const porCentro = new Map<number | null, { sueldos: Decimal; gratificaciones: Decimal; essalud: Decimal }>();
  const retenido = new Map<TClaveMapeo, Decimal>();
  let essaludTotal = new Decimal(0);
  for (const l of p.lineas) {
    const monto = new Decimal(l.monto);
    const centro = l.idCentroCosto ?? null;
    const g = porCentro.get(centro) ?? { sueldos: new Decimal(0), gratificaciones: new Decimal(0), essalud: new Decimal(0) };
    porCentro.set(centro, g);
    if (l.tipo === 'INGRESO') {
      if (GRATIFICACIONES.has(l.codigo)) g.gratificaciones = g.gratificaciones.plus(monto);
      else g.sueldos = g.sueldos.plus(monto);
    } else if (l.tipo === 'DESCUENTO') {
      if (NO_LABORADO.has(l.codigo)) g.sueldos = g.sueldos.minus(monto);
      else if (RETENCIONES[l.codigo]) retenido.set(RETENCIONES[l.codigo], (retenido.get(RETENCIONES[l.codigo]) ?? new Decimal(0)).plus(monto));
      else throw new AppError(ErrorCodes.VALIDACION, `El descuento ${l.codigo} de la planilla no tiene cuenta contable`, 400);
    } else if (l.tipo === 'APORTE') {
      if (l.codigo !== 'ESSALUD') throw new AppError(ErrorCodes.VALIDACION, `El aporte ${l.codigo} de la planilla no tiene cuenta contable`, 400);
      g.essalud = g.essalud.plus(monto);
      essaludTotal = essaludTotal.plus(monto);
    }
  }
  const centros = [...porCentro.keys()].sort((x, y) => (x ?? 0) - (y ?? 0));
  const gastoDe = (c: number | null) => {
    const g = porCentro.get(c)!;
    return g.sueldos.plus(g.gratificaciones).plus(g.essalud);
  };
  if (centros.every((c) => gastoDe(c).isZero())) return null;
  const destinos = await destinosDeCentros(tx, p.idEmpresa, centros);
  const debe = (idCuenta: number, v: Decimal, idCentroCosto: number | null = null): TLineaNueva[] => (v.isZero() ? [] : [{ idCuenta, debe: v, haber: 0, idCentroCosto }]);
  const haber = (idCuenta: number, v: Decimal, idCentroCosto: number | null = null): TLineaNueva[] => (v.isZero() ? [] : [{ idCuenta, debe: 0, haber: v, idCentroCosto }]);
  const periodo = `${p.anio}-${String(p.mes).padStart(2, '0')}`;
  const ultimoDia = new Date(Date.UTC(p.anio, p.mes, 0)).toISOString().slice(0, 10);
  return registrarAsiento(tx, {
    idEmpresa: p.idEmpresa,
    idUsuario: p.idUsuario,
    idDiario: DIARIO_PLANILLAS,
    fecha: ultimoDia,
    glosa: `Planilla de remuneraciones ${periodo}`,
    origen: 'PLANILLA',
    claveOrigen: `PLANILLA:${p.idNomina}`,
    lineas: [
      ...centros.flatMap((c) => [
        ...debe(k.PLANILLA_SUELDOS, porCentro.get(c)!.sueldos, c),
        ...debe(k.PLANILLA_GRATIFICACIONES, porCentro.get(c)!.gratificaciones, c),
        ...debe(k.PLANILLA_ESSALUD, porCentro.get(c)!.essalud, c),
      ]),
      ...haber(k.ESSALUD_POR_PAGAR, essaludTotal),
      ...(['ONP_POR_PAGAR', 'AFP_POR_PAGAR', 'RENTA_QUINTA'] as const).flatMap((c) => haber(k[c], retenido.get(c) ?? new Decimal(0))),
      ...haber(k.REMUNERACIONES_POR_PAGAR, new Decimal(p.neto)),
      ...centros.flatMap((c) => [...debe(destinos.get(c ?? -1) ?? k.DESTINO_PLANILLA, gastoDe(c), c), ...haber(k.CARGAS_IMPUTABLES, gastoDe(c), c)]),
    ],
    siCerradoSiguiente: true,
  });
}

/** The element 9 account each cost centre carries its expenses to (centres without one are absent). */
async function destinosDeCentros(tx: Pick<Db, 'execute'>, idEmpresa: number, centros: (number | null)[]): Promise<Map<number, number>> {
  const ids = centros.filter((c): c is number => c !== null);
  if (!ids.length) return new Map();
  const filas = filasDe<{ id: number; id_cuenta_destino: number }>(
    await tx.execute(sql`select id, id_cuenta_destino from centro_costo where id_empresa = ${idEmpresa} and id_cuenta_destino is not null and id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`),
  );
  return new Map(filas.map((f) => [Number(f.id), Number(f.id_cuenta_destino)]));
}

/**
 * The destination of class 6 expenses that carry a cost centre (PCGE: the expense by nature is carried to element 9
 * against 79 cargas imputables): for each line of 62 to 68 whose centre has a destination account, the same amount
 * to that account on the same side and to CARGAS_IMPUTABLES on the other, both with the centre. Lines without a
 * centre, or whose centre has no destination, and entries that already carry element 9 lines are left as they are.
 */
export async function conDestino(tx: TTx, idEmpresa: number, lineas: TLineaNueva[]): Promise<TLineaNueva[]> {
  const conCentro = lineas.filter((l) => l.idCentroCosto != null);
  if (!conCentro.length) return lineas;
  const destinos = await destinosDeCentros(tx, idEmpresa, conCentro.map((l) => l.idCentroCosto!));
  if (!destinos.size) return lineas;
  const codigos = new Map(
    filasDe<{ id: number; codigo: string }>(
      await tx.execute(sql`select id, codigo from cuenta_contable where id in (${sql.join([...new Set(lineas.map((l) => l.idCuenta))].map((i) => sql`${i}`), sql`, `)})`),
    ).map((f) => [Number(f.id), f.codigo]),
  );
  if (lineas.some((l) => codigos.get(l.idCuenta)?.startsWith('9'))) return lineas;
  const gasto = (l: TLineaNueva) => /^6[2-8]/.test(codigos.get(l.idCuenta) ?? '') && l.idCentroCosto != null && destinos.has(l.idCentroCosto);
  if (!lineas.some(gasto)) return lineas;
  const { CARGAS_IMPUTABLES } = await cuentasDe(tx, idEmpresa, ['CARGAS_IMPUTABLES']);
  return [
    ...lineas,
    ...lineas.filter(gasto).flatMap((l) => [
      { idCuenta: destinos.get(l.idCentroCosto!)!, debe: l.debe, haber: l.haber, idCentroCosto: l.idCentroCosto },
      { idCuenta: CARGAS_IMPUTABLES, debe: l.haber, haber: l.debe, idCentroCosto: l.idCentroCosto },
    ]),
  ];
}

/**
 * The month's CTS provision of an approved run, a SECOND entry of the approval's transaction (key PLANILLA-CTS:<id>,
 * journal 4, the month's last day): 6291 CTS D / 4151 CTS por pagar H, and its destination 94 D / 791 H (per cost
 * centre of the workers' contracts when they have one: the centre's destination account, else the mapped 94). A
 * separate entry because it is an estimate of a liability the deposit (May, November) settles, not a payslip figure:
 * the accrual PLANILLA:<id> stays exactly the payslips' lines, and the provision can be found and reversed on its own.
 */
export async function contabilizarProvisionCts(tx: TTx, p: TPlanillaContable): Promise<number | null> {
  const monto = new Decimal(p.provisionCts ?? 0).toDecimalPlaces(2);
  if (!monto.gt(0)) return null;
  const k = await cuentasDe(tx, p.idEmpresa, ['PLANILLA_CTS', 'CTS_POR_PAGAR', 'DESTINO_PLANILLA', 'CARGAS_IMPUTABLES']);
  // Per centre when HR gives the split (it adds up to the total); otherwise the whole provision without a centre.
  const partes = (p.provisionesCts?.length ? p.provisionesCts : [{ idCentroCosto: null, monto: monto.toFixed(2) }])
    .map((x) => ({ c: x.idCentroCosto ?? null, v: new Decimal(x.monto).toDecimalPlaces(2) }))
    .filter((x) => x.v.gt(0))
    .sort((x, y) => (x.c ?? 0) - (y.c ?? 0));
  const destinos = await destinosDeCentros(tx, p.idEmpresa, partes.map((x) => x.c));
  const periodo = `${p.anio}-${String(p.mes).padStart(2, '0')}`;
  return registrarAsiento(tx, {
    idEmpresa: p.idEmpresa,
    idUsuario: p.idUsuario,
    idDiario: DIARIO_PLANILLAS,
    fecha: new Date(Date.UTC(p.anio, p.mes, 0)).toISOString().slice(0, 10),
    glosa: `Provisión de CTS ${periodo}`,
    origen: 'PLANILLA',
    claveOrigen: `PLANILLA-CTS:${p.idNomina}`,
    lineas: [
      ...partes.map((x) => ({ idCuenta: k.PLANILLA_CTS, debe: x.v, haber: 0, idCentroCosto: x.c })),
      { idCuenta: k.CTS_POR_PAGAR, debe: 0, haber: monto },
      ...partes.flatMap((x) => [
        { idCuenta: destinos.get(x.c ?? -1) ?? k.DESTINO_PLANILLA, debe: x.v, haber: 0, idCentroCosto: x.c },
        { idCuenta: k.CARGAS_IMPUTABLES, debe: 0, haber: x.v, idCentroCosto: x.c },
      ]),
    ],
    siCerradoSiguiente: true,
  });
}

/** HR's alAprobarNomina: the payroll accrual and the CTS provision in the approval's transaction (refused with the reason when they cannot be posted). */
export async function contabilizarAlAprobarNomina(tx: TTx, p: TPlanillaContable): Promise<void> {
  await conMensaje(() => contabilizarPlanilla(tx, p));
  await conMensaje(() => contabilizarProvisionCts(tx, p));
}

/**
 * HR's alPagarNomina: the payment of payslips' net, one entry per payment operation (key PLANILLA_PAGO:<id>, journal 3
 * Caja y bancos): 4111 remuneraciones por pagar D / caja (a cash box) or banco (a bank account) H, as supplier payments.
 */
export async function contabilizarAlPagarNomina(
  tx: TTx,
  p: { idEmpresa: number; idUsuario: number; idPago: number; fecha: string; monto: string; efectivo: boolean; glosa: string; idCuentaFinanciera?: number | null },
): Promise<void> {
  await conMensaje(async () => {
    const medio = await cuentaDeTesoreria(tx, p.idEmpresa, p.efectivo ? 'CAJA' : 'BANCO', p.idCuentaFinanciera);
    const k = await cuentasDe(tx, p.idEmpresa, ['REMUNERACIONES_POR_PAGAR']);
    const importe = new Decimal(p.monto).toDecimalPlaces(2);
    return registrarAsiento(tx, {
      idEmpresa: p.idEmpresa,
      idUsuario: p.idUsuario,
      idDiario: DIARIO_CAJA,
      fecha: p.fecha,
      glosa: p.glosa,
      origen: 'PLANILLA',
      claveOrigen: `PLANILLA_PAGO:${p.idPago}`,
      lineas: [
        { idCuenta: k.REMUNERACIONES_POR_PAGAR, debe: importe, haber: 0 },
        { idCuenta: medio, debe: 0, haber: importe },
      ],
      siCerradoSiguiente: true,
    });
  });
}

/** HR's alAnularPagoNomina: the payment's reversal (key ANULA-PLANILLA_PAGO:<id>), dated the void's day. */
export async function revertirAlAnularPagoNomina(tx: TTx, p: { idEmpresa: number; idPago: number; fecha: string; glosa: string }): Promise<void> {
  await conMensaje(() => revertirTesoreria(tx, p.idEmpresa, `PLANILLA_PAGO:${p.idPago}`, p.fecha, p.glosa));
}

/**
 * HR's alDepositarCts: the CTS deposit of a May or November run, one entry per deposit operation (key
 * PLANILLA_CTS_DEPOSITO:<id>, journal 3 Caja y bancos): 4151 CTS por pagar D / banco H (the financial account's own
 * ledger account or the BANCO mapping). Then, when HR gives them, the adjustment of the provisions to the deposit (key
 * PLANILLA_CTS_AJUSTE:<id>, journal 4, the deposit's date), per cost centre: a deposit above the provisions 6291 D /
 * 4151 H and its destination (the centre's, else the mapped 94) D / 791 H; below them the same lines the other way.
 */
export async function contabilizarAlDepositarCts(
  tx: TTx,
  p: { idEmpresa: number; idUsuario: number; idDeposito: number; fecha: string; monto: string; glosa: string; idCuentaFinanciera: number; ajustes?: { idCentroCosto: number | null; monto: string }[] },
): Promise<void> {
  await conMensaje(async () => {
    const banco = await cuentaDeTesoreria(tx, p.idEmpresa, 'BANCO', p.idCuentaFinanciera);
    const k = await cuentasDe(tx, p.idEmpresa, ['CTS_POR_PAGAR']);
    const importe = new Decimal(p.monto).toDecimalPlaces(2);
    return registrarAsiento(tx, {
      idEmpresa: p.idEmpresa,
      idUsuario: p.idUsuario,
      idDiario: DIARIO_CAJA,
      fecha: p.fecha,
      glosa: p.glosa,
      origen: 'PLANILLA',
      claveOrigen: `PLANILLA_CTS_DEPOSITO:${p.idDeposito}`,
      lineas: [
        { idCuenta: k.CTS_POR_PAGAR, debe: importe, haber: 0 },
        { idCuenta: banco, debe: 0, haber: importe },
      ],
      siCerradoSiguiente: true,
    });
  });
  await conMensaje(() => contabilizarAjusteCts(tx, p));
}

async function contabilizarAjusteCts(
  tx: TTx,
  p: { idEmpresa: number; idUsuario: number; idDeposito: number; fecha: string; glosa: string; ajustes?: { idCentroCosto: number | null; monto: string }[] },
): Promise<number | null> {
  const partes = (p.ajustes ?? []).map((x) => ({ c: x.idCentroCosto, v: new Decimal(x.monto).toDecimalPlaces(2) })).filter((x) => !x.v.isZero());
  if (!partes.length) return null;
  const k = await cuentasDe(tx, p.idEmpresa, ['PLANILLA_CTS', 'CTS_POR_PAGAR', 'DESTINO_PLANILLA', 'CARGAS_IMPUTABLES']);
  const destinos = await destinosDeCentros(tx, p.idEmpresa, partes.map((x) => x.c));
  // A positive amount is more expense (debit); a negative one takes expense back (credit), line by line.
  const linea = (idCuenta: number, v: Decimal, idCentroCosto: number | null): TLineaNueva =>
    v.gt(0) ? { idCuenta, debe: v, haber: 0, idCentroCosto } : { idCuenta, debe: 0, haber: v.negated(), idCentroCosto };
  return registrarAsiento(tx, {
    idEmpresa: p.idEmpresa,
    idUsuario: p.idUsuario,
    idDiario: DIARIO_PLANILLAS,
    fecha: p.fecha,
    glosa: `Ajuste de la provisión de CTS al depósito - ${p.glosa}`.slice(0, 200),
    origen: 'PLANILLA',
    claveOrigen: `PLANILLA_CTS_AJUSTE:${p.idDeposito}`,
    lineas: partes.flatMap((x) => [
      linea(k.PLANILLA_CTS, x.v, x.c),
      linea(k.CTS_POR_PAGAR, x.v.negated(), null),
      linea(destinos.get(x.c ?? -1) ?? k.DESTINO_PLANILLA, x.v, x.c),
      linea(k.CARGAS_IMPUTABLES, x.v.negated(), x.c),
    ]),
    siCerradoSiguiente: true,
  });
}

/**
 * HR's alAnularDepositoCts: the deposit's reversal (key ANULA-PLANILLA_CTS_DEPOSITO:<id>) and, if there was one, its
 * provision adjustment's (ANULA-PLANILLA_CTS_AJUSTE:<id>, journal 4), dated the void's day.
 */
export async function revertirAlAnularDepositoCts(tx: TTx, p: { idEmpresa: number; idDeposito: number; fecha: string; glosa: string }): Promise<void> {
  await conMensaje(() => revertirTesoreria(tx, p.idEmpresa, `PLANILLA_CTS_DEPOSITO:${p.idDeposito}`, p.fecha, p.glosa));
  const clave = `PLANILLA_CTS_AJUSTE:${p.idDeposito}`;
  const lineas = await lineasInvertidas(tx, p.idEmpresa, clave);
  if (lineas)
    await conMensaje(() => registrarAsiento(tx, { idEmpresa: p.idEmpresa, idUsuario: null, idDiario: DIARIO_PLANILLAS, fecha: p.fecha, glosa: p.glosa, origen: 'ANULACION', claveOrigen: `ANULA-${clave}`, lineas, siCerradoSiguiente: true }));
}

/** An entry of finance's movements on financial accounts: lines by mapping key, in soles (key MOV:<id>, journal 3). */
export type TAsientoMovimientoFinanciero = {
  idEmpresa: number;
  idUsuario: number;
  fecha: string;
  glosa: string;
  clave: string;
  /** A CAJA / BANCO line names its financial account: its own ledger account replaces the mapping when set. */
  lineas: { clave: TClaveMapeo; debe: Decimal.Value; haber: Decimal.Value; idCentroCosto?: number | null; idCuentaFinanciera?: number | null }[];
};

/** Lines by mapping key to account ids: CAJA / BANCO through the financial account's ledger account (cuentaDeTesoreria). */
async function cuentasDeLineas(tx: TTx, idEmpresa: number, lineas: { clave: TClaveMapeo; idCuentaFinanciera?: number | null }[]): Promise<number[]> {
  const k = await cuentasDe(tx, idEmpresa, [...new Set(lineas.map((l) => l.clave).filter((c) => c !== 'CAJA' && c !== 'BANCO'))]);
  const r: number[] = [];
  for (const l of lineas) r.push(l.clave === 'CAJA' || l.clave === 'BANCO' ? await cuentaDeTesoreria(tx, idEmpresa, l.clave, l.idCuentaFinanciera) : k[l.clave]);
  return r;
}

/**
 * finance's alRegistrarMovimientoFinanciero (notas de ingreso/salida, deposits, transfers, their ITF): posted in the
 * movement's transaction; an entry that cannot be written refuses the movement with the reason (as collections).
 */
export async function contabilizarMovimientoFinanciero(tx: TTx, a: TAsientoMovimientoFinanciero): Promise<void> {
  const ids = await conMensaje(() => cuentasDeLineas(tx, a.idEmpresa, a.lineas));
  const lineas: TLineaNueva[] = await conDestino(
    tx,
    a.idEmpresa,
    a.lineas
      .map((l, i) => ({ idCuenta: ids[i], debe: new Decimal(l.debe).toDecimalPlaces(2), haber: new Decimal(l.haber).toDecimalPlaces(2), idCentroCosto: l.idCentroCosto ?? null }))
      .filter((l) => !l.debe.isZero() || !l.haber.isZero()),
  );
  await conMensaje(() =>
    registrarAsiento(tx, { idEmpresa: a.idEmpresa, idUsuario: a.idUsuario, idDiario: DIARIO_CAJA, fecha: a.fecha, glosa: a.glosa.slice(0, 200), origen: 'MOVIMIENTO', claveOrigen: a.clave, lineas, siCerradoSiguiente: true }),
  );
}

/** finance's alAnularMovimientoFinanciero: the swapped lines (cost centres kept) under ANULA-<clave>, dated the void's day. */
export async function revertirMovimientoFinanciero(tx: TTx, a: { idEmpresa: number; clave: string; fecha: string; glosa: string }): Promise<void> {
  const lineas = await lineasInvertidas(tx, a.idEmpresa, a.clave);
  if (!lineas) return;
  await conMensaje(() =>
    registrarAsiento(tx, {
      idEmpresa: a.idEmpresa, idUsuario: null, idDiario: DIARIO_CAJA, fecha: a.fecha, glosa: a.glosa.slice(0, 200), origen: 'ANULACION', claveOrigen: `ANULA-${a.clave}`,
      lineas,
      siCerradoSiguiente: true,
    }),
  );
}
