import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAsiento, TAsientoGuardar, TBalanceComprobacion, TCuentaContable, TCuentaGuardar, TLibroMayor, TPeriodoContable } from '@yupana/contracts';
import type { TLibrosPle } from '@yupana/contracts';
import type { TCentroCosto, TCentrosCostoReporte, TCierreAnio, TEstadoResultados, TEstadoSituacion, TMapeoContable } from '@yupana/contracts';
import { descargarArchivo } from '../../../lib/archivos';
import { api } from '../../../lib/session';

const BASE = '/finanzas/v1';

// ---- Chart of accounts ----
export function useCuentas(f: { filtro?: string; movimiento?: boolean } = {}) {
  return useQuery({
    queryKey: ['libros', 'cuentas', f],
    queryFn: ({ signal }) => api.get<{ Data: TCuentaContable[]; Count: number }>(`${BASE}/cuentascontables`, { query: { filtro: f.filtro?.trim() || undefined, movimiento: f.movimiento ? '1' : undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGuardarCuenta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ datos, id }: { datos: TCuentaGuardar; id?: number }) => (id ? api.put<TCuentaContable>(`${BASE}/cuentascontables/${id}`, datos) : api.post<TCuentaContable>(`${BASE}/cuentascontables`, datos)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['libros', 'cuentas'] }),
  });
}

export function useEliminarCuenta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.solicitar<{ Mensaje: string }>(`${BASE}/cuentascontables/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['libros', 'cuentas'] }),
  });
}

// ---- Entries ----
export function useAsientos(f: { periodo: string; pagina: number }) {
  return useQuery({
    queryKey: ['libros', 'asientos', f],
    queryFn: ({ signal }) => api.get<{ Data: TAsiento[]; Count: number }>(`${BASE}/libros/asientos`, { query: { periodo: f.periodo, pagina: f.pagina, regxpag: 10 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCrearAsiento() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TAsientoGuardar) => api.post<TAsiento>(`${BASE}/libros/asientos`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['libros'] }),
  });
}

export type TPendiente = { IdDocumento: number; Documento: string; FechaEmision: string; Motivo: string; Fecha: string };
export function usePendientes() {
  return useQuery({ queryKey: ['libros', 'pendientes'], queryFn: ({ signal }) => api.get<{ Data: TPendiente[]; Count: number }>(`${BASE}/libros/pendientes`, { signal }) });
}

export function useContabilizar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ Contabilizados: number; Pendientes: number }>(`${BASE}/libros/contabilizacion`, undefined),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['libros'] }),
  });
}

export function useGuardarTipoCambio() {
  const qc = useQueryClient();
  return useMutation({
    // The company's exchange rates are finance's master data: the same rate serves collections and the books.
    mutationFn: (datos: { Fecha: string; Compra: string; Venta: string }) => api.post(`${BASE}/tiposcambios`, { ...datos, IdMoneda: 2 }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['finanzas'] }),
  });
}

// ---- Periods ----
export function usePeriodos(anio: number) {
  return useQuery({ queryKey: ['libros', 'periodos', anio], queryFn: ({ signal }) => api.get<{ Data: TPeriodoContable[] }>(`${BASE}/libros/periodos`, { query: { anio }, signal }) });
}

export function useCambiarPeriodo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ periodo, cerrar }: { periodo: string; cerrar: boolean }) => api.post<TPeriodoContable>(`${BASE}/libros/periodos/${periodo}/${cerrar ? 'cierre' : 'reapertura'}`, undefined),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['libros', 'periodos'] }),
  });
}

// ---- Reports ----
export function useBalance(periodo: string) {
  return useQuery({ queryKey: ['libros', 'balance', periodo], queryFn: ({ signal }) => api.get<TBalanceComprobacion>(`${BASE}/libros/balance`, { query: { periodo }, signal }) });
}

export function useMayor(periodo: string, idcuenta: number | null) {
  return useQuery({
    queryKey: ['libros', 'mayor', periodo, idcuenta],
    queryFn: ({ signal }) => api.get<TLibroMayor>(`${BASE}/libros/mayor`, { query: { periodo, idcuenta: idcuenta ?? undefined }, signal }),
    enabled: idcuenta !== null,
  });
}

/** Downloads a file the server builds (Excel, PLE text) through the browser's download bar. */
/** The PLE books of a period with SUNAT's file names and whether each has movements. */
export function useLibrosPle(periodo: string) {
  return useQuery({
    queryKey: ['libros', 'ple', periodo],
    queryFn: ({ signal }) => api.get<TLibrosPle>(`${BASE}/libros/ple`, { query: { periodo }, signal }),
  });
}

export async function descargar(ruta: string, query: Record<string, string | number>, nombrePorDefecto: string): Promise<void> {
  await descargarArchivo(`${BASE}${ruta}`, query, nombrePorDefecto);
}

// ---- Automatic entries' accounts, financial statements, year close (issue 15, second part) ----
export function useMapeos() {
  return useQuery({ queryKey: ['libros', 'configuracion'], queryFn: ({ signal }) => api.get<{ Data: TMapeoContable[]; Count: number }>(`${BASE}/libros/configuracion`, { signal }) });
}

export function useGuardarMapeos() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (Mapeos: { Clave: string; IdCuenta: number }[]) => api.put<{ Data: TMapeoContable[] }>(`${BASE}/libros/configuracion`, { Mapeos }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['libros', 'configuracion'] }),
  });
}

export function useEstadoSituacion(desde: string, hasta: string) {
  return useQuery({
    queryKey: ['libros', 'estados', 'situacion', desde, hasta],
    queryFn: ({ signal }) => api.get<TEstadoSituacion>(`${BASE}/libros/estados/situacion`, { query: { desde, hasta }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEstadoResultados(desde: string, hasta: string, tipo: 'NATURALEZA' | 'FUNCION') {
  return useQuery({
    queryKey: ['libros', 'estados', 'resultados', desde, hasta, tipo],
    queryFn: ({ signal }) => api.get<TEstadoResultados>(`${BASE}/libros/estados/resultados`, { query: { desde, hasta, tipo }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCerrarAnio() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (anio: number) => api.post<TCierreAnio>(`${BASE}/libros/ejercicios/${anio}/cierre`, undefined),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['libros'] }),
  });
}

// ---- Cost centres (finance's master data) and the report by cost centre ----
export function useCentrosDeCosto() {
  return useQuery({
    queryKey: ['libros', 'centros'],
    queryFn: ({ signal }) => api.get<{ Data: TCentroCosto[] }>(`${BASE}/centroscostos`, { signal }),
    select: (r) => r.Data.filter((c) => c.LogEstado === 1),
  });
}

export function useReporteCentrosCosto(f: { desde: string; hasta: string }) {
  return useQuery({
    queryKey: ['libros', 'reporte-centros', f],
    queryFn: ({ signal }) => api.get<TCentrosCostoReporte>(`${BASE}/libros/centroscostos`, { query: f, signal }),
    placeholderData: keepPreviousData,
  });
}
