import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, empresa, idGenerado } from '../../db/schema';
import { entidad } from '../entidades/entidades.schema';
import { centroCosto, cuentaFinanciera } from '../finanzas/finanzas.schema';

/** Areas of a company (simple catalogue). */
export const area = pgTable(
  'area',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('area_nombre_uq').on(t.idEmpresa, sql`lower(${t.nombre})`)],
);

/** Positions (cargos) of a company (simple catalogue). */
export const cargo = pgTable(
  'cargo',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('cargo_nombre_uq').on(t.idEmpresa, sql`lower(${t.nombre})`)],
);

/** A relative (entity type 2) of a worker (entity type 1): counts for the asignación familiar. */
export const relacionEntidad = pgTable(
  'relacion_entidad',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idEntidad: integer('id_entidad').notNull().references(() => entidad.id),
    idRelacionado: integer('id_relacionado').notNull().references(() => entidad.id),
    // 1 cónyuge o conviviente, 2 hijo(a).
    parentesco: smallint('parentesco').notNull(),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('relacion_entidad_uq').on(t.idEntidad, t.idRelacionado),
    index('relacion_entidad_empresa_ix').on(t.idEmpresa, t.idEntidad),
    check('relacion_entidad_parentesco_ck', sql`${t.parentesco} in (1, 2)`),
  ],
);

/** A worker's labour contract (the payroll engine's input). */
export const contratoLaboral = pgTable(
  'contrato_laboral',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idEntidad: integer('id_entidad').notNull().references(() => entidad.id),
    // 1 general (DL 728), 2 REMYPE micro, 3 REMYPE pequeña.
    regimen: smallint('regimen').notNull(),
    fechaInicio: date('fecha_inicio', { mode: 'string' }).notNull(),
    fechaFin: date('fecha_fin', { mode: 'string' }),
    remuneracion: numeric('remuneracion', { precision: 12, scale: 2 }).notNull(),
    // ONP, INTEGRA, PRIMA, PROFUTURO, HABITAT.
    sistemaPension: varchar('sistema_pension', { length: 10 }).notNull(),
    // FLUJO or MIXTA (AFP only).
    tipoComision: varchar('tipo_comision', { length: 5 }),
    cuspp: varchar('cuspp', { length: 12 }),
    asignacionFamiliar: boolean('asignacion_familiar').notNull().default(false),
    idArea: integer('id_area').references(() => area.id),
    idCargo: integer('id_cargo').references(() => cargo.id),
    // Finance's cost centre the worker's pay expense goes to in the payroll entries (null: none).
    idCentroCosto: integer('id_centro_costo').references(() => centroCosto.id),
    ...auditoria,
  },
  (t) => [
    index('contrato_laboral_empresa_ix').on(t.idEmpresa, t.idEntidad),
    check('contrato_laboral_regimen_ck', sql`${t.regimen} in (1, 2, 3)`),
    check('contrato_laboral_fechas_ck', sql`${t.fechaFin} is null or ${t.fechaFin} >= ${t.fechaInicio}`),
  ],
);

/**
 * Effective-dated payroll parameters shared by every company (RMV, UIT, rates, AFP commissions, 5ta brackets):
 * the engine reads the row in force on the period's last day, never a constant in code.
 */
export const parametroPlanilla = pgTable(
  'parametro_planilla',
  {
    id: idGenerado(),
    codigo: varchar('codigo', { length: 40 }).notNull(),
    descripcion: varchar('descripcion', { length: 200 }).notNull(),
    valor: numeric('valor', { precision: 14, scale: 6 }).notNull(),
    vigenteDesde: date('vigente_desde', { mode: 'string' }).notNull(),
    vigenteHasta: date('vigente_hasta', { mode: 'string' }),
    fuente: varchar('fuente', { length: 300 }).notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('parametro_planilla_uq').on(t.codigo, t.vigenteDesde)],
);

/** A payroll run of a company for a period and kind (seed: Id, IdTipoNomina, month/year). */
export const nomina = pgTable(
  'nomina',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    // 0 planilla (1 recibos por honorarios and 2 cash are later work).
    idTipoNomina: smallint('id_tipo_nomina').notNull().default(0),
    anio: smallint('anio').notNull(),
    mes: smallint('mes').notNull(),
    // 0 Borrador, 1 Aprobada (locked).
    estado: smallint('estado').notNull().default(0),
    fechaCalculo: timestamp('fecha_calculo', { withTimezone: true, mode: 'date' }),
    fechaAprobacion: timestamp('fecha_aprobacion', { withTimezone: true, mode: 'date' }),
    totalIngresos: numeric('total_ingresos', { precision: 14, scale: 2 }).notNull().default('0'),
    totalDescuentos: numeric('total_descuentos', { precision: 14, scale: 2 }).notNull().default('0'),
    totalAportes: numeric('total_aportes', { precision: 14, scale: 2 }).notNull().default('0'),
    totalNeto: numeric('total_neto', { precision: 14, scale: 2 }).notNull().default('0'),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('nomina_periodo_uq').on(t.idEmpresa, t.idTipoNomina, t.anio, t.mes),
    check('nomina_mes_ck', sql`${t.mes} between 1 and 12`),
    check('nomina_estado_ck', sql`${t.estado} in (0, 1)`),
  ],
);

/** Overtime hours entered for a worker in a run (input of the computation, kept across recomputes). */
export const nominaNovedad = pgTable(
  'nomina_novedad',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idNomina: integer('id_nomina').notNull().references(() => nomina.id),
    idEntidad: integer('id_entidad').notNull().references(() => entidad.id),
    horasExtra25: numeric('horas_extra_25', { precision: 7, scale: 2 }).notNull().default('0'),
    horasExtra35: numeric('horas_extra_35', { precision: 7, scale: 2 }).notNull().default('0'),
    faltas: smallint('faltas').notNull().default(0),
    minutosTardanza: integer('minutos_tardanza').notNull().default(0),
    horasFeriado: numeric('horas_feriado', { precision: 7, scale: 2 }).notNull().default('0'),
    horasNocturnas: numeric('horas_nocturnas', { precision: 7, scale: 2 }).notNull().default('0'),
    diasSinGoce: smallint('dias_sin_goce').notNull().default(0),
    ...auditoria,
  },
  (t) => [uniqueIndex('nomina_novedad_uq').on(t.idNomina, t.idEntidad)],
);

/** One worker's payslip in a run; its lines carry every figure with its rule. */
export const nominaBoleta = pgTable(
  'nomina_boleta',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idNomina: integer('id_nomina').notNull().references(() => nomina.id),
    idEntidad: integer('id_entidad').notNull().references(() => entidad.id),
    idContrato: integer('id_contrato').notNull().references(() => contratoLaboral.id),
    regimen: smallint('regimen').notNull(),
    sistemaPension: varchar('sistema_pension', { length: 10 }).notNull(),
    remuneracion: numeric('remuneracion', { precision: 12, scale: 2 }).notNull(),
    diasLaborados: smallint('dias_laborados').notNull(),
    horasExtra25: numeric('horas_extra_25', { precision: 7, scale: 2 }).notNull().default('0'),
    horasExtra35: numeric('horas_extra_35', { precision: 7, scale: 2 }).notNull().default('0'),
    faltas: smallint('faltas').notNull().default(0),
    minutosTardanza: integer('minutos_tardanza').notNull().default(0),
    horasFeriado: numeric('horas_feriado', { precision: 7, scale: 2 }).notNull().default('0'),
    horasNocturnas: numeric('horas_nocturnas', { precision: 7, scale: 2 }).notNull().default('0'),
    diasSinGoce: smallint('dias_sin_goce').notNull().default(0),
    totalIngresos: numeric('total_ingresos', { precision: 14, scale: 2 }).notNull(),
    totalDescuentos: numeric('total_descuentos', { precision: 14, scale: 2 }).notNull(),
    totalAportes: numeric('total_aportes', { precision: 14, scale: 2 }).notNull(),
    neto: numeric('neto', { precision: 14, scale: 2 }).notNull(),
    // Income subject to 5ta and the 5ta retained this month: the next months' projections read them.
    ingresosQuinta: numeric('ingresos_quinta', { precision: 14, scale: 2 }).notNull(),
    retencionQuinta: numeric('retencion_quinta', { precision: 14, scale: 2 }).notNull(),
    // The month's CTS provision (employer's accrual, posted 6291/4151 at approval) and its rule.
    provisionCts: numeric('provision_cts', { precision: 14, scale: 2 }).notNull().default('0'),
    provisionCtsRegla: text('provision_cts_regla').notNull().default(''),
    // The payment (not voided) that paid this payslip's net; null while unpaid. A void sets it back to null.
    idPago: integer('id_pago').references((): AnyPgColumn => nominaPago.id),
    // The CTS deposit (not voided) that deposited this payslip's CTS line (May, November); null while not deposited.
    idDepositoCts: integer('id_deposito_cts').references((): AnyPgColumn => nominaDepositoCts.id),
    ...auditoria,
  },
  (t) => [uniqueIndex('nomina_boleta_uq').on(t.idNomina, t.idEntidad), index('nomina_boleta_entidad_ix').on(t.idEmpresa, t.idEntidad)],
);

export const nominaLinea = pgTable(
  'nomina_linea',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idBoleta: integer('id_boleta').notNull().references(() => nominaBoleta.id, { onDelete: 'cascade' }),
    orden: smallint('orden').notNull(),
    tipo: varchar('tipo', { length: 12 }).notNull(),
    codigo: varchar('codigo', { length: 30 }).notNull(),
    concepto: varchar('concepto', { length: 150 }).notNull(),
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull(),
    regla: text('regla').notNull(),
    ...auditoria,
  },
  (t) => [index('nomina_linea_boleta_ix').on(t.idBoleta)],
);

/**
 * One payment operation of an approved run's net (Pagar planilla): out of one financial account in soles, on a date,
 * with the bank's operation number; it pays the payslips of its detail. Voided (supervisor) it frees them again.
 */
export const nominaPago = pgTable(
  'nomina_pago',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idNomina: integer('id_nomina').notNull().references(() => nomina.id),
    idCuentaFinanciera: integer('id_cuenta_financiera').notNull().references(() => cuentaFinanciera.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    numeroOperacion: varchar('numero_operacion', { length: 30 }),
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull(),
    anulado: boolean('anulado').notNull().default(false),
    fechaAnulacion: timestamp('fecha_anulacion', { withTimezone: true, mode: 'date' }),
    motivoAnulacion: varchar('motivo_anulacion', { length: 250 }),
    ...auditoria,
  },
  (t) => [index('nomina_pago_nomina_ix').on(t.idEmpresa, t.idNomina), check('nomina_pago_monto_ck', sql`${t.monto} > 0`)],
);

/** The payslips a payment paid and the net of each (kept after a void, for the history). */
export const nominaPagoDetalle = pgTable(
  'nomina_pago_detalle',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idPago: integer('id_pago').notNull().references(() => nominaPago.id),
    idBoleta: integer('id_boleta').notNull().references(() => nominaBoleta.id),
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('nomina_pago_detalle_uq').on(t.idPago, t.idBoleta), index('nomina_pago_detalle_boleta_ix').on(t.idBoleta)],
);

/**
 * One CTS deposit operation of an approved May or November run (Depositar CTS): the CTS line of the chosen payslips
 * out of one bank account in soles, on a date, with the bank's operation number. Voided (supervisor) it frees them.
 */
export const nominaDepositoCts = pgTable(
  'nomina_deposito_cts',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idNomina: integer('id_nomina').notNull().references(() => nomina.id),
    idCuentaFinanciera: integer('id_cuenta_financiera').notNull().references(() => cuentaFinanciera.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    numeroOperacion: varchar('numero_operacion', { length: 30 }).notNull(),
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull(),
    anulado: boolean('anulado').notNull().default(false),
    fechaAnulacion: timestamp('fecha_anulacion', { withTimezone: true, mode: 'date' }),
    motivoAnulacion: varchar('motivo_anulacion', { length: 250 }),
    ...auditoria,
  },
  (t) => [index('nomina_deposito_cts_nomina_ix').on(t.idEmpresa, t.idNomina), check('nomina_deposito_cts_monto_ck', sql`${t.monto} > 0`)],
);

/** The payslips a CTS deposit deposited and the CTS of each (kept after a void, for the history). */
export const nominaDepositoCtsDetalle = pgTable(
  'nomina_deposito_cts_detalle',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idDeposito: integer('id_deposito').notNull().references(() => nominaDepositoCts.id),
    idBoleta: integer('id_boleta').notNull().references(() => nominaBoleta.id),
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('nomina_deposito_cts_detalle_uq').on(t.idDeposito, t.idBoleta), index('nomina_deposito_cts_detalle_boleta_ix').on(t.idBoleta)],
);

/**
 * Approval flow templates (seed `plantillaflujo`): per request type, the ordered steps, each approved by a user with a
 * role. Requests (seed `solicitud`) copy the steps into `flujo_solicitud` when created.
 */
export const plantillaFlujo = pgTable(
  'plantilla_flujo',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    tipoSolicitud: varchar('tipo_solicitud', { length: 12 }).notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('plantilla_flujo_tipo_uq').on(t.idEmpresa, t.tipoSolicitud).where(sql`${t.logEstado} = 1`)],
);

export const plantillaFlujoPaso = pgTable(
  'plantilla_flujo_paso',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idPlantilla: integer('id_plantilla').notNull().references(() => plantillaFlujo.id, { onDelete: 'cascade' }),
    orden: smallint('orden').notNull(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    idRol: integer('id_rol').notNull(),
    ...auditoria,
  },
  (t) => [uniqueIndex('plantilla_flujo_paso_uq').on(t.idPlantilla, t.orden)],
);

/** A worker's request (vacaciones, permiso, licencia): estado 0 pendiente, 1 aprobada, 2 rechazada. */
export const solicitud = pgTable(
  'solicitud',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idEntidad: integer('id_entidad').notNull().references(() => entidad.id),
    tipo: varchar('tipo', { length: 12 }).notNull(),
    conGoce: boolean('con_goce').notNull(),
    fechaDesde: date('fecha_desde', { mode: 'string' }).notNull(),
    fechaHasta: date('fecha_hasta', { mode: 'string' }).notNull(),
    motivo: varchar('motivo', { length: 300 }).notNull(),
    estado: smallint('estado').notNull().default(0),
    pasoActual: smallint('paso_actual').notNull().default(1),
    // Why the last e-mail of the flow (to the approvers or to the worker) could not go out; null when it did or none was due.
    notificacion: varchar('notificacion', { length: 300 }),
    ...auditoria,
  },
  (t) => [
    index('solicitud_entidad_ix').on(t.idEmpresa, t.idEntidad, t.fechaDesde),
    check('solicitud_estado_ck', sql`${t.estado} in (0, 1, 2)`),
    check('solicitud_fechas_ck', sql`${t.fechaHasta} >= ${t.fechaDesde}`),
  ],
);

/** The steps of one request's flow, copied from its template: estado 0 pendiente, 1 aprobado, 2 rechazado. */
export const flujoSolicitud = pgTable(
  'flujo_solicitud',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idSolicitud: integer('id_solicitud').notNull().references(() => solicitud.id, { onDelete: 'cascade' }),
    orden: smallint('orden').notNull(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    idRol: integer('id_rol').notNull(),
    estado: smallint('estado').notNull().default(0),
    idUsuarioResuelve: integer('id_usuario_resuelve'),
    fechaResuelve: timestamp('fecha_resuelve', { withTimezone: true }),
    comentario: varchar('comentario', { length: 300 }),
    ...auditoria,
  },
  (t) => [uniqueIndex('flujo_solicitud_uq').on(t.idSolicitud, t.orden)],
);

/**
 * A worker's bank accounts (rrhhbanco): at most one per kind, SUELDO (where the pay goes) and CTS (the CTS depositary
 * the worker chose, DL 650 art. 23); `banco` is the bank's code in the CCI (BancosCci), `id_moneda` 1 soles, 2 dólares.
 */
export const trabajadorCuenta = pgTable(
  'trabajador_cuenta',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idEntidad: integer('id_entidad').notNull().references(() => entidad.id),
    tipo: varchar('tipo', { length: 6 }).notNull(),
    banco: varchar('banco', { length: 3 }).notNull(),
    numeroCuenta: varchar('numero_cuenta', { length: 30 }).notNull(),
    cci: varchar('cci', { length: 20 }).notNull(),
    idMoneda: smallint('id_moneda').notNull().default(1),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('trabajador_cuenta_ux').on(t.idEmpresa, t.idEntidad, t.tipo),
    check('trabajador_cuenta_tipo_ck', sql`${t.tipo} in ('SUELDO', 'CTS')`),
    check('trabajador_cuenta_moneda_ck', sql`${t.idMoneda} in (1, 2)`),
  ],
);

/**
 * A calendar event of the company (seed `entidades/evento`): a meeting, a training, a birthday, a deadline; for the
 * whole company or one worker. Dates in Lima; an all-day event has no times.
 */
export const entidadEvento = pgTable(
  'entidad_evento',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idEntidad: integer('id_entidad').references(() => entidad.id),
    titulo: varchar('titulo', { length: 150 }).notNull(),
    descripcion: varchar('descripcion', { length: 500 }),
    fechaInicio: date('fecha_inicio', { mode: 'string' }).notNull(),
    fechaFin: date('fecha_fin', { mode: 'string' }).notNull(),
    horaInicio: varchar('hora_inicio', { length: 5 }),
    horaFin: varchar('hora_fin', { length: 5 }),
    ...auditoria,
  },
  (t) => [
    index('entidad_evento_ix').on(t.idEmpresa, t.fechaInicio),
    check('entidad_evento_fechas_ck', sql`${t.fechaFin} >= ${t.fechaInicio}`),
  ],
);
