import { and, eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  EstadoPaso,
  MensajesError,
  NombrePaso,
  conPasoSunat,
  finalizarPaso,
  PasoWizard,
  pasosIniciales,
  Roles,
  rutaInicializacion,
  TipoEmpresa,
  ZDatosJsonUsuario,
  fechaLima,
  sumarDias,
  type TDatosMiCuenta,
  type TDatosMiCuentaActualizar,
  type TInfoUniversal,
  type TPasoWizard,
  type TPersonaContacto,
  type TRegistroCuenta,
  type TTipoConfiguracion,
  type TVariante,
  type TVinculacionSunat,
} from '@yupana/contracts';
import type { Db } from '../../db/client';
import { cuenta, empresa, sucursal, usuario, usuarioRol, usuarioSucursal } from '../../db/schema';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import { registrarYContarIntento } from '../../lib/limite-intentos';
import { exigirContrasenhaSegura, hashContrasenha } from '../../lib/password';
// eslint-disable-next-line yupana/no-cross-import -- a new demo company gets the issuing module's demo SUNAT settings
import { configurarEmpresaDemo } from '../contabilidad/configuracion/configuracion.service';
// eslint-disable-next-line yupana/no-cross-import -- the same demo RUC the issuing module signs demo documents with
import { RUC_DEMO } from '../contabilidad/documentos/emision.service';
// eslint-disable-next-line yupana/no-cross-import -- onboarding hands the new company to billing (demo clock, welcome allowance)
import { ahora } from '../pagos/configuracion';
import { saldoEmpresa } from '../pagos/pagos.schema';
import { empresaSunat } from '../contabilidad/contabilidad.schema';
// eslint-disable-next-line yupana/no-cross-import -- company identity changes go to the security audit log
import { registrarEvento, type Origen } from '../seguridad/auditoria';
// eslint-disable-next-line yupana/no-cross-import -- onboarding hands the new company to billing (demo clock, welcome allowance)
import { vigenciaDemo } from '../pagos/saldo';

type Auth = { idUsuario: number; idEmpresa: number };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The free plan a company gets when it leaves the demo (plan id 1 of the catalogue: 20 documents, 30 days). */
const PLAN_BIENVENIDA = { id: 1, documentos: 20, dias: 30 };

const esUnico = (e: unknown) => String((e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code) === '23505';

/** Account creations allowed per IP in the window (the login rate limit's window: its housekeeping purges the rows). */
export const REGISTROS_POR_IP = 5;

/**
 * Registration rate limit: every well-formed registration from an IP counts (a refused duplicate e-mail too, so the
 * call cannot be used to probe e-mails in bulk). Over the limit: 429 with a Spanish message and Retry-After.
 */
export async function comprobarLimiteRegistro(db: Db, ip: string | null, ventanaSegundos: number): Promise<void> {
  const { total, segundosParaLiberar } = await registrarYContarIntento(db, `registro:ip:${ip ?? 'desconocida'}`, ventanaSegundos);
  if (total <= REGISTROS_POR_IP) return;
  const minutos = Math.ceil(segundosParaLiberar / 60);
  throw new AppError(
    ErrorCodes.DEMASIADOS_REGISTROS,
    `Se crearon demasiadas cuentas desde su conexión. Inténtelo nuevamente en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}`,
    429,
    { headers: { 'retry-after': String(segundosParaLiberar) } },
  );
}

/**
 * Account creation: a demo company of its own (type 1), a main branch and the user (Supervisor of it), whose sign-in
 * name is the e-mail. The user starts with the wizard's steps pending. One transaction.
 */
export async function registrarCuenta(db: Db, d: TRegistroCuenta) {
  await exigirContrasenhaSegura(d.Contrasenha, { usuario: d.Correo, correo: d.Correo, nombres: d.Nombres, apellidos: d.Apellidos });
  const hash = await hashContrasenha(d.Contrasenha);
  const nombre = `${d.Nombres} ${d.Apellidos}`.trim();
  try {
    return await db.transaction(async (tx) => {
      const [existe] = await tx.select({ id: usuario.id }).from(usuario).where(sql`lower(${usuario.usuario}) = ${d.Correo}`);
      if (existe) throw new AppError(ErrorCodes.USUARIO_YA_REGISTRADO, undefined, 409, { errores: { Correo: 'Ya existe una cuenta con este correo' } });
      const [c] = await tx.insert(cuenta).values({ nombre }).returning({ id: cuenta.id });
      const [e] = await tx
        .insert(empresa)
        .values({ idCuenta: c.id, documento: null, razonSocial: `EMPRESA DEMO DE ${nombre.toUpperCase()}`.slice(0, 250), tipoEmpresa: TipoEmpresa.DEMO, regimenTributario: 0, correo: d.Correo, telefono: d.Telefono ?? null })
        .returning({ id: empresa.id });
      const [s] = await tx
        .insert(sucursal)
        .values({ idEmpresa: e.id, razonSocial: 'PRINCIPAL', descripcion: 'Principal', correo: d.Correo, telefono: d.Telefono ?? null })
        .returning({ id: sucursal.id });
      const [u] = await tx
        .insert(usuario)
        .values({
          idEmpresa: e.id,
          idCuenta: c.id,
          usuario: d.Correo,
          contrasenhaHash: hash,
          nombres: d.Nombres,
          apellidos: d.Apellidos,
          correo: d.Correo,
          estado: 1,
          datosJson: JSON.stringify({ Pasos: pasosIniciales() }),
        })
        .returning({ id: usuario.id });
      await tx.insert(usuarioRol).values({ idEmpresa: e.id, idUsuario: u.id, idRol: Roles.SUPERVISOR, logUsuarioCrea: u.id });
      await tx.insert(usuarioSucursal).values({ idEmpresa: e.id, idUsuario: u.id, idSucursal: s.id, logUsuarioCrea: u.id });
      // A demo issues with the demo RUC against the local SUNAT simulator, like the demo data's demo company.
      await configurarEmpresaDemo(tx, e.id, RUC_DEMO, `EMPRESA DEMO DE ${nombre.toUpperCase()}`.slice(0, 250));
      return { IdUsuario: u.id, IdCuenta: c.id, IdEntidadEmpresa: e.id, Usuario: d.Correo };
    });
  } catch (e) {
    // Two registrations of the same e-mail at once: the unique index decides.
    if (esUnico(e)) throw new AppError(ErrorCodes.USUARIO_YA_REGISTRADO, undefined, 409, { errores: { Correo: 'Ya existe una cuenta con este correo' } });
    throw e;
  }
}

function leerPasos(datosJson: string | null): TPasoWizard[] {
  if (!datosJson) return [];
  const r = ZDatosJsonUsuario.safeParse(JSON.parse(datosJson));
  return r.success ? r.data.Pasos : [];
}

async function cargar(db: Db | Tx, auth: Auth, bloquear = false) {
  const q = db
    .select({
      idUsuario: usuario.id,
      idCuenta: usuario.idCuenta,
      usuario: usuario.usuario,
      datosJson: usuario.datosJson,
      idEmpresa: empresa.id,
      razonSocial: empresa.razonSocial,
      documento: empresa.documento,
      tipoEmpresa: empresa.tipoEmpresa,
      asistenteFinalizado: empresa.asistenteFinalizado,
      creada: empresa.logFechaCrea,
      usuarioCreado: usuario.logFechaCrea,
    })
    .from(usuario)
    .innerJoin(empresa, eq(empresa.id, usuario.idEmpresa))
    .where(and(eq(usuario.id, auth.idUsuario), eq(usuario.idEmpresa, auth.idEmpresa)));
  const [f] = bloquear ? await q.for('update', { of: usuario }) : await q;
  if (!f) throw noEncontrado();
  return f;
}

export async function info(db: Db, auth: Auth, variante: TVariante): Promise<TInfoUniversal> {
  const f = await cargar(db, auth);
  const pasos = leerPasos(f.datosJson);
  return {
    IdUsuario: f.idUsuario,
    IdCuenta: f.idCuenta,
    Usuario: f.usuario,
    IdEntidadEmpresa: f.idEmpresa,
    RazonSocial: f.razonSocial,
    DocumentoEmpresa: f.documento,
    TipoEmpresa: f.tipoEmpresa as 0 | 1 | 2,
    DatosJson: { Pasos: pasos },
    RutaInicializacion: rutaInicializacion({ pasos, idUsuario: f.idUsuario, idCuenta: f.idCuenta, variante }),
    Demo: f.tipoEmpresa === TipoEmpresa.DEMO ? vigenciaDemo(f.creada) : null,
    LogFechacrea: f.usuarioCreado.toISOString(),
  };
}

async function guardarPasos(tx: Tx, idUsuario: number, anterior: string | null, pasos: TPasoWizard[]) {
  // Keep whatever else the DatosJson holds; only Pasos belongs to the wizard.
  const base = anterior ? (JSON.parse(anterior) as Record<string, unknown>) : {};
  await tx.update(usuario).set({ datosJson: JSON.stringify({ ...base, Pasos: pasos }), logUsuarioModif: idUsuario, logFechaModif: new Date() }).where(eq(usuario.id, idUsuario));
}

/** Documents already issued (during the demo) so the welcome allowance is on top of them. */
async function documentosEmitidos(tx: Tx, idEmpresa: number): Promise<number> {
  const r = await tx.execute(sql`select count(*) as n from documento_contable where id_empresa = ${idEmpresa}`);
  return Number((r as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
}

/**
 * Step 1: the configuration type and the company's data. Type 0 takes a valid RUC not registered by another company
 * (5085), type 2 has none, type 1 stays a demo. A company that leaves the demo gets the welcome plan once.
 */
export async function tipoConfiguracion(db: Db, auth: Auth, d: TTipoConfiguracion, origen: Origen): Promise<TPasoWizard[]> {
  try {
    return await db.transaction(async (tx) => {
      const f = await cargar(tx, auth, true);
      const rucNuevo = d.TipoEmpresa === TipoEmpresa.CON_RUC ? d.Documento! : null;
      const previos = leerPasos(f.datosJson).length ? leerPasos(f.datosJson) : pasosIniciales();
      // A business without RUC that obtained one converts (the wizard's type 0 path, reopened for it); once converted
      // it stays a company with that RUC, and a second conversion is refused.
      const convertida = datosPaso1(previos).ConvertidaDesdeSinRuc === true;
      const conversion = f.asistenteFinalizado && f.tipoEmpresa === TipoEmpresa.SIN_RUC && d.TipoEmpresa === TipoEmpresa.CON_RUC;
      if (f.asistenteFinalizado && convertida)
        throw new AppError(ErrorCodes.ASISTENTE_FINALIZADO, `La empresa ya tiene RUC (${f.documento}): la conversión a empresa con RUC se hace una sola vez`, 409);
      if (!conversion) exigirAsistenteAbierto(f);
      if (convertida && d.TipoEmpresa !== TipoEmpresa.CON_RUC)
        throw errorDeCampo('TipoEmpresa', 'Su negocio ya se convirtió a empresa con RUC: no puede volver a ser un negocio sin RUC');
      if (convertida && f.documento && rucNuevo !== f.documento)
        throw new AppError(ErrorCodes.RUC_INMUTABLE, `Su negocio ya se convirtió con el RUC ${f.documento}: el RUC no se cambia`, 409, { errores: { Documento: `Su negocio ya se convirtió con el RUC ${f.documento}` } });
      if ((conversion || convertida) && !d.Direccion?.trim()) throw errorDeCampo('Direccion', 'Ingrese la dirección fiscal que figura en su ficha RUC');
      // The RUC every issued document was signed with never changes (nor goes away): a new RUC is a new company.
      if (!convertida && f.documento && f.documento !== rucNuevo && (await documentosEmitidos(tx, f.idEmpresa)) > 0)
        throw new AppError(ErrorCodes.RUC_INMUTABLE, undefined, 409, { errores: { Documento: MensajesError[ErrorCodes.RUC_INMUTABLE] } });
      if (f.tipoEmpresa !== TipoEmpresa.DEMO && d.TipoEmpresa === TipoEmpresa.DEMO)
        throw errorDeCampo('TipoEmpresa', 'Una empresa ya configurada no puede volver a ser una cuenta DEMO');
      if (d.TipoEmpresa === TipoEmpresa.CON_RUC) {
        const [otra] = await tx.select({ id: empresa.id }).from(empresa).where(eq(empresa.documento, d.Documento!));
        if (otra && otra.id !== f.idEmpresa) throw new AppError(ErrorCodes.EMPRESA_EN_TUBOLETA, 'Este RUC ya está registrado por otra empresa', 409, { errores: { Documento: 'Este RUC ya está registrado' } });
      }
      await tx
        .update(empresa)
        .set({
          // A conversion reopens the wizard for the SUNAT link and the factura/boleta series; the series step closes it.
          ...(conversion ? { asistenteFinalizado: false } : {}),
          tipoEmpresa: d.TipoEmpresa,
          documento: d.TipoEmpresa === TipoEmpresa.CON_RUC ? d.Documento! : null,
          razonSocial: d.RazonSocial.toUpperCase(),
          direccion: d.Direccion ?? null,
          logUsuarioModif: auth.idUsuario,
          logFechaModif: new Date(),
        })
        .where(eq(empresa.id, f.idEmpresa));
      if (d.TipoEmpresa !== TipoEmpresa.DEMO) {
        const usados = await documentosEmitidos(tx, f.idEmpresa);
        await tx
          .insert(saldoEmpresa)
          .values({
            idEmpresa: f.idEmpresa,
            idPlan: PLAN_BIENVENIDA.id,
            contablesDisponibles: usados + PLAN_BIENVENIDA.documentos,
            internosDisponibles: usados + PLAN_BIENVENIDA.documentos,
            fechaVencimiento: sumarDias(fechaLima(ahora()), PLAN_BIENVENIDA.dias),
            logUsuarioCrea: auth.idUsuario,
          })
          .onConflictDoNothing();
      }
      await registrarEvento(tx, {
        evento: 'empresa_datos',
        idEmpresa: f.idEmpresa,
        actor: { id: f.idUsuario, usuario: f.usuario },
        origen,
        detalle: { Paso: conversion ? 'conversion-ruc' : 'tipo-configuracion', Antes: { TipoEmpresa: f.tipoEmpresa, Documento: f.documento, RazonSocial: f.razonSocial }, Despues: { TipoEmpresa: d.TipoEmpresa, Documento: rucNuevo, RazonSocial: d.RazonSocial.toUpperCase() } },
      });
      if (conversion) {
        // It issued nothing with a RUC until now: it starts, like every new company, on the SUNAT stand-in with a
        // test certificate of its RUC, until the SUNAT link step (or Configuración SUNAT) saves its own.
        await tx.delete(empresaSunat).where(eq(empresaSunat.idEmpresa, f.idEmpresa));
        await configurarEmpresaDemo(tx, f.idEmpresa, rucNuevo!, d.RazonSocial.toUpperCase());
      }
      // A company with RUC gets the SUNAT link step (3) in the seed's place; the others do not have it. A conversion
      // keeps the contact person and opens the SUNAT link and series steps again.
      const base = conversion
        ? finalizarPaso(
            previos.filter((p) => p.Id !== PasoWizard.CONFIGURACION_SERIE && p.Id !== PasoWizard.VINCULACION_SUNAT).concat(
              { Id: PasoWizard.CONFIGURACION_SERIE, Nombre: NombrePaso[PasoWizard.CONFIGURACION_SERIE], Estado: EstadoPaso.PENDIENTE, Datos: null },
            ),
            PasoWizard.DATOS_CONTACTO,
          )
        : previos;
      const pasos = finalizarPaso(conPasoSunat(base, d.TipoEmpresa === TipoEmpresa.CON_RUC), PasoWizard.DATOS_EMPRESA, {
        TipoEmpresa: d.TipoEmpresa,
        IsConfigSunat: false,
        ...(conversion || convertida ? { ConvertidaDesdeSinRuc: true } : {}),
      });
      await guardarPasos(tx, f.idUsuario, f.datosJson, pasos);
      return pasos;
    });
  } catch (e) {
    if (esUnico(e)) throw new AppError(ErrorCodes.EMPRESA_EN_TUBOLETA, 'Este RUC ya está registrado por otra empresa', 409, { errores: { Documento: 'Este RUC ya está registrado' } });
    throw e;
  }
}

/** What step 1 recorded (the conversion flag among others). */
function datosPaso1(pasos: TPasoWizard[]): Record<string, unknown> {
  const p = pasos.find((x) => x.Id === PasoWizard.DATOS_EMPRESA && x.Estado === EstadoPaso.FINALIZADO);
  try {
    return p?.Datos ? (JSON.parse(p.Datos) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The wizard's steps write the company's legal identity: only while the company has not finished it. */
function exigirAsistenteAbierto(f: { asistenteFinalizado: boolean }) {
  if (f.asistenteFinalizado) throw new AppError(ErrorCodes.ASISTENTE_FINALIZADO, undefined, 409);
}

async function exigirPaso(pasos: TPasoWizard[], id: number) {
  if (!pasos.some((p) => p.Id === id && p.Estado === EstadoPaso.FINALIZADO))
    throw new AppError(ErrorCodes.VALIDACION, 'Complete primero el paso anterior del asistente', 400);
}

/** Step 2: the contact person (kept in the step's Datos, as the seed keeps step data). */
export async function personaContacto(db: Db, auth: Auth, d: TPersonaContacto): Promise<TPasoWizard[]> {
  return db.transaction(async (tx) => {
    const f = await cargar(tx, auth, true);
    exigirAsistenteAbierto(f);
    const actuales = leerPasos(f.datosJson);
    await exigirPaso(actuales, PasoWizard.DATOS_EMPRESA);
    const pasos = finalizarPaso(actuales, PasoWizard.DATOS_CONTACTO, d);
    await guardarPasos(tx, f.idUsuario, f.datosJson, pasos);
    return pasos;
  });
}

/**
 * Step 3 (companies with RUC): the SUNAT link. The certificate and usuario/clave SOL are saved (and the connection
 * tested) through the SUNAT settings calls; this step closes it, or records the user's "Configurar después" (Omitir).
 * IsConfigSunat says what the company really has: a certificate and SOL credentials saved by a person (a sign-up's
 * demo settings are inserted with no modifying user).
 */
export async function vinculacionSunat(db: Db, auth: Auth, d: TVinculacionSunat): Promise<TPasoWizard[]> {
  return db.transaction(async (tx) => {
    const f = await cargar(tx, auth, true);
    exigirAsistenteAbierto(f);
    if (f.tipoEmpresa !== TipoEmpresa.CON_RUC) throw new AppError(ErrorCodes.VALIDACION, 'La vinculación con SUNAT es para empresas con RUC', 400);
    const actuales = leerPasos(f.datosJson);
    await exigirPaso(actuales, PasoWizard.DATOS_CONTACTO);
    const r = await tx.execute(
      sql`select count(*) as n from empresa_sunat where id_empresa = ${f.idEmpresa} and certificado_cifrado is not null and usuario_sol_cifrado is not null and clave_sol_cifrada is not null and log_usuario_modif is not null`,
    );
    const configurada = Number((r as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0) > 0;
    if (!d.Omitir && !configurada)
      throw errorDeCampo('Sunat', 'Suba el certificado digital y registre su usuario y clave SOL, o elija "Configurar después"');
    const pasos = finalizarPaso(conPasoSunat(actuales, true), PasoWizard.VINCULACION_SUNAT, { IsConfigSunat: configurada, Omitido: !!d.Omitir });
    await guardarPasos(tx, f.idUsuario, f.datosJson, pasos);
    return pasos;
  });
}

/**
 * Step 4: the series. The web creates them through the series service; this step only closes once the company has at
 * least one active series. Every step is finished afterwards (the seed's demo rule: all three finished).
 */
export async function seriesElectronicas(db: Db, auth: Auth, origen: Origen): Promise<TPasoWizard[]> {
  return db.transaction(async (tx) => {
    const f = await cargar(tx, auth, true);
    exigirAsistenteAbierto(f);
    const actuales = leerPasos(f.datosJson);
    await exigirPaso(actuales, PasoWizard.DATOS_CONTACTO);
    const r = await tx.execute(sql`select count(*) as n from serie where id_empresa = ${f.idEmpresa} and log_estado = 1`);
    if (Number((r as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0) === 0)
      throw errorDeCampo('Series', 'Registre al menos una serie para emitir sus comprobantes');
    let pasos = actuales;
    for (const p of actuales) if (p.Estado !== EstadoPaso.FINALIZADO) pasos = finalizarPaso(pasos, p.Id);
    pasos = finalizarPaso(pasos, PasoWizard.CONFIGURACION_SERIE);
    await guardarPasos(tx, f.idUsuario, f.datosJson, pasos);
    // A demo stays a demo (its users may still configure it); a company with or without RUC is now configured.
    if (f.tipoEmpresa !== TipoEmpresa.DEMO) {
      await tx.update(empresa).set({ asistenteFinalizado: true, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() }).where(eq(empresa.id, f.idEmpresa));
      await registrarEvento(tx, {
        evento: 'empresa_configurada',
        idEmpresa: f.idEmpresa,
        actor: { id: f.idUsuario, usuario: f.usuario },
        origen,
        detalle: { TipoEmpresa: f.tipoEmpresa, Documento: f.documento, RazonSocial: f.razonSocial },
      });
    }
    return pasos;
  });
}

// --- "Datos de mi cuenta" (receipt variant) ---

async function cargarCuenta(db: Db | Tx, auth: Auth, id: number) {
  // Only one's own account: any other id (another user of the company or of another company) is not found.
  if (id !== auth.idUsuario) throw noEncontrado();
  const [f] = await db
    .select({
      idUsuario: usuario.id,
      usuario: usuario.usuario,
      nombres: usuario.nombres,
      apellidos: usuario.apellidos,
      correo: usuario.correo,
      creado: usuario.logFechaCrea,
      idEmpresa: empresa.id,
      razonSocial: empresa.razonSocial,
      documento: empresa.documento,
      tipoEmpresa: empresa.tipoEmpresa,
      direccion: empresa.direccion,
      correoEmpresa: empresa.correo,
      telefono: empresa.telefono,
    })
    .from(usuario)
    .innerJoin(empresa, eq(empresa.id, usuario.idEmpresa))
    .where(and(eq(usuario.id, id), eq(usuario.idEmpresa, auth.idEmpresa)));
  if (!f) throw noEncontrado();
  return f;
}

export async function datosMiCuenta(db: Db, auth: Auth, id: number, permisos: Pick<PermisosCuenta, 'editarEmpresa'>): Promise<TDatosMiCuenta> {
  const f = await cargarCuenta(db, auth, id);
  return {
    PuedeEditarEmpresa: permisos.editarEmpresa,
    IdUsuario: f.idUsuario,
    Usuario: f.usuario,
    Nombres: f.nombres,
    Apellidos: f.apellidos,
    Correo: f.correo,
    IdEntidadEmpresa: f.idEmpresa,
    RazonSocial: f.razonSocial,
    DocumentoEmpresa: f.documento,
    TipoEmpresa: f.tipoEmpresa as 0 | 1 | 2,
    Direccion: f.direccion,
    CorreoEmpresa: f.correoEmpresa,
    Telefono: f.telefono,
    LogFechacrea: f.creado.toISOString(),
  };
}

/**
 * Saves the user's own names and e-mail and, for a user allowed to edit the company's data (EMPRESA_DATOS_GUARDAR),
 * the company's contact data printed on every document (address, e-mail, phone), with an audit entry. One transaction.
 * A company field sent unchanged is fine for anybody; a change by somebody else is refused and nothing is saved.
 */
export async function actualizarMiCuenta(db: Db, auth: Auth, id: number, d: TDatosMiCuentaActualizar, permisos: PermisosCuenta): Promise<TDatosMiCuenta> {
  await db.transaction(async (tx) => {
    const f = await cargarCuenta(tx, auth, id);
    const cambio = { logUsuarioModif: auth.idUsuario, logFechaModif: new Date() };
    const antes = { Direccion: f.direccion, Correo: f.correoEmpresa, Telefono: f.telefono };
    const despues = {
      Direccion: d.Direccion !== undefined ? d.Direccion : f.direccion,
      Correo: d.CorreoEmpresa !== undefined ? d.CorreoEmpresa : f.correoEmpresa,
      Telefono: d.Telefono !== undefined ? d.Telefono : f.telefono,
    };
    const cambiaEmpresa = (Object.keys(antes) as (keyof typeof antes)[]).some((k) => (antes[k] ?? null) !== (despues[k] ?? null));
    if (cambiaEmpresa && !permisos.editarEmpresa)
      throw new AppError(ErrorCodes.PROHIBIDO, 'Solo el administrador de su empresa puede cambiar la dirección, el correo o el teléfono de la empresa', 403);
    await tx
      .update(usuario)
      .set({ nombres: d.Nombres, apellidos: d.Apellidos, ...(d.Correo !== undefined ? { correo: d.Correo } : {}), ...cambio })
      .where(eq(usuario.id, f.idUsuario));
    if (!cambiaEmpresa) return;
    await tx.update(empresa).set({ direccion: despues.Direccion, correo: despues.Correo, telefono: despues.Telefono, ...cambio }).where(eq(empresa.id, f.idEmpresa));
    await registrarEvento(tx, { evento: 'empresa_datos', idEmpresa: f.idEmpresa, actor: { id: f.idUsuario, usuario: f.usuario }, origen: permisos.origen, detalle: { Antes: antes, Despues: despues } });
  });
  return datosMiCuenta(db, auth, id, permisos);
}

export type PermisosCuenta = { editarEmpresa: boolean; origen: Origen };
