// Badges by e-mail (issue 16, seed `enviar/fotocheck`) through the real API and the repo's SMTP stand-in: each worker
// gets his own one-card PDF; a worker without e-mail is reported back; tenancy, permissions and a server that is down.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TFotocheckEnvio, type TTrabajador } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

let e: Entorno;
let token: string;
let tokenOtra: string;
let tokenCajero: string;
let smtp: SMTPServer;
let puertoSmtp: number;
const recibidos: { para: string[]; crudo: string }[] = [];

beforeAll(async () => {
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'supervisor')).AccessToken;
  tokenOtra = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
  tokenCajero = (await sesionDe(e.app, 'cajero')).AccessToken;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, sesion, cb) {
      const partes: Buffer[] = [];
      stream.on('data', (c: Buffer) => partes.push(c));
      stream.on('end', () => {
        recibidos.push({ para: sesion.envelope.rcptTo.map((r) => r.address), crudo: Buffer.concat(partes).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  puertoSmtp = (smtp.server.address() as AddressInfo).port;
}, 180_000);
afterAll(async () => {
  if (smtp.server.listening) await new Promise<void>((ok) => smtp.close(() => ok()));
  delete process.env.SMTP_HOSTS_PERMITIDOS;
  await e?.cerrar();
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, t = token) =>
  e.app.inject(conToken(t, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));
const enviar = (cuerpo: unknown, t = token) => llamar('POST', '/api/rrhh/v1/enviar/fotocheck', cuerpo, t);
const emisiones = async (id: number) =>
  Number(((await e.dbh.db.execute(sql`select count(*)::int as n from fotocheck_emision where id_entidad = ${id}`)) as unknown as { rows: { n: number }[] }).rows[0].n);
/** The PDF attachments of a raw message, decoded from base64. */
const adjuntosPdf = (crudo: string) =>
  [...crudo.matchAll(/Content-Type: application\/pdf[^]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64'));

let rosa: TTrabajador;
let pedro: TTrabajador;

describe('fotocheck por correo', () => {
  it('prepara una trabajadora con correo y uno sin correo', async () => {
    rosa = (await llamar('POST', '/api/rrhh/v1/entidades', { IdTipoDocumento: 1, Documento: '45671299', Nombres: 'Rosa Elena', ApePat: 'Ccori', Correo: 'rosa.ccori@example.pe' })).json();
    pedro = (await llamar('POST', '/api/rrhh/v1/entidades', { IdTipoDocumento: 1, Documento: '46782399', Nombres: 'Pedro', ApePat: 'Yupanqui' })).json();
    expect(rosa.Id).toBeGreaterThan(0);
    expect(pedro.Id).toBeGreaterThan(0);
  });

  it('sin servidor de correo se pide configurarlo', async () => {
    const r = await enviar({ IdsTrabajador: [rosa.Id] });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().Mensaje).toBe('Configure el servidor de correo de la empresa antes de enviar correos');
  });

  it('envía a cada trabajador su fotocheck en PDF e informa al que no tiene correo', async () => {
    process.env.SMTP_HOSTS_PERMITIDOS = `127.0.0.1:${puertoSmtp}`;
    const g = await llamar('PUT', '/api/contabilidad/v1/configuraciones/correo', { Host: '127.0.0.1', Puerto: puertoSmtp, Seguro: false, Remitente: 'rrhh@comercialandina.pe' });
    expect(g.statusCode, g.body).toBe(200);
    const antes = await emisiones(rosa.Id);
    const r = await enviar({ IdsTrabajador: [rosa.Id, pedro.Id] });
    expect(r.statusCode, r.body).toBe(200);
    const b = r.json() as TFotocheckEnvio;
    expect(b.Enviados).toBe(1);
    expect(b.Omitidos).toBe(1);
    expect(b.Data.find((f) => f.IdTrabajador === rosa.Id)).toMatchObject({ Enviado: true, Destinatarios: ['rosa.ccori@example.pe'], Motivo: null });
    expect(b.Data.find((f) => f.IdTrabajador === pedro.Id)).toMatchObject({ Enviado: false, Destinatarios: [], Motivo: 'El trabajador no tiene correo registrado' });
    expect(recibidos).toHaveLength(1);
    expect(recibidos[0].para).toEqual(['rosa.ccori@example.pe']);
    expect(recibidos[0].crudo).toMatch(/Subject: =\?UTF-8\?Q\?Fotocheck|Subject: Fotocheck de Rosa Elena Ccori/);
    const pdfs = adjuntosPdf(recibidos[0].crudo);
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0].subarray(0, 5).toString()).toBe('%PDF-');
    expect(recibidos[0].crudo).toContain('fotocheck-45671299.pdf');
    // The sent badge is dated like a printed one; the skipped one is not.
    expect(await emisiones(rosa.Id)).toBe(antes + 1);
    expect(await emisiones(pedro.Id)).toBe(0);
  });

  it('con un solo trabajador se puede enviar a los correos indicados', async () => {
    recibidos.length = 0;
    const r = await enviar({ IdsTrabajador: [pedro.Id], Destinatarios: ['jefe.almacen@example.pe'] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ Enviados: 1, Omitidos: 0 });
    expect(recibidos.map((m) => m.para)).toEqual([['jefe.almacen@example.pe']]);
    const dos = await enviar({ IdsTrabajador: [rosa.Id, pedro.Id], Destinatarios: ['jefe.almacen@example.pe'] });
    expect(dos.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Destinatarios: 'Los destinatarios se indican solo al enviar el fotocheck de un trabajador' } });
    const malo = await enviar({ IdsTrabajador: [pedro.Id], Destinatarios: ['no-es-correo'] });
    expect(malo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { 'Destinatarios.0': 'Correo no válido' } });
    expect((await enviar({ IdsTrabajador: [] })).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdsTrabajador: 'Seleccione al menos un trabajador' } });
  });

  it('otra empresa recibe 404 y un cajero 403, sin enviar nada', async () => {
    recibidos.length = 0;
    expect((await enviar({ IdsTrabajador: [rosa.Id] }, tokenOtra)).statusCode).toBe(404);
    expect((await enviar({ IdsTrabajador: [rosa.Id] }, tokenCajero)).statusCode).toBe(403);
    expect((await enviar({ IdsTrabajador: [999_999] })).statusCode).toBe(404);
    expect(recibidos).toHaveLength(0);
  });

  it('con el servidor caído se informa por trabajador, sin error 5xx ni fecha de emisión', async () => {
    await new Promise<void>((ok) => smtp.close(() => ok()));
    const antes = await emisiones(rosa.Id);
    const r = await enviar({ IdsTrabajador: [rosa.Id] });
    expect(r.statusCode, r.body).toBe(200);
    const b = r.json() as TFotocheckEnvio;
    expect(b).toMatchObject({ Enviados: 0, Omitidos: 1 });
    expect(b.Data[0].Motivo).toMatch(/^No se pudo enviar el correo/);
    expect(await emisiones(rosa.Id)).toBe(antes);
  });
});
