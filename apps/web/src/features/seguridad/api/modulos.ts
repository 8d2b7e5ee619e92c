import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TModulo, TModuloGuardar } from '@yupana/contracts';
import { api } from '../../../lib/session';

export type TFiltroModulos = { pagina: number; regxpag: number; filtro?: string; estado: number };

export function useModulosPaginas(f: TFiltroModulos) {
  return useQuery({
    queryKey: ['seguridad', 'modulos', f],
    queryFn: ({ signal }) => api.get<{ Data: TModulo[]; Count: number }>('/seguridad/v1/modulos/paginas', { query: f, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGuardarModulo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: TModuloGuardar) => (v.IdModulo ? api.put<TModulo>('/seguridad/v1/modulos', v) : api.post<TModulo>('/seguridad/v1/modulos', v)),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['seguridad', 'modulos'] }),
  });
}
