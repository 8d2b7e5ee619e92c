// The realtime hub: socket.io at path /api/tiempo-real (one socket per browser tab), authenticated at the handshake
// with `auth: { token: <AccessToken>, logInFormat }`.
export const RUTA_TIEMPO_REAL = '/api/tiempo-real';

/** Server -> client socket events. */
export const EventosSocket = {
  /** `{ IdConexion: string, Mensaje?: string }`: the connection id to store; the value KICK means "log out now". */
  CONEXION: 'conexion',
  /** `{ tipo: string, datos: unknown }`: an application event (document status, session events...). */
  EVENTO: 'evento',
} as const;

/** The seed's reserved connection id: receiving it logs the tab out (session taken over). */
export const VALOR_KICK = 'kick';

/** `tipo` values of session events (datos: `{ Mensaje }`). */
export const TiposEventoSesion = {
  /** Another sign-in of the same user took over (single session per company). */
  EXPULSADA: 'sesion.expulsada',
  /** An administrator ended the user's sessions. */
  CIERRE_FORZADO: 'sesion.cierre-forzado',
} as const;

export const MensajesSesion = {
  EXPULSADA: 'Su sesión se cerró porque su usuario ingresó desde otro equipo o navegador',
  CIERRE_FORZADO: 'Un administrador cerró su sesión',
} as const;

export type TEventoTiempoReal = { tipo: string; datos: unknown };
