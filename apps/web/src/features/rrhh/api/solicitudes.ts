import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPlantillaFlujo, TPlantillaFlujoGuardar, TSolicitud, TSolicitudCrear, TSolicitudResolver } from '@yupana/contracts';
import { api } from '../../../lib/session';

const BASE = '/rrhh/v1';

export function usePlantillasFlujo() {
  return useQuery({ queryKey: ['rrhh', 'plantillaflujo'], queryFn: ({ signal }) => api.get<{ Data: TPlantillaFlujo[]; Roles: { IdRol: number; Nombre: string }[] }>(`${BASE}/plantillaflujo`, { signal }) });
}

export function useGuardarPlantillaFlujo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TPlantillaFlujoGuardar) => api.post<TPlantillaFlujo>(`${BASE}/plantillaflujo`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'plantillaflujo'] }),
  });
}

export function useSolicitudes(f: { estado: number; pagina: number }) {
  return useQuery({
    queryKey: ['rrhh', 'solicitudes', f],
    queryFn: ({ signal }) => api.get<{ Data: TSolicitud[]; Count: number }>(`${BASE}/solicitud`, { query: { estado: f.estado, pagina: f.pagina, regxpag: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCrearSolicitud() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TSolicitudCrear) => api.post<TSolicitud>(`${BASE}/solicitud`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'solicitudes'] }),
  });
}

export function useResolverSolicitud() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: TSolicitudResolver }) => api.post<TSolicitud>(`${BASE}/flujosolicitud/${id}`, datos),
    // An approved absence changes the attendance report too.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh'] }),
  });
}

/** Sends again the notification of a request whose last e-mail failed; the note goes away when it goes out. */
export function useReintentarNotificacion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<TSolicitud>(`${BASE}/solicitud/${id}/notificacion`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh'] }),
  });
}
