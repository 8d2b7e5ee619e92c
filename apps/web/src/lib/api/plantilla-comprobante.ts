import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPlantillaComprobante, TPlantillaComprobanteGuardar } from '@yupana/contracts';
import { authStorage } from '../auth-storage';
import { api } from '../session';

const clave = ['plantilla-comprobante'] as const;
const url = () => `/contabilidad/v1/entidades/${authStorage.dataUser()?.IdEntidadEmpresa ?? 0}/plantillascomprobantes`;

/**
 * The company's invoice template (seed: `entidades/{id}/plantillascomprobantes`). Shared: the settings page edits it and
 * the document pages take its default print format.
 */
export function usePlantillaComprobante() {
  return useQuery({ queryKey: clave, queryFn: ({ signal }) => api.get<TPlantillaComprobante>(url(), { signal }), staleTime: 60_000 });
}

export function useGuardarPlantillaComprobante() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: TPlantillaComprobanteGuardar) => api.put<TPlantillaComprobante>(url(), p),
    onSuccess: (r) => qc.setQueryData(clave, r),
  });
}
