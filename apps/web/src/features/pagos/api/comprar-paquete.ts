import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPrepago } from '@yupana/contracts';
import { api } from '../../../lib/session';

export function useComprarPaquete() {
  const qc = useQueryClient();
  return useMutation({
    // The lifetime package goes through the seed's single-payment call; any other package through the prepaid one.
    mutationFn: ({ Unico, ...d }: { IdPlan: number; RequiereFactura: boolean; Unico?: boolean }) =>
      api.post<TPrepago>(Unico ? '/pagos/v1/pagos/unicos' : '/pagos/v1/contratos/prepago', d),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['pagos'] }),
  });
}
