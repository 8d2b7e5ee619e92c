import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MODULO_ERP } from '@yupana/contracts';
import { api } from '../../../lib/session';

export function useCancelarPago() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put('/pagos/v1/contratos/cancelaciones', { Id: id, IdModulo: MODULO_ERP }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['pagos'] }),
  });
}
