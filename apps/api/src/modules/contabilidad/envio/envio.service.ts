import { iniciarSimulador, type TOpcionesSimulador, type TSimulador } from '@yupana/sunat-sim';
import type { Db } from '../../../db/client';
import { crearTrabajador, OPCIONES_COLA_POR_DEFECTO, type TOpcionesCola, type TTrabajador } from './cola';
import type { TAjustesEnvio } from './conexion-sunat';
import { enviarComprobanteTrabajo, type TDependenciasEnvio, type TPublicar } from './enviar-comprobante';
import { empresasConPendientes, enviarLoteTrabajo, fechaLima, generarResumenes } from './lotes';

export type TOpcionesInicioEnvio = Partial<TOpcionesCola> & {
  /** Start the SUNAT stand-in in this process (companies in the SIMULADOR environment send to it). */
  simulador?: boolean | TOpcionesSimulador;
  /** Or use one already running. */
  urlSimulador?: string;
  /** Daily resumen at this Lima time (HH:MM); null: only on demand. */
  resumenHora?: string | null;
  intervaloMs?: number;
  porRonda?: number;
  timeoutMs?: number;
  esperaTicketMs?: number;
  consultasCdr?: number;
  esperaConsultaMs?: number;
};

export type TServicioEnvio = {
  /** Starts the simulator (if asked), the worker loop and the daily resumen. */
  iniciar(opciones?: TOpcionesInicioEnvio): Promise<void>;
  /** Graceful: no new claims, waits for the jobs in hand, stops the simulator. */
  detener(): Promise<void>;
  /** Settings the routes need to build batches (the same the worker sends with). */
  readonly ajustes: TAjustesEnvio;
  readonly simulador: TSimulador | undefined;
  readonly trabajador: TTrabajador | undefined;
  /** Runs the daily resumen now for every company with boletas waiting (returns the batches created). */
  resumenDiario(hasta?: string): Promise<number>;
  despertar(): void;
};

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

export function crearServicioEnvio(deps: { db: Db; publicar: TPublicar; alError?: (err: unknown, detalle?: string) => void }): TServicioEnvio {
  const ajustes: TAjustesEnvio = {
    clienteGre:
      process.env.SUNAT_GRE_CLIENT_ID && process.env.SUNAT_GRE_CLIENT_SECRET
        ? { clientId: process.env.SUNAT_GRE_CLIENT_ID, clientSecret: process.env.SUNAT_GRE_CLIENT_SECRET }
        : undefined,
  };
  let simulador: TSimulador | undefined;
  let trabajador: TTrabajador | undefined;
  let reloj: NodeJS.Timeout | undefined;
  let ultimoResumen: string | undefined;

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
    trabajador?.despertar();
    return lotes;
  }

  return {
    ajustes,
    get simulador() {
      return simulador;
    },
    get trabajador() {
      return trabajador;
    },
    resumenDiario,
    despertar: () => trabajador?.despertar(),
    async iniciar(o = {}) {
      if (o.simulador) simulador = await iniciarSimulador(typeof o.simulador === 'object' ? o.simulador : { port: 0 });
      ajustes.urlSimulador = simulador?.url ?? o.urlSimulador;
      ajustes.timeoutMs = o.timeoutMs ?? 45_000;
      const dep: TDependenciasEnvio = {
        db: deps.db,
        ajustes,
        publicar: deps.publicar,
        maxIntentos: o.maxIntentos ?? OPCIONES_COLA_POR_DEFECTO.maxIntentos,
        esperaTicketMs: o.esperaTicketMs ?? 3000,
        consultasCdr: o.consultasCdr ?? 3,
        esperaConsultaMs: o.esperaConsultaMs ?? 2000,
      };
      trabajador = crearTrabajador({
        db: deps.db,
        ...o,
        // Renewed while a job is in hand; after a crash the others take its jobs once it runs out.
        leaseMs: o.leaseMs ?? (Number(process.env.ENVIO_LEASE_MS) || OPCIONES_COLA_POR_DEFECTO.leaseMs),
        manejadores: { COMPROBANTE: (t) => enviarComprobanteTrabajo(dep, t), LOTE: (t) => enviarLoteTrabajo(dep, t) },
        alError: (err) => deps.alError?.(err, 'trabajo de envío'),
      });
      trabajador.iniciar();
      const hora = o.resumenHora === undefined ? (process.env.RESUMEN_HORA ?? '23:00') : o.resumenHora;
      if (hora) {
        if (!HORA.test(hora)) throw new Error(`RESUMEN_HORA debe tener el formato HH:MM (se recibió "${hora}")`);
        // Once a day after the hour (Lima time); a process started after the hour catches up that same day.
        const revisar = () => {
          const ahora = new Date();
          const hoy = fechaLima(ahora);
          const horaLima = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', hour12: false }).format(ahora);
          if (horaLima >= hora && ultimoResumen !== hoy) {
            ultimoResumen = hoy;
            resumenDiario(hoy).catch((err) => deps.alError?.(err, 'resumen diario'));
          }
        };
        reloj = setInterval(revisar, 60_000);
        reloj.unref();
        revisar();
      }
    },
    async detener() {
      clearInterval(reloj);
      await trabajador?.detener();
      await simulador?.detener();
      simulador = undefined;
    },
  };
}
