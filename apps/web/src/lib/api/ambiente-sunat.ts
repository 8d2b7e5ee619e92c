import { useQuery } from '@tanstack/react-query';
import type { TAmbienteSunatRespuesta } from '@yupana/contracts';
import { api } from '../session';

export const CLAVE_AMBIENTE_SUNAT = ['ambiente-sunat'] as const;

/**
 * The seed's `GET ambiente/sunat`: test environments (BETA, simulator) get the green header, any other the red one.
 * It also carries the certificate's expiry for the shell's warning. Shared by the shell and the SUNAT settings page.
 */
export function useAmbienteSunat() {
  return useQuery({
    queryKey: CLAVE_AMBIENTE_SUNAT,
    queryFn: ({ signal }) => api.get<TAmbienteSunatRespuesta>('/contabilidad/v1/ambiente/sunat', { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
