import { useQueryClient } from '@tanstack/react-query';
import type { TDocumentoContable, TEventoDocumentoEstado } from '@yupana/contracts';
import { tiempoRealConectado, useEventoTiempoReal } from '../../../lib/tiempo-real';

/**
 * While the hub is connected, status changes arrive as 'documento.estado' events; polling stays as a slow safety net
 * (an event lost during a reconnect). Without the hub, pages poll at the fast rate.
 */
export const intervaloEstadoMs = () => (tiempoRealConectado() ? 15_000 : 3000);

/** Applies the worker's status pushes to the open document and refreshes the lists that show it. */
export function useEstadoDocumentosEnVivo() {
  const qc = useQueryClient();
  useEventoTiempoReal('documento.estado', (datos) => {
    const e = datos as TEventoDocumentoEstado;
    if (!e || typeof e.IdDocumento !== 'number') return;
    qc.setQueryData<TDocumentoContable>(['documentoContable', e.IdDocumento], (d) =>
      d ? { ...d, IdestadoSunat: e.IdestadoSunat, CodigoSunat: e.CodigoSunat, MensajeSunat: e.MensajeSunat } : d,
    );
    // The rest (CDR, notes, void flag) comes with a fresh read.
    void qc.invalidateQueries({ queryKey: ['documentoContable', e.IdDocumento] });
    void qc.invalidateQueries({ queryKey: ['comprobantes'] });
    void qc.invalidateQueries({ queryKey: ['regularizaciones'] });
  });
}
