import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFechaFotocheck, TFotocheckGenerar, TFotoTrabajador } from '@yupana/contracts';
import { guardarArchivo, obtenerArchivo } from '../../../lib/archivos';
import { api } from '../../../lib/session';

const BASE = '/rrhh/v1';

/** Downloads the badges PDF of the selection (chosen workers, an area or all). */
export async function descargarFotochecks(datos: TFotocheckGenerar): Promise<void> {
  guardarArchivo(await obtenerArchivo(`${BASE}/entidades/generar/fotocheck`, undefined, datos), 'fotochecks.pdf');
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
