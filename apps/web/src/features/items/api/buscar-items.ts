import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TItem } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** tipoexistencia: only items of that SUNAT Tabla 5 type (empty: all). */
export type TFiltroItems = { filtro: string; pagina: number; soloFavoritos: boolean; tipoexistencia?: string };

export function buscarItems(f: TFiltroItems, signal?: AbortSignal) {
  return api.get<{ Data: TItem[]; Count: number }>('/logistica/v1/items', { query: { ...f, filtro: f.filtro.trim(), regxpag: 10, estado: 1, tipoexistencia: f.tipoexistencia || undefined }, signal });
}

/** Only runs with an empty filter (the full list) or at least three letters (seed §5). */
export function useItems(f: TFiltroItems) {
  const valido = f.filtro.trim() === '' || f.filtro.trim().length >= 3;
  return useQuery({ queryKey: ['items', f], queryFn: ({ signal }) => buscarItems(f, signal), placeholderData: keepPreviousData, enabled: valido });
}
