import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPresentacion } from '@yupana/contracts';
import { api } from '../../../lib/session';

type TLista = { Data: TPresentacion[]; Count: number };
const url = (idItem: number) => `/logistica/v1/items/${idItem}/presentaciones`;

/** Presentations of an item (CAJA x 12...), with their price in the standard list. */
export function usePresentaciones(idItem: number) {
  return useQuery({ queryKey: ['items', idItem, 'presentaciones'], queryFn: ({ signal }) => api.get<TLista>(url(idItem), { signal }) });
}

/** Replaces all the item's presentations at once (the server does it in one transaction). */
export function useGuardarPresentaciones(idItem: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (Presentaciones: TPresentacion[]) => api.put<TLista>(url(idItem), { Presentaciones }),
    onSuccess: (r) => qc.setQueryData(['items', idItem, 'presentaciones'], r),
  });
}
