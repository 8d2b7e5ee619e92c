import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAlmacen, TAlmacenEditar, TAlmacenGuardar, TItem, TKardex, TLogisticaConfig, TMovimiento, TMovimientoGuardar, TGuiaTraslado, TStockFila, TStockMinimoFila, TVencimientoFila } from '@yupana/contracts';
import { guardarArchivo, obtenerArchivo } from '../../../lib/archivos';
import { api } from '../../../lib/session';

const BASE = '/logistica/v1';

export function useAlmacenes() {
  return useQuery({ queryKey: ['inventario', 'almacenes'], queryFn: ({ signal }) => api.get<{ Data: TAlmacen[]; Count: number }>(`${BASE}/almacenes`, { signal }) });
}

export function useCrearAlmacen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TAlmacenGuardar) => api.post<TAlmacen>(`${BASE}/almacenes`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['inventario', 'almacenes'] }),
  });
}

/** Branch guiaalm: name and the warehouse's own address. */
export function useEditarAlmacen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: TAlmacenEditar }) => api.put<TAlmacen>(`${BASE}/almacenes/${id}`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['inventario', 'almacenes'] }),
  });
}

export function useLogisConfig() {
  return useQuery({ queryKey: ['inventario', 'config'], queryFn: ({ signal }) => api.get<TLogisticaConfig>(`${BASE}/logisconfig`, { signal }) });
}

export function useGuardarLogisConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TLogisticaConfig) => api.put<TLogisticaConfig>(`${BASE}/logisconfig`, datos),
    onSuccess: (d) => qc.setQueryData(['inventario', 'config'], d),
  });
}

export type TFiltroStock = { idalmacen?: number; filtro: string; sinstock: boolean; pagina: number };
/** Items below their minimum stock: summed over the warehouses, or in the chosen one (branch marcas). */
export function useBajoMinimo(f: { idalmacen?: number; pagina: number }, activo: boolean) {
  return useQuery({
    queryKey: ['inventario', 'stock', 'minimos', f],
    queryFn: ({ signal }) =>
      api.get<{ Data: TStockMinimoFila[]; Count: number }>(`${BASE}/inventarios/stock/minimos`, { query: { ...(f.idalmacen ? { idalmacen: f.idalmacen } : {}), pagina: f.pagina, regxpag: 20 }, signal }),
    placeholderData: keepPreviousData,
    enabled: activo,
  });
}

export function useStock(f: TFiltroStock) {
  return useQuery({
    queryKey: ['inventario', 'stock', f],
    queryFn: ({ signal }) =>
      api.get<{ Data: TStockFila[]; Count: number }>(`${BASE}/inventarios/stock`, {
        query: { ...(f.idalmacen ? { idalmacen: f.idalmacen } : {}), ...(f.filtro.trim() ? { filtro: f.filtro.trim() } : {}), ...(f.sinstock ? { sinstock: 'true' } : {}), pagina: f.pagina, regxpag: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Lots with stock expiring within `dias` days or already expired (the stock page's alerts). */
export function useVencimientos(dias: number, idalmacen: number | undefined, pagina: number) {
  return useQuery({
    queryKey: ['inventario', 'vencimientos', dias, idalmacen, pagina],
    queryFn: ({ signal }) =>
      api.get<{ Data: TVencimientoFila[]; Count: number; Vencidos: number }>(`${BASE}/inventarios/lotes/vencimientos`, {
        query: { dias, ...(idalmacen ? { idalmacen } : {}), pagina, regxpag: 10 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMovimientos(pagina: number) {
  return useQuery({
    queryKey: ['inventario', 'movimientos', pagina],
    queryFn: ({ signal }) => api.get<{ Data: Omit<TMovimiento, 'Detalle'>[]; Count: number }>(`${BASE}/movimientos`, { query: { pagina, regxpag: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRegistrarMovimiento() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TMovimientoGuardar) => api.post<TMovimiento>(`${BASE}/movimientos`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['inventario'] }),
  });
}

export type TFiltroKardex = { iditem: number; idalmacen: number; desde: string; hasta: string; pagina: number };
export function useKardex(f: TFiltroKardex | null) {
  return useQuery({
    queryKey: ['inventario', 'kardex', f],
    queryFn: ({ signal }) => api.get<TKardex>(`${BASE}/kardex`, { query: { ...f!, regxpag: 100 }, signal }),
    enabled: !!f,
    placeholderData: keepPreviousData,
  });
}

/** Goods of the catalogue matching a text (at least three letters, as the catalogue search asks). */
export function buscarBienes(filtro: string) {
  return api.get<{ Data: TItem[]; Count: number }>(`${BASE}/items`, { query: { filtro: filtro.trim(), pagina: 1, regxpag: 10, estado: 1 } });
}

/** Downloads the kardex .xlsx with the session's token (one refresh and retry on 401) and saves it. */
export async function descargarKardexExcel(f: Omit<TFiltroKardex, 'pagina'>): Promise<void> {
  const { blob } = await obtenerArchivo(`${BASE}/kardex/excel`, { iditem: f.iditem, idalmacen: f.idalmacen, desde: f.desde, hasta: f.hasta });
  guardarArchivo({ blob, nombre: null }, `kardex-${f.desde}-${f.hasta}.xlsx`);
}

/** Branches of the company, to place a new warehouse. */
export function useSucursales(activo: boolean) {
  return useQuery({
    queryKey: ['inventario', 'sucursales'],
    queryFn: ({ signal }) => api.get<{ Data: { Id: number; RazonSocial: string; Descripcion?: string | null }[] }>('/entidades/v1/sucursales', { query: { pagina: 1, regxpag: 100, estado: 1 }, signal }),
    enabled: activo,
  });
}

/** The GRE remitente (motivo 04) of a transfer already posted. */
export function useEmitirGuiaTraslado() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guia }: { id: number; guia: TGuiaTraslado }) => api.post<TMovimiento>(`${BASE}/movimientos/${id}/guias`, guia),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['inventario'] });
      void qc.invalidateQueries({ queryKey: ['documentos'] });
    },
  });
}
