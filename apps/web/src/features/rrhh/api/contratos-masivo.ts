import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContratosMasivo, TContratosMasivoRespuesta } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** Bulk contracts (seed `contratos/masivo`): all or none, errors per row. */
export function useContratosMasivo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TContratosMasivo) => api.post<TContratosMasivoRespuesta>('/rrhh/v1/contratos/masivo', datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'trabajadores'] }),
  });
}
