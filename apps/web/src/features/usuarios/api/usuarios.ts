import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInvitacionCrear, TInvitacionRespuesta, TParametro, TUsuarioEmpresa, z, ZRestablecerRespuesta } from '@yupana/contracts';
import { authStorage } from '../../../lib/auth-storage';
import { api } from '../../../lib/session';

export type TFiltroUsuarios = { pagina: number; regxpag: number; filtro?: string; estado: number; idRol: number };
export type TRestablecerRespuesta = z.infer<typeof ZRestablecerRespuesta>;

/** The seed's call: the company id in the path is the signed-in user's (the server checks it against the token). */
export function listarUsuarios(f: TFiltroUsuarios, signal?: AbortSignal) {
  const idEmpresa = authStorage.dataUser()?.IdEntidadEmpresa ?? 0;
  return api.get<{ Data: TUsuarioEmpresa[]; Count: number }>(`/seguridad/v1/entidades/${idEmpresa}/modulos/0/usuarios`, { query: f, signal });
}

export function useUsuarios(f: TFiltroUsuarios) {
  return useQuery({ queryKey: ['seguridad', 'usuarios', f], queryFn: ({ signal }) => listarUsuarios(f, signal), placeholderData: keepPreviousData });
}

/** Every change to a user refreshes the users list (and the audit log that records it). */
function useCambioUsuario<TVars, TRes>(fn: (v: TVars) => Promise<TRes>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: ['seguridad'] }) });
}

export const useInvitarUsuario = () => useCambioUsuario((v: TInvitacionCrear) => api.post<TInvitacionRespuesta>('/seguridad/v1/usuarios/invitaciones', v));

export const useCambiarEstadoUsuario = () =>
  useCambioUsuario((v: { IdUsuario: number; Estado: 0 | 1 | 2 }) => api.put<unknown>(`/seguridad/v1/usuarios/${v.IdUsuario}/estado`, { Estado: v.Estado }));

export const useAsignarRoles = () =>
  useCambioUsuario((v: { IdUsuario: number; Roles: number[] }) => api.put<unknown>(`/seguridad/v1/usuarios/${v.IdUsuario}/roles`, { Roles: v.Roles }));

export const useAsignarSucursales = () =>
  useCambioUsuario((v: { IdUsuario: number; Sucursales: number[] }) => api.put<unknown>(`/seguridad/v1/usuarios/${v.IdUsuario}/sucursales`, { Sucursales: v.Sucursales }));

export const useRestablecerContrasenha = () =>
  useCambioUsuario((IdUsuario: number) => api.post<TRestablecerRespuesta>(`/seguridad/v1/usuarios/${IdUsuario}/contrasenha/restablecer`, {}));

export const useCerrarSesionesUsuario = () => useCambioUsuario((IdUsuario: number) => api.post<unknown>(`/seguridad/v1/usuarios/${IdUsuario}/sesiones/cerrar`, {}));

/** Company-level parameter (IdUsuario 0), e.g. SesionUnica. */
export function useParametroEmpresa(codigo: string) {
  return useQuery({
    queryKey: ['seguridad', 'parametro', 0, codigo],
    queryFn: ({ signal }) => api.get<TParametro>(`/seguridad/v1/usuarios/parametros/0/${codigo}`, { signal }),
  });
}

export const useGuardarParametro = () => useCambioUsuario((v: TParametro) => api.post<TParametro>('/seguridad/v1/usuarios/parametros', v));

/** The company's branches, to assign them to users. */
export function useSucursalesEmpresa() {
  return useQuery({
    queryKey: ['seguridad', 'sucursales-empresa'],
    // Every active branch, a page of the API's maximum (100) at a time: asking for more than that is a 400.
    queryFn: async ({ signal }) => {
      type TPagina = { Data: { Id: number; RazonSocial: string; Descripcion: string | null; Direccion: string | null }[]; Count: number };
      const primera = await api.get<TPagina>('/entidades/v1/sucursales', { query: { pagina: 1, regxpag: 100, estado: 1 }, signal });
      const Data = [...primera.Data];
      for (let pagina = 2; Data.length < primera.Count && pagina <= 50; pagina++) {
        const r = await api.get<TPagina>('/entidades/v1/sucursales', { query: { pagina, regxpag: 100, estado: 1 }, signal });
        if (!r.Data.length) break;
        Data.push(...r.Data);
      }
      return { Data, Count: primera.Count };
    },
    staleTime: 60_000,
  });
}

/** Active roles the company can assign (predefined and its own). */
export function useRolesAsignables() {
  return useQuery({
    queryKey: ['seguridad', 'roles', 'activos'],
    queryFn: ({ signal }) =>
      api.get<{ Data: { IdRol: number; Nombre: string }[]; Count: number }>('/seguridad/v1/roles/paginas', { query: { pagina: 1, regxpag: 200, estado: 1, idmodulo: 0 }, signal }),
    staleTime: 30_000,
  });
}
