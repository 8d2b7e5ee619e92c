// How the SOAP client classifies what comes back, against a bare HTTP server that answers whatever each case needs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SunatFault, SunatNoAlcanzado, SunatRespuestaInvalida } from '../../src/errors';
import { getStatus, sendSummary, type TConfigSoap } from '../../src/transport';

let server: Server;
let cfg: TConfigSoap;
let respuesta: { status: number; tipo: string; cuerpo: string } = { status: 200, tipo: 'text/xml', cuerpo: '' };
let ultima: { headers: Record<string, unknown>; cuerpo: string } | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    let cuerpo = '';
    req.on('data', (c) => (cuerpo += c));
    req.on('end', () => {
      ultima = { headers: req.headers, cuerpo };
      res.writeHead(respuesta.status, { 'content-type': respuesta.tipo });
      res.end(respuesta.cuerpo);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cfg = { endpoints: { billService: `${url}/bill`, billConsultService: `${url}/consult` }, ruc: '20123456789', usuario: 'USU&<1', clave: 'cla"ve', timeoutMs: 2000 };
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

const sobre = (cuerpo: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>${cuerpo}</S:Body></S:Envelope>`;

describe('cliente SOAP', () => {
  it('envía WS-Security UsernameToken (RUC + usuario SOL, PasswordText) escapado y SOAPAction', async () => {
    respuesta = { status: 200, tipo: 'text/xml', cuerpo: sobre('<ns2:sendSummaryResponse xmlns:ns2="http://service.sunat.gob.pe"><ticket>202611220001</ticket></ns2:sendSummaryResponse>') };
    expect(await sendSummary(cfg, '20123456789-RC-20261122-1', new Uint8Array([1, 2, 3]))).toEqual({ ticket: '202611220001' });
    expect(ultima!.headers.soapaction).toBe('urn:sendSummary');
    expect(ultima!.cuerpo).toContain('<wsse:Username>20123456789USU&amp;&lt;1</wsse:Username>');
    expect(ultima!.cuerpo).toContain('#PasswordText">cla&quot;ve</wsse:Password>');
    expect(ultima!.cuerpo).toContain('<fileName>20123456789-RC-20261122-1.zip</fileName><contentFile>AQID</contentFile>');
  });

  it('un fault con el código en el faultstring también se traduce con el catálogo', async () => {
    respuesta = { status: 500, tipo: 'text/xml', cuerpo: sobre('<S:Fault><faultcode>S:Server</faultcode><faultstring>0130</faultstring></S:Fault>') };
    const e = await getStatus(cfg, '1').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SunatFault);
    expect(e).toMatchObject({ codigo: '0130', mensaje: 'El sistema no puede responder su solicitud. (No se pudo obtener el ticket de proceso)' });
  });

  it('una pasarela que responde 504 sin SOAP es "no alcanzado": el resultado es desconocido', async () => {
    respuesta = { status: 504, tipo: 'text/html', cuerpo: '<html><body>Gateway Timeout</body></html>' };
    await expect(getStatus(cfg, '1')).rejects.toBeInstanceOf(SunatNoAlcanzado);
  });

  it('un 200 que no es SOAP, o un fault sin código, es una respuesta inválida (ni fault ni no alcanzado)', async () => {
    respuesta = { status: 200, tipo: 'text/html', cuerpo: '<html>mantenimiento</html>' };
    await expect(getStatus(cfg, '1')).rejects.toBeInstanceOf(SunatRespuestaInvalida);
    respuesta = { status: 500, tipo: 'text/xml', cuerpo: sobre('<S:Fault><faultcode>S:Server</faultcode><faultstring>Internal Error</faultstring></S:Fault>') };
    await expect(getStatus(cfg, '1')).rejects.toBeInstanceOf(SunatRespuestaInvalida);
  });

  it('getStatus 98 = en proceso; un estado de error sin constancia es el fault de ese código', async () => {
    respuesta = { status: 200, tipo: 'text/xml', cuerpo: sobre('<ns2:getStatusResponse xmlns:ns2="http://service.sunat.gob.pe"><status><statusCode>98</statusCode></status></ns2:getStatusResponse>') };
    expect(await getStatus(cfg, '1')).toEqual({ estado: 'en_proceso', codigo: '98' });
    respuesta = { status: 200, tipo: 'text/xml', cuerpo: sobre('<ns2:getStatusResponse xmlns:ns2="http://service.sunat.gob.pe"><status><statusCode>0127</statusCode></status></ns2:getStatusResponse>') };
    await expect(getStatus(cfg, '1')).rejects.toMatchObject({ codigo: '0127', mensaje: 'El ticket no existe' });
  });
});
