import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInfoUniversal, TResumenDeuda, TSaldo } from '@yupana/contracts';
import { authStorage } from '../../lib/auth-storage';
import { api } from '../../lib/session';

// Shared by the shell's banners and the payments pages (same query keys, so one request serves both).
export const CLAVE_SALDO = ['pagos', 'saldo'] as const;
export const CLAVE_DEUDAS = ['pagos', 'mis-deudas'] as const;
export const CLAVE_INFO_UNIVERSAL = ['onboarding', 'info'] as const;

export function useSaldo() {
  return useQuery({
    queryKey: CLAVE_SALDO,
    queryFn: ({ signal }) => api.get<TSaldo>('/pagos/v1/entidades/saldos', { signal }),
    enabled: authStorage.haySesion(),
    // The balance changes as documents are issued: refresh it now and then and whenever a page asks.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useMisDeudas(activo = true) {
  return useQuery({
    queryKey: CLAVE_DEUDAS,
    queryFn: ({ signal }) => api.get<TResumenDeuda>('/pagos/v1/mis-deudas', { signal }),
    enabled: activo && authStorage.haySesion(),
    staleTime: 60_000,
    // The seed only logs a failed debt load: the banner simply does not show.
    retry: false,
  });
}

/** The signed-in user's wizard and demo state (the shell's guard routes by it; the banners and the wizard show it). */
export const infoUniversalQuery = queryOptions({
  queryKey: CLAVE_INFO_UNIVERSAL,
  queryFn: ({ signal }) => api.get<TInfoUniversal>('/seguridad/v3/usuarios/universales/info', { signal }),
  staleTime: 30_000,
});

export function useInfoUniversal(activo = true) {
  return useQuery({ ...infoUniversalQuery, enabled: activo && authStorage.haySesion() });
}
