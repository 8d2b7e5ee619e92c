import { useQuery } from '@tanstack/react-query';
import type { TDatosDeposito } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** The provider's bank account, CCI and Yape/Plin, shown where the customer pays by deposit. */
export function useDatosDeposito(habilitado = true) {
  return useQuery({
    queryKey: ['pagos', 'datos-deposito'],
    queryFn: ({ signal }) => api.get<TDatosDeposito>('/pagos/v1/datos-deposito', { signal }),
    enabled: habilitado,
  });
}
