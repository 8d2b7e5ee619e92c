import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEntidadPago, TEntidadPagoGuardar } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** Who the provider's receipts for the company's payments are made out to (the company's own data until saved). */
export function useEntidadPago() {
  return useQuery({ queryKey: ['pagos', 'entidadpago'], queryFn: ({ signal }) => api.get<TEntidadPago>('/pagos/v1/entidades/entidadpago', { signal }) });
}

export function useGuardarEntidadPago() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: TEntidadPagoGuardar) => api.put<TEntidadPago>('/pagos/v1/entidades/entidadpago', d),
    onSuccess: (r) => qc.setQueryData(['pagos', 'entidadpago'], r),
  });
}
