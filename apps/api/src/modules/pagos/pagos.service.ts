import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import {
  codigoPrepago,
  DescripcionEstadoPago,
  ErrorCodes,
  EstadoPago,
  fechaLima,
  sumarDeudas,
  sumarDias,
  TAMANHO_MAXIMO_VOUCHER,
  TIPOS_PLAN_COMPRABLES,
  TipoEmpresa,
  TipoPago,
  type TComprobanteProveedor,
  type TPagoGestion,
  type TPlan,
  type TPlanEntidad,
  type TPlanGuardar,
  type TPrepago,
  type TResumenDeuda,
} from '@yupana/contracts';
import type { Db } from '../../db/client';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import { idEmpresaProveedora } from '../../lib/proveedor';
import { ahora } from './configuracion';
import { rucDeFacturacion } from './entidad-pago';
import * as repo from './pagos.repo';
import type { TPasarela } from './pasarela/pasarela';
import { consultarSaldo } from './saldo';
import { cicloContrato } from './suscripciones/suscripciones.schema';

export const MONEDAS: Record<number, string> = { 1: 'S/', 2: '$' };
const TIPO_PLAN_DESC: Record<number, string> = { 1: 'Mensual', 2: 'Anual', 3: 'Gratuito', 4: 'Corporativo', 5: 'De por vida' };

function aPlan(p: repo.TFilaPlan): TPlan {
  return {
    Id: p.id,
    IdPaquete: p.id,
    Nombre: p.nombre,
    Descripcion: p.descripcion,
    Grupo: p.grupo,
    TipoPlan: p.tipoPlan,
    TipoPlanDesc: TIPO_PLAN_DESC[p.tipoPlan] ?? `Tipo ${p.tipoPlan}`,
    Precio: new Decimal(p.precio).toFixed(2),
    IdMoneda: p.idMoneda,
    Moneda: MONEDAS[p.idMoneda] ?? 'S/',
    Caracteristicas: p.caracteristicas.filter((c) => c.Tipo === 1).map((c) => c.Descripcion),
    CaracteristicasSecundarias: p.caracteristicas.filter((c) => c.Tipo === 2).map((c) => c.Descripcion),
    CantidadMaxima: p.cantidadMaxima,
    Gratuito: p.gratuito,
    TiempoPago: p.tiempoPago,
    DiasVigencia: p.diasVigencia,
    Color: p.color,
    LogEstado: p.logEstado,
  };
}

/** The provider's staff: Soporte users of the company flagged as the platform provider (lib/proveedor.ts). */
export { idEmpresaProveedora };

export async function exigirProveedor(db: Db, auth: TAuth): Promise<void> {
  // The role check (service code) is done by the authorization hook; this one keeps a customer's own Soporte user out
  // of other companies' payments.
  if (auth.idEmpresa !== (await idEmpresaProveedora(db))) throw new AppError(ErrorCodes.PROHIBIDO, 'Solo el personal del proveedor puede realizar esta acción', 403);
}

export async function listarPaquetes(db: Db, auth: TAuth, q: { FiltroPersonalizado?: string; nropagina: number; regxpagina: number; vista: 'comprables' | 'todos' }) {
  if (q.vista === 'todos') await exigirProveedor(db, auth);
  const { filas, total } = await repo.listarPlanes(db, {
    soloComprables: q.vista === 'comprables',
    texto: q.FiltroPersonalizado,
    desde: (q.nropagina - 1) * q.regxpagina,
    cuantos: q.regxpagina,
    tipos: TIPOS_PLAN_COMPRABLES,
  });
  const planes = filas.map(aPlan);
  const caracteristicasPaquete = planes.flatMap((p) => [
    ...p.Caracteristicas.map((Descripcion, i) => ({ IdPlan: p.Id, IdPaquete: p.IdPaquete, Descripcion, Secundaria: false, Orden: i + 1 })),
    ...p.CaracteristicasSecundarias.map((Descripcion, i) => ({ IdPlan: p.Id, IdPaquete: p.IdPaquete, Descripcion, Secundaria: true, Orden: p.Caracteristicas.length + i + 1 })),
  ]);
  return { Data: planes, Count: total, data: { planes, caracteristicasPaquete } };
}

export async function obtenerPlan(db: Db, id: number): Promise<TPlan> {
  const p = await repo.planPorId(db, id);
  if (!p) throw noEncontrado('No se encontró el paquete');
  return aPlan(p);
}

function valoresPlan(d: TPlanGuardar) {
  return {
    nombre: d.Nombre,
    descripcion: d.Descripcion,
    grupo: d.Grupo,
    tipoPlan: d.TipoPlan,
    precio: d.Gratuito ? '0.00' : d.Precio,
    idMoneda: d.IdMoneda,
    caracteristicas: d.Caracteristicas,
    cantidadMaxima: d.CantidadMaxima,
    gratuito: d.Gratuito,
    tiempoPago: d.TiempoPago,
    diasVigencia: d.DiasVigencia,
    color: d.Color,
    logEstado: d.LogEstado,
  };
}

export async function crearPlan(db: Db, auth: TAuth, d: TPlanGuardar): Promise<TPlan> {
  await exigirProveedor(db, auth);
  if (!d.Gratuito && new Decimal(d.Precio).lte(0)) throw errorDeCampo('Precio', 'Un paquete de pago debe tener un precio mayor que cero');
  return aPlan(await repo.insertarPlan(db, { ...valoresPlan(d), logUsuarioCrea: auth.idUsuario }));
}

export async function actualizarPlan(db: Db, auth: TAuth, id: number, d: TPlanGuardar): Promise<TPlan> {
  await exigirProveedor(db, auth);
  if (!d.Gratuito && new Decimal(d.Precio).lte(0)) throw errorDeCampo('Precio', 'Un paquete de pago debe tener un precio mayor que cero');
  const p = await repo.actualizarPlan(db, id, { ...valoresPlan(d), logUsuarioModif: auth.idUsuario, logFechaModif: new Date() });
  if (!p) throw noEncontrado('No se encontró el paquete');
  return aPlan(p);
}

function aPrepago(f: Awaited<ReturnType<typeof repo.listarPagos>>['filas'][number], orden: number): TPrepago {
  const codigo = codigoPrepago(f.estado);
  return {
    IdPrepago: f.id,
    Orden: orden,
    NombrePaquete: f.nombrePaquete,
    FechaPago: fechaLima(f.fecha),
    Comprobante: f.comprobante,
    Monto: new Decimal(f.monto).toFixed(2),
    Moneda: MONEDAS[f.idMoneda] ?? 'S/',
    Estado: codigo,
    DescripcionEstado: DescripcionEstadoPago[f.estado],
    IdDocContable: f.idDocumentoContable,
    TieneVoucher: f.tieneVoucher,
    MotivoRechazo: f.motivoRechazo,
  };
}

export async function listarPrepagos(db: Db, auth: TAuth, idEmpresa: number, q: { NroPagina: number; RegxPag: number }) {
  if (idEmpresa !== auth.idEmpresa) throw noEncontrado();
  const desde = (q.NroPagina - 1) * q.RegxPag;
  const { filas, total } = await repo.listarPagos(db, { idEmpresa, desde, cuantos: q.RegxPag });
  return { Data: filas.map((f, i) => aPrepago(f, total - desde - i)), Count: total };
}

/** Buying a package: a pending payment (a debt to the provider) that a voucher and the provider's approval settle. */
export async function comprarPaquete(db: Db, auth: TAuth, d: { IdPlan: number; RequiereFactura: boolean }): Promise<TPrepago> {
  const p = await repo.planPorId(db, d.IdPlan);
  if (!p || p.logEstado !== 1 || p.gratuito || !(TIPOS_PLAN_COMPRABLES as readonly number[]).includes(p.tipoPlan))
    throw errorDeCampo('IdPlan', 'El paquete seleccionado no está a la venta');
  if (auth.empresa.tipoEmpresa === TipoEmpresa.DEMO)
    throw new AppError(ErrorCodes.VALIDACION, 'Configure su empresa antes de comprar un paquete', 400, { errores: { IdPlan: 'Una cuenta DEMO no puede comprar paquetes' } });
  if (d.RequiereFactura && !(await rucDeFacturacion(db, auth.idEmpresa))) throw errorDeCampo('RequiereFactura', 'Para solicitar factura registre un RUC en sus datos de facturación');
  const nuevo = await repo.insertarPago(db, {
    idEmpresa: auth.idEmpresa,
    idPlan: p.id,
    nombrePaquete: p.nombre,
    monto: new Decimal(p.precio).toFixed(2),
    idMoneda: p.idMoneda,
    tipoPago: TipoPago.MANUAL,
    estado: EstadoPago.PENDIENTE,
    requiereFactura: d.RequiereFactura,
    logUsuarioCrea: auth.idUsuario,
  });
  return aPrepago({ ...nuevo, tieneVoucher: false, fecha: nuevo.logFechaCrea, razonSocial: auth.empresa.razonSocial, documento: auth.empresa.documento }, 0);
}

/** Checks the declared type against the file's first bytes: a renamed executable is not a voucher. */
export function tipoRealDeArchivo(b: Buffer): 'image/png' | 'image/jpeg' | 'application/pdf' | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 5 && b.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

export async function subirVoucher(
  db: Db,
  auth: TAuth,
  idPago: number,
  d: { NombreArchivo: string; TipoContenido: string; ContenidoBase64: string; NumeroOperacion?: string },
): Promise<TPrepago> {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(d.ContenidoBase64)) throw errorDeCampo('ContenidoBase64', 'El archivo no se pudo leer');
  const archivo = Buffer.from(d.ContenidoBase64, 'base64');
  if (archivo.length === 0) throw errorDeCampo('ContenidoBase64', 'Adjunte el comprobante de pago');
  if (archivo.length > TAMANHO_MAXIMO_VOUCHER) throw errorDeCampo('ContenidoBase64', 'El comprobante de pago no debe superar los 2 MB');
  const real = tipoRealDeArchivo(archivo);
  if (!real) throw errorDeCampo('ContenidoBase64', 'El comprobante de pago debe ser una imagen (PNG o JPG) o un PDF');
  if (real !== d.TipoContenido) throw errorDeCampo('TipoContenido', 'El contenido del archivo no corresponde a su tipo');

  return db.transaction(async (tx) => {
    const p = await repo.pagoDeEmpresa(tx, auth.idEmpresa, idPago, true);
    if (!p) throw noEncontrado('No se encontró el pago');
    if (p.estado !== EstadoPago.PENDIENTE && p.estado !== EstadoPago.EN_PROCESO && p.estado !== EstadoPago.RECHAZADO)
      throw new AppError(ErrorCodes.PAGO_ESTADO_INVALIDO, undefined, 409);
    await repo.actualizarPago(tx, p.id, {
      voucher: archivo,
      voucherTipo: real,
      voucherNombre: d.NombreArchivo,
      numeroOperacion: d.NumeroOperacion ?? null,
      fechaVoucher: new Date(),
      // A rejected payment goes back to the inbox with the new voucher.
      estado: EstadoPago.EN_PROCESO,
      motivoRechazo: null,
      logUsuarioModif: auth.idUsuario,
      logFechaModif: new Date(),
    });
    return aPrepago({ ...p, estado: EstadoPago.EN_PROCESO, tieneVoucher: true, fecha: p.logFechaCrea, motivoRechazo: null, razonSocial: '', documento: null }, 0);
  });
}

/** The voucher file, for the company that uploaded it and for the provider's staff. */
export async function descargarVoucher(db: Db, auth: TAuth, idPago: number) {
  let p = await repo.pagoDeEmpresa(db, auth.idEmpresa, idPago);
  if (!p && auth.idEmpresa === (await idEmpresaProveedora(db))) p = await repo.pagoPorId(db, idPago);
  if (!p || !p.voucher) throw noEncontrado('No se encontró el comprobante de pago');
  return { contenido: Buffer.from(p.voucher), tipo: p.voucherTipo ?? 'application/octet-stream', nombre: p.voucherNombre ?? `pago-${p.id}` };
}

export async function cancelarPago(db: Db, auth: TAuth, idPago: number): Promise<void> {
  await db.transaction(async (tx) => {
    const p = await repo.pagoDeEmpresa(tx, auth.idEmpresa, idPago, true);
    if (!p) throw noEncontrado('No se encontró el pago');
    if (p.estado !== EstadoPago.PENDIENTE && p.estado !== EstadoPago.EN_PROCESO && p.estado !== EstadoPago.RECHAZADO)
      throw new AppError(ErrorCodes.PAGO_ESTADO_INVALIDO, undefined, 409);
    await repo.actualizarPago(tx, p.id, { estado: EstadoPago.ANULADO, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() });
  });
}

export async function bandejaPagos(db: Db, auth: TAuth, q: { estado: number; pagina: number; regxpag: number }) {
  await exigirProveedor(db, auth);
  const desde = (q.pagina - 1) * q.regxpag;
  const { filas, total } = await repo.listarPagos(db, { estados: q.estado ? [q.estado] : undefined, desde, cuantos: q.regxpag });
  const Data: TPagoGestion[] = filas.map((f) => ({
    IdPago: f.id,
    IdEmpresa: f.idEmpresa,
    RazonSocial: f.razonSocial,
    Documento: f.documento,
    NombrePaquete: f.nombrePaquete,
    Monto: new Decimal(f.monto).toFixed(2),
    Moneda: MONEDAS[f.idMoneda] ?? 'S/',
    Estado: f.estado,
    DescripcionEstado: DescripcionEstadoPago[f.estado],
    FechaPago: fechaLima(f.fecha),
    TieneVoucher: f.tieneVoucher,
    NumeroOperacion: f.numeroOperacion,
    MotivoRechazo: f.motivoRechazo,
    RequiereFactura: f.requiereFactura,
  }));
  return { Data, Count: total };
}

/**
 * Approval: the payment is paid and the company's allowance grows by the package's documents; its validity runs
 * from today, or from the current end date when the package is renewed before it ends. One transaction.
 */
export async function aprobarPago(db: Db, auth: TAuth, idPago: number): Promise<{ IdEmpresa: number; FechaVencimiento: string }> {
  await exigirProveedor(db, auth);
  return db.transaction(async (tx) => {
    const p = await repo.pagoPorId(tx, idPago, true);
    if (!p) throw noEncontrado('No se encontró el pago');
    if (p.estado !== EstadoPago.PENDIENTE && p.estado !== EstadoPago.EN_PROCESO) throw new AppError(ErrorCodes.PAGO_ESTADO_INVALIDO, undefined, 409);
    if (!p.voucher) throw new AppError(ErrorCodes.PAGO_ESTADO_INVALIDO, 'El cliente aún no ha subido su comprobante de pago', 409);
    const vence = await acreditarPago(tx, p, { idUsuarioResuelve: auth.idUsuario, idUsuario: auth.idUsuario });
    return { IdEmpresa: p.idEmpresa, FechaVencimiento: vence };
  });
}

/**
 * A paid package, inside the caller's transaction: the company's allowance grows by the package's documents (its
 * validity runs from today, or from the current end date when renewed before it ends) and the payment is PAGADO.
 * Used by the provider's approval of a voucher, a card charge and a subscription's automatic charge. When the payment
 * pays a subscription cycle, the cycle's period becomes the one actually credited (a late payment starts today).
 * Returns the new end date.
 */
export async function acreditarPago(
  tx: Pick<Db, 'select' | 'insert' | 'update' | 'execute'>,
  p: repo.TFilaPago,
  o: { idUsuarioResuelve: number | null; idUsuario: number; cambios?: Parameters<typeof repo.actualizarPago>[2] },
): Promise<string> {
  const pl = await repo.planPorId(tx, p.idPlan);
  if (!pl) throw noEncontrado('No se encontró el paquete');
  const actual = await repo.saldoBloqueado(tx, p.idEmpresa);
  const hoy = fechaLima(ahora());
  const base = actual?.fechaVencimiento && actual.fechaVencimiento > hoy ? actual.fechaVencimiento : hoy;
  const vence = sumarDias(base, pl.diasVigencia);
  await repo.guardarSaldo(tx, p.idEmpresa, {
    idPlan: pl.id,
    contables: (actual?.contablesDisponibles ?? 0) + pl.cantidadMaxima,
    internos: (actual?.internosDisponibles ?? 0) + pl.cantidadMaxima,
    vence,
    idUsuario: o.idUsuario,
  });
  await repo.actualizarPago(tx, p.id, {
    estado: EstadoPago.PAGADO,
    montoPagado: p.monto,
    fechaResolucion: new Date(),
    idUsuarioResuelve: o.idUsuarioResuelve,
    logUsuarioModif: o.idUsuario,
    logFechaModif: new Date(),
    ...o.cambios,
  });
  await tx.update(cicloContrato).set({ fechaInicio: base, fechaFin: vence, logFechaModif: new Date() }).where(eq(cicloContrato.idPago, p.id));
  return vence;
}

/**
 * Paying one of the company's pending payments by card: the gateway charges the token (idempotent per payment, so a
 * retried request never charges twice) and, when approved, the package is credited in one transaction. A declined
 * card leaves the payment as it was. The provider's receipt is issued afterwards by the caller (facturacion.ts).
 */
export async function pagarConTarjeta(
  db: Db,
  pasarela: TPasarela,
  auth: TAuth,
  idPago: number,
  token: string,
  idUsuarioFacturador: number | null,
): Promise<{ IdPrepago: number; Estado: number; IdCargo: string; Marca: string; Ultimos4: string }> {
  const p = await repo.pagoDeEmpresa(db, auth.idEmpresa, idPago);
  if (!p) throw noEncontrado('No se encontró el pago');
  if (p.estado !== EstadoPago.PENDIENTE && p.estado !== EstadoPago.EN_PROCESO && p.estado !== EstadoPago.RECHAZADO)
    throw new AppError(ErrorCodes.PAGO_ESTADO_INVALIDO, undefined, 409);
  const cargo = await pasarela.cobrar({
    token,
    monto: new Decimal(p.monto).toFixed(2),
    moneda: p.idMoneda === 2 ? 'USD' : 'PEN',
    descripcion: `Paquete ${p.nombrePaquete}`,
    referencia: `pago-${p.id}`,
  });
  if (!cargo.aprobado)
    throw cargo.tokenInvalido
      ? new AppError(ErrorCodes.TOKEN_TARJETA_INVALIDO, undefined, 400)
      : new AppError(ErrorCodes.TARJETA_RECHAZADA, `La tarjeta fue rechazada: ${cargo.motivo}`, 400);
  return db.transaction(async (tx) => {
    const bloqueado = await repo.pagoDeEmpresa(tx, auth.idEmpresa, idPago, true);
    if (!bloqueado) throw noEncontrado('No se encontró el pago');
    // A charge answered twice (a retried request) credits the package once.
    if (bloqueado.estado === EstadoPago.PENDIENTE || bloqueado.estado === EstadoPago.EN_PROCESO || bloqueado.estado === EstadoPago.RECHAZADO)
      await acreditarPago(tx, bloqueado, {
        idUsuarioResuelve: idUsuarioFacturador,
        idUsuario: auth.idUsuario,
        cambios: { tipoPago: TipoPago.PASARELA, numeroOperacion: cargo.idCargo, motivoRechazo: null },
      });
    return { IdPrepago: p.id, Estado: EstadoPago.PAGADO, IdCargo: cargo.idCargo, Marca: cargo.marca, Ultimos4: cargo.ultimos4 };
  });
}

export async function rechazarPago(db: Db, auth: TAuth, idPago: number, motivo: string): Promise<void> {
  await exigirProveedor(db, auth);
  await db.transaction(async (tx) => {
    const p = await repo.pagoPorId(tx, idPago, true);
    if (!p) throw noEncontrado('No se encontró el pago');
    if (p.estado !== EstadoPago.PENDIENTE && p.estado !== EstadoPago.EN_PROCESO) throw new AppError(ErrorCodes.PAGO_ESTADO_INVALIDO, undefined, 409);
    await repo.actualizarPago(tx, p.id, {
      estado: EstadoPago.RECHAZADO,
      motivoRechazo: motivo,
      fechaResolucion: new Date(),
      idUsuarioResuelve: auth.idUsuario,
      logUsuarioModif: auth.idUsuario,
      logFechaModif: new Date(),
    });
  });
}

export async function planesEntidades(db: Db, auth: TAuth, q: { pagina: number; regxpag: number }): Promise<{ Data: TPlanEntidad[]; Count: number }> {
  await exigirProveedor(db, auth);
  const { filas, total } = await repo.listarPlanesEntidades(db, (q.pagina - 1) * q.regxpag, q.regxpag);
  const Data: TPlanEntidad[] = [];
  for (const f of filas) {
    const usados = f.TipoEmpresa === TipoEmpresa.DEMO ? 0 : await contarTributarios(db, f.IdEmpresa);
    Data.push({
      IdEmpresa: f.IdEmpresa,
      RazonSocial: f.RazonSocial,
      Documento: f.Documento,
      TipoEmpresa: f.TipoEmpresa,
      NombrePlan: f.TipoEmpresa === TipoEmpresa.DEMO ? 'Cuenta DEMO' : f.NombrePlan,
      FechaVencimiento: f.FechaVencimiento,
      NumeroComprobantesContablesDisponibles: f.Disponibles ?? 0,
      NumeroComprobantesContablesUsados: usados,
    });
  }
  return { Data, Count: total };
}

async function contarTributarios(db: Db, idEmpresa: number): Promise<number> {
  return (await consultarSaldo(db, idEmpresa)).NumeroComprobantesContablesUsados;
}

/** The company's debts to the provider: summary per currency for the banner and the documents for the debts page. */
export async function misDeudas(db: Db, auth: TAuth): Promise<TResumenDeuda> {
  const filas = await repo.filasDeuda(db, auth.idEmpresa, fechaLima(ahora()));
  const Resumen = sumarDeudas(
    filas.map((f) => ({ IdMoneda: f.IdMoneda, MonedaAbrev: MONEDAS[f.IdMoneda] ?? 'S/', Cantidad: f.Cantidad, Monto: f.Monto, MontoInteres: '0', MontoPagado: f.MontoPagado, InteresPagado: '0' })),
  );
  const { filas: pagos } = await repo.listarPagos(db, { idEmpresa: auth.idEmpresa, estados: [1, 2, 3, 4, 5, 6], desde: 0, cuantos: 100 });
  return {
    Resumen,
    Documentos: pagos.map((f) => ({
      IdPago: f.id,
      Comprobante: f.comprobante,
      IdDocContable: f.idDocumentoContable,
      Concepto: f.nombrePaquete,
      FechaEmision: fechaLima(f.fecha),
      MonedaAbrev: MONEDAS[f.idMoneda] ?? 'S/',
      Monto: new Decimal(f.monto).toFixed(2),
      Estado: f.estado,
      DescripcionEstado: DescripcionEstadoPago[f.estado],
    })),
    Hoy: fechaLima(ahora()),
  };
}

export type TFilaReporte = { NombrePaquete: string; Moneda: string; Estado: number; DescripcionEstado: string; Cantidad: number; Monto: string };

/** Payments per package and status in a date range (Lima dates), for the provider. */
export async function reportePagos(db: Db, auth: TAuth, q: { desde: string; hasta: string }): Promise<{ Data: TFilaReporte[] }> {
  await exigirProveedor(db, auth);
  if (q.hasta < q.desde) throw errorDeCampo('hasta', 'La fecha final no puede ser anterior a la inicial');
  const filas = await repo.reportePagos(db, q.desde, q.hasta);
  return {
    Data: filas.map((f) => ({
      NombrePaquete: f.nombrePaquete,
      Moneda: MONEDAS[f.idMoneda] ?? 'S/',
      Estado: f.estado,
      DescripcionEstado: DescripcionEstadoPago[f.estado],
      Cantidad: f.cantidad,
      Monto: new Decimal(f.monto).toFixed(2),
    })),
  };
}

const PLAN_DE_POR_VIDA = 5;

/** The seed's single payment: the lifetime package (the one named, or the one on sale), bought like any package. */
export async function comprarPagoUnico(db: Db, auth: TAuth, d: { IdPlan?: number; RequiereFactura: boolean }): Promise<TPrepago> {
  const { filas } = await repo.listarPlanes(db, { soloComprables: true, desde: 0, cuantos: 50, tipos: [PLAN_DE_POR_VIDA] });
  const elegido = d.IdPlan ? filas.find((p) => p.id === d.IdPlan) : filas[0];
  if (!elegido) throw errorDeCampo('IdPlan', 'No hay un pago único de por vida a la venta');
  return comprarPaquete(db, auth, { IdPlan: elegido.id, RequiereFactura: d.RequiereFactura });
}

/** The provider's receipts for the company's payments, paged (newest first). */
export async function comprobantesProveedor(db: Db, auth: TAuth, idEmpresa: number, q: { NroPagina: number; RegxPag: number }): Promise<{ Data: TComprobanteProveedor[]; Count: number }> {
  if (idEmpresa !== auth.idEmpresa) throw noEncontrado();
  const { filas, total } = await repo.listarComprobantesProveedor(db, idEmpresa, (q.NroPagina - 1) * q.RegxPag, q.RegxPag);
  return {
    Data: filas.map((f) => ({
      IdPrepago: f.idPago,
      IdDocContable: f.idDocumentoContable,
      Comprobante: f.comprobante,
      TipoComprobante: f.idTipoDocumento === 1003 ? 'Factura' : 'Boleta',
      FechaEmision: f.fechaEmision,
      Concepto: `Paquete ${f.nombrePaquete}`,
      Monto: new Decimal(f.monto).toFixed(2),
      Moneda: MONEDAS[f.idMoneda] ?? 'S/',
    })),
    Count: total,
  };
}
