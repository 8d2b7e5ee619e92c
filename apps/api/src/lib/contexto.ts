import type { TConfigPublica } from '@yupana/contracts';
import type { DbHandle } from '../db/client';
import type { Tokens } from './tokens';
import type { TiempoReal } from './tiempo-real';
import type { TEjecutor } from './trabajos/ejecutor';

export type LimitesLogin = {
  /** Window in which failed attempts count. */
  ventanaSegundos: number;
  /** Failures of one IP across all user names in the window. */
  maxPorIp: number;
  /** Failures of one (user name, IP) before each attempt must wait (modules/seguridad/limite-ingreso.ts). */
  intentosSinDemora: number;
  /** The first wait; it doubles with every further failure, up to demoraMaximaSegundos. */
  demoraInicialSegundos: number;
  demoraMaximaSegundos: number;
};

export type ConfigSesion = {
  ttlAccesoSegundos: number;
  /** Each refresh token lives this long (sliding)... */
  ttlRefreshSegundos: number;
  /** ...but never past this absolute session length. */
  duracionMaximaSesionSegundos: number;
};

/** What route modules receive: the database, token service and settings (no globals). */
export type Contexto = {
  dbh: DbHandle;
  tokens: Tokens;
  sesion: ConfigSesion;
  limitesLogin: LimitesLogin;
  configPublica: TConfigPublica;
  version: string;
  /** Realtime hub (socket.io): push events to a company's or a user's open tabs. */
  tiempoReal: TiempoReal;
  /** The process's one job runner: every background task registers its queue here (modules/trabajos). */
  trabajos: TEjecutor;
};
