import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAperturaCaja,
  TCaja,
  TCajaGuardar,
  TCierreCaja,
  TCuadreCaja,
  TEntidadConsulta,
  TEntidadConsultaRespuesta,
  TItem,
  TMiCaja,
  TMovimientoCajaCrear,
  TSerieDocumento,
  TSesionCaja,
  TSucursal,
  TVentaCaja,
  TVentaCajaCrear,
  TMiAutorizacion,
  TAccionAutorizable,
  TSupervisores,
  TAutorizacionSolicitar,
  TAutorizacionOtorgada,
} from '@yupana/contracts';
import { descargarArchivo, obtenerArchivo } from '../../../lib/archivos';
import { api } from '../../../lib/session';
import { ApiError } from '../../../lib/api-error';
import { authStorage } from '../../../lib/auth-storage';

const F = '/finanzas/v1';
const CLAVE = ['cajas'] as const;

export function useMiCaja() {
  return useQuery({ queryKey: [...CLAVE, 'mia'], queryFn: ({ signal }) => api.get<TMiCaja>(`${F}/usuarios/cajas`, { signal }) });
}

/**
 * The point of sale's open session (posfix): the last answer is kept on this browser (per user) so that the page opened
 * with no network (its service worker) still finds its session and box; online the server's answer always wins.
 */
export function useMiCajaPuntoVenta() {
  const clave = `yupana-pos-micaja-${authStorage.dataUser()?.IdUsuario ?? 0}`;
  return useQuery({
    queryKey: [...CLAVE, 'mia'],
    queryFn: async ({ signal }) => {
      try {
        const r = await api.get<TMiCaja>(`${F}/usuarios/cajas`, { signal });
        localStorage.setItem(clave, JSON.stringify(r));
        return r;
      } catch (e) {
        const guardada = localStorage.getItem(clave);
        if (e instanceof ApiError && e.status === 0 && guardada) return JSON.parse(guardada) as TMiCaja;
        throw e;
      }
    },
  });
}

export function useCajas() {
  return useQuery({ queryKey: [...CLAVE, 'lista'], queryFn: ({ signal }) => api.get<{ Data: TCaja[]; Count: number }>(`${F}/cajas`, { signal }) });
}

export function useGuardarCaja() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ datos, id }: { datos: TCajaGuardar; id?: number }) => (id ? api.put<TCaja>(`${F}/cajas/${id}`, datos) : api.post<TCaja>(`${F}/cajas`, datos)),
    onSuccess: () => qc.invalidateQueries({ queryKey: CLAVE }),
  });
}

export function useAbrirCaja() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ idCaja, datos }: { idCaja: number; datos: TAperturaCaja }) => api.post<TSesionCaja>(`${F}/cajas/${idCaja}/aperturas`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: CLAVE }),
  });
}

export function useCerrarCaja() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TCierreCaja) => api.post<TCuadreCaja>(`${F}/cajas/cierres`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: CLAVE }),
  });
}

export function useMovimientoCaja() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TMovimientoCajaCrear) => api.post(`${F}/cajas/movimientos`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: CLAVE }),
  });
}

/** The checkout: the key belongs to the checkout (kept across retries), so a double click never makes two sales. */
export function useVender() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ cuerpo, clave }: { cuerpo: TVentaCajaCrear; clave: string }) => api.post<TVentaCaja>('/ventas/v1/cajas/ventas', cuerpo, { headers: { 'Idempotency-Key': clave } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: CLAVE }),
  });
}

export type TFiltroSesiones = { pagina: number; estado: number; fechainicio?: string; fechafin?: string };
export function useSesiones(f: TFiltroSesiones) {
  return useQuery({
    queryKey: [...CLAVE, 'sesiones', f],
    queryFn: ({ signal }) => api.get<{ Data: TSesionCaja[]; Count: number }>(`${F}/cajas/sesiones`, { query: { ...f, regxpag: 10 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCuadre(id: number | null) {
  return useQuery({ queryKey: [...CLAVE, 'cuadre', id], queryFn: ({ signal }) => api.get<TCuadreCaja>(`${F}/cuadrescajas/${id}`, { signal }), enabled: id !== null });
}

/** The POS search: with the box's branch, each good carries its available stock in that branch's warehouse. */
/** `modo`: the seed's search mode (1-5; none = description, code and barcodes at once); `idcategoria`: a category chip. */
export function buscarItems(filtro: string, idSucursal?: number, signal?: AbortSignal, opciones: { modo?: string; idcategoria?: number; soloFavoritos?: boolean; regxpag?: number } = {}) {
  return api.get<{ Data: TItem[]; Count: number }>('/logistica/v1/items', {
    query: {
      filtro: filtro.trim(),
      pagina: 1,
      regxpag: opciones.regxpag ?? 10,
      idsucursal: idSucursal,
      ...(opciones.modo ? { modo: opciones.modo } : {}),
      ...(opciones.idcategoria ? { idcategoria: opciones.idcategoria } : {}),
      ...(opciones.soloFavoritos ? { soloFavoritos: 'true' } : {}),
    },
    signal,
  });
}

export function useSeriesVenta(idTipoDocumento: number, idSucursal: number | undefined) {
  return useQuery({
    queryKey: ['cajas', 'series', idTipoDocumento, idSucursal],
    queryFn: ({ signal }) => api.get<{ Data: TSerieDocumento[] }>('/entidades/v2/entidades/series', { query: { idtipodocumento: idTipoDocumento, idsucursal: idSucursal, logestado: 1 }, signal }),
    enabled: idSucursal !== undefined,
  });
}

export function consultarCliente(cuerpo: TEntidadConsulta) {
  return api.post<TEntidadConsultaRespuesta>('/entidades/v1/entidad/consulta', cuerpo);
}


/** Opens a PDF in a new tab; the tab is opened first (inside the click) so pop-up blockers let it through. */
export async function abrirPdf(ruta: string, query: Record<string, string | number | undefined> = {}): Promise<void> {
  const ventana = window.open('', '_blank');
  try {
    const url = URL.createObjectURL((await obtenerArchivo(ruta, query)).blob);
    if (ventana) ventana.location.href = url;
    else window.open(url, '_blank');
  } catch (e) {
    ventana?.close();
    throw e;
  }
}

/** The sale's ticket on the box's roll (80 or 58 mm). */
export const abrirTicket = (idDocumento: number, ancho = 80) =>
  abrirPdf(`/contabilidad/v1/documentoContable/${idDocumento}/archivos/1`, { formato: ancho === 58 ? 'TICKET58' : 'TICKET' });
export const abrirReporteZ = (idSesion: number) => abrirPdf(`${F}/cuadrescajas/${idSesion}/reporte`);

export async function descargarSesionesExcel(f: TFiltroSesiones): Promise<void> {
  await descargarArchivo(`${F}/cajas/sesiones/excel`, { estado: f.estado, fechainicio: f.fechainicio, fechafin: f.fechafin }, 'sesiones-caja.xlsx');
}

export function useSucursalesEmpresa() {
  return useQuery({
    queryKey: ['cajas', 'sucursales'],
    queryFn: ({ signal }) => api.get<{ Data: TSucursal[]; Count: number }>('/entidades/v1/sucursales', { query: { pagina: 1, regxpag: 100, estado: 1 }, signal }),
  });
}

/** The point of sale's favourites grid (seed `items/favoritos`): up to 24 favourite items with the branch's stock. */
export function useFavoritosVenta(idSucursal: number) {
  return useQuery({
    queryKey: ['items', 'favoritos-venta', idSucursal],
    queryFn: ({ signal }) => buscarItems('', idSucursal, signal, { soloFavoritos: true, regxpag: 24 }),
  });
}

/** What the caller may do alone at the till (discounts, discards) and whether it has a supervisor PIN (branch pospin). */
export function useMiAutorizacion() {
  return useQuery({ queryKey: [...CLAVE, 'pin'], queryFn: ({ signal }) => api.get<TMiAutorizacion>('/ventas/v1/cajas/pin', { signal }), staleTime: 60_000 });
}

/** Supervisors of the till's branch who hold the action's permission and have a PIN. */
export function useSupervisores(accion: TAccionAutorizable) {
  return useQuery({ queryKey: [...CLAVE, 'supervisores', accion], queryFn: ({ signal }) => api.get<TSupervisores>(`/ventas/v1/cajas/supervisores?accion=${accion}`, { signal }) });
}

/** A supervisor's PIN for one action: a single-use token the checkout or the discard sends. */
export function solicitarAutorizacion(b: TAutorizacionSolicitar): Promise<TAutorizacionOtorgada> {
  return api.post<TAutorizacionOtorgada>('/ventas/v1/cajas/autorizaciones', b);
}
