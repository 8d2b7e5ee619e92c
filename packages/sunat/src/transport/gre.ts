import { createHash } from 'node:crypto';
import { leerCdr, type TCdr } from '../cdr';
import { SunatFault, SunatNoAlcanzado, SunatRespuestaInvalida } from '../errors';
import { esFallaDePasarela, intercambiar, type TFetchSunat, type TRespuestaHttp } from './http';

export type TConfigGre = {
  endpoints: { seguridad: string; api: string };
  /** client_id and client_secret generated in SUNAT's Menú SOL for the API. */
  clientId: string;
  clientSecret: string;
  ruc: string;
  usuario: string;
  clave: string;
  timeoutMs?: number;
  /** Default: the global fetch. */
  fetch?: TFetchSunat;
  /** Renew the token this long before it expires, so a request never carries one that dies in flight. */
  margenRenovacionMs?: number;
};

type TToken = { valor: string; expira: number };
const tokens = new Map<string, TToken>();
const pendientes = new Map<string, Promise<TToken>>();
const TIMEOUT_POR_DEFECTO = 45_000;

const claveToken = (cfg: TConfigGre) => `${cfg.endpoints.seguridad}|${cfg.clientId}|${cfg.ruc}${cfg.usuario}`;

function json(r: TRespuestaHttp, url: string): Record<string, unknown> {
  try {
    const v = JSON.parse(r.texto);
    if (v && typeof v === 'object') return v as Record<string, unknown>;
  } catch (e) {
    if (esFallaDePasarela(r.status)) throw new SunatNoAlcanzado('red', url, `HTTP ${r.status} sin respuesta del servicio`, { cause: e });
  }
  if (esFallaDePasarela(r.status)) throw new SunatNoAlcanzado('red', url, `HTTP ${r.status} sin respuesta del servicio`);
  throw new SunatRespuestaInvalida(r.status, r.texto.slice(0, 200));
}

/** SUNAT's REST errors: {cod, msg, errors: [{cod, msg}]} (422 validation) or OAuth2's {error, error_description}. */
function faultDe(r: TRespuestaHttp, cuerpo: Record<string, unknown>): SunatFault | SunatRespuestaInvalida {
  const errores = Array.isArray(cuerpo.errors) ? (cuerpo.errors as Record<string, unknown>[]) : [];
  const primero = errores.find((e) => e && /^\d+$/.test(String(e.cod ?? '')));
  const cod = String(primero?.cod ?? cuerpo.cod ?? '');
  const msg = String(primero?.msg ?? cuerpo.msg ?? cuerpo.error_description ?? cuerpo.error ?? '');
  if (/^\d+$/.test(cod)) return new SunatFault(cod, msg);
  return new SunatRespuestaInvalida(r.status, msg || r.texto.slice(0, 200));
}

async function pedirToken(cfg: TConfigGre): Promise<TToken> {
  const url = `${cfg.endpoints.seguridad}/clientessol/${encodeURIComponent(cfg.clientId)}/oauth2/token/`;
  const body = new URLSearchParams({
    grant_type: 'password',
    scope: 'https://api-cpe.sunat.gob.pe',
    client_id: cfg.clientId,
    client_secret: cfg.clientSecret,
    username: `${cfg.ruc}${cfg.usuario}`,
    password: cfg.clave,
  }).toString();
  const antes = Date.now();
  const r = await intercambiar(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }, cfg.timeoutMs ?? TIMEOUT_POR_DEFECTO, cfg.fetch);
  const cuerpo = json(r, url);
  if (r.status !== 200 || typeof cuerpo.access_token !== 'string') {
    const f = faultDe(r, cuerpo);
    // OAuth2 rejections carry no SUNAT code; a wrong user or password is SUNAT's 0102 for the SOAP services too.
    if (f instanceof SunatRespuestaInvalida && (r.status === 400 || r.status === 401)) throw new SunatFault('0102', f.message);
    throw f;
  }
  const segundos = Number(cuerpo.expires_in ?? 3600);
  return { valor: cuerpo.access_token, expira: antes + segundos * 1000 };
}

/** A valid bearer token, from cache while it has more than the renewal margin left; one request in flight per user. */
export async function tokenGre(cfg: TConfigGre, forzar = false): Promise<string> {
  const clave = claveToken(cfg);
  const margen = cfg.margenRenovacionMs ?? 60_000;
  const actual = tokens.get(clave);
  if (!forzar && actual && actual.expira - margen > Date.now()) return actual.valor;
  let pendiente = pendientes.get(clave);
  if (!pendiente) {
    pendiente = pedirToken(cfg).finally(() => pendientes.delete(clave));
    pendientes.set(clave, pendiente);
  }
  const nuevo = await pendiente;
  tokens.set(clave, nuevo);
  return nuevo.valor;
}

async function conToken(cfg: TConfigGre, url: string, init: { method: 'GET' | 'POST'; body?: string }): Promise<TRespuestaHttp> {
  const headers = (token: string): Record<string, string> => ({
    authorization: `Bearer ${token}`,
    accept: 'application/json',
    ...(init.body ? { 'content-type': 'application/json' } : {}),
  });
  let r = await intercambiar(url, { ...init, headers: headers(await tokenGre(cfg)) }, cfg.timeoutMs ?? TIMEOUT_POR_DEFECTO, cfg.fetch);
  // A token revoked or expired early on SUNAT's side: renew once and retry (the request was refused, not processed).
  if (r.status === 401) r = await intercambiar(url, { ...init, headers: headers(await tokenGre(cfg, true)) }, cfg.timeoutMs ?? TIMEOUT_POR_DEFECTO, cfg.fetch);
  return r;
}

/** Sends a GRE (09 remitente, 31 transportista) zip; SUNAT answers with a ticket to query later. */
export async function enviarGre(cfg: TConfigGre, nombre: string, zip: Uint8Array): Promise<{ ticket: string; fechaRecepcion?: string }> {
  const url = `${cfg.endpoints.api}/contribuyente/gem/comprobantes/${encodeURIComponent(nombre)}`;
  const body = JSON.stringify({
    archivo: {
      nomArchivo: `${nombre}.zip`,
      arcGreZip: Buffer.from(zip).toString('base64'),
      hashZip: createHash('sha256').update(zip).digest('hex'),
    },
  });
  const r = await conToken(cfg, url, { method: 'POST', body });
  const cuerpo = json(r, url);
  if (r.status !== 200 || typeof cuerpo.numTicket !== 'string') throw faultDe(r, cuerpo);
  return { ticket: cuerpo.numTicket, fechaRecepcion: typeof cuerpo.fecRecepcion === 'string' ? cuerpo.fecRecepcion : undefined };
}

export type TEstadoGre =
  | { estado: 'en_proceso'; codigo: '98' }
  | { estado: 'terminado'; codigo: string; cdr: TCdr }
  | { estado: 'error'; codigo: '99'; error: { codigo: string; mensaje: string }; cdr?: TCdr };

/** Queries a GRE ticket: 98 in process, 0 done (CDR), 99 done with error (a CDR when SUNAT generated one). */
export async function consultarGre(cfg: TConfigGre, ticket: string): Promise<TEstadoGre> {
  const url = `${cfg.endpoints.api}/contribuyente/gem/comprobantes/envios/${encodeURIComponent(ticket)}`;
  const r = await conToken(cfg, url, { method: 'GET' });
  const cuerpo = json(r, url);
  if (r.status !== 200) throw faultDe(r, cuerpo);
  const codigo = String(cuerpo.codRespuesta ?? '');
  const cdr = typeof cuerpo.arcCdr === 'string' && cuerpo.arcCdr ? leerCdr(Buffer.from(cuerpo.arcCdr, 'base64')) : undefined;
  if (codigo === '98') return { estado: 'en_proceso', codigo };
  if (codigo === '0' && cdr) return { estado: 'terminado', codigo, cdr };
  if (codigo === '99') {
    const e = (cuerpo.error ?? {}) as Record<string, unknown>;
    return { estado: 'error', codigo, error: { codigo: String(e.numError ?? ''), mensaje: String(e.desError ?? '') }, cdr };
  }
  throw new SunatRespuestaInvalida(r.status, `codRespuesta inesperado: ${codigo}`);
}
