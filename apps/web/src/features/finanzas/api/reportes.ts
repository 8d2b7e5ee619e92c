import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TAntiguedadTerceros, TEstadoCuentaCorreo, TFlujoCaja, TGastosCentro, TProyeccion, TSaldoCuenta, TTableroDeudores, TTableroMontos } from '@yupana/contracts';
import { abrirArchivo, descargarArchivo } from '../../../lib/archivos';
import { api } from '../../../lib/session';

const BASE = '/finanzas/v1/reportes';

/** clientes: receivables (FIN_CXC_VER); proveedores: payables (FIN_CXP_VER). */
export type TLadoReporte = 'clientes' | 'proveedores';
const proyeccionDe = (lado: TLadoReporte) => (lado === 'clientes' ? 'cobros' : 'pagos');

export type TFiltroAntiguedad = { tercero: string; idmoneda: number; fechacorte: string };
const consultaAntiguedad = (f: TFiltroAntiguedad) => ({ tercero: f.tercero.trim(), idmoneda: f.idmoneda, ...(f.fechacorte ? { fechacorte: f.fechacorte } : {}) });

export function useAntiguedadTerceros(lado: TLadoReporte, f: TFiltroAntiguedad) {
  return useQuery({
    queryKey: ['finanzas', 'reportes', 'antiguedad', lado, f],
    queryFn: ({ signal }) => api.get<TAntiguedadTerceros>(`${BASE}/antiguedades/${lado}`, { query: consultaAntiguedad(f), signal }),
    placeholderData: keepPreviousData,
  });
}
export const descargarAntiguedad = (lado: TLadoReporte, f: TFiltroAntiguedad) =>
  descargarArchivo(`${BASE}/antiguedades/${lado}/excel`, consultaAntiguedad(f), `antiguedad-${lado}.xlsx`);

export type TFiltroProyeccion = { tercero: string; idmoneda: number; semanas: number };
const consultaProyeccion = (f: TFiltroProyeccion) => ({ tercero: f.tercero.trim(), idmoneda: f.idmoneda, semanas: f.semanas });

export function useProyeccion(lado: TLadoReporte, f: TFiltroProyeccion) {
  return useQuery({
    queryKey: ['finanzas', 'reportes', 'proyeccion', lado, f],
    queryFn: ({ signal }) => api.get<TProyeccion>(`${BASE}/proyecciones/${proyeccionDe(lado)}`, { query: consultaProyeccion(f), signal }),
    placeholderData: keepPreviousData,
  });
}
export const descargarProyeccion = (lado: TLadoReporte, f: TFiltroProyeccion) =>
  descargarArchivo(`${BASE}/proyecciones/${proyeccionDe(lado)}/excel`, consultaProyeccion(f), `proyeccion-${proyeccionDe(lado)}.xlsx`);

// ---- Customer statement files and e-mail ----
export const abrirEstadoCuentaPdf = (cliente: string, idmoneda: number) => abrirArchivo(`${BASE}/estadoscuentas/pdf`, { cliente, idmoneda });
export const descargarEstadoCuentaExcel = (cliente: string, idmoneda: number) =>
  descargarArchivo(`${BASE}/estadoscuentas/excel`, { cliente, idmoneda }, `estado-de-cuenta-${cliente}.xlsx`);

export function useEnviarEstadoCuenta() {
  return useMutation({ mutationFn: (b: TEstadoCuentaCorreo) => api.post<{ Mensaje: string }>(`${BASE}/estadoscuentas/correos`, b) });
}

// ---- Treasury: cash flow by account and expenses by cost centre (FIN_MOV_VER) ----
export type TFiltroPeriodo = { desde: string; hasta: string; idcuenta?: number };
const consultaPeriodo = (f: TFiltroPeriodo) => ({ ...(f.desde ? { desde: f.desde } : {}), ...(f.hasta ? { hasta: f.hasta } : {}), ...(f.idcuenta ? { idcuenta: f.idcuenta } : {}) });

export function useFlujoCaja(f: TFiltroPeriodo) {
  return useQuery({
    queryKey: ['finanzas', 'reportes', 'flujo', f],
    queryFn: ({ signal }) => api.get<TFlujoCaja>(`${BASE}/tiposmovimientos`, { query: consultaPeriodo(f), signal }),
    placeholderData: keepPreviousData,
  });
}
export const descargarFlujoCaja = (f: TFiltroPeriodo) => descargarArchivo(`${BASE}/tiposmovimientos/excel`, consultaPeriodo(f), 'flujo-de-caja.xlsx');

export function useGastosPorCentro(f: TFiltroPeriodo) {
  return useQuery({
    queryKey: ['finanzas', 'reportes', 'gastos', f],
    queryFn: ({ signal }) => api.get<TGastosCentro>(`${BASE}/elementosgastos`, { query: consultaPeriodo({ desde: f.desde, hasta: f.hasta }), signal }),
    placeholderData: keepPreviousData,
  });
}
export const descargarGastosPorCentro = (f: TFiltroPeriodo) =>
  descargarArchivo(`${BASE}/elementosgastos/excel`, consultaPeriodo({ desde: f.desde, hasta: f.hasta }), 'gastos-centro-costo.xlsx');

// ---- The finance board (seed §7 smartreasons/...) ----
const TABLERO = '/finanzas/v1/smartreasons';
export function useTableroDeudores(idmoneda: number) {
  return useQuery({
    queryKey: ['finanzas', 'tablero', 'deudores', idmoneda],
    queryFn: ({ signal }) => api.get<TTableroDeudores>(`${TABLERO}/estadoscuentas/clientes`, { query: { idmoneda: String(idmoneda) }, signal }),
    placeholderData: keepPreviousData,
  });
}
export function useTableroMontos(idmoneda: number, f: TFiltroPeriodo) {
  return useQuery({
    queryKey: ['finanzas', 'tablero', 'montos', idmoneda, f],
    queryFn: ({ signal }) => api.get<TTableroMontos>(`${TABLERO}/clientes/montos`, { query: { idmoneda: String(idmoneda), ...consultaPeriodo(f) }, signal }),
    placeholderData: keepPreviousData,
  });
}
export function useTableroBancos() {
  return useQuery({
    queryKey: ['finanzas', 'tablero', 'bancos'],
    queryFn: ({ signal }) => api.get<{ Data: TSaldoCuenta[]; Count: number }>(`${TABLERO}/cuentasbancarias`, { signal }),
  });
}
