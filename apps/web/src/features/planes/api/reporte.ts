import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/session';

export type TFilaReporte = { NombrePaquete: string; Moneda: string; Estado: number; DescripcionEstado: string; Cantidad: number; Monto: string };

export function useReportePagos(desde: string, hasta: string) {
  return useQuery({
    queryKey: ['planes', 'reporte', desde, hasta],
    queryFn: ({ signal }) => api.get<{ Data: TFilaReporte[] }>('/pagos/v1/gestion/reportes', { query: { desde, hasta }, signal }),
  });
}
