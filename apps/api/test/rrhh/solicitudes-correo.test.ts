// E-mail notifications of request flows (issue 16, rrhhcorreo) through the real API and the repo's SMTP stand-in: the
// approvers of the current step are told when a request is registered or moves on, the worker when it is resolved;
// a mail server that is down never fails nor undoes the request, it leaves a note on it.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TSolicitud, type TTrabajador } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

let e: Entorno;
let token: string;
let tokenSoporte: string;
let tokenOtra: string;
let tokenCajero: string;
let smtp: SMTPServer;
let puertoSmtp: number;
const recibidos: { para: string[]; crudo: string }[] = [];

beforeAll(async () => {
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'supervisor')).AccessToken;
  tokenSoporte = (await sesionDe(e.app, 'soporte')).AccessToken;
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
const R = '/api/rrhh/v1';
/** The messages received since the last call, as their recipients. */
const destinatarios = () => recibidos.splice(0).map((m) => m.para);

let ana: TTrabajador;
let benito: TTrabajador;
let idFallida: number;

describe('notificaciones de las solicitudes por correo', () => {
  it('sin servidor de correo las solicitudes siguen sin notificar ni anotar nada', async () => {
    ana = (await llamar('POST', `${R}/entidades`, { IdTipoDocumento: 1, Documento: '40112233', Nombres: 'Ana', ApePat: 'Huamán', Correo: 'ana.huaman@example.pe' })).json();
    benito = (await llamar('POST', `${R}/entidades`, { IdTipoDocumento: 1, Documento: '40112244', Nombres: 'Benito', ApePat: 'Sulca' })).json();
    // Supervisor (2) then support (4): each step has its own approvers.
    const f = await llamar('POST', `${R}/plantillaflujo`, { Nombre: 'Vacaciones', TipoSolicitud: 'VACACIONES', Pasos: [{ Nombre: 'Jefe inmediato', IdRol: 2 }, { Nombre: 'Recursos humanos', IdRol: 4 }] });
    expect(f.statusCode, f.body).toBe(201);
    expect((await llamar('POST', `${R}/plantillaflujo`, { Nombre: 'Permisos', TipoSolicitud: 'PERMISO', Pasos: [{ Nombre: 'Jefe', IdRol: 2 }] })).statusCode).toBe(201);
    const r = await llamar('POST', `${R}/solicitud`, { IdTrabajador: benito.Id, Tipo: 'PERMISO', ConGoce: true, FechaDesde: '2026-03-02', FechaHasta: '2026-03-02', Motivo: 'Trámite' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json<TSolicitud>().Notificacion).toBeNull();
  });

  it('avisa a los aprobadores de cada paso y al final a la trabajadora', async () => {
    process.env.SMTP_HOSTS_PERMITIDOS = `127.0.0.1:${puertoSmtp}`;
    const g = await llamar('PUT', '/api/contabilidad/v1/configuraciones/correo', { Host: '127.0.0.1', Puerto: puertoSmtp, Seguro: false, Remitente: 'rrhh@comercialandina.pe' });
    expect(g.statusCode, g.body).toBe(200);
    const r = await llamar('POST', `${R}/solicitud`, { IdTrabajador: ana.Id, Tipo: 'VACACIONES', FechaDesde: '2026-06-15', FechaHasta: '2026-06-19', Motivo: 'Viaje familiar' });
    expect(r.statusCode, r.body).toBe(201);
    const s = r.json<TSolicitud>();
    expect(s.Notificacion).toBeNull();
    // Only the company's supervisors (not the other companies' ones, not the worker).
    expect(recibidos.map((m) => m.para)).toEqual([['supervisor@comercialandina.pe']]);
    expect(recibidos[0].crudo).toContain('Motivo: Viaje familiar');
    destinatarios();

    expect((await llamar('POST', `${R}/flujosolicitud/${s.Id}`, { Aprobar: true }, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('POST', `${R}/flujosolicitud/${s.Id}`, { Aprobar: true }, tokenCajero)).statusCode).toBe(403);
    expect(destinatarios()).toEqual([]);

    const paso1 = await llamar('POST', `${R}/flujosolicitud/${s.Id}`, { Aprobar: true, Comentario: 'Conforme' });
    expect(paso1.json()).toMatchObject({ Estado: 0, PasoActual: 2, Notificacion: null });
    expect(destinatarios()).toEqual([['soporte@comercialandina.pe']]);

    const paso2 = await llamar('POST', `${R}/flujosolicitud/${s.Id}`, { Aprobar: true, Comentario: 'Buen viaje' }, tokenSoporte);
    expect(paso2.json()).toMatchObject({ Estado: 1, Notificacion: null });
    const [fin] = recibidos;
    expect(destinatarios()).toEqual([['ana.huaman@example.pe']]);
    expect(fin.crudo).toMatch(/aprobada/);
  });

  it('un trabajador sin correo no recibe nada al resolverse su solicitud, sin nota de error', async () => {
    const r = await llamar('POST', `${R}/solicitud`, { IdTrabajador: benito.Id, Tipo: 'PERMISO', ConGoce: false, FechaDesde: '2026-04-06', FechaHasta: '2026-04-06', Motivo: 'Cita médica' });
    expect(destinatarios()).toEqual([['supervisor@comercialandina.pe']]);
    const rech = await llamar('POST', `${R}/flujosolicitud/${r.json().Id}`, { Aprobar: false, Comentario: 'Cierre de mes' });
    expect(rech.json()).toMatchObject({ Estado: 2, Notificacion: null });
    expect(destinatarios()).toEqual([]);
  });

  it('con el servidor caído la solicitud se registra y aprueba igual, con la nota de notificación no enviada', async () => {
    await new Promise<void>((ok) => smtp.close(() => ok()));
    const r = await llamar('POST', `${R}/solicitud`, { IdTrabajador: ana.Id, Tipo: 'PERMISO', ConGoce: true, FechaDesde: '2026-07-01', FechaHasta: '2026-07-01', Motivo: 'Trámite' });
    expect(r.statusCode, r.body).toBe(201);
    const s = r.json<TSolicitud>();
    expect(s.Notificacion).toMatch(/^Notificación no enviada: No se pudo enviar el correo/);
    expect((await llamar('GET', `${R}/solicitud/${s.Id}`)).json().Notificacion).toBe(s.Notificacion);
    const ok = await llamar('POST', `${R}/flujosolicitud/${s.Id}`, { Aprobar: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ Estado: 1, Notificacion: expect.stringMatching(/^Notificación no enviada/) });
    idFallida = s.Id;
  });

  it('reintentar la notificación (rrhhbanco): falla otra vez con el servidor caído; con el servidor de vuelta sale y borra el aviso', async () => {
    expect((await llamar('POST', `${R}/solicitud/${idFallida}/notificacion`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('POST', `${R}/solicitud/${idFallida}/notificacion`, undefined, tokenCajero)).statusCode).toBe(403);
    const otraVez = await llamar('POST', `${R}/solicitud/${idFallida}/notificacion`);
    expect(otraVez.statusCode, otraVez.body).toBe(200);
    expect(otraVez.json<TSolicitud>().Notificacion).toMatch(/^Notificación no enviada: No se pudo enviar el correo/);
    // The server is back on the same port.
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
    await new Promise<void>((ok) => smtp.listen(puertoSmtp, '127.0.0.1', ok));
    destinatarios();
    const r = await llamar('POST', `${R}/solicitud/${idFallida}/notificacion`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<TSolicitud>()).toMatchObject({ Estado: 1, Notificacion: null });
    // Approved: the worker is told.
    const [m] = recibidos;
    expect(destinatarios()).toEqual([['ana.huaman@example.pe']]);
    expect(m.crudo).toMatch(/aprobada/);
    // Nothing left to retry.
    const nada = await llamar('POST', `${R}/solicitud/${idFallida}/notificacion`);
    expect(nada.statusCode).toBe(409);
    expect(nada.json()).toMatchObject({ ErrorId: ErrorCodes.NOTIFICACION_SIN_PENDIENTE });
    expect(destinatarios()).toEqual([]);
  });
});
