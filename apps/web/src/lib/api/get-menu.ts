import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMenuRespuesta } from '@yupana/contracts';
import { authStorage } from '../auth-storage';
import { llamadaPermisos, varianteActual } from '../marca';
import { api } from '../session';

export const menuQuery = (idUsuario: number, logInFormat: string | null) =>
  queryOptions({
    queryKey: ['menu', idUsuario, logInFormat],
    queryFn: ({ signal }) => {
      // The receipt variant asks with the universal users' call (the brand decides it).
      const { ruta, query } = llamadaPermisos(varianteActual(), idUsuario, logInFormat);
      return api.get<TMenuRespuesta>(ruta, { query, signal });
    },
    staleTime: 10 * 60_000,
  });

/** The user's permitted modules (the menu tree), as the server gives it. */
export function useMenuPermitido() {
  const id = authStorage.dataUser()?.IdUsuario ?? 0;
  return useQuery({ ...menuQuery(id, authStorage.logInFormat()), enabled: id > 0 });
}
