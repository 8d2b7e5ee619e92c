import { Excepcion } from './errores';
import { nodos, parsear, texto } from './xml';

export type TPeticionSoap = { operacion: string; usuario?: string; clave?: string; campos: Record<string, string> };

export function leerPeticion(cuerpo: string): TPeticionSoap | undefined {
  const doc = parsear(cuerpo);
  if (!doc || doc.documentElement.localName !== 'Envelope') return undefined;
  const op = nodos(doc, "/*/*[local-name()='Body']/*")[0];
  if (!op) return undefined;
  const token = "/*/*[local-name()='Header']/*[local-name()='Security']/*[local-name()='UsernameToken']";
  const campos: Record<string, string> = {};
  for (const hijo of nodos(op, '*')) campos[hijo.localName] = (hijo.textContent ?? '').trim();
  const usuario = nodos(doc, token).length ? texto(doc, `${token}/*[local-name()='Username']`) : undefined;
  return { operacion: op.localName, usuario, clave: usuario === undefined ? undefined : texto(doc, `${token}/*[local-name()='Password']`), campos };
}

const ENV = '<?xml version="1.0" encoding="UTF-8"?><soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/"><soap-env:Header/><soap-env:Body>';
const FIN = '</soap-env:Body></soap-env:Envelope>';

export function respuestaSoap(operacion: string, campos: Record<string, string | Record<string, string>>): string {
  const xml = (c: Record<string, string | Record<string, string>>): string =>
    Object.entries(c)
      .map(([k, v]) => `<${k}>${typeof v === 'string' ? v : xml(v)}</${k}>`)
      .join('');
  return `${ENV}<br:${operacion}Response xmlns:br="http://service.sunat.gob.pe">${xml(campos)}</br:${operacion}Response>${FIN}`;
}

/** SUNAT puts its code in the faultcode (Client.NNNN for the caller's problems, Server.NNNN for its own). */
export function faultSoap(e: Excepcion): string {
  const lado = /^0(1[0-3]\d|200)$/.test(e.codigo) && !['0101', '0102', '0103', '0104', '0105', '0106', '0111', '0112', '0113', '0126', '0127'].includes(e.codigo) ? 'Server' : 'Client';
  const msg = e.message.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `${ENV}<soap-env:Fault><faultcode>soap-env:${lado}.${e.codigo}</faultcode><faultstring>${msg}</faultstring></soap-env:Fault>${FIN}`;
}
