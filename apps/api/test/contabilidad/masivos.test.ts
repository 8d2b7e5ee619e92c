import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNAS_MASIVO, type TErrorMasivo, type TLoteMasivo, type TLoteMasivoDetalle } from '@yupana/contracts';
import { buildApp } from '../../src/app';
import { procesadorMasivoDe } from '../../src/modules/contabilidad/masivos/masivos.routes';
import { crearEntorno, SECRETO_PRUEBA, type Entorno } from '../helpers';
import { clienteDe, type Cliente } from './ayudas';

const URL_BASE = '/api/contabilidad/v1/documentosmasivos';
type TFila = Partial<Record<(typeof COLUMNAS_MASIVO)[number]['Clave'], string | number>>;

let e: Entorno;
let sup: Cliente;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
});
afterAll(async () => e?.cerrar());

async function plantilla(c: Cliente): Promise<ExcelJS.Workbook> {
  const r = await c.get(`${URL_BASE}/plantilla`);
  expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
  expect(r.headers['content-type']).toContain('spreadsheetml');
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
  return libro;
}

/** Fills the downloaded template's "Documentos" sheet with rows (from row 2) and returns the file as base64. */
async function archivo(filas: TFila[]): Promise<string> {
  const libro = await plantilla(sup);
  const hoja = libro.getWorksheet('Documentos')!;
  filas.forEach((f, i) => {
    const fila = hoja.getRow(i + 2);
    COLUMNAS_MASIVO.forEach((c, j) => {
      if (f[c.Clave] !== undefined) fila.getCell(j + 1).value = f[c.Clave]!;
    });
    fila.commit();
  });
  return Buffer.from(await libro.xlsx.writeBuffer()).toString('base64');
}

const contarDocumentos = async () =>
  Number(((await e.dbh.db.execute(sql`select count(*)::int as n from documento_contable`)) as unknown as { rows: { n: number }[] }).rows[0].n);

async function esperarFin(c: Cliente, id: number): Promise<TLoteMasivoDetalle> {
  for (let i = 0; i < 300; i++) {
    const r = await c.get(`${URL_BASE}/${id}`);
    expect(r.statusCode, r.body).toBe(200);
    const l = r.json() as TLoteMasivoDetalle;
    if (l.Estado === 'TERMINADO') return l;
    await new Promise((ok) => setTimeout(ok, 200));
  }
  throw new Error(`el lote ${id} no terminó`);
}

const fac = (doc: string, extra: TFila = {}): TFila => ({
  Documento: doc, Tipo: '01', Serie: 'F001', Moneda: 'PEN', TipoDocCliente: 'RUC', NumeroDocCliente: '20100070970', Cliente: 'SUPERMERCADOS PERUANOS S.A.',
  Descripcion: 'ARROZ COSTEÑO 5 KG', Unidad: 'NIU', Cantidad: 2, PrecioUnitario: 25.9, Afectacion: '10', ...extra,
});
const bol = (doc: string, extra: TFila = {}): TFila => ({
  Documento: doc, Tipo: '03', Serie: 'B001', TipoDocCliente: 'DNI', NumeroDocCliente: '45678912', Cliente: 'MARÍA PÉREZ QUISPE',
  Descripcion: 'GASEOSA 500 ML', Cantidad: 6, PrecioUnitario: '2.50', ...extra,
});

describe('emisión masiva desde Excel', () => {
  it('la plantilla se descarga con sus columnas, listas de validación e instrucciones con las series', async () => {
    const libro = await plantilla(sup);
    const hoja = libro.getWorksheet('Documentos')!;
    expect((hoja.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNAS_MASIVO.map((c) => c.Titulo));
    expect(hoja.getCell('B2').dataValidation).toMatchObject({ type: 'list', formulae: ['"01,03"'] });
    expect(hoja.getCell('E2').dataValidation).toMatchObject({ type: 'list', formulae: ['"PEN,USD"'] });
    const instrucciones = libro.getWorksheet('Instrucciones')!;
    const texto = instrucciones.getSheetValues().flat().join(' ');
    expect(texto).toContain('F001');
    expect(texto).toContain('B001');
  });

  it('la plantilla vacía no emite nada y lo dice', async () => {
    const r = await sup.post(URL_BASE, { NombreArchivo: 'vacia.xlsx', Archivo: await archivo([]) });
    expect(r.statusCode).toBe(400);
    expect((r.json() as TErrorMasivo).ErroresFilas?.[0].Mensaje).toMatch(/no tiene comprobantes/);
  });

  it('un archivo que no es Excel se rechaza', async () => {
    const r = await sup.post(URL_BASE, { NombreArchivo: 'x.xlsx', Archivo: Buffer.from('hola').toString('base64') });
    expect(r.statusCode).toBe(400);
    expect(r.json().ErrorId).toBe(600802);
  });

  it('errores en dos filas: se informan ambos por fila y columna y no se emite ningún comprobante', async () => {
    const antes = await contarDocumentos();
    const base64 = await archivo([
      fac('1'),
      fac('1', { Descripcion: 'SERVICIO DE DELIVERY', Unidad: 'ZZ', Cantidad: 'dos', PrecioUnitario: 11.8 }),
      bol('2'),
      bol('3', { NumeroDocCliente: '123' }),
      fac('4'),
    ]);
    const r = await sup.post(URL_BASE, { NombreArchivo: 'con-errores.xlsx', Archivo: base64 });
    expect(r.statusCode, r.body).toBe(400);
    const cuerpo = r.json() as TErrorMasivo;
    expect(cuerpo.ErrorId).toBe(600801);
    expect(cuerpo.ErroresFilas, JSON.stringify(cuerpo.ErroresFilas)).toHaveLength(2);
    expect(cuerpo.ErroresFilas![0]).toMatchObject({ Fila: 3, Columna: 'Cantidad', Letra: 'O' });
    expect(cuerpo.ErroresFilas![0].Mensaje).toMatch(/Cantidad/);
    expect(cuerpo.ErroresFilas![1]).toMatchObject({ Fila: 5, Columna: 'Nro. doc. cliente', Letra: 'G', Mensaje: 'Se espera 8 dígitos' });
    expect(await contarDocumentos()).toBe(antes);
    const lotes = (await sup.get(URL_BASE)).json() as { Count: number };
    expect(lotes.Count).toBe(0);
  });

  it('reglas de emisión por fila: serie inexistente, factura sin RUC, precio cero', async () => {
    const r = await sup.post(URL_BASE, {
      NombreArchivo: 'reglas.xlsx',
      Archivo: await archivo([fac('1', { Serie: 'F999' }), fac('2', { TipoDocCliente: 'DNI', NumeroDocCliente: '45678912' }), bol('3', { PrecioUnitario: 0 })]),
    });
    expect(r.statusCode, r.body).toBe(400);
    const errores = (r.json() as TErrorMasivo).ErroresFilas!;
    expect(errores.map((x) => [x.Fila, x.Columna])).toEqual([
      [2, 'Serie'],
      [3, 'Tipo doc. cliente'],
      [4, 'Precio unitario (con IGV)'],
    ]);
    expect(errores[1].Mensaje).toBe('La factura requiere un cliente con RUC');
  });

  let idLote = 0;
  it('un archivo válido de 5 comprobantes se emite con números consecutivos y el resultado los lista', async () => {
    const antes = await contarDocumentos();
    const base64 = await archivo([
      fac('A'),
      fac('A', { Descripcion: 'SERVICIO DE DELIVERY', Unidad: 'ZZ', Cantidad: 1, PrecioUnitario: 11.8 }),
      bol('B'),
      fac('C', { Cantidad: 1 }),
      bol('D', { TipoDocCliente: '', NumeroDocCliente: '', Cliente: '' }),
      fac('E', { Moneda: 'USD', Cantidad: 3 }),
    ]);
    const r = await sup.post(URL_BASE, { NombreArchivo: 'ventas-del-dia.xlsx', Archivo: base64 });
    expect(r.statusCode, r.body).toBe(201);
    const lote = r.json() as TLoteMasivo;
    expect(lote).toMatchObject({ NombreArchivo: 'ventas-del-dia.xlsx', Total: 5, Usuario: 'supervisor' });
    idLote = lote.Id;
    const fin = await esperarFin(sup, lote.Id);
    expect(fin).toMatchObject({ Procesados: 5, Correctos: 5, Fallidos: 0, Porcentaje: 100 });
    expect(fin.ListaDocumentos.map((d) => [d.Documento, d.Fila, d.Estado])).toEqual([
      ['A', 2, 'EMITIDO'],
      ['B', 4, 'EMITIDO'],
      ['C', 5, 'EMITIDO'],
      ['D', 6, 'EMITIDO'],
      ['E', 7, 'EMITIDO'],
    ]);
    const numeros = (serie: string) => fin.ListaDocumentos.filter((d) => d.SerieNumero!.startsWith(serie)).map((d) => Number(d.SerieNumero!.split('-')[1]));
    const f = numeros('F001');
    const b = numeros('B001');
    expect(f).toEqual([f[0], f[0] + 1, f[0] + 2]);
    expect(b).toEqual([b[0], b[0] + 1]);
    expect(fin.ListaDocumentos[0].MontoTotal).toBe('63.60');
    expect(await contarDocumentos()).toBe(antes + 5);

    // The documents exist, with their lines and customer.
    const a = await sup.get(`/api/contabilidad/v1/documentoContable/${fin.ListaDocumentos[0].IdDocumento}`);
    expect(a.json()).toMatchObject({ Serie: 'F001', MontoTotal: '63.60', Receptor: { NumeroDocumento: '20100070970' } });
    expect(a.json().ListaItems).toHaveLength(2);
    const d = await sup.get(`/api/contabilidad/v1/documentoContable/${fin.ListaDocumentos[3].IdDocumento}`);
    expect(d.json().Receptor.RazonSocial).toBe('CLIENTES VARIOS');
    const usd = await sup.get(`/api/contabilidad/v1/documentoContable/${fin.ListaDocumentos[4].IdDocumento}`);
    expect(usd.json().IdMoneda).toBe(2);

    // Result file: every document with its serie-número and status.
    const res = await sup.get(`${URL_BASE}/${lote.Id}/resultado`);
    expect(res.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Resultado')!;
    expect(hoja.getRow(1).getCell(3).value).toBe('Serie-Número');
    const filas = [2, 3, 4, 5, 6].map((n) => [hoja.getRow(n).getCell(1).value, hoja.getRow(n).getCell(3).value, hoja.getRow(n).getCell(5).value]);
    expect(filas).toEqual(fin.ListaDocumentos.map((x) => [x.Documento, x.SerieNumero, 'Emitido']));

    const lista = (await sup.get(URL_BASE)).json() as { Data: TLoteMasivo[]; Count: number };
    expect(lista.Data[0]).toMatchObject({ Id: lote.Id, Estado: 'TERMINADO', Porcentaje: 100 });
  });

  it('otra empresa no ve el lote (404) ni lo lista; el cajero no tiene la emisión masiva (403)', async () => {
    const otra = await clienteDe(e.app, 'demo.supervisor');
    expect((await otra.get(`${URL_BASE}/${idLote}`)).statusCode).toBe(404);
    expect((await otra.get(`${URL_BASE}/${idLote}/resultado`)).statusCode).toBe(404);
    expect(((await otra.get(URL_BASE)).json() as { Count: number }).Count).toBe(0);
    const cajero = await clienteDe(e.app, 'cajero');
    expect((await cajero.post(URL_BASE, { NombreArchivo: 'x.xlsx', Archivo: 'AAAA' })).statusCode).toBe(403);
    expect((await cajero.get(`${URL_BASE}/plantilla`)).statusCode).toBe(403);
  });

  it('una línea con solo el código de un ítem del catálogo toma su descripción, unidad, precio y afectación; un cliente registrado queda enlazado', async () => {
    const r = await sup.post(URL_BASE, {
      NombreArchivo: 'catalogo.xlsx',
      Archivo: await archivo([
        bol('K', { NumeroDocCliente: '41234567', Cliente: 'CLIENTE REGISTRADO', Descripcion: '', CodigoItem: 'arr-5', Unidad: '', PrecioUnitario: '', Cantidad: 2 }),
        { Documento: 'K', CodigoItem: 'SRV-DEL', Cantidad: 1 },
      ]),
    });
    expect(r.statusCode, r.body).toBe(201);
    const fin = await esperarFin(sup, (r.json() as TLoteMasivo).Id);
    expect(fin.ListaDocumentos[0]).toMatchObject({ Estado: 'EMITIDO', MontoTotal: '61.60' });
    const d = (await sup.get(`/api/contabilidad/v1/documentoContable/${fin.ListaDocumentos[0].IdDocumento}`)).json();
    expect(d.ListaItems.map((l: { ItemDescripcion: string; CodigoUnidad: string }) => [l.ItemDescripcion, l.CodigoUnidad])).toEqual([
      ['ARROZ EXTRA COSTEÑO 5 KG', 'NIU'],
      ['SERVICIO DE DELIVERY', 'ZZ'],
    ]);
    expect(d.Receptor.IdEntidad).toEqual(expect.any(Number));
    const emisiones = (await sup.get(`/api/contabilidad/v1/entidades/${d.Receptor.IdEntidad}/emisiones`)).json() as { Count: number };
    expect(emisiones.Count).toBeGreaterThan(0);
  });

  it('un lote interrumpido (proceso caído) se reanuda al reiniciar sin emitir dos veces', async () => {
    // This process's processor is stopped: the uploaded batch stays pending, as if the process died right after.
    await procesadorMasivoDe(e.app).detener();
    const filas = Array.from({ length: 12 }, (_, i) => bol(`R${i + 1}`, { Cantidad: i + 1 }));
    const r = await sup.post(URL_BASE, { NombreArchivo: 'reanudar.xlsx', Archivo: await archivo(filas) });
    expect(r.statusCode, r.body).toBe(201);
    const id = (r.json() as TLoteMasivo).Id;
    await new Promise((ok) => setTimeout(ok, 300));
    expect(((await sup.get(`${URL_BASE}/${id}`)).json() as TLoteMasivoDetalle).Estado).toBe('PENDIENTE');
    // The crash came after issuing document 1 but before recording it, while holding the batch's lease.
    const sol = (await e.dbh.db.execute(sql`select solicitud from lote_masivo_documento where id_lote = ${id} and numero = 1`)) as unknown as { rows: { solicitud: unknown }[] };
    const primero = await sup.post('/api/contabilidad/v1/documentoContable', sol.rows[0].solicitud, { 'idempotency-key': `masivo-${id}-1` });
    expect(primero.statusCode, primero.body).toBe(201);
    await e.dbh.db.execute(sql`update lote_masivo set estado = 'EN_CURSO' where id = ${id}`);
    await e.dbh.db.execute(sql`update trabajo set estado = 'EN_CURSO', bloqueo = 'muerto', bloqueado_hasta = now() - interval '1 second' where cola = 'masivos.lote' and id_referencia = ${id}`);
    const emitido = { Numero: 1, IdDocumento: primero.json().Id as number };
    // A new process on the same database resumes it.
    const app2 = await buildApp({ dbh: e.dbh, jwtSecret: SECRETO_PRUEBA, logger: false, webDist: null });
    await app2.ready();
    try {
      procesadorMasivoDe(app2).despertar();
      const fin = await esperarFin(sup, id);
      expect(fin).toMatchObject({ Total: 12, Procesados: 12, Correctos: 12 });
      const ids = fin.ListaDocumentos.map((d) => d.IdDocumento);
      expect(new Set(ids).size).toBe(12);
      expect(fin.ListaDocumentos.find((d) => d.Numero === emitido.Numero)!.IdDocumento).toBe(emitido.IdDocumento);
      const nums = fin.ListaDocumentos.map((d) => Number(d.SerieNumero!.split('-')[1]));
      expect(nums).toEqual(nums.map((_, i) => nums[0] + i));
      const n = (await e.dbh.db.execute(sql`select count(*)::int as n from documento_contable where clave_idempotencia like ${`masivo-${id}-%`}`)) as unknown as { rows: { n: number }[] };
      expect(n.rows[0].n).toBe(12);
    } finally {
      await app2.close();
    }
  });
});
