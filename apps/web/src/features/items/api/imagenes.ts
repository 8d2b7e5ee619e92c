import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TItemImagen, TItemImagenSubir, TMinimoAlmacen, TMinimosAlmacenGuardar } from '@yupana/contracts';
import { api } from '../../../lib/session';

type TLista = { Data: TItemImagen[]; Count: number };
const url = (idItem: number) => `/logistica/v1/items/${idItem}/imagenes`;

/** An item's images, the principal first. */
export function useImagenesItem(idItem: number) {
  return useQuery({ queryKey: ['items', idItem, 'imagenes'], queryFn: ({ signal }) => api.get<TLista>(url(idItem), { signal }) });
}

/** Upload, principal switch and delete refresh the list and the item lists (their principal image changes). */
function useCambio<V>(idItem: number, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['items', idItem, 'imagenes'] });
      await qc.invalidateQueries({ queryKey: ['items'], refetchType: 'active' });
    },
  });
}

export const useSubirImagen = (idItem: number) => useCambio(idItem, (b: TItemImagenSubir) => api.post<TItemImagen>(url(idItem), b));
export const useImagenPrincipal = (idItem: number) => useCambio(idItem, (idImagen: number) => api.put<TLista>(`${url(idItem)}/${idImagen}/principal`, {}));
export const useEliminarImagen = (idItem: number) => useCambio(idItem, (idImagen: number) => api.solicitar<TLista>(`${url(idItem)}/${idImagen}`, { method: 'DELETE' }));

// ---- Minimum stock per warehouse (branch imagenes) ----
type TMinimos = { Data: TMinimoAlmacen[]; Count: number; StockMinimoItem: string | null };
const urlMinimos = (idItem: number) => `/logistica/v1/items/${idItem}/minimos`;

export function useMinimosAlmacen(idItem: number) {
  return useQuery({ queryKey: ['items', idItem, 'minimos'], queryFn: ({ signal }) => api.get<TMinimos>(urlMinimos(idItem), { signal }) });
}

export function useGuardarMinimos(idItem: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: TMinimosAlmacenGuardar) => api.put<TMinimos>(urlMinimos(idItem), b),
    onSuccess: async (r) => {
      qc.setQueryData(['items', idItem, 'minimos'], r);
      await qc.invalidateQueries({ queryKey: ['inventario'] });
    },
  });
}
