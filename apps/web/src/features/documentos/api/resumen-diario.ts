import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLoteEnvio, TResumenRespuesta } from '@yupana/contracts';
import { api } from '../../../lib/session';

/**
 * Sends the resumen diario now (boletas and their notes still pending, issued up to a date) instead of waiting for the
 * daily hour. Its documents then move to accepted as the worker polls SUNAT's ticket.
 */
export function useResumenDiario() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (Hasta: string) => api.post<TResumenRespuesta>('/contabilidad/v1/resumenes', { Hasta }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['comprobantes'] });
      void qc.invalidateQueries({ queryKey: ['lotes-envio'] });
    },
  });
}

/** Batches sent (RC resumen diario, RA comunicación de baja), newest first. */
export function useLotesEnvio(abierto: boolean) {
  return useQuery({
    queryKey: ['lotes-envio'],
    queryFn: ({ signal }) => api.get<{ Data: TLoteEnvio[]; Count: number }>('/contabilidad/v1/resumenes', { query: { pagina: 1, regxpag: 5 }, signal }),
    enabled: abierto,
    refetchInterval: abierto ? 4000 : false,
  });
}
