import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TToma, TTomaCabecera, TTomaConteos, TTomaContabilizar, TTomaCrear, TTomaImportada, TTomaImportar } from '@yupana/contracts';
import { descargarArchivo } from '../../../lib/archivos';
import { api } from '../../../lib/session';

const BASE = '/logistica/v1/tomasinventario';

export function useTomas(pagina: number) {
  return useQuery({
    queryKey: ['inventario', 'tomas', pagina],
    queryFn: ({ signal }) => api.get<{ Data: TTomaCabecera[]; Count: number }>(BASE, { query: { pagina, regxpag: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useToma(id: number | null) {
  return useQuery({ queryKey: ['inventario', 'toma', id], queryFn: ({ signal }) => api.get<TToma>(`${BASE}/${id}`, { signal }), enabled: !!id });
}

/** Every change of a count answers with the whole count: it replaces the cached one and refreshes lists and stock. */
function useCambioToma<T>(hacer: (datos: T) => Promise<TToma>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: hacer,
    onSuccess: (t) => {
      qc.setQueryData(['inventario', 'toma', t.Id], t);
      void qc.invalidateQueries({ queryKey: ['inventario'], predicate: (q) => q.queryKey[1] !== 'toma' });
    },
  });
}

export const useCrearToma = () => useCambioToma((d: TTomaCrear) => api.post<TToma>(BASE, d));
export const useGuardarConteos = (id: number) => useCambioToma((d: TTomaConteos) => api.put<TToma>(`${BASE}/${id}/conteos`, d));
export const useAgregarItemToma = (id: number) => useCambioToma((IdItem: number) => api.post<TToma>(`${BASE}/${id}/items`, { IdItem }));
export const useRevisarToma = (id: number) => useCambioToma(() => api.post<TToma>(`${BASE}/${id}/revision`, {}));
export const useContabilizarToma = (id: number) => useCambioToma((d: TTomaContabilizar) => api.post<TToma>(`${BASE}/${id}/contabilizacion`, d));

/** PLE 12.1 (físico) or 13.1 (valorizado) of a month, saved with SUNAT's file name. */
export function descargarPleInventario(tipo: 'fisico' | 'valorizado', periodo: string, idalmacen?: number) {
  return descargarArchivo(`/logistica/v1/kardex/ple/${tipo}`, { periodo, idalmacen }, `ple-${tipo}-${periodo}.txt`);
}

/** Counted quantities from an Excel file (base64 in JSON, like the other uploads); the count is reread after. */
export function useImportarConteo(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: TTomaImportar) => api.post<TTomaImportada>(`${BASE}/${id}/importacion`, d),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['inventario'] }),
  });
}

/** The template of a count (its products, Cantidad contada and Lote empty). */
export function descargarPlantillaConteo(id: number, numero: number) {
  return descargarArchivo(`${BASE}/${id}/plantilla`, {}, `plantilla-conteo-${numero}.xlsx`);
}

/** The file as base64 for the JSON body. */
export async function archivoABase64(archivo: File): Promise<string> {
  const bytes = new Uint8Array(await archivo.arrayBuffer());
  let binario = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binario += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binario);
}
