import { EventosSocket, MensajesSesion, RUTA_TIEMPO_REAL, TiposEventoSesion, VALOR_KICK, type TEventoTiempoReal } from '@yupana/contracts';
import { useEffect, useRef } from 'react';
import type { io as TIo, Socket } from 'socket.io-client';
import { authStorage } from './auth-storage';
import { ApiError } from './api-error';
import { api, cerrarSesion } from './session';

/** The seed's local-storage key of the connection id the hub sends (base64 like the seed's other keys). */
export const CLAVE_HUB_TOKEN = 'HubToken';
/** Session-storage key of the reason of a sign-out the user did not ask for; the login page shows it (SessionSync). */
export const CLAVE_MOTIVO_SALIDA = 'yupana-motivo-salida';

type TManejador = (datos: unknown) => void;

const manejadores = new Map<string, Set<TManejador>>();
let socket: Socket | null = null;
/** Bumped by every connect and disconnect, so a socket.io client that finishes loading late knows it is stale. */
let generacion = 0;

/** Signs the tab out because the server said so, leaving the reason for the login page. */
export async function salirPorServidor(mensaje: string): Promise<void> {
  desconectarTiempoReal();
  try {
    sessionStorage.setItem(CLAVE_MOTIVO_SALIDA, mensaje);
  } catch {
    // A browser without session storage still signs out; it only loses the explanation.
  }
  await cerrarSesion();
}

/** Reads (and forgets) the reason of the last sign-out forced by the server. */
export function tomarMotivoSalida(): string | null {
  try {
    const m = sessionStorage.getItem(CLAVE_MOTIVO_SALIDA);
    if (m) sessionStorage.removeItem(CLAVE_MOTIVO_SALIDA);
    return m;
  } catch {
    return null;
  }
}

function mensajeDe(datos: unknown, defecto: string): string {
  const m = datos && typeof datos === 'object' ? (datos as { Mensaje?: unknown }).Mensaje : undefined;
  return typeof m === 'string' && m.trim() ? m : defecto;
}

function despachar(evento: TEventoTiempoReal): void {
  if (evento.tipo === TiposEventoSesion.EXPULSADA) {
    void salirPorServidor(mensajeDe(evento.datos, MensajesSesion.EXPULSADA));
    return;
  }
  if (evento.tipo === TiposEventoSesion.CIERRE_FORZADO) {
    void salirPorServidor(mensajeDe(evento.datos, MensajesSesion.CIERRE_FORZADO));
    return;
  }
  for (const h of manejadores.get(evento.tipo) ?? []) {
    try {
      h(evento.datos);
    } catch (err) {
      // One page's bad handler must not stop the others (nor the session events above).
      console.error(`Error al atender el evento en tiempo real ${evento.tipo}`, err);
    }
  }
}

/**
 * Opens this tab's one socket to the hub (after sign-in). The access token is read at every (re)connection, so a
 * reconnect after a refresh uses the new one. socket.io reconnects by itself with exponential backoff (1 s to 30 s,
 * jittered) after a network drop; when the server refuses the handshake (expired token) it does not, so the token is
 * renewed here and the socket started again.
 */
export function conectarTiempoReal(): void {
  if (socket || !authStorage.haySesion()) return;
  const miGeneracion = ++generacion;
  // socket.io is loaded with the shell, not with the login page (issue 17: the login page's JavaScript budget).
  void import('socket.io-client').then(({ io }) => {
    if (miGeneracion !== generacion || socket || !authStorage.haySesion()) return;
    abrir(io);
  });
}

function abrir(io: typeof TIo): void {
  const usuario = authStorage.dataUser();
  const s = io({
    path: RUTA_TIEMPO_REAL,
    transports: ['websocket', 'polling'],
    auth: (cb) => cb({ token: authStorage.accessToken(), logInFormat: authStorage.logInFormat(), IdUsuario: usuario?.IdUsuario }),
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 30_000,
    randomizationFactor: 0.5,
  });
  socket = s;

  s.on(EventosSocket.CONEXION, (datos: { IdConexion?: string; Mensaje?: string }) => {
    if (datos?.IdConexion === VALOR_KICK) {
      void salirPorServidor(datos.Mensaje || MensajesSesion.EXPULSADA);
      return;
    }
    if (datos?.IdConexion) localStorage.setItem(CLAVE_HUB_TOKEN, btoa(datos.IdConexion));
  });
  s.on(EventosSocket.EVENTO, (evento: TEventoTiempoReal) => {
    if (evento && typeof evento.tipo === 'string') despachar(evento);
  });

  let reintentos = 0;
  s.on('connect', () => {
    reintentos = 0;
  });
  s.on('connect_error', () => {
    if (s.active || socket !== s) return; // a network failure: socket.io retries with its backoff
    // Refused by the server: renew the token (the api client shares one refresh between tabs) and try again, with
    // the same growing delay so a server that keeps refusing is not hammered.
    const espera = Math.min(30_000, 1000 * 2 ** reintentos++);
    setTimeout(() => {
      if (socket !== s || !authStorage.haySesion()) return;
      api
        .refrescar()
        .then(() => {
          if (socket === s) s.connect();
        })
        .catch((e: unknown) => {
          // 5094/5028 already ended the session (the client signs out); anything else: try again later.
          if (socket === s && authStorage.haySesion() && !(e instanceof ApiError && e.status === 401)) s.connect();
        });
    }, espera);
  });
}

export function desconectarTiempoReal(): void {
  generacion++;
  const s = socket;
  socket = null;
  s?.removeAllListeners();
  s?.disconnect();
}

export function tiempoRealConectado(): boolean {
  return !!socket?.connected;
}

/**
 * Listens to one kind of event of the hub while the component is mounted, e.g. `documento.estado`. The latest
 * handler is always the one called (no need to memoise it).
 */
export function useEventoTiempoReal(tipo: string, handler: (datos: unknown) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const h: TManejador = (datos) => ref.current(datos);
    const conjunto = manejadores.get(tipo) ?? new Set<TManejador>();
    conjunto.add(h);
    manejadores.set(tipo, conjunto);
    return () => {
      conjunto.delete(h);
      if (conjunto.size === 0) manejadores.delete(tipo);
    };
  }, [tipo]);
}
