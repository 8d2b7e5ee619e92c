import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCodes, SimboloMoneda, ZComprobantesLista, ZComprobantesQuery, ZError, type TComprobantesQuery } from '@yupana/contracts';
import type { Contexto } from '../../lib/contexto';
import { AppError } from '../../lib/app-error';
import { requerirAuth } from '../../lib/auth';
// eslint-disable-next-line yupana/no-cross-import -- the finance host's listing is the documents listing under the seed's finance path
import { listarDocumentos, recorrerDocumentos, type TFiltroListado } from '../contabilidad/documentos/listado.repo';

const filtro = (q: TComprobantesQuery): TFiltroListado => ({
  fechaInicio: q.fechainicio,
  fechaFin: q.fechafin,
  idTipoDocumento: q.idtipodocumento,
  serie: q.serie || undefined,
  correlativo: q.correlativo,
  cliente: q.cliente || undefined,
  idEstadoSunat: q.idestadosunat,
  idSucursal: q.idsucursal,
});


/** Finance host (prefix /api/finanzas): the documents listing and its Excel export. */
export async function rutasComprobantesFinanzas(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/documentos/comprobantes', {
    config: { servicio: 'COMPROBANTES_LISTAR' },
    schema: {
      tags: ['finanzas'],
      security: [{ bearer: [] }],
      summary: 'Comprobantes emitidos con filtros y paginación en el servidor',
      querystring: ZComprobantesQuery,
      response: { 200: ZComprobantesLista, 400: ZError, 401: ZError, 403: ZError },
    },
    handler: async (req) => {
      const auth = requerirAuth(req);
      // Issue 5: a branch filter must name one of the user's branches.
      if (req.query.idsucursal && !auth.sucursales.includes(req.query.idsucursal)) throw new AppError(ErrorCodes.SUCURSAL_NO_ASIGNADA, undefined, 403);
      return listarDocumentos(ctx.dbh.db, auth.idEmpresa, filtro(req.query), req.query.pagina, req.query.regxpag);
    },
  });

  r.get('/v1/documentos/comprobantes/excel', {
    config: { servicio: 'COMPROBANTES_LISTAR' },
    schema: {
      tags: ['finanzas'],
      security: [{ bearer: [] }],
      summary: 'Excel (.xlsx) de la lista filtrada completa (se genera por partes, sin cargarla en memoria)',
      querystring: ZComprobantesQuery,
      response: { 400: ZError, 401: ZError, 403: ZError },
    },
    handler: async (req, reply) => {
      const auth = requerirAuth(req);
      if (req.query.idsucursal && !auth.sucursales.includes(req.query.idsucursal)) throw new AppError(ErrorCodes.SUCURSAL_NO_ASIGNADA, undefined, 403);
      const salida = new PassThrough();
      const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useStyles: true, useSharedStrings: false });
      const hoja = libro.addWorksheet('Comprobantes');
      hoja.columns = [
        { header: 'Fecha de emisión', key: 'fecha', width: 14 },
        { header: 'Tipo', key: 'tipo', width: 30 },
        { header: 'Serie-Número', key: 'numero', width: 16 },
        { header: 'Documento del cliente', key: 'doc', width: 16 },
        { header: 'Cliente', key: 'cliente', width: 40 },
        { header: 'Moneda', key: 'moneda', width: 8 },
        { header: 'Total', key: 'total', width: 14, style: { numFmt: '#,##0.00' } },
        { header: 'Estado SUNAT', key: 'estado', width: 24 },
        { header: 'Código SUNAT', key: 'codigo', width: 12 },
        { header: 'Anulado', key: 'anulado', width: 9 },
      ];
      hoja.getRow(1).font = { bold: true };
      hoja.getRow(1).commit();
      const escribir = async () => {
        for await (const lote of recorrerDocumentos(ctx.dbh.db, auth.idEmpresa, filtro(req.query))) {
          for (const f of lote)
            hoja
              .addRow({
                fecha: f.FechaEmision,
                tipo: f.TipoDocumento,
                numero: f.SerieNumero,
                doc: f.NumeroDocumentoCliente,
                cliente: f.RazonSocialCliente,
                moneda: SimboloMoneda[f.IdMoneda] ?? '',
                // Excel holds numbers as doubles anyway; the amount is already rounded to cents by decimal.js.
                total: Number(f.MontoTotal),
                estado: f.EstadoSunat,
                codigo: f.CodigoSunat ?? '',
                anulado: f.Anulado ? 'Sí' : 'No',
              })
              .commit();
        }
        hoja.commit();
        await libro.commit();
      };
      escribir().catch((err: unknown) => {
        req.log.error({ err }, 'no se pudo generar el Excel de comprobantes');
        salida.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      // Streamed while rows are read: the untyped reply takes the stream (the route's schema only describes errors).
      return (reply as FastifyReply)
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="comprobantes.xlsx"')
        .header('cache-control', 'private, no-store')
        .send(salida);
    },
  });
}
