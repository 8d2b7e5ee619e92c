import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MODULO_ERP, type TCiclo, type TContrato, type TContratoEntidad } from '@yupana/contracts';
import { authStorage } from '../../../lib/auth-storage';
import { api } from '../../../lib/session';

/** The company's subscription (the one in force, else its last cancelled one) with its cycles. */
export function useContrato() {
  const idEmpresa = authStorage.dataUser()?.IdEntidadEmpresa ?? 0;
  return useQuery({
    queryKey: ['pagos', 'contrato', idEmpresa],
    queryFn: ({ signal }) => api.get<TContratoEntidad>(`/pagos/v1/entidades/${idEmpresa}/contrato`, { signal }),
  });
}

/** Every change of a subscription moves payments, the balance banner and the debts: refresh them all. */
function useCambioSuscripcion<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries() });
}

export const useSuscribir = () =>
  useCambioSuscripcion((d: { IdPlan: number; RequiereFactura: boolean }) => api.post<TContrato>('/pagos/v1/contratos/suscripciones', d));

/** The seed's contract payment request: the cycle to pay now (optionally with another plan). */
export const useSolicitarPagoCiclo = () =>
  useCambioSuscripcion((d: { idContrato: number; idPlan: number }) => api.post<TCiclo>('/pagos/v1/contratos/pagos', d));

export const useActivarRecurrencia = () =>
  useCambioSuscripcion((d: { IdContrato: number; Token: string }) => api.post<TContrato>('/pagos/v1/contratos/suscripciones/recurrencias', d));

export const useDesactivarRecurrencia = () =>
  useCambioSuscripcion((idContrato: number) => api.solicitar<TContrato>(`/pagos/v1/contratos/suscripciones/${idContrato}/recurrencias`, { method: 'DELETE' }));

export const useCancelarSuscripcion = () =>
  useCambioSuscripcion((idContrato: number) => api.put<TContrato>('/pagos/v1/contratos/suscripciones/cancelaciones', { Id: idContrato, IdModulo: MODULO_ERP }));
