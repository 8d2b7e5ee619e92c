import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCodes, ZDatosEmpresa, ZDatosEmpresaActualizar, ZDatosMiCuenta, ZDatosMiCuentaActualizar, ZError, ZId, ZInfoUniversal, ZPasoWizard, ZPersonaContacto, ZRegistroCuenta, ZRegistroRespuesta, ZTipoConfiguracion, ZVinculacionSunat } from '@yupana/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
// eslint-disable-next-line yupana/no-cross-import -- what the caller's roles grant decides which company fields it may edit
import { concesionesDe } from '../seguridad/autorizacion';
import * as datosEmpresa from './datos-empresa.service';
import * as servicio from './onboarding.service';

const tags = ['onboarding'];
const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError, 409: ZError };
const ZIdParams = z.object({ id: ZId });
const ZPasos = z.object({ Pasos: z.array(ZPasoWizard) });

const origen = (req: FastifyRequest) => ({ ip: req.ip ?? null, agente: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null });

/** Account creation, the setup wizard and the company's own data (mounted under /api/seguridad). */
export async function rutasOnboarding(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.dbh.db;
  const auth = (req: { auth: { idUsuario: number; idEmpresa: number } | null }) => {
    if (!req.auth) throw new AppError(ErrorCodes.NO_AUTENTICADO, undefined, 401);
    return req.auth;
  };
  const puedeEditarEmpresa = async (req: FastifyRequest) => (await concesionesDe(ctx).servicios(db, requerirAuth(req))).has('EMPRESA_DATOS_GUARDAR');

  r.post('/v3/usuarios/universales/cuenta', {
    // Public by nature: whoever signs up has no session yet. The new company is a demo (simulator only).
    config: { publica: true },
    schema: { tags, summary: 'Crear una cuenta (empresa DEMO y su usuario)', body: ZRegistroCuenta, response: { 201: ZRegistroRespuesta, 429: ZError, ...errores } },
    handler: async (req, reply) => {
      await servicio.comprobarLimiteRegistro(db, req.ip ?? null, ctx.limitesLogin.ventanaSegundos);
      return reply.code(201).send(await servicio.registrarCuenta(db, req.body));
    },
  });

  r.get('/v3/usuarios/universales/:id', {
    config: { servicio: 'SEG_CUENTA' },
    schema: { tags, summary: 'Datos de mi cuenta (usuario universal y su empresa)', params: ZIdParams, response: { 200: ZDatosMiCuenta, ...errores } },
    handler: async (req) => servicio.datosMiCuenta(db, auth(req), req.params.id, { editarEmpresa: await puedeEditarEmpresa(req) }),
  });

  r.put('/v3/usuarios/universales/:id', {
    config: { servicio: 'SEG_CUENTA' },
    schema: { tags, summary: 'Guardar los datos de mi cuenta', params: ZIdParams, body: ZDatosMiCuentaActualizar, response: { 200: ZDatosMiCuenta, ...errores } },
    handler: async (req) =>
      servicio.actualizarMiCuenta(db, auth(req), req.params.id, req.body, { editarEmpresa: await puedeEditarEmpresa(req), origen: origen(req) }),
  });

  r.get('/v3/usuarios/universales/info', {
    // Every signed-in user: the shell reads it to route (wizard pending, demo state) and for the banners.
    config: { servicio: 'SEG_CUENTA' },
    schema: { tags, summary: 'Datos del usuario para el asistente y la cuenta DEMO', response: { 200: ZInfoUniversal, ...errores } },
    handler: async (req) => servicio.info(db, auth(req), ctx.configPublica.Variante),
  });

  // The wizard's steps: the company's administrator only (ONBOARDING_CONFIGURAR) and only while it is open.
  r.put('/v3/usuarios/universales/pasos/tipo-configuracion', {
    config: { servicio: 'ONBOARDING_CONFIGURAR' },
    schema: { tags, summary: 'Paso 1: tipo de configuración y datos de la empresa', body: ZTipoConfiguracion, response: { 200: ZPasos, ...errores } },
    handler: async (req) => ({ Pasos: await servicio.tipoConfiguracion(db, auth(req), req.body, origen(req)) }),
  });

  r.put('/v3/usuarios/universales/pasos/persona-de-contacto', {
    config: { servicio: 'ONBOARDING_CONFIGURAR' },
    schema: { tags, summary: 'Paso 2: persona de contacto', body: ZPersonaContacto, response: { 200: ZPasos, ...errores } },
    handler: async (req) => ({ Pasos: await servicio.personaContacto(db, auth(req), req.body) }),
  });

  r.put('/v3/usuarios/universales/pasos/vinculacion-sunat', {
    config: { servicio: 'ONBOARDING_CONFIGURAR' },
    schema: { tags, summary: 'Paso 3 (empresas con RUC): vinculación con SUNAT, o "Configurar después"', body: ZVinculacionSunat, response: { 200: ZPasos, ...errores } },
    handler: async (req) => ({ Pasos: await servicio.vinculacionSunat(db, auth(req), req.body) }),
  });

  r.put('/v3/usuarios/universales/pasos/series-electronicas', {
    config: { servicio: 'ONBOARDING_CONFIGURAR' },
    schema: { tags, summary: 'Paso 4: cierra el asistente cuando la empresa tiene sus series', response: { 200: ZPasos, ...errores } },
    handler: async (req) => ({ Pasos: await servicio.seriesElectronicas(db, auth(req), origen(req)) }),
  });

  r.get('/v1/empresas/datos', {
    config: { servicio: 'SEG_CUENTA' },
    schema: { tags, summary: 'Datos de la empresa que salen en sus comprobantes', response: { 200: ZDatosEmpresa, ...errores } },
    handler: async (req) => datosEmpresa.datosEmpresa(db, requerirAuth(req), await puedeEditarEmpresa(req)),
  });

  r.put('/v1/empresas/datos', {
    config: { servicio: 'EMPRESA_DATOS_GUARDAR' },
    schema: { tags, summary: 'Editar los datos de la empresa (razón social, dirección, ubigeo, correo, teléfono); el RUC no cambia', body: ZDatosEmpresaActualizar, response: { 200: ZDatosEmpresa, ...errores } },
    handler: async (req) => datosEmpresa.guardarDatosEmpresa(db, requerirAuth(req), req.body, origen(req)),
  });
}
