import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TGrupo, TGrupoClonar, TGrupoListaPrecioGuardar, TGrupoListaPrecios, TItem } from '@yupana/contracts';
import { api } from '../../../lib/session';

const BASE = '/rrhh/v1';

/** A group's price list (what its workers pay for catalogue items). */
export function useListaPreciosGrupo(idGrupo: number | null) {
  return useQuery({
    queryKey: ['rrhh', 'grupos', idGrupo, 'listaprecios'],
    queryFn: ({ signal }) => api.get<TGrupoListaPrecios>(`${BASE}/grupos/${idGrupo}/listaprecios`, { signal }),
    enabled: idGrupo !== null,
  });
}

/** Catalogue items of the company to price (active ones, 10 per search). */
export function buscarItemsParaGrupo(filtro: string, signal?: AbortSignal) {
  return api.get<{ Data: TItem[]; Count: number }>('/logistica/v1/items', { query: { filtro: filtro.trim(), pagina: 1, regxpag: 10, estado: 1 }, signal });
}

type TAccionLista =
  | { tipo: 'precios'; IdGrupo: number; datos: TGrupoListaPrecioGuardar }
  | { tipo: 'clonar'; IdGrupo: number; datos: TGrupoClonar }
  | { tipo: 'vaciar'; IdGrupo: number }
  | { tipo: 'copiar'; IdGrupo: number; IdGrupoOrigen: number };

export function useAccionListaPrecios() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: TAccionLista): Promise<unknown> => {
      switch (a.tipo) {
        case 'precios':
          return api.put<TGrupoListaPrecios>(`${BASE}/grupos/${a.IdGrupo}/listaprecios`, a.datos);
        case 'clonar':
          return api.post<TGrupo>(`${BASE}/grupos/${a.IdGrupo}/clonar`, a.datos);
        case 'vaciar':
          return api.post<{ Cambiados: number }>(`${BASE}/grupos/${a.IdGrupo}/reset`, {});
        case 'copiar':
          return api.post<{ Cambiados: number }>(`${BASE}/grupos/${a.IdGrupo}/copiarlistaprecio`, { IdGrupoOrigen: a.IdGrupoOrigen });
      }
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'grupos'] }),
  });
}
