import { useMutation } from '@tanstack/react-query';
import type { TRegistroCuenta } from '@yupana/contracts';
import { api } from '../../../lib/session';

export type TRegistroRespuesta = { IdUsuario: number; IdCuenta: number; IdEntidadEmpresa: number; Usuario: string };

export function useRegistrarCuenta() {
  return useMutation({
    mutationFn: (d: TRegistroCuenta) => api.post<TRegistroRespuesta>('/seguridad/v3/usuarios/universales/cuenta', d, { auth: false }),
  });
}
