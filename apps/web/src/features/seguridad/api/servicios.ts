import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCapacidadesRol, TServicio } from '@yupana/contracts';
import { api } from '../../../lib/session';
import type { TFiltroPaginado } from './roles';

type TLista<T> = { Data: T[]; Count: number };
export type TRolServicio = { IdRol: number; IdServicio: number; Codigo: string; Descripcion: string; Modulo: string; LogEstado: number };
export type TPermisoServicio = { IdPermiso: number; DescripcionPermiso: string; IdServicio: number; Codigo: string; Descripcion: string; LogEstado: number };

export function useServicios(f: TFiltroPaginado & { modulo?: string; rol?: number; permiso?: number }) {
  return useQuery({
    queryKey: ['seguridad', 'servicios', f],
    queryFn: ({ signal }) => api.get<TLista<TServicio>>('/seguridad/v1/servicios/paginas', { query: f, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRolesServicios(f: TFiltroPaginado & { idRol: number }) {
  return useQuery({
    queryKey: ['seguridad', 'roles-servicios', f],
    queryFn: ({ signal }) => api.get<TLista<TRolServicio>>('/seguridad/v1/rolesservicios/paginas', { query: { ...f, idModulo: 0 }, signal }),
    enabled: f.idRol > 0,
    placeholderData: keepPreviousData,
  });
}

export function usePermisosServicios(f: TFiltroPaginado & { idPermiso: number }) {
  return useQuery({
    queryKey: ['seguridad', 'permisos-servicios', f],
    queryFn: ({ signal }) => api.get<TLista<TPermisoServicio>>('/seguridad/v1/permisosservicios/paginas', { query: { ...f, idModulo: 0 }, signal }),
    enabled: f.idPermiso > 0,
    placeholderData: keepPreviousData,
  });
}

function useCambio<TVars, TRes>(fn: (v: TVars) => Promise<TRes>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: ['seguridad'] }) });
}

/** Grants (1) or revokes (0) a service to a role: POST creates or re-activates the link, PUT sets its state. */
export const useVincularRolServicio = () =>
  useCambio((v: { IdRol: number; IdServicio: number; LogEstado: 0 | 1 }) =>
    v.LogEstado === 1 ? api.post<unknown>('/seguridad/v1/rolesservicios', v) : api.put<unknown>('/seguridad/v1/rolesservicios', v),
  );

export const useVincularPermisoServicio = () =>
  useCambio((v: { IdPermiso: number; IdServicio: number; LogEstado: 0 | 1 }) =>
    v.LogEstado === 1 ? api.post<unknown>('/seguridad/v1/permisosservicios', v) : api.put<unknown>('/seguridad/v1/permisosservicios', v),
  );

export const useEditarServicio = () => useCambio((v: { IdServicio: number; Descripcion: string; LogEstado: 0 | 1 }) => api.put<TServicio>('/seguridad/v1/servicios', v));

/** "Qué puede hacer": a role's actions in plain words (no codes), for a company's owner. */
export function useCapacidadesRol(idRol: number) {
  return useQuery({
    queryKey: ['seguridad', 'capacidades', idRol],
    queryFn: ({ signal }) => api.get<TCapacidadesRol>(`/seguridad/v1/roles/${idRol}/capacidades`, { signal }),
    enabled: idRol > 0,
  });
}

/** Turns an action on or off: the server grants or removes its screens with it, in one transaction. */
export const useGuardarCapacidad = () =>
  useCambio((v: { IdRol: number; IdServicio: number; Concedido: boolean }) =>
    api.put<unknown>(`/seguridad/v1/roles/${v.IdRol}/capacidades`, { IdServicio: v.IdServicio, Concedido: v.Concedido }),
  );
