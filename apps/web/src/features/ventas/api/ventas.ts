import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TVentas } from '@yupana/contracts';
import { api } from '../../../lib/session';

export type TFiltroVentas = { desde: string; hasta: string; idSucursal: number; pagina: number; regxpag: number };

/** The company's sales (facturas, boletas, notas de venta) with totals per day and per payment condition. */
export function useVentas(f: TFiltroVentas) {
  return useQuery({
    queryKey: ['ventas', f],
    queryFn: ({ signal }) => api.get<TVentas>('/contabilidad/v1/ventas', { query: f, signal }),
    placeholderData: keepPreviousData,
  });
}
