// Round trips through the real transport clients against the SUNAT stand-in (packages/sunat-sim) on loopback.
import { iniciarSimulador, type TSimulador } from '@yupana/sunat-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leerCdr } from '../../src/cdr';
import { SunatFault, SunatNoAlcanzado } from '../../src/errors';
import { generarCertificadoPrueba, verificarFirma, type TCredencialFirma } from '../../src/signature';
import {
  consultarGre,
  endpointsSimulador,
  enviarComprobante,
  enviarGre,
  getStatus,
  getStatusCdr,
  sendBill,
  sendSummary,
  tokenGre,
  type TConfigGre,
  type TConfigSoap,
} from '../../src/transport';
import { zipDocumento } from '../../src/zip';
import { construirFirmado, ejemplo, factura, hoyLima } from './helpers/documentos';
import { exigirHerramienta, faltaXmlsec1, xmlsec1Verifica } from './helpers/entorno';

// The issuer of the package's examples (the stand-in checks the file's RUC against the SOL user's).
const RUC = (ejemplo('factura-gravada.json').emisor as { ruc: string }).ruc;
let sim: TSimulador;
let cred: TCredencialFirma;
let soap: TConfigSoap;
let gre: TConfigGre;
let siguiente = 100;

beforeAll(async () => {
  sim = await iniciarSimulador({ demoraTicketMs: 150 });
  cred = generarCertificadoPrueba({ ruc: RUC, razonSocial: 'COMERCIAL YUPANA S.A.C.' }).credencial;
  soap = { endpoints: endpointsSimulador(sim.url), ruc: RUC, usuario: 'MODDATOS', clave: 'moddatos', timeoutMs: 5000 };
  gre = { ...soap, endpoints: endpointsSimulador(sim.url).gre!, clientId: 'yupana-sim', clientSecret: 'yupana-sim-secreto' };
});
afterAll(async () => sim.detener());
afterEach(async () => sim.fallas.limpiar());

async function esperarTicket<T extends { estado: string }>(consultar: () => Promise<T>): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const r = await consultar();
    if (r.estado !== 'en_proceso') return r;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error('El ticket sigue en proceso');
}

describe('sendBill y getStatusCdr', () => {
  it('una factura vuelve con su CDR aceptado, firmado por el simulador y legible', async () => {
    const doc = factura(siguiente++, cred);
    const cdr = await sendBill(soap, doc.nombre, doc.zip);
    expect(cdr.clase).toBe('aceptado');
    expect(cdr.codigo).toBe('0');
    expect(cdr.referencia).toBe(doc.nombre.split('-').slice(2).join('-'));
    expect(cdr.descripcion).toMatch(/^La Factura numero F001-\d+, ha sido aceptada$/);
    expect(cdr.archivo).toBe(`R-${doc.nombre}.xml`);
    expect(verificarFirma(cdr.xml)).toEqual({ valida: true });
  });

  it('xmlsec1, un verificador independiente, acepta la firma del CDR del simulador', async (ctx) => {
    exigirHerramienta(ctx, faltaXmlsec1);
    const doc = factura(siguiente++, cred);
    const cdr = await sendBill(soap, doc.nombre, doc.zip);
    const r = xmlsec1Verifica(cdr.xml);
    expect(r.ok, r.salida).toBe(true);
  });

  it('el mismo número otra vez da 1033 y getStatusCdr recupera la constancia original', async () => {
    const doc = factura(siguiente++, cred);
    const original = await sendBill(soap, doc.nombre, doc.zip);
    const error = await sendBill(soap, doc.nombre, doc.zip).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SunatFault);
    expect(error).toMatchObject({ codigo: '1033', mensaje: 'El comprobante fue registrado previamente con otros datos', tipo: 'excepcion_contribuyente' });
    const [, tipo, serie, numero] = doc.nombre.split('-');
    const consulta = await getStatusCdr(soap, { ruc: RUC, tipo, serie, numero });
    expect(consulta.codigo).toBe('0004');
    expect(consulta.cdr?.xml).toBe(original.xml);
    expect(consulta.cdr?.clase).toBe('aceptado');
  });

  it('getStatusCdr de un número que SUNAT no tiene no trae constancia', async () => {
    const r = await getStatusCdr(soap, { ruc: RUC, tipo: '01', serie: 'F001', numero: 99999 });
    expect(r.cdr).toBeUndefined();
    expect(r.codigo).toBe('0011');
  });

  it('credenciales SOL incorrectas: fault 0102 con su mensaje en español, distinto de "no alcanzado"', async () => {
    const doc = factura(siguiente++, cred);
    const e = await sendBill({ ...soap, clave: 'otra' }, doc.nombre, doc.zip).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SunatFault);
    expect(e).not.toBeInstanceOf(SunatNoAlcanzado);
    expect(e).toMatchObject({ codigo: '0102', mensaje: 'Usuario o contrasena incorrectos' });
    // Nothing was registered: the same number goes through with the right password.
    expect((await sendBill(soap, doc.nombre, doc.zip)).clase).toBe('aceptado');
  });

  it('simulador caído: error tipado "no alcanzado" (conexión rechazada), y al volver se envía el mismo número', async () => {
    const doc = factura(siguiente++, cred);
    await sim.fallas.caer();
    const e = await sendBill(soap, doc.nombre, doc.zip).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SunatNoAlcanzado);
    expect(e).not.toBeInstanceOf(SunatFault);
    expect(e).toMatchObject({ motivo: 'conexion' });
    expect((e as Error).message).toMatch(/consulte el estado antes de reenviar/);
    await sim.fallas.levantar();
    expect((await sendBill(soap, doc.nombre, doc.zip)).clase).toBe('aceptado');
  });

  it('SUNAT lento: timeout "no alcanzado"; el documento sí quedó registrado y getStatusCdr lo resuelve', async () => {
    const doc = factura(siguiente++, cred);
    sim.fallas.agregar({ tipo: 'lento', demoraMs: 600, operacion: 'sendBill', veces: 1 });
    const e = await sendBill({ ...soap, timeoutMs: 200 }, doc.nombre, doc.zip).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SunatNoAlcanzado);
    expect(e).toMatchObject({ motivo: 'timeout' });
    // The stand-in finishes the work after the client gave up, as SUNAT does: ask until the CDR shows up.
    const [, tipo, serie, numero] = doc.nombre.split('-');
    let r = await getStatusCdr(soap, { ruc: RUC, tipo, serie, numero });
    for (let i = 0; i < 50 && !r.cdr; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      r = await getStatusCdr(soap, { ruc: RUC, tipo, serie, numero });
    }
    expect(r.cdr?.clase).toBe('aceptado');
  });

  it('respuesta perdida (conexión cortada tras procesar): "no alcanzado" de red y getStatusCdr trae el CDR', async () => {
    const doc = factura(siguiente++, cred);
    sim.fallas.agregar({ tipo: 'cortar', procesar: true, tipoDocumento: '01', veces: 1 });
    const e = await sendBill(soap, doc.nombre, doc.zip).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SunatNoAlcanzado);
    expect(e).toMatchObject({ motivo: 'red' });
    const [, tipo, serie, numero] = doc.nombre.split('-');
    expect((await getStatusCdr(soap, { ruc: RUC, tipo, serie, numero })).cdr?.clase).toBe('aceptado');
  });

  it('simulacro de excepción 0109 para la próxima llamada: fault, y el reenvío del mismo número se acepta', async () => {
    const doc = factura(siguiente++, cred);
    sim.fallas.agregar({ tipo: 'excepcion', codigo: '0109', tipoDocumento: '01', veces: 1 });
    await expect(sendBill(soap, doc.nombre, doc.zip)).rejects.toMatchObject({ codigo: '0109', tipo: 'excepcion_sunat' });
    expect((await sendBill(soap, doc.nombre, doc.zip)).clase).toBe('aceptado');
  });

  it('simulacro de rechazo 2800: CDR rechazado; el número queda usado (1032 al reenviar)', async () => {
    const doc = factura(siguiente++, cred);
    sim.fallas.agregar({ tipo: 'rechazo', codigo: '2800', veces: 1 });
    const cdr = await sendBill(soap, doc.nombre, doc.zip);
    expect(cdr).toMatchObject({ clase: 'rechazado', codigo: '2800' });
    expect(cdr.descripcion).toMatch(/tipo de documento de identidad del receptor/);
    await expect(sendBill(soap, doc.nombre, doc.zip)).rejects.toMatchObject({ codigo: '1032' });
  });

  it('simulacro de observación 4001: aceptado con la nota', async () => {
    const doc = factura(siguiente++, cred);
    sim.fallas.agregar({ tipo: 'rechazo', codigo: '4001', veces: 1 });
    const cdr = await sendBill(soap, doc.nombre, doc.zip);
    expect(cdr.clase).toBe('observado');
    expect(cdr.notas).toEqual([{ codigo: '4001', descripcion: 'El numero de RUC del receptor no existe.' }]);
  });
});

describe('enviarComprobante: 1033 y resultado desconocido se resuelven con getStatusCdr, nunca con otro número', () => {
  it('respuesta perdida: recupera el CDR consultando', async () => {
    const doc = factura(siguiente++, cred);
    sim.fallas.agregar({ tipo: 'cortar', procesar: true, operacion: 'sendBill', veces: 1 });
    const r = await enviarComprobante(soap, doc.nombre, doc.zip, { esperaMs: 50 });
    expect(r.via).toBe('getStatusCdr');
    expect(r.cdr.clase).toBe('aceptado');
  });

  it('timeout mientras SUNAT procesa: consulta hasta que aparece la constancia', async () => {
    const doc = factura(siguiente++, cred);
    sim.fallas.agregar({ tipo: 'lento', demoraMs: 400, operacion: 'sendBill', veces: 1 });
    const r = await enviarComprobante({ ...soap, timeoutMs: 150 }, doc.nombre, doc.zip, { esperaMs: 300, consultas: 10 });
    expect(r).toMatchObject({ via: 'getStatusCdr', cdr: { clase: 'aceptado' } });
  });

  it('reintento del mismo zip tras un 1033: devuelve la constancia original', async () => {
    const doc = factura(siguiente++, cred);
    const primero = await enviarComprobante(soap, doc.nombre, doc.zip);
    const segundo = await enviarComprobante(soap, doc.nombre, doc.zip);
    expect(primero.via).toBe('sendBill');
    expect(segundo.via).toBe('getStatusCdr');
    expect(segundo.cdr.xml).toBe(primero.cdr.xml);
  });

  it('si nunca llegó (simulador caído) sigue siendo "no alcanzado"; un rechazo no se consulta', async () => {
    const doc = factura(siguiente++, cred);
    await sim.fallas.caer();
    await expect(enviarComprobante(soap, doc.nombre, doc.zip, { esperaMs: 10, consultas: 2 })).rejects.toBeInstanceOf(SunatNoAlcanzado);
    await sim.fallas.levantar();
    sim.fallas.agregar({ tipo: 'excepcion', codigo: '0109', veces: 1 });
    await expect(enviarComprobante(soap, doc.nombre, doc.zip)).rejects.toMatchObject({ codigo: '0109' });
    expect((await enviarComprobante(soap, doc.nombre, doc.zip)).via).toBe('sendBill');
  });
});

describe('lo que el simulador revisa del contenido', () => {
  it('un XML firmado y luego alterado (un importe) se rechaza con 2335', async () => {
    const doc = factura(siguiente++, cred);
    const alterado = doc.xml.replace(/(<cbc:PayableAmount currencyID="PEN">)([\d.]+)/, '$1999.00');
    expect(alterado).not.toBe(doc.xml);
    const cdr = await sendBill(soap, doc.nombre, zipDocumento(doc.nombre, alterado));
    expect(cdr).toMatchObject({ clase: 'rechazado', codigo: '2335', descripcion: 'El documento electrónico ingresado ha sido alterado' });
  });

  it('totales que no cuadran (firmados así) se rechazan con 3280', async () => {
    const doc = construirFirmado({ ...ejemplo('factura-gravada.json'), numero: siguiente++, fechaEmision: hoyLima() }, cred, (xml) =>
      xml.replace(/(<cbc:PayableAmount currencyID="PEN">)([\d.]+)/, (_, a: string, b: string) => `${a}${(Number(b) + 5).toFixed(2)}`),
    );
    expect((await sendBill(soap, doc.nombre, doc.zip))).toMatchObject({ clase: 'rechazado', codigo: '3280' });
  });

  it('una factura emitida hace más de 3 días se rechaza con 2108 (presentación fuera de fecha)', async () => {
    const doc = factura(siguiente++, cred, { fechaEmision: hoyLima(-5) });
    expect(await sendBill(soap, doc.nombre, doc.zip)).toMatchObject({ clase: 'rechazado', codigo: '2108' });
  });

  it('nombre de archivo contra contenido y RUC del usuario: 1035 y 0154', async () => {
    const doc = factura(siguiente++, cred);
    const otroNombre = doc.nombre.replace('-F001-', '-F002-');
    await expect(sendBill(soap, otroNombre, zipDocumento(otroNombre, doc.xml))).rejects.toMatchObject({ codigo: '1035' });
    await expect(sendBill({ ...soap, ruc: '20999999991' }, doc.nombre, doc.zip)).rejects.toMatchObject({ codigo: '0154' });
  });
});

describe('resúmenes con ticket', () => {
  it('boletas por sendSummary -> ticket -> getStatus (en proceso y luego aceptado)', async () => {
    const rc = construirFirmado({ ...ejemplo('resumen-diario.json'), fechaEmision: hoyLima(), fechaReferencia: hoyLima(), correlativo: 1 }, cred);
    const { ticket } = await sendSummary(soap, rc.nombre, rc.zip);
    expect(ticket).toMatch(/^\d{13,}$/);
    expect((await getStatus(soap, ticket)).estado).toBe('en_proceso');
    const r = await esperarTicket(() => getStatus(soap, ticket));
    if (r.estado !== 'terminado') throw new Error('sin terminar');
    expect(r.codigo).toBe('0');
    expect(r.cdr).toMatchObject({ clase: 'aceptado', referencia: `RC-${hoyLima().replace(/-/g, '')}-1` });
    expect(r.cdr.descripcion).toMatch(/Resumen diario .* ha sido aceptado/);
    await expect(sendSummary(soap, rc.nombre, rc.zip)).rejects.toMatchObject({ codigo: '0402' });
  });

  it('un ticket que no existe es el fault 0127', async () => {
    await expect(getStatus(soap, '1234567890123')).rejects.toMatchObject({ codigo: '0127', mensaje: 'El ticket no existe' });
  });

  it('comunicación de baja de una factura aceptada: aceptada; de una que SUNAT no tiene: 2105', async () => {
    const f = factura(siguiente++, cred);
    await sendBill(soap, f.nombre, f.zip);
    const numero = Number(f.nombre.split('-')[3]);
    const base = { ...ejemplo('comunicacion-baja.json'), fechaEmision: hoyLima(), fechaReferencia: hoyLima() };
    const linea = { tipo: '01', serie: 'F001', numero, motivo: 'ERROR EN EL RUC DEL CLIENTE' };
    const ra = construirFirmado({ ...base, correlativo: 7, documentos: [linea] }, cred);
    const r = await esperarTicket(async () => getStatus(soap, (await ticketDe(ra)).ticket));
    expect(r.estado === 'terminado' && r.cdr.clase).toBe('aceptado');
    const ra2 = construirFirmado({ ...base, correlativo: 8, documentos: [{ ...linea, numero: 987654 }] }, cred);
    const r2 = await esperarTicket(async () => getStatus(soap, (await ticketDe(ra2)).ticket));
    expect(r2.estado === 'terminado' && r2.cdr).toMatchObject({ clase: 'rechazado', codigo: '2105' });
  });

  const tickets = new Map<string, Promise<{ ticket: string }>>();
  function ticketDe(d: { nombre: string; zip: Uint8Array }) {
    if (!tickets.has(d.nombre)) tickets.set(d.nombre, sendSummary(soap, d.nombre, d.zip));
    return tickets.get(d.nombre)!;
  }
});

describe('GRE por la API REST con OAuth2', () => {
  it('una guía de remisión remitente: token, envío, ticket y CDR aceptado', async () => {
    const g = construirFirmado({ ...ejemplo('guia-remitente-privado.json'), numero: siguiente++, fechaEmision: hoyLima(), fechaInicioTraslado: hoyLima() }, cred);
    const { ticket } = await enviarGre(gre, g.nombre, g.zip);
    expect(ticket).toMatch(/^[0-9a-f-]{36}$/);
    const r = await esperarTicket(() => consultarGre(gre, ticket));
    if (r.estado !== 'terminado') throw new Error(JSON.stringify(r));
    expect(r.cdr).toMatchObject({ clase: 'aceptado', referencia: g.nombre.split('-').slice(2).join('-') });
    expect(verificarFirma(r.cdr.xml).valida).toBe(true);
    // The token was requested once and reused for the send and every query.
    expect(sim.estado.tokens.size).toBe(1);
    // The same guide again: processed, then reported as error 1033 on the ticket.
    const otra = await enviarGre(gre, g.nombre, g.zip);
    const r2 = await esperarTicket(() => consultarGre(gre, otra.ticket));
    expect(r2).toMatchObject({ estado: 'error', codigo: '99', error: { codigo: '1033' } });
  });

  it('el token se renueva antes de vencer', async () => {
    const corto = await iniciarSimulador({ tokenTtlS: 3 });
    try {
      // Valid 3 s, renewed 2 s before expiry: reused during the first second, renewed after it.
      const cfg = { ...gre, endpoints: endpointsSimulador(corto.url).gre!, margenRenovacionMs: 2000 };
      const t1 = await tokenGre(cfg);
      expect(await tokenGre(cfg)).toBe(t1);
      await new Promise((ok) => setTimeout(ok, 1100));
      const t2 = await tokenGre(cfg);
      expect(t2).not.toBe(t1);
      expect(corto.estado.tokens.size).toBe(2);
    } finally {
      await corto.detener();
    }
  });

  it('muchas llamadas a la vez piden un solo token', async () => {
    const otro = await iniciarSimulador();
    try {
      const cfg = { ...gre, endpoints: endpointsSimulador(otro.url).gre! };
      const tokens = await Promise.all(Array.from({ length: 5 }, () => tokenGre(cfg)));
      expect(new Set(tokens).size).toBe(1);
      expect(otro.estado.tokens.size).toBe(1);
    } finally {
      await otro.detener();
    }
  });

  it('API GRE caída: "no alcanzado", distinto de un rechazo', async () => {
    const g = construirFirmado({ ...ejemplo('guia-remitente-privado.json'), numero: siguiente++, fechaEmision: hoyLima(), fechaInicioTraslado: hoyLima() }, cred);
    sim.fallas.agregar({ tipo: 'cortar', operacion: 'greEnvio', veces: 1 });
    const e = await enviarGre(gre, g.nombre, g.zip).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SunatNoAlcanzado);
    expect(e).not.toBeInstanceOf(SunatFault);
  });

  it('credenciales incorrectas en OAuth2 dan el fault 0102', async () => {
    const g = construirFirmado({ ...ejemplo('guia-remitente-privado.json'), numero: siguiente++, fechaEmision: hoyLima(), fechaInicioTraslado: hoyLima() }, cred);
    await expect(enviarGre({ ...gre, usuario: 'OTRO' }, g.nombre, g.zip)).rejects.toMatchObject({ codigo: '0102', mensaje: 'Usuario o contrasena incorrectos' });
  });
});

describe('leerCdr de lo que devuelve el simulador', () => {
  it('el zip del CDR trae la carpeta dummy/ como los de SUNAT y se lee igual', async () => {
    const doc = factura(siguiente++, cred);
    await sendBill(soap, doc.nombre, doc.zip);
    const [, , serie, numero] = doc.nombre.split('-');
    const registro = sim.estado.comprobantes.get(`${RUC}-01-${serie}-${Number(numero)}`)!;
    expect(leerCdr(registro.cdrZip).clase).toBe('aceptado');
  });
});
