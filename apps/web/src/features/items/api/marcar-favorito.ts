import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TItem } from '@yupana/contracts';
import { api } from '../../../lib/session';

export function marcarFavorito(id: number, esFavorito: boolean) {
  return api.put<TItem>(`/logistica/v1/items/favoritos/${id}`, undefined, { query: { esFavorito } });
}

export function useMarcarFavorito() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, esFavorito }: { id: number; esFavorito: boolean }) => marcarFavorito(id, esFavorito),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['items'] }),
  });
}
