import { and, eq, like, sql } from 'drizzle-orm';
import { ErrorCodes, TipoDocumentoContable, type TDispositivoCaja, type TVentaCaja } from '@yupana/contracts';
import type { z } from 'zod';
import type { ZDispositivoRegistrar, ZVentaDispositivo } from '@yupana/contracts';
import type { Db } from '../../db/client';
import { AppError, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { serie } from '../entidades/series/series.schema';
import { dispositivoCaja } from './cajas.schema';
import { obtenerCaja } from './cajas.service';
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

async function leer(db: Pick<Db, 'select'>, idEmpresa: number, uuid: string) {
  const [f] = await db
    .select({ id: dispositivoCaja.id, idCaja: dispositivoCaja.idCaja, uuid: dispositivoCaja.uuid, idSerie: dispositivoCaja.idSerie, serie: serie.serie, correlativo: serie.correlativo })
    .from(dispositivoCaja)
    .innerJoin(serie, eq(serie.id, dispositivoCaja.idSerie))
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
});

const otraCaja = (descripcion: string) => new AppError(ErrorCodes.DISPOSITIVO_OTRA_CAJA, `El dispositivo está registrado en la caja ${descripcion}`, 409);

/**
 * Registers the device to a box (or answers its registration again): a box of another company is 404, one of a branch
 * the caller does not have 403, a device of another box 409. The first time, a nota de venta series D### of the box's
 * branch is created for it, in the same transaction as the device row.
 */
export async function registrarDispositivo(db: Db, auth: TAuth, b: z.infer<typeof ZDispositivoRegistrar>): Promise<TDispositivoCaja> {
  const c = await obtenerCaja(db, auth, b.IdCaja);
  if (!auth.sucursales.includes(c.IdSucursal)) throw new AppError(ErrorCodes.SUCURSAL_NO_ASIGNADA, 'La caja es de una sucursal que no tiene asignada', 403);
  const uuid = b.IdDispositivo.toLowerCase();
  for (let intento = 0; intento < 20; intento++) {
    const previo = await leer(db, auth.idEmpresa, uuid);
    if (previo) {
      if (previo.idCaja !== c.Id) throw otraCaja((await obtenerCaja(db, auth, previo.idCaja)).Descripcion);
      await db
        .update(dispositivoCaja)
        .set({ ultimoReportado: sql`greatest(${dispositivoCaja.ultimoReportado}, ${b.UltimoNumero})` })
        .where(eq(dispositivoCaja.id, previo.id));
      return aDispositivo(previo);
    }
    try {
      await db.transaction(async (tx) => {
        // The next free code D001, D002... (base 36 after D999) among the company's notas de venta series.
        const usados = await tx
          .select({ s: serie.serie })
          .from(serie)
          .where(and(eq(serie.idEmpresa, auth.idEmpresa), eq(serie.idTipoDocumento, TipoDocumentoContable.NOTA_VENTA), like(serie.serie, 'D%')));
        const ocupados = new Set(usados.map((u) => u.s.toUpperCase()));
        let n = 1;
        const codigo = (i: number) => `D${(i < 1000 ? String(i).padStart(3, '0') : i.toString(36).toUpperCase().padStart(3, '0')).slice(-3)}`;
        while (ocupados.has(codigo(n)) && n < 46_000) n++;
        const [s] = await tx
          .insert(serie)
          .values({
            idEmpresa: auth.idEmpresa,
            idSucursal: c.IdSucursal,
            idTipoDocumento: TipoDocumentoContable.NOTA_VENTA,
            serie: codigo(n),
            tipoSerie: 2,
            descripcion: `Ventas sin conexión: ${c.Descripcion}, dispositivo ${uuid.slice(0, 8)}`,
            logUsuarioCrea: auth.idUsuario,
          })
          .returning({ id: serie.id });
        await tx.insert(dispositivoCaja).values({ idEmpresa: auth.idEmpresa, idCaja: c.Id, uuid, idSerie: s.id, ultimoReportado: b.UltimoNumero, logUsuarioCrea: auth.idUsuario });
      });
    } catch (e) {
      // Two registrations raced (the same device twice, or two devices taking the same code): read or try again.
      if (esUnico(e, 'dispositivo_caja_uuid_uq') || esUnico(e, 'serie_empresa_tipo_serie_uq')) continue;
      throw e;
    }
  }
  throw new AppError(ErrorCodes.VALIDACION, 'No se pudo registrar el dispositivo: inténtelo nuevamente', 409);
}

/**
 * One offline sale arriving: the device must be the company's (404) and of the box of the caller's open session (403);
 * the sale is a nota de venta on the device's series with the device's number. The same UUID again answers the same
 * sale (idempotency key `caja:<uuid>`); the number is checked against the one the series lock gives, inside the issue's
 * transaction: below it the number was already used by another sale (409 601631), above it an earlier sale of the
 * device has not arrived (409 601632, the device keeps it queued and sends the earlier one first).
 */
export async function venderDesdeDispositivo(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZVentaDispositivo>): Promise<{ venta: TVentaCaja; repetido: boolean }> {
  const d = await leer(ctx.dbh.db, auth.idEmpresa, b.IdDispositivo);
  if (!d) throw noEncontrado('No se encontró el dispositivo de caja');
  const { IdDispositivo: _d, Uuid, Numero, HoraEmision, ...venta } = b;
  return vender(ctx, auth, venta, `dispositivo:${Uuid.toLowerCase()}`, { id: d.id, idCaja: d.idCaja, idSerie: d.idSerie, serie: d.serie, numero: Numero, horaEmision: HoraEmision });
}
