import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMarca, TMarcaGuardar } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** Brands (marcas) and categories (categorias) of the company's items: the same shape and routes. */
export type TClaseMarca = 'marcas' | 'categorias';

/** estado: 1 only active (the pickers and the point of sale's chips), -1 all (the maintenance screen). */
export function useMarcas(clase: TClaseMarca, estado: 1 | -1 = 1) {
  return useQuery({
    queryKey: ['marcas', clase, estado],
    queryFn: ({ signal }) => api.get<{ Data: TMarca[]; Count: number }>(`/logistica/v1/${clase}`, { query: { estado }, signal }),
    staleTime: 60_000,
  });
}

export function useGuardarMarca(clase: TClaseMarca) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ datos, id }: { datos: TMarcaGuardar; id?: number }) => (id ? api.put<TMarca>(`/logistica/v1/${clase}/${id}`, datos) : api.post<TMarca>(`/logistica/v1/${clase}`, datos)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['marcas', clase] }),
  });
}
