import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { ErrorCodes, MEDIO_EFECTIVO, TipoDocumentoContable, type TVentaCaja } from '@yupana/contracts';
import type { z } from 'zod';
import type { ZVentaCajaCrear } from '@yupana/contracts';
import { AppError, errorDeCampo } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { huellaSolicitud } from '../../lib/idempotencia';
// eslint-disable-next-line yupana/no-cross-import -- the point of sale issues through the one issuing engine, inside its transaction
import { emitirDocumento, type TEmitido, type TTransaccionEmision } from '../contabilidad/documentos/emision.service';
import { pagoVentaCaja, sesionCaja, ventaCaja } from './cajas.schema';
import { bloquearSesionAbierta, dinero } from './cajas.service';

/** Work other modules do after a sale's payments are recorded, in the transaction (the books: 10 / 12). */
type TAlVentaCaja = (tx: TTransaccionEmision, v: { idEmpresa: number; idDocumento: number }) => Promise<void>;
const trasVender: TAlVentaCaja[] = [];
export function alRegistrarVentaCaja(fn: TAlVentaCaja): void {
  if (!trasVender.includes(fn)) trasVender.push(fn);
}

const TIPOS_VENTA: number[] = [TipoDocumentoContable.FACTURA, TipoDocumentoContable.BOLETA, TipoDocumentoContable.NOTA_VENTA];

/**
 * One checkout: the document is issued by the issuing engine and, in ITS transaction, the sale is bound to the
 * caller's open session with its payments. The payments are checked against the issued total there, so a short
 * payment rolls the document back (its number too). The Idempotency-Key is the document's: a retry answers the
 * same sale and creates nothing.
 */
export async function vender(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZVentaCajaCrear>, clave?: string): Promise<{ venta: TVentaCaja; repetido: boolean }> {
  const d = b.Documento;
  if (!TIPOS_VENTA.includes(d.IdTipoDocumento)) throw errorDeCampo('Documento.IdTipoDocumento', 'En el punto de venta se emite factura, boleta o nota de venta');
  if (d.IdMoneda !== 1) throw errorDeCampo('Documento.IdMoneda', 'La caja recibe pagos en soles');
  if (d.IdCondicionPago !== 1) throw errorDeCampo('Documento.IdCondicionPago', 'La venta en caja es al contado');
  // The nota de venta was already charged at a till: its canje is issued from Documentos, with no second payment.
  if (d.IdDocumentoOrigen !== undefined) throw errorDeCampo('Documento.IdDocumentoOrigen', 'El canje de una nota de venta se emite desde Documentos, sin volver a cobrarla');
  const pagado = b.Pagos.reduce((s, p) => s.plus(p.Monto), new Decimal(0));
  const noEfectivo = b.Pagos.filter((p) => p.IdMedioPago !== MEDIO_EFECTIVO).reduce((s, p) => s.plus(p.Monto), new Decimal(0));
  let idVenta = 0;
  const { creado, repetido } = await emitirDocumento(
    ctx,
    auth,
    d,
    clave ? `caja:${clave}` : undefined,
    clave ? huellaSolicitud(b) : undefined,
    Object.assign(async (tx: TTransaccionEmision, emitido: TEmitido) => {
      const s = await bloquearSesionAbierta(tx, auth);
      const total = new Decimal(emitido.creado.MontoTotal);
      if (pagado.lt(total)) throw errorDeCampo('Pagos', `Falta S/ ${dinero(total.minus(pagado))} para completar el pago de S/ ${dinero(total)}`);
      if (noEfectivo.gt(total)) throw errorDeCampo('Pagos', 'Los pagos con tarjeta, Yape, Plin o transferencia no pueden superar el total: el vuelto solo se da en efectivo');
      const [v] = await tx
        .insert(ventaCaja)
        .values({
          idEmpresa: auth.idEmpresa,
          idSesion: s.id,
          idDocumento: emitido.creado.Id,
          total: dinero(total),
          pagado: dinero(pagado),
          vuelto: dinero(pagado.minus(total)),
          logUsuarioCrea: auth.idUsuario,
        })
        .returning({ id: ventaCaja.id });
      idVenta = v.id;
      await tx.insert(pagoVentaCaja).values(b.Pagos.map((p) => ({ idVenta: v.id, idMedioPago: p.IdMedioPago, monto: dinero(p.Monto), referencia: p.Referencia ?? null })));
      for (const fn of trasVender) await fn(tx, { idEmpresa: auth.idEmpresa, idDocumento: emitido.creado.Id });
    }, { registraCobro: true }),
  );
  const [v] = await ctx.dbh.db
    .select({ id: ventaCaja.id, idSesion: ventaCaja.idSesion, total: ventaCaja.total, pagado: ventaCaja.pagado, vuelto: ventaCaja.vuelto })
    .from(ventaCaja)
    .innerJoin(sesionCaja, eq(sesionCaja.id, ventaCaja.idSesion))
    .where(and(eq(ventaCaja.idDocumento, creado.Id), eq(ventaCaja.idEmpresa, auth.idEmpresa), repetido ? undefined : eq(ventaCaja.id, idVenta)));
  // The key named a document issued elsewhere (not at the point of sale): never answer it as a sale.
  if (!v) throw new AppError(ErrorCodes.IDEMPOTENCIA_OTRA_SOLICITUD, undefined, 422);
  return { venta: { Id: v.id, IdSesion: v.idSesion, Documento: creado, Total: v.total, Pagado: v.pagado, Vuelto: v.vuelto }, repetido };
}
