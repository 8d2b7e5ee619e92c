import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAnulacionRespuesta } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** Voids a document (comunicación de baja for facturas, resumen with status 3 for boletas). A second void is 1408. */
export function useAnularDocumento(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (Motivo: string) => api.put<TAnulacionRespuesta>(`/contabilidad/v1/documentoContable/${id}/anulaciones`, { Motivo }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['documentoContable', id] }),
  });
}
