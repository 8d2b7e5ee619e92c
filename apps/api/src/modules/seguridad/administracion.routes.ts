import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAuditoria,
  ZCapacidadesRol,
  ZCapacidadRolGuardar,
  ZCapacidadRolParams,
  ZAuditoriaQuery,
  ZEmpresaParams,
  ZError,
  ZInvitacionAceptada,
  ZInvitacionAceptar,
  ZInvitacionConsulta,
  ZInvitacionConsultaQuery,
  ZInvitacionCrear,
  ZInvitacionRespuesta,
  ZMensaje,
  ZModuloRolesParams,
  ZModulo,
  ZModuloGuardar,
  ZModulos,
  ZModulosPaginasQuery,
  ZModulosQuery,
  ZParametro,
  ZParametroGuardar,
  ZParametroParams,
  ZParametrosLista,
  ZParametrosListaQuery,
  ZPermisoEditar,
  ZPermisoFila,
  ZPermisos,
  ZPermisosArbol,
  ZPermisosArbolQuery,
  ZPermisoServicioGuardar,
  ZPermisosQuery,
  ZPermisosServicios,
  ZPermisosServiciosQuery,
  ZRestablecerRespuesta,
  ZRol,
  ZRolCrear,
  ZRolEditar,
  ZRoles,
  ZRolesQuery,
  ZRolesServicios,
  ZRolesServiciosQuery,
  ZRolPermisoEstado,
  ZRolPermisosAgregar,
  ZRolPermisosParams,
  ZRolPermisosQuery,
  ZRolServicioGuardar,
  ZServicio,
  ZServicioEditar,
  ZServicios,
  ZServiciosQuery,
  ZTerminal,
  ZTerminales,
  ZTerminalesQuery,
  ZTerminalGuardar,
  ZUsuarioEstado,
  ZUsuarioIdParams,
  ZUsuarioRoles,
  ZUsuariosEmpresa,
  ZUsuariosEmpresaQuery,
  ZUsuarioSucursales,
  ZId,
  MAX_ID,
  ZEnteroConsulta,
} from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { errorDeCampo } from '../../lib/app-error';
import { requerirAuth } from './auth.hook';
import { buscarEventos } from './auditoria';
import * as adm from './administracion.service';
import * as usr from './usuarios-admin.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };
const security = [{ bearer: [] }];
const tags = ['seguridad-administracion'];

const origen = (req: FastifyRequest) => ({
  ip: req.ip ?? null,
  agente: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
});

/** Base URL of the web app for links sent to users: PUBLIC_URL when set (behind a proxy), else the request's own origin. */
const baseWeb = (req: FastifyRequest) => (process.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');

/** Security administration (the seed's v1 Security calls), under /api/seguridad. */
export async function rutasAdministracion(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.dbh.db;

  // ---- users of the company
  r.get('/v1/entidades/:companyId/modulos/0/usuarios', {
    config: { servicio: 'SEG_USUARIOS_VER' },
    schema: { tags, security, summary: 'Usuarios de la empresa de la sesión (paginado; estado -1 todos, idRol 0 todos)', params: ZEmpresaParams, querystring: ZUsuariosEmpresaQuery, response: { 200: ZUsuariosEmpresa, ...errores } },
    handler: async (req) => usr.listarUsuarios(ctx, requerirAuth(req), req.params.companyId, req.query),
  });
  r.post('/v1/usuarios/invitaciones', {
    config: { servicio: 'SEG_USUARIOS_GESTIONAR' },
    schema: { tags, security, summary: 'Invitar a un usuario por correo (estado 3 hasta que acepte); devuelve el enlace', body: ZInvitacionCrear, response: { 200: ZInvitacionRespuesta, ...errores } },
    handler: async (req) => usr.invitar(ctx, requerirAuth(req), req.body, baseWeb(req), origen(req), req.log),
  });
  r.get('/v1/usuarios/invitaciones', {
    config: { publica: true },
    schema: { tags, summary: 'Datos de un enlace de invitación o de restablecimiento (para la página que lo acepta)', querystring: ZInvitacionConsultaQuery, response: { 200: ZInvitacionConsulta, 400: ZError } },
    handler: async (req) => usr.consultarEnlace(ctx, req.query.token),
  });
  r.post('/v1/usuarios/invitaciones/aceptar', {
    config: { publica: true },
    schema: { tags, summary: 'Aceptar una invitación o un restablecimiento: fija la contraseña (enlace de un solo uso)', body: ZInvitacionAceptar, response: { 200: ZInvitacionAceptada, 400: ZError } },
    handler: async (req) => usr.aceptarEnlace(ctx, req.body.Token, req.body.Contrasenha, origen(req)),
  });
  r.put('/v1/usuarios/:id/estado', {
    config: { servicio: 'SEG_USUARIOS_GESTIONAR' },
    schema: { tags, security, summary: 'Activar (1), desactivar (0) o eliminar (2) un usuario; 0 y 2 cierran sus sesiones', params: ZUsuarioIdParams, body: ZUsuarioEstado, response: { 200: ZMensaje, ...errores } },
    handler: async (req) => usr.cambiarEstado(ctx, requerirAuth(req), req.params.id, req.body.Estado, origen(req)),
  });
  r.put('/v1/usuarios/:id/roles', {
    config: { servicio: 'SEG_USUARIOS_GESTIONAR' },
    schema: { tags, security, summary: 'Asignar los roles de un usuario (reemplaza los anteriores)', params: ZUsuarioIdParams, body: ZUsuarioRoles, response: { 200: ZMensaje, ...errores } },
    handler: async (req) => usr.asignarRoles(ctx, requerirAuth(req), req.params.id, req.body.Roles, origen(req)),
  });
  r.put('/v1/usuarios/:id/sucursales', {
    config: { servicio: 'SEG_USUARIOS_GESTIONAR' },
    schema: { tags, security, summary: 'Asignar las sucursales de un usuario (reemplaza las anteriores)', params: ZUsuarioIdParams, body: ZUsuarioSucursales, response: { 200: ZMensaje, ...errores } },
    handler: async (req) => usr.asignarSucursales(ctx, requerirAuth(req), req.params.id, req.body.Sucursales, origen(req)),
  });
  r.post('/v1/usuarios/:id/contrasenha/restablecer', {
    config: { servicio: 'SEG_USUARIOS_GESTIONAR' },
    schema: { tags, security, summary: 'Restablecer la contraseña: cierra sus sesiones y devuelve un enlace de un solo uso', params: ZUsuarioIdParams, response: { 200: ZRestablecerRespuesta, ...errores } },
    handler: async (req) => usr.restablecerContrasenha(ctx, requerirAuth(req), req.params.id, baseWeb(req), origen(req), req.log),
  });
  r.post('/v1/usuarios/:id/sesiones/cerrar', {
    config: { servicio: 'SEG_USUARIOS_GESTIONAR' },
    schema: { tags, security, summary: 'Cerrar todas las sesiones de un usuario (todas sus pestañas salen al instante)', params: ZUsuarioIdParams, response: { 200: ZMensaje, ...errores } },
    handler: async (req) => usr.cerrarSesiones(ctx, requerirAuth(req), req.params.id, origen(req)),
  });

  // ---- modules and roles
  r.get('/v1/modulos', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: { tags, security, summary: 'Módulos', querystring: ZModulosQuery, response: { 200: ZModulos, ...errores } },
    handler: async (req) => adm.listarModulos(db, req.query.LogEstado),
  });
  r.get('/v1/modulos/paginas', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: { tags, security, summary: 'Módulos (paginado; filtro por nombre o descripción; estado 1, 0, -1)', querystring: ZModulosPaginasQuery, response: { 200: ZModulos, ...errores } },
    handler: async (req) => adm.listarModulosPaginas(db, req.query),
  });
  for (const metodo of ['post', 'put'] as const)
    r[metodo]('/v1/modulos', {
      config: { servicio: 'SEG_MODULOS_GESTIONAR' },
      schema: { tags, security, summary: metodo === 'post' ? 'Crear un módulo (personal del proveedor)' : 'Editar, activar (LogEstado 1) o desactivar (0) un módulo (personal del proveedor)', body: ZModuloGuardar, response: { 200: ZModulo, ...errores } },
      handler: async (req) => {
        if (metodo === 'put' && !req.body.IdModulo) throw errorDeCampo('IdModulo', 'Indique el módulo a editar');
        return adm.guardarModulo(ctx, requerirAuth(req), metodo === 'post' ? { ...req.body, IdModulo: undefined } : req.body, origen(req));
      },
    });
  r.get('/v1/modulos/:id/roles/:estado', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: { tags, security, summary: 'Roles de un módulo por estado (1, 0, -1 todos)', params: ZModuloRolesParams, response: { 200: ZRoles, ...errores } },
    handler: async (req) => adm.rolesDeModulo(db, requerirAuth(req), req.params.id, req.params.estado),
  });
  r.get('/v1/roles', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: { tags, security, summary: 'Roles activos que la empresa puede asignar', response: { 200: ZRoles, ...errores } },
    handler: async (req) => adm.listarRoles(db, requerirAuth(req), { pagina: 1, regxpag: 200, estado: 1, idRol: 0, idmodulo: 0 }),
  });
  r.get('/v1/roles/paginas', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: { tags, security, summary: 'Roles (paginado)', querystring: ZRolesQuery, response: { 200: ZRoles, ...errores } },
    handler: async (req) => adm.listarRoles(db, requerirAuth(req), req.query),
  });
  r.post('/v1/roles', {
    config: { servicio: 'SEG_ROLES_GESTIONAR' },
    schema: { tags, security, summary: 'Crear un rol propio de la empresa', body: ZRolCrear, response: { 200: ZRol, ...errores } },
    handler: async (req) => adm.crearRol(ctx, requerirAuth(req), req.body, origen(req)),
  });
  r.put('/v1/roles', {
    config: { servicio: 'SEG_ROLES_GESTIONAR' },
    schema: { tags, security, summary: 'Editar un rol propio (los predefinidos no se modifican)', body: ZRolEditar, response: { 200: ZRol, ...errores } },
    handler: async (req) => adm.editarRol(ctx, requerirAuth(req), req.body, origen(req)),
  });

  // ---- permission tree
  r.get('/v1/permisos', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: { tags, security, summary: 'Árbol de permisos (tipos 0 raíz, 1 control, 2 componente; hasta seis niveles)', querystring: ZPermisosArbolQuery, response: { 200: ZPermisosArbol, ...errores } },
    handler: async (req) => adm.arbolPermisos(db, req.query),
  });
  r.get('/v1/permisos/paginas', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: { tags, security, summary: 'Permisos (lista paginada)', querystring: ZPermisosQuery, response: { 200: ZPermisos, ...errores } },
    handler: async (req) => adm.listarPermisos(db, req.query),
  });
  r.get('/v1/permisos/:id', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: { tags, security, summary: 'Un permiso', params: z.object({ id: ZId }), response: { 200: ZPermisoFila, ...errores } },
    handler: async (req) => adm.obtenerPermiso(db, req.params.id),
  });
  r.put('/v1/permisos', {
    config: { servicio: 'SEG_CATALOGO_GESTIONAR' },
    schema: { tags, security, summary: 'Editar un permiso del catálogo global (operador de la plataforma)', body: ZPermisoEditar, response: { 200: ZPermisoFila, ...errores } },
    handler: async (req) => adm.editarPermiso(ctx, requerirAuth(req), req.body, origen(req)),
  });

  // ---- role-permission
  r.get('/v1/roles/:rol/permisos', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: { tags, security, summary: 'Árbol de permisos con los del rol marcados (Habilitado)', params: ZRolPermisosParams, querystring: ZRolPermisosQuery, response: { 200: ZPermisosArbol, ...errores } },
    handler: async (req) => adm.permisosDeRol(db, requerirAuth(req), req.params.rol, req.query),
  });
  r.get('/v1/rolespermisos', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: {
      tags,
      security,
      summary: 'Permisos que tiene un rol (lista)',
      querystring: z.object({
        idRol: ZEnteroConsulta(0, MAX_ID, 0),
        idModulo: ZEnteroConsulta(0, MAX_ID, 0),
        tipo: ZEnteroConsulta(-1, 2, -1),
        filtro: z.string().trim().max(100).optional(),
      }),
      response: { 200: ZPermisos, ...errores },
    },
    handler: async (req) => adm.listaRolPermisos(db, requerirAuth(req), req.query),
  });
  r.post('/v1/rolespermisos', {
    config: { servicio: 'SEG_ROLES_GESTIONAR' },
    schema: { tags, security, summary: 'Agregar permisos a un rol propio (con sus nodos superiores)', body: ZRolPermisosAgregar, response: { 200: ZMensaje, ...errores } },
    handler: async (req) => adm.agregarPermisosARol(ctx, requerirAuth(req), req.body, origen(req)),
  });
  r.put('/v1/rolespermisos', {
    config: { servicio: 'SEG_ROLES_GESTIONAR' },
    schema: { tags, security, summary: 'Habilitar o quitar un permiso de un rol propio (quitar incluye sus hijos)', body: ZRolPermisoEstado, response: { 200: ZMensaje, ...errores } },
    handler: async (req) => adm.cambiarPermisoDeRol(ctx, requerirAuth(req), req.body, origen(req)),
  });

  // ---- services and links
  r.get('/v1/servicios/paginas', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: { tags, security, summary: 'Servicios del catálogo (paginado)', querystring: ZServiciosQuery, response: { 200: ZServicios, ...errores } },
    handler: async (req) => {
      // Service codes are a technical view: support staff only (owners use "Qué puede hacer").
      await adm.exigirSoporte(db, requerirAuth(req));
      return adm.listarServicios(db, requerirAuth(req), req.query);
    },
  });
  r.put('/v1/servicios', {
    config: { servicio: 'SEG_CATALOGO_GESTIONAR' },
    schema: { tags, security, summary: 'Editar un servicio del catálogo global (operador de la plataforma)', body: ZServicioEditar, response: { 200: ZServicio, ...errores } },
    handler: async (req) => adm.editarServicio(ctx, requerirAuth(req), req.body, origen(req)),
  });
  r.get('/v1/rolesservicios/paginas', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: { tags, security, summary: 'Servicios concedidos a los roles (paginado)', querystring: ZRolesServiciosQuery, response: { 200: ZRolesServicios, ...errores } },
    handler: async (req) => {
      await adm.exigirSoporte(db, requerirAuth(req));
      return adm.listarRolesServicios(db, requerirAuth(req), req.query);
    },
  });
  for (const metodo of ['post', 'put'] as const)
    r[metodo]('/v1/rolesservicios', {
      config: { servicio: 'SEG_ROLES_GESTIONAR' },
      schema: { tags, security, summary: metodo === 'post' ? 'Conceder un servicio a un rol propio' : 'Cambiar el estado de un servicio de un rol propio', body: ZRolServicioGuardar, response: { 200: ZMensaje, ...errores } },
      handler: async (req) => adm.guardarRolServicio(ctx, requerirAuth(req), req.body, origen(req)),
    });
  r.get('/v1/permisosservicios/paginas', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: { tags, security, summary: 'Servicios vinculados a permisos (paginado)', querystring: ZPermisosServiciosQuery, response: { 200: ZPermisosServicios, ...errores } },
    handler: async (req) => {
      await adm.exigirSoporte(db, requerirAuth(req));
      return adm.listarPermisosServicios(db, req.query);
    },
  });
  for (const metodo of ['post', 'put'] as const)
    r[metodo]('/v1/permisosservicios', {
      config: { servicio: 'SEG_CATALOGO_GESTIONAR' },
      schema: { tags, security, summary: 'Vincular o desvincular un servicio de un permiso (catálogo global)', body: ZPermisoServicioGuardar, response: { 200: ZMensaje, ...errores } },
      handler: async (req) => adm.guardarPermisoServicio(ctx, requerirAuth(req), req.body, origen(req)),
    });

  // ---- "Qué puede hacer": a role's actions in plain words, without codes (issue 11)
  r.get('/v1/roles/:rol/capacidades', {
    config: { servicio: 'SEG_ROLES_VER' },
    schema: { tags, security, summary: 'Lo que puede hacer un rol: acciones por área, sin códigos, y las pantallas que abren', params: ZCapacidadRolParams, response: { 200: ZCapacidadesRol, ...errores } },
    handler: async (req) => adm.capacidadesDeRol(db, requerirAuth(req), req.params.rol),
  });
  r.put('/v1/roles/:rol/capacidades', {
    config: { servicio: 'SEG_ROLES_GESTIONAR' },
    schema: { tags, security, summary: 'Permitir o retirar una acción a un rol propio (con las pantallas donde se hace)', params: ZCapacidadRolParams, body: ZCapacidadRolGuardar, response: { 200: ZMensaje, ...errores } },
    handler: async (req) => adm.guardarCapacidadDeRol(ctx, requerirAuth(req), req.params.rol, req.body, origen(req)),
  });

  // ---- terminals
  r.get('/v1/entidades/:id/terminales', {
    config: { servicio: 'SEG_TERMINALES_VER' },
    schema: { tags, security, summary: 'Terminales de la empresa (paginado; logestado 1, 0, -1)', params: z.object({ id: ZId }), querystring: ZTerminalesQuery, response: { 200: ZTerminales, ...errores } },
    handler: async (req) => adm.listarTerminales(db, requerirAuth(req), req.params.id, req.query),
  });
  r.get('/v1/entidades/terminales/:id', {
    config: { servicio: 'SEG_TERMINALES_VER' },
    schema: { tags, security, summary: 'Un terminal', params: z.object({ id: ZId }), response: { 200: ZTerminal, ...errores } },
    handler: async (req) => adm.obtenerTerminal(db, requerirAuth(req), req.params.id),
  });
  r.post('/v1/entidades/terminales', {
    config: { servicio: 'SEG_TERMINALES_GESTIONAR' },
    schema: { tags, security, summary: 'Registrar un terminal', body: ZTerminalGuardar, response: { 200: ZTerminal, ...errores } },
    handler: async (req) => adm.crearTerminal(db, requerirAuth(req), req.body),
  });
  r.put('/v1/entidades/terminales', {
    config: { servicio: 'SEG_TERMINALES_GESTIONAR' },
    schema: { tags, security, summary: 'Modificar un terminal', body: ZTerminalGuardar, response: { 200: ZTerminal, ...errores } },
    handler: async (req) => adm.editarTerminal(db, requerirAuth(req), req.body),
  });

  // ---- parameters (company-wide with IdUsuario 0, e.g. SesionUnica)
  r.get('/v1/usuarios/parametros', {
    config: { servicio: 'SEG_PARAMETROS' },
    schema: { tags, security, summary: 'Todos los parámetros de seguridad con el valor de la empresa y, con idUsuario, el del usuario', querystring: ZParametrosListaQuery, response: { 200: ZParametrosLista, ...errores } },
    handler: async (req) => adm.listarParametros(db, requerirAuth(req), req.query.idUsuario),
  });
  r.get('/v1/usuarios/parametros/:idUsuario/:codigo', {
    config: { servicio: 'SEG_PARAMETROS' },
    schema: { tags, security, summary: 'Un parámetro de seguridad (IdUsuario 0 = de la empresa)', params: ZParametroParams, response: { 200: ZParametro, ...errores } },
    handler: async (req) => adm.obtenerParametro(db, requerirAuth(req), req.params.idUsuario, req.params.codigo),
  });
  r.post('/v1/usuarios/parametros', {
    config: { servicio: 'SEG_PARAMETROS' },
    schema: { tags, security, summary: 'Guardar un parámetro de seguridad', body: ZParametroGuardar, response: { 200: ZParametro, ...errores } },
    handler: async (req) => adm.guardarParametroSeguridad(ctx, requerirAuth(req), req.body, origen(req)),
  });

  // ---- audit log
  r.get('/v1/auditoria/eventos', {
    config: { servicio: 'SEG_AUDITORIA_VER' },
    schema: { tags, security, summary: 'Bitácora de eventos de seguridad de la empresa (paginado; por usuario, evento y fechas)', querystring: ZAuditoriaQuery, response: { 200: ZAuditoria, ...errores } },
    handler: async (req) => buscarEventos(db, requerirAuth(req).idEmpresa, req.query),
  });
}
