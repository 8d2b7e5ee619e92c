import { parseArgs } from 'node:util';
import { SunatFault, SunatNoAlcanzado, SunatRespuestaInvalida } from '../errors';
import { ENDPOINTS_SUNAT, endpointsSimulador, type TEndpointsSunat } from './endpoints';
import type { TConfigGre } from './gre';
import type { TConfigSoap } from './soap';

/** Options shared by `yupana-sunat send|status|cdr --consultar`; each has an environment variable fallback. */
export const OPCIONES_CONEXION = {
  entorno: { type: 'string' },
  sim: { type: 'string' },
  'bill-url': { type: 'string' },
  'consult-url': { type: 'string' },
  'gre-seguridad-url': { type: 'string' },
  'gre-api-url': { type: 'string' },
  ruc: { type: 'string' },
  usuario: { type: 'string' },
  clave: { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  timeout: { type: 'string' },
} as const;

export const AYUDA_CONEXION = `Conexión (o variables de entorno entre paréntesis):
  --entorno beta|produccion      servicios de SUNAT (YUPANA_SUNAT_ENTORNO, por defecto beta)
  --sim URL                      el simulador local, p. ej. http://127.0.0.1:8089 (YUPANA_SUNAT_SIM)
  --bill-url URL --consult-url URL   un OSE u otra dirección de billService / billConsultService
  --gre-seguridad-url URL --gre-api-url URL
  --ruc RUC --usuario USUARIO_SOL --clave CLAVE_SOL   (YUPANA_SUNAT_RUC, YUPANA_SUNAT_USUARIO, YUPANA_SUNAT_CLAVE)
  --client-id ID --client-secret SECRETO   credenciales de la API GRE (YUPANA_SUNAT_CLIENT_ID, YUPANA_SUNAT_CLIENT_SECRET)
  --timeout MS                   tiempo máximo por solicitud (por defecto 45000)`;

type TValores = { [K in keyof typeof OPCIONES_CONEXION]?: string };

export class UsoIncorrecto extends Error {
  override name = 'UsoIncorrecto';
}

export function leerArgs<T extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], extra: T) {
  try {
    return parseArgs({ args, options: { ...OPCIONES_CONEXION, ...extra }, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsoIncorrecto(e instanceof Error ? e.message : String(e));
  }
}

function endpoints(v: TValores): TEndpointsSunat {
  const sim = v.sim ?? process.env.YUPANA_SUNAT_SIM;
  const entorno = v.entorno ?? process.env.YUPANA_SUNAT_ENTORNO ?? 'beta';
  if (entorno !== 'beta' && entorno !== 'produccion') throw new UsoIncorrecto(`--entorno debe ser beta o produccion, no "${entorno}".`);
  const base: TEndpointsSunat = sim ? endpointsSimulador(sim) : ENDPOINTS_SUNAT[entorno];
  return {
    billService: v['bill-url'] ?? base.billService,
    billConsultService: v['consult-url'] ?? base.billConsultService,
    gre: {
      seguridad: v['gre-seguridad-url'] ?? base.gre?.seguridad ?? '',
      api: v['gre-api-url'] ?? base.gre?.api ?? '',
    },
  };
}

function requerido(valor: string | undefined, nombre: string): string {
  if (!valor) throw new UsoIncorrecto(`Falta ${nombre}.`);
  return valor;
}

export function configSoap(v: TValores): TConfigSoap {
  return {
    endpoints: endpoints(v),
    ruc: requerido(v.ruc ?? process.env.YUPANA_SUNAT_RUC, '--ruc'),
    usuario: requerido(v.usuario ?? process.env.YUPANA_SUNAT_USUARIO, '--usuario (usuario SOL)'),
    clave: requerido(v.clave ?? process.env.YUPANA_SUNAT_CLAVE, '--clave (clave SOL)'),
    timeoutMs: v.timeout ? Number(v.timeout) : undefined,
  };
}

export function configGre(v: TValores): TConfigGre {
  const soap = configSoap(v);
  return {
    ...soap,
    endpoints: soap.endpoints.gre as { seguridad: string; api: string },
    clientId: requerido(v['client-id'] ?? process.env.YUPANA_SUNAT_CLIENT_ID, '--client-id'),
    clientSecret: requerido(v['client-secret'] ?? process.env.YUPANA_SUNAT_CLIENT_SECRET, '--client-secret'),
  };
}

/** Prints an error as JSON on stdout (for scripts) and in words on stderr; returns the exit code. */
export function informarError(e: unknown): number {
  if (e instanceof UsoIncorrecto) {
    console.error(e.message);
    return 64;
  }
  if (e instanceof SunatNoAlcanzado) {
    console.log(JSON.stringify({ error: { tipo: 'no_alcanzado', motivo: e.motivo, mensaje: e.message } }, null, 2));
    console.error(e.message);
    return 3;
  }
  if (e instanceof SunatFault) {
    console.log(JSON.stringify({ error: { tipo: 'fault', codigo: e.codigo, mensaje: e.mensaje, detalle: e.detalle, clase: e.tipo } }, null, 2));
    console.error(e.message);
    return 2;
  }
  if (e instanceof SunatRespuestaInvalida) {
    console.log(JSON.stringify({ error: { tipo: 'respuesta_invalida', status: e.status, mensaje: e.message } }, null, 2));
    console.error(e.message);
    return 2;
  }
  console.error(e instanceof Error ? e.message : String(e));
  return 1;
}
