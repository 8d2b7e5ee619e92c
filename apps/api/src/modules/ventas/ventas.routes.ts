import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCodes, ZError, ZVentas, ZVentasQuery } from '@yupana/contracts';
import { AppError } from '../../lib/app-error';
import { requerirAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { ventas } from './ventas.repo';

const errores = { 400: ZError, 401: ZError, 403: ZError, 404: ZError };

/** The sales page's read-only query (/admin/ventas, permission 120), under /api/contabilidad. */
export async function rutasVentas(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v1/ventas', {
    config: { servicio: 'VENTAS_VER' },
    schema: {
      tags: ['ventas'],
      security: [{ bearer: [] }],
      summary: 'Ventas de la empresa (facturas, boletas y notas de venta; las notas de crédito restan y las de débito suman) con totales por día y por condición de pago, por moneda; idSucursal 0 = todas las sucursales del usuario',
      querystring: ZVentasQuery,
      response: { 200: ZVentas, ...errores },
    },
    handler: async (req) => {
      const auth = requerirAuth(req);
      const q = req.query;
      // A branch that is not one of the user's (another company's, or not assigned to them) is refused.
      if (q.idSucursal && !auth.sucursales.includes(q.idSucursal)) throw new AppError(ErrorCodes.SUCURSAL_NO_ASIGNADA, undefined, 403);
      return ventas(ctx.dbh.db, { idEmpresa: auth.idEmpresa, sucursales: q.idSucursal ? [q.idSucursal] : auth.sucursales, desde: q.desde, hasta: q.hasta, pagina: q.pagina, regxpag: q.regxpag });
    },
  });
}
