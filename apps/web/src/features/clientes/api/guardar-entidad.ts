import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEntidad, TEntidadGuardar } from '@yupana/contracts';
import { api } from '../../../lib/session';

export function guardarEntidad(datos: TEntidadGuardar, id?: number) {
  return id ? api.put<TEntidad>(`/entidades/v1/entidades/${id}`, datos) : api.post<TEntidad>('/entidades/v1/entidades', datos);
}

export function useGuardarEntidad() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ datos, id }: { datos: TEntidadGuardar; id?: number }) => guardarEntidad(datos, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['entidades'] }),
  });
}
