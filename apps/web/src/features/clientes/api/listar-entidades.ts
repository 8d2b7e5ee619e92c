import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TEntidades } from '@yupana/contracts';
import { api } from '../../../lib/session';

export type TFiltroEntidades = { filtro: string; pagina: number; estado: number; tipoentidad: number };

export function listarEntidades(f: TFiltroEntidades, signal?: AbortSignal) {
  return api.get<TEntidades>('/entidades/v1/entidades', { query: { ...f, filtro: f.filtro.trim(), regxpag: 10 }, signal });
}

export function useEntidades(f: TFiltroEntidades) {
  return useQuery({ queryKey: ['entidades', f], queryFn: ({ signal }) => listarEntidades(f, signal), placeholderData: keepPreviousData });
}
