import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPlan, TPlanEntidad, TPlanGuardar } from '@yupana/contracts';
import { authStorage } from '../../../lib/auth-storage';
import { api } from '../../../lib/session';

/** Every plan of the catalogue (provider side). */
export function useTodosLosPlanes() {
  const idEmpresa = authStorage.dataUser()?.IdEntidadEmpresa ?? 0;
  return useQuery({
    queryKey: ['planes', 'todos'],
    queryFn: ({ signal }) => api.get<{ Data: TPlan[]; Count: number }>(`/pagos/v1/${idEmpresa}/paquetes`, { query: { vista: 'todos', regxpagina: 500 }, signal }),
  });
}

export function useGuardarPlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, datos }: { id?: number; datos: TPlanGuardar }) => (id ? api.put<TPlan>(`/pagos/v1/paquetes/${id}`, datos) : api.post<TPlan>('/pagos/v1/paquetes', datos)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['planes'] }),
  });
}

export function usePlanesEntidades(pagina: number) {
  return useQuery({
    queryKey: ['planes', 'entidades', pagina],
    queryFn: ({ signal }) => api.get<{ Data: TPlanEntidad[]; Count: number }>('/pagos/v1/gestion/entidades', { query: { pagina, regxpag: 10 }, signal }),
    placeholderData: keepPreviousData,
  });
}
