import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPermisoNodo, TRol, TRolCrear, TRolEditar } from '@yupana/contracts';
import { api } from '../../../lib/session';

export type TFiltroPaginado = { pagina: number; regxpag: number; filtro?: string; estado: number };
type TLista<T> = { Data: T[]; Count: number };

export function useRolesPaginados(f: TFiltroPaginado & { idRol?: number }) {
  return useQuery({
    queryKey: ['seguridad', 'roles', f],
    queryFn: ({ signal }) => api.get<TLista<TRol>>('/seguridad/v1/roles/paginas', { query: { ...f, idmodulo: 0 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Active roles of the company (predefined and its own), for selectors. */
export function useRolesActivos() {
  return useQuery({
    queryKey: ['seguridad', 'roles', 'activos'],
    queryFn: ({ signal }) => api.get<TLista<TRol>>('/seguridad/v1/roles/paginas', { query: { pagina: 1, regxpag: 200, estado: 1, idmodulo: 0 }, signal }),
    staleTime: 30_000,
  });
}

function useCambio<TVars, TRes>(fn: (v: TVars) => Promise<TRes>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: ['seguridad'] }) });
}

export const useGuardarRol = () =>
  useCambio((v: TRolCrear | TRolEditar) => ('IdRol' in v ? api.put<TRol>('/seguridad/v1/roles', v) : api.post<TRol>('/seguridad/v1/roles', v)));

/** The whole permission tree with `Habilitado` marking what the role already has. */
export function useArbolPermisosRol(idRol: number | null) {
  return useQuery({
    queryKey: ['seguridad', 'rol-permisos', idRol],
    queryFn: ({ signal }) => api.get<TLista<TPermisoNodo>>(`/seguridad/v1/roles/${idRol}/permisos`, { query: { idmodulo: 0, estado: -1 }, signal }),
    enabled: !!idRol,
  });
}

export const useAgregarPermisosRol = () => useCambio((v: { IdRol: number; Permisos: number[] }) => api.post<unknown>('/seguridad/v1/rolespermisos', v));

export const useEstadoPermisoRol = () =>
  useCambio((v: { IdRol: number; IdPermiso: number; LogEstado: 0 | 1 }) => api.put<unknown>('/seguridad/v1/rolespermisos', v));
