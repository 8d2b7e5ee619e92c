import { useQuery } from '@tanstack/react-query';
import type { TCentroCosto } from '@yupana/contracts';
import { api } from '../session';

/**
 * The company's cost centres (`GET /finanzas/v1/centroscostos`, FIN_MAESTROS_VER). Shared by the finance masters and
 * by the forms that charge something to a centre (a worker's contract, a cash box).
 */
export function useCentrosCosto() {
  return useQuery({
    queryKey: ['finanzas', 'centros'],
    queryFn: ({ signal }) => api.get<{ Data: TCentroCosto[]; Count: number }>('/finanzas/v1/centroscostos', { signal }),
  });
}
