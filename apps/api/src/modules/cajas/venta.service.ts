import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCodes, MEDIO_EFECTIVO, TipoDocumentoContable, type TVentaCaja } from '@yupana/contracts';
import type { z } from 'zod';
import type { ZVentaCajaCrear } from '@yupana/contracts';
import { AppError, errorDeCampo } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { huellaSolicitud } from '../../lib/idempotencia';
// eslint-disable-next-line yupana/no-cross-import -- the point of sale issues through the one issuing engine, inside its transaction
import { emitirDocumento, type TEmitido, type TTransaccionEmision } from '../contabilidad/documentos/emision.service';
import { dispositivoCaja, pagoVentaCaja, sesionCaja, ventaCaja } from './cajas.schema';
import { bloquearSesionAbierta, dinero } from './cajas.service';
// eslint-disable-next-line yupana/no-cross-import -- whether the cashier may discount alone is the security module's answer
import { concesionesDe } from '../seguridad/autorizacion';
import { consumirAutorizacion } from './autorizacion.service';

/** Work other modules do after a sale's payments are recorded, in the transaction (the books: 10 / 12). */
type TAlVentaCaja = (tx: TTransaccionEmision, v: { idEmpresa: number; idDocumento: number }) => Promise<void>;
const trasVender: TAlVentaCaja[] = [];
export function alRegistrarVentaCaja(fn: TAlVentaCaja): void {
  if (!trasVender.includes(fn)) trasVender.push(fn);
}

const TIPOS_VENTA: number[] = [TipoDocumentoContable.FACTURA, TipoDocumentoContable.BOLETA, TipoDocumentoContable.NOTA_VENTA];

/**
 * A credit sale at the till (condición 2 Crédito): a factura or a nota de venta (the engine issues boletas al contado)
 * to an identified customer (RUC, or DNI for a nota de venta), with its cuotas; the engine checks that they add up to
 * the total and fall after the issue date, and its hook writes the receivable's dues in the same transaction.
 * Nothing is charged at the counter (SUNAT's neto pendiente is the whole total), so the session counts no cash for it.
 */
function validarCredito(d: z.infer<typeof ZVentaCajaCrear>['Documento'], pagos: number): void {
  if (d.IdTipoDocumento === TipoDocumentoContable.BOLETA) throw errorDeCampo('Documento.IdCondicionPago', 'La boleta se emite al contado: para vender al crédito emita factura o nota de venta');
  const r = d.ListaEntidades.find((x) => x.TipoEntidad === 2);
  if (!r || ![1, 2].includes(r.IdTipoDocumento) || /^0+$/.test(r.NumeroDocumento.trim()))
    throw errorDeCampo('Documento.ListaEntidades', 'La venta al crédito requiere un cliente identificado con DNI o RUC');
  if (!d.ListaCuotas.length) throw errorDeCampo('Documento.ListaCuotas', 'Una venta al crédito requiere al menos una cuota');
  if (pagos) throw errorDeCampo('Pagos', 'La venta al crédito no se cobra en caja: sus cuotas se cobran en Cuentas por cobrar');
}

/**
 * One checkout: the document is issued by the issuing engine and, in ITS transaction, the sale is bound to the
 * caller's open session with its payments. The payments are checked against the issued total there, so a short
 * payment rolls the document back (its number too). The Idempotency-Key is the document's: a retry answers the
 * same sale and creates nothing.
 */
/** A device's offline sale (dispositivo.service.ts): its box, its reserved series and the number it gave the sale. */
export type TVentaDeDispositivo = { id: number; idCaja: number; idSerie: number; serie: string; boleta: boolean; numero: number; horaEmision?: string };

export async function vender(
  ctx: Contexto,
  auth: TAuth,
  b: z.infer<typeof ZVentaCajaCrear>,
  clave?: string,
  dispositivo?: TVentaDeDispositivo,
): Promise<{ venta: TVentaCaja; repetido: boolean }> {
  const d = dispositivo ? { ...b.Documento, IdSerie: dispositivo.idSerie } : b.Documento;
  if (!TIPOS_VENTA.includes(d.IdTipoDocumento)) throw errorDeCampo('Documento.IdTipoDocumento', 'En el punto de venta se emite factura, boleta o nota de venta');
  if (d.IdMoneda !== 1) throw errorDeCampo('Documento.IdMoneda', 'La caja recibe pagos en soles');
  const credito = d.IdCondicionPago !== 1;
  if (credito) validarCredito(d, b.Pagos.length);
  else if (!b.Pagos.length) throw errorDeCampo('Pagos', 'Indique al menos un pago');
  // The nota de venta was already charged at a till: its canje is issued from Documentos, with no second payment.
  if (d.IdDocumentoOrigen !== undefined) throw errorDeCampo('Documento.IdDocumentoOrigen', 'El canje de una nota de venta se emite desde Documentos, sin volver a cobrarla');
  const pagado = b.Pagos.reduce((s, p) => s.plus(p.Monto), new Decimal(0));
  // Discounts need CAJA_DESCUENTO or a supervisor's token (branch pospin). Checked here, by the server, whatever the
  // screen did; the token is spent in the transaction, so a refused sale leaves it unused.
  const conDescuento = d.ListaItems.some((it) => it.Descuento !== undefined && new Decimal(it.Descuento).gt(0));
  const puedeDescontar = !conDescuento || (await concesionesDe(ctx).servicios(ctx.dbh.db, auth)).has('CAJA_DESCUENTO');
  if (!puedeDescontar && !b.Autorizacion)
    throw new AppError(ErrorCodes.AUTORIZACION_REQUERIDA, 'El descuento requiere la autorización de un supervisor (su PIN en la caja)', 403);
  const noEfectivo = b.Pagos.filter((p) => p.IdMedioPago !== MEDIO_EFECTIVO).reduce((s, p) => s.plus(p.Monto), new Decimal(0));
  let idVenta = 0;
  const { creado, repetido } = await emitirDocumento(
    ctx,
    auth,
    d,
    clave ? `caja:${clave}` : undefined,
    clave ? huellaSolicitud(dispositivo ? { ...b, Numero: dispositivo.numero } : b) : undefined,
    Object.assign(async (tx: TTransaccionEmision, emitido: TEmitido) => {
      const s = await bloquearSesionAbierta(tx, auth);
      if (dispositivo) {
        if (s.idCaja !== dispositivo.idCaja)
          throw new AppError(ErrorCodes.DISPOSITIVO_OTRA_CAJA, 'El dispositivo es de otra caja: sincronice sus ventas con la caja del dispositivo aperturada', 403);
        // The series lock gave the next number: the device's must be exactly it (no gap, no duplicate).
        const n = emitido.creado.Correlativo;
        if (n > dispositivo.numero)
          throw new AppError(ErrorCodes.VENTA_DISPOSITIVO_NUMERO_USADO, `El número ${dispositivo.serie}-${dispositivo.numero} ya fue registrado con otra venta`, 409);
        if (n < dispositivo.numero)
          throw new AppError(ErrorCodes.VENTA_DISPOSITIVO_FUERA_DE_ORDEN, `Falta sincronizar antes la venta ${dispositivo.serie}-${n} del dispositivo`, 409);
        await tx
          .update(dispositivoCaja)
          .set(
            dispositivo.boleta
              ? { ultimoReportadoBoleta: sql`greatest(${dispositivoCaja.ultimoReportadoBoleta}, ${n})` }
              : { ultimoReportado: sql`greatest(${dispositivoCaja.ultimoReportado}, ${n})` },
          )
          .where(eq(dispositivoCaja.id, dispositivo.id));
      }
      const total = new Decimal(emitido.creado.MontoTotal);
      if (!credito && pagado.lt(total)) throw errorDeCampo('Pagos', `Falta S/ ${dinero(total.minus(pagado))} para completar el pago de S/ ${dinero(total)}`);
      if (noEfectivo.gt(total)) throw errorDeCampo('Pagos', 'Los pagos con tarjeta, Yape, Plin o transferencia no pueden superar el total: el vuelto solo se da en efectivo');
      const [v] = await tx
        .insert(ventaCaja)
        .values({
          idEmpresa: auth.idEmpresa,
          idSesion: s.id,
          idDocumento: emitido.creado.Id,
          total: dinero(total),
          pagado: dinero(pagado),
          vuelto: dinero(credito ? 0 : pagado.minus(total)),
          logUsuarioCrea: auth.idUsuario,
        })
        .returning({ id: ventaCaja.id });
      idVenta = v.id;
      if (!puedeDescontar) {
        // The discount as people see it: the lines at their prices (with IGV) less the issued total.
        const bruto = d.ListaItems.reduce((t, it) => t.plus(new Decimal(it.Cantidad).times(it.PrecioUnitario ?? 0)), new Decimal(0));
        const descuento = Decimal.max(bruto.toDecimalPlaces(2).minus(total), 0);
        await consumirAutorizacion(tx, auth, s.id, b.Autorizacion!, { accion: 'DESCUENTO', monto: descuento, idVenta: v.id });
      }
      if (b.Pagos.length) await tx.insert(pagoVentaCaja).values(b.Pagos.map((p) => ({ idVenta: v.id, idMedioPago: p.IdMedioPago, monto: dinero(p.Monto), referencia: p.Referencia ?? null })));
      // A contado sale's payments settle its receivable in the books (10 / 12); a credit sale keeps it open.
      if (!credito) for (const fn of trasVender) await fn(tx, { idEmpresa: auth.idEmpresa, idDocumento: emitido.creado.Id });
    }, { registraCobro: true, opciones: dispositivo ? { serieDispositivo: dispositivo.idSerie, horaEmision: dispositivo.horaEmision } : undefined }),
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
