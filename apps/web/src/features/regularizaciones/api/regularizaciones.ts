import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRegularizacion, TRegularizacionRespuesta } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** Documents stuck in SUNAT exceptions or sending errors. */
export function useRegularizaciones(pagina: number) {
  return useQuery({
    queryKey: ['regularizaciones', pagina],
    queryFn: ({ signal }) => api.get<{ Data: TRegularizacion[]; Count: number }>('/contabilidad/v1/regularizaciones', { query: { pagina, regxpag: 20 }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
}

/** Back to the sending queue under the SAME number (never renumbered): one document, or all when id is null. */
export function useRegularizar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) =>
      api.post<TRegularizacionRespuesta>(id ? `/contabilidad/v1/documentoContable/${id}/regularizaciones` : '/contabilidad/v1/regularizaciones', {}),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['regularizaciones'] });
      void qc.invalidateQueries({ queryKey: ['comprobantes'] });
    },
  });
}
