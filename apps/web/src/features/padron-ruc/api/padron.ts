import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BYTES_INICIO_PADRON, motivoNoEsPadron, type TEstadoPadron, type TImportacionPadron } from '@yupana/contracts';
import { authStorage } from '../../../lib/auth-storage';
import { ApiError } from '../../../lib/api-error';
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
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', destino);
    xhr.setRequestHeader('Authorization', `${authStorage.tipoToken()} ${authStorage.accessToken() ?? ''}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && alAvanzar(Math.floor((e.loaded * 100) / e.total));
    xhr.onload = () => {
      let cuerpo: unknown = null;
      try {
        cuerpo = JSON.parse(xhr.responseText);
      } catch {
        cuerpo = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(cuerpo as TImportacionPadron);
      else reject(new ApiError(xhr.status, destino, cuerpo as ApiError['cuerpo']));
    };
    xhr.onerror = () => reject(new ApiError(0, destino, null));
    xhr.send(archivo);
  });
}

export function useAccionPadron() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { tipo: 'pausa' | 'reanudacion'; id: number }) => api.post<TImportacionPadron>(`/entidades/v1/padron-ruc/importaciones/${a.id}/${a.tipo}`),
    onSettled: () => qc.invalidateQueries({ queryKey: ['padron-ruc'] }),
  });
}
