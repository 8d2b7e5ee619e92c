import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDatosMiCuenta, TDatosMiCuentaActualizar } from '@yupana/contracts';
import { api } from '../../../lib/session';

const ruta = (id: number) => `/seguridad/v3/usuarios/universales/${id}`;

export const datosMiCuentaQuery = (id: number) =>
  queryOptions({ queryKey: ['datos-mi-cuenta', id], queryFn: ({ signal }) => api.get<TDatosMiCuenta>(ruta(id), { signal }), enabled: id > 0 });

export function useDatosMiCuenta(id: number) {
  return useQuery(datosMiCuentaQuery(id));
}

export function useGuardarDatosMiCuenta(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: TDatosMiCuentaActualizar) => api.put<TDatosMiCuenta>(ruta(id), d),
    onSuccess: (r) => {
      qc.setQueryData(datosMiCuentaQuery(id).queryKey, r);
      // The header shows the user's name from the user record.
      void qc.invalidateQueries({ queryKey: ['usuario', id] });
    },
  });
}
