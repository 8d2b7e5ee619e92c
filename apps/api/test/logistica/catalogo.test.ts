import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNAS_CATALOGO, ErrorCodes, HOJA_CATALOGO, type TImportacionItems, type TItem } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

/** Item catalogue import/export from Excel (issue 13), through HTTP on the real database. */

let e: Entorno;
let token: string;
let tokenOtra: string;
let tokenCajero: string;
beforeAll(async () => {
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'supervisor')).AccessToken;
  tokenOtra = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
  tokenCajero = (await sesionDe(e.app, 'cajero')).AccessToken;
});
afterAll(async () => {
  await e?.cerrar();
});

const BASE = '/api/logistica/v1/items';
const C = COLUMNAS_CATALOGO;
type TCelda = string | number | null;

async function libro(titulos: string[], filas: TCelda[][]): Promise<string> {
  const l = new ExcelJS.Workbook();
  const h = l.addWorksheet(HOJA_CATALOGO);
  h.addRow(titulos);
  for (const f of filas) h.addRow(f);
  return Buffer.from(await l.xlsx.writeBuffer()).toString('base64');
}
const TITULOS = [C.Codigo, C.Descripcion, C.CodigoUnidad, C.Precio, C.AfectacionIgv, C.TipoExistencia, C.EstandarCodigoProducto, C.CodigoProducto, C.ControlLote];

async function importar(archivo: string, opciones: { SoloValidar?: boolean; AplicarValidas?: boolean } = {}, t = token): Promise<TImportacionItems> {
  const r = await e.app.inject(conToken(t, { method: 'POST', url: `${BASE}/importacion`, payload: { NombreArchivo: 'catalogo.xlsx', Archivo: archivo, ...opciones } }));
  expect(r.statusCode, r.body).toBe(202);
  const { Id } = r.json<TImportacionItems>();
  for (let i = 0; i < 600; i++) {
    const s = await e.app.inject(conToken(t, { method: 'GET', url: `${BASE}/importacion/${Id}` }));
    expect(s.statusCode, s.body).toBe(200);
    const imp = s.json<TImportacionItems>();
    if (imp.Estado !== 'PROCESANDO') return imp;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error('la importación no terminó');
}

const buscar = async (codigo: string, t = token): Promise<TItem | undefined> => {
  const r = await e.app.inject(conToken(t, { method: 'GET', url: `${BASE}?filtro=${encodeURIComponent(codigo)}&estado=-1&regxpag=100` }));
  return r.json<{ Data: TItem[] }>().Data.find((i) => i.Codigo === codigo);
};
const cuantos = async (t = token) => (await e.app.inject(conToken(t, { method: 'GET', url: `${BASE}?estado=-1&regxpag=1` }))).json<{ Count: number }>().Count;

describe('importación del catálogo desde Excel', () => {
  it('crea los códigos nuevos y actualiza los existentes (por código, sin importar mayúsculas)', async () => {
    const antes = await cuantos();
    const r1 = await importar(
      await libro(TITULOS, [
        ['CAT-001', 'ARROZ COSTEÑO 5KG', 'NIU', 24.9, '10', '1', 'GTIN-13', '7750182000024', 'NO'],
        ['CAT-002', 'MANTENIMIENTO DE EQUIPOS', 'zz', '150.5', 20, '99', null, null, null],
      ]),
    );
    expect(r1).toMatchObject({ Estado: 'TERMINADO', TotalFilas: 2, Creados: 2, Actualizados: 0, SinCambios: 0, FilasConError: 0, ErroresFilas: [], Porcentaje: 100 });
    expect(await cuantos()).toBe(antes + 2);
    expect(await buscar('CAT-001')).toMatchObject({ Descripcion: 'ARROZ COSTEÑO 5KG', CodigoUnidad: 'NIU', Precio: '24.90', PrecioUnitario: '24.90', ValorUnitario: '21.1016949153', TipoExistencia: '01', EstandarCodigoProducto: 'GTIN-13', CodigoProducto: '7750182000024', LogEstado: 1 });
    expect(await buscar('CAT-002')).toMatchObject({ CodigoUnidad: 'ZZ', Precio: '150.50', AfectacionIgv: '20', TipoExistencia: '99' });

    // cat-001 in lower case updates CAT-001 (its code takes the file's spelling); CAT-002 is the same: no change.
    const r2 = await importar(
      await libro(TITULOS, [
        ['cat-001', 'ARROZ COSTEÑO 5KG BOLSA', 'NIU', '26.5', '10', '01', 'GTIN-13', '7750182000024', 'SI'],
        ['CAT-002', 'MANTENIMIENTO DE EQUIPOS', 'ZZ', '150.50', '20', '99', null, null, 'NO'],
      ]),
    );
    expect(r2).toMatchObject({ Estado: 'TERMINADO', Creados: 0, Actualizados: 1, SinCambios: 1, FilasConError: 0 });
    expect(await cuantos()).toBe(antes + 2);
    expect(await buscar('cat-001')).toMatchObject({ Descripcion: 'ARROZ COSTEÑO 5KG BOLSA', Precio: '26.50', ControlLote: true });
  });

  it('informa cada error con su fila y columna, y con errores no guarda nada', async () => {
    const antes = await cuantos();
    const archivo = await libro(TITULOS, [
      ['ERR-OK', 'PRODUCTO BUENO', 'NIU', '10', '10', '01', null, null, null],
      ['ERR-OK', 'REPETIDO', 'NIU', '10', '10', '01', null, null, null],
      ['ERR-3', 'UNIDAD MALA', 'KG', '10', '10', '01', null, null, null],
      ['ERR-4', 'TIPO MALO', 'NIU', '10', '10', '11', null, null, null],
      ['ERR-5', 'AFECTACION MALA', 'NIU', '10', '99', '01', null, null, null],
      ['ERR-6', 'GTIN MALO', 'NIU', '10', '10', '01', 'GTIN-13', '7750182000025', null],
      ['ERR-7', 'UNSPSC CORTO', 'NIU', '10', '10', '01', 'UNSPSC', '4321150', null],
      ['ERR-8', 'PRECIO NEGATIVO', 'NIU', -5, '10', '01', null, null, null],
      ['ERR-9', 'PRECIO TEXTO', 'NIU', 'diez', '10', '01', null, null, null],
      ['ERR-10', 'SERVICIO CON LOTE', 'ZZ', '10', '10', '01', null, null, 'SI'],
      ['ERR-11', 'LOTE RARO', 'NIU', '10', '10', '01', null, null, 'TAL VEZ'],
      [null, 'SIN CODIGO', 'NIU', '10', '10', '01', null, null, null],
    ]);
    const esperados = [
      { Fila: 3, Columna: C.Codigo, Mensaje: 'El código "ERR-OK" ya figura en la fila 2: cada código una sola vez' },
      { Fila: 4, Columna: C.CodigoUnidad, Mensaje: 'La unidad "KG" no es válida o no está activa en la empresa: use NIU (bienes), ZZ (servicios) u otra unidad activa' },
      { Fila: 5, Columna: C.TipoExistencia, Mensaje: 'El tipo de existencia "11" no es válido (tabla 5 de SUNAT: 01 a 10, o 91 a 99)' },
      {
        Fila: 6,
        Columna: C.AfectacionIgv,
        Mensaje: 'La afectación del IGV "99" no es válida (catálogo 07: 10 gravado, 20 exonerado, 30 inafecto, 40 exportación, u 11-17, 21, 31-37 gratuitas)',
      },
      { Fila: 7, Columna: C.CodigoProducto, Mensaje: 'El código GTIN-13 no es válido (dígito de control incorrecto): 7750182000025' },
      { Fila: 8, Columna: C.CodigoProducto, Mensaje: 'El código UNSPSC tiene 8 dígitos: 4321150' },
      { Fila: 9, Columna: C.Precio, Mensaje: 'El precio no puede ser negativo (-5)' },
      { Fila: 10, Columna: C.Precio, Mensaje: 'El precio "diez" no es un número válido (hasta 12 enteros y 10 decimales)' },
      { Fila: 11, Columna: C.ControlLote, Mensaje: 'Un servicio no lleva lotes ni series' },
      { Fila: 12, Columna: C.ControlLote, Mensaje: '"TAL VEZ" no es válido: escriba SI o NO' },
      { Fila: 13, Columna: C.Codigo, Mensaje: 'Indique el código interno' },
    ];

    const validacion = await importar(archivo, { SoloValidar: true });
    expect(validacion).toMatchObject({ Estado: 'VALIDADO', TotalFilas: 12, Creados: 1, Actualizados: 0, FilasConError: 11 });
    expect(validacion.ErroresFilas).toEqual(esperados);
    expect(await buscar('ERR-OK')).toBeUndefined();

    const rechazo = await importar(archivo);
    expect(rechazo).toMatchObject({ Estado: 'RECHAZADO', Creados: 0, Actualizados: 0, FilasConError: 11, Mensaje: '11 fila(s) con errores: corríjalas y vuelva a subir el archivo. No se guardó nada' });
    expect(rechazo.ErroresFilas).toEqual(esperados);
    expect(await cuantos()).toBe(antes);

    const validas = await importar(archivo, { AplicarValidas: true });
    expect(validas).toMatchObject({ Estado: 'TERMINADO', Creados: 1, FilasConError: 11, Mensaje: 'Se importaron las filas válidas; 11 fila(s) con errores no se importaron' });
    expect(await cuantos()).toBe(antes + 1);
    expect(await buscar('ERR-OK')).toMatchObject({ Descripcion: 'PRODUCTO BUENO' });
  });

  it('un archivo sin las columnas de la plantilla, o que no es Excel, se rechaza', async () => {
    const sinColumnas = await importar(await libro(['Código', 'Nombre'], [['X1', 'ALGO']]));
    expect(sinColumnas.Estado).toBe('RECHAZADO');
    expect(sinColumnas.ErroresFilas).toEqual([
      { Fila: 1, Columna: C.Descripcion, Mensaje: `Falta la columna "${C.Descripcion}" (use la plantilla)` },
      { Fila: 1, Columna: C.CodigoUnidad, Mensaje: `Falta la columna "${C.CodigoUnidad}" (use la plantilla)` },
      { Fila: 1, Columna: C.Precio, Mensaje: `Falta la columna "${C.Precio}" (use la plantilla)` },
    ]);
    const r = await e.app.inject(conToken(token, { method: 'POST', url: `${BASE}/importacion`, payload: { NombreArchivo: 'x.xlsx', Archivo: Buffer.from('hola').toString('base64') } }));
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Archivo: 'El archivo no es un Excel (.xlsx) válido' } });
  });

  it("no toca los productos de otra empresa y su importación es 404 para otra empresa; el cajero recibe 403", async () => {
    // The other company has its own CAT-001? No: the same code there is a different item, created there.
    const otra = await importar(await libro(TITULOS, [['CAT-001', 'OTRA EMPRESA', 'NIU', '1', '10', '01', null, null, null]]), {}, tokenOtra);
    expect(otra).toMatchObject({ Estado: 'TERMINADO', Creados: 1, Actualizados: 0 });
    expect(await buscar('cat-001')).toMatchObject({ Descripcion: 'ARROZ COSTEÑO 5KG BOLSA', Precio: '26.50' });
    expect(await buscar('CAT-001', tokenOtra)).toMatchObject({ Descripcion: 'OTRA EMPRESA', Precio: '1.00' });
    expect((await e.app.inject(conToken(token, { method: 'GET', url: `${BASE}/importacion/${otra.Id}` }))).statusCode).toBe(404);

    const archivo = await libro(TITULOS, [['CAJ-1', 'X', 'NIU', '1', '10', '01', null, null, null]]);
    for (const [method, url, payload] of [
      ['POST', `${BASE}/importacion`, { NombreArchivo: 'a.xlsx', Archivo: archivo }],
      ['GET', `${BASE}/exportacion`, undefined],
      ['GET', `${BASE}/importacion/plantilla`, undefined],
      ['GET', `${BASE}/importacion/${otra.Id}`, undefined],
    ] as const) {
      const r = await e.app.inject(conToken(tokenCajero, { method, url, ...(payload ? { payload } : {}) }));
      expect(r.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('exportación del catálogo', () => {
  async function leer(base64: Buffer): Promise<string[][]> {
    const l = new ExcelJS.Workbook();
    await l.xlsx.load(base64 as unknown as ArrayBuffer);
    const filas: string[][] = [];
    l.getWorksheet(HOJA_CATALOGO)!.eachRow((r) => filas.push(Array.from({ length: Object.keys(C).length }, (_, i) => (r.values as unknown[])[i + 1]).map((v) => (v === null || v === undefined ? '' : String(v)))));
    return filas;
  }

  it('exporta todos los campos con los filtros de la lista, y reimportar lo exportado no cambia nada', async () => {
    const r = await e.app.inject(conToken(token, { method: 'GET', url: `${BASE}/exportacion?filtro=cat-00&estado=-1` }));
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const filas = await leer(r.rawPayload);
    expect(filas[0]).toEqual(Object.values(C));
    expect(filas.slice(1)).toEqual([
      // The last five: Marca, Categoría, Código marca, Códigos de barras adicionales, Stock mínimo (branch marcas).
      ['cat-001', 'ARROZ COSTEÑO 5KG BOLSA', 'NIU', '26.5', 'SI', '10', '01', 'GTIN-13', '7750182000024', 'NO', 'SI', 'NO', 'SI', '', '', '', '', ''],
      ['CAT-002', 'MANTENIMIENTO DE EQUIPOS', 'ZZ', '150.5', 'SI', '20', '99', '', '', 'NO', 'NO', 'NO', 'SI', '', '', '', '', ''],
    ]);

    // The whole company's catalogue (demo items included) back in: nothing changes.
    const todo = await e.app.inject(conToken(token, { method: 'GET', url: `${BASE}/exportacion?estado=-1` }));
    const total = await cuantos();
    expect((await leer(todo.rawPayload)).length).toBe(total + 1);
    const vuelta = await importar(todo.rawPayload.toString('base64'));
    expect(vuelta).toMatchObject({ Estado: 'TERMINADO', TotalFilas: total, Creados: 0, Actualizados: 0, SinCambios: total, FilasConError: 0 });
  });

  it('la plantilla trae la fila de títulos y la hoja de instrucciones con los códigos permitidos', async () => {
    const r = await e.app.inject(conToken(token, { method: 'GET', url: `${BASE}/importacion/plantilla` }));
    expect(r.statusCode).toBe(200);
    const l = new ExcelJS.Workbook();
    await l.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(l.worksheets.map((w) => w.name)).toEqual([HOJA_CATALOGO, 'Presentaciones', 'Instrucciones']);
    expect((l.getWorksheet(HOJA_CATALOGO)!.getRow(1).values as string[]).slice(1)).toEqual(Object.values(C));
    expect(l.getWorksheet(HOJA_CATALOGO)!.rowCount).toBe(1);
    const texto = (l.getWorksheet('Instrucciones')!.getColumn(1).values as string[]).join('\n');
    expect(texto).toContain('   05 = Materiales auxiliares');
    expect(texto).toContain('NIU = Unidad (bienes); ZZ = Unidad (servicios)');
    expect(texto).toContain('UNSPSC, GTIN-8, GTIN-12, GTIN-13, GTIN-14');
  });
});
