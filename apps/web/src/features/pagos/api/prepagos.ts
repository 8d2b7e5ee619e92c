import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPrepago } from '@yupana/contracts';
import { authStorage } from '../../../lib/auth-storage';
import { api } from '../../../lib/session';

export function usePrepagos(pagina: number, regxpag = 10) {
  const idEmpresa = authStorage.dataUser()?.IdEntidadEmpresa ?? 0;
  return useQuery({
    queryKey: ['pagos', 'prepagos', pagina, regxpag],
    queryFn: ({ signal }) =>
      api.get<{ Data: TPrepago[]; Count: number }>(`/pagos/v1/pagos/entidadpago/${idEmpresa}/prepagos`, { query: { NroPagina: pagina, RegxPag: regxpag }, signal }),
    placeholderData: keepPreviousData,
  });
}
