import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMiAutorizacion, TPinGuardar } from '@yupana/contracts';
import { api } from '../../../lib/session';

const CLAVE = ['pin-supervisor'] as const;

/** Whether the user has a supervisor PIN and may authorize discounts or discards at the till. */
export function useMiPin() {
  return useQuery({ queryKey: CLAVE, queryFn: ({ signal }) => api.get<TMiAutorizacion>('/ventas/v1/cajas/pin', { signal }) });
}

export function useGuardarPin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: TPinGuardar) => api.put<TMiAutorizacion>('/ventas/v1/cajas/pin', d),
    onSuccess: (r) => qc.setQueryData(CLAVE, r),
  });
}
