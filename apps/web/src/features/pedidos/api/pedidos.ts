import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TItem,
  TListaPrecio,
  TPedido,
  TPedidoFacturado,
  TPedidoGuardar,
  TPedidos,
  TPreciosItem,
  TPreciosLista,
  TReporteVentas,
  TReporteVentasQuery,
  TSerieDocumento,
} from '@yupana/contracts';
import { descargarArchivo, obtenerArchivo } from '../../../lib/archivos';
import { api } from '../../../lib/session';

const V = '/ventas/v1';
const L = '/logistica/v1';
const CLAVE = ['pedidos'] as const;

export type TFiltroPedidos = { tipo: number; estado: number; filtro?: string; desde?: string; hasta?: string; pagina: number; regxpag: number };

export function usePedidos(f: TFiltroPedidos) {
  return useQuery({ queryKey: [...CLAVE, 'lista', f], queryFn: ({ signal }) => api.get<TPedidos>(`${V}/pedidos`, { query: f, signal }), placeholderData: keepPreviousData });
}
export function usePedido(id: number | null) {
  return useQuery({ queryKey: [...CLAVE, 'uno', id], queryFn: ({ signal }) => api.get<TPedido>(`${V}/pedidos/${id}`, { signal }), enabled: id !== null });
}

function useMutar<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: CLAVE }) });
}
export const useGuardarPedido = () => useMutar(({ datos, id }: { datos: TPedidoGuardar; id?: number }) => (id ? api.put<TPedido>(`${V}/pedidos/${id}`, datos) : api.post<TPedido>(`${V}/pedidos`, datos)));
export const useEstadoPedido = () => useMutar(({ id, Estado }: { id: number; Estado: number }) => api.put<TPedido>(`${V}/pedidos/${id}/estados`, { Estado }));
export const useConvertirEnPedido = () => useMutar((id: number) => api.post<TPedido>(`${V}/pedidos/${id}/pedidos`, {}));
export const useFacturarPedido = () =>
  useMutar(({ id, datos }: { id: number; datos: { IdTipoDocumento: number; IdSerie: number; FechaEmision: string } }) => api.post<TPedidoFacturado>(`${V}/pedidos/${id}/documentos`, datos));

/** Opens a PDF in a new tab; the tab is opened first (inside the click) so pop-up blockers let it through. */
export async function abrirPdfPedido(id: number): Promise<void> {
  const ventana = window.open('', '_blank');
  try {
    const url = URL.createObjectURL((await obtenerArchivo(`${V}/pedidos/${id}/pdf`)).blob);
    if (ventana) ventana.location.href = url;
    else window.open(url, '_blank');
  } catch (e) {
    ventana?.close();
    throw e;
  }
}

export function useListasPrecios() {
  return useQuery({ queryKey: ['listaprecios'], queryFn: ({ signal }) => api.get<{ Data: TListaPrecio[] }>(`${L}/listaprecios`, { signal }) });
}
/** An item's prices; with the customer's document, also the prices of the worker groups that customer belongs to. */
export function preciosDeItem(idItem: number, cliente?: { IdTipoDocumento: number; NumeroDocumento: string } | null) {
  const query = cliente ? { idtipodocumento: cliente.IdTipoDocumento, numerodocumento: cliente.NumeroDocumento } : undefined;
  return api.get<TPreciosItem>(`${L}/listaprecios/item/precios/${idItem}`, query ? { query } : undefined);
}
export function usePreciosLista(idLista: number | undefined, filtro: string, pagina: number) {
  return useQuery({
    queryKey: ['listaprecios', 'precios', idLista, filtro, pagina],
    queryFn: ({ signal }) => api.get<TPreciosLista>(`${L}/listaprecios/${idLista}/precios`, { query: { filtro: filtro || undefined, pagina, regxpag: 500 }, signal }),
    enabled: !!idLista,
    placeholderData: keepPreviousData,
  });
}
export function useGuardarLista() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ Nombre, id, Estado }: { Nombre: string; id?: number; Estado?: number }) =>
      id ? api.put<TListaPrecio>(`${L}/listaprecios/${id}`, { Nombre, Estado: Estado ?? 1 }) : api.post<TListaPrecio>(`${L}/listaprecios`, { Nombre, Tipo: 9 }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['listaprecios'] }),
  });
}
export function useGuardarPrecios() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ idLista, Precios }: { idLista: number; Precios: { IdItem: number; CodigoUnidad: string; Factor?: string; Precio: string | null }[] }) =>
      api.put<{ Guardados: number }>(`${L}/listaprecios/${idLista}/precios`, { Precios }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['listaprecios'] }),
  });
}

export function buscarItems(filtro: string) {
  return api.get<{ Data: TItem[]; Count: number }>(`${L}/items`, { query: { filtro: filtro.trim(), pagina: 1, regxpag: 10 } });
}

export function useSeries(idTipoDocumento: number, idSucursal: number | undefined) {
  return useQuery({
    queryKey: ['pedidos', 'series', idTipoDocumento, idSucursal],
    queryFn: ({ signal }) => api.get<{ Data: TSerieDocumento[] }>('/entidades/v2/entidades/series', { query: { idtipodocumento: idTipoDocumento, idsucursal: idSucursal, logestado: 1 }, signal }),
    enabled: idSucursal !== undefined,
  });
}

export function useReporteVentas(q: TReporteVentasQuery) {
  return useQuery({ queryKey: ['reporte-ventas', q], queryFn: ({ signal }) => api.get<TReporteVentas>('/contabilidad/v1/reportes/ventas', { query: q, signal }), placeholderData: keepPreviousData });
}
export const descargarReporteExcel = (q: TReporteVentasQuery) =>
  descargarArchivo('/contabilidad/v1/reportes/ventas/excel', q as Record<string, string | number>, `reporte-ventas-${q.desde}-${q.hasta}.xlsx`);
