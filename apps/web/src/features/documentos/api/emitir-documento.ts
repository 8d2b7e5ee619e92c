import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDocumentoContableCrear, TDocumentoContableCreado } from '@yupana/contracts';
import { CLAVE_SALDO } from '../../../components/banners/api-banners';
import { api } from '../../../lib/session';

/**
 * Issues a document. The Idempotency-Key belongs to the form submission, not to the HTTP call: a double click or a
 * retry after a lost answer sends the same key and the server answers with the first document instead of a second.
 */
export function useEmitirDocumento() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ cuerpo, clave }: { cuerpo: TDocumentoContableCrear; clave: string }) =>
      api.post<TDocumentoContableCreado>('/contabilidad/v1/documentoContable', cuerpo, { headers: { 'Idempotency-Key': clave } }),
    // The balance banner counts issued documents: it shows the new count at once, not at its next refresh.
    onSuccess: () => qc.invalidateQueries({ queryKey: CLAVE_SALDO }),
  });
}
