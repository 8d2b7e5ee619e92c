import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConfigPublica, TVariante } from '@yupana/contracts';
import { establecerVariante, NOMBRE_MARCA, varianteActual } from '../marca';
import { api } from '../session';

export const configPublicaQuery = queryOptions({
  queryKey: ['config-publica'],
  queryFn: async ({ signal }) => {
    const c = await api.get<TConfigPublica>('/config/publica', { auth: false, signal });
    // Code outside React (refresh call, sign-out) follows the brand from here on.
    establecerVariante(c.Variante);
    return c;
  },
  staleTime: Infinity,
});

/** Brand, support phone, advisers and service hours (public, no session needed). */
export function useConfigPublica() {
  return useQuery(configPublicaQuery);
}

/** The deployment's brand: its name and variant (the last known one while the configuration loads). */
export function useMarca(): { marca: string; variante: TVariante } {
  const c = useConfigPublica().data;
  const variante = c?.Variante ?? varianteActual();
  return { marca: c?.Marca ?? NOMBRE_MARCA[variante], variante };
}
