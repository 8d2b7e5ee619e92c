import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPasoWizard, TPersonaContacto, TTipoConfiguracion, TVinculacionSunat } from '@yupana/contracts';
import { api } from '../../../lib/session';

type TPasos = { Pasos: TPasoWizard[] };
const base = '/seguridad/v3/usuarios/universales/pasos';

/**
 * Each step refreshes what depends on the company: info, balance and banners, the signed-in user's company name and
 * type (the header and home said "EMPRESA DEMO" until the next sign-in) and the menu (a company without RUC has no
 * SUNAT screens).
 */
function usePaso<T>(fn: (d: T) => Promise<TPasos>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all(['onboarding', 'pagos', 'usuario', 'menu'].map((k) => qc.invalidateQueries({ queryKey: [k] })));
    },
  });
}

export const useTipoConfiguracion = () => usePaso((d: TTipoConfiguracion) => api.put<TPasos>(`${base}/tipo-configuracion`, d));
export const usePersonaContacto = () => usePaso((d: TPersonaContacto) => api.put<TPasos>(`${base}/persona-de-contacto`, d));
export const useVinculacionSunat = () => usePaso((d: TVinculacionSunat) => api.put<TPasos>(`${base}/vinculacion-sunat`, d));
export const useCerrarSeries = () => usePaso(() => api.put<TPasos>(`${base}/series-electronicas`));
