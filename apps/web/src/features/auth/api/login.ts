import { useMutation } from '@tanstack/react-query';
import { MODULO_ERP, type TLoginRespuesta } from '@yupana/contracts';
import { authStorage } from '../../../lib/auth-storage';
import { varianteActual } from '../../../lib/marca';
import { api } from '../../../lib/session';

export type TCredenciales = { usuario: string; contrasenha: string };

/** Says how the user signed in (user and password of the ERP), for the menu call's logInFormat. */
export const FORMATO_LOGIN_USUARIO = 'usuario';

function basic({ usuario, contrasenha }: TCredenciales): string {
  const bytes = new TextEncoder().encode(`${usuario}:${contrasenha}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * The seed's sign-in call (Basic credentials). Only the tokens and the user's public data are kept: the password is
 * used for this request and never stored.
 */
export async function iniciarSesion(credenciales: TCredenciales): Promise<TLoginRespuesta> {
  // The receipt variant signs in with the universal users' account call; the main brand with the module's.
  const ruta = varianteActual() === 'tuboleta' ? '/seguridad/v3/usuarios/universales/cuenta/login' : `/seguridad/v3/usuarios/login/${MODULO_ERP}`;
  const r = await api.post<TLoginRespuesta>(ruta, undefined, {
    auth: false,
    headers: { Authorization: basic(credenciales) },
  });
  authStorage.guardarInicioSesion({
    tokens: { AccessToken: r.AccessToken, RefreshToken: r.RefreshToken, ExpiresIn: r.ExpiresIn, TimeLogIn: r.TimeLogIn },
    logIn: r.LogIn,
    logInFormat: FORMATO_LOGIN_USUARIO,
    usuario: { IdUsuario: r.IdUsuario, Usuario: r.Usuario, IdEntidadEmpresa: r.IdEntidadEmpresa, DocumentoEmpresa: r.DocumentoEmpresa, TimeLogIn: r.TimeLogIn },
  });
  return r;
}

export function useIniciarSesion() {
  return useMutation({ mutationFn: iniciarSesion });
}
