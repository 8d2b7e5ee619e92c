import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LIMITES_IMPORTACION_ITEMS, ZError, ZImportacionItems, ZImportacionItemsParams, ZItem, ZItemFavoritoQuery, ZItemGuardar, ZItemParams, ZItems,
  ZItemsExportacionQuery, ZItemsImportar, ZItemsQuery, ZMarca, ZMarcaGuardar, ZMarcas, ZMarcasQuery,
  ZUnidadEmpresa, ZUnidadesEmpresa, ZUnidadesQuery, ZUnidadGuardar, ZUnidadParams,
  LIMITES_IMAGEN_ITEM, ZMinimosAlmacen, ZMinimosAlmacenGuardar, ZItemImagen, ZItemImagenes, ZItemImagenParams, ZItemImagenQuery, ZItemImagenSubir,
} from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { requerirAuth } from '../../lib/auth';
import * as servicio from './items.service';
import * as catalogo from './catalogo.service';
import * as marcas from './marcas.service';
import * as unidades from './unidades.service';
import * as imagenes from './imagenes.service';
import * as minimos from './minimos.service';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };
const excel = (reply: FastifyReply, contenido: Buffer, nombre: string) =>
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${nombre}"`)
    .header('cache-control', 'private, no-store')
    .send(contenido);

// An image never changes under its id (a new upload is a new id): the browser may keep it, privately. nosniff and a
// sandboxing CSP: the bytes are shown as the image type the server read from them, never run as a page.
const imagen = (reply: FastifyReply, contenido: Buffer, tipo: string) =>
  reply
    .header('content-type', tipo)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, max-age=86400, immutable')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(contenido);

/** Minimal item catalogue. Mounted under /api/logistica. */
export async function rutasItems(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['items'];
  const security = [{ bearer: [] }];
  // Imports running in the background finish before the database closes.
  app.addHook('onClose', async () => void (await catalogo.esperarImportaciones()));

  // Brands and categories (branch marcas): read by whoever may search items (the point of sale's category chips),
  // written with the item-editing permission (the back office, never the cashier).
  for (const [ruta, clase, nombre] of [['marcas', 'marca', 'marcas'], ['categorias', 'categoria', 'categorías']] as const) {
    r.get(`/v1/${ruta}`, {
      config: { servicio: 'ITEM_VER' },
      schema: { tags, security, summary: `Listar ${nombre} de productos (con cuántos productos las usan)`, querystring: ZMarcasQuery, response: { 200: ZMarcas, ...errores } },
      handler: async (req) => marcas.listar(ctx, requerirAuth(req), clase, req.query),
    });
    r.post(`/v1/${ruta}`, {
      config: { servicio: 'ITEM_GUARDAR' },
      schema: { tags, security, summary: `Registrar ${clase === 'marca' ? 'una marca' : 'una categoría'} (nombre único en la empresa)`, body: ZMarcaGuardar, response: { 201: ZMarca, ...errores } },
      handler: async (req, reply) => reply.code(201).send(await marcas.crear(ctx, requerirAuth(req), clase, req.body)),
    });
    r.put(`/v1/${ruta}/:id`, {
      config: { servicio: 'ITEM_GUARDAR' },
      schema: { tags, security, summary: `Editar o desactivar ${clase === 'marca' ? 'una marca' : 'una categoría'}`, params: ZItemParams, body: ZMarcaGuardar, response: { 200: ZMarca, ...errores } },
      handler: async (req) => marcas.editar(ctx, requerirAuth(req), clase, req.params.id, req.body),
    });
  }

  // Units of measure (branch logsoporte): read by whoever may see items (the item form's unit select), switched on or
  // off with the logistics settings' permission (logisconfig's, the back office).
  r.get('/v1/unidades', {
    config: { servicio: 'ITEM_VER' },
    schema: { tags, security, summary: 'Unidades de medida (catálogo 03) con su estado en la empresa y cuántos productos las usan', querystring: ZUnidadesQuery, response: { 200: ZUnidadesEmpresa, ...errores } },
    handler: async (req) => unidades.listar(ctx, requerirAuth(req), req.query),
  });
  r.put('/v1/unidades/:codigo', {
    config: { servicio: 'INVENTARIO_CONFIGURAR' },
    schema: { tags, security, summary: 'Activar o desactivar una unidad de medida en los formularios de productos (NIU queda activa)', params: ZUnidadParams, body: ZUnidadGuardar, response: { 200: ZUnidadEmpresa, ...errores } },
    handler: async (req) => unidades.guardar(ctx, requerirAuth(req), req.params.codigo, req.body.Activa),
  });

  r.get('/v1/items', {
    config: { servicio: 'ITEM_VER' },
    schema: { tags, security, summary: 'Buscar productos y servicios (al menos tres letras; 10 por página)', querystring: ZItemsQuery, response: { 200: ZItems, ...errores } },
    handler: async (req) => servicio.buscarItems(ctx, requerirAuth(req), req.query),
  });

  // Catalogue from and to Excel (issue 13): the same permission as editing items (the back office, never the cashier).
  r.get('/v1/items/exportacion', {
    config: { servicio: 'ITEM_GUARDAR' },
    schema: { tags, security, summary: 'Exportar a Excel los productos y servicios (mismos filtros que la lista)', querystring: ZItemsExportacionQuery, response: errores },
    handler: async (req, reply) => excel(reply, await catalogo.exportarCatalogo(ctx, requerirAuth(req), req.query), 'catalogo-productos.xlsx'),
  });

  r.get('/v1/items/importacion/plantilla', {
    config: { servicio: 'ITEM_GUARDAR' },
    schema: { tags, security, summary: 'Plantilla Excel para importar productos y servicios (con una hoja de instrucciones y códigos permitidos)', response: errores },
    handler: async (req, reply) => {
      requerirAuth(req);
      return excel(reply, await catalogo.plantillaCatalogo(), 'plantilla-productos.xlsx');
    },
  });

  r.post('/v1/items/importacion', {
    config: { servicio: 'ITEM_GUARDAR' },
    bodyLimit: Math.ceil((LIMITES_IMPORTACION_ITEMS.MAX_BYTES * 4) / 3) + 64 * 1024,
    schema: {
      tags,
      security,
      summary: 'Importar productos y servicios desde Excel (crea los códigos nuevos y actualiza los existentes) en segundo plano',
      description: 'Responde 202 con la importación; su avance, resultado y errores por fila se consultan en GET /v1/items/importacion/{id}.',
      body: ZItemsImportar,
      response: { 202: ZImportacionItems, ...errores, 409: ZError },
    },
    handler: async (req, reply) => reply.code(202).send(await catalogo.iniciarImportacion(ctx, requerirAuth(req), req.body)),
  });

  r.get('/v1/items/importacion/:id', {
    config: { servicio: 'ITEM_GUARDAR' },
    schema: { tags, security, summary: 'Avance y resultado de una importación del catálogo (errores por fila)', params: ZImportacionItemsParams, response: { 200: ZImportacionItems, ...errores } },
    handler: async (req) => catalogo.obtenerImportacion(ctx, requerirAuth(req), req.params.id),
  });

  r.get('/v1/items/:id', {
    config: { servicio: 'ITEM_VER' },
    schema: { tags, security, summary: 'Un producto o servicio', params: ZItemParams, response: { 200: ZItem, ...errores } },
    handler: async (req) => servicio.obtenerItem(ctx, requerirAuth(req), req.params.id),
  });

  r.post('/v1/items', {
    config: { servicio: 'ITEM_GUARDAR' },
    schema: { tags, security, summary: 'Registrar un producto o servicio', body: ZItemGuardar, response: { 201: ZItem, ...errores } },
    handler: async (req, reply) => reply.code(201).send(await servicio.crearItem(ctx, requerirAuth(req), req.body)),
  });

  r.put('/v1/items/:id', {
    config: { servicio: 'ITEM_GUARDAR' },
    schema: { tags, security, summary: 'Editar un producto o servicio', params: ZItemParams, body: ZItemGuardar, response: { 200: ZItem, ...errores } },
    handler: async (req) => servicio.editarItem(ctx, requerirAuth(req), req.params.id, req.body),
  });

  r.put('/v1/items/favoritos/:id', {
    config: { servicio: 'ITEM_FAVORITO' },
    schema: { tags, security, summary: 'Marcar o desmarcar un favorito', params: ZItemParams, querystring: ZItemFavoritoQuery, response: { 200: ZItem, ...errores } },
    handler: async (req) => servicio.marcarFavorito(ctx, requerirAuth(req), req.params.id, req.query.esFavorito),
  });

  // Item images (branch imagenes): seen by whoever may search items (the point of sale's tiles), written with the
  // item-editing permission. The bytes are served only with the token: there is no public URL.
  r.get('/v1/items/:id/imagenes', {
    config: { servicio: 'ITEM_VER' },
    schema: { tags, security, summary: 'Imágenes de un producto (la principal primero)', params: ZItemParams, response: { 200: ZItemImagenes, ...errores } },
    handler: async (req) => imagenes.listarImagenes(ctx, requerirAuth(req), req.params.id),
  });

  r.post('/v1/items/:id/imagenes', {
    config: { servicio: 'ITEM_GUARDAR' },
    bodyLimit: Math.ceil((LIMITES_IMAGEN_ITEM.MAX_BYTES * 4) / 3) + 16 * 1024,
    schema: {
      tags,
      security,
      summary: 'Subir una imagen de un producto (PNG, JPG o WebP reconocidos por su contenido; 2 MB; hasta 5 por producto)',
      description: 'La primera imagen del producto queda como principal. Más de 5 imágenes activas: 409 con ErrorId 601600.',
      params: ZItemParams,
      body: ZItemImagenSubir,
      response: { 201: ZItemImagen, ...errores, 409: ZError, 413: ZError },
    },
    handler: async (req, reply) => reply.code(201).send(await imagenes.subirImagen(ctx, requerirAuth(req), req.params.id, req.body)),
  });

  r.get('/v1/items/:id/imagenes/:idImagen', {
    config: { servicio: 'ITEM_VER' },
    schema: { tags, security, summary: 'El archivo de una imagen de un producto (o su miniatura PNG con miniatura=true)', params: ZItemImagenParams, querystring: ZItemImagenQuery, response: errores },
    handler: async (req, reply) => {
      const a = await imagenes.archivoImagen(ctx, requerirAuth(req), req.params.id, req.params.idImagen, req.query.miniatura);
      return imagen(reply, a.contenido, a.tipo);
    },
  });

  r.put('/v1/items/:id/imagenes/:idImagen/principal', {
    config: { servicio: 'ITEM_GUARDAR' },
    schema: { tags, security, summary: 'Marcar la imagen principal de un producto (la que muestra el punto de venta)', params: ZItemImagenParams, response: { 200: ZItemImagenes, ...errores } },
    handler: async (req) => imagenes.marcarPrincipal(ctx, requerirAuth(req), req.params.id, req.params.idImagen),
  });

  r.delete('/v1/items/:id/imagenes/:idImagen', {
    config: { servicio: 'ITEM_GUARDAR' },
    schema: { tags, security, summary: 'Eliminar una imagen de un producto (si era la principal, la siguiente pasa a serlo)', params: ZItemImagenParams, response: { 200: ZItemImagenes, ...errores } },
    handler: async (req) => imagenes.eliminarImagen(ctx, requerirAuth(req), req.params.id, req.params.idImagen),
  });

  // Minimum stock per warehouse (branch imagenes): replaces the item's minimum in that warehouse's low-stock list.
  r.get('/v1/items/:id/minimos', {
    config: { servicio: 'ITEM_VER' },
    schema: { tags, security, summary: 'Stock mínimo de un producto en cada almacén (null: rige el stock mínimo del producto)', params: ZItemParams, response: { 200: ZMinimosAlmacen, ...errores } },
    handler: async (req) => minimos.listarMinimos(ctx, requerirAuth(req), req.params.id),
  });

  r.put('/v1/items/:id/minimos', {
    config: { servicio: 'ITEM_GUARDAR' },
    schema: { tags, security, summary: 'Reemplazar los stocks mínimos por almacén de un producto (los almacenes no enviados vuelven al mínimo del producto)', params: ZItemParams, body: ZMinimosAlmacenGuardar, response: { 200: ZMinimosAlmacen, ...errores } },
    handler: async (req) => minimos.guardarMinimos(ctx, requerirAuth(req), req.params.id, req.body),
  });
}
