import { useState, type FormEvent } from 'react';
import { mensajeDeError } from '../../../lib/api-error';
import { useIniciarSesion } from '../api/login';
import { IconoCandado, IconoError, IconoOjo, IconoOjoTachado, IconoUsuario } from './iconos-login';

type TLoginForm = { usuario: string; contrasenha: string };
type TErrores = Partial<Record<keyof TLoginForm, string>>;

/** The form's rules (the same messages as before): checked on submit, then again on every change. */
function validar({ usuario, contrasenha }: TLoginForm): TErrores {
  const e: TErrores = {};
  const u = usuario.trim();
  if (!u) e.usuario = 'Ingrese su usuario';
  else if (u.length > 100) e.usuario = 'El usuario no debe exceder 100 caracteres';
  if (!contrasenha) e.contrasenha = 'Ingrese su contraseña';
  else if (contrasenha.length > 128) e.contrasenha = 'La contraseña no debe exceder 128 caracteres';
  return e;
}

/**
 * The sign-in form, in plain React and the product's CSS (styles.css, .yp-campo): the login page is the first page a
 * user loads, and antd, its icons and a form library would make its JavaScript several times its budget (issue 17).
 */
export function LoginForm({ onIngreso }: { onIngreso: () => void }) {
  const ingreso = useIniciarSesion();
  const [datos, setDatos] = useState<TLoginForm>({ usuario: '', contrasenha: '' });
  const [errores, setErrores] = useState<TErrores>({});
  const [enviado, setEnviado] = useState(false);
  const [verContrasenha, setVerContrasenha] = useState(false);

  const cambiar = (campo: keyof TLoginForm, valor: string) => {
    const nuevos = { ...datos, [campo]: valor };
    setDatos(nuevos);
    if (enviado) setErrores(validar(nuevos));
  };

  const enviar = (ev: FormEvent) => {
    ev.preventDefault();
    setEnviado(true);
    const e = validar(datos);
    setErrores(e);
    if (e.usuario || e.contrasenha) {
      document.getElementById(e.usuario ? 'usuario' : 'contrasenha')?.focus();
      return;
    }
    ingreso.mutate({ usuario: datos.usuario.trim(), contrasenha: datos.contrasenha }, { onSuccess: onIngreso });
  };

  const cargando = ingreso.isPending;
  return (
    <form onSubmit={enviar} noValidate aria-label="Iniciar sesión">
      {ingreso.isError && (
        <div className="yp-alerta yp-alerta-error" role="alert" data-testid="error-login">
          <IconoError />
          <span>{mensajeDeError(ingreso.error)}</span>
        </div>
      )}
      <div className="yp-campo">
        <label htmlFor="usuario">Usuario</label>
        <span className={`yp-entrada${errores.usuario ? ' yp-entrada-error' : ''}`}>
          <IconoUsuario />
          <input
            id="usuario"
            name="usuario"
            value={datos.usuario}
            onChange={(e) => cambiar('usuario', e.target.value)}
            autoComplete="username"
            autoFocus
            placeholder="Su usuario"
            aria-invalid={!!errores.usuario}
            aria-describedby={errores.usuario ? 'usuario-error' : undefined}
          />
        </span>
        {errores.usuario && (
          <div className="yp-campo-error" id="usuario-error">
            {errores.usuario}
          </div>
        )}
      </div>
      <div className="yp-campo">
        <label htmlFor="contrasenha">Contraseña</label>
        <span className={`yp-entrada${errores.contrasenha ? ' yp-entrada-error' : ''}`}>
          <IconoCandado />
          <input
            id="contrasenha"
            name="contrasenha"
            type={verContrasenha ? 'text' : 'password'}
            value={datos.contrasenha}
            onChange={(e) => cambiar('contrasenha', e.target.value)}
            autoComplete="current-password"
            placeholder="Su contraseña"
            aria-invalid={!!errores.contrasenha}
            aria-describedby={errores.contrasenha ? 'contrasenha-error' : undefined}
          />
          <button type="button" className="yp-entrada-boton" onClick={() => setVerContrasenha((v) => !v)} aria-pressed={verContrasenha} title={verContrasenha ? 'Ocultar' : 'Mostrar'}>
            {verContrasenha ? <IconoOjo /> : <IconoOjoTachado />}
          </button>
        </span>
        {errores.contrasenha && (
          <div className="yp-campo-error" id="contrasenha-error">
            {errores.contrasenha}
          </div>
        )}
      </div>
      <button type="submit" className="yp-boton-primario" disabled={cargando} aria-busy={cargando}>
        {cargando && <span className="yp-spin yp-spin-chico" aria-hidden="true" />}
        Ingresar
      </button>
    </form>
  );
}
