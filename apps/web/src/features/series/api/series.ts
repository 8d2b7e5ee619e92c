import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSerieDocumento, TSerieGuardar } from '@yupana/contracts';
import { api } from '../../../lib/session';

export type TFiltroSeries = { idtipodocumento?: number; filtro?: string; nropagina: number; regxpagina: number };

/** The seed's v3 paged lookup of the company's series. */
export function useSeries(f: TFiltroSeries) {
  return useQuery({
    queryKey: ['series', 'pagina', f],
    queryFn: ({ signal }) => api.get<{ Data: TSerieDocumento[]; Count: number }>('/entidades/v3/entidades/series', { query: f, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGuardarSerie() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: TSerieGuardar) => (s.Id ? api.put<TSerieDocumento>('/entidades/v1/series', s) : api.post<TSerieDocumento>('/entidades/v1/series', s)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['series'] }),
  });
}

export function useEliminarSerie() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.solicitar<unknown>(`/entidades/v1/series/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['series'] }),
  });
}
