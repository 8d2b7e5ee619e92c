import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TComprobantesLista } from '@yupana/contracts';
import { api } from '../../../lib/session';
import { obtenerArchivo } from '../../../lib/archivos';
import { intervaloEstadoMs, useEstadoDocumentosEnVivo } from './tiempo-real';

export type TFiltrosComprobantes = {
  fechainicio?: string;
  fechafin?: string;
  idtipodocumento?: number;
  serie?: string;
  correlativo?: number;
  cliente?: string;
  idestadosunat?: number;
  /** Branch (issue 5: defaults to the one chosen in 'Seleccionar Sucursal'); absent = every branch. */
  idsucursal?: number;
  pagina: number;
  regxpag: number;
};

/** The finance listing of issued documents, paged by the server, with live statuses. */
export function useComprobantes(filtros: TFiltrosComprobantes) {
  useEstadoDocumentosEnVivo();
  return useQuery({
    queryKey: ['comprobantes', filtros],
    queryFn: ({ signal }) => api.get<TComprobantesLista>('/finanzas/v1/documentos/comprobantes', { query: filtros, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.Data.some((d) => [1, 4, 6].includes(d.IdestadoSunat)) ? intervaloEstadoMs() : false),
  });
}

/** Excel of the same filtered list, built by the server (all pages). */
export function exportarComprobantes(filtros: Omit<TFiltrosComprobantes, 'pagina' | 'regxpag'>) {
  return obtenerArchivo('/finanzas/v1/documentos/comprobantes/excel', filtros);
}
