import { createHash } from 'node:crypto';
import type { TFetchSunat } from '@yupana/sunat';
import { COD_LIBRO, type TLibro } from './formato';

/**
 * SUNAT's SIRE REST API (manual v22+, shared/domain/accounting-finance.md §2.7): OAuth2 password grant with scope
 * api-sire, proposal export (async, a ticket), ticket status, report download, acceptance and the replacement upload
 * (TUS 1.0.0). Hosts come from the server's configuration (SUNAT's, or the stand-in's for SIMULADOR companies),
 * never from a request; every call goes through the guarded fetch (lib/red-saliente).
 */
export type TConfigSire = {
  /** e.g. https://api-seguridad.sunat.gob.pe */
  urlSeguridad: string;
  /** e.g. https://api-sire.sunat.gob.pe */
  urlSire: string;
  clientId: string;
  clientSecret: string;
  ruc: string;
  usuario: string;
  clave: string;
  fetch: TFetchSunat;
  timeoutMs?: number;
};

export const SCOPE_SIRE = 'https://api-sire.sunat.gob.pe';
const BASE = '/v1/contribuyente/migeigv/libros/';

/** SUNAT answered and refused (wrong credentials, bad parameters): a person must act. */
export class SireRechazo extends Error {
  override name = 'SireRechazo';
  constructor(
    readonly status: number,
    mensaje: string,
  ) {
    super(mensaje);
  }
}
/** SUNAT did not answer (network, timeout, 5xx). */
export class SireNoAlcanzado extends Error {
  override name = 'SireNoAlcanzado';
}

// Tokens cached until shortly before expiry, per host + client + user + password (a changed password gets a new one).
const tokens = new Map<string, { token: string; expira: number }>();
const claveToken = (c: TConfigSire) =>
  createHash('sha256').update([c.urlSeguridad, c.clientId, c.clientSecret, c.ruc, c.usuario, c.clave].join('\u0000')).digest('hex');

/** For tests: how many tokens are cached. */
export const tokensEnCache = () => tokens.size;
export const vaciarCacheTokens = () => tokens.clear();

async function llamar(c: TConfigSire, url: string, init: RequestInit): Promise<Response> {
  try {
    const r = await c.fetch(url, { ...init, signal: AbortSignal.timeout(c.timeoutMs ?? 30_000) });
    if (r.status >= 500) {
      await r.arrayBuffer().catch(() => undefined);
      throw new SireNoAlcanzado(`HTTP ${r.status}`);
    }
    return r;
  } catch (e) {
    if (e instanceof SireNoAlcanzado) throw e;
    throw new SireNoAlcanzado(e instanceof Error ? e.message : String(e), { cause: e });
  }
}

async function json(r: Response): Promise<Record<string, unknown>> {
  const texto = await r.text();
  let cuerpo: Record<string, unknown> = {};
  try {
    const v = JSON.parse(texto) as unknown;
    if (v && typeof v === 'object') cuerpo = v as Record<string, unknown>;
  } catch {
    throw new SireRechazo(r.status, `SUNAT respondió algo que no es JSON (HTTP ${r.status})`);
  }
  if (r.status >= 400) {
    const errores = Array.isArray(cuerpo.errors) ? (cuerpo.errors as Record<string, unknown>[]) : [];
    const msg = String(errores[0]?.msg ?? cuerpo.msg ?? cuerpo.error_description ?? cuerpo.error ?? `HTTP ${r.status}`);
    const cod = String(errores[0]?.cod ?? cuerpo.cod ?? r.status);
    throw new SireRechazo(r.status, `${msg} (código ${cod})`);
  }
  return cuerpo;
}

export async function tokenSire(c: TConfigSire): Promise<string> {
  const k = claveToken(c);
  const previo = tokens.get(k);
  if (previo && previo.expira > Date.now()) return previo.token;
  const cuerpo = new URLSearchParams({
    grant_type: 'password',
    scope: SCOPE_SIRE,
    client_id: c.clientId,
    client_secret: c.clientSecret,
    username: `${c.ruc}${c.usuario}`,
    password: c.clave,
  });
  const r = await llamar(c, `${c.urlSeguridad}/v1/clientessol/${encodeURIComponent(c.clientId)}/oauth2/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: cuerpo.toString(),
  });
  const d = await json(r);
  const token = String(d.access_token ?? '');
  if (!token) throw new SireRechazo(r.status, 'SUNAT no entregó el token de acceso');
  const segundos = Number(d.expires_in ?? 3600);
  // A minute early, so a token never expires between the check and its use.
  tokens.set(k, { token, expira: Date.now() + Math.max(0, segundos - 60) * 1000 });
  return token;
}

async function api(c: TConfigSire, metodo: 'GET' | 'POST', ruta: string, params?: Record<string, string>): Promise<Response> {
  const url = new URL(`${c.urlSire}${BASE}${ruta}`);
  for (const [k, v] of Object.entries(params ?? {})) url.searchParams.set(k, v);
  const pedir = async () =>
    llamar(c, url.toString(), { method: metodo, headers: { authorization: `Bearer ${await tokenSire(c)}`, accept: 'application/json' } });
  let r = await pedir();
  if (r.status === 401) {
    // Revoked or expired early on SUNAT's side: one new token, one retry.
    await r.arrayBuffer().catch(() => undefined);
    tokens.delete(claveToken(c));
    r = await pedir();
  }
  return r;
}

const per = (periodo: string) => periodo.replace('-', '');

/** Asks SUNAT to export the period's proposal (TXT); returns the ticket. */
export async function solicitarPropuesta(c: TConfigSire, libro: TLibro, periodo: string): Promise<string> {
  const r =
    libro === 'rvie'
      ? await api(c, 'GET', `rvie/propuesta/web/propuesta/${per(periodo)}/exportapropuesta`, { codTipoArchivo: '0' })
      : await api(c, 'GET', `rce/propuesta/web/propuesta/${per(periodo)}/exportacioncomprobantepropuesta`, { codTipoArchivo: '0', codOrigenEnvio: '2' });
  const d = await json(r);
  const ticket = String(d.numTicket ?? '');
  if (!ticket) throw new SireRechazo(r.status, 'SUNAT no entregó el número de ticket');
  return ticket;
}

export async function aceptarPropuesta(c: TConfigSire, libro: TLibro, periodo: string): Promise<string> {
  const d = await json(await api(c, 'POST', `${libro}/propuesta/web/propuesta/${per(periodo)}/aceptapropuesta`));
  return String(d.numTicket ?? '');
}

export type TRegistroTicket = {
  numTicket: string;
  codEstadoProceso: string;
  desEstadoProceso: string;
  nomArchivoImportacion: string;
  archivoReporte: { nomArchivoReporte: string; codTipoAchivoReporte: string }[];
  errores: string[];
};

/** Tickets of a period (consultaestadotickets), optionally one. */
export async function consultarTickets(c: TConfigSire, periodo: string, numTicket?: string): Promise<TRegistroTicket[]> {
  const d = await json(
    await api(c, 'GET', 'rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets', {
      perIni: per(periodo),
      perFin: per(periodo),
      page: '1',
      perPage: '50',
      ...(numTicket ? { numTicket } : {}),
    }),
  );
  const registros = Array.isArray(d.registros) ? (d.registros as Record<string, unknown>[]) : [];
  return registros.map((x) => ({
    numTicket: String(x.numTicket ?? ''),
    codEstadoProceso: String(x.codEstadoProceso ?? ''),
    desEstadoProceso: String(x.desEstadoProceso ?? ''),
    nomArchivoImportacion: String(x.nomArchivoImportacion ?? ''),
    archivoReporte: Array.isArray(x.archivoReporte)
      ? (x.archivoReporte as Record<string, unknown>[]).map((a) => ({ nomArchivoReporte: String(a.nomArchivoReporte ?? ''), codTipoAchivoReporte: String(a.codTipoAchivoReporte ?? '01') }))
      : [],
    errores: Array.isArray(x.errores) ? (x.errores as unknown[]).map(String) : [],
  }));
}

/** 01 cargado, 02 validando, 05 en proceso: not finished yet. */
export const ticketEnCurso = (t: TRegistroTicket) => ['01', '02', '05'].includes(t.codEstadoProceso);

export async function descargarReporte(c: TConfigSire, libro: TLibro, periodo: string, t: TRegistroTicket): Promise<Uint8Array> {
  const a = t.archivoReporte[0];
  if (!a) throw new SireRechazo(200, 'El ticket terminó sin archivo de propuesta');
  const r = await api(c, 'GET', 'rvierce/gestionprocesosmasivos/web/masivo/archivoreporte', {
    nomArchivoReporte: a.nomArchivoReporte,
    codTipoArchivoReporte: a.codTipoAchivoReporte,
    codLibro: COD_LIBRO[libro],
    perTributario: per(periodo),
    codProceso: '10',
    numTicket: t.numTicket,
  });
  if (r.status !== 200) await json(r);
  return new Uint8Array(await r.arrayBuffer());
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/**
 * Sends the replacement zip by TUS (create, then one PATCH with the bytes) and returns the ticket SUNAT registered
 * for that file name (found in the period's tickets).
 */
export async function subirReemplazo(c: TConfigSire, libro: TLibro, periodo: string, nombreTxt: string, zip: Uint8Array): Promise<string> {
  const nombreZip = nombreTxt.replace(/\.txt$/i, '.zip');
  const metadatos = {
    filename: nombreZip,
    filetype: 'application/x-zip-compressed',
    numRuc: c.ruc,
    perTributario: per(periodo),
    codOrigenEnvio: '2',
    codProceso: libro === 'rvie' ? '3' : '54',
    codTipoCorrelativo: '01',
    nomArchivoImportacion: nombreZip,
    codLibro: COD_LIBRO[libro],
  };
  const token = await tokenSire(c);
  const crear = await llamar(c, `${c.urlSire}${BASE}rvierce/receptorpropuesta/web/propuesta/upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(zip.length),
      'upload-metadata': Object.entries(metadatos).map(([k, v]) => `${k} ${b64(v)}`).join(','),
    },
  });
  if (crear.status !== 201) await json(crear);
  await crear.arrayBuffer().catch(() => undefined);
  const destino = crear.headers.get('location') ?? '';
  // The upload URL must stay on the configured SIRE host: a Location elsewhere is not followed.
  const url = new URL(destino, c.urlSire);
  if (url.origin !== new URL(c.urlSire).origin) throw new SireRechazo(201, 'SUNAT indicó una dirección de carga fuera de su servicio');
  const subir = await llamar(c, url.toString(), {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: Buffer.from(zip),
  });
  if (subir.status !== 204 && subir.status !== 200) await json(subir);
  await subir.arrayBuffer().catch(() => undefined);
  const tickets = await consultarTickets(c, periodo);
  const t = tickets.find((x) => x.nomArchivoImportacion.toLowerCase() === nombreTxt.toLowerCase() || x.nomArchivoImportacion.toLowerCase() === nombreZip.toLowerCase());
  if (!t) throw new SireRechazo(200, 'SUNAT recibió el archivo pero no se encontró su ticket; consulte el historial en unos minutos');
  return t.numTicket;
}
