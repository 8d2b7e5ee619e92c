import { useQueries, useQuery } from '@tanstack/react-query';
import { Decimal } from '@yupana/sunat/isomorfico';
import type { TStockVenta } from '@yupana/contracts';
import { api } from '../../../lib/session';

const consulta = (idItem: number | undefined, idSucursal: number | undefined) => ({
  queryKey: ['inventario', 'stock-venta', idItem ?? null, idSucursal ?? null],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<TStockVenta>(`/logistica/v1/inventarios/stock/venta/${idItem}/${idSucursal}`, { signal }),
  enabled: !!idItem && !!idSucursal,
  staleTime: 15_000,
});

/** Lots (FEFO order, expired flagged) or serials in stock of an item in the default warehouse of the selling branch. */
export function useStockVenta(idItem: number | undefined, idSucursal: number | undefined) {
  return useQuery(consulta(idItem, idSucursal));
}

/** The same for several items at once (the point of sale's cart), sharing the cache with the line pickers. */
export function useStocksVenta(idItems: number[], idSucursal: number | undefined) {
  return useQueries({ queries: idItems.map((id) => consulta(id, idSucursal)) });
}

/**
 * Base units a sale line takes: quantity x the factor of its unit when that unit is one of the item's presentations
 * (CAJA x 12, DZN x 12), else the quantity itself (the item's own unit). The server counts lots and serials the same way.
 */
export function unidadesBase(cantidad: string | number | null | undefined, codigoUnidad: string | undefined, presentaciones: TStockVenta['Presentaciones'] | undefined): Decimal | null {
  try {
    const q = new Decimal(cantidad === null || cantidad === undefined || cantidad === '' ? NaN : cantidad);
    if (!q.isFinite()) return null;
    const p = presentaciones?.find((x) => x.CodigoUnidad === codigoUnidad);
    return p ? q.times(p.Factor) : q;
  } catch {
    return null;
  }
}
