import { lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, buildConnector, fetch as fetchUndici } from 'undici';

/**
 * Where the server may connect on a company's behalf. A company types its OSE's URL and its SMTP server; without
 * this, those fields would make the server post the company's SOL password to, or open a socket on, any address
 * (an internal service, the cloud metadata endpoint) and tell the company what answered.
 *
 * A list of entries, each one of:
 * - a host name, `e-factura.sunat.gob.pe`, or every name under a domain, `*.sunat.gob.pe`;
 * - an IP address, `127.0.0.1`, or a range, `10.20.0.0/16`;
 * - any of the above with `:port` to allow that port only (ranges take no port);
 * - `*`: any host name.
 * A name must match an entry, and every address it resolves to at connect time must be public, unless the address is
 * itself covered by an IP or range entry: loopback, private, link-local and the other special ranges are refused
 * unless listed explicitly. The check runs when the connection is opened, on the address actually connected to (no
 * second resolution an attacker's DNS could answer differently), and again for every redirect.
 */
export type TReglasDestino = {
  nombres: { patron: string; puerto?: number }[];
  direcciones: { lista: BlockList; puerto?: number }[];
  /** Ports allowed to a host that matched only through `*` (SMTP: the mail ports); any when absent. */
  puertosComodin?: number[];
};

export class DestinoNoPermitido extends Error {
  override name = 'DestinoNoPermitido';
  readonly code = 'EDESTINONOPERMITIDO';
  constructor(
    readonly host: string,
    readonly motivo: string,
  ) {
    super(`Destino no permitido: ${host} (${motivo})`);
  }
}

// Loopback, private, link-local, carrier-grade NAT, multicast, documentation and other non-public ranges.
const ESPECIALES = new BlockList();
for (const [red, prefijo] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const)
  ESPECIALES.addSubnet(red, prefijo, 'ipv4');
for (const [red, prefijo] of [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const)
  ESPECIALES.addSubnet(red, prefijo, 'ipv6');

const sinCorchetes = (h: string) => h.replace(/^\[(.*)\]$/, '$1');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
function normalizar(ip: string): { ip: string; tipo: 'ipv4' | 'ipv6' } {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (m) return { ip: m[1], tipo: 'ipv4' };
  return { ip, tipo: isIP(ip) === 6 ? 'ipv6' : 'ipv4' };
}

export const esDireccionEspecial = (ip: string) => {
  const n = normalizar(ip);
  return ESPECIALES.check(n.ip, n.tipo);
};

/** Parses an allow-list (comma or space separated). Throws on an entry it cannot read, naming the variable. */
export function leerReglas(texto: string, variable: string, puertosComodin?: number[]): TReglasDestino {
  const reglas: TReglasDestino = { nombres: [], direcciones: [], puertosComodin };
  for (const crudo of texto.split(/[\s,]+/).filter(Boolean)) {
    const entrada = crudo.trim().toLowerCase();
    const rango = /^([0-9a-f.:]+)\/(\d{1,3})$/.exec(entrada);
    if (rango && isIP(rango[1])) {
      const lista = new BlockList();
      lista.addSubnet(rango[1], Number(rango[2]), isIP(rango[1]) === 6 ? 'ipv6' : 'ipv4');
      reglas.direcciones.push({ lista });
      continue;
    }
    const conPuerto = /^(\[[0-9a-f:.]+\]|[^:\s]+):(\d{1,5})$/.exec(entrada);
    const host = sinCorchetes(conPuerto ? conPuerto[1] : entrada);
    const puerto = conPuerto ? Number(conPuerto[2]) : undefined;
    if (isIP(host)) {
      const lista = new BlockList();
      lista.addAddress(host, isIP(host) === 6 ? 'ipv6' : 'ipv4');
      reglas.direcciones.push({ lista, puerto });
    } else if (host === '*' || /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host)) {
      reglas.nombres.push({ patron: host, puerto });
    } else throw new Error(`${variable}: no se entiende la entrada "${crudo}" (use nombre, *.dominio, IP o rango, con :puerto opcional)`);
  }
  return reglas;
}

const coincide = (patron: string, host: string) =>
  patron === '*' || patron === host || (patron.startsWith('*.') && (host.endsWith(patron.slice(1)) || host === patron.slice(2)));

function direccionListada(reglas: TReglasDestino, ip: string, puerto: number): boolean {
  const n = normalizar(ip);
  return reglas.direcciones.some((d) => (d.puerto === undefined || d.puerto === puerto) && d.lista.check(n.ip, n.tipo));
}

/**
 * Whether a host (name or IP) and port may be used at all: for saving a setting, before anything is resolved. The
 * addresses a name resolves to are judged at connect time (verificarDireccion).
 */
export function hostPermitido(reglas: TReglasDestino, hostCrudo: string, puerto: number): boolean {
  const host = sinCorchetes(hostCrudo.toLowerCase()).replace(/\.$/, '');
  const puertoDe = (n: { patron: string; puerto?: number }) =>
    n.puerto !== undefined ? n.puerto === puerto : n.patron !== '*' || !reglas.puertosComodin || reglas.puertosComodin.includes(puerto);
  // An address: listed explicitly, or public under `*`.
  if (isIP(host)) return direccionListada(reglas, host, puerto) || (!esDireccionEspecial(host) && reglas.nombres.some((n) => n.patron === '*' && puertoDe(n)));
  return reglas.nombres.some((n) => coincide(n.patron, host) && puertoDe(n));
}

/** A resolved address of a permitted host: public, or listed explicitly. */
export function direccionPermitida(reglas: TReglasDestino, ip: string, puerto: number): boolean {
  return !esDireccionEspecial(ip) || direccionListada(reglas, ip, puerto);
}

/**
 * Resolves `host` and checks the host and every address, as at connect time; returns the address to connect to (the
 * one checked: connecting by name would resolve again).
 */
export function resolverPermitido(reglas: TReglasDestino, hostCrudo: string, puerto: number): Promise<{ address: string; family: number }> {
  const host = sinCorchetes(hostCrudo);
  if (!hostPermitido(reglas, host, puerto)) return Promise.reject(new DestinoNoPermitido(`${host}:${puerto}`, 'no está en la lista de destinos permitidos'));
  if (isIP(host)) return Promise.resolve({ address: host, family: isIP(host) });
  return new Promise((ok, mal) => {
    lookup(host, { all: true }, (err, direcciones) => {
      if (err) return mal(err);
      const prohibida = direcciones.find((d) => !direccionPermitida(reglas, d.address, puerto));
      if (prohibida || direcciones.length === 0)
        return mal(new DestinoNoPermitido(`${host}:${puerto}`, `resuelve a la dirección no pública ${prohibida?.address ?? '(ninguna)'}`));
      ok(direcciones[0]);
    });
  });
}

type TLectorReglas = () => TReglasDestino;

export type TFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * fetch whose every connection (redirects are not followed) passes the rules read at that moment: the name and port,
 * then the resolved address, connected to as checked (TLS still verifies the certificate against the name). Connect
 * timeout `conexionMs`: an unreachable host fails fast instead of holding a worker's place.
 */
export function crearFetchVigilado(reglas: TLectorReglas, opciones: { conexionMs?: number } = {}): TFetch {
  const base = buildConnector({ timeout: opciones.conexionMs ?? 5000 });
  const agente = new Agent({
    connect: (o, listo) => {
      const puerto = Number(o.port) || (o.protocol === 'https:' ? 443 : 80);
      resolverPermitido(reglas(), o.hostname, puerto).then(
        (d) => base({ ...o, hostname: d.address, servername: o.servername || (isIP(sinCorchetes(o.hostname)) ? undefined : sinCorchetes(o.hostname)) } as typeof o, listo),
        (err: Error) => listo(err, null),
      );
    },
  });
  return (url, init) => fetchUndici(url, { ...(init as object), redirect: 'manual', dispatcher: agente }) as unknown as Promise<Response>;
}

let cache: { clave: string; reglas: TReglasDestino } | undefined;
let cacheSmtp: { clave: string; reglas: TReglasDestino } | undefined;

/** SUNAT's services and the OSE operators authorized by SUNAT that publish SOAP endpoints under these domains. */
export const OSE_HOSTS_POR_DEFECTO = ['*.sunat.gob.pe', '*.nubefact.com', '*.efact.pe', '*.bizlinks.com.pe'];

/**
 * OSE_HOSTS_PERMITIDOS (default: OSE_HOSTS_POR_DEFECTO), plus `extra`: what the process itself adds explicitly (its
 * in-process SUNAT stand-in, by exact address and port).
 */
export function reglasOse(extra: string[] = []): TReglasDestino {
  const texto = [process.env.OSE_HOSTS_PERMITIDOS ?? OSE_HOSTS_POR_DEFECTO.join(','), ...extra].join(',');
  if (cache?.clave !== texto) cache = { clave: texto, reglas: leerReglas(texto, 'OSE_HOSTS_PERMITIDOS') };
  return cache.reglas;
}

/** The mail ports (25, 465, 587 and the common alternative 2525) for hosts allowed through `*`. */
export const PUERTOS_SMTP = [25, 465, 587, 2525];

/** SMTP_HOSTS_PERMITIDOS (default `*`: any public mail server, on the mail ports). */
export function reglasSmtp(): TReglasDestino {
  const texto = process.env.SMTP_HOSTS_PERMITIDOS ?? '*';
  if (cacheSmtp?.clave !== texto) cacheSmtp = { clave: texto, reglas: leerReglas(texto, 'SMTP_HOSTS_PERMITIDOS', PUERTOS_SMTP) };
  return cacheSmtp.reglas;
}

/**
 * Why an OSE URL cannot be saved (Spanish, for the form), or null. HTTPS only (the SOL password travels in the
 * request), except to an address the operator listed explicitly (a local OSE stand-in).
 */
export function problemaUrlOse(texto: string): string | null {
  let url: URL;
  try {
    url = new URL(texto);
  } catch {
    return 'URL no válida';
  }
  if (url.username || url.password) return 'La URL no debe llevar usuario ni contraseña';
  const host = sinCorchetes(url.hostname);
  const puerto = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const reglas = reglasOse();
  if (!hostPermitido(reglas, host, puerto))
    return `El servidor ${url.host} no está entre los permitidos para el envío (SUNAT y los OSE autorizados; el administrador de la plataforma puede agregar otros en OSE_HOSTS_PERMITIDOS)`;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isIP(host))) return 'La URL del OSE debe empezar con https://';
  return null;
}

/** The same for an SMTP server (host and port) of a company. */
export function problemaServidorSmtp(host: string, puerto: number): string | null {
  const reglas = reglasSmtp();
  if (hostPermitido(reglas, host, puerto)) return null;
  if (isIP(sinCorchetes(host)) && esDireccionEspecial(sinCorchetes(host)))
    return 'El servidor de correo no puede ser una dirección local o privada; indique el nombre de su servidor (por ejemplo smtp.suempresa.pe)';
  return `El servidor de correo ${host}:${puerto} no está permitido (puertos de correo: ${PUERTOS_SMTP.join(', ')}; el administrador de la plataforma puede agregar otros en SMTP_HOSTS_PERMITIDOS)`;
}

let cacheAsistente: { clave: string; reglas: TReglasDestino } | undefined;

/**
 * ASISTENTE_HOSTS_PERMITIDOS: where a company's chat webhook (assistant parameter's Auxiliar1) may point. Empty by
 * default: the platform operator names the chat providers it allows; until then the assistant answers from the help.
 */
export function reglasAsistente(): TReglasDestino {
  const texto = process.env.ASISTENTE_HOSTS_PERMITIDOS ?? '';
  if (cacheAsistente?.clave !== texto) cacheAsistente = { clave: texto, reglas: leerReglas(texto, 'ASISTENTE_HOSTS_PERMITIDOS') };
  return cacheAsistente.reglas;
}

/** Why a chat webhook URL cannot be saved (Spanish), or null: HTTPS on an allowed host (http only to a listed IP). */
export function problemaUrlAsistente(texto: string): string | null {
  let url: URL;
  try {
    url = new URL(texto);
  } catch {
    return 'URL del webhook no válida';
  }
  if (url.username || url.password) return 'La URL del webhook no debe llevar usuario ni contraseña';
  const host = sinCorchetes(url.hostname);
  const puerto = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  if (!hostPermitido(reglasAsistente(), host, puerto))
    return `El servidor ${url.host} no está entre los permitidos para el asistente (el administrador de la plataforma los indica en ASISTENTE_HOSTS_PERMITIDOS)`;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isIP(host))) return 'La URL del webhook debe empezar con https://';
  return null;
}
