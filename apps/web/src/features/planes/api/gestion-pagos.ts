import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPagoGestion } from '@yupana/contracts';
import { abrirArchivo } from '../../../lib/archivos';
import { api } from '../../../lib/session';

export function useBandejaPagos(estado: number, pagina: number) {
  return useQuery({
    queryKey: ['planes', 'bandeja', estado, pagina],
    queryFn: ({ signal }) => api.get<{ Data: TPagoGestion[]; Count: number }>('/pagos/v1/gestion/pagos', { query: { estado, pagina, regxpag: 10 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useResolverPago() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, aprobar, motivo }: { id: number; aprobar: boolean; motivo?: string }) =>
      aprobar ? api.put(`/pagos/v1/gestion/pagos/${id}/aprobaciones`) : api.put(`/pagos/v1/gestion/pagos/${id}/rechazos`, { Motivo: motivo }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['planes'] }),
  });
}

/** Issues again the provider's receipt of an approved payment whose issue failed (status 4 without receipt). */
export function useReintentarComprobante() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<{ IdPago: number; Comprobante: string }>(`/pagos/v1/gestion/pagos/${id}/comprobantes`),
    onSettled: () => qc.invalidateQueries({ queryKey: ['planes'] }),
  });
}

/** Opens the voucher in a new tab (the download needs the bearer token, so a plain link would not do). */
export async function abrirVoucher(id: number): Promise<void> {
  await abrirArchivo(`/pagos/v1/prepagos/${id}/comprobantes`);
}
