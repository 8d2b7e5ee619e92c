import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TParametrosEntidad, TParametrosGuardar } from '@yupana/contracts';
import { authStorage } from '../auth-storage';
import { api } from '../session';

const clave = ['parametros-facturacion'] as const;
const idEmpresa = () => authStorage.dataUser()?.IdEntidadEmpresa ?? 0;

/** The company's billing parameters (seed `entidades/parametros`): the issuing screens start from them. */
export function useParametrosFacturacion() {
  return useQuery({
    queryKey: clave,
    queryFn: ({ signal }) => api.get<TParametrosEntidad>(`/contabilidad/v1/entidades/parametros?identidad=${idEmpresa()}`, { signal }),
    staleTime: 60_000,
  });
}

/** Value of one parameter by its code (the catalogue's default until loaded: undefined). */
export function valorParametro(p: TParametrosEntidad | undefined, codigo: string): string | undefined {
  return p?.Data.find((x) => x.Codigo === codigo)?.Valor;
}

export function useGuardarParametrosFacturacion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: TParametrosGuardar) => api.post<TParametrosEntidad>(`/contabilidad/v1/entidades/${idEmpresa()}/parametros`, d),
    onSuccess: (r) => qc.setQueryData(clave, r),
  });
}

export function useRestablecerParametrosFacturacion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TParametrosEntidad>('/contabilidad/entidad/configuracionpredeterminadaentidad', { IdEntidad: idEmpresa() }),
    onSuccess: (r) => qc.setQueryData(clave, r),
  });
}
