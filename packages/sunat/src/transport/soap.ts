import xpath from 'xpath';
import { leerCdr, type TCdr } from '../cdr';
import { SunatFault, SunatNoAlcanzado, SunatRespuestaInvalida } from '../errors';
import { parsearXml } from '../signature/xml';
import type { TEndpointsSunat } from './endpoints';
import { esFallaDePasarela, intercambiar, type TFetchSunat } from './http';

export type TConfigSoap = {
  endpoints: TEndpointsSunat;
  /** RUC of the issuer (or of the OSE's client); the WS-Security user is RUC + usuario SOL. */
  ruc: string;
  usuario: string;
  clave: string;
  /** Per request; SUNAT may take tens of seconds on busy days. */
  timeoutMs?: number;
  /** Default: the global fetch. */
  fetch?: TFetchSunat;
};

const TIMEOUT_POR_DEFECTO = 45_000;
const NS_WSSE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
const PASSWORD_TEXT = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';

const escapar = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sobreSoap(usuario: string, clave: string, operacion: string, campos: Record<string, string>): string {
  const cuerpo = Object.entries(campos)
    .map(([k, v]) => `<${k}>${escapar(v)}</${k}>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ser="http://service.sunat.gob.pe" xmlns:wsse="${NS_WSSE}">` +
    `<soapenv:Header><wsse:Security><wsse:UsernameToken><wsse:Username>${escapar(usuario)}</wsse:Username>` +
    `<wsse:Password Type="${PASSWORD_TEXT}">${escapar(clave)}</wsse:Password></wsse:UsernameToken></wsse:Security></soapenv:Header>` +
    `<soapenv:Body><ser:${operacion}>${cuerpo}</ser:${operacion}></soapenv:Body></soapenv:Envelope>`
  );
}

export type TRespuestaSoap =
  | { tipo: 'fault'; faultcode: string; faultstring: string; codigo?: string }
  | { tipo: 'respuesta'; operacion: string; campos: Record<string, string> };

/**
 * Reads a SOAP 1.1 response of billService / billConsultService: either a Fault (SUNAT's code travels in the
 * faultcode, "soap-env:Client.0111", or alone in the faultstring) or the operation's element with its leaf fields.
 */
export function leerRespuestaSoap(xml: string): TRespuestaSoap {
  const doc = parsearXml(xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, ''));
  if (doc.documentElement?.localName !== 'Envelope') throw new Error('La respuesta no es un sobre SOAP.');
  const cuerpo = xpath.select1("/*/*[local-name()='Body']", doc) as Element | undefined;
  if (!cuerpo) throw new Error('El sobre SOAP no tiene Body.');
  const fault = xpath.select1("*[local-name()='Fault']", cuerpo) as Element | undefined;
  if (fault) {
    const faultcode = String(xpath.select("string(*[local-name()='faultcode'])", fault)).trim();
    const faultstring = String(xpath.select("string(*[local-name()='faultstring'])", fault)).trim();
    const codigo = /(\d{3,4})\s*$/.exec(faultcode)?.[1] ?? /^(\d{3,4})\b/.exec(faultstring)?.[1];
    return { tipo: 'fault', faultcode, faultstring, codigo: codigo?.padStart(4, '0') };
  }
  const operacion = xpath.select1('*', cuerpo) as Element | undefined;
  if (!operacion) throw new Error('El Body SOAP está vacío.');
  const campos: Record<string, string> = {};
  for (const hoja of xpath.select('.//*[not(*)]', operacion) as Element[]) campos[hoja.localName] = (hoja.textContent ?? '').trim();
  return { tipo: 'respuesta', operacion: operacion.localName, campos };
}

async function llamar(cfg: TConfigSoap, url: string, operacion: string, campos: Record<string, string>): Promise<Record<string, string>> {
  const sobre = sobreSoap(`${cfg.ruc}${cfg.usuario}`, cfg.clave, operacion, campos);
  const r = await intercambiar(
    url,
    { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `urn:${operacion}` }, body: sobre },
    cfg.timeoutMs ?? TIMEOUT_POR_DEFECTO,
    cfg.fetch,
  );
  let respuesta: TRespuestaSoap;
  try {
    respuesta = leerRespuestaSoap(r.texto);
  } catch (e) {
    if (esFallaDePasarela(r.status)) throw new SunatNoAlcanzado('red', url, `HTTP ${r.status} sin respuesta SOAP`, { cause: e });
    throw new SunatRespuestaInvalida(r.status, `${e instanceof Error ? e.message : String(e)} ${r.texto.slice(0, 200)}`);
  }
  if (respuesta.tipo === 'fault') {
    if (!respuesta.codigo) throw new SunatRespuestaInvalida(r.status, `SOAP Fault sin código: ${respuesta.faultcode} ${respuesta.faultstring}`);
    throw new SunatFault(respuesta.codigo, respuesta.faultstring);
  }
  if (respuesta.operacion !== `${operacion}Response`) {
    throw new SunatRespuestaInvalida(r.status, `se esperaba ${operacion}Response y llegó ${respuesta.operacion}`);
  }
  return respuesta.campos;
}

function cdrDeBase64(b64: string | undefined, status = 200): TCdr {
  if (!b64) throw new SunatRespuestaInvalida(status, 'la respuesta no trae la constancia (CDR)');
  return leerCdr(Buffer.from(b64, 'base64'));
}

/** sendBill: one factura, nota or GRE (by SOAP) -> its CDR, synchronously. `nombre` without extension. */
export async function sendBill(cfg: TConfigSoap, nombre: string, zip: Uint8Array): Promise<TCdr> {
  const campos = await llamar(cfg, cfg.endpoints.billService, 'sendBill', {
    fileName: `${nombre}.zip`,
    contentFile: Buffer.from(zip).toString('base64'),
  });
  return cdrDeBase64(campos.applicationResponse);
}

/** sendSummary: a resumen diario (RC) or comunicación de baja (RA) -> ticket, processed later. */
export async function sendSummary(cfg: TConfigSoap, nombre: string, zip: Uint8Array): Promise<{ ticket: string }> {
  const campos = await llamar(cfg, cfg.endpoints.billService, 'sendSummary', {
    fileName: `${nombre}.zip`,
    contentFile: Buffer.from(zip).toString('base64'),
  });
  if (!campos.ticket) throw new SunatRespuestaInvalida(200, 'sendSummary no devolvió ticket');
  return { ticket: campos.ticket };
}

export type TEstadoTicket =
  | { estado: 'en_proceso'; codigo: '98' }
  | { estado: 'terminado'; codigo: string; cdr: TCdr };

/** getStatus(ticket): statusCode 98 = still processing; 0 = done; 99 = done with errors (the CDR says which). */
export async function getStatus(cfg: TConfigSoap, ticket: string): Promise<TEstadoTicket> {
  const campos = await llamar(cfg, cfg.endpoints.billService, 'getStatus', { ticket });
  const codigo = campos.statusCode ?? '';
  if (codigo === '98') return { estado: 'en_proceso', codigo };
  if (!campos.content) {
    // Without a CDR the status code is SUNAT's error code (e.g. 0127, 0130...), or the answer makes no sense.
    if (/^\d{4}$/.test(codigo)) throw new SunatFault(codigo, `getStatus devolvió el estado ${codigo} sin constancia`);
    throw new SunatRespuestaInvalida(200, `getStatus devolvió el estado "${codigo}" sin constancia`);
  }
  return { estado: 'terminado', codigo, cdr: cdrDeBase64(campos.content) };
}

export type TConsultaCdr = { codigo: string; mensaje: string; cdr?: TCdr };

/** getStatusCdr: the CDR SUNAT keeps for a document (after a timeout, or a 1033 "already registered"). */
export async function getStatusCdr(
  cfg: TConfigSoap,
  doc: { ruc: string; tipo: string; serie: string; numero: number | string },
): Promise<TConsultaCdr> {
  const campos = await llamar(cfg, cfg.endpoints.billConsultService, 'getStatusCdr', {
    rucComprobante: doc.ruc,
    tipoComprobante: doc.tipo,
    serieComprobante: doc.serie,
    numeroComprobante: String(Number(doc.numero)),
  });
  return {
    codigo: campos.statusCode ?? '',
    mensaje: campos.statusMessage ?? '',
    cdr: campos.content ? cdrDeBase64(campos.content) : undefined,
  };
}
