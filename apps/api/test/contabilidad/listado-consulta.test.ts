// The finance listing (filters, paging, Excel of the filtered list), a customer's documents, and the public lookup.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../helpers';
import { CLIENTE_DNI, clienteDe, factura, hoyLima, idSerie, type Cliente } from './ayudas';

let e: Entorno;
let sup: Cliente;
const L = '/api/finanzas/v1/documentos/comprobantes';
const emitidas: { Id: number; Correlativo: number; MontoTotal: string; SerieNumero: string }[] = [];
let boleta: { Id: number; Correlativo: number; MontoTotal: string };
let idCliente: number;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  const idF = await idSerie(sup, 1003, 'F001');
  for (let i = 0; i < 12; i++) {
    const r = await sup.post('/api/contabilidad/v1/documentoContable', factura(idF));
    emitidas.push(r.json());
  }
  // A registered customer, so the document carries IdEntidad.
  const ins = (await e.dbh.db.execute(sql`insert into entidad (id_empresa, tipo_entidad, id_tipo_documento, documento, razon_social)
      values ((select id from empresa where documento = '20600123450'), 6, 1, '45678912', 'MARÍA PÉREZ QUISPE') returning id`)) as unknown as { rows: { id: number }[] };
  idCliente = ins.rows[0].id;
  const r = await sup.post('/api/contabilidad/v1/documentoContable', {
    IdTipoDocumento: 1004, IdSerie: await idSerie(sup, 1004, 'B001'), FechaEmision: hoyLima(),
    ListaItems: [{ ItemDescripcion: 'LIBRO', Cantidad: '1', PrecioUnitario: '45.00', TipoAfectacion: '20' }],
    ListaEntidades: [{ ...CLIENTE_DNI, IdEntidad: idCliente }],
  });
  boleta = r.json();
}, 180_000);
afterAll(async () => e?.cerrar());

describe('listado de comprobantes (finanzas)', () => {
  it('pagina en el servidor, del más reciente al más antiguo, con el total del filtro', async () => {
    const p1 = (await sup.get(`${L}?pagina=1&regxpag=5`)).json();
    expect(p1.Count).toBe(13);
    expect(p1.Data).toHaveLength(5);
    expect(p1.Data[0].Id).toBe(boleta.Id);
    const p3 = (await sup.get(`${L}?pagina=3&regxpag=5`)).json();
    expect(p3.Data).toHaveLength(3);
    expect(p3.Data[2].Id).toBe(emitidas[0].Id);
  });

  it('filtra por tipo, serie, correlativo, cliente, estado y fechas', async () => {
    expect((await sup.get(`${L}?idtipodocumento=1004`)).json().Count).toBe(1);
    expect((await sup.get(`${L}?serie=f001`)).json().Count).toBe(12);
    const c = (await sup.get(`${L}?serie=F001&correlativo=${emitidas[3].Correlativo}`)).json();
    expect(c.Data.map((x: { Id: number }) => x.Id)).toEqual([emitidas[3].Id]);
    expect((await sup.get(`${L}?cliente=45678912`)).json().Count).toBe(1);
    expect((await sup.get(`${L}?cliente=supermercados`)).json().Count).toBe(12);
    // Part of the name, any case; % and _ are plain characters, not wildcards.
    expect((await sup.get(`${L}?cliente=${encodeURIComponent('Mercados Peru')}`)).json().Count).toBe(12);
    expect((await sup.get(`${L}?cliente=${encodeURIComponent('super%s')}`)).json().Count).toBe(0);
    expect((await sup.get(`${L}?cliente=${encodeURIComponent('supermercado_')}`)).json().Count).toBe(0);
    expect((await sup.get(`${L}?idestadosunat=1`)).json().Count).toBe(13);
    expect((await sup.get(`${L}?idestadosunat=2`)).json().Count).toBe(0);
    expect((await sup.get(`${L}?fechainicio=${hoyLima()}&fechafin=${hoyLima()}`)).json().Count).toBe(13);
    expect((await sup.get(`${L}?fechafin=2020-01-01`)).json().Count).toBe(0);
    const mal = await sup.get(`${L}?fechainicio=2026-12-01&fechafin=2026-11-01`);
    expect(mal.statusCode).toBe(400);
    expect(mal.json().Errores.fechafin).toBe('La fecha final no puede ser anterior a la inicial');
  });

  it('otra empresa no ve estos comprobantes', async () => {
    const demo = await clienteDe(e.app, 'demo.supervisor');
    expect((await demo.get(L)).json().Count).toBe(0);
  });

  it('exporta a Excel la lista filtrada completa', async () => {
    const r = await sup.get(`${L}/excel?serie=F001`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/spreadsheetml/);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Comprobantes')!;
    expect(hoja.rowCount).toBe(13);
    expect(hoja.getRow(1).getCell(3).value).toBe('Serie-Número');
    const numeros = new Set<string>();
    hoja.eachRow((fila, n) => { if (n > 1) numeros.add(String(fila.getCell(3).value)); });
    expect(numeros).toEqual(new Set(emitidas.map((x) => x.SerieNumero)));
    expect(hoja.getRow(2).getCell(7).value).toBe(63.6);
  });

  it('documentos emitidos a un cliente', async () => {
    const r = (await sup.get(`/api/contabilidad/v1/entidades/${idCliente}/emisiones`)).json();
    expect(r).toMatchObject({ Count: 1, Data: [{ Id: boleta.Id, MontoTotal: '45.00', RazonSocialCliente: 'MARÍA PÉREZ QUISPE' }] });
    // Another company's customer, or one that does not exist: 404, not an empty list.
    const demo = await clienteDe(e.app, 'demo.supervisor');
    expect((await demo.get(`/api/contabilidad/v1/entidades/${idCliente}/emisiones`)).statusCode).toBe(404);
    expect((await sup.get('/api/contabilidad/v1/entidades/999999/emisiones')).statusCode).toBe(404);
  });
});

describe('consulta pública del receptor', () => {
  const C = '/api/contabilidad/v1/consultareceptor';
  const datos = () => ({ RucEmisor: '20600123450', IdTipoDocumento: 1003, Serie: 'F001', Correlativo: emitidas[0].Correlativo, FechaEmision: hoyLima(), MontoTotal: '63.60' });

  it('sin sesión: con los seis datos correctos da el comprobante y sus archivos', async () => {
    const r = await e.app.inject({ method: 'POST', url: C, payload: datos() });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ RazonSocialEmisor: 'COMERCIAL ANDINA YUPANA S.A.C.', SerieNumero: emitidas[0].SerieNumero, MontoTotal: '63.60', IdestadoSunat: 1 });
    const q = new URLSearchParams(Object.entries(datos()).map(([k, v]) => [k, String(v)])).toString();
    const xml = await e.app.inject({ method: 'GET', url: `${C}/archivos/2?${q}` });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(`<cbc:ID>${emitidas[0].SerieNumero.replace(/-0+/, '-')}</cbc:ID>`);
    const pdf = await e.app.inject({ method: 'GET', url: `${C}/archivos/1?${q}` });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('un dato distinto (importe, fecha, RUC, número) no revela nada', async () => {
    for (const cambio of [{ MontoTotal: '63.61' }, { FechaEmision: '2020-01-01' }, { RucEmisor: '20100070970' }, { Correlativo: 999 }, { IdTipoDocumento: 1004 }]) {
      const r = await e.app.inject({ method: 'POST', url: C, payload: { ...datos(), ...cambio } });
      expect(r.statusCode).toBe(404);
      expect(r.json().Mensaje).toMatch(/^No se encontró un comprobante con los datos ingresados/);
    }
    const q = new URLSearchParams(Object.entries({ ...datos(), MontoTotal: '1.00' }).map(([k, v]) => [k, String(v)])).toString();
    expect((await e.app.inject({ method: 'GET', url: `${C}/archivos/2?${q}` })).statusCode).toBe(404);
  });

  it('tiene límite de consultas por minuto por IP, compartido con las descargas y guardado en la base de datos', async () => {
    let ultimo = 0;
    let intentos = 0;
    let respuesta: Awaited<ReturnType<typeof e.app.inject>> | undefined;
    for (; intentos < 40 && ultimo !== 429; intentos++) {
      respuesta = await e.app.inject({ method: 'POST', url: C, payload: { ...datos(), MontoTotal: '1.00' }, remoteAddress: '10.9.9.9' });
      ultimo = respuesta.statusCode;
    }
    expect(ultimo).toBe(429);
    expect(intentos).toBe(31);
    expect(respuesta!.json()).toMatchObject({ ErrorId: 600004, Mensaje: expect.stringMatching(/^Demasiadas consultas\. Inténtelo nuevamente en \d+ segundos$/) });
    expect(Number(respuesta!.headers['retry-after'])).toBeGreaterThan(0);
    // The file downloads of the same client share the budget; another client is not affected.
    const q = new URLSearchParams(Object.entries(datos()).map(([k, v]) => [k, String(v)])).toString();
    expect((await e.app.inject({ method: 'GET', url: `${C}/archivos/1?${q}`, remoteAddress: '10.9.9.9' })).statusCode).toBe(429);
    expect((await e.app.inject({ method: 'GET', url: `${C}/archivos/1?${q}`, remoteAddress: '10.9.9.10' })).statusCode).toBe(200);
    // The count lives in the database (intento_login), so every API process sees it.
    const filas = (await e.dbh.db.execute(sql`select count(*)::int as n from intento_login where clave = 'consultareceptor:ip:10.9.9.9'`)) as unknown as { rows: { n: number }[] };
    expect(filas.rows[0].n).toBeGreaterThanOrEqual(31);
  });
});
