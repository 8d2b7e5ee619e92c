import { z } from 'zod';
import { ZEntero, ZId } from '../validacion';
import { ZCentroCostoGuardar } from './finanzas';
import { ZElementoGastoGuardar } from './movimientos';

/**
 * Seed paths of §7 "Finance" that answer over existing services (issue 14, branch finsemilla): the shapes the other
 * finance modules do not already have. decisions.md "Finance seed paths over existing services".
 */

/** PUT /centroscostos and PUT /elementosgastos of the seed carry the row's id in the body. */
export const ZCentroCostoEditar = ZCentroCostoGuardar.extend({ Id: ZId });
export const ZElementoGastoEditar = ZElementoGastoGuardar.extend({ Id: ZId });

/** GET /cuentasfinancieras/{id}/nromovimientos/{n}: the last n movements (1..100) of one account. */
export const ZUltimosMovimientosParams = z.object({ id: ZId, n: ZEntero({ min: 1, max: 100, mensaje: 'La cantidad de movimientos es un entero de 1 a 100' }) });

/** Payment conditions (seed §9: 1 Contado, 2 Crédito - Una Letra, 3 Crédito - Varias Letras, 4 Crédito - Fecha Fija). */
export const ZCondicionPago = z.object({ Id: z.number().int(), Nombre: z.string(), Credito: z.boolean() });
export type TCondicionPago = z.infer<typeof ZCondicionPago>;

/** Currencies of the seed (1 Soles PEN, 2 Dólares USD): a fixed catalogue, both active. */
export const ZMonedaCatalogo = z.object({ Id: z.number().int(), Codigo: z.string(), Simbolo: z.string(), Nombre: z.string(), LogEstado: z.number().int() });
export const ZMonedasCatalogo = z.object({ Data: z.array(ZMonedaCatalogo), Count: z.number().int() });
export type TMonedasCatalogo = z.infer<typeof ZMonedasCatalogo>;
export const ZMonedasEstadoParams = z.object({ estado: ZEntero({ min: -1, max: 1, mensaje: 'Estado: -1 todas, 1 activas o 0 inactivas' }) });

/** Document types whose credit sales leave dues (receivables): factura, boleta, nota de venta. */
export const ZTipoComprobanteDeuda = z.object({ Id: z.number().int(), Nombre: z.string() });
export const ZTiposComprobantesDeuda = z.object({ Data: z.array(ZTipoComprobanteDeuda), Count: z.number().int() });

/** POST /empresas/{id}/comprobantes/regularizaciones: {id} is the company (the token's, else 404). */
export const ZEmpresaIdParams = z.object({ id: ZId });

/** Payment means (seed §9): 1 Efectivo, 2 Vouchers, 3 Nota Crédito, 4 Otros: a fixed catalogue. */
export const TiposPago: Record<number, string> = { 1: 'Efectivo', 2: 'Vouchers', 3: 'Nota Crédito', 4: 'Otros' };
export const ZTiposPagoCatalogo = z.object({ Data: z.array(z.object({ Id: z.number().int(), Nombre: z.string(), LogEstado: z.number().int() })), Count: z.number().int() });
