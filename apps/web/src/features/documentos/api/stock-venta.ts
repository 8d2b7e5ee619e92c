import { useQuery } from '@tanstack/react-query';
import type { TStockVenta } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** Lots (FEFO order, expired flagged) or serials in stock of an item in the default warehouse of the selling branch. */
export function useStockVenta(idItem: number | undefined, idSucursal: number | undefined) {
  return useQuery({
    queryKey: ['inventario', 'stock-venta', idItem ?? null, idSucursal ?? null],
    queryFn: ({ signal }) => api.get<TStockVenta>(`/logistica/v1/inventarios/stock/venta/${idItem}/${idSucursal}`, { signal }),
    enabled: !!idItem && !!idSucursal,
    staleTime: 15_000,
  });
}
