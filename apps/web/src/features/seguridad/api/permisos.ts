import { useQuery } from '@tanstack/react-query';
import type { TPermisoNodo } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** The permission tree (up to six levels; node types 0 root, 1 control, 2 component). */
export function useArbolPermisos() {
  return useQuery({
    queryKey: ['seguridad', 'permisos', 'arbol'],
    queryFn: ({ signal }) => api.get<{ Data: TPermisoNodo[]; Count: number }>('/seguridad/v1/permisos', { query: { IdPermiso: 0, idmodulo: 0 }, signal }),
    staleTime: 60_000,
  });
}
