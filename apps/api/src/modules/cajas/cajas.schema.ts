import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado, sucursal, usuario } from '../../db/schema';
import { documentoContable } from '../contabilidad/contabilidad.schema';
import { serie } from '../entidades/series/series.schema';
import { centroCosto } from '../finanzas/finanzas.schema';

const monto = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 });

/** A cash box or sales point of a branch (seed: 0 Punto venta, 1 Caja). */
export const caja = pgTable(
  'caja',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSucursal: integer('id_sucursal').notNull().references(() => sucursal.id),
    descripcion: varchar('descripcion', { length: 100 }).notNull(),
    tipo: smallint('tipo').notNull().default(1),
    // Largest |declared - expected| still closed as Cerrado; beyond it the session is Observado.
    tolerancia: monto('tolerancia').notNull().default('0.00'),
    // Width of the box's ticket printer roll: 80 or 58 mm.
    anchoTicket: smallint('ancho_ticket').notNull().default(80),
    // Speed of the serial port of the box's thermal printer (Web Serial); 9600 is what printers ship with.
    baudiosImpresora: integer('baudios_impresora').notNull().default(9600),
    // The cost centre the box's cash expenses and incomes are charged to (its entries carry it; issue 15).
    idCentroCosto: integer('id_centro_costo').references(() => centroCosto.id),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('caja_descripcion_uq').on(t.idEmpresa, t.idSucursal, sql`lower(${t.descripcion})`),
    check('caja_ancho_ticket_ck', sql`${t.anchoTicket} in (58, 80)`),
    check('caja_baudios_impresora_ck', sql`${t.baudiosImpresora} in (9600, 19200, 38400, 57600, 115200)`),
  ],
);

/** A cash session: opened with a float, closed with a blind count (seed states 1-4). */
export const sesionCaja = pgTable(
  'sesion_caja',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idCaja: integer('id_caja').notNull().references(() => caja.id),
    idUsuario: integer('id_usuario').notNull().references(() => usuario.id),
    estado: smallint('estado').notNull().default(1),
    montoApertura: monto('monto_apertura').notNull(),
    fechaApertura: timestamp('fecha_apertura', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    fechaCierre: timestamp('fecha_cierre', { withTimezone: true, mode: 'date' }),
    totalEsperado: monto('total_esperado'),
    totalDeclarado: monto('total_declarado'),
    diferencia: monto('diferencia'),
    idUsuarioCierre: integer('id_usuario_cierre').references(() => usuario.id),
    observacion: varchar('observacion', { length: 300 }),
    ...auditoria,
  },
  (t) => [
    // One open session per box and one per user, enforced by the database under any concurrency.
    uniqueIndex('sesion_caja_abierta_caja_uq').on(t.idCaja).where(sql`${t.estado} = 1`),
    uniqueIndex('sesion_caja_abierta_usuario_uq').on(t.idUsuario).where(sql`${t.estado} = 1`),
    index('sesion_caja_empresa_idx').on(t.idEmpresa, t.fechaApertura),
  ],
);

/** Expected vs declared per payment means, written at close. */
export const cuadreSesionCaja = pgTable(
  'cuadre_sesion_caja',
  {
    id: idGenerado(),
    idSesion: integer('id_sesion').notNull().references(() => sesionCaja.id),
    idMedioPago: smallint('id_medio_pago').notNull(),
    esperado: monto('esperado').notNull(),
    declarado: monto('declarado').notNull(),
    diferencia: monto('diferencia').notNull(),
  },
  (t) => [uniqueIndex('cuadre_sesion_medio_uq').on(t.idSesion, t.idMedioPago)],
);

/** A sale made at the point of sale: the issued document bound to the session, with its payments. */
export const ventaCaja = pgTable(
  'venta_caja',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSesion: integer('id_sesion').notNull().references(() => sesionCaja.id),
    idDocumento: integer('id_documento').notNull().references(() => documentoContable.id),
    total: monto('total').notNull(),
    pagado: monto('pagado').notNull(),
    vuelto: monto('vuelto').notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('venta_caja_documento_uq').on(t.idDocumento), index('venta_caja_sesion_idx').on(t.idSesion)],
);

export const pagoVentaCaja = pgTable(
  'pago_venta_caja',
  {
    id: idGenerado(),
    idVenta: integer('id_venta').notNull().references(() => ventaCaja.id),
    idMedioPago: smallint('id_medio_pago').notNull(),
    monto: monto('monto').notNull(),
    referencia: varchar('referencia', { length: 60 }),
  },
  (t) => [index('pago_venta_caja_venta_idx').on(t.idVenta)],
);

/** Cash income/expense in a session (seed movement 1 Ingreso, 2 Egreso), always cash, with its reason. */
export const movimientoCaja = pgTable(
  'movimiento_caja',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSesion: integer('id_sesion').notNull().references(() => sesionCaja.id),
    tipo: smallint('tipo').notNull(),
    monto: monto('monto').notNull(),
    motivo: text('motivo').notNull(),
    // The box's cost centre when the movement was registered: a later change of the box does not rewrite history.
    idCentroCosto: integer('id_centro_costo').references(() => centroCosto.id),
    ...auditoria,
  },
  (t) => [index('movimiento_caja_sesion_idx').on(t.idSesion)],
);

/**
 * A device of a box (a browser that sells offline), identified by the UUID it keeps, with the nota de venta series
 * reserved for it: only its offline sales are issued on that series (the issuing engine refuses it to everyone else),
 * so the numbers it gives offline never meet an online sale's. `ultimoReportado` is the highest number the device said
 * it used: while it is above the series' correlativo, the box's session cannot be closed.
 */
export const dispositivoCaja = pgTable(
  'dispositivo_caja',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idCaja: integer('id_caja').notNull().references(() => caja.id),
    uuid: varchar('uuid', { length: 36 }).notNull(),
    idSerie: integer('id_serie').notNull().references(() => serie.id),
    ultimoReportado: integer('ultimo_reportado').notNull().default(0),
    /** The device's own boleta series B### (branch posboleta; null for a company without RUC), reserved like idSerie. */
    idSerieBoleta: integer('id_serie_boleta').references(() => serie.id),
    /** The highest boleta number the device said it used. */
    ultimoReportadoBoleta: integer('ultimo_reportado_boleta').notNull().default(0),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('dispositivo_caja_uuid_uq').on(t.idEmpresa, t.uuid),
    uniqueIndex('dispositivo_caja_serie_uq').on(t.idSerie),
    uniqueIndex('dispositivo_caja_serie_boleta_uq').on(t.idSerieBoleta),
    index('dispositivo_caja_caja_idx').on(t.idCaja),
  ],
);

/**
 * A device number discarded (branch posfix): a queued offline sale the server refused and a user settled with a reason.
 * The number is spent on its series (the series' correlativo moved past it in the same transaction) but no document,
 * payment or stock movement exists for it. One row per (series, number); the client's UUID makes a retry idempotent.
 */
export const numeroDescartadoDispositivo = pgTable(
  'numero_descartado_dispositivo',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idDispositivo: integer('id_dispositivo').notNull().references(() => dispositivoCaja.id),
    idSerie: integer('id_serie').notNull().references(() => serie.id),
    numero: integer('numero').notNull(),
    uuid: varchar('uuid', { length: 36 }).notNull(),
    idSesion: integer('id_sesion').references(() => sesionCaja.id),
    motivo: varchar('motivo', { length: 300 }).notNull(),
    total: monto('total').notNull(),
    efectivo: monto('efectivo').notNull(),
    fechaEmision: varchar('fecha_emision', { length: 10 }).notNull(),
    resumen: text('resumen').notNull().default(''),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('numero_descartado_serie_numero_uq').on(t.idSerie, t.numero),
    uniqueIndex('numero_descartado_uuid_uq').on(t.idEmpresa, t.uuid),
    index('numero_descartado_sesion_idx').on(t.idSesion),
  ],
);

/**
 * A supervisor's personal PIN for authorizations at the till (branch pospin): argon2id hash, never returned. One per
 * user (a user row is of one company). Set by the user, with the current password.
 */
export const pinSupervisor = pgTable(
  'pin_supervisor',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idUsuario: integer('id_usuario').notNull().references(() => usuario.id),
    pinHash: text('pin_hash').notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('pin_supervisor_usuario_uq').on(t.idUsuario)],
);

/** Every PIN attempt at a till: the lock (5 wrong in 15 minutes) counts them per PIN owner and per cash session. */
export const intentoPinSupervisor = pgTable(
  'intento_pin_supervisor',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSupervisor: integer('id_supervisor').notNull().references(() => usuario.id),
    idSesion: integer('id_sesion').notNull().references(() => sesionCaja.id),
    idCajero: integer('id_cajero').notNull().references(() => usuario.id),
    exito: smallint('exito').notNull(),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('intento_pin_supervisor_ix').on(t.idSupervisor, t.fecha), index('intento_pin_sesion_ix').on(t.idSesion, t.fecha)],
);

/**
 * A supervisor's authorization at the till (branch pospin): a single-use token (only its SHA-256 is kept) bound to the
 * action, the cash session and an amount (discount) or the queued sale's UUID (discard), valid 5 minutes. Once used it
 * records the sale or the discarded number it covered: the audit of who authorized what.
 */
export const autorizacionSupervisor = pgTable(
  'autorizacion_supervisor',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSesion: integer('id_sesion').notNull().references(() => sesionCaja.id),
    idSupervisor: integer('id_supervisor').notNull().references(() => usuario.id),
    idCajero: integer('id_cajero').notNull().references(() => usuario.id),
    // 'DESCUENTO' (line/global discounts and price edits of one sale) or 'DESCARTE' (one refused offline sale).
    accion: varchar('accion', { length: 20 }).notNull(),
    monto: monto('monto'),
    referencia: varchar('referencia', { length: 60 }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expira: timestamp('expira', { withTimezone: true, mode: 'date' }).notNull(),
    usada: timestamp('usada', { withTimezone: true, mode: 'date' }),
    idVenta: integer('id_venta').references(() => ventaCaja.id),
    idDescarte: integer('id_descarte').references(() => numeroDescartadoDispositivo.id),
    // What was actually applied with it (the sale's total discount), for the session's history.
    montoAplicado: monto('monto_aplicado'),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('autorizacion_supervisor_token_uq').on(t.tokenHash),
    index('autorizacion_supervisor_sesion_ix').on(t.idSesion),
    check('autorizacion_supervisor_accion_ck', sql`${t.accion} in ('DESCUENTO', 'DESCARTE')`),
  ],
);
