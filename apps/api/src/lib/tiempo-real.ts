import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { EventosSocket, RUTA_TIEMPO_REAL, VALOR_KICK, type TEventoTiempoReal } from '@yupana/contracts';

/** Who a socket belongs to, from the access token given at the handshake. */
export type IdentidadSocket = { idUsuario: number; idEmpresa: number; idSesion: number };

export type OpcionesTiempoReal = {
  /** Verifies the access token of the handshake; null refuses the connection. */
  verificar(token: string): Promise<IdentidadSocket | null>;
  /** With REDIS_URL, rooms are shared by every API process (a kick on one reaches sockets on another). */
  redisUrl?: string;
  corsOrigin?: string[];
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
};

/** What the rest of the API uses (`ctx.tiempoReal`). */
export type TiempoReal = {
  publicarEmpresa(idEmpresa: number, evento: TEventoTiempoReal): void;
  publicarUsuario(idUsuario: number, evento: TEventoTiempoReal): void;
  /**
   * Logs out every tab of the user (except those of `exceptoSesion`, the session that takes over): they receive the
   * seed's 'kick' connection id with the message plus an application event, then the server drops them.
   */
  expulsarUsuario(idUsuario: number, opciones: { exceptoSesion?: number; tipo: string; mensaje: string }): void;
  /**
   * Tells every API process (through the Redis adapter when set) to run `alAvisoEntreServidores` handlers: e.g. drop
   * their cached role grants after a role change. Also runs them in this process.
   */
  avisarServidores(aviso: string): void;
  alAvisoEntreServidores(manejador: (aviso: string) => void): void;
  /** Number of connected sockets of a user in this process (tests and diagnostics). */
  conexionesLocales(idUsuario: number): number;
};

export type HubTiempoReal = TiempoReal & {
  adjuntar(servidor: HttpServer): Promise<void>;
  cerrar(): Promise<void>;
};

const salaUsuario = (id: number) => `u:${id}`;
const salaEmpresa = (id: number) => `e:${id}`;
const salaSesion = (id: number) => `s:${id}`;

/**
 * The realtime hub: socket.io on the API's own HTTP server at /api/tiempo-real, one socket per browser tab, rooms per
 * user, company and session. Events published before `adjuntar` (or in inject-only tests) are dropped: nobody can
 * be connected yet.
 */
export function crearTiempoReal(opciones: OpcionesTiempoReal): HubTiempoReal {
  let io: Server | null = null;
  const manejadores: ((aviso: string) => void)[] = [];
  const ejecutar = (aviso: string) => manejadores.forEach((m) => m(aviso));
  const clientesRedis: { quit(): Promise<unknown> }[] = [];

  const hub: HubTiempoReal = {
    async adjuntar(servidor) {
      io = new Server(servidor, {
        path: RUTA_TIEMPO_REAL,
        serveClient: false,
        cors: opciones.corsOrigin?.length ? { origin: opciones.corsOrigin } : undefined,
        // Detect dead tabs within a minute; the client reconnects with backoff.
        pingInterval: 25_000,
        pingTimeout: 20_000,
      });
      if (opciones.redisUrl) {
        const pub = createClient({ url: opciones.redisUrl });
        const sub = pub.duplicate();
        pub.on('error', (err) => opciones.log?.warn({ err }, 'Redis (tiempo real): error de conexión'));
        sub.on('error', (err) => opciones.log?.warn({ err }, 'Redis (tiempo real): error de conexión'));
        await Promise.all([pub.connect(), sub.connect()]);
        clientesRedis.push(pub, sub);
        io.adapter(createAdapter(pub, sub));
        opciones.log?.info({}, 'tiempo real: salas compartidas por Redis');
      }
      io.on('aviso-servidores', (aviso: string) => ejecutar(aviso));
      io.use(async (socket, next) => {
        const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
        const identidad = token ? await opciones.verificar(token).catch(() => null) : null;
        if (!identidad) return next(new Error('No autenticado'));
        socket.data.identidad = identidad;
        socket.data.conectadoEn = Date.now();
        next();
      });
      io.on('connection', (socket: Socket) => {
        const id = socket.data.identidad as IdentidadSocket;
        void socket.join([salaUsuario(id.idUsuario), salaEmpresa(id.idEmpresa), salaSesion(id.idSesion)]);
        socket.emit(EventosSocket.CONEXION, { IdConexion: socket.id });
      });
    },
    publicarEmpresa(idEmpresa, evento) {
      io?.to(salaEmpresa(idEmpresa)).emit(EventosSocket.EVENTO, evento);
    },
    publicarUsuario(idUsuario, evento) {
      io?.to(salaUsuario(idUsuario)).emit(EventosSocket.EVENTO, evento);
    },
    expulsarUsuario(idUsuario, { exceptoSesion, tipo, mensaje }) {
      if (!io) return;
      const destino = exceptoSesion ? io.to(salaUsuario(idUsuario)).except(salaSesion(exceptoSesion)) : io.to(salaUsuario(idUsuario));
      destino.emit(EventosSocket.CONEXION, { IdConexion: VALOR_KICK, Mensaje: mensaje });
      destino.emit(EventosSocket.EVENTO, { tipo, datos: { Mensaje: mensaje } });
      // Give the tabs a moment to read the message, then drop them. Only sockets that were already open at the kick:
      // a tab of the session that took over may connect in between (sockets carry their connection time).
      const momento = Date.now();
      const servidor = io;
      setTimeout(() => {
        const operador = exceptoSesion ? servidor.in(salaUsuario(idUsuario)).except(salaSesion(exceptoSesion)) : servidor.in(salaUsuario(idUsuario));
        operador
          .fetchSockets()
          .then((sockets) => sockets.filter((s) => (s.data as { conectadoEn?: number }).conectadoEn! <= momento).forEach((s) => s.disconnect(true)))
          .catch((err: unknown) => opciones.log?.warn({ err }, 'tiempo real: no se pudieron cerrar los sockets expulsados'));
      }, 1000).unref();
    },
    avisarServidores(aviso) {
      ejecutar(aviso);
      // serverSideEmit reaches the other processes only (never this one).
      if (io && opciones.redisUrl) io.serverSideEmit('aviso-servidores', aviso);
    },
    alAvisoEntreServidores(manejador) {
      manejadores.push(manejador);
    },
    conexionesLocales(idUsuario) {
      return io?.of('/').adapter.rooms.get(salaUsuario(idUsuario))?.size ?? 0;
    },
    async cerrar() {
      if (io) {
        io.local.disconnectSockets(true);
        io.engine.close();
      }
      await Promise.all(clientesRedis.map((c) => c.quit().catch(() => undefined)));
      clientesRedis.length = 0;
    },
  };
  return hub;
}
