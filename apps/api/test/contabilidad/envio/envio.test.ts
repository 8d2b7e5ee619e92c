import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EstadoSunat, ErrorCodes } from '@yupana/contracts';
import { leerCdr } from '@yupana/sunat';
import { iniciarSimulador, type TSimulador } from '@yupana/sunat-sim';
import type { DbHandle } from '../../../src/db/client';
import { cargarDatosDemo } from '../../../src/db/seed-demo';
import { AppError } from '../../../src/lib/app-error';
import { documentoContable } from '../../../src/modules/contabilidad/contabilidad.schema';
import { anularDocumento, listarRegularizaciones, regularizar } from '../../../src/modules/contabilidad/envio/anulacion.service';
import { envioLote } from '../../../src/modules/contabilidad/envio/envio.schema';
import { COLA_COMPROBANTE } from '../../../src/modules/contabilidad/envio/cola';
import { trabajo } from '../../../src/modules/trabajos/trabajos.schema';
import { crearServicioEnvio, type TOpcionesInicioEnvio, type TServicioEnvio } from '../../../src/modules/contabilidad/envio/envio.service';
import { fechaLima, generarResumenes } from '../../../src/modules/contabilidad/envio/lotes';
import { baseCompartida } from './base-compartida';
import { emitirPrueba, empresaPrueba, type TEmpresaPrueba } from './emitir-prueba';
import { proxyContador } from './proxy-contador';

// The worker against the in-process SUNAT stand-in, on PGlite (and on PostgreSQL with TEST_DATABASE_URL).
let dbh: DbHandle;
let otra: () => Promise<DbHandle>;
let cerrar: () => Promise<void>;
let sim: TSimulador;
let emp: TEmpresaPrueba;
const eventos: { idEmpresa: number; tipo: string; datos: Record<string, unknown> }[] = [];
const servicios: TServicioEnvio[] = [];

const RAPIDO: TOpcionesInicioEnvio = {
  resumenHora: null,
  intervaloMs: 20,
  esperaBaseMs: 50,
  maxEsperaMs: 300,
  esperaTicketMs: 100,
  esperaConsultaMs: 50,
  consultasCdr: 2,
  timeoutMs: 3000,
};

async function servicio(url: string, db = dbh.db, o: TOpcionesInicioEnvio = {}): Promise<TServicioEnvio> {
  const s = crearServicioEnvio({ db, publicar: (idEmpresa, e) => eventos.push({ idEmpresa, tipo: e.tipo, datos: e.datos as Record<string, unknown> }) });
  await s.iniciar({ ...RAPIDO, urlSimulador: url, ...o });
  servicios.push(s);
  return s;
}

async function doc(id: number) {
  const [d] = await dbh.db.select().from(documentoContable).where(eq(documentoContable.id, id));
  return d;
}

async function esperarEstado(ids: number[], estados: number[], ms = 20_000) {
  const fin = Date.now() + ms;
  for (;;) {
    const filas = await dbh.db.select({ id: documentoContable.id, e: documentoContable.idEstadoSunat }).from(documentoContable).where(inArray(documentoContable.id, ids));
    if (filas.length === ids.length && filas.every((f) => estados.includes(f.e))) return;
    if (Date.now() > fin) throw new Error(`estados ${JSON.stringify(filas)} no llegaron a ${estados}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

/** The sending jobs of some documents. */
const trabajosDe = (ids: number[]) => dbh.db.select().from(trabajo).where(and(eq(trabajo.cola, COLA_COMPROBANTE), inArray(trabajo.idReferencia, ids)));

/** The job of a document once its result is recorded (the document is answered first, the job closed right after). */
async function trabajoCerrado(idDocumento: number) {
  for (let i = 0; ; i++) {
    const [t] = await trabajosDe([idDocumento]);
    if ((t.estado !== 'EN_CURSO' && t.estado !== 'PENDIENTE') || i > 200) return t;
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  ({ dbh, otra, cerrar } = await baseCompartida());
  await dbh.migrar();
  await cargarDatosDemo(dbh.db);
  emp = await empresaPrueba(dbh.db);
  sim = await iniciarSimulador({ port: 0, demoraTicketMs: 150 });
});
afterEach(async () => {
  for (const s of servicios.splice(0)) await s.detener();
  await sim.fallas.limpiar();
});
afterAll(async () => {
  await sim?.detener();
  await cerrar();
});

describe('envío de facturas por sendBill', () => {
  it('una factura aceptada queda en estado 2 con su CDR guardado y el cambio se publica', async () => {
    const f = await emitirPrueba(dbh.db, emp, 'factura-gravada');
    expect((await doc(f.id)).idEstadoSunat).toBe(EstadoSunat.PENDIENTE_ENVIO);
    await servicio(sim.url);
    await esperarEstado([f.id], [EstadoSunat.ACEPTADO]);
    const d = await doc(f.id);
    expect(d.codigoSunat).toBe('0');
    expect(d.mensajeSunat).toContain(`${f.serie}-${f.numero}`);
    const cdr = leerCdr(d.cdr!);
    expect(cdr.referencia).toBe(`${f.serie}-${f.numero}`);
    expect(cdr.codigo).toBe('0');
    expect(sim.estado.comprobantes.get(`${emp.ruc}-01-${f.serie}-${f.numero}`)?.estado).toBe('aceptado');
    expect(eventos).toContainEqual({
      idEmpresa: emp.idEmpresa,
      tipo: 'documento.estado',
      datos: { IdDocumento: f.id, IdestadoSunat: 2, CodigoSunat: '0', MensajeSunat: d.mensajeSunat },
    });
  });

  it('una factura rechazada guarda el código y el mensaje de SUNAT (estado 5) y no se reintenta', async () => {
    sim.fallas.agregar({ tipo: 'rechazo', codigo: '2800', tipoDocumento: '01', veces: 1 });
    const f = await emitirPrueba(dbh.db, emp, 'factura-gravada');
    await servicio(sim.url);
    await esperarEstado([f.id], [EstadoSunat.RECHAZADO]);
    const d = await doc(f.id);
    expect(d.codigoSunat).toBe('2800');
    expect(d.mensajeSunat).toMatch(/tipo de documento/i);
    const t = await trabajoCerrado(f.id);
    expect(t.estado).toBe('HECHO');
    expect(t.intentos).toBe(1);
  });

  it('una excepción 0109 (SUNAT no puede responder) se reintenta con el mismo número, sin gastar intentos, hasta que SUNAT la acepta', async () => {
    sim.fallas.agregar({ tipo: 'excepcion', codigo: '0109', tipoDocumento: '01', operacion: 'sendBill', veces: 2 });
    const f = await emitirPrueba(dbh.db, emp, 'factura-gravada');
    await servicio(sim.url);
    await esperarEstado([f.id], [EstadoSunat.ACEPTADO]);
    const t = await trabajoCerrado(f.id);
    expect(t.intentos).toBe(1);
    expect(t.reintentosSinRespuesta).toBe(2);
  });

  it('una excepción que pide corregir algo (0156) gasta intentos y se reintenta con el mismo número', async () => {
    sim.fallas.agregar({ tipo: 'excepcion', codigo: '0156', tipoDocumento: '01', operacion: 'sendBill', veces: 2 });
    const f = await emitirPrueba(dbh.db, emp, 'factura-gravada');
    await servicio(sim.url);
    await esperarEstado([f.id], [EstadoSunat.ACEPTADO]);
    expect((await trabajoCerrado(f.id)).intentos).toBe(3);
  });

  it('una respuesta perdida (SUNAT la registró) se resuelve con getStatusCdr, sin reenviar otro número', async () => {
    sim.fallas.agregar({ tipo: 'cortar', procesar: true, tipoDocumento: '01', operacion: 'sendBill', veces: 1 });
    const f = await emitirPrueba(dbh.db, emp, 'factura-gravada');
    const proxy = await proxyContador(sim.url);
    try {
      await servicio(proxy.url);
      await esperarEstado([f.id], [EstadoSunat.ACEPTADO]);
      expect(leerCdr((await doc(f.id)).cdr!).referencia).toBe(`${f.serie}-${f.numero}`);
      // Only this document's name ever went out.
      expect([...proxy.envios.keys()]).toEqual([`${f.nombre}.zip`]);
    } finally {
      await proxy.cerrar();
    }
  });

  it('un tiempo de espera agotado queda "esperando respuesta" (4) y se resuelve con el mismo número (1033 + getStatusCdr)', async () => {
    sim.fallas.agregar({ tipo: 'lento', demoraMs: 1200, tipoDocumento: '01', operacion: 'sendBill', veces: 1 });
    const f = await emitirPrueba(dbh.db, emp, 'factura-gravada', { serie: 'F011' });
    const proxy = await proxyContador(sim.url);
    try {
      await servicio(proxy.url, dbh.db, { timeoutMs: 400, esperaBaseMs: 1500, maxEsperaMs: 1500 });
      await esperarEstado([f.id], [EstadoSunat.EN_PROCESO_ESPERA]);
      await esperarEstado([f.id], [EstadoSunat.ACEPTADO]);
      // Sent twice under the same name (the second answered 1033), never under another number.
      expect([...proxy.envios.entries()]).toEqual([[`${f.nombre}.zip`, 2]]);
      expect(eventos.filter((x) => x.datos.IdDocumento === f.id).map((x) => x.datos.IdestadoSunat)).toEqual([4, 2]);
    } finally {
      await proxy.cerrar();
    }
  });

  it('con el simulador caído los documentos quedan pendientes, ninguno se pierde y todos se aceptan al volver, con su número', async () => {
    await sim.fallas.caer();
    const emitidos = [];
    for (let i = 0; i < 6; i++) emitidos.push(await emitirPrueba(dbh.db, emp, 'factura-gravada', { serie: 'F005' }));
    await servicio(sim.url);
    const ids = emitidos.map((e) => e.id);
    // Every job has tried at least twice and found SUNAT down.
    for (let i = 0; i < 200; i++) {
      const t = await trabajosDe(ids);
      if (t.length === 6 && t.every((x) => x.reintentosSinRespuesta >= 2)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const mientras = await dbh.db.select().from(documentoContable).where(inArray(documentoContable.id, ids));
    // Connection refused: SUNAT never got them, so they are still "pendiente de envío" (not "awaiting reply").
    expect(mientras.map((d) => d.idEstadoSunat)).toEqual(ids.map(() => EstadoSunat.PENDIENTE_ENVIO));
    const trabajos = await trabajosDe(ids);
    expect(trabajos).toHaveLength(6);
    expect(trabajos.every((t) => t.estado !== 'HECHO' && t.estado !== 'FALLIDO' && t.reintentosSinRespuesta >= 2)).toBe(true);
    await sim.fallas.levantar();
    await esperarEstado(ids, [EstadoSunat.ACEPTADO]);
    const registrados = [...sim.estado.comprobantes.keys()].filter((k) => k.startsWith(`${emp.ruc}-01-F005-`)).sort();
    expect(registrados).toEqual(emitidos.map((e) => `${emp.ruc}-01-F005-${e.numero}`).sort());
    expect(emitidos.map((e) => e.numero)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('dos trabajadores sobre la misma base nunca envían un documento dos veces', async () => {
    const emitidos = [];
    for (let i = 0; i < 30; i++) emitidos.push(await emitirPrueba(dbh.db, emp, 'factura-gravada', { serie: 'F009' }));
    const proxy = await proxyContador(sim.url);
    try {
      // On PostgreSQL the second worker has its own pool, as a second API process would.
      await servicio(proxy.url, dbh.db, { ranuras: 4 });
      await servicio(proxy.url, (await otra()).db, { ranuras: 4 });
      await esperarEstado(emitidos.map((e) => e.id), [EstadoSunat.ACEPTADO], 60_000);
      const nombres = emitidos.map((e) => `${e.nombre}.zip`);
      for (const n of nombres) expect(proxy.envios.get(n)).toBe(1);
      expect([...proxy.envios.values()].reduce((a, b) => a + b, 0)).toBe(30);
    } finally {
      await proxy.cerrar();
    }
  });
});

describe('guías y notas', () => {
  it('una GRE remitente va por la API REST: ticket, consulta y aceptada con su CDR', async () => {
    const g = await emitirPrueba(dbh.db, emp, 'guia-remitente-privado', { extra: { fechaInicioTraslado: fechaLima() } });
    await servicio(sim.url);
    await esperarEstado([g.id], [EstadoSunat.ACEPTADO]);
    const t = await trabajoCerrado(g.id);
    expect(t.datos.ticket).toBeTruthy();
    expect(t.estado).toBe('HECHO');
    expect(leerCdr((await doc(g.id)).cdr!).referencia).toBe(`${g.serie}-${g.numero}`);
    // Waiting for SUNAT's ticket is not a failed attempt.
    expect(t.intentos).toBe(1);
  });

  it('la nota de crédito de una factura va por sendBill; la de una boleta, en el resumen con la boleta', async () => {
    const s = await servicio(sim.url);
    const f = await emitirPrueba(dbh.db, emp, 'factura-gravada', { serie: 'F020' });
    const ncf = await emitirPrueba(dbh.db, emp, 'nota-credito-anulacion', { serie: 'F020', documentoAfectado: { tipo: '01', serie: 'F020', numero: f.numero } });
    await esperarEstado([f.id, ncf.id], [EstadoSunat.ACEPTADO]);
    const b = await emitirPrueba(dbh.db, emp, 'boleta', { serie: 'B020' });
    const ncb = await emitirPrueba(dbh.db, emp, 'nota-credito-boleta', { serie: 'B020', documentoAfectado: { tipo: '03', serie: 'B020', numero: b.numero } });
    expect(await trabajosDe([b.id, ncb.id])).toHaveLength(0);
    const lotes = await generarResumenes(dbh.db, emp.idEmpresa, s.ajustes);
    expect(lotes.reduce((n, l) => n + l.documentos, 0)).toBeGreaterThanOrEqual(2);
    s.despertar();
    await esperarEstado([b.id, ncb.id], [EstadoSunat.ACEPTADO]);
  });
});

describe('resumen diario y anulaciones', () => {
  it('boleta -> resumen diario -> ticket -> aceptada', async () => {
    const b = await emitirPrueba(dbh.db, emp, 'boleta');
    const s = await servicio(sim.url);
    // A boleta has no job of its own: it waits for the resumen.
    expect(await trabajosDe([b.id])).toHaveLength(0);
    const lotes = await generarResumenes(dbh.db, emp.idEmpresa, s.ajustes);
    expect(lotes).toHaveLength(1);
    expect(lotes[0].nombre).toMatch(new RegExp(`^${emp.ruc}-RC-\\d{8}-\\d+$`));
    expect((await doc(b.id)).idEstadoSunat).toBe(EstadoSunat.EN_PROCESO);
    s.despertar();
    await esperarEstado([b.id], [EstadoSunat.ACEPTADO]);
    const [lote] = await dbh.db.select().from(envioLote).where(eq(envioLote.id, lotes[0].id));
    expect(lote.estado).toBe('ACEPTADO');
    expect(lote.ticket).toBeTruthy();
    expect((await doc(b.id)).cdr).toBeTruthy();
    // Nothing left for a second resumen.
    expect(await generarResumenes(dbh.db, emp.idEmpresa, s.ajustes)).toHaveLength(0);
  });

  it('el resumen diario automático sale a la hora configurada (RESUMEN_HORA, hora de Lima) y solo una vez al día', async () => {
    const b = await emitirPrueba(dbh.db, emp, 'boleta', { serie: 'B040' });
    // 00:00 has always passed: starting the service is enough for today's run.
    const s = await servicio(sim.url, dbh.db, { resumenHora: '00:00' });
    await esperarEstado([b.id], [EstadoSunat.ACEPTADO]);
    const lotesDeHoy = await dbh.db.select().from(envioLote).where(eq(envioLote.tipo, 'RC'));
    // A boleta issued after today's run waits for tomorrow's (or for the on-demand resumen).
    const b2 = await emitirPrueba(dbh.db, emp, 'boleta', { serie: 'B040' });
    await new Promise((r) => setTimeout(r, 300));
    expect((await doc(b2.id)).idEstadoSunat).toBe(EstadoSunat.PENDIENTE_ENVIO);
    expect(await dbh.db.select().from(envioLote).where(eq(envioLote.tipo, 'RC'))).toHaveLength(lotesDeHoy.length);
    await s.resumenDiario();
    await esperarEstado([b2.id], [EstadoSunat.ACEPTADO]);
  });

  it('un resumen rechazado deja sus boletas erróneas (7) con el código de SUNAT; regularizadas, van en otro resumen con su mismo número', async () => {
    sim.fallas.agregar({ tipo: 'rechazo', codigo: '2072', tipoDocumento: 'RC', veces: 1 });
    const b = await emitirPrueba(dbh.db, emp, 'boleta', { serie: 'B030' });
    const s = await servicio(sim.url);
    const [primero] = await generarResumenes(dbh.db, emp.idEmpresa, s.ajustes);
    s.despertar();
    await esperarEstado([b.id], [EstadoSunat.ERRONEO]);
    expect((await doc(b.id)).codigoSunat).toBe('2072');
    expect((await dbh.db.select().from(envioLote).where(eq(envioLote.id, primero.id)))[0].estado).toBe('RECHAZADO');
    expect((await listarRegularizaciones(dbh.db, emp.idEmpresa, 1, 50)).Data.map((x) => x.IdDocumento)).toContain(b.id);
    await regularizar(dbh.db, emp.idEmpresa, 1, [b.id]);
    const [segundo] = await generarResumenes(dbh.db, emp.idEmpresa, s.ajustes);
    expect(segundo.nombre).not.toBe(primero.nombre);
    s.despertar();
    await esperarEstado([b.id], [EstadoSunat.ACEPTADO]);
    const d = await doc(b.id);
    expect(`${d.serie}-${d.correlativo}`).toBe(`B030-${b.numero}`);
  });

  it('anular una factura: comunicación de baja (RA) -> estado 10; una segunda anulación da 1408', async () => {
    const f = await emitirPrueba(dbh.db, emp, 'factura-gravada');
    const s = await servicio(sim.url);
    await esperarEstado([f.id], [EstadoSunat.ACEPTADO]);
    const r = await anularDocumento(dbh.db, s.ajustes, { idEmpresa: emp.idEmpresa, idUsuario: 1 }, f.id, 'ERROR EN EL RUC DEL CLIENTE');
    expect(r.Lote).toMatch(new RegExp(`^${emp.ruc}-RA-`));
    await expect(anularDocumento(dbh.db, s.ajustes, { idEmpresa: emp.idEmpresa, idUsuario: 1 }, f.id, 'OTRA VEZ')).rejects.toMatchObject({
      code: ErrorCodes.DOCUMENTO_ANULADO,
    });
    s.despertar();
    await esperarEstado([f.id], [EstadoSunat.ANULADO]);
    const d = await doc(f.id);
    expect(d.anulado).toBe(true);
    expect(d.motivoAnulacion).toBe('ERROR EN EL RUC DEL CLIENTE');
    expect(sim.estado.comprobantes.get(`${emp.ruc}-01-${f.serie}-${f.numero}`)?.estado).toBe('baja');
    const segunda = await anularDocumento(dbh.db, s.ajustes, { idEmpresa: emp.idEmpresa, idUsuario: 1 }, f.id, 'OTRA VEZ').catch((e: unknown) => e);
    expect(segunda).toBeInstanceOf(AppError);
    expect((segunda as AppError).code).toBe(1408);
  });

  it('anular una boleta va en el resumen diario con estado 3 y termina anulada', async () => {
    const b = await emitirPrueba(dbh.db, emp, 'boleta');
    const s = await servicio(sim.url);
    // Not yet informed to SUNAT: it cannot be voided yet.
    await expect(anularDocumento(dbh.db, s.ajustes, { idEmpresa: emp.idEmpresa, idUsuario: 1 }, b.id, 'VENTA CANCELADA')).rejects.toMatchObject({ status: 400 });
    await s.resumenDiario();
    await esperarEstado([b.id], [EstadoSunat.ACEPTADO]);
    const r = await anularDocumento(dbh.db, s.ajustes, { idEmpresa: emp.idEmpresa, idUsuario: 1 }, b.id, 'VENTA CANCELADA');
    expect(r.Lote).toMatch(new RegExp(`^${emp.ruc}-RC-`));
    s.despertar();
    await esperarEstado([b.id], [EstadoSunat.ANULADO]);
    const lotes = await dbh.db.select().from(envioLote).where(eq(envioLote.nombre, r.Lote!));
    expect(Buffer.from(lotes[0].xmlFirmado).toString('utf8')).toMatch(/<cac:Status><cbc:ConditionCode>3<\/cbc:ConditionCode><\/cac:Status>/);
  });

  it('una factura que agotó sus intentos queda errónea (7), aparece en regularizaciones y se acepta al regularizarla', async () => {
    sim.fallas.agregar({ tipo: 'excepcion', codigo: '0156', tipoDocumento: '01', operacion: 'sendBill', veces: 2 });
    const f = await emitirPrueba(dbh.db, emp, 'factura-gravada', { serie: 'F007' });
    const s = await servicio(sim.url, dbh.db, { maxIntentos: 2 });
    await esperarEstado([f.id], [EstadoSunat.ERRONEO]);
    expect((await trabajoCerrado(f.id)).estado).toBe('FALLIDO');
    const lista = await listarRegularizaciones(dbh.db, emp.idEmpresa, 1, 10);
    const fila = lista.Data.find((x) => x.IdDocumento === f.id);
    expect(fila).toMatchObject({ SerieNumero: `F007-${f.numero}`, IdestadoSunat: 7, CodigoSunat: '0156', Intentos: 2 });
    expect(await regularizar(dbh.db, emp.idEmpresa, 1, [f.id])).toEqual({ Regularizados: 1 });
    s.despertar();
    await esperarEstado([f.id], [EstadoSunat.ACEPTADO]);
    expect((await listarRegularizaciones(dbh.db, emp.idEmpresa, 1, 10)).Data.find((x) => x.IdDocumento === f.id)).toBeUndefined();
    expect(sim.estado.comprobantes.has(`${emp.ruc}-01-F007-${f.numero}`)).toBe(true);
  });
});
