import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUsuario } from '@yupana/contracts';
import { authStorage } from '../auth-storage';
import { api } from '../session';

export const usuarioQuery = (idUsuario: number) =>
  queryOptions({
    queryKey: ['usuario', idUsuario],
    queryFn: ({ signal }) => api.get<TUsuario>(`/seguridad/v2/usuarios/${idUsuario}`, { signal }),
    staleTime: 5 * 60_000,
  });

/** The signed-in user's record (loaded by the login guard before the shell renders). */
export function useUsuarioActual() {
  const id = authStorage.dataUser()?.IdUsuario ?? 0;
  return useQuery({ ...usuarioQuery(id), enabled: id > 0 });
}
