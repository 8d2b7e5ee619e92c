import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAsistencia,
  TComandoHuellero,
  TComandoHuelleroCrear,
  TFeriado,
  TFeriadoGuardar,
  THorario,
  THorarioAsignado,
  THorarioAsignar,
  THorarioGuardar,
  THuellero,
  THuelleroGuardar,
  TMarcacion,
  TMarcacionCorregir,
  TMarcacionManual,
  TTrabajador,
} from '@yupana/contracts';
import { descargarArchivo } from '../../../lib/archivos';
import { api } from '../../../lib/session';

const BASE = '/rrhh/v1';

export function useHorarios() {
  return useQuery({ queryKey: ['rrhh', 'horarios'], queryFn: ({ signal }) => api.get<{ Data: THorario[] }>(`${BASE}/horarios`, { signal }) });
}

export function useGuardarHorario() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ datos, id }: { datos: THorarioGuardar; id?: number }) => (id ? api.put<THorario>(`${BASE}/horarios/${id}`, datos) : api.post<THorario>(`${BASE}/horarios`, datos)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'horarios'] }),
  });
}

export function useAsignaciones(idTrabajador: number | null) {
  return useQuery({
    queryKey: ['rrhh', 'asignaciones', idTrabajador],
    queryFn: ({ signal }) => api.get<{ Data: THorarioAsignado[] }>(`${BASE}/contratos/horarios`, { query: { idTrabajador: idTrabajador ?? 0 }, signal }),
    enabled: idTrabajador !== null,
  });
}

export function useAsignarHorario() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: THorarioAsignar) => api.post<THorarioAsignado>(`${BASE}/contratos/horarios`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'asignaciones'] }),
  });
}

/** Workers to pick from (name or document), first 50 matches. */
export function useTrabajadoresSelector(filtro: string) {
  return useQuery({
    queryKey: ['rrhh', 'trabajadores-selector', filtro],
    queryFn: ({ signal }) => api.get<{ Data: TTrabajador[]; Count: number }>(`${BASE}/entidades`, { query: { filtro: filtro.trim(), pagina: 1, regxpag: 50, estado: 1 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useHuelleros() {
  return useQuery({ queryKey: ['rrhh', 'huelleros'], queryFn: ({ signal }) => api.get<{ Data: THuellero[] }>(`${BASE}/huelleros/entidades`, { signal }) });
}

export function useGuardarHuellero() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ datos, id }: { datos: THuelleroGuardar; id?: number }) =>
      id ? api.put<THuellero>(`${BASE}/huelleros/entidades/${id}`, datos) : api.post<THuellero>(`${BASE}/huelleros/entidades`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'huelleros'] }),
  });
}

export type TFiltroMarcaciones = { desde: string; hasta: string; idTrabajador: number | null; estado: number; pagina: number };
export function useMarcaciones(f: TFiltroMarcaciones) {
  return useQuery({
    queryKey: ['rrhh', 'marcaciones', f],
    queryFn: ({ signal }) =>
      api.get<{ Data: TMarcacion[]; Count: number }>(`${BASE}/marcacion/trabajador/marcaciones`, {
        query: { desde: f.desde, hasta: f.hasta, ...(f.idTrabajador ? { idTrabajador: f.idTrabajador } : {}), estado: f.estado, pagina: f.pagina, regxpag: 50 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMarcacionManual() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TMarcacionManual) => api.post<{ Id: number }>(`${BASE}/marcacion/trabajador/marcaciones`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh'] }),
  });
}

export function useCorregirMarcacion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: TMarcacionCorregir }) => api.put<{ Id: number | null }>(`${BASE}/marcacion/trabajador/marcaciones/${id}`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh'] }),
  });
}

export function useReporteAsistencia(f: { idTrabajador: number | null; desde: string; hasta: string }) {
  return useQuery({
    queryKey: ['rrhh', 'asistencia', f],
    queryFn: ({ signal }) => api.get<TAsistencia>(`${BASE}/marcacion/reporte/tiempolaborado`, { query: { idTrabajador: f.idTrabajador ?? 0, desde: f.desde, hasta: f.hasta }, signal }),
    enabled: f.idTrabajador !== null,
  });
}

/** Downloads the report's workbook. */
export async function descargarExcelAsistencia(f: { idTrabajador: number; desde: string; hasta: string }): Promise<void> {
  await descargarArchivo(`${BASE}/marcacion/reporte/tiempolaborado/excel`, { idTrabajador: f.idTrabajador, desde: f.desde, hasta: f.hasta }, `asistencia-${f.desde}-${f.hasta}.xlsx`);
}

export function useFeriados(anio: number) {
  return useQuery({ queryKey: ['rrhh', 'feriados', anio], queryFn: ({ signal }) => api.get<{ Data: TFeriado[] }>(`${BASE}/feriados`, { query: { anio }, signal }) });
}

export function useGuardarFeriado() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TFeriadoGuardar) => api.post<TFeriado>(`${BASE}/feriados`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'feriados'] }),
  });
}

export function useEliminarFeriado() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.solicitar<unknown>(`${BASE}/feriados/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'feriados'] }),
  });
}

/** The device's commands and their answers; polled while the drawer is open (the device answers on its next poll). */
export function useComandosHuellero(idHuellero: number | null) {
  return useQuery({
    queryKey: ['rrhh', 'huelleros', idHuellero, 'comandos'],
    queryFn: ({ signal }) => api.get<{ Data: TComandoHuellero[] }>(`${BASE}/huelleros/entidades/${idHuellero}/comandos`, { signal }),
    enabled: idHuellero !== null,
    refetchInterval: 10_000,
  });
}

export function useEncolarComando(idHuellero: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TComandoHuelleroCrear) => api.post<{ Encolados: number }>(`${BASE}/huelleros/entidades/${idHuellero}/comandos`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'huelleros', idHuellero, 'comandos'] }),
  });
}
