import { useMutation, useQuery } from '@tanstack/react-query';
import { authStorage } from '../../../lib/auth-storage';
import { api } from '../../../lib/session';

type TSucursal = { Id: number; RazonSocial: string };
type TSerie = { Id: number; IdTipoDocumento: number; Serie: string };

/** The company's branches (the series belong to one). */
export function useSucursales() {
  const idEmpresa = authStorage.dataUser()?.IdEntidadEmpresa ?? 0;
  return useQuery({
    queryKey: ['onboarding', 'sucursales', idEmpresa],
    queryFn: ({ signal }) => api.get<{ Data: TSucursal[] }>(`/entidades/v1/entidades/${idEmpresa}/sucursales`, { query: { pagina: 1, regxpag: 50, estado: 1 }, signal }),
  });
}

/** The series the company already has (a second pass through the step must not create them twice). */
export function useSeriesExistentes() {
  return useQuery({
    queryKey: ['onboarding', 'series'],
    queryFn: ({ signal }) => api.get<{ Data: TSerie[] }>('/entidades/v1/entidades/series', { signal }),
  });
}

/** Created through the series service (maestros), which validates and numbers them. */
export function useCrearSeries() {
  return useMutation({
    mutationFn: (lista: { IdSucursal: number; IdTipoDocumento: number; Serie: string; Descripcion: string }[]) => api.post('/entidades/v1/series/multiples', { Lista: lista }),
  });
}
