import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUnidadEmpresa } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** Units of measure (catálogo 03) of the company: estado 1 the active ones (the item form), -1 all (the maintenance). */
export function useUnidades(estado: 1 | -1 = 1, buscar = '') {
  return useQuery({
    queryKey: ['unidades', estado, buscar],
    queryFn: ({ signal }) => api.get<{ Data: TUnidadEmpresa[]; Count: number }>('/logistica/v1/unidades', { query: { estado, ...(buscar ? { buscar } : {}) }, signal }),
    staleTime: 60_000,
  });
}

export function useGuardarUnidad() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ codigo, activa }: { codigo: string; activa: boolean }) => api.put<TUnidadEmpresa>(`/logistica/v1/unidades/${codigo}`, { Activa: activa }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['unidades'] }),
  });
}
