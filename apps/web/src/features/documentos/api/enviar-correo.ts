import { useMutation } from '@tanstack/react-query';
import type { TCorreoDocumentoSolicitud } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** E-mails the PDF and the signed XML of a document. */
export function useEnviarCorreo(id: number) {
  return useMutation({
    mutationFn: (c: TCorreoDocumentoSolicitud) => api.post<unknown>(`/contabilidad/v1/documentoContable/${id}/correos`, c),
  });
}
