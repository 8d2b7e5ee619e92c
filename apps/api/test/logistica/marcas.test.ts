import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNAS_CATALOGO, ErrorCodes, HOJA_CATALOGO, type TImportacionItems, type TItem } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';
import { hoyLima } from '../contabilidad/ayudas';

// Branch marcas (issue 13): brands, categories, brand code, extra barcodes, minimum stock and the search modes.
let e: Entorno;
let token: string;
let tokenOtra: string;
let tokenCajero: string;
const LOG = '/api/logistica';
beforeAll(async () => {
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'supervisor')).AccessToken;
  tokenOtra = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
  tokenCajero = (await sesionDe(e.app, 'cajero')).AccessToken;
});
afterAll(async () => {
  await e?.cerrar();
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, t = token) =>
  e.app.inject(conToken(t, { method, url: `${LOG}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));
const buscar = async (filtro: string, extra = '', t = token) => {
  const r = await llamar('GET', `/v1/items?estado=-1&filtro=${encodeURIComponent(filtro)}${extra}`, undefined, t);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().Data as TItem[]).map((i) => i.Codigo);
};

describe('marcas y categorías', () => {
  it('CRUD con nombre único por empresa (sin importar mayúsculas), estado activo y 404 para otra empresa', async () => {
    for (const [ruta, repetido] of [['marcas', 'Ya existe una marca con este nombre'], ['categorias', 'Ya existe una categoría con este nombre']] as const) {
      const c = await llamar('POST', `/v1/${ruta}`, { Nombre: `  Gloria ${ruta} ` });
      expect(c.statusCode, c.body).toBe(201);
      expect(c.json()).toMatchObject({ Nombre: `Gloria ${ruta}`, LogEstado: 1, Items: 0 });
      const id = c.json().Id as number;
      const dup = await llamar('POST', `/v1/${ruta}`, { Nombre: `GLORIA ${ruta.toUpperCase()}` });
      expect(dup.statusCode).toBe(400);
      expect(dup.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Nombre: repetido } });
      expect((await llamar('POST', `/v1/${ruta}`, { Nombre: '' })).json().Errores).toEqual({ Nombre: 'Ingrese el nombre' });
      // The same name in another company is fine.
      expect((await llamar('POST', `/v1/${ruta}`, { Nombre: `Gloria ${ruta}` }, tokenOtra)).statusCode).toBe(201);

      const ed = await llamar('PUT', `/v1/${ruta}/${id}`, { Nombre: `Gloria ${ruta} SAC`, LogEstado: 0 });
      expect(ed.statusCode, ed.body).toBe(200);
      expect(ed.json()).toMatchObject({ Id: id, Nombre: `Gloria ${ruta} SAC`, LogEstado: 0 });
      const activos = (await llamar('GET', `/v1/${ruta}?estado=1`)).json().Data as { Id: number }[];
      expect(activos.some((m) => m.Id === id)).toBe(false);
      const todos = (await llamar('GET', `/v1/${ruta}`)).json().Data as { Id: number }[];
      expect(todos.some((m) => m.Id === id)).toBe(true);

      // Another company's id is a 404 (edit, and as an item's reference); its list does not show ours.
      expect((await llamar('PUT', `/v1/${ruta}/${id}`, { Nombre: 'X' }, tokenOtra)).statusCode).toBe(404);
      expect(((await llamar('GET', `/v1/${ruta}`, undefined, tokenOtra)).json().Data as { Id: number }[]).some((m) => m.Id === id)).toBe(false);
      const campo = ruta === 'marcas' ? 'IdMarca' : 'IdCategoria';
      const it = await llamar('POST', '/v1/items', { Codigo: `AJENO-${ruta}`, Descripcion: 'X', CodigoUnidad: 'NIU', Precio: '1', [campo]: id }, tokenOtra);
      expect(it.statusCode, it.body).toBe(404);
    }
  });

  it('el cajero lee marcas y categorías pero no las escribe (403)', async () => {
    expect((await llamar('GET', '/v1/marcas', undefined, tokenCajero)).statusCode).toBe(200);
    expect((await llamar('GET', '/v1/categorias', undefined, tokenCajero)).statusCode).toBe(200);
    expect((await llamar('POST', '/v1/marcas', { Nombre: 'CAJERO' }, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('POST', '/v1/categorias', { Nombre: 'CAJERO' }, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('PUT', '/v1/marcas/1', { Nombre: 'CAJERO' }, tokenCajero)).statusCode).toBe(403);
  });
});

describe('producto con marca, categoría, códigos de barras y stock mínimo', () => {
  let idMarca: number;
  let idCategoria: number;
  let idItem: number;
  beforeAll(async () => {
    idMarca = (await llamar('POST', '/v1/marcas', { Nombre: 'Zetaflex' })).json().Id;
    idCategoria = (await llamar('POST', '/v1/categorias', { Nombre: 'Lácteos' })).json().Id;
    const r = await llamar('POST', '/v1/items', {
      Codigo: 'MRC-001', Descripcion: 'LECHE EVAPORADA TARRO', CodigoUnidad: 'NIU', Precio: '4.50', EstandarCodigoProducto: 'GTIN-13', CodigoProducto: '7750999123459',
      IdMarca: idMarca, IdCategoria: idCategoria, CodigoMarca: 'ZF-77A', CodigosBarras: ['96385074', 'INT-0099'], StockMinimo: '10',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ Marca: 'Zetaflex', Categoria: 'Lácteos', CodigoMarca: 'ZF-77A', CodigosBarras: ['96385074', 'INT-0099'], StockMinimo: '10' });
    idItem = r.json().Id;
    // Another item, of no brand, whose description names the brand code's letters: modes must tell them apart.
    expect((await llamar('POST', '/v1/items', { Codigo: 'ZF-OTRO', Descripcion: 'YOGURT ZETAFLEX SABOR FRESA', CodigoUnidad: 'NIU', Precio: '3' })).statusCode).toBe(201);
  });

  it('un código de barras ya usado por otro producto (o GTIN con dígito de control malo) se rechaza', async () => {
    const dup = await llamar('POST', '/v1/items', { Codigo: 'MRC-002', Descripcion: 'OTRO', CodigoUnidad: 'NIU', Precio: '1', CodigosBarras: ['ABC', 'INT-0099'] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { 'CodigosBarras.1': 'El código de barras INT-0099 ya está asignado al producto MRC-001 - LECHE EVAPORADA TARRO' } });
    const gtin = await llamar('POST', '/v1/items', { Codigo: 'MRC-002', Descripcion: 'OTRO', CodigoUnidad: 'NIU', Precio: '1', CodigosBarras: ['7750999123459'] });
    expect(gtin.json().Errores).toEqual({ 'CodigosBarras.0': 'El código de barras 7750999123459 ya está asignado al producto MRC-001 - LECHE EVAPORADA TARRO' });
    const malo = await llamar('POST', '/v1/items', { Codigo: 'MRC-002', Descripcion: 'OTRO', CodigoUnidad: 'NIU', Precio: '1', CodigosBarras: ['7750182000025'] });
    expect(malo.json().Errores).toEqual({ 'CodigosBarras.0': 'El código de barras 7750182000025 no es un GTIN válido (dígito de control incorrecto)' });
    const rep = await llamar('POST', '/v1/items', { Codigo: 'MRC-002', Descripcion: 'OTRO', CodigoUnidad: 'NIU', Precio: '1', CodigosBarras: ['ABC1', 'ABC1'] });
    expect(rep.json().Errores).toEqual({ 'CodigosBarras.1': 'El código de barras ABC1 está repetido' });
    // The same barcode in another company is fine.
    expect((await llamar('POST', '/v1/items', { Codigo: 'MRC-OTRA', Descripcion: 'OTRA', CodigoUnidad: 'NIU', Precio: '1', CodigosBarras: ['INT-0099'] }, tokenOtra)).statusCode).toBe(201);
    // Saving the item with its own barcodes again is fine; leaving the field out keeps them.
    const yo = await llamar('GET', `/v1/items/${idItem}`);
    const mismo = await llamar("PUT", `/v1/items/${idItem}`, { ...(yo.json() as object), CodigosBarras: undefined, Marca: undefined });
    expect(mismo.statusCode, mismo.body).toBe(200);
    expect(mismo.json().CodigosBarras).toEqual(['96385074', 'INT-0099']);
  });

  it('cada modo de búsqueda encuentra el producto correcto', async () => {
    expect(await buscar('zetaflex')).toEqual(['ZF-OTRO']); // default: description, code, GTIN
    expect(await buscar('zetaflex', '&modo=5')).toEqual(['MRC-001']); // brand name
    expect(await buscar('zetaflex', '&modo=1')).toEqual(['ZF-OTRO']); // description
    expect(await buscar('evaporada', '&modo=1')).toEqual(['MRC-001']);
    expect(await buscar('evaporada', '&modo=2')).toEqual([]); // item code only
    expect(await buscar('mrc-00', '&modo=2')).toEqual(['MRC-001']);
    expect(await buscar('zf-77', '&modo=4')).toEqual(['MRC-001']); // brand/alternative code
    expect(await buscar('ZF-OTRO', '&modo=4')).toEqual([]);
    for (const codigo of ['96385074', 'INT-0099', '7750999123459']) expect(await buscar(codigo, '&modo=3')).toEqual(['MRC-001']); // barcodes, exact
    expect(await buscar('9638507', '&modo=3')).toEqual([]);
    // A scan in the default search finds the extra barcodes too.
    expect(await buscar('INT-0099')).toEqual(['MRC-001']);
    expect(await buscar('96385074')).toEqual(['MRC-001']);
    // Category and brand filters.
    expect(await buscar('', `&idcategoria=${idCategoria}`)).toEqual(['MRC-001']);
    expect(await buscar('', `&idmarca=${idMarca}`)).toEqual(['MRC-001']);
    const mal = await llamar('GET', '/v1/items?filtro=abc&modo=9');
    expect(mal.statusCode).toBe(400);
    expect(mal.json().Errores).toEqual({ modo: 'Modo de búsqueda no válido (1 a 5)' });
    // Another company does not find ours by brand or barcode.
    expect(await buscar('zetaflex', '&modo=5', tokenOtra)).toEqual([]);
    expect(await buscar('96385074', '&modo=3', tokenOtra)).toEqual([]);
  });

  it('una presentación sigue leyéndose por su código de barras', async () => {
    const p = await llamar('PUT', `/v1/items/${idItem}/presentaciones`, { Presentaciones: [{ CodigoUnidad: 'BX', Descripcion: 'CAJA', Factor: '12', CodigoBarras: '17750182000021' }] });
    expect(p.statusCode, p.body).toBe(200);
    expect(await buscar('17750182000021', '&modo=3')).toEqual(['MRC-001']);
    expect(await buscar('17750182000021')).toEqual(['MRC-001']);
    const dup = await llamar('POST', '/v1/items', { Codigo: 'MRC-003', Descripcion: 'OTRO', CodigoUnidad: 'NIU', Precio: '1', CodigosBarras: ['17750182000021'] });
    expect(dup.statusCode).toBe(400);
  });

  it('lista los productos bajo su stock mínimo, sumando los almacenes', async () => {
    const almacenes = (await llamar('GET', '/v1/almacenes')).json().Data as { Id: number }[];
    const bajo = async (extra = '') => {
      const r = await llamar('GET', `/v1/inventarios/stock/minimos${extra}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().Data as { Codigo: string; Stock: string; Faltante: string }[];
    };
    expect((await bajo()).find((f) => f.Codigo === 'MRC-001')).toMatchObject({ Stock: '0', Faltante: '10' });
    const m = await llamar('POST', '/v1/movimientos', { Clase: 'I', TipoOperacion: '16', Fecha: hoyLima(), IdAlmacen: almacenes[0].Id, Lineas: [{ IdItem: idItem, Cantidad: '4', CostoUnitario: '3.00' }] });
    expect(m.statusCode, m.body).toBe(201);
    expect((await bajo()).find((f) => f.Codigo === 'MRC-001')).toMatchObject({ Stock: '4', Faltante: '6' });
    if (almacenes.length > 1) expect((await bajo(`?idalmacen=${almacenes[1].Id}`)).find((f) => f.Codigo === 'MRC-001')).toMatchObject({ Stock: '0' });
    const m2 = await llamar('POST', '/v1/movimientos', { Clase: 'I', TipoOperacion: '16', Fecha: hoyLima(), IdAlmacen: almacenes[0].Id, Lineas: [{ IdItem: idItem, Cantidad: '6', CostoUnitario: '3.00' }] });
    expect(m2.statusCode, m2.body).toBe(201);
    expect((await bajo()).some((f) => f.Codigo === 'MRC-001')).toBe(false);
    expect((await llamar('GET', `/v1/inventarios/stock/minimos?idalmacen=${almacenes[0].Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', '/v1/inventarios/stock/minimos', undefined, tokenCajero)).statusCode).toBe(403);
  });
});

describe('catálogo Excel con marca, categoría, código marca, códigos de barras y stock mínimo', () => {
  const C = COLUMNAS_CATALOGO;
  const TITULOS = [C.Codigo, C.Descripcion, C.CodigoUnidad, C.Precio, C.Marca, C.Categoria, C.CodigoMarca, C.CodigosBarras, C.StockMinimo];
  async function libro(titulos: string[], filas: (string | number | null)[][]): Promise<string> {
    const l = new ExcelJS.Workbook();
    const h = l.addWorksheet(HOJA_CATALOGO);
    h.addRow(titulos);
    for (const f of filas) h.addRow(f);
    return Buffer.from(await l.xlsx.writeBuffer()).toString('base64');
  }
  async function importar(archivo: string): Promise<TImportacionItems> {
    const r = await llamar('POST', '/v1/items/importacion', { NombreArchivo: 'catalogo.xlsx', Archivo: archivo });
    expect(r.statusCode, r.body).toBe(202);
    for (let i = 0; i < 600; i++) {
      const imp = (await llamar('GET', `/v1/items/importacion/${r.json().Id}`)).json<TImportacionItems>();
      if (imp.Estado !== 'PROCESANDO') return imp;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    throw new Error('la importación no terminó');
  }
  const item = async (codigo: string) => ((await llamar('GET', `/v1/items?estado=-1&regxpag=100&filtro=${codigo}&modo=2`)).json().Data as TItem[]).find((i) => i.Codigo === codigo);

  it('crea marcas y categorías desconocidas en la misma transacción, guarda los códigos y el mínimo, y el export los devuelve', async () => {
    const marcasAntes = ((await llamar('GET', '/v1/marcas')).json().Data as unknown[]).length;
    const r = await importar(
      await libro(TITULOS, [
        ['XLS-001', 'ACEITE VEGETAL 1L', 'NIU', '9.90', 'Nueva Marca Xls', 'Abarrotes Xls', 'NMX-1', '12345670 | XLS-B1', '12'],
        ['XLS-002', 'ACEITE VEGETAL 5L', 'NIU', '39', 'nueva marca xls', 'Abarrotes Xls', null, null, null],
      ]),
    );
    expect(r, JSON.stringify(r.ErroresFilas)).toMatchObject({ Estado: 'TERMINADO', Creados: 2, FilasConError: 0 });
    const marcas = (await llamar('GET', '/v1/marcas')).json().Data as { Nombre: string; Items: number }[];
    expect(marcas.length).toBe(marcasAntes + 1);
    expect(marcas.find((m) => m.Nombre === 'Nueva Marca Xls'), JSON.stringify(marcas)).toMatchObject({ Items: 2 });
    expect(await item('XLS-001')).toMatchObject({ Marca: 'Nueva Marca Xls', Categoria: 'Abarrotes Xls', CodigoMarca: 'NMX-1', CodigosBarras: ['12345670', 'XLS-B1'], StockMinimo: '12' });
    expect(await item('XLS-002')).toMatchObject({ Marca: 'Nueva Marca Xls', CodigosBarras: [], StockMinimo: null });
    expect(await buscar('XLS-B1', '&modo=3')).toEqual(['XLS-001']);

    // The export carries the new columns; importing it back changes nothing.
    const ex = await e.app.inject(conToken(token, { method: 'GET', url: `${LOG}/v1/items/exportacion?filtro=XLS-00&estado=-1` }));
    expect(ex.statusCode).toBe(200);
    const l = new ExcelJS.Workbook();
    await l.xlsx.load(ex.rawPayload as unknown as ArrayBuffer);
    const h = l.getWorksheet(HOJA_CATALOGO)!;
    const titulos = (h.getRow(1).values as string[]).slice(1);
    const fila = (h.getRow(2).values as (string | number)[]).slice(1);
    expect(fila[titulos.indexOf(C.CodigosBarras)]).toBe('12345670|XLS-B1');
    expect(fila[titulos.indexOf(C.Marca)]).toBe('Nueva Marca Xls');
    expect(fila[titulos.indexOf(C.StockMinimo)]).toBe(12);
    const vuelta = await importar(Buffer.from(await l.xlsx.writeBuffer()).toString('base64'));
    expect(vuelta).toMatchObject({ Estado: 'TERMINADO', Creados: 0, Actualizados: 0, SinCambios: 2 });

    // A missing column keeps the value; an empty cell clears it.
    const r2 = await importar(await libro([C.Codigo, C.Descripcion, C.CodigoUnidad, C.Precio, C.CodigosBarras], [['XLS-001', 'ACEITE VEGETAL 1L', 'NIU', '9.90', null]]));
    expect(r2).toMatchObject({ Estado: 'TERMINADO', Actualizados: 1 });
    expect(await item('XLS-001')).toMatchObject({ Marca: 'Nueva Marca Xls', CodigoMarca: 'NMX-1', CodigosBarras: [], StockMinimo: '12' });
  });

  it('rechaza un código de barras de otro producto, repetido en el archivo o con GTIN malo, y un stock mínimo negativo; no crea la marca', async () => {
    const r = await importar(
      await libro(TITULOS, [
        ['XLS-010', 'UNO', 'NIU', '1', 'Marca Rechazada Xls', null, null, 'INT-0099', null],
        ['XLS-011', 'DOS', 'NIU', '1', null, null, null, 'XLS-R1|XLS-R1', null],
        ['XLS-012', 'TRES', 'NIU', '1', null, null, null, 'XLS-R2', null],
        ['XLS-013', 'CUATRO', 'NIU', '1', null, null, null, 'XLS-R2', null],
        ['XLS-014', 'CINCO', 'NIU', '1', null, null, null, '7750182000025', '-3'],
      ]),
    );
    expect(r.Estado).toBe('RECHAZADO');
    expect(r.ErroresFilas).toEqual([
      { Fila: 2, Columna: C.CodigosBarras, Mensaje: 'El código de barras INT-0099 ya está asignado al producto MRC-001' },
      { Fila: 3, Columna: C.CodigosBarras, Mensaje: 'El código de barras XLS-R1 está repetido' },
      { Fila: 5, Columna: C.CodigosBarras, Mensaje: 'El código de barras XLS-R2 ya figura en la fila 4' },
      { Fila: 6, Columna: C.StockMinimo, Mensaje: 'El stock mínimo "-3" no es válido (número no negativo de hasta 4 decimales)' },
      { Fila: 6, Columna: C.CodigosBarras, Mensaje: 'El código de barras 7750182000025 no es un GTIN válido (dígito de control incorrecto)' },
    ]);
    expect(((await llamar('GET', '/v1/marcas')).json().Data as { Nombre: string }[]).some((m) => m.Nombre === 'Marca Rechazada Xls')).toBe(false);
  });
});
