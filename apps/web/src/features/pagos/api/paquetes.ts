import { useQuery } from '@tanstack/react-query';
import type { TPlan } from '@yupana/contracts';
import { authStorage } from '../../../lib/auth-storage';
import { api } from '../../../lib/session';

/** The purchase list: only paid packages of plan type 1, 2 or 5 (the server filters). */
export function usePaquetesComprables() {
  const idEmpresa = authStorage.dataUser()?.IdEntidadEmpresa ?? 0;
  return useQuery({
    queryKey: ['pagos', 'paquetes', 'comprables'],
    queryFn: ({ signal }) => api.get<{ Data: TPlan[]; Count: number }>(`/pagos/v1/${idEmpresa}/paquetes`, { query: { vista: 'comprables', regxpagina: 50 }, signal }),
  });
}
