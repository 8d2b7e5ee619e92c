import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EstadoSunat, type TAgenteRetencion, type TComprobanteRetencion, type TPagoCrear, type TRetencionCalculo } from '@yupana/contracts';
import { api } from '../../../lib/session';
import { abrirArchivo, descargarArchivo } from '../../../lib/archivos';

const BASE = '/finanzas/v1/retenciones-emitidas';

/** Whether the company is a retention agent and since when. */
export function useAgenteRetencion(habilitado = true) {
  return useQuery({ queryKey: ['finanzas', 'cre', 'agente'], queryFn: ({ signal }) => api.get<TAgenteRetencion>(`${BASE}/agente`, { signal }), enabled: habilitado });
}

export function useGuardarAgente() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (AgenteRetencionDesde: string | null) => api.put<TAgenteRetencion>(`${BASE}/agente`, { AgenteRetencionDesde }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['finanzas', 'cre'] }),
  });
}

/** States the sending jobs still change by themselves (pending, sent awaiting an answer, in reversion): the list keeps watching. */
export const ESTADOS_CRE_EN_CURSO: number[] = [EstadoSunat.PENDIENTE_ENVIO, EstadoSunat.EN_PROCESO_ESPERA, EstadoSunat.EN_REVERSION];

export function useComprobantesRetencion(f: { proveedor: string; pagina: number }) {
  return useQuery({
    queryKey: ['finanzas', 'cre', 'lista', f],
    queryFn: ({ signal }) =>
      api.get<{ Data: TComprobanteRetencion[]; Count: number }>(`${BASE}?proveedor=${encodeURIComponent(f.proveedor)}&pagina=${f.pagina}&regxpag=20`, { signal }),
    refetchInterval: (q) => (q.state.data?.Data.some((c) => !(c.Anulado && c.IdEstadoSunat !== EstadoSunat.EN_REVERSION) && ESTADOS_CRE_EN_CURSO.includes(c.IdEstadoSunat)) ? 3000 : false),
  });
}

/** Sends again (same number) a CRE whose sending stopped. */
export function useReenviarRetencion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<TComprobanteRetencion>(`${BASE}/${id}/envios`, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['finanzas', 'cre', 'lista'] }),
  });
}

/** What the payment will withhold (only asked when the company is an agent and an account is chosen). */
export function useCalculoRetencion(datos: TPagoCrear | null) {
  return useQuery({
    queryKey: ['finanzas', 'cre', 'calculo', datos],
    queryFn: ({ signal }) => api.post<TRetencionCalculo>(`${BASE}/calculos`, datos, { signal }),
    enabled: datos !== null,
    retry: false,
  });
}

export const abrirPdfRetencion = (id: number) => abrirArchivo(`${BASE}/${id}/pdf`);
export const descargarXmlRetencion = (c: TComprobanteRetencion) => descargarArchivo(`${BASE}/${c.Id}/xml`, {}, `${c.SerieNumero}.xml`);
export const descargarCdrRetencion = (c: TComprobanteRetencion) => descargarArchivo(`${BASE}/${c.Id}/cdr`, {}, `R-${c.SerieNumero}.zip`);
/** The resumen de reversiones of a reverted CRE: its XML and SUNAT's CDR. */
export const descargarXmlReversion = (c: TComprobanteRetencion) => descargarArchivo(`${BASE}/${c.Id}/reversion/xml`, {}, `${c.Reversion?.Nombre ?? 'RR'}.xml`);
export const descargarCdrReversion = (c: TComprobanteRetencion) => descargarArchivo(`${BASE}/${c.Id}/reversion/cdr`, {}, `R-${c.Reversion?.Nombre ?? 'RR'}.zip`);
