import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPrepago } from '@yupana/contracts';
import { api } from '../../../lib/session';

export function useComprarPaquete() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { IdPlan: number; RequiereFactura: boolean }) => api.post<TPrepago>('/pagos/v1/contratos/prepago', d),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['pagos'] }),
  });
}
