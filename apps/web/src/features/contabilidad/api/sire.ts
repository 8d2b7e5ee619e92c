import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TComparacionSire, TLibroSire, TProcesoSire, TSireCredenciales } from '@yupana/contracts';
import { descargarArchivo } from '../../../lib/archivos';
import { api } from '../../../lib/session';

const BASE = '/contabilidad/v1/sire';

export function useComparacionSire(libro: TLibroSire, periodo: string) {
  return useQuery({
    queryKey: ['sire', 'comparacion', libro, periodo],
    queryFn: ({ signal }) => api.get<TComparacionSire>(`${BASE}/${libro}/${periodo}/comparacion`, { signal }),
  });
}

export function useHistorialSire(libro: TLibroSire, periodo: string) {
  return useQuery({
    queryKey: ['sire', 'historial', libro, periodo],
    queryFn: ({ signal }) => api.get<{ Data: TProcesoSire[]; Count: number }>(`${BASE}/${libro}/${periodo}/historial`, { signal }),
    // A request SUNAT is still processing: look again every few seconds.
    refetchInterval: (q) => (q.state.data?.Data.some((p) => p.Estado === 'EN_PROCESO') ? 4000 : false),
  });
}

export function useCredencialesSire() {
  return useQuery({ queryKey: ['sire', 'credenciales'], queryFn: ({ signal }) => api.get<TSireCredenciales>(`${BASE}/credenciales`, { signal }) });
}

export function useGuardarCredencialesSire() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { ClientId: string; ClientSecret: string }) => api.put<TSireCredenciales>(`${BASE}/credenciales`, d),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sire', 'credenciales'] }),
  });
}

/** Descargar propuesta / Aceptar / Enviar reemplazo / Consultar ticket: each refreshes the comparison and the history. */
export function useAccionSire() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { accion: 'propuesta' | 'aceptacion' | 'reemplazo'; libro: TLibroSire; periodo: string } | { accion: 'consulta'; id: number }) =>
      a.accion === 'consulta' ? api.post<TProcesoSire>(`${BASE}/procesos/${a.id}/consulta`, {}) : api.post<TProcesoSire>(`${BASE}/${a.libro}/${a.periodo}/${a.accion}`, {}),
    onSettled: () => qc.invalidateQueries({ queryKey: ['sire'] }),
  });
}

export const descargarReemplazo = (libro: TLibroSire, periodo: string) => descargarArchivo(`${BASE}/${libro}/${periodo}/reemplazo`, {}, `reemplazo-${libro}-${periodo}.txt`);
export const descargarArchivoProceso = (id: number) => descargarArchivo(`${BASE}/procesos/${id}/archivo`, {}, `reemplazo-${id}.txt`);
