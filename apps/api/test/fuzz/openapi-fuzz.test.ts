// Schema-driven fuzzing of the whole API: every operation of the OpenAPI document served at /api/docs/json (so a
// route added by any module is fuzzed without being listed here) receives malformed path parameters, query strings,
// headers and bodies, built from its own schema one field at a time, as a cashier of the demo company (a low
// privilege) and as the supervisor of another company (every service, someone else's ids). No answer may be a 5xx.
// Deterministic: the requests come from a seeded generator (FUZZ_SEMILLA to try another seed) in a fixed order.
// Budget: FUZZ_MUTACIONES_CAMPO hostile values per body field and FUZZ_CAMPOS_MAX fields per operation; the test
// prints how many operations and requests it sent and how long it took.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, ipNueva, sesionDe, type Entorno } from '../helpers';
import {
  conCampo,
  CUERPOS_CRUDOS,
  generadorAleatorio,
  rutasDeCampos,
  TEXTOS_URL_HOSTILES,
  valoresHostiles,
  valorValido,
  type Aleatorio,
  type Documento,
  type Operacion,
} from './generador';

const SEMILLA = Number(process.env.FUZZ_SEMILLA ?? 20260511);
const MUTACIONES_POR_CAMPO = Number(process.env.FUZZ_MUTACIONES_CAMPO ?? 3);
const CAMPOS_MAX = Number(process.env.FUZZ_CAMPOS_MAX ?? 32);
const METODOS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Identidad = { nombre: string; usuario: string; token: string; completo: boolean };
type Falla = { identidad: string; metodo: string; url: string; estado: number; cuerpo: string };

let e: Entorno;
let doc: Documento;
const identidades: Identidad[] = [];

beforeAll(async () => {
  e = await crearEntorno();
  const r = await e.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(r.statusCode).toBe(200);
  doc = r.json() as Documento;
  // The cashier of Comercial Andina gets a few requests per operation (most are 403 before validation); the
  // supervisor of the demo company gets them all, with Comercial Andina's ids (1, 2) among the path values.
  for (const [nombre, usuario, completo] of [['cajero', 'cajero', false], ['otra empresa', 'demo.supervisor', true]] as const) {
    identidades.push({ nombre, usuario, token: (await sesionDe(e.app, usuario)).AccessToken, completo });
  }
}, 120_000);

afterAll(async () => {
  await e?.cerrar();
});

/** Fills `{name}` in an OpenAPI path with the given (already URL-encoded) values. */
const rellenarRuta = (ruta: string, valores: Record<string, string>) => ruta.replace(/\{([^}]+)\}/g, (_, n: string) => valores[n] ?? '1');

const consulta = (valores: [string, string][]) => (valores.length ? `?${valores.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&')}` : '');

/** Every request of one operation for one identity: a plausible one, then one hostile value at a time. */
function solicitudesDe(ruta: string, metodo: string, op: Operacion, aleatorio: Aleatorio, completo: boolean): InjectOptions[] {
  const params = op.parameters ?? [];
  const deRuta = params.filter((p) => p.in === 'path');
  const deConsulta = params.filter((p) => p.in === 'query');
  const deCabecera = params.filter((p) => p.in === 'header');
  const esquemaCuerpo = op.requestBody?.content?.['application/json']?.schema;

  const rutaBase: Record<string, string> = Object.fromEntries(deRuta.map((p) => [p.name, encodeURIComponent(String(valorValido(p.schema, doc) ?? '1'))]));
  const consultaBase: [string, string][] = deConsulta
    .filter((p) => p.required)
    .map((p) => [p.name, encodeURIComponent(String(valorValido(p.schema, doc) ?? '1'))]);
  const cuerpoBase = esquemaCuerpo ? valorValido(esquemaCuerpo, doc) : undefined;

  const solicitudes: InjectOptions[] = [];
  const agregar = (o: { ruta?: Record<string, string>; consulta?: [string, string][]; cuerpo?: unknown; crudo?: { tipo: string; cuerpo: string }; cabeceras?: Record<string, string> }) => {
    const url = rellenarRuta(ruta, o.ruta ?? rutaBase) + consulta(o.consulta ?? consultaBase);
    const s: InjectOptions = { method: metodo.toUpperCase() as InjectOptions['method'], url, headers: { ...(o.cabeceras ?? {}) }, remoteAddress: ipNueva() };
    if (o.crudo) {
      s.payload = o.crudo.cuerpo;
      s.headers = { ...s.headers, 'content-type': o.crudo.tipo };
    } else if (o.cuerpo !== undefined && metodo !== 'get' && metodo !== 'delete') {
      s.payload = JSON.stringify(o.cuerpo);
      s.headers = { ...s.headers, 'content-type': 'application/json' };
    }
    solicitudes.push(s);
  };

  agregar({ cuerpo: cuerpoBase });
  if (!completo) {
    // The low-privilege pass: a few hostile requests per operation, enough to cross the authorization path with bad input.
    const p = deRuta.length ? aleatorio.elegir(deRuta) : undefined;
    if (p) agregar({ ruta: { ...rutaBase, [p.name]: aleatorio.elegir(TEXTOS_URL_HOSTILES) }, cuerpo: cuerpoBase });
    if (esquemaCuerpo) agregar({ crudo: aleatorio.elegir(CUERPOS_CRUDOS) });
    agregar({ consulta: [...consultaBase, ['filtro', '%00']], cuerpo: cuerpoBase });
    return solicitudes;
  }

  // Path parameters: another company's ids (1, 2) and malformed ones.
  for (const p of deRuta) {
    for (const valor of ['1', '2', ...aleatorio.muestra(TEXTOS_URL_HOSTILES, 6)]) agregar({ ruta: { ...rutaBase, [p.name]: valor }, cuerpo: cuerpoBase });
  }
  // Query parameters: every declared one with hostile text, repeated (an array), and an undeclared one.
  for (const p of deConsulta) {
    for (const valor of aleatorio.muestra(TEXTOS_URL_HOSTILES, 2)) agregar({ consulta: [...consultaBase, [p.name, valor]], cuerpo: cuerpoBase });
    agregar({ consulta: [...consultaBase, [p.name, '1'], [p.name, '2']], cuerpo: cuerpoBase });
  }
  agregar({ consulta: [...consultaBase, ['noDeclarado', '%00%ED%A0%80']], cuerpo: cuerpoBase });
  // Headers the operation declares (Idempotency-Key).
  for (const p of deCabecera) {
    for (const valor of ['\u0007', 'x', 'clave con espacios', 'ñ'.repeat(20), 'k'.repeat(500)]) agregar({ cuerpo: cuerpoBase, cabeceras: { [p.name]: valor } });
  }
  // Sign-in routes read Basic credentials from the Authorization header: malformed ones.
  if (op.security?.some((s) => 'basic' in s)) {
    for (const credencial of ['süpervisor\u0000:x', 'a:\ud800', ':', 'x'.repeat(500) + ':y', 'supervisor:' + 'z'.repeat(300)])
      agregar({ cabeceras: { authorization: `Basic ${Buffer.from(credencial, 'utf8').toString('base64')}` } });
    agregar({ cabeceras: { authorization: 'Basic %%%' } });
  }
  // Bodies: raw malformed ones, then the plausible body with one field at a time replaced by hostile values.
  if (esquemaCuerpo) {
    for (const crudo of CUERPOS_CRUDOS) agregar({ crudo });
    const campos = rutasDeCampos(esquemaCuerpo, doc);
    for (const { ruta: campo, esquema } of aleatorio.muestra(campos, CAMPOS_MAX)) {
      for (const valor of valoresHostiles(esquema, doc, aleatorio, MUTACIONES_POR_CAMPO)) agregar({ cuerpo: conCampo(cuerpoBase, campo, valor) });
    }
  }
  return solicitudes;
}

describe('fuzz del documento OpenAPI: ninguna entrada produce un 5xx', () => {
  it('cada operación, con parámetros, consultas, cabeceras y cuerpos malformados, como cajero y como otra empresa', async () => {
    const inicio = Date.now();
    const aleatorio = generadorAleatorio(SEMILLA);
    const operaciones = Object.entries(doc.paths)
      .filter(([ruta]) => ruta.startsWith('/api/') && !ruta.startsWith('/api/docs'))
      .flatMap(([ruta, ops]) => METODOS.filter((m) => ops[m]).map((m) => ({ ruta, metodo: m, op: ops[m] })))
      .sort((a, b) => (a.ruta === b.ruta ? a.metodo.localeCompare(b.metodo) : a.ruta.localeCompare(b.ruta)));
    // The document must list the routes of every module (a module that forgot its schema would escape the fuzzing).
    expect(operaciones.length).toBeGreaterThanOrEqual(160);

    const fallas: Falla[] = [];
    const estados = new Map<number, number>();
    let enviadas = 0;
    for (const { ruta, metodo, op } of operaciones) {
      for (const identidad of identidades) {
        for (const s of solicitudesDe(ruta, metodo, op, aleatorio, identidad.completo)) {
          let r: LightMyRequestResponse = await e.app.inject(conIdentidad(s, identidad));
          enviadas++;
          // A request may have closed the fuzzer's own session (sessions, password, logout): sign in again.
          if (r.statusCode === 401 && (await sesionCerrada(identidad))) {
            identidad.token = (await sesionDe(e.app, identidad.usuario)).AccessToken;
            r = await e.app.inject(conIdentidad(s, identidad));
            enviadas++;
          }
          estados.set(r.statusCode, (estados.get(r.statusCode) ?? 0) + 1);
          if (r.statusCode >= 500) fallas.push({ identidad: identidad.nombre, metodo: s.method as string, url: String(s.url).slice(0, 200), estado: r.statusCode, cuerpo: r.body.slice(0, 300) });
        }
      }
    }
    const segundos = ((Date.now() - inicio) / 1000).toFixed(1);
    const resumen = [...estados.entries()].sort(([a], [b]) => a - b).map(([c, n]) => `${c}: ${n}`).join(', ');
    console.log(`[fuzz] semilla ${SEMILLA}: ${operaciones.length} operaciones, ${enviadas} solicitudes en ${segundos} s (${resumen})`);
    expect(fallas, JSON.stringify(fallas.slice(0, 20), null, 2)).toEqual([]);
    // Most requests must be refused as bad input: a fuzzer whose requests all fail authentication proves nothing.
    expect((estados.get(400) ?? 0) + (estados.get(404) ?? 0)).toBeGreaterThan(enviadas / 2);
  }, 900_000);
});

function conIdentidad(s: InjectOptions, identidad: Identidad): InjectOptions {
  const cabeceras = { ...(s.headers as Record<string, string>) };
  // Sign-in routes carry their own (malformed) Basic credentials.
  if (!cabeceras.authorization) cabeceras.authorization = `Bearer ${identidad.token}`;
  return { ...s, headers: cabeceras };
}

async function sesionCerrada(identidad: Identidad): Promise<boolean> {
  const r = await e.app.inject({ method: 'GET', url: '/api/seguridad/v3/usuarios/universales/info', headers: { authorization: `Bearer ${identidad.token}` }, remoteAddress: ipNueva() });
  return r.statusCode === 401;
}
