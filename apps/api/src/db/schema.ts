import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * One schema for PGlite and PostgreSQL. Every table carries the seed's audit fields; business rows carry
 * `id_empresa` (the seed's IdEntidadEmpresa), which repositories always take from the verified token.
 */
export const fechaAuditoria = (nombre: string) => timestamp(nombre, { withTimezone: true, mode: 'date' });

export const auditoria = {
  logUsuarioCrea: integer('log_usuario_crea'),
  logFechaCrea: fechaAuditoria('log_fecha_crea').notNull().defaultNow(),
  logUsuarioModif: integer('log_usuario_modif'),
  logFechaModif: fechaAuditoria('log_fecha_modif'),
  // 1 active, 0 inactive: deletes are soft.
  logEstado: smallint('log_estado').notNull().default(1),
};

export const idGenerado = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const cuenta = pgTable('cuenta', {
  id: idGenerado(),
  nombre: varchar('nombre', { length: 200 }).notNull(),
  ...auditoria,
});

export const empresa = pgTable(
  'empresa',
  {
    id: idGenerado(),
    idCuenta: integer('id_cuenta').notNull().references(() => cuenta.id),
    // RUC; null for a company without one (type 2) and allowed null for a demo company (type 1).
    documento: varchar('documento', { length: 11 }),
    razonSocial: varchar('razon_social', { length: 250 }).notNull(),
    // 0 with RUC, 1 demo, 2 without RUC.
    tipoEmpresa: smallint('tipo_empresa').notNull(),
    // 0 RUS/small business, 1 MYPE tributario, 2 simplified single, 3 special income, 4 general.
    regimenTributario: smallint('regimen_tributario').notNull(),
    direccion: varchar('direccion', { length: 250 }),
    idUbigeo: char('id_ubigeo', { length: 6 }),
    correo: varchar('correo', { length: 150 }),
    telefono: varchar('telefono', { length: 30 }),
    // Storage key of the logo file (files live behind the storage interface, not in the database).
    logo: varchar('logo', { length: 500 }),
    // The platform provider (sells the plans, runs the payments inbox and the shared catalogues). Set only by the
    // installation (demo seed or `npm run proveedor`), never by a sign-up, the wizard or a company edit.
    esProveedor: boolean('es_proveedor').notNull().default(false),
    // The setup wizard's steps run only while this is false; its last step sets it.
    asistenteFinalizado: boolean('asistente_finalizado').notNull().default(false),
    ...auditoria,
  },
  (t) => [
    uniqueIndex('empresa_documento_uq').on(t.documento).where(sql`${t.documento} is not null`),
    uniqueIndex('empresa_proveedor_uq').on(t.esProveedor).where(sql`${t.esProveedor}`),
    check('empresa_tipo_ck', sql`${t.tipoEmpresa} in (0, 1, 2)`),
    check('empresa_regimen_ck', sql`${t.regimenTributario} between 0 and 4`),
    check('empresa_ruc_ck', sql`(${t.tipoEmpresa} = 0 and ${t.documento} is not null) or (${t.tipoEmpresa} = 2 and ${t.documento} is null) or ${t.tipoEmpresa} = 1`),
  ],
);

export const sucursal = pgTable(
  'sucursal',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    razonSocial: varchar('razon_social', { length: 250 }).notNull(),
    descripcion: varchar('descripcion', { length: 250 }),
    direccion: varchar('direccion', { length: 250 }),
    idUbigeo: char('id_ubigeo', { length: 6 }),
    correo: varchar('correo', { length: 150 }),
    telefono: varchar('telefono', { length: 30 }),
    // SUNAT's código de establecimiento anexo (RUC registry): 4 digits, '0000' = domicilio fiscal. PLE 12.1/13.1 field 4.
    codigoAnexo: char('codigo_anexo', { length: 4 }).notNull().default('0000'),
    // The default cost centre of the branch's sales income (70) in the automatic entries (finance's centro_costo; no
    // foreign key here: finance's schema imports this file; the API validates it as the company's and active).
    idCentroCosto: integer('id_centro_costo'),
    ...auditoria,
  },
  (t) => [index('sucursal_empresa_ix').on(t.idEmpresa), check('sucursal_codigo_anexo_ck', sql`${t.codigoAnexo} ~ '^[0-9]{4}$'`)],
);

export const usuario = pgTable(
  'usuario',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idCuenta: integer('id_cuenta').notNull().references(() => cuenta.id),
    usuario: varchar('usuario', { length: 100 }).notNull(),
    contrasenhaHash: text('contrasenha_hash').notNull(),
    nombres: varchar('nombres', { length: 150 }).notNull(),
    apellidos: varchar('apellidos', { length: 150 }).notNull().default(''),
    correo: varchar('correo', { length: 150 }),
    // 0 inactive, 1 active, 2 deleted, 3 pending invitation.
    estado: smallint('estado').notNull().default(1),
    fechaUltimoIngreso: timestamp('fecha_ultimo_ingreso', { withTimezone: true, mode: 'date' }),
    // The seed's DatosJson (wizard steps), kept as JSON text as the seed sends it.
    datosJson: text('datos_json'),
    ...auditoria,
  },
  (t) => [
    // Sign-in names are global (the login call carries no company), compared case-insensitively.
    uniqueIndex('usuario_usuario_uq').on(sql`lower(${t.usuario})`),
    index('usuario_empresa_ix').on(t.idEmpresa),
    check('usuario_estado_ck', sql`${t.estado} in (0, 1, 2, 3)`),
  ],
);

export const usuarioSucursal = pgTable(
  'usuario_sucursal',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idUsuario: integer('id_usuario').notNull().references(() => usuario.id),
    idSucursal: integer('id_sucursal').notNull().references(() => sucursal.id),
    ...auditoria,
  },
  (t) => [uniqueIndex('usuario_sucursal_uq').on(t.idUsuario, t.idSucursal)],
);

// Catalog tables below use fixed ids: the seed's role ids (1, 2, 4), module ids (ERP 1) and permission ids
// (e.g. ventas 120) are part of the contract, so they are inserted explicitly by migrations, never generated.
export const modulo = pgTable('modulo', {
  id: integer('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
  descripcion: varchar('descripcion', { length: 250 }),
  ...auditoria,
});

export const rol = pgTable('rol', {
  id: integer('id').primaryKey(),
  idModulo: integer('id_modulo').notNull().references(() => modulo.id),
  nombre: varchar('nombre', { length: 100 }).notNull(),
  descripcion: varchar('descripcion', { length: 250 }),
  ...auditoria,
});

export const permiso = pgTable(
  'permiso',
  {
    id: integer('id').primaryKey(),
    idModulo: integer('id_modulo').notNull().references(() => modulo.id),
    idPadre: integer('id_padre'),
    // 0 root / group label, 1 control (menu entry), 2 component (an action inside a page).
    tipo: smallint('tipo').notNull(),
    descripcion: varchar('descripcion', { length: 150 }).notNull(),
    ruta: varchar('ruta', { length: 300 }),
    iconMenu: varchar('icon_menu', { length: 60 }),
    // Top level: link | extLink | sub; children: parent | admin | complete | external.
    tipoEnlace: varchar('tipo_enlace', { length: 20 }),
    estadoPrincipal: varchar('estado_principal', { length: 60 }),
    estado: varchar('estado', { length: 60 }),
    // Component id the web permission guard matches (route data).
    componente: varchar('componente', { length: 60 }),
    subMenu: boolean('sub_menu').notNull().default(false),
    orden: integer('orden').notNull().default(0),
    ...auditoria,
  },
  (t) => [index('permiso_padre_ix').on(t.idPadre), check('permiso_tipo_ck', sql`${t.tipo} in (0, 1, 2)`)],
);

export const rolPermiso = pgTable(
  'rol_permiso',
  {
    id: idGenerado(),
    idRol: integer('id_rol').notNull().references(() => rol.id),
    idPermiso: integer('id_permiso').notNull().references(() => permiso.id),
    ...auditoria,
  },
  (t) => [uniqueIndex('rol_permiso_uq').on(t.idRol, t.idPermiso)],
);

export const usuarioRol = pgTable(
  'usuario_rol',
  {
    id: idGenerado(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idUsuario: integer('id_usuario').notNull().references(() => usuario.id),
    idRol: integer('id_rol').notNull().references(() => rol.id),
    ...auditoria,
  },
  (t) => [uniqueIndex('usuario_rol_uq').on(t.idUsuario, t.idRol)],
);

/** A sign-in session = one refresh-token family. Revoking it ends every token of the family. */
export const sesion = pgTable(
  'sesion',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    idUsuario: integer('id_usuario').notNull().references(() => usuario.id),
    idModulo: integer('id_modulo').notNull().references(() => modulo.id),
    fechaInicio: timestamp('fecha_inicio', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Absolute end of the session: rotation never extends it past this.
    expiraEn: timestamp('expira_en', { withTimezone: true, mode: 'date' }).notNull(),
    revocadaEn: timestamp('revocada_en', { withTimezone: true, mode: 'date' }),
    motivoRevocacion: varchar('motivo_revocacion', { length: 40 }),
    ip: varchar('ip', { length: 64 }),
    agente: varchar('agente', { length: 300 }),
    ...auditoria,
  },
  (t) => [index('sesion_usuario_ix').on(t.idUsuario)],
);

/** Refresh tokens are opaque; only their SHA-256 is stored. Each is usable once (rotation). */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    idSesion: bigint('id_sesion', { mode: 'number' }).notNull().references(() => sesion.id),
    idEmpresa: integer('id_empresa').notNull().references(() => empresa.id),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    expiraEn: timestamp('expira_en', { withTimezone: true, mode: 'date' }).notNull(),
    usadoEn: timestamp('usado_en', { withTimezone: true, mode: 'date' }),
    ...auditoria,
  },
  (t) => [uniqueIndex('refresh_token_hash_uq').on(t.tokenHash), index('refresh_token_sesion_ix').on(t.idSesion)],
);

/**
 * Failed sign-in attempts, keyed by user name and by IP, for the login rate limit. Kept in the database so
 * the limit holds across several API processes behind a load balancer.
 */
export const intentoLogin = pgTable(
  'intento_login',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    clave: varchar('clave', { length: 200 }).notNull(),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...auditoria,
  },
  (t) => [index('intento_login_clave_fecha_ix').on(t.clave, t.fecha)],
);
