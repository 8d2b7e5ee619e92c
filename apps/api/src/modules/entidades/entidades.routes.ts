import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZEntidad,
  ZEntidadConsulta,
  ZEntidadConsultaRespuesta,
  ZEntidades,
  ZEntidadesQuery,
  ZEntidadEstado,
  ZEntidadGuardar,
  ZEntidadParams,
  ZError,
  ZUbigeo,
  ZUbigeoParams,
  ZUbigeos,
  ZUbigeosQuery,
} from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as servicio from './entidades.service';
import { buscarUbigeos, ubigeoPorId } from './ubigeos.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };

/** Customers, suppliers and other entities of the company; ubigeo catalogue. Mounted under /api/entidades. */
export async function rutasEntidades(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['entidades'];
  const security = [{ bearer: [] }];

  r.get('/v1/entidades', {
    config: { servicio: 'ENT_VER' },
    schema: { tags, security, summary: 'Buscar entidades de la empresa por documento o nombre (paginado)', querystring: ZEntidadesQuery, response: { 200: ZEntidades, ...errores } },
    handler: async (req) => servicio.listarEntidades(ctx, requerirAuth(req), req.query),
  });

  r.get('/v1/entidades/generico', {
    config: { servicio: 'ENT_VER' },
    schema: { tags, security, summary: "Cliente genérico 'CLIENTES VARIOS' de la empresa", response: { 200: ZEntidad, ...errores } },
    handler: async (req) => servicio.clienteGenerico(ctx, requerirAuth(req)),
  });

  r.get('/v1/entidades/:id', {
    config: { servicio: 'ENT_VER' },
    schema: { tags, security, summary: 'Una entidad de la empresa', params: ZEntidadParams, response: { 200: ZEntidad, ...errores } },
    handler: async (req) => servicio.obtenerEntidad(ctx, requerirAuth(req), req.params.id),
  });

  r.post('/v1/entidades', {
    config: { servicio: 'ENT_GUARDAR' },
    schema: { tags, security, summary: 'Registrar una entidad (cliente, proveedor...)', body: ZEntidadGuardar, response: { 201: ZEntidad, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await servicio.crearEntidad(ctx, requerirAuth(req), req.body)),
  });

  r.put('/v1/entidades/:id', {
    config: { servicio: 'ENT_GUARDAR' },
    schema: {
      tags,
      security,
      summary: 'Editar una entidad',
      description: "Also accepts the seed's `{ correo_electronico }` alone: only the e-mail changes, validated like `Correo`.",
      params: ZEntidadParams,
      body: ZEntidadGuardar,
      response: { 200: ZEntidad, ...errores },
    },
    // The seed's e-mail-only update becomes the whole entity with the new e-mail before validation, so it gets the same
    // checks and field messages (token and permission were checked at onRequest).
    preValidation: async (req) => {
      const correo = servicio.correoSoloDelSeed(req.body);
      const id = Number((req.params as { id?: unknown }).id);
      if (correo !== undefined && Number.isSafeInteger(id) && id > 0) req.body = (await servicio.entidadConCorreo(ctx, requerirAuth(req), id, correo)) as typeof req.body;
    },
    handler: async (req) => servicio.editarEntidad(ctx, requerirAuth(req), req.params.id, req.body),
  });

  r.put('/v1/entidades/:id/estado', {
    config: { servicio: 'ENT_DESACTIVAR' },
    schema: { tags, security, summary: 'Desactivar (0) o reactivar (1) una entidad', params: ZEntidadParams, body: ZEntidadEstado, response: { 200: ZEntidad, ...errores } },
    handler: async (req) => servicio.cambiarEstadoEntidad(ctx, requerirAuth(req), req.params.id, req.body.LogEstado),
  });

  r.post('/v1/entidad/consulta', {
    config: { servicio: 'ENT_VER' },
    schema: {
      tags,
      security,
      summary: 'Consultar una entidad por documento (y en el padrón de SUNAT con consultasunat)',
      body: ZEntidadConsulta,
      response: { 200: ZEntidadConsultaRespuesta, ...errores },
    },
    handler: async (req) => servicio.consultarEntidad(ctx, requerirAuth(req), req.body),
  });

  await rutasUbigeos(app);
}

/** The ubigeo catalogue: under /api/entidades and, for the HR screens (seed §7), under /api/rrhh with the same service. */
export async function rutasUbigeos(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['entidades'];
  const security = [{ bearer: [] }];
  r.get('/v1/ubigeos', {
    config: { servicio: 'ENT_VER' },
    schema: { tags, security, summary: 'Buscar distritos (ubigeo INEI) por código o nombre', querystring: ZUbigeosQuery, response: { 200: ZUbigeos, ...errores } },
    handler: async (req) => buscarUbigeos(req.query),
  });

  r.get('/v1/ubigeo/:id', {
    config: { servicio: 'ENT_VER' },
    schema: { tags, security, summary: 'Un distrito por su código', params: ZUbigeoParams, response: { 200: ZUbigeo, ...errores } },
    handler: async (req) => ubigeoPorId(req.params.id),
  });
}
