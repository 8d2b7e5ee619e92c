import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, ID_PARAMETRO_ASISTENTE, TextosAsistente, type TRespuestaAsistente } from '@yupana/contracts';
import { leerRespuestaWebhook } from '../../src/modules/ayuda/asistente.service';
import { MENSAJES_ASISTENTE_POR_MINUTO } from '../../src/modules/ayuda/ayuda.routes';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

let e: Entorno;
let token: string;
let tokenCajero: string;
let tokenOtra: string;
let webhook: Server;
let urlWebhook: string;
const recibidos: Record<string, unknown>[] = [];
let respuestaWebhook: { codigo: number; cuerpo: string } = { codigo: 200, cuerpo: '{"output":"Hola desde el webhook"}' };

beforeAll(async () => {
  // The company's own chat service, outside the product: a local HTTP server the platform allows explicitly.
  webhook = createServer((req, res) => {
    let cuerpo = '';
    req.on('data', (c) => (cuerpo += c));
    req.on('end', () => {
      recibidos.push(JSON.parse(cuerpo));
      res.writeHead(respuestaWebhook.codigo, { 'content-type': 'application/json' }).end(respuestaWebhook.cuerpo);
    });
  });
  await new Promise<void>((ok) => webhook.listen(0, '127.0.0.1', ok));
  urlWebhook = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/chat`;
  process.env.ASISTENTE_HOSTS_PERMITIDOS = '127.0.0.1';
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'supervisor')).AccessToken;
  tokenCajero = (await sesionDe(e.app, 'cajero')).AccessToken;
  tokenOtra = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
});
afterAll(async () => {
  delete process.env.ASISTENTE_HOSTS_PERMITIDOS;
  await e?.cerrar();
  await new Promise((ok) => webhook?.close(ok));
});

const llamar = (method: 'GET' | 'POST', url: string, payload?: unknown, t = token) =>
  e.app.inject(conToken(t, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));
const mensaje = (chatInput: string, t = token) => llamar('POST', '/api/sistema/v1/asistente/mensajes', { sessionId: 'sesion-1', chatInput, messageId: `m-${Date.now()}` }, t);
const guardarAsistente = (Valor: string, Auxiliar1: string | null, t = token, idEmpresa = 1) =>
  llamar('POST', `/api/contabilidad/v1/entidades/${idEmpresa}/parametros`, { Lista: [{ IdParametro: ID_PARAMETRO_ASISTENTE, Valor, Auxiliar1 }] }, t);

describe('artículos de ayuda', () => {
  it('lista los artículos del repositorio y abre uno con su contenido', async () => {
    const r = await llamar('GET', '/api/sistema/v1/ayuda/articulos', undefined, tokenCajero);
    expect(r.statusCode, r.body).toBe(200);
    const slugs = r.json().Data.map((a: { Slug: string }) => a.Slug);
    expect(slugs).toEqual(expect.arrayContaining(['emitir-factura', 'anular-comprobante', 'configurar-sunat', 'comprar-paquete']));
    const a = await llamar('GET', '/api/sistema/v1/ayuda/articulos/anular-comprobante');
    expect(a.json()).toMatchObject({ Titulo: 'Cómo anular un comprobante (comunicación de baja)', Ruta: '/admin/documentos' });
    expect(a.json().Contenido).toContain('7 días');
    expect((await llamar('GET', '/api/sistema/v1/ayuda/articulos/no-existe')).statusCode).toBe(404);
    expect((await llamar('GET', '/api/sistema/v1/ayuda/articulos/..%2F..%2Fetc')).statusCode).toBe(400);
  });

  it('busca sin distinguir tildes ni mayúsculas, por prefijo y con la raíz de la palabra, lo mejor primero', async () => {
    const buscar = async (q: string) => (await llamar('GET', `/api/sistema/v1/ayuda/articulos?buscar=${encodeURIComponent(q)}`)).json().Data.map((a: { Slug: string }) => a.Slug);
    const anulacion = await buscar('ANULACIÓN');
    expect(anulacion.slice(0, 2)).toEqual(expect.arrayContaining(['anular-comprobante', 'nota-credito']));
    expect(await buscar('anulacion')).toEqual(anulacion);
    expect((await buscar('anular factura'))[0]).toBe('anular-comprobante');
    expect((await buscar('certificado digital'))[0]).toBe('configurar-sunat');
    expect((await buscar('guia traslado'))[0]).toBe('guia-remision');
    expect(await buscar('facturas')).toContain('emitir-factura');
    // Typing: a word not finished yet still finds.
    expect(await buscar('certifi')).toContain('configurar-sunat');
    expect(await buscar('zzzqqq')).toEqual([]);
    // Only punctuation or stop words: nothing, without an error.
    expect(await buscar('¿¡!?')).toEqual([]);
    expect(await buscar('de la')).toEqual([]);
  });

  it('sin sesión, 401', async () => {
    expect((await e.app.inject({ method: 'GET', url: '/api/sistema/v1/ayuda/articulos' })).statusCode).toBe(401);
    expect((await e.app.inject({ method: 'POST', url: '/api/sistema/v1/asistente/mensajes', payload: { sessionId: 'a', chatInput: 'hola', messageId: 'b' } })).statusCode).toBe(401);
  });
});

describe('Asistente Virtual', () => {
  it('sin webhook responde con el artículo que mejor contesta la pregunta', async () => {
    expect((await llamar('GET', '/api/sistema/v1/asistente')).json()).toEqual({ Activo: true });
    const r = await mensaje('¿Cómo anulo una factura?');
    expect(r.statusCode, r.body).toBe(200);
    const d: TRespuestaAsistente = r.json();
    expect(d.Fuente).toBe('ayuda');
    expect(d.output).toContain('**Cómo anular un comprobante (comunicación de baja)**');
    expect(d.Articulos[0].Slug).toBe('anular-comprobante');
    const nada = (await mensaje('xyzw qwerty')).json();
    expect(nada).toMatchObject({ Fuente: 'ayuda', Articulos: [] });
    expect(nada.output).toContain('No encontré un artículo de ayuda sobre eso');
  });

  it('un mensaje vacío o demasiado largo es un error de validación en español', async () => {
    const vacio = await mensaje('   ');
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { chatInput: 'Escriba un mensaje' } });
    expect((await mensaje('a'.repeat(2001))).statusCode).toBe(400);
  });

  it('el webhook solo se guarda si su servidor está permitido por la plataforma', async () => {
    const r = await guardarAsistente('true', 'https://169.254.169.254/latest/meta-data');
    expect(r.statusCode).toBe(400);
    expect(r.json().Errores['Lista.0.Auxiliar1']).toContain('no está entre los permitidos para el asistente');
    const interno = await guardarAsistente('true', 'http://localhost:6379/');
    expect(interno.statusCode).toBe(400);
    // A cashier may not change the company's parameters.
    expect((await guardarAsistente('true', urlWebhook, tokenCajero)).statusCode).toBe(403);
  });

  it('con webhook, el servidor le envía la solicitud del seed con los datos de la sesión y lee su respuesta', async () => {
    expect((await guardarAsistente('true', urlWebhook)).statusCode).toBe(200);
    const r = await mensaje('hola');
    expect(r.json()).toEqual({ output: 'Hola desde el webhook', Fuente: 'webhook', Articulos: [] });
    const enviado = recibidos.at(-1)!;
    expect(enviado).toMatchObject({ sessionId: 'sesion-1', chatInput: 'hola', ruc: '20600123450', tenantId: 1 });
    expect(Object.keys(enviado).sort()).toEqual(['chatInput', 'messageId', 'razon_social', 'ruc', 'sessionId', 'tenantId', 'userId']);

    respuestaWebhook = { codigo: 500, cuerpo: 'falla' };
    expect((await mensaje('hola')).json()).toMatchObject({ output: TextosAsistente.ERROR_CONEXION, Fuente: 'error' });
    respuestaWebhook = { codigo: 200, cuerpo: '[{"text":"desde un arreglo"}]' };
    expect((await mensaje('hola')).json().output).toBe('desde un arreglo');
    respuestaWebhook = { codigo: 200, cuerpo: '{"output":"Hola desde el webhook"}' };
  });

  it('apagado (parámetro false), no se muestra ni responde; otra empresa sigue con el suyo', async () => {
    expect((await guardarAsistente('false', null)).statusCode).toBe(200);
    expect((await llamar('GET', '/api/sistema/v1/asistente')).json()).toEqual({ Activo: false });
    expect((await mensaje('hola')).statusCode).toBe(404);
    // The other company was never configured: its default is on, answered from the help, never through our webhook.
    const antes = recibidos.length;
    expect((await mensaje('comprar paquete', tokenOtra)).json()).toMatchObject({ Fuente: 'ayuda' });
    expect(recibidos.length).toBe(antes);
    expect((await guardarAsistente('true', null)).statusCode).toBe(200);
  });

  it('un usuario no puede enviar más de 20 mensajes por minuto (429 en español); los demás usuarios siguen', async () => {
    const respuestas = [];
    for (let i = 0; i < MENSAJES_ASISTENTE_POR_MINUTO; i++) respuestas.push((await mensaje('factura', tokenCajero)).statusCode);
    expect(respuestas.every((c) => c === 200), String(respuestas)).toBe(true);
    const r = await mensaje('factura', tokenCajero);
    expect(r.statusCode).toBe(429);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.DEMASIADOS_INTENTOS });
    expect(r.json().Mensaje).toContain('Demasiados mensajes al asistente');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect((await mensaje('factura')).statusCode).toBe(200);
  });

  it('lee la respuesta del webhook como el seed: result, text, output o response; si no, el texto o un aviso', () => {
    expect(leerRespuestaWebhook('{"result":"r"}')).toBe('r');
    expect(leerRespuestaWebhook('{"response":"x"}')).toBe('x');
    expect(leerRespuestaWebhook('{"otro":1}')).toBe(TextosAsistente.SIN_RESPUESTA);
    expect(leerRespuestaWebhook('texto plano')).toBe('texto plano');
    expect(leerRespuestaWebhook('  ')).toBe(TextosAsistente.RECIBIDO);
  });
});
