import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDocumentoContable } from '@yupana/contracts';
import { api } from '../../../lib/session';
import { ESTADOS_EN_CURSO } from '../components/catalogos-ui';
import { intervaloEstadoMs, useEstadoDocumentosEnVivo } from './tiempo-real';

export const documentoQuery = (id: number) =>
  queryOptions({
    queryKey: ['documentoContable', id],
    queryFn: ({ signal }) => api.get<TDocumentoContable>(`/contabilidad/v1/documentoContable/${id}`, { signal }),
  });

/** The document, its status kept live by the hub's pushes (and polled while SUNAT has not answered it or its void). */
export function useDocumento(id: number) {
  useEstadoDocumentosEnVivo();
  return useQuery({
    ...documentoQuery(id),
    enabled: id > 0,
    refetchInterval: (q) =>
      q.state.data && (ESTADOS_EN_CURSO.includes(q.state.data.IdestadoSunat) || q.state.data.AnulacionEnCurso) ? intervaloEstadoMs() : false,
  });
}
