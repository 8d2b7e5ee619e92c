import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TItem, TItemGuardar } from '@yupana/contracts';
import { api } from '../../../lib/session';

export function guardarItem(datos: TItemGuardar, id?: number) {
  return id ? api.put<TItem>(`/logistica/v1/items/${id}`, datos) : api.post<TItem>('/logistica/v1/items', datos);
}

export function useGuardarItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ datos, id }: { datos: TItemGuardar; id?: number }) => guardarItem(datos, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['items'] }),
  });
}
