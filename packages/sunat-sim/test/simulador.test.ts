import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import {
  construirXml,
  endpointsOtrosCpe,
  endpointsSimulador,
  getStatus,
  nombreResumenReversion,
  nombreRetencion,
  sendSummary,
  SunatFault,
  xmlResumenReversion,
  xmlRetencion,
  type TComprobanteRetencion,
  firmarXml,
  generarCertificadoPrueba,
  leerCdr,
  leerRespuestaSoap,
  sendBill,
  sobreSoap,
  type TCredencialFirma,
  zipDocumento,
} from '@yupana/sunat';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { iniciarSimulador, type TSimulador } from '../src';

const aqui = path.dirname(fileURLToPath(import.meta.url));
const ejemploFactura = () => JSON.parse(readFileSync(path.resolve(aqui, '../../sunat/examples/factura-gravada.json'), 'utf8'));
// The issuer of the engine's examples (the stand-in checks the file's RUC against the SOL user's).
const RUC: string = ejemploFactura().emisor.ruc;
const hoy = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
let sim: TSimulador;
let cred: TCredencialFirma;
let numero = 500;

function factura(n = numero++) {
  const c = construirXml({ ...ejemploFactura(), numero: n, fechaEmision: hoy() });
  const xml = firmarXml(c, cred).xml;
  return { nombre: c.nombre, xml, zip: zipDocumento(c.nombre, xml) };
}

/** A raw SOAP call, to exercise what the engine's client never sends (bad zips, missing headers). */
async function soapCrudo(operacion: string, campos: Record<string, string>, usuario: string | null = `${RUC}MODDATOS`) {
  let sobre = sobreSoap(usuario ?? '', 'moddatos', operacion, campos);
  if (usuario === null) sobre = sobre.replace(/<soapenv:Header>.*<\/soapenv:Header>/, '');
  const r = await fetch(endpointsSimulador(sim.url).billService, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: sobre });
  return { status: r.status, respuesta: leerRespuestaSoap(await r.text()) };
}

beforeAll(async () => {
  sim = await iniciarSimulador({ demoraTicketMs: 100 });
  cred = generarCertificadoPrueba({ ruc: RUC, razonSocial: 'COMERCIAL YUPANA S.A.C.' }).credencial;
});
afterAll(async () => sim.detener());
afterEach(async () => sim.fallas.limpiar());

const soap = () => ({ endpoints: endpointsSimulador(sim.url), ruc: RUC, usuario: 'MODDATOS', clave: 'moddatos', timeoutMs: 5000 });

describe('revisiones del sobre y del zip, como SUNAT', () => {
  it('sin encabezado WS-Security: 0101', async () => {
    const { status, respuesta } = await soapCrudo('sendBill', { fileName: 'x.zip', contentFile: '' }, null);
    expect(status).toBe(500);
    expect(respuesta).toMatchObject({ tipo: 'fault', codigo: '0101', faultcode: 'soap-env:Client.0101' });
  });

  it.each([
    ['nombre que no sigue RUC-TT-SERIE-NUMERO', { fileName: 'factura.zip', contentFile: 'AA==' }, '0151'],
    ['un resumen por sendBill', { fileName: `${RUC}-RC-20261122-1.zip`, contentFile: 'AA==' }, '0152'],
    ['zip vacío', { fileName: `${RUC}-01-F001-1.zip`, contentFile: '' }, '0155'],
    ['zip corrupto', { fileName: `${RUC}-01-F001-1.zip`, contentFile: Buffer.from('PK\x03\x04basura').toString('base64') }, '0156'],
    [
      'XML con otro nombre que el zip',
      { fileName: `${RUC}-01-F001-1.zip`, contentFile: Buffer.from(zipSync({ 'otro.xml': strToU8('<a></a>') })).toString('base64') },
      '0161',
    ],
  ])('%s: %s', async (_caso, campos, codigo) => {
    const { respuesta } = await soapCrudo('sendBill', campos as Record<string, string>);
    expect(respuesta).toMatchObject({ tipo: 'fault', codigo });
  });

  it('el CDR viene firmado con el certificado propio del simulador', async () => {
    const f = factura();
    const cdr = await sendBill(soap(), f.nombre, f.zip);
    expect(cdr.xml).toContain(`<ds:X509Certificate>${sim.certificado.certificateBase64}</ds:X509Certificate>`);
    expect(cdr.xml).toContain(`<cbc:ID>6-${RUC}</cbc:ID>`);
  });
});

describe('comprobantes de retención y resumen de reversiones: billService de otros CPE', () => {
  const otros = () => ({ ...soap(), endpoints: endpointsOtrosCpe(endpointsSimulador(sim.url)) });
  let n = 1;
  function retencion(cambios: Partial<TComprobanteRetencion> = {}, retenido = '35.40') {
    const cre: TComprobanteRetencion = {
      serie: 'R001', numero: n++, fechaEmision: hoy(), regimen: '01', tasa: '3.00',
      agente: { ruc: RUC, razonSocial: 'COMERCIAL YUPANA S.A.C.' }, proveedor: { ruc: '20100070970', razonSocial: 'SUMINISTROS ANDINOS S.A.C.' },
      documentos: [{ tipo: '01', serie: 'F001', numero: 7, fechaEmision: hoy(), total: '1180.00', moneda: 'PEN', numeroPago: 1, fechaPago: hoy(), importePagado: '1180.00', retenido, netoPagado: (1180 - Number(retenido)).toFixed(2) }],
      ...cambios,
    };
    const nombre = nombreRetencion(cre);
    const xml = firmarXml({ xml: xmlRetencion(cre), canonico: true }, cred).xml;
    return { cre, nombre, zip: zipDocumento(nombre, xml) };
  }
  async function reversion(correlativo: number, r: { serie: string; numero: number }) {
    const rr = { fechaEmision: hoy(), fechaReferencia: hoy(), correlativo, emisor: { ruc: RUC, razonSocial: 'COMERCIAL YUPANA S.A.C.' }, documentos: [{ tipo: '20' as const, serie: r.serie, numero: r.numero, motivo: 'PAGO ANULADO' }] };
    const nombre = nombreResumenReversion(rr);
    const { ticket } = await sendSummary(otros(), nombre, zipDocumento(nombre, firmarXml({ xml: xmlResumenReversion(rr), canonico: true }, cred).xml));
    for (let i = 0; i < 50; i++) {
      const e = await getStatus(otros(), ticket);
      if (e.estado === 'terminado') return e;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    throw new Error('sin respuesta del ticket');
  }

  it('acepta un CRE por el servicio de otros CPE con un CDR firmado; el de facturas no lo recibe (0151)', async () => {
    const r = retencion();
    const cdr = await sendBill(otros(), r.nombre, r.zip);
    expect(cdr).toMatchObject({ codigo: '0', clase: 'aceptado', referencia: `R001-${r.cre.numero}`, archivo: `R-${r.nombre}.xml` });
    expect(cdr.xml).toContain(`<ds:X509Certificate>${sim.certificado.certificateBase64}</ds:X509Certificate>`);
    const otro = retencion();
    await expect(sendBill(soap(), otro.nombre, otro.zip)).rejects.toMatchObject({ codigo: '0151' });
    const f = factura();
    await expect(sendBill(otros(), f.nombre, f.zip)).rejects.toBeInstanceOf(SunatFault);
  });

  it('rechaza lo retenido que no es el 3 % de lo pagado (2623), una tasa que no es la del régimen (2619) y el agente como proveedor (2620)', async () => {
    const mal = retencion({}, '40.00');
    expect(await sendBill(otros(), mal.nombre, mal.zip)).toMatchObject({ codigo: '2623', clase: 'rechazado' });
    const tasa = retencion({ tasa: '6.00' });
    expect(await sendBill(otros(), tasa.nombre, tasa.zip)).toMatchObject({ codigo: '2619' });
    const mismo = retencion({ proveedor: { ruc: RUC, razonSocial: 'COMERCIAL YUPANA S.A.C.' } });
    expect(await sendBill(otros(), mismo.nombre, mismo.zip)).toMatchObject({ codigo: '2620' });
  });

  it('el resumen de reversiones revierte un CRE aceptado; otra vez: 2751; uno que no existe: 2750', async () => {
    const r = retencion();
    await sendBill(otros(), r.nombre, r.zip);
    expect(await reversion(1, r.cre)).toMatchObject({ estado: 'terminado', codigo: '0', cdr: { clase: 'aceptado', referencia: `RR-${hoy().replace(/-/g, '')}-1` } });
    expect(await reversion(2, r.cre)).toMatchObject({ codigo: '99', cdr: { codigo: '2751', clase: 'rechazado' } });
    expect(await reversion(3, { serie: 'R001', numero: 99999 })).toMatchObject({ cdr: { codigo: '2750' } });
  });
});

describe('administración por HTTP (/admin)', () => {
  const admin = (ruta: string, init?: { method: string; body?: unknown }) =>
    fetch(`${sim.url}${ruta}`, { method: init?.method ?? 'GET', body: init?.body ? JSON.stringify(init.body) : undefined }).then(async (r) => ({
      status: r.status,
      json: (await r.json()) as Record<string, unknown>,
    }));

  it('una excepción para las próximas 2 facturas, visible en /admin/estado, y luego vuelve a aceptar', async () => {
    const alta = await admin('/admin/fallas', { method: 'POST', body: { tipo: 'excepcion', codigo: '0130', tipoDocumento: '01', veces: 2 } });
    expect(alta.status).toBe(201);
    expect((await admin('/admin/estado')).json.reglas).toMatchObject([{ tipo: 'excepcion', codigo: '0130', veces: 2 }]);
    const f = factura();
    await expect(sendBill(soap(), f.nombre, f.zip)).rejects.toMatchObject({ codigo: '0130' });
    await expect(sendBill(soap(), f.nombre, f.zip)).rejects.toMatchObject({ codigo: '0130' });
    expect((await sendBill(soap(), f.nombre, f.zip)).clase).toBe('aceptado');
    const estado = await admin('/admin/estado');
    expect(estado.json.reglas).toEqual([]);
    expect(estado.json.comprobantes).toContainEqual(expect.objectContaining({ clave: `${RUC}-01-F001-${Number(f.nombre.split('-')[3])}`, estado: 'aceptado' }));
  });

  it('una regla inválida se rechaza con 400 y DELETE limpia las reglas', async () => {
    expect((await admin('/admin/fallas', { method: 'POST', body: { tipo: 'excepcion', codigo: 'abc' } })).status).toBe(400);
    await admin('/admin/fallas', { method: 'POST', body: { tipo: 'lento', demoraMs: 10 } });
    expect(((await admin('/admin/estado')).json.reglas as unknown[]).length).toBe(1);
    await admin('/admin/fallas', { method: 'DELETE' });
    expect((await admin('/admin/estado')).json.reglas).toEqual([]);
  });

  it('POST /admin/caer deja el puerto cerrado (conexión rechazada) y vuelve solo tras la duración pedida', async () => {
    expect((await admin('/admin/caer', { method: 'POST', body: { duracionMs: 400 } })).status).toBe(202);
    const intento = () => fetch(`${sim.url}/`).then((r) => r.status, (e: { cause?: { code?: string } }) => e.cause?.code);
    const hasta = async (esperado: unknown) => {
      let visto = await intento();
      for (let i = 0; i < 60 && visto !== esperado; i++) {
        await new Promise((ok) => setTimeout(ok, 50));
        visto = await intento();
      }
      return visto;
    };
    const inicio = Date.now();
    expect(await hasta('ECONNREFUSED')).toBe('ECONNREFUSED');
    expect(await hasta(200)).toBe(200);
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(300);
  });
});

describe('API GRE: OAuth2', () => {
  const token = (cuerpo: Record<string, string>, clientId = 'yupana-sim') =>
    fetch(`${sim.url}/v1/clientessol/${clientId}/oauth2/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(cuerpo).toString(),
    });
  const valido = { grant_type: 'password', scope: 'https://api-cpe.sunat.gob.pe', client_id: 'yupana-sim', client_secret: 'yupana-sim-secreto', username: `${RUC}MODDATOS`, password: 'moddatos' };

  it('entrega un token con vencimiento a credenciales correctas y rechaza las incorrectas', async () => {
    const ok = await token(valido);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ token_type: 'JWT', expires_in: 3600, access_token: expect.any(String) });
    expect((await token({ ...valido, client_secret: 'x' })).status).toBe(401);
    expect((await token({ ...valido, password: 'x' })).status).toBe(400);
  });

  it('sin token, la API responde 401', async () => {
    const r = await fetch(`${sim.url}/v1/contribuyente/gem/comprobantes/envios/abc`);
    expect(r.status).toBe(401);
  });
});

describe('proceso yupana-sunat-sim', () => {
  it('arranca con --port, responde y termina limpio con SIGTERM', async () => {
    const hijo = spawn(process.execPath, [path.resolve(aqui, '../bin/yupana-sunat-sim.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((ok, mal) => {
        let salida = '';
        hijo.stdout.on('data', (d: Buffer) => {
          salida += d.toString();
          const m = /escuchando en (http:\/\/\S+)/.exec(salida);
          if (m) ok(m[1]);
        });
        hijo.stderr.on('data', (d: Buffer) => (salida += d.toString()));
        hijo.on('exit', (c) => mal(new Error(`salió con ${c}: ${salida}`)));
        setTimeout(() => mal(new Error(`sin arrancar: ${salida}`)), 20_000);
      });
      const r = await fetch(`${url}/admin/estado`);
      expect(r.status).toBe(200);
      const f = factura();
      const cdr = await sendBill({ ...soap(), endpoints: endpointsSimulador(url) }, f.nombre, f.zip);
      expect(leerCdr(cdr.xml).clase).toBe('aceptado');
    } finally {
      const salida = new Promise<number | null>((ok) => hijo.on('exit', (c) => ok(c)));
      hijo.kill('SIGTERM');
      expect(await salida).toBe(0);
    }
  }, 30_000);
});
