import { useMutation } from '@tanstack/react-query';
import type { TCambioContrasenhaSolicitud, TMensaje } from '@yupana/contracts';
import { api } from '../../../lib/session';

export function cambiarContrasenha(datos: TCambioContrasenhaSolicitud): Promise<TMensaje> {
  return api.post<TMensaje>('/seguridad/v2/usuarios/contrasenhas', datos);
}

export function useCambiarContrasenha() {
  return useMutation({ mutationFn: cambiarContrasenha });
}
