import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDatosEmpresa, TDatosEmpresaActualizar } from '@yupana/contracts';
import { api } from '../../../lib/session';

const clave = ['datos-empresa'] as const;
const url = '/seguridad/v1/empresas/datos';

/** The company's data as its documents print it (issuer name, address, ubigeo, e-mail, phone; RUC read-only). */
export function useDatosEmpresa() {
  return useQuery({ queryKey: clave, queryFn: ({ signal }) => api.get<TDatosEmpresa>(url, { signal }) });
}

export function useGuardarDatosEmpresa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: TDatosEmpresaActualizar) => api.put<TDatosEmpresa>(url, d),
    onSuccess: (r) => qc.setQueryData(clave, r),
  });
}
