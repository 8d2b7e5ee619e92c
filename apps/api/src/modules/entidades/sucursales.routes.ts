import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZError, ZId, ZSucursal, ZSucursalGuardar, ZSucursales, ZSucursalesQuery, ZSucursalParams } from '@yupana/contracts';
import { z } from 'zod';
import { noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as servicio from './sucursales.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };
const ZEmpresaParams = z.object({ id: ZId });

/** Branches of the session's company. Mounted under /api/entidades (CRUD) and /api/finanzas (the shell's list). */
export async function rutasSucursales(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sucursales'];
  const security = [{ bearer: [] }];

  r.get('/v1/entidades/:id/sucursales', {
    config: { servicio: 'SUC_VER' },
    schema: { tags, security, summary: 'Sucursales de la empresa', params: ZEmpresaParams, querystring: ZSucursalesQuery, response: { 200: ZSucursales, ...errores } },
    handler: async (req) => {
      const auth = requerirAuth(req);
      // Another company's branches do not exist for this user.
      if (req.params.id !== auth.idEmpresa) throw noEncontrado('No se encontró la empresa');
      return servicio.listarSucursales(ctx, auth, req.query);
    },
  });

  r.get('/v1/sucursales', {
    config: { servicio: 'SUC_VER' },
    schema: { tags, security, summary: 'Sucursales de la empresa de la sesión', querystring: ZSucursalesQuery, response: { 200: ZSucursales, ...errores } },
    handler: async (req) => servicio.listarSucursales(ctx, requerirAuth(req), req.query),
  });

  r.get('/v1/sucursales/:id', {
    config: { servicio: 'SUC_VER' },
    schema: { tags, security, summary: 'Una sucursal', params: ZSucursalParams, response: { 200: ZSucursal, ...errores } },
    handler: async (req) => servicio.obtenerSucursal(ctx, requerirAuth(req), req.params.id),
  });

  r.post('/v1/sucursales', {
    config: { servicio: 'SUC_GUARDAR' },
    schema: { tags, security, summary: 'Registrar una sucursal', body: ZSucursalGuardar, response: { 201: ZSucursal, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await servicio.crearSucursal(ctx, requerirAuth(req), req.body)),
  });

  r.put('/v1/sucursales/:id', {
    config: { servicio: 'SUC_GUARDAR' },
    schema: { tags, security, summary: 'Editar una sucursal', params: ZSucursalParams, body: ZSucursalGuardar, response: { 200: ZSucursal, ...errores } },
    handler: async (req) => servicio.editarSucursal(ctx, requerirAuth(req), req.params.id, req.body),
  });
}

/** Only the shell's list, for the finance prefix (`GET /api/finanzas/v1/entidades/{id}/sucursales`). */
export async function rutasSucursalesFinanzas(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v1/entidades/:id/sucursales', {
    config: { servicio: 'SUC_VER' },
    schema: {
      tags: ['sucursales'],
      security: [{ bearer: [] }],
      summary: 'Sucursales de la empresa (menú del shell)',
      params: ZEmpresaParams,
      querystring: ZSucursalesQuery,
      response: { 200: ZSucursales, ...errores },
    },
    handler: async (req) => {
      const auth = requerirAuth(req);
      if (req.params.id !== auth.idEmpresa) throw noEncontrado('No se encontró la empresa');
      return servicio.listarSucursales(ctx, auth, req.query);
    },
  });
}
