import { z } from '../zod-es';
import { ZDecimal, ZEntero, ZEnteroConsulta, ZId, ZTexto } from '../validacion';
import { ZDocumentoContableCrear, ZDocumentoContableCreado } from '../contabilidad/documento-contable';

/**
 * Cash boxes, cash sessions and the point of sale (issue 12, seed §4 "Cash session state", §7 Finance "Cash").
 * Money travels as text with two decimals; the server computes with decimal.js.
 */

/** Seed: 1 Aperturado, 2 Observado, 3 Cerrado, 4 Bloqueado. */
export const EstadoSesionCaja = { APERTURADO: 1, OBSERVADO: 2, CERRADO: 3, BLOQUEADO: 4 } as const;
export const NombresEstadoSesionCaja: Record<number, string> = { 1: 'Aperturado', 2: 'Observado', 3: 'Cerrado', 4: 'Bloqueado' };
/** Seed: cash register versus sales point, 0 Punto venta, 1 Caja. */
export const TiposCaja: Record<number, string> = { 0: 'Punto venta', 1: 'Caja' };
/** Payment means taken at the point of sale (the vuelto is only given from cash). */
export const MediosPagoCaja: Record<number, string> = { 1: 'Efectivo', 2: 'Tarjeta', 3: 'Yape', 4: 'Plin', 5: 'Transferencia' };
export const MEDIO_EFECTIVO = 1;
/** Movement: 1 Ingreso, 2 Egreso (seed). */
export const TiposMovimientoCaja: Record<number, string> = { 1: 'Ingreso', 2: 'Egreso' };

const ZMedioPago = ZEntero({ min: 1, max: 5, mensaje: 'Medio de pago: 1 Efectivo, 2 Tarjeta, 3 Yape, 4 Plin, 5 Transferencia' });

export const ZCaja = z.object({
  Id: z.number().int(),
  IdSucursal: z.number().int(),
  Sucursal: z.string(),
  Descripcion: z.string(),
  Tipo: z.number().int(),
  Tolerancia: z.string(),
  /** Ticket printer roll of the box, in mm. */
  AnchoTicket: z.number().int(),
  /** Serial speed of the box's thermal printer (Web Serial), in baud. */
  BaudiosImpresora: z.number().int(),
  /** Cost centre charged with the box's cash incomes and expenses (null: none). */
  IdCentroCosto: z.number().int().nullable(),
  CentroCosto: z.string().nullable(),
  LogEstado: z.number().int(),
  /** The open session of this box, if any (who holds it). */
  IdSesionAbierta: z.number().int().nullable(),
  UsuarioSesion: z.string().nullable(),
});
export type TCaja = z.infer<typeof ZCaja>;
export const ZCajasLista = z.object({ Data: z.array(ZCaja), Count: z.number().int() });
export const ZCajasQuery = z.object({ idsucursal: ZId.optional(), estado: ZEnteroConsulta(-1, 1, -1) });

export const ZCajaGuardar = z.object({
  IdSucursal: ZId,
  Descripcion: ZTexto(100, { min: 1, mensajeMin: 'Ingrese la descripción de la caja' }),
  Tipo: ZEntero({ min: 0, max: 1, mensaje: 'Tipo: 0 Punto venta o 1 Caja' }).default(1),
  Tolerancia: ZDecimal('Tolerancia', { enteros: 6 }).default('0.00'),
  AnchoTicket: z.union([z.literal(80), z.literal(58)], { error: 'Ancho del ticket: 80 o 58 mm' }).default(80),
  BaudiosImpresora: z
    .union([z.literal(9600), z.literal(19200), z.literal(38400), z.literal(57600), z.literal(115200)], { error: 'Velocidad de la impresora: 9600, 19200, 38400, 57600 o 115200 baudios' })
    .default(9600),
  IdCentroCosto: ZId.nullable().default(null),
  LogEstado: ZEntero({ min: 0, max: 1, mensaje: 'Estado: 0 inactivo o 1 activo' }).default(1),
});
export type TCajaGuardar = z.input<typeof ZCajaGuardar>;

export const ZAperturaCaja = z.object({ MontoApertura: ZDecimal('Monto de apertura', { enteros: 10 }) });
export type TAperturaCaja = z.input<typeof ZAperturaCaja>;

export const ZMontoMedio = z.object({ IdMedioPago: ZMedioPago, Monto: ZDecimal('Monto', { enteros: 10 }) });

/** Blind count: the cashier declares what is in the drawer per payment means, never seeing the expected figure. */
export const ZCierreCaja = z.object({
  IdSesion: ZId,
  Declarado: z.array(ZMontoMedio).max(5).default([]),
  Observacion: ZTexto(300).optional(),
  /** The device closing reports the last number it used offline: a number the server has not received refuses the close. */
  Dispositivo: z
    .object({
      IdDispositivo: z.string().uuid('IdDispositivo: UUID inválido'),
      UltimoNumero: ZEntero({ min: 0, max: 99_999_999, mensaje: 'UltimoNumero: entero de 0 a 99999999' }),
      /** The last boleta number it used offline (posboleta; absent from older clients). */
      UltimoNumeroBoleta: ZEntero({ min: 0, max: 99_999_999, mensaje: 'UltimoNumeroBoleta: entero de 0 a 99999999' }).optional(),
    })
    .optional(),
});
export type TCierreCaja = z.input<typeof ZCierreCaja>;

export const ZMovimientoCajaCrear = z.object({
  Tipo: ZEntero({ min: 1, max: 2, mensaje: 'Tipo: 1 Ingreso o 2 Egreso' }),
  Monto: ZDecimal('Monto', { enteros: 10 }).refine((v) => Number(v) > 0, 'Monto: debe ser mayor que cero'),
  Motivo: ZTexto(200, { min: 3, mensajeMin: 'Indique el motivo (mínimo 3 caracteres)' }),
});
export type TMovimientoCajaCrear = z.input<typeof ZMovimientoCajaCrear>;

export const ZMovimientoCaja = z.object({ Id: z.number().int(), Tipo: z.number().int(), Monto: z.string(), Motivo: z.string(), Fecha: z.string() });

export const ZCuadreMedio = z.object({
  IdMedioPago: z.number().int(),
  MedioPago: z.string(),
  Esperado: z.string().nullable(),
  Declarado: z.string().nullable(),
  Diferencia: z.string().nullable(),
});

export const ZSesionCaja = z.object({
  Id: z.number().int(),
  IdCaja: z.number().int(),
  Caja: z.string(),
  IdSucursal: z.number().int(),
  Sucursal: z.string(),
  IdUsuario: z.number().int(),
  Usuario: z.string(),
  Estado: z.number().int(),
  EstadoNombre: z.string(),
  MontoApertura: z.string(),
  FechaApertura: z.string(),
  FechaCierre: z.string().nullable(),
  /** Null while the session is open and the caller may not see the expected figures (blind count). */
  TotalEsperado: z.string().nullable(),
  TotalDeclarado: z.string().nullable(),
  Diferencia: z.string().nullable(),
  Ventas: z.number().int(),
  TotalVentas: z.string().nullable(),
  Observacion: z.string().nullable(),
});
export type TSesionCaja = z.infer<typeof ZSesionCaja>;
export const ZSesionesLista = z.object({ Data: z.array(ZSesionCaja), Count: z.number().int() });
export const ZSesionesQuery = z.object({
  pagina: ZEnteroConsulta(1, 100000, 1),
  regxpag: ZEnteroConsulta(1, 100, 10),
  idcaja: ZId.optional(),
  estado: ZEnteroConsulta(0, 4, 0),
  fechainicio: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha con formato AAAA-MM-DD').optional(),
  fechafin: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha con formato AAAA-MM-DD').optional(),
});
export type TSesionesQuery = z.input<typeof ZSesionesQuery>;

export const ZCuadreCaja = z.object({
  Sesion: ZSesionCaja,
  Medios: z.array(ZCuadreMedio),
  Movimientos: z.array(ZMovimientoCaja),
  PorTipoDocumento: z.array(z.object({ TipoDocumento: z.string(), Cantidad: z.number().int(), Total: z.string() })),
  /** Sales of the session whose document was voided (or its void is with SUNAT) or rejected: not counted as cash. */
  Anulaciones: z.array(z.object({ IdDocumento: z.number().int(), SerieNumero: z.string(), TipoDocumento: z.string(), Total: z.string(), Estado: z.string() })),
  /** Offline numbers discarded in the session (posfix): no document, no payment; a cash one explains a cash difference. */
  Descartes: z.array(z.object({ SerieNumero: z.string(), TipoDocumento: z.string(), Total: z.string(), Efectivo: z.string(), Motivo: z.string(), Usuario: z.string(), Fecha: z.string() })).default([]),
});
export type TCuadreCaja = z.infer<typeof ZCuadreCaja>;

/** The caller's open session (null when none) and the boxes of their branches they may open. */
export const ZMiCaja = z.object({ Sesion: ZSesionCaja.nullable(), Cajas: z.array(ZCaja) });
export type TMiCaja = z.infer<typeof ZMiCaja>;

export const ZVentaCajaCrear = z.object({
  Documento: ZDocumentoContableCrear,
  Pagos: z.array(z.object({ IdMedioPago: ZMedioPago, Monto: ZDecimal('Monto', { enteros: 10 }), Referencia: ZTexto(60).optional() })).max(10).default([]),
});
export type TVentaCajaCrear = z.input<typeof ZVentaCajaCrear>;
export const ZVentaCaja = z.object({
  Id: z.number().int(),
  IdSesion: z.number().int(),
  Documento: ZDocumentoContableCreado,
  Total: z.string(),
  Pagado: z.string(),
  Vuelto: z.string(),
});
export type TVentaCaja = z.infer<typeof ZVentaCaja>;

/**
 * Offline sales (issue 12, branch posoffline). A device (a browser of a till, identified by a UUID it keeps in
 * localStorage) is registered to a box and gets a nota de venta series of its own; offline it numbers its sales
 * strictly in sequence on that series and queues them with a client UUID.
 */
export const ZDispositivoRegistrar = z.object({
  IdDispositivo: z.string().uuid('IdDispositivo: UUID inválido'),
  IdCaja: ZId,
  /** The last number the device used offline (0 if none): the server keeps the highest reported. */
  UltimoNumero: ZEntero({ min: 0, max: 99_999_999, mensaje: 'UltimoNumero: entero de 0 a 99999999' }).default(0),
  /** The last boleta number the device used offline (posboleta). */
  UltimoNumeroBoleta: ZEntero({ min: 0, max: 99_999_999, mensaje: 'UltimoNumeroBoleta: entero de 0 a 99999999' }).default(0),
});
export type TDispositivoRegistrar = z.input<typeof ZDispositivoRegistrar>;
export const ZDispositivoCaja = z.object({
  Id: z.number().int(),
  IdDispositivo: z.string(),
  IdCaja: z.number().int(),
  IdSerie: z.number().int(),
  Serie: z.string(),
  IdTipoDocumento: z.number().int(),
  /** The last number of the series the server has received (the device numbers after max(this, its own last)). */
  UltimoSincronizado: z.number().int(),
  /** The device's boleta series B### (posboleta); null when the company issues no boletas (without RUC). */
  IdSerieBoleta: z.number().int().nullable(),
  SerieBoleta: z.string().nullable(),
  UltimoSincronizadoBoleta: z.number().int(),
});
export type TDispositivoCaja = z.infer<typeof ZDispositivoCaja>;
export const ZVentaDispositivo = ZVentaCajaCrear.extend({
  IdDispositivo: z.string().uuid('IdDispositivo: UUID inválido'),
  /** The client's UUID of the sale: its idempotency key. */
  Uuid: z.string().uuid('Uuid: UUID inválido'),
  /** The number the device gave the sale on its series. */
  Numero: ZEntero({ min: 1, max: 99_999_999, mensaje: 'Numero: entero de 1 a 99999999' }),
  /** The time (Lima) the sale was made on the device; its date is Documento.FechaEmision. */
  HoraEmision: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'HoraEmision: hh:mm:ss').optional(),
});
export type TVentaDispositivo = z.input<typeof ZVentaDispositivo>;

/**
 * Discarding a queued offline sale the server refuses (branch posfix): the device's number is recorded as discarded on
 * its series (no document, no stock, no payment), so the series' correlatives are explained and the close can pass.
 */
export const ZDescarteDispositivo = z.object({
  IdDispositivo: z.string().uuid('IdDispositivo: UUID inválido'),
  /** The client's UUID of the queued sale (the same that the sync sends): a retry with it answers the same record. */
  Uuid: z.string().uuid('Uuid: UUID inválido'),
  /** 1008 nota de venta (series D###) or 1004 boleta (series B9xx). */
  IdTipoDocumento: z.union([z.literal(1004), z.literal(1008)], { message: 'IdTipoDocumento: 1004 boleta o 1008 nota de venta' }),
  Numero: ZEntero({ min: 1, max: 99_999_999, mensaje: 'Numero: entero de 1 a 99999999' }),
  Motivo: ZTexto(300, { min: 5, mensajeMin: 'Indique el motivo del descarte (mínimo 5 caracteres)' }),
  /** The sale's total and the cash part of its payments, as the device had them. */
  Total: ZDecimal('Total', { enteros: 10 }),
  Efectivo: ZDecimal('Efectivo', { enteros: 10 }).default('0'),
  FechaEmision: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'FechaEmision: aaaa-mm-dd'),
  /** A summary of the refused sale (lines, customer) and the server's reason, kept for the record. */
  Resumen: ZTexto(4000).default(''),
});
export type TDescarteDispositivo = z.input<typeof ZDescarteDispositivo>;
export const ZNumeroDescartado = z.object({
  Id: z.number().int(),
  IdDispositivo: z.string(),
  SerieNumero: z.string(),
  TipoDocumento: z.string(),
  Numero: z.number().int(),
  Motivo: z.string(),
  Total: z.string(),
  Efectivo: z.string(),
  FechaEmision: z.string(),
  Resumen: z.string(),
  IdSesion: z.number().int().nullable(),
  Usuario: z.string(),
  Fecha: z.string(),
});
export type TNumeroDescartado = z.infer<typeof ZNumeroDescartado>;

/**
 * The seed's remaining cash calls (branch cajasemilla, §7 Finance "Cash"): resuming a session, a box's summary,
 * balance and movements. "puntosventas" are the boxes of kind 0 Punto venta.
 */
export const TIPO_PUNTO_VENTA = 0;

/** `cajas/{id}/reanudaciones` and `puntosventas/{id}/reanudaciones`: the caller's open session on that box (null: none, open it). */
export const ZReanudacionCaja = z.object({ Sesion: ZSesionCaja.nullable(), Caja: ZCaja });
export type TReanudacionCaja = z.infer<typeof ZReanudacionCaja>;

/** Which session of a box: `idsesion`, else the box's open session, else its latest (a cashier: only their own). */
export const ZSesionDeCajaQuery = z.object({ idsesion: ZId.optional() });

/** Figures are null while the session is open and the caller may not see the expected amounts (blind count). */
export const ZResumenCaja = z.object({
  Sesion: ZSesionCaja,
  PorMedioPago: z.array(
    z.object({
      IdMedioPago: z.number().int(),
      MedioPago: z.string(),
      /** Sales collected with this means (cash: net of the change given). */
      Ventas: z.string().nullable(),
      Esperado: z.string().nullable(),
      Declarado: z.string().nullable(),
      Diferencia: z.string().nullable(),
    }),
  ),
  PorTipoDocumento: z.array(z.object({ TipoDocumento: z.string(), Cantidad: z.number().int(), Total: z.string() })),
  Ingresos: z.string(),
  Egresos: z.string(),
  /** Voided or rejected sales of the session (null while the figures are hidden). */
  Anulaciones: z.object({ Cantidad: z.number().int(), Total: z.string() }).nullable(),
});
export type TResumenCaja = z.infer<typeof ZResumenCaja>;

/** The cash a session's drawer should hold: float + cash sales (net of change) + incomes - expenses. */
export const ZBalanceCaja = z.object({
  Sesion: ZSesionCaja,
  MontoApertura: z.string(),
  VentasEfectivo: z.string().nullable(),
  Ingresos: z.string(),
  Egresos: z.string(),
  SaldoEfectivo: z.string().nullable(),
  /** Sales collected with the other means (card, Yape, Plin, transfer): not in the drawer. */
  OtrosMedios: z.string().nullable(),
  SaldoTotal: z.string().nullable(),
});
export type TBalanceCaja = z.infer<typeof ZBalanceCaja>;

const ZFechaFiltro = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha con formato AAAA-MM-DD').optional();
export const ZMovimientosCajaQuery = z.object({
  pagina: ZEnteroConsulta(1, 100000, 1),
  regxpag: ZEnteroConsulta(1, 100, 10),
  idsesion: ZId.optional(),
  /** 0 all, 1 Ingreso, 2 Egreso. */
  tipo: ZEnteroConsulta(0, 2, 0),
  fechainicio: ZFechaFiltro,
  fechafin: ZFechaFiltro,
  /** Text within the reason. */
  filtro: ZTexto(100).optional(),
});
export type TMovimientosCajaQuery = z.input<typeof ZMovimientosCajaQuery>;
export const ZMovimientoCajaFila = ZMovimientoCaja.extend({
  TipoNombre: z.string(),
  IdSesion: z.number().int(),
  IdUsuario: z.number().int(),
  Usuario: z.string(),
});
export type TMovimientoCajaFila = z.infer<typeof ZMovimientoCajaFila>;
export const ZMovimientosCaja = z.object({
  Data: z.array(ZMovimientoCajaFila),
  Count: z.number().int(),
  /** Sums over the whole filter (not only the page). */
  TotalIngresos: z.string(),
  TotalEgresos: z.string(),
});
export type TMovimientosCaja = z.infer<typeof ZMovimientosCaja>;
