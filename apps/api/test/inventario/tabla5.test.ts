// Tabla 5 on items, the branch's SUNAT annex code in the PLE inventory books, and the Excel import of physical counts
// (branch tabla5), through the real stack.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlmacen, TItem, TSucursal, TToma, TTomaImportada } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
const LOG = '/api/logistica/v1';
const hoy = hoyLima();

const filas = async (consulta: ReturnType<typeof sql>) => ((await e.dbh.db.execute(consulta)) as unknown as { rows: Record<string, unknown>[] }).rows;
async function crearItem(Codigo: string, Descripcion: string, extra: object = {}) {
  const r = await sup.post(`${LOG}/items`, { Codigo, Descripcion, CodigoUnidad: 'NIU', Precio: '10', PrecioIncluyeIgv: true, AfectacionIgv: '10', ...extra });
  expect(r.statusCode, r.body).toBe(201);
  return r.json<TItem>();
}
async function mover(cuerpo: object) {
  const r = await sup.post(`${LOG}/movimientos`, cuerpo);
  expect(r.statusCode, r.body).toBe(201);
  return r.json<{ Numero: number }>();
}
async function excel(filasHoja: unknown[][], nombreHoja = 'Conteo'): Promise<string> {
  const libro = new ExcelJS.Workbook();
  const h = libro.addWorksheet(nombreHoja);
  for (const f of filasHoja) h.addRow(f);
  return Buffer.from(await libro.xlsx.writeBuffer()).toString('base64');
}

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
}, 120_000);
afterAll(async () => e?.cerrar());

describe('tipo de existencia (tabla 5) en los ítems', () => {
  it('por defecto 01, se guarda, se filtra y se valida en español', async () => {
    const a = await crearItem('T5-1', 'HARINA DE TRIGO SACO 50 KG');
    expect(a.TipoExistencia).toBe('01');
    const b = await crearItem('T5-2', 'LEVADURA FRESCA 500 G', { TipoExistencia: '03' });
    expect(b.TipoExistencia).toBe('03');
    const ed = await sup.put(`${LOG}/items/${a.Id}`, { Codigo: 'T5-1', Descripcion: 'HARINA DE TRIGO SACO 50 KG', CodigoUnidad: 'NIU', Precio: '10', TipoExistencia: '99' });
    expect(ed.statusCode, ed.body).toBe(200);
    expect((await sup.get(`${LOG}/items/${a.Id}`)).json<TItem>().TipoExistencia).toBe('99');
    const mal = await sup.post(`${LOG}/items`, { Codigo: 'T5-3', Descripcion: 'X', CodigoUnidad: 'NIU', Precio: '1', TipoExistencia: '11' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json()).toMatchObject({ ErrorId: 500001, Errores: { TipoExistencia: 'Seleccione el tipo de existencia (tabla 5 de SUNAT)' } });
    const solo03 = (await sup.get(`${LOG}/items?filtro=T5-&tipoexistencia=03`)).json<{ Data: TItem[] }>().Data;
    expect(solo03.map((i) => i.Codigo)).toEqual(['T5-2']);
    expect((await sup.get(`${LOG}/items?tipoexistencia=12`)).statusCode).toBe(400);
  });
});

describe('código de establecimiento anexo de la sucursal', () => {
  it("por defecto '0000', se edita y debe tener 4 dígitos", async () => {
    const r = await sup.post('/api/entidades/v1/sucursales', { RazonSocial: 'ALMACEN ANEXO T5' });
    expect(r.statusCode, r.body).toBe(201);
    const s = r.json<TSucursal>();
    expect(s.CodigoAnexo).toBe('0000');
    for (const malo of ['12', '12a4', '00001'])
      expect((await sup.put(`/api/entidades/v1/sucursales/${s.Id}`, { RazonSocial: 'ALMACEN ANEXO T5', CodigoAnexo: malo })).json()).toMatchObject({
        ErrorId: 500001,
        Errores: { CodigoAnexo: 'El código de establecimiento anexo tiene 4 dígitos (0000 para el domicilio fiscal)' },
      });
    const ok = await sup.put(`/api/entidades/v1/sucursales/${s.Id}`, { RazonSocial: 'ALMACEN ANEXO T5', CodigoAnexo: '0001' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await sup.get(`/api/entidades/v1/sucursales/${s.Id}`)).json<TSucursal>().CodigoAnexo).toBe('0001');
  });
});

describe('PLE 12.1 y 13.1 con el anexo y la tabla 5 reales', () => {
  it("un almacén de la sucursal '0001' y un ítem de tipo 03: campos 4 y 6", async () => {
    const s = (await sup.post('/api/entidades/v1/sucursales', { RazonSocial: 'PLANTA ANEXA PLE', CodigoAnexo: '0001' })).json<TSucursal>();
    const a = await sup.post(`${LOG}/almacenes`, { IdSucursal: s.Id, Nombre: 'Almacén de materias primas' });
    expect(a.statusCode, a.body).toBe(201);
    const alm = a.json<TAlmacen>();
    const it03 = await crearItem('T5-MP', 'AZUCAR INDUSTRIAL 50 KG', { TipoExistencia: '03' });
    const m = await mover({ Clase: 'I', TipoOperacion: '16', Fecha: '2025-04-03', IdAlmacen: alm.Id, Lineas: [{ IdItem: it03.Id, Cantidad: '4', CostoUnitario: '120.5' }] });
    const [d] = await filas(sql`select d.id, d.id_movimiento from movimiento_inventario_detalle d where d.id_item = ${it03.Id} order by d.id`);
    const comun = [
      '20250400', String(d.id_movimiento), `M${d.id}`, '0001', '9', '03', 'T5-MP', '', '', '03/04/2025', '00', '0', String(m.Numero), '16', 'AZUCAR INDUSTRIAL 50 KG', 'NIU',
    ];
    const f = await sup.get(`${LOG}/kardex/ple/fisico?periodo=2025-04&idalmacen=${alm.Id}`);
    expect(f.statusCode, f.body).toBe(200);
    expect(f.body).toBe(`${[...comun, '4.00', '0.00', '1'].join('|')}|\r\n`);
    const v = await sup.get(`${LOG}/kardex/ple/valorizado?periodo=2025-04&idalmacen=${alm.Id}`);
    expect(v.body).toBe(`${[...comun, '1', '4.00', '120.50', '482.00', '0.00', '0.00', '0.00', '4.00', '120.50', '482.00', '1'].join('|')}|\r\n`);
    // The next month opens with the balance, still with the branch's annex code and the item's type.
    const mayo = await sup.get(`${LOG}/kardex/ple/fisico?periodo=2025-05&idalmacen=${alm.Id}`);
    expect(mayo.body.split('|').slice(3, 6)).toEqual(['0001', '9', '03']);
  });
});

describe('importar el conteo desde Excel', () => {
  let alm: TAlmacen;
  let toma: TToma;
  let arroz: TItem;
  let leche: TItem;
  let vino: TItem;

  beforeAll(async () => {
    const s = (await sup.post('/api/entidades/v1/sucursales', { RazonSocial: 'TIENDA CONTEO EXCEL' })).json<TSucursal>();
    alm = (await sup.post(`${LOG}/almacenes`, { IdSucursal: s.Id, Nombre: 'Almacén conteo Excel' })).json<TAlmacen>();
    arroz = await crearItem('IMP-ARROZ', 'ARROZ 1 KG', { EstandarCodigoProducto: 'GTIN-13', CodigoProducto: '7751234567892' });
    leche = await crearItem('IMP-LECHE', 'LECHE EVAPORADA 400 G', { ControlLote: true });
    vino = await crearItem('IMP-VINO', 'VINO TINTO 750 ML');
    await crearItem('IMP-FUERA', 'PRODUCTO SIN STOCK');
    const pr = await sup.put(`${LOG}/items/${vino.Id}/presentaciones`, { Presentaciones: [{ CodigoUnidad: 'BX', Descripcion: 'CAJA X 6', Factor: '6', CodigoBarras: '7750000000024' }] });
    expect(pr.statusCode, pr.body).toBe(200);
    await mover({
      Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: alm.Id,
      Lineas: [
        { IdItem: arroz.Id, Cantidad: '10', CostoUnitario: '3' },
        { IdItem: leche.Id, Cantidad: '5', CostoUnitario: '4', Lote: 'L-A', FechaVencimiento: '2030-01-31' },
        { IdItem: leche.Id, Cantidad: '5', CostoUnitario: '4', Lote: 'L-B', FechaVencimiento: '2030-02-28' },
        { IdItem: vino.Id, Cantidad: '12', CostoUnitario: '20' },
      ],
    });
    const r = await sup.post(`${LOG}/tomasinventario`, { IdAlmacen: alm.Id, Fecha: hoy });
    expect(r.statusCode, r.body).toBe(201);
    toma = r.json<TToma>();
    expect(toma.Detalle).toHaveLength(3);
  });

  it('la plantilla trae los productos de la toma sin el stock esperado', async () => {
    const r = await sup.get(`${LOG}/tomasinventario/${toma.Id}/plantilla`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain(`plantilla-conteo-${toma.Numero}.xlsx`);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const h = libro.getWorksheet('Conteo')!;
    expect(h.getRow(1).values).toEqual([undefined, 'Código', 'Cantidad contada', 'Lote', 'Descripción (no se importa)', 'Unidad (no se importa)']);
    expect([2, 3, 4].map((n) => h.getRow(n).getCell(1).value)).toEqual(['IMP-ARROZ', 'IMP-LECHE', 'IMP-VINO']);
    expect([2, 3, 4].map((n) => h.getRow(n).getCell(2).value)).toEqual([null, null, null]);
  });

  it('filas buenas y malas: el informe por fila en español y nada registrado', async () => {
    const Archivo = await excel([
      ['Código', 'Cantidad contada', 'Lote'],
      ['imp-arroz', 9, ''],
      ['NO-EXISTE', 1, ''],
      ['IMP-VINO', -2, ''],
      ['IMP-FUERA', 1, ''],
      ['IMP-LECHE', 'muchas', 'L-A'],
      ['7751234567892', 3, ''],
      ['IMP-LECHE', 2, 'L-Z'],
      ['IMP-VINO', 1, 'L-A'],
    ]);
    const r = await sup.post(`${LOG}/tomasinventario/${toma.Id}/importacion`, { NombreArchivo: 'conteo.xlsx', Archivo });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toEqual({
      ErrorId: 500001,
      Mensaje: 'El archivo tiene errores: corríjalos y vuelva a subirlo. No se registró ningún conteo',
      ErroresFilas: [
        { Fila: 3, Columna: 'Código', Mensaje: 'No existe un producto con el código o código de barras "NO-EXISTE"' },
        { Fila: 4, Columna: 'Cantidad contada', Mensaje: 'La cantidad contada no puede ser negativa (-2)' },
        { Fila: 5, Columna: 'Código', Mensaje: 'PRODUCTO SIN STOCK no está en la toma: agréguelo primero' },
        { Fila: 6, Columna: 'Cantidad contada', Mensaje: 'La cantidad contada "muchas" no es un número válido (hasta 12 enteros y 10 decimales)' },
        { Fila: 7, Columna: 'Código', Mensaje: 'Fila duplicada: ARROZ 1 KG ya figura en la fila 2' },
        { Fila: 8, Columna: 'Lote', Mensaje: 'El lote "L-Z" de LECHE EVAPORADA 400 G no existe en el almacén de la toma' },
        { Fila: 9, Columna: 'Lote', Mensaje: 'VINO TINTO 750 ML no se controla por lote: deje el lote vacío' },
      ],
    });
    const t = (await sup.get(`${LOG}/tomasinventario/${toma.Id}`)).json<TToma>();
    expect(t.Detalle.every((l) => l.CantidadContada === null)).toBe(true);
  });

  it('AplicarValidas escribe solo las filas buenas (un producto con una fila mala queda fuera)', async () => {
    const Archivo = await excel([
      ['Código', 'Cantidad contada', 'Lote'],
      ['7751234567892', '9.5', ''],
      ['IMP-LECHE', 3, 'L-A'],
      ['IMP-LECHE', 'x', 'L-B'],
      ['NO-EXISTE', 1, ''],
    ]);
    const r = await sup.post(`${LOG}/tomasinventario/${toma.Id}/importacion`, { NombreArchivo: 'conteo.xlsx', Archivo, AplicarValidas: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<TTomaImportada>()).toMatchObject({ Aplicadas: 1, ErroresFilas: [{ Fila: 4 }, { Fila: 5 }] });
    const t = (await sup.get(`${LOG}/tomasinventario/${toma.Id}`)).json<TToma>();
    expect(Object.fromEntries(t.Detalle.map((l) => [l.Codigo, l.CantidadContada]))).toEqual({ 'IMP-ARROZ': '9.5', 'IMP-LECHE': null, 'IMP-VINO': null });
  });

  it('un archivo correcto: lotes sumados, caja por su factor, columnas movidas, todo en una transacción', async () => {
    const Archivo = await excel([
      ['Lote', 'Descripción', 'Cantidad contada', 'Código'],
      ['', 'arroz', 10, 'IMP-ARROZ'],
      ['L-A', 'leche', 4, 'IMP-LECHE'],
      ['l-b', 'leche', 5, 'IMP-LECHE'],
      ['', 'caja de vino', 2, '7750000000024'],
    ]);
    const r = await sup.post(`${LOG}/tomasinventario/${toma.Id}/importacion`, { NombreArchivo: 'conteo.xlsx', Archivo });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ Aplicadas: 3, ErroresFilas: [] });
    const t = (await sup.get(`${LOG}/tomasinventario/${toma.Id}`)).json<TToma>();
    expect(Object.fromEntries(t.Detalle.map((l) => [l.Codigo, l.CantidadContada]))).toEqual({ 'IMP-ARROZ': '10', 'IMP-LECHE': '9', 'IMP-VINO': '12' });
  });

  it('archivo no válido, columnas que faltan, toma en revisión, otra empresa y cajero', async () => {
    const noExcel = await sup.post(`${LOG}/tomasinventario/${toma.Id}/importacion`, { NombreArchivo: 'conteo.xlsx', Archivo: Buffer.from('hola').toString('base64') });
    expect(noExcel.statusCode).toBe(400);
    expect(noExcel.json()).toMatchObject({ ErrorId: 500001, Errores: { Archivo: 'El archivo no es un Excel (.xlsx) válido' } });
    const cortado = (await excel([['Código', 'Cantidad contada'], ['IMP-ARROZ', 1]])).slice(0, 200);
    expect((await sup.post(`${LOG}/tomasinventario/${toma.Id}/importacion`, { NombreArchivo: 'c.xlsx', Archivo: cortado })).statusCode).toBe(400);
    const sinColumna = await sup.post(`${LOG}/tomasinventario/${toma.Id}/importacion`, { NombreArchivo: 'c.xlsx', Archivo: await excel([['Código', 'Cantidad'], ['IMP-ARROZ', 1]]) });
    expect(sinColumna.json()).toMatchObject({ ErrorId: 500001, ErroresFilas: [{ Fila: 1, Columna: 'Cantidad contada', Mensaje: 'Falta la columna "Cantidad contada" (use la plantilla)' }] });
    const vacio = await sup.post(`${LOG}/tomasinventario/${toma.Id}/importacion`, { NombreArchivo: 'c.xlsx', Archivo: await excel([['Código', 'Cantidad contada']]) });
    expect(vacio.json()).toMatchObject({ ErrorId: 500001, Errores: { Archivo: 'El archivo no tiene filas con conteos' } });

    const valido = await excel([['Código', 'Cantidad contada'], ['IMP-ARROZ', 1]]);
    expect((await otra.post(`${LOG}/tomasinventario/${toma.Id}/importacion`, { NombreArchivo: 'c.xlsx', Archivo: valido })).statusCode).toBe(404);
    expect((await otra.get(`${LOG}/tomasinventario/${toma.Id}/plantilla`)).statusCode).toBe(404);
    expect((await cajero.post(`${LOG}/tomasinventario/${toma.Id}/importacion`, { NombreArchivo: 'c.xlsx', Archivo: valido })).statusCode).toBe(403);

    expect((await sup.post(`${LOG}/tomasinventario/${toma.Id}/revision`, {})).statusCode).toBe(200);
    const cerrada = await sup.post(`${LOG}/tomasinventario/${toma.Id}/importacion`, { NombreArchivo: 'c.xlsx', Archivo: valido });
    expect(cerrada.statusCode).toBe(400);
    expect(cerrada.json().Mensaje).toBe(`La toma de inventario N° ${toma.Numero} ya no está en conteo: solo se importa a una toma abierta`);
    expect((await sup.get(`${LOG}/tomasinventario/${toma.Id}`)).json<TToma>().Detalle.find((l) => l.Codigo === 'IMP-ARROZ')!.CantidadContada).toBe('10');
  });
});
