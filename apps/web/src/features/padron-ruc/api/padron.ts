import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BYTES_INICIO_PADRON, motivoNoEsPadron, type TEstadoPadron, type TImportacionPadron } from '@yupana/contracts';
import { subirConAvance } from '../../../lib/archivos';
import { api } from '../../../lib/session';

export function estadoPadron() {
  return api.get<TEstadoPadron>('/entidades/v1/padron-ruc');
}

/** Polled every second while an import runs (the progress bar), every 30 s otherwise. */
export function useEstadoPadron() {
  return useQuery({
    queryKey: ['padron-ruc'],
    queryFn: estadoPadron,
    refetchInterval: (q) => (q.state.data?.Importacion?.Estado === 'PROCESANDO' ? 1000 : 30_000),
  });
}

/**
 * Uploads the padrón file as the raw request body (it may be 1.3 GB: never read into memory), reporting the
 * upload's own progress. XHR because fetch reports no upload progress. A cheap authenticated call first lets the
 * api client refresh an expiring token, so the long upload carries a valid one.
 */
/** Why the chosen file is not the padrón (the server's own check, on the same first bytes), or null. */
export async function revisarArchivoPadron(archivo: File): Promise<string | null> {
  const inicio = new Uint8Array(await archivo.slice(0, BYTES_INICIO_PADRON).arrayBuffer());
  return motivoNoEsPadron(inicio, archivo.size <= BYTES_INICIO_PADRON);
}

export async function subirPadron(archivo: File, alAvanzar: (porcentaje: number) => void): Promise<TImportacionPadron> {
  await estadoPadron();
  const destino = `/api/entidades/v1/padron-ruc/importaciones?nombre=${encodeURIComponent(archivo.name)}`;
  return subirConAvance<TImportacionPadron>(destino, archivo, 'application/octet-stream', alAvanzar);
}

export function useAccionPadron() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { tipo: 'pausa' | 'reanudacion'; id: number }) => api.post<TImportacionPadron>(`/entidades/v1/padron-ruc/importaciones/${a.id}/${a.tipo}`),
    onSettled: () => qc.invalidateQueries({ queryKey: ['padron-ruc'] }),
  });
}
