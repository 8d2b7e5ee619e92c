import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFechaFotocheck, TFotocheckEnviar, TFotocheckEnvio, TFotocheckGenerar, TFotoTrabajador, TGrupo, TGrupoGuardar, TGrupoMiembro } from '@yupana/contracts';
import { guardarArchivo, obtenerArchivo } from '../../../lib/archivos';
import { api } from '../../../lib/session';

const BASE = '/rrhh/v1';

/** Downloads the badges PDF of the selection (chosen workers, an area or all). */
export async function descargarFotochecks(datos: TFotocheckGenerar): Promise<void> {
  guardarArchivo(await obtenerArchivo(`${BASE}/entidades/generar/fotocheck`, undefined, datos), 'fotochecks.pdf');
}

/** E-mails each chosen worker's own badge; the answer lists who got it and who was skipped, with the reason. */
export function useEnviarFotochecks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TFotocheckEnviar) => api.post<TFotocheckEnvio>(`${BASE}/enviar/fotocheck`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'fotocheck-fecha'] }),
  });
}

export function useFoto(idTrabajador: number | null) {
  return useQuery({
    queryKey: ['rrhh', 'foto', idTrabajador],
    queryFn: ({ signal }) => api.get<TFotoTrabajador>(`${BASE}/entidades/relacionados/${idTrabajador}/imagenes`, { signal }),
    enabled: idTrabajador !== null,
  });
}

export function useFechaFotocheck(idTrabajador: number | null) {
  return useQuery({
    queryKey: ['rrhh', 'fotocheck-fecha', idTrabajador],
    queryFn: ({ signal }) => api.get<TFechaFotocheck>(`${BASE}/fecha_creacion/fotocheck/${idTrabajador}`, { signal }),
    enabled: idTrabajador !== null,
  });
}

export function useGuardarFoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, base64 }: { id: number; base64: string | null }) =>
      base64 === null ? api.solicitar<TFotoTrabajador>(`${BASE}/entidades/relacionados/${id}/imagenes`, { method: 'DELETE' }) : api.post<TFotoTrabajador>(`${BASE}/entidades/relacionados/${id}/imagenes`, { ImagenBase64: base64 }),
    onSuccess: (_, v) => qc.invalidateQueries({ queryKey: ['rrhh', 'foto', v.id] }),
  });
}

// ---- Groups of workers ----
export function useGrupos() {
  return useQuery({ queryKey: ['rrhh', 'grupos'], queryFn: ({ signal }) => api.get<{ Data: TGrupo[] }>(`${BASE}/grupos`, { signal }) });
}

export function useMiembrosGrupo(idGrupo: number | null) {
  return useQuery({
    queryKey: ['rrhh', 'grupos', idGrupo, 'colaboradores'],
    queryFn: ({ signal }) => api.get<{ Data: TGrupoMiembro[] }>(`${BASE}/grupos/${idGrupo}/colaboradores`, { signal }),
    enabled: idGrupo !== null,
  });
}

type TAccionGrupo =
  | { tipo: 'guardar'; id?: number; datos: TGrupoGuardar }
  | { tipo: 'eliminar'; id: number }
  | { tipo: 'asignar' | 'quitar'; IdGrupo: number; IdsTrabajador: number[] }
  | { tipo: 'copiarArea'; IdGrupo: number; IdArea: number };

export function useAccionGrupo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: TAccionGrupo): Promise<unknown> => {
      switch (a.tipo) {
        case 'guardar':
          return a.id ? api.put<TGrupo>(`${BASE}/grupos/${a.id}`, a.datos) : api.post<TGrupo>(`${BASE}/grupos`, a.datos);
        case 'eliminar':
          return api.solicitar<TGrupo>(`${BASE}/grupos/${a.id}`, { method: 'DELETE' });
        case 'asignar':
          return api.post<{ Cambiados: number }>(`${BASE}/asignar/grupo`, { IdGrupo: a.IdGrupo, IdsTrabajador: a.IdsTrabajador });
        case 'quitar':
          return api.post<{ Cambiados: number }>(`${BASE}/remove/grupo`, { IdGrupo: a.IdGrupo, IdsTrabajador: a.IdsTrabajador });
        case 'copiarArea':
          return api.post<{ Cambiados: number }>(`${BASE}/copiarcolaboradores/area`, { IdGrupo: a.IdGrupo, IdArea: a.IdArea });
      }
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'grupos'] }),
  });
}
