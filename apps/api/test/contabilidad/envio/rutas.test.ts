import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EstadoSunat } from '@yupana/contracts';
import { documentoContable } from '../../../src/modules/contabilidad/contabilidad.schema';
import { servicioEnvioDe } from '../../../src/modules/contabilidad/envio/envio.routes';
import { fechaLima } from '../../../src/modules/contabilidad/envio/lotes';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../../helpers';
import { emitirPrueba, empresaPrueba, type TEmpresaPrueba } from './emitir-prueba';

// The HTTP side: voiding, resumen on demand, regularizaciones and e-mail, through the real app (auth included).
let e: Entorno;
let emp: TEmpresaPrueba;
let token: string;
let smtp: SMTPServer;
let puertoSmtp: number;
const recibidos: { de: string; para: string[]; crudo: string; usuario?: string }[] = [];

beforeAll(async () => {
  e = await crearEntorno();
  emp = await empresaPrueba(e.dbh.db);
  token = (await sesionDe(e.app, 'supervisor')).AccessToken;
  await servicioEnvioDe(e.app).iniciar({
    simulador: { port: 0, demoraTicketMs: 100 },
    resumenHora: null,
    intervaloMs: 20,
    esperaBaseMs: 50,
    maxEsperaMs: 300,
    esperaTicketMs: 100,
    timeoutMs: 3000,
  });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _s, cb) {
      if (auth.username === 'ventas@comercialandina.pe' && auth.password === 'clave-smtp-123') cb(null, { user: auth.username });
      else cb(new Error('Credenciales SMTP inválidas'));
    },
    onData(stream, sesion, cb) {
      const partes: Buffer[] = [];
      stream.on('data', (c: Buffer) => partes.push(c));
      stream.on('end', () => {
        recibidos.push({
          de: sesion.envelope.mailFrom ? sesion.envelope.mailFrom.address : '',
          para: sesion.envelope.rcptTo.map((r) => r.address),
          crudo: Buffer.concat(partes).toString('utf8'),
          usuario: sesion.user as string | undefined,
        });
        cb();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  puertoSmtp = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((ok) => smtp.close(() => ok()));
  await e.cerrar();
});

const pedir = (o: Parameters<typeof conToken>[1]) => e.app.inject(conToken(token, o));

// Read from the table: the document's GET route belongs to the issuing module and is tested there.
async function esperarEstado(id: number, estado: number) {
  for (let i = 0; i < 400; i++) {
    const [d] = await e.dbh.db.select().from(documentoContable).where(eq(documentoContable.id, id));
    if (d?.idEstadoSunat === estado) return d;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`el documento ${id} no llegó al estado ${estado}`);
}

/** Attachments of a MIME message: file name -> decoded bytes. */
function adjuntos(crudo: string): Map<string, Buffer> {
  const m = new Map<string, Buffer>();
  const frontera = /boundary="?([^"\r\n;]+)"?/i.exec(crudo)?.[1];
  if (!frontera) return m;
  for (const parte of crudo.split(`--${frontera}`)) {
    const [cabecera, ...cuerpo] = parte.split(/\r?\n\r?\n/);
    const nombre = /filename="?([^"\r\n;]+)"?/i.exec(cabecera)?.[1];
    if (!nombre) continue;
    m.set(nombre, Buffer.from(cuerpo.join('\n\n').replace(/\s+/g, ''), 'base64'));
  }
  return m;
}

describe('rutas de envío', () => {
  it('anular por HTTP: motivo obligatorio, RA aceptada -> estado 10, y 1408 al repetir', async () => {
    const f = await emitirPrueba(e.dbh.db, emp, 'factura-gravada', { serie: 'F101' });
    await esperarEstado(f.id, EstadoSunat.ACEPTADO);
    const sinMotivo = await pedir({ method: 'PUT', url: `/api/contabilidad/v1/documentoContable/${f.id}/anulaciones`, payload: {} });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json()).toMatchObject({ ErrorId: 500001, Errores: { Motivo: 'Indique el motivo de la anulación' } });
    const r = await pedir({ method: 'PUT', url: `/api/contabilidad/v1/documentoContable/${f.id}/anulaciones`, payload: { Motivo: 'Error en el precio' } });
    expect(r.statusCode).toBe(200);
    expect(r.json().Lote).toMatch(/-RA-\d{8}-\d+$/);
    const anulado = await esperarEstado(f.id, EstadoSunat.ANULADO);
    expect(anulado.anulado).toBe(true);
    const otra = await pedir({ method: 'PUT', url: `/api/contabilidad/v1/documentoContable/${f.id}/anulaciones`, payload: { Motivo: 'Otra vez' } });
    expect(otra.statusCode).toBe(400);
    expect(otra.json().ErrorId).toBe(1408);
    const lotes = await pedir({ method: 'GET', url: '/api/contabilidad/v1/resumenes' });
    expect(lotes.json().Data[0]).toMatchObject({ Tipo: 'RA', Estado: 'ACEPTADO', Documentos: 1 });
  });

  it('el CDR de un documento aceptado se descarga (archivo 3); pasado el plazo de 7 días la baja se rechaza y pide una nota de crédito', async () => {
    const f = await emitirPrueba(e.dbh.db, emp, 'factura-gravada', { serie: 'F101' });
    await esperarEstado(f.id, EstadoSunat.ACEPTADO);
    const cdr = await pedir({ method: 'GET', url: `/api/contabilidad/v1/documentoContable/${f.id}/archivos/3` });
    expect(cdr.statusCode).toBe(200);
    expect(cdr.headers['content-type']).toContain('application/zip');
    expect(String(cdr.headers['content-disposition'])).toMatch(/filename="R-20600123450-01-F101-\d+\.zip"/);
    // A zip: local file header "PK\x03\x04", holding SUNAT's ApplicationResponse for this document.
    expect(cdr.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');

    // Eight days later (the issue date moved back, as if time had passed) SUNAT would refuse the RA (rule 2957).
    const hace8 = new Date(Date.parse(`${fechaLima()}T12:00:00Z`) - 8 * 86_400_000).toISOString().slice(0, 10);
    await e.dbh.db.update(documentoContable).set({ fechaEmision: hace8 }).where(eq(documentoContable.id, f.id));
    const r = await pedir({ method: 'PUT', url: `/api/contabilidad/v1/documentoContable/${f.id}/anulaciones`, payload: { Motivo: 'Error en el precio' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().Mensaje).toBe('El comprobante no puede ser dado de baja por exceder el plazo desde su fecha de emisión (7 días); emita una nota de crédito');
    const [d] = await e.dbh.db.select().from(documentoContable).where(eq(documentoContable.id, f.id));
    expect(d).toMatchObject({ idEstadoSunat: EstadoSunat.ACEPTADO, anulado: false, motivoAnulacion: null });
  });

  it('de punta a punta: una factura emitida por HTTP (también la de la empresa demo, con el RUC de demostración) queda aceptada', async () => {
    for (const usuario of ['supervisor', 'demo.supervisor']) {
      const t = (await sesionDe(e.app, usuario)).AccessToken;
      const series = await e.app.inject(conToken(t, { method: 'GET', url: '/api/entidades/v2/entidades/series?idtipodocumento=1003' }));
      const idSerie = (series.json() as { Data: { Id: number; Serie: string }[] }).Data[0].Id;
      const r = await e.app.inject(
        conToken(t, {
          method: 'POST',
          url: '/api/contabilidad/v1/documentoContable',
          payload: {
            IdTipoDocumento: 1003,
            IdSerie: idSerie,
            IdMoneda: 1,
            IdCondicionPago: 1,
            FechaEmision: fechaLima(),
            ListaItems: [{ ItemDescripcion: 'ARROZ COSTEÑO 5 KG', CodigoUnidad: 'NIU', Cantidad: '2', PrecioUnitario: '25.90', TipoAfectacion: '10' }],
            ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100070970', RazonSocial: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA' }],
          },
        }),
      );
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json().IdestadoSunat).toBe(EstadoSunat.PENDIENTE_ENVIO);
      const d = await esperarEstado(r.json().Id, EstadoSunat.ACEPTADO);
      expect(d.codigoSunat).toBe('0');
      expect(d.cdr).toBeTruthy();
    }
  });

  it('otra empresa no ve ni anula el documento (404)', async () => {
    const f = await emitirPrueba(e.dbh.db, emp, 'factura-gravada', { serie: 'F102' });
    const ajeno = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
    const r = await e.app.inject(conToken(ajeno, { method: 'PUT', url: `/api/contabilidad/v1/documentoContable/${f.id}/anulaciones`, payload: { Motivo: 'Intento ajeno' } }));
    expect(r.statusCode).toBe(404);
    expect((await esperarEstado(f.id, EstadoSunat.ACEPTADO)).anulado).toBe(false);
  });

  it('resumen diario a pedido: la boleta pendiente sale aceptada', async () => {
    const b = await emitirPrueba(e.dbh.db, emp, 'boleta', { serie: 'B101' });
    const r = await pedir({ method: 'POST', url: '/api/contabilidad/v1/resumenes', payload: {} });
    expect(r.statusCode).toBe(200);
    expect(r.json().Count).toBeGreaterThanOrEqual(1);
    await esperarEstado(b.id, EstadoSunat.ACEPTADO);
    const vacio = await pedir({ method: 'POST', url: '/api/contabilidad/v1/resumenes', payload: {} });
    expect(vacio.json()).toMatchObject({ Count: 0, Mensaje: 'No hay boletas ni notas pendientes de informar' });
  });

  it('correo: la configuración guarda la clave cifrada sin devolverla, y el comprobante llega con su PDF y su XML', async () => {
    const sinConfig = await pedir({ method: 'GET', url: '/api/contabilidad/v1/configuraciones/correo' });
    expect(sinConfig.json()).toBeNull();
    // A local mail server is refused unless the operator lists it (SMTP_HOSTS_PERMITIDOS): by default only public
    // servers on the mail ports.
    const cuerpo = { Host: '127.0.0.1', Puerto: puertoSmtp, Seguro: false, Usuario: 'ventas@comercialandina.pe', Clave: 'clave-smtp-123', Remitente: 'ventas@comercialandina.pe' };
    for (const [Host, Puerto] of [['127.0.0.1', puertoSmtp], ['169.254.169.254', 25], ['10.0.0.5', 587], ['smtp.gmail.com', 6379]] as const) {
      const no = await pedir({ method: 'PUT', url: '/api/contabilidad/v1/configuraciones/correo', payload: { ...cuerpo, Host, Puerto } });
      expect(no.statusCode, `${Host}:${Puerto}`).toBe(400);
      expect(no.json().Errores.Host).toMatch(/no puede ser una dirección local o privada|no está permitido/);
    }
    const publico = await pedir({ method: 'PUT', url: '/api/contabilidad/v1/configuraciones/correo', payload: { ...cuerpo, Host: 'smtp.gmail.com', Puerto: 587 } });
    expect(publico.statusCode, publico.body).toBe(200);
    process.env.SMTP_HOSTS_PERMITIDOS = `127.0.0.1:${puertoSmtp}`;
    const g = await pedir({
      method: 'PUT',
      url: '/api/contabilidad/v1/configuraciones/correo',
      payload: { Host: '127.0.0.1', Puerto: puertoSmtp, Seguro: false, Usuario: 'ventas@comercialandina.pe', Clave: 'clave-smtp-123', Remitente: 'ventas@comercialandina.pe' },
    });
    expect(g.statusCode).toBe(200);
    expect(g.json()).toMatchObject({ TieneClave: true, Usuario: 'ventas@comercialandina.pe' });
    expect(g.body).not.toContain('clave-smtp-123');
    const f = await emitirPrueba(e.dbh.db, emp, 'factura-gravada', { serie: 'F103' });
    const r = await pedir({ method: 'POST', url: `/api/contabilidad/v1/documentoContable/${f.id}/correos`, payload: { Destinatarios: ['compras@cliente.pe'] } });
    expect(r.statusCode, r.body).toBe(200);
    const m = recibidos.at(-1)!;
    expect(m.para).toEqual(['compras@cliente.pe']);
    expect(m.usuario).toBe('ventas@comercialandina.pe');
    const a = adjuntos(m.crudo);
    expect([...a.keys()].sort()).toEqual([`${f.nombre}.pdf`, `${f.nombre}.xml`]);
    expect(a.get(`${f.nombre}.pdf`)!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(a.get(`${f.nombre}.xml`)!.toString('utf8')).toContain(`<cbc:ID>${f.serie}-${f.numero}</cbc:ID>`);
    const malo = await pedir({ method: 'POST', url: `/api/contabilidad/v1/documentoContable/${f.id}/correos`, payload: { Destinatarios: ['no-es-correo'] } });
    expect(malo.statusCode).toBe(400);
    // The server's own words stay in the log: the user gets ours.
    await pedir({ method: 'PUT', url: '/api/contabilidad/v1/configuraciones/correo', payload: { ...cuerpo, Clave: 'otra-clave' } });
    const rechazado = await pedir({ method: 'POST', url: `/api/contabilidad/v1/documentoContable/${f.id}/correos`, payload: { Destinatarios: ['compras@cliente.pe'] } });
    // The company's own mail server refusing its own credentials is their configuration, not our fault: a 422, never a 5xx.
    expect(rechazado.statusCode).toBe(422);
    expect(rechazado.json().Mensaje).toBe('No se pudo enviar el correo: el servidor de correo rechazó el usuario o la contraseña');
    expect(rechazado.body).not.toContain('Credenciales SMTP inválidas');
    // Allowed when saved, refused at connect time once the operator takes it off the list.
    process.env.SMTP_HOSTS_PERMITIDOS = 'smtp.gmail.com';
    const yaNo = await pedir({ method: 'POST', url: `/api/contabilidad/v1/documentoContable/${f.id}/correos`, payload: { Destinatarios: ['compras@cliente.pe'] } });
    expect(yaNo.statusCode).toBe(400);
    expect(yaNo.json().Mensaje).toBe('El servidor de correo configurado no está permitido: revise la configuración de correo de la empresa');
    delete process.env.SMTP_HOSTS_PERMITIDOS;
  });

  it('configuración SUNAT: la URL del OSE solo puede apuntar a SUNAT o a un OSE permitido, por https', async () => {
    const C = '/api/contabilidad/v1/configuraciones/sunat';
    for (const UrlOse of ['http://169.254.169.254/latest/meta-data', 'https://127.0.0.1:6379/', 'https://intranet.miempresa.local/billService', 'http://ose.nubefact.com/ol-ti-itcpe/billService', 'https://usuario:clave@e-factura.sunat.gob.pe/x']) {
      const r = await pedir({ method: 'PUT', url: C, payload: { Ambiente: 'OSE', UrlOse } });
      expect(r.statusCode, UrlOse).toBe(400);
      expect(r.json().Errores.UrlOse, UrlOse).toBeTruthy();
    }
    const ok = await pedir({ method: 'PUT', url: C, payload: { Ambiente: 'OSE', UrlOse: 'https://ose.nubefact.com/ol-ti-itcpe/billService' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().UrlOse).toBe('https://ose.nubefact.com/ol-ti-itcpe/billService');
    await pedir({ method: 'PUT', url: C, payload: { Ambiente: 'SIMULADOR' } });
    // A demo company sends to the stand-in only.
    const demo = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
    const r = await e.app.inject(conToken(demo, { method: 'PUT', url: C, payload: { Ambiente: 'OSE', UrlOse: 'https://ose.nubefact.com/ol-ti-itcpe/billService' } }));
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().Errores.Ambiente).toBe('Una empresa de demostración solo envía sus comprobantes al simulador de SUNAT');
  });
});
