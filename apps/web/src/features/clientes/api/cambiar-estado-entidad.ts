import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEntidad } from '@yupana/contracts';
import { api } from '../../../lib/session';

export function cambiarEstadoEntidad(id: number, LogEstado: 0 | 1) {
  return api.put<TEntidad>(`/entidades/v1/entidades/${id}/estado`, { LogEstado });
}

export function useCambiarEstadoEntidad() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, LogEstado }: { id: number; LogEstado: 0 | 1 }) => cambiarEstadoEntidad(id, LogEstado),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['entidades'] }),
  });
}
