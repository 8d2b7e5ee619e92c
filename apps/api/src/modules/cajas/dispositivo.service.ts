import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import Decimal from 'decimal.js';
import { ErrorCodes, serieNumero, TipoDocumentoContable, TipoEmpresa, type TDispositivoCaja, type TNumeroDescartado, type TVentaCaja } from '@yupana/contracts';
import type { z } from 'zod';
import type { ZDescarteDispositivo, ZDispositivoRegistrar, ZVentaDispositivo } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { empresa, usuario } from '../../db/schema';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { serie } from '../entidades/series/series.schema';
import { dispositivoCaja, numeroDescartadoDispositivo } from './cajas.schema';
import { consumirAutorizacion } from './autorizacion.service';
import { bloquearSesionAbierta, dinero, obtenerCaja } from './cajas.service';
import { vender } from './venta.service';

/**
 * Offline sales of a point-of-sale device (issue 12, branch posoffline; see docs/decisions.md "posoffline").
 * A device registers to a box and gets a nota de venta series of its own; it numbers its offline sales on it strictly in
 * sequence; the sync issues each one through the ordinary checkout with its number, in order, de-duplicated by the
 * client UUID (the idempotency key) and by (series, number).
 */

const esUnico = (e: unknown, restriccion: string) => {
  for (let x = e as { code?: string; constraint?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x)
    if (x.code === '23505') return !x.constraint || x.constraint === restriccion;
  return false;
};

const serieBoleta = alias(serie, 'serie_boleta');

async function leer(db: Pick<Db, 'select'>, idEmpresa: number, uuid: string) {
  const [f] = await db
    .select({
      id: dispositivoCaja.id,
      idCaja: dispositivoCaja.idCaja,
      uuid: dispositivoCaja.uuid,
      idSerie: dispositivoCaja.idSerie,
      serie: serie.serie,
      correlativo: serie.correlativo,
      idSerieBoleta: dispositivoCaja.idSerieBoleta,
      serieBoleta: serieBoleta.serie,
      correlativoBoleta: serieBoleta.correlativo,
    })
    .from(dispositivoCaja)
    .innerJoin(serie, eq(serie.id, dispositivoCaja.idSerie))
    .leftJoin(serieBoleta, eq(serieBoleta.id, dispositivoCaja.idSerieBoleta))
    .where(and(eq(dispositivoCaja.idEmpresa, idEmpresa), eq(dispositivoCaja.uuid, uuid.toLowerCase())));
  return f;
}

const aDispositivo = (f: NonNullable<Awaited<ReturnType<typeof leer>>>): TDispositivoCaja => ({
  Id: f.id,
  IdDispositivo: f.uuid,
  IdCaja: f.idCaja,
  IdSerie: f.idSerie,
  Serie: f.serie,
  IdTipoDocumento: TipoDocumentoContable.NOTA_VENTA,
  UltimoSincronizado: f.correlativo,
  IdSerieBoleta: f.idSerieBoleta,
  SerieBoleta: f.serieBoleta,
  UltimoSincronizadoBoleta: f.correlativoBoleta ?? 0,
});

const otraCaja = (descripcion: string) => new AppError(ErrorCodes.DISPOSITIVO_OTRA_CAJA, `El dispositivo está registrado en la caja ${descripcion}`, 409);

/** Base 36 after 999 (A00...ZZZ), so both prefixes never run out: SUNAT's series are the letter + 3 alphanumerics. */
const alfanumerico = (i: number) => (i < 1000 ? String(i).padStart(3, '0') : i.toString(36).toUpperCase().padStart(3, '0')).slice(-3);

/**
 * Creates the device's reserved series of one type: notas de venta the first free D001, D002...; boletas the first free
 * B900, B901... (far from the usual B001; then base 36 after B999), among the company's series of that type.
 */
async function crearSerieReservada(tx: Tx, auth: TAuth, idSucursal: number, descripcionCaja: string, uuid: string, tipo: 1004 | 1008): Promise<number> {
  const letra = tipo === TipoDocumentoContable.BOLETA ? 'B' : 'D';
  const usados = await tx
    .select({ s: serie.serie })
    .from(serie)
    .where(and(eq(serie.idEmpresa, auth.idEmpresa), eq(serie.idTipoDocumento, tipo), like(serie.serie, `${letra}%`)));
  const ocupados = new Set(usados.map((u) => u.s.toUpperCase()));
  let n = letra === 'B' ? 900 : 1;
  while (ocupados.has(`${letra}${alfanumerico(n)}`) && n < 46_000) n++;
  const [s] = await tx
    .insert(serie)
    .values({
      idEmpresa: auth.idEmpresa,
      idSucursal,
      idTipoDocumento: tipo,
      serie: `${letra}${alfanumerico(n)}`,
      tipoSerie: 2,
      descripcion: `Ventas sin conexión: ${descripcionCaja}, dispositivo ${uuid.slice(0, 8)}`,
      logUsuarioCrea: auth.idUsuario,
    })
    .returning({ id: serie.id });
  return s.id;
}

type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

/**
 * Registers the device to a box (or answers its registration again): a box of another company is 404, one of a branch
 * the caller does not have 403, a device of another box 409. The first time, a nota de venta series D### and (for a
 * company with RUC) a boleta series B9xx of the box's branch are created for it, in the same transaction as the device
 * row; a device registered before boletas offline existed gets its boleta series at its next registration.
 */
export async function registrarDispositivo(db: Db, auth: TAuth, b: z.infer<typeof ZDispositivoRegistrar>): Promise<TDispositivoCaja> {
  const c = await obtenerCaja(db, auth, b.IdCaja);
  if (!auth.sucursales.includes(c.IdSucursal)) throw new AppError(ErrorCodes.SUCURSAL_NO_ASIGNADA, 'La caja es de una sucursal que no tiene asignada', 403);
  const uuid = b.IdDispositivo.toLowerCase();
  const [emp] = await db.select({ tipo: empresa.tipoEmpresa }).from(empresa).where(eq(empresa.id, auth.idEmpresa));
  const conBoletas = emp?.tipo !== TipoEmpresa.SIN_RUC;
  for (let intento = 0; intento < 20; intento++) {
    const previo = await leer(db, auth.idEmpresa, uuid);
    try {
      if (previo) {
        if (previo.idCaja !== c.Id) throw otraCaja((await obtenerCaja(db, auth, previo.idCaja)).Descripcion);
        await db
          .update(dispositivoCaja)
          .set({
            ultimoReportado: sql`greatest(${dispositivoCaja.ultimoReportado}, ${b.UltimoNumero})`,
            ultimoReportadoBoleta: sql`greatest(${dispositivoCaja.ultimoReportadoBoleta}, ${b.UltimoNumeroBoleta})`,
          })
          .where(eq(dispositivoCaja.id, previo.id));
        if (previo.idSerieBoleta !== null || !conBoletas) return aDispositivo(previo);
        // Registered before boletas offline (posboleta): its boleta series now, once (a racing registration retries).
        await db.transaction(async (tx) => {
          const idSerieBoleta = await crearSerieReservada(tx, auth, c.IdSucursal, c.Descripcion, uuid, TipoDocumentoContable.BOLETA);
          const r = await tx
            .update(dispositivoCaja)
            .set({ idSerieBoleta, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
            .where(and(eq(dispositivoCaja.id, previo.id), isNull(dispositivoCaja.idSerieBoleta)))
            .returning({ id: dispositivoCaja.id });
          if (!r.length) throw Object.assign(new Error('carrera'), { code: '23505' });
        });
        continue;
      }
      await db.transaction(async (tx) => {
        const idSerie = await crearSerieReservada(tx, auth, c.IdSucursal, c.Descripcion, uuid, TipoDocumentoContable.NOTA_VENTA);
        const idSerieBoleta = conBoletas ? await crearSerieReservada(tx, auth, c.IdSucursal, c.Descripcion, uuid, TipoDocumentoContable.BOLETA) : null;
        await tx.insert(dispositivoCaja).values({
          idEmpresa: auth.idEmpresa,
          idCaja: c.Id,
          uuid,
          idSerie,
          idSerieBoleta,
          ultimoReportado: b.UltimoNumero,
          ultimoReportadoBoleta: b.UltimoNumeroBoleta,
          logUsuarioCrea: auth.idUsuario,
        });
      });
    } catch (e) {
      // Two registrations raced (the same device twice, or two devices taking the same code): read or try again.
      if (esUnico(e, 'dispositivo_caja_uuid_uq') || esUnico(e, 'serie_empresa_tipo_serie_uq') || esUnico(e, 'dispositivo_caja_serie_boleta_uq')) continue;
      throw e;
    }
  }
  throw new AppError(ErrorCodes.VALIDACION, 'No se pudo registrar el dispositivo: inténtelo nuevamente', 409);
}

/**
 * One offline sale arriving: the device must be the company's (404) and of the box of the caller's open session (403);
 * the sale is a nota de venta or a boleta on the device's series of that type with the device's number. The same UUID
 * again answers the same sale (idempotency key `caja:<uuid>`); the number is checked against the one the series lock
 * gives, inside the transaction: below it the number was already used by another sale (409 601631), above it
 * an earlier sale of the device has not arrived (409 601632, the device keeps it queued and sends the earlier one
 * first). A boleta is issued by the ordinary engine with the device's date and time (signed, in the daily summary); a
 * date SUNAT no longer accepts is refused with a message the cashier can act on (docs/decisions.md "posboleta").
 */
export async function venderDesdeDispositivo(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZVentaDispositivo>): Promise<{ venta: TVentaCaja; repetido: boolean }> {
  const d = await leer(ctx.dbh.db, auth.idEmpresa, b.IdDispositivo);
  if (!d) throw noEncontrado('No se encontró el dispositivo de caja');
  const { IdDispositivo: _d, Uuid, Numero, HoraEmision, ...venta } = b;
  const boleta = venta.Documento.IdTipoDocumento === TipoDocumentoContable.BOLETA;
  if (!boleta && venta.Documento.IdTipoDocumento !== TipoDocumentoContable.NOTA_VENTA)
    throw errorDeCampo('Documento.IdTipoDocumento', 'Sin conexión solo se emiten boletas y notas de venta');
  if (boleta && (d.idSerieBoleta === null || d.serieBoleta === null))
    throw errorDeCampo('Documento.IdTipoDocumento', 'El dispositivo no tiene serie de boletas: conéctese para registrarlo de nuevo');
  const serieVenta = boleta ? { idSerie: d.idSerieBoleta!, serie: d.serieBoleta!, boleta: true } : { idSerie: d.idSerie, serie: d.serie, boleta: false };
  try {
    return await vender(ctx, auth, venta, `dispositivo:${Uuid.toLowerCase()}`, { id: d.id, idCaja: d.idCaja, ...serieVenta, numero: Numero, horaEmision: HoraEmision });
  } catch (e) {
    // The engine's window (no more than 3 days late): said so that the cashier knows what to do (the red banner).
    if (boleta && e instanceof AppError && e.errores?.['FechaEmision']?.includes('anterior'))
      throw new AppError(
        ErrorCodes.VALIDACION,
        `SUNAT ya no acepta la boleta ${d.serieBoleta}-${Numero} del ${venta.Documento.FechaEmision.split('-').reverse().join('/')}: se emitió sin conexión hace más de 3 días. ` +
          'Comuníquese con el administrador: la venta no se registró; debe emitirse con la fecha de hoy desde Documentos y anotarse como regularización',
        400,
        { errores: { 'Documento.FechaEmision': e.errores['FechaEmision'] } },
      );
    throw e;
  }
}

const NOMBRE_TIPO: Record<number, string> = { 1004: 'Boleta de venta', 1008: 'Nota de venta' };

async function leerDescarte(db: Pick<Db, 'select'>, idEmpresa: number, uuid: string): Promise<TNumeroDescartado | undefined> {
  const [f] = await db
    .select({
      id: numeroDescartadoDispositivo.id,
      uuidDispositivo: dispositivoCaja.uuid,
      serie: serie.serie,
      tipo: serie.idTipoDocumento,
      numero: numeroDescartadoDispositivo.numero,
      motivo: numeroDescartadoDispositivo.motivo,
      total: numeroDescartadoDispositivo.total,
      efectivo: numeroDescartadoDispositivo.efectivo,
      fechaEmision: numeroDescartadoDispositivo.fechaEmision,
      resumen: numeroDescartadoDispositivo.resumen,
      idSesion: numeroDescartadoDispositivo.idSesion,
      usuario: usuario.usuario,
      fecha: numeroDescartadoDispositivo.logFechaCrea,
      idSerie: numeroDescartadoDispositivo.idSerie,
    })
    .from(numeroDescartadoDispositivo)
    .innerJoin(dispositivoCaja, eq(dispositivoCaja.id, numeroDescartadoDispositivo.idDispositivo))
    .innerJoin(serie, eq(serie.id, numeroDescartadoDispositivo.idSerie))
    .leftJoin(usuario, eq(usuario.id, numeroDescartadoDispositivo.logUsuarioCrea))
    .where(and(eq(numeroDescartadoDispositivo.idEmpresa, idEmpresa), eq(numeroDescartadoDispositivo.uuid, uuid.toLowerCase())));
  if (!f) return undefined;
  return {
    Id: f.id,
    IdDispositivo: f.uuidDispositivo,
    SerieNumero: serieNumero(f.serie, f.numero),
    TipoDocumento: NOMBRE_TIPO[f.tipo] ?? String(f.tipo),
    Numero: f.numero,
    Motivo: f.motivo,
    Total: f.total,
    Efectivo: f.efectivo,
    FechaEmision: f.fechaEmision,
    Resumen: f.resumen,
    IdSesion: f.idSesion,
    Usuario: f.usuario ?? '',
    Fecha: f.fecha.toISOString(),
  };
}

/**
 * Discards a queued offline sale the server refused (branch posfix; docs/decisions.md "posfix"): its device number is
 * recorded as discarded on the device's series and the series' correlativo moves past it, in one transaction under the
 * caller's open session lock (the close takes it too) and the series' row lock (every issue on it takes it). The number
 * must be exactly the next one the series expects: a number already issued is 409 601477, one past a missing earlier sale
 * 409 601632, one already discarded with another UUID 409 601476; the same UUID again answers the same record (replay).
 * No document, payment or stock movement is created. The caller needs CAJA_OPERAR (the close's permission) and an open
 * session of the device's box (403 601633), like the sync: the discard is counted in that session's Z report.
 */
export async function descartarNumeroDispositivo(
  db: Db,
  auth: TAuth,
  b: z.infer<typeof ZDescarteDispositivo>,
  puedeDescartar = true,
): Promise<{ descarte: TNumeroDescartado; repetido: boolean }> {
  const d = await leer(db, auth.idEmpresa, b.IdDispositivo);
  if (!d) throw noEncontrado('No se encontró el dispositivo de caja');
  const boleta = b.IdTipoDocumento === TipoDocumentoContable.BOLETA;
  if (boleta && (d.idSerieBoleta === null || d.serieBoleta === null)) throw errorDeCampo('IdTipoDocumento', 'El dispositivo no tiene serie de boletas');
  const idSerie = boleta ? d.idSerieBoleta! : d.idSerie;
  const nombreSerie = boleta ? d.serieBoleta! : d.serie;
  const sn = serieNumero(nombreSerie, b.Numero);
  if (new Decimal(b.Efectivo).gt(b.Total)) throw errorDeCampo('Efectivo', 'El efectivo no puede superar el total de la venta');
  const uuid = b.Uuid.toLowerCase();
  const previo = await leerDescarte(db, auth.idEmpresa, uuid);
  if (previo) {
    if (previo.IdDispositivo === d.uuid && previo.SerieNumero === sn) return { descarte: previo, repetido: true };
    throw new AppError(ErrorCodes.NUMERO_DISPOSITIVO_YA_DESCARTADO, `Esa venta ya se descartó como ${previo.SerieNumero}`, 409);
  }
  // Without CAJA_DESCARTAR the discard needs a supervisor's token for this very sale (branch pospin).
  if (!puedeDescartar && !b.Autorizacion) throw new AppError(ErrorCodes.AUTORIZACION_REQUERIDA, 'Descartar una venta sin conexión requiere la autorización de un supervisor (su PIN en la caja)', 403);
  try {
    await db.transaction(async (tx) => {
      const s = await bloquearSesionAbierta(tx, auth);
      if (s.idCaja !== d.idCaja)
        throw new AppError(ErrorCodes.DISPOSITIVO_OTRA_CAJA, 'El dispositivo es de otra caja: descarte sus ventas con la caja del dispositivo aperturada', 403);
      const filas = await tx.execute(sql`select correlativo from ${serie} where id = ${idSerie} for update`);
      const correlativo = Number((filas as unknown as { rows: { correlativo: number }[] }).rows[0]?.correlativo ?? 0);
      const [ya] = await tx
        .select({ id: numeroDescartadoDispositivo.id })
        .from(numeroDescartadoDispositivo)
        .where(and(eq(numeroDescartadoDispositivo.idSerie, idSerie), eq(numeroDescartadoDispositivo.numero, b.Numero)));
      if (ya) throw new AppError(ErrorCodes.NUMERO_DISPOSITIVO_YA_DESCARTADO, `El número ${sn} ya fue descartado`, 409);
      if (correlativo >= b.Numero)
        throw new AppError(ErrorCodes.NUMERO_DISPOSITIVO_CON_VENTA, `El número ${sn} ya fue registrado con una venta: no se puede descartar`, 409);
      if (correlativo + 1 < b.Numero)
        throw new AppError(ErrorCodes.VENTA_DISPOSITIVO_FUERA_DE_ORDEN, `Falta sincronizar o descartar antes la venta ${serieNumero(nombreSerie, correlativo + 1)} del dispositivo`, 409);
      await tx.update(serie).set({ correlativo: b.Numero }).where(eq(serie.id, idSerie));
      const [descartado] = await tx.insert(numeroDescartadoDispositivo).values({
        idEmpresa: auth.idEmpresa,
        idDispositivo: d.id,
        idSerie,
        numero: b.Numero,
        uuid,
        idSesion: s.id,
        motivo: b.Motivo,
        total: dinero(b.Total),
        efectivo: dinero(b.Efectivo),
        fechaEmision: b.FechaEmision,
        resumen: b.Resumen,
        logUsuarioCrea: auth.idUsuario,
      }).returning({ id: numeroDescartadoDispositivo.id });
      if (!puedeDescartar)
        await consumirAutorizacion(tx, auth, s.id, b.Autorizacion!, { accion: 'DESCARTE', referencia: uuid, monto: new Decimal(b.Total), idDescarte: descartado.id });
      await tx
        .update(dispositivoCaja)
        .set(
          boleta
            ? { ultimoReportadoBoleta: sql`greatest(${dispositivoCaja.ultimoReportadoBoleta}, ${b.Numero})` }
            : { ultimoReportado: sql`greatest(${dispositivoCaja.ultimoReportado}, ${b.Numero})` },
        )
        .where(eq(dispositivoCaja.id, d.id));
    });
  } catch (e) {
    // Two sends of the same discard at once: the second one's unique index answers it as a replay.
    if (esUnico(e, 'numero_descartado_uuid_uq') || esUnico(e, 'numero_descartado_serie_numero_uq')) {
      const otro = await leerDescarte(db, auth.idEmpresa, uuid);
      if (otro && otro.SerieNumero === sn) return { descarte: otro, repetido: true };
      throw new AppError(ErrorCodes.NUMERO_DISPOSITIVO_YA_DESCARTADO, `El número ${sn} ya fue descartado`, 409);
    }
    throw e;
  }
  return { descarte: (await leerDescarte(db, auth.idEmpresa, uuid))!, repetido: false };
}
