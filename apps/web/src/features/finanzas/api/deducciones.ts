import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDeduccion, TDeduccionesDocumento, TDetraccionCrear, TRetencionCrear } from '@yupana/contracts';
import { api } from '../../../lib/session';

const BASE = '/finanzas/v1';
/** C: a sales document (cuentas por cobrar); P: a purchase (cuentas por pagar). */
export type TLadoDeduccion = 'C' | 'P';
const RUTA: Record<TLadoDeduccion, string> = { C: 'cuentasporcobrar', P: 'cuentasporpagar' };

/** A document's detracciones and retenciones, its balance and the expected detracción / suggested retention. */
export function useDeducciones(lado: TLadoDeduccion, idDocumento: number) {
  return useQuery({
    queryKey: ['finanzas', 'deducciones', lado, idDocumento],
    queryFn: ({ signal }) => api.get<TDeduccionesDocumento>(`${BASE}/${RUTA[lado]}/${idDocumento}/deducciones`, { signal }),
  });
}

export function useRegistrarDeduccion(lado: TLadoDeduccion, idDocumento: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { tipo: 'D'; datos: TDetraccionCrear } | { tipo: 'R'; datos: TRetencionCrear }) =>
      api.post<TDeduccion>(`${BASE}/${RUTA[lado]}/${idDocumento}/${p.tipo === 'D' ? 'detracciones' : 'retenciones'}`, p.datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['finanzas'] }),
  });
}

export function useAnularDeduccion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ tipo, id, motivo }: { tipo: 'D' | 'R'; id: number; motivo: string }) =>
      api.put<TDeduccion>(`${BASE}/${tipo === 'D' ? 'detracciones' : 'retenciones'}/${id}/anulaciones`, { Motivo: motivo }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['finanzas'] }),
  });
}
