import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TParametro, TParametroFila, TUsuarioEmpresa } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** Every security parameter with the company's value and, for a user (idUsuario > 0), theirs. */
export function useParametros(idUsuario: number) {
  return useQuery({
    queryKey: ['seguridad', 'parametros', idUsuario],
    queryFn: ({ signal }) => api.get<{ Data: TParametroFila[]; Count: number }>('/seguridad/v1/usuarios/parametros', { query: { idUsuario }, signal }),
  });
}

export function useGuardarParametro() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { IdUsuario: number; Codigo: string; Valor: string }) => api.post<TParametro>('/seguridad/v1/usuarios/parametros', v),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['seguridad', 'parametros'] }),
  });
}

/** Users of the company (for choosing whose parameters to see). */
export function useUsuariosEmpresa(idEmpresa: number) {
  return useQuery({
    queryKey: ['seguridad', 'parametros-usuarios', idEmpresa],
    queryFn: ({ signal }) =>
      api.get<{ Data: TUsuarioEmpresa[]; Count: number }>(
        `/seguridad/v1/entidades/${idEmpresa}/modulos/0/usuarios`,
        { query: { pagina: 1, regxpag: 200, estado: 1 }, signal },
      ),
  });
}
