import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TComparacionSire, TProcesoSire } from '@yupana/contracts';
import type { TSimulador } from '@yupana/sunat-sim';
import { empresa } from '../../src/db/schema';
import { documentoContable } from '../../src/modules/contabilidad/contabilidad.schema';
import { servicioEnvioDe } from '../../src/modules/contabilidad/envio/envio.routes';
import { fechaLima } from '../../src/modules/contabilidad/envio/lotes';
import { sireCredencial, sireProceso } from '../../src/modules/contabilidad/sire/sire.schema';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';
import { emitirPrueba, empresaPrueba, type TEmpresaPrueba } from '../contabilidad/envio/emitir-prueba';

// SIRE against the SUNAT stand-in: the documents the stand-in received make SUNAT's proposal; the test adds one
// Yupana lacks, changes one and hides one, then compares, generates and sends the replacement, accepts, and reads
// the history. Everything through HTTP (auth, permissions) and the real database.
let e: Entorno;
let emp: TEmpresaPrueba;
let sim: TSimulador;
let token: string;
const periodo = fechaLima().slice(0, 7);
const per = periodo.replace('-', '');
let f1: { serie: string; numero: number };
let f2: { serie: string; numero: number };
let nc: { serie: string; numero: number };

async function esperarAceptado(id: number) {
  for (let i = 0; i < 400; i++) {
    const [d] = await e.dbh.db.select().from(documentoContable).where(eq(documentoContable.id, id));
    if (d?.idEstadoSunat === 2) return;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`el documento ${id} no fue aceptado`);
}

beforeAll(async () => {
  e = await crearEntorno();
  emp = await empresaPrueba(e.dbh.db);
  token = (await sesionDe(e.app, 'supervisor')).AccessToken;
  await servicioEnvioDe(e.app).iniciar({
    simulador: { port: 0, demoraTicketMs: 100, demoraSireMs: 150 },
    resumenHora: null, intervaloMs: 20, esperaBaseMs: 50, maxEsperaMs: 300, esperaTicketMs: 100, timeoutMs: 3000,
  });
  sim = servicioEnvioDe(e.app).simulador!;
  const a = await emitirPrueba(e.dbh.db, emp, 'factura-gravada', { serie: 'F001' });
  const b = await emitirPrueba(e.dbh.db, emp, 'factura-gravada', { serie: 'F001' });
  await esperarAceptado(a.id);
  await esperarAceptado(b.id);
  const c = await emitirPrueba(e.dbh.db, emp, 'nota-credito-anulacion', { serie: 'FC01', documentoAfectado: { tipo: '01', serie: 'F001', numero: a.numero } });
  await esperarAceptado(c.id);
  await e.dbh.db.update(documentoContable).set({ idDocumentoAfectado: a.id }).where(eq(documentoContable.id, c.id));
  f1 = a;
  f2 = b;
  nc = c;
});
afterAll(async () => {
  await e?.cerrar();
});

const pedir = (o: Parameters<typeof conToken>[1], t = token) => e.app.inject(conToken(t, o));
const base = `/api/contabilidad/v1/sire`;

describe('SIRE RVIE contra el simulador', () => {
  it('sin propuesta: todos los documentos de Yupana figuran como faltantes en SUNAT', async () => {
    const r = await pedir({ method: 'GET', url: `${base}/rvie/${periodo}/comparacion` });
    expect(r.statusCode).toBe(200);
    const c = r.json() as TComparacionSire;
    expect(c.IdProcesoPropuesta).toBeNull();
    expect(c.Resumen).toEqual({ IGUAL: 0, DIFERENTE: 0, FALTA_EN_YUPANA: 0, FALTA_EN_SUNAT: 3 });
  });

  it('descarga la propuesta (token, ticket, consulta, zip) y la compara: 1 igual, 1 diferente, 1 falta en Yupana, 1 falta en SUNAT', async () => {
    // SUNAT's side: one document Yupana lacks, one with another total, the credit note not informed.
    sim.sire.agregar(emp.ruc, '140000', per, {
      fechaEmision: `${periodo}-02`, tipo: '01', serie: 'F009', numero: '77', tipoDocContraparte: '6', numDocContraparte: '20100070970',
      razonSocialContraparte: 'SUPERMERCADOS PERUANOS S.A.', baseGravada: '200.00', igv: '36.00', exonerado: '0', inafecto: '0', isc: '0', icbper: '0', otros: '0', total: '236.00', moneda: 'PEN',
    });
    sim.sire.ajustar(emp.ruc, '140000', per, { tipo: '01', serie: 'F001', numero: String(f2.numero) }, { total: '999.99' });
    sim.sire.quitar(emp.ruc, '140000', per, { tipo: '07', serie: 'FC01', numero: String(nc.numero) });

    const r = await pedir({ method: 'POST', url: `${base}/rvie/${periodo}/propuesta` });
    expect(r.statusCode).toBe(200);
    const p = r.json() as TProcesoSire;
    expect(p).toMatchObject({ Tipo: 'PROPUESTA', Estado: 'TERMINADO', Registros: 3, Usuario: 'supervisor' });
    expect(p.Ticket).toMatch(/^\d{4}01\d{8}$/);

    const c = (await pedir({ method: 'GET', url: `${base}/rvie/${periodo}/comparacion` })).json() as TComparacionSire;
    expect(c.IdProcesoPropuesta).toBe(p.Id);
    expect(c.Resumen).toEqual({ IGUAL: 1, DIFERENTE: 1, FALTA_EN_YUPANA: 1, FALTA_EN_SUNAT: 1 });
    const porEstado = (s: string) => c.Data.filter((d) => d.Estado === s);
    expect(porEstado('IGUAL')[0]).toMatchObject({ Serie: 'F001', Numero: String(f1.numero) });
    const dif = porEstado('DIFERENTE')[0];
    expect(dif).toMatchObject({ Serie: 'F001', Numero: String(f2.numero), Diferencias: ['Total'] });
    expect(dif.Sunat?.Total).toBe('999.99');
    expect(dif.Yupana?.Total).toBe(dif.Yupana && (await totalDe(f2)));
    expect(porEstado('FALTA_EN_YUPANA')[0]).toMatchObject({ Serie: 'F009', Numero: '77', Yupana: null, Sunat: { Total: '236.00', Igv: '36.00', BaseImponible: '200.00' } });
    const falta = porEstado('FALTA_EN_SUNAT')[0];
    expect(falta).toMatchObject({ TipoComprobante: '07', Serie: 'FC01', Numero: String(nc.numero), Sunat: null });
    expect(Number(falta.Yupana?.Total)).toBeLessThan(0);

    // A second download of the same period (same file name at SUNAT, another ticket) is its own proposal. The stand-in
    // answered 404 to it, because it looked the file up by name only (CI's e2e).
    const otra = await pedir({ method: 'POST', url: `${base}/rvie/${periodo}/propuesta` });
    expect(otra.json()).toMatchObject({ Tipo: 'PROPUESTA', Estado: 'TERMINADO', Registros: 3 });
    expect((otra.json() as TProcesoSire).Ticket).not.toBe(p.Ticket);
    expect(((await pedir({ method: 'GET', url: `${base}/rvie/${periodo}/comparacion` })).json() as TComparacionSire).IdProcesoPropuesta).toBe((otra.json() as TProcesoSire).Id);
  });

  it('el archivo de reemplazo tiene el nombre de SUNAT y los 3 documentos de Yupana, incluida la nota que falta en SUNAT', async () => {
    const r = await pedir({ method: 'GET', url: `${base}/rvie/${periodo}/reemplazo` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="LE${emp.ruc}${per}00140400021112.txt"`);
    const lineas = r.body.split('\r\n').filter(Boolean);
    expect(lineas).toHaveLength(3);
    const nota = lineas.find((l) => l.split('|')[6] === '07')!.split('|');
    expect(nota.slice(6, 9)).toEqual(['07', 'FC01', String(nc.numero)]);
    expect(nota.slice(28, 32)).toEqual([expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/), '01', 'F001', String(f1.numero)]);
    expect(nota[25]).toMatch(/^-\d+\.\d{2}$/);
    expect(lineas.every((l) => l.split('|').length === 34 && l.split('|')[3] === '')).toBe(true);
  });

  it('envía el reemplazo por TUS, SUNAT lo procesa sin errores; luego acepta; el historial lo registra todo', async () => {
    const r = await pedir({ method: 'POST', url: `${base}/rvie/${periodo}/reemplazo` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ Tipo: 'REEMPLAZO', Estado: 'TERMINADO', Archivo: `LE${emp.ruc}${per}00140400021112.txt`, Registros: 3 });
    const reg = sim.sire.registros.get(`${emp.ruc}|140000|${per}`);
    expect(reg?.estado).toBe('REEMPLAZADA');
    expect(reg?.lineas).toHaveLength(3);

    // The same file name twice: SUNAT refuses it (1024) and the history says so.
    const otra = await pedir({ method: 'POST', url: `${base}/rvie/${periodo}/reemplazo` });
    expect(otra.json()).toMatchObject({ Tipo: 'REEMPLAZO', Estado: 'CON_ERRORES' });
    expect((otra.json() as TProcesoSire).Mensaje).toContain('1024');

    const a = await pedir({ method: 'POST', url: `${base}/rvie/${periodo}/aceptacion` });
    expect(a.json()).toMatchObject({ Tipo: 'ACEPTAR', Estado: 'TERMINADO' });
    expect(sim.sire.registros.get(`${emp.ruc}|140000|${per}`)?.estado).toBe('ACEPTADA');

    const h = (await pedir({ method: 'GET', url: `${base}/rvie/${periodo}/historial` })).json() as { Data: TProcesoSire[]; Count: number };
    expect(h.Count).toBe(5);
    expect(h.Data.map((x) => [x.Tipo, x.Estado])).toEqual([
      ['ACEPTAR', 'TERMINADO'], ['REEMPLAZO', 'CON_ERRORES'], ['REEMPLAZO', 'TERMINADO'], ['PROPUESTA', 'TERMINADO'], ['PROPUESTA', 'TERMINADO'],
    ]);
    expect(h.Data.every((x) => x.Usuario === 'supervisor' && x.Ticket && x.FechaFin)).toBe(true);
    const archivo = await pedir({ method: 'GET', url: `${base}/procesos/${h.Data[2].Id}/archivo` });
    expect(archivo.body.split('\r\n').filter(Boolean)).toHaveLength(3);
  });

  it('un solo token OAuth2 del simulador para todas las llamadas (cacheado hasta su vencimiento)', () => {
    expect([...sim.estado.tokens.values()].filter((t) => t.sire)).toHaveLength(1);
  });
});

describe('SIRE RCE', () => {
  it('la propuesta de compras trae una factura que Yupana no registró', async () => {
    sim.sire.agregar(emp.ruc, '080000', per, {
      fechaEmision: `${periodo}-03`, tipo: '01', serie: 'E001', numero: '450', tipoDocContraparte: '6', numDocContraparte: '20100130204',
      razonSocialContraparte: 'DISTRIBUIDORA DEL NORTE S.A.', baseGravada: '50.00', igv: '9.00', exonerado: '0', inafecto: '0', isc: '0', icbper: '0', otros: '0', total: '59.00', moneda: 'PEN',
    });
    const p = await pedir({ method: 'POST', url: `${base}/rce/${periodo}/propuesta` });
    expect(p.json()).toMatchObject({ Tipo: 'PROPUESTA', Estado: 'TERMINADO', Registros: 1 });
    const c = (await pedir({ method: 'GET', url: `${base}/rce/${periodo}/comparacion` })).json() as TComparacionSire;
    expect(c.Resumen).toEqual({ IGUAL: 0, DIFERENTE: 0, FALTA_EN_YUPANA: 1, FALTA_EN_SUNAT: 0 });
    expect(c.Data[0]).toMatchObject({ NumeroDocumento: '20100130204', Serie: 'E001', Numero: '450', Sunat: { Total: '59.00' } });
  });
});

describe('SIRE: seguridad', () => {
  it('las credenciales se guardan cifradas y nunca vuelven en una respuesta', async () => {
    const secreto = 'secreto-sire-que-no-debe-verse-123';
    const r = await pedir({ method: 'PUT', url: `${base}/credenciales`, payload: { ClientId: 'cliente-propio-sire', ClientSecret: secreto } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ Configurado: true, Ambiente: 'SIMULADOR' });
    expect(r.body).not.toContain(secreto);
    expect(r.body).not.toContain('cliente-propio-sire');
    const [fila] = await e.dbh.db.select().from(sireCredencial).where(eq(sireCredencial.idEmpresa, emp.idEmpresa));
    expect(Buffer.from(fila.clientSecretCifrado).toString('utf8')).not.toContain(secreto);
    // The stand-in does not know this client: SUNAT refuses, the history records it, nothing leaks.
    const p = await pedir({ method: 'POST', url: `${base}/rvie/${periodo}/propuesta` });
    expect(p.statusCode).toBe(409);
    expect(p.json()).toMatchObject({ ErrorId: 601402 });
    for (const u of [`${base}/credenciales`, `${base}/rvie/${periodo}/historial`, `${base}/rvie/${periodo}/comparacion`]) {
      const x = await pedir({ method: 'GET', url: u });
      expect(x.body).not.toContain(secreto);
      expect(x.body).not.toContain('moddatos');
      expect(x.body).not.toContain('MODDATOS');
    }
    const h = (await pedir({ method: 'GET', url: `${base}/rvie/${periodo}/historial` })).json() as { Data: TProcesoSire[] };
    expect(h.Data[0]).toMatchObject({ Tipo: 'PROPUESTA', Estado: 'ERROR' });
    await e.dbh.db.delete(sireCredencial).where(eq(sireCredencial.idEmpresa, emp.idEmpresa));
  });

  it('la solicitud de otra empresa da 404; un cajero recibe 403; soporte consulta pero no gestiona', async () => {
    const [otra] = await e.dbh.db.select({ id: empresa.id }).from(empresa).where(and(eq(empresa.logEstado, 1))).limit(5);
    const ajena = otra.id === emp.idEmpresa ? (await e.dbh.db.select({ id: empresa.id }).from(empresa).limit(5)).find((x) => x.id !== emp.idEmpresa)!.id : otra.id;
    const [p] = await e.dbh.db
      .insert(sireProceso)
      .values({ idEmpresa: ajena, codLibro: '140000', periodo, tipo: 'REEMPLAZO', estado: 'TERMINADO', archivo: 'LE.txt', contenido: 'x', idUsuario: 1, usuario: 'otro' })
      .returning();
    expect((await pedir({ method: 'GET', url: `${base}/procesos/${p.id}/archivo` })).statusCode).toBe(404);
    expect((await pedir({ method: 'POST', url: `${base}/procesos/${p.id}/consulta` })).statusCode).toBe(404);
    const h = (await pedir({ method: 'GET', url: `${base}/rvie/${periodo}/historial` })).json() as { Data: TProcesoSire[] };
    expect(h.Data.some((x) => x.Id === p.id)).toBe(false);

    const cajero = (await sesionDe(e.app, 'cajero')).AccessToken;
    expect((await pedir({ method: 'GET', url: `${base}/rvie/${periodo}/comparacion` }, cajero)).statusCode).toBe(403);
    expect((await pedir({ method: 'POST', url: `${base}/rvie/${periodo}/propuesta` }, cajero)).statusCode).toBe(403);
    const soporte = (await sesionDe(e.app, 'soporte')).AccessToken;
    expect((await pedir({ method: 'GET', url: `${base}/rvie/${periodo}/historial` }, soporte)).statusCode).toBe(200);
    expect((await pedir({ method: 'POST', url: `${base}/rvie/${periodo}/aceptacion` }, soporte)).statusCode).toBe(403);
    expect((await pedir({ method: 'PUT', url: `${base}/credenciales`, payload: { ClientId: 'a', ClientSecret: 'b' } }, soporte)).statusCode).toBe(403);
  });

  it('entrada inválida: error 500001 en español, nunca 5xx', async () => {
    for (const u of [`${base}/rvie/2026-13/comparacion`, `${base}/ventas/${periodo}/comparacion`, `${base}/rvie/202611/historial`]) {
      const r = await pedir({ method: 'GET', url: u });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ ErrorId: 500001 });
    }
    const r = await pedir({ method: 'PUT', url: `${base}/credenciales`, payload: { ClientId: '', ClientSecret: 5 } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorId: 500001 });
  });
});

async function totalDe(d: { serie: string; numero: number }) {
  const [x] = await e.dbh.db
    .select({ t: documentoContable.montoTotal })
    .from(documentoContable)
    .where(and(eq(documentoContable.idEmpresa, emp.idEmpresa), eq(documentoContable.serie, d.serie), eq(documentoContable.correlativo, d.numero)));
  return Number(x.t).toFixed(2);
}
