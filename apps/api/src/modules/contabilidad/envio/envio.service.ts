import { iniciarSimulador, type TOpcionesSimulador, type TSimulador } from '@yupana/sunat-sim';
import type { Db, DbHandle } from '../../../db/client';
import { crearFetchVigilado, reglasOse } from '../../../lib/red-saliente';
import type { TReintentos, TResultadoTrabajo } from '../../../lib/trabajos/cola';
import { crearEjecutor, type TEjecutor } from '../../../lib/trabajos/ejecutor';
import { COLA_COMPROBANTE, COLA_LOTE, COLA_RETENCION, COLA_REVERSION } from './cola';
import { enviarCreTrabajo, enviarReversionTrabajo } from './retenciones';
import type { TAjustesEnvio } from './conexion-sunat';
import { enviarComprobanteTrabajo, type TDependenciasEnvio, type TPublicar } from './enviar-comprobante';
import { empresasConPendientes, enviarLoteTrabajo, fechaLima, generarResumenes } from './lotes';

export const COLA_RESUMEN_DIARIO = 'envio.resumen-diario';

export type TOpcionesInicioEnvio = Partial<TReintentos> & {
  /** Start the SUNAT stand-in in this process (companies in the SIMULADOR environment send to it). */
  simulador?: boolean | TOpcionesSimulador;
  /** Or use one already running (its exact address is then allowed, like the in-process one's). */
  urlSimulador?: string;
  /** Daily resumen at this Lima time (HH:MM); null: only on demand. */
  resumenHora?: string | null;
  /** Per-request timeout towards SUNAT (the answer); connecting has its own, shorter one. */
  timeoutMs?: number;
  conexionMs?: number;
  esperaTicketMs?: number;
  consultasCdr?: number;
  esperaConsultaMs?: number;
  /**
   * Documents of one company being sent at once, across every process: a company whose OSE hangs holds this many
   * places, the others keep sending (ENVIO_MAX_POR_EMPRESA, default 2).
   */
  maxPorEmpresa?: number;
  /** The clock SUNAT's sending windows are judged by (tests). */
  ahora?: () => Date;
  /** Standalone service only (no runner given): its own runner's settings. */
  leaseMs?: number;
  intervaloMs?: number;
  ranuras?: number;
};

export type TServicioEnvio = {
  /** Starts the simulator (if asked) and registers the sending queues (and the daily resumen) with the job runner. */
  iniciar(opciones?: TOpcionesInicioEnvio): Promise<void>;
  /** Graceful: stops the simulator (and the runner, when it is the service's own). */
  detener(): Promise<void>;
  /** Settings the routes need to build batches (the same the worker sends with). */
  readonly ajustes: TAjustesEnvio;
  readonly simulador: TSimulador | undefined;
  /** Runs the daily resumen now for every company with boletas waiting (returns the batches created). */
  resumenDiario(hasta?: string): Promise<number>;
  despertar(): void;
};

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Sending to SUNAT on the platform's job runner (`trabajos`: the app's, shared with every other background task), or,
 * for a standalone use (tests, a tool), on a runner of its own.
 */
export function crearServicioEnvio(deps: {
  db: Db;
  publicar: TPublicar;
  trabajos?: TEjecutor;
  escuchar?: DbHandle['escuchar'];
  alError?: (err: unknown, detalle?: string) => void;
  alAviso?: (detalle: Record<string, unknown>, texto: string) => void;
}): TServicioEnvio {
  let propio: TEjecutor | undefined;
  let simulador: TSimulador | undefined;
  // The stand-in's exact address is allowed explicitly: the process started it (or a test gave it) itself.
  const extraPermitidos = () => (ajustes.urlSimulador ? [new URL(ajustes.urlSimulador).host] : []);
  const ajustes: TAjustesEnvio = {
    clienteGre:
      process.env.SUNAT_GRE_CLIENT_ID && process.env.SUNAT_GRE_CLIENT_SECRET
        ? { clientId: process.env.SUNAT_GRE_CLIENT_ID, clientSecret: process.env.SUNAT_GRE_CLIENT_SECRET }
        : undefined,
    fetch: crearFetchVigilado(() => reglasOse(extraPermitidos())),
  };
  const runner = () => deps.trabajos ?? propio;

  async function resumenDiario(hasta = fechaLima()): Promise<number> {
    let lotes = 0;
    for (const idEmpresa of await empresasConPendientes(deps.db, hasta)) {
      try {
        lotes += (await generarResumenes(deps.db, idEmpresa, ajustes, { hasta })).length;
      } catch (err) {
        // One company's missing certificate must not stop the others' resumen.
        deps.alError?.(err, `resumen diario de la empresa ${idEmpresa}`);
      }
    }
    runner()?.despertar();
    return lotes;
  }

  return {
    ajustes,
    get simulador() {
      return simulador;
    },
    resumenDiario,
    despertar: () => runner()?.despertar(),
    async iniciar(o = {}) {
      if (o.simulador) simulador = await iniciarSimulador(typeof o.simulador === 'object' ? o.simulador : { port: 0 });
      ajustes.urlSimulador = simulador?.url ?? o.urlSimulador;
      ajustes.timeoutMs = o.timeoutMs ?? 45_000;
      ajustes.fetch = crearFetchVigilado(() => reglasOse(extraPermitidos()), { conexionMs: o.conexionMs ?? 5000 });
      const reintentos: TReintentos = {
        esperaBaseMs: o.esperaBaseMs ?? 10_000,
        maxEsperaMs: o.maxEsperaMs ?? 15 * 60_000,
        maxIntentos: o.maxIntentos ?? 8,
      };
      const dep: TDependenciasEnvio = {
        db: deps.db,
        ajustes,
        publicar: deps.publicar,
        maxIntentos: reintentos.maxIntentos,
        esperaTicketMs: o.esperaTicketMs ?? 3000,
        consultasCdr: o.consultasCdr ?? 3,
        esperaConsultaMs: o.esperaConsultaMs ?? 2000,
        ahora: o.ahora ?? (() => new Date()),
        registrarFalla: deps.alAviso ?? (() => undefined),
      };
      if (!deps.trabajos)
        propio = crearEjecutor({
          db: deps.db,
          escuchar: deps.escuchar,
          // Renewed while a job is in hand; after a crash the others take its jobs once it runs out.
          leaseMs: o.leaseMs ?? (Number(process.env.ENVIO_LEASE_MS) || 60_000),
          intervaloMs: o.intervaloMs,
          ranuras: o.ranuras,
          alError: (err) => deps.alError?.(err, 'trabajo de envío'),
        });
      const t = runner()!;
      const maxPorEmpresa = o.maxPorEmpresa ?? (Number(process.env.ENVIO_MAX_POR_EMPRESA) || 2);
      t.registrar({ cola: COLA_COMPROBANTE, manejador: (j) => enviarComprobanteTrabajo(dep, j), maxPorEmpresa, reintentos });
      t.registrar({ cola: COLA_LOTE, manejador: (j) => enviarLoteTrabajo(dep, j), maxPorEmpresa, reintentos });
      // Comprobantes de retención and their resumen de reversiones (finanzas), to SUNAT's otros-CPE service.
      t.registrar({ cola: COLA_RETENCION, manejador: (j) => enviarCreTrabajo(dep, j), maxPorEmpresa, reintentos });
      t.registrar({ cola: COLA_REVERSION, manejador: (j) => enviarReversionTrabajo(dep, j), maxPorEmpresa, reintentos });
      const hora = o.resumenHora === undefined ? (process.env.RESUMEN_HORA ?? '23:00') : o.resumenHora;
      if (hora) {
        if (!HORA.test(hora)) throw new Error(`RESUMEN_HORA debe tener el formato HH:MM (se recibió "${hora}")`);
        // A recurring job checked every minute, by one process at a time: once a day after the hour (Lima time),
        // and a process started after the hour catches up that same day. The day of the last run is the job's.
        t.registrar({
          cola: COLA_RESUMEN_DIARIO,
          concurrencia: 1,
          recurrente: { cadaMs: 60_000 },
          manejador: async (j): Promise<TResultadoTrabajo> => {
            const ahora = new Date();
            const hoy = fechaLima(ahora);
            const horaLima = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', hour12: false }).format(ahora);
            if (horaLima < hora || j.datos.ultimo === hoy) return { tipo: 'hecho' };
            await resumenDiario(hoy);
            return { tipo: 'hecho', datos: { ultimo: hoy } };
          },
        });
      } else t.quitar(COLA_RESUMEN_DIARIO);
      // The app's runner is normally started when the server listens; starting the sending starts it (tests, tools).
      await t.iniciar();
    },
    async detener() {
      await propio?.detener();
      propio = undefined;
      for (const cola of [COLA_COMPROBANTE, COLA_LOTE, COLA_RETENCION, COLA_REVERSION, COLA_RESUMEN_DIARIO]) deps.trabajos?.quitar(cola);
      await simulador?.detener();
      simulador = undefined;
    },
  };
}
