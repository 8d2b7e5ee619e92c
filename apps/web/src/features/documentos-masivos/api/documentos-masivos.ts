import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLoteMasivo, TLoteMasivoDetalle, TLotesMasivosLista, TMasivoSubir } from '@yupana/contracts';
import { ApiError } from '../../../lib/api-error';
import { authStorage } from '../../../lib/auth-storage';
import { api } from '../../../lib/session';

const BASE = '/contabilidad/v1/documentosmasivos';

export function useLotesMasivos(pagina: number) {
  return useQuery({
    queryKey: ['lotes-masivos', pagina],
    queryFn: ({ signal }) => api.get<TLotesMasivosLista>(BASE, { query: { pagina, regxpag: 10 }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.Data.some((l) => l.Estado !== 'TERMINADO') ? 2000 : false),
  });
}

/** A batch and its documents; polled every second while it is being issued. */
export function useLoteMasivo(id: number | null) {
  return useQuery({
    queryKey: ['lote-masivo', id],
    queryFn: ({ signal }) => api.get<TLoteMasivoDetalle>(`${BASE}/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.Estado === 'TERMINADO' ? false : 1000),
  });
}

export function useSubirLote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: TMasivoSubir) => api.post<TLoteMasivo>(BASE, b),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['lotes-masivos'] }),
  });
}

/** The file as base64 for the JSON body (like the certificate upload). */
export async function archivoABase64(archivo: File): Promise<string> {
  const bytes = new Uint8Array(await archivo.arrayBuffer());
  let binario = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binario += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binario);
}

/** Downloads an .xlsx from the API with the session's token (one refresh and retry on 401) and saves it. */
export async function descargarExcel(ruta: string, nombre: string): Promise<void> {
  const destino = `/api${BASE}${ruta}`;
  const pedir = () =>
    fetch(destino, { headers: { Authorization: `${authStorage.tipoToken()} ${authStorage.accessToken() ?? ''}` } }).catch(() => {
      throw new ApiError(0, destino, null);
    });
  if (!authStorage.accessTokenVigente() && authStorage.refreshToken()) await api.refrescar();
  let r = await pedir();
  if (r.status === 401) {
    await api.refrescar();
    r = await pedir();
  }
  if (!r.ok) {
    const cuerpo = (await r.json().catch(() => null)) as ApiError['cuerpo'];
    throw new ApiError(r.status, destino, cuerpo && typeof cuerpo === 'object' && 'ErrorId' in cuerpo ? cuerpo : null);
  }
  const url = URL.createObjectURL(await r.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
