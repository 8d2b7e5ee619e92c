import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAgenteRetencion, TComprobanteRetencion, TPagoCrear, TRetencionCalculo } from '@yupana/contracts';
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

export function useComprobantesRetencion(f: { proveedor: string; pagina: number }) {
  return useQuery({
    queryKey: ['finanzas', 'cre', 'lista', f],
    queryFn: ({ signal }) =>
      api.get<{ Data: TComprobanteRetencion[]; Count: number }>(`${BASE}?proveedor=${encodeURIComponent(f.proveedor)}&pagina=${f.pagina}&regxpag=20`, { signal }),
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
