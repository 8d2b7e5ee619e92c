import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLoteMasivo, TLoteMasivoDetalle, TLotesMasivosLista, TMasivoSubir } from '@yupana/contracts';
import { guardarArchivo, obtenerArchivo } from '../../../lib/archivos';
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
  const { blob } = await obtenerArchivo(`${BASE}${ruta}`);
  guardarArchivo({ blob, nombre: null }, nombre);
}
