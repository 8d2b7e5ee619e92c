import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDatosDeposito, TDatosDepositoGuardar } from '@yupana/contracts';
import { api } from '../../../lib/session';

const clave = ['pagos', 'datos-deposito'];

export function useDatosDepositoProveedor(habilitado: boolean) {
  return useQuery({ queryKey: clave, queryFn: ({ signal }) => api.get<TDatosDeposito>('/pagos/v1/datos-deposito', { signal }), enabled: habilitado });
}

/** The provider's staff save the deposit data customers see in the voucher dialog. */
export function useGuardarDatosDeposito() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: TDatosDepositoGuardar) => api.put<TDatosDeposito>('/pagos/v1/gestion/datos-deposito', d),
    onSuccess: (r) => qc.setQueryData(clave, r),
  });
}
