import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNAS_MASIVO, ErrorCodes, LIMITES_MASIVO, MensajesError, type TLoteMasivo, type TLoteMasivoDetalle } from '@yupana/contracts';
import { buildApp } from '../../src/app';
import { cargarLibro, claveSerie, leerDocumentos, type THojaLeida } from '../../src/modules/contabilidad/masivos/lectura';
import { procesadorMasivoDe } from '../../src/modules/contabilidad/masivos/masivos.routes';
import { TAMANO_GRUPO_MASIVO } from '../../src/modules/contabilidad/masivos/procesador';
import { crearEntorno, SECRETO_PRUEBA, type Entorno } from '../helpers';
import { clienteDe, hoyLima, type Cliente } from './ayudas';

/**
 * Bulk issuing of large files (issue 17): the limits (10,000 documents, 50,000 rows, read as a stream) and the batch
 * worker issuing in groups through issuing's group commit (consecutive numbers, each row its own result, a failed row
 * or the allowance running out mid-file does not sink the rest).
 */
const URL_BASE = '/api/contabilidad/v1/documentosmasivos';
let e: Entorno;
let sup: Cliente;
let idEmpresa: number;

type TFila = Record<string, number>;
const filas = async (q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: TFila[] }).rows;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  idEmpresa = (await filas(sql`select id_empresa from serie where serie = 'F001' and id_tipo_documento = 1003 order by id limit 1`))[0].id_empresa;
  // Batches are uploaded with this process's runner stopped (they stay pending) and issued by a second process.
  await procesadorMasivoDe(e.app).detener();
  // Generous: a fresh database and the demo data, on a machine shared by several test runs.
}, 180_000);
afterAll(async () => e?.cerrar());

/** A workbook with the template's header and these rows (by column key). */
async function libro(filasExcel: Record<string, string | number>[], columnas = COLUMNAS_MASIVO.map((c) => c.Clave as string)): Promise<Buffer> {
  const l = new ExcelJS.Workbook();
  const hoja = l.addWorksheet('Documentos');
  hoja.addRow(columnas.map((c) => COLUMNAS_MASIVO.find((x) => x.Clave === c)!.Titulo));
  for (const f of filasExcel) hoja.addRow(columnas.map((c) => f[c] ?? null));
  return Buffer.from(await l.xlsx.writeBuffer());
}

const fac = (doc: string | number, extra: Record<string, string | number> = {}) => ({
  Documento: doc, Tipo: '01', Serie: 'F001', Moneda: 'PEN', TipoDocCliente: 'RUC', NumeroDocCliente: '20100070970', Cliente: 'SUPERMERCADOS PERUANOS S.A.',
  Descripcion: 'ARROZ COSTEÑO 5 KG', Unidad: 'NIU', Cantidad: 1, PrecioUnitario: 25.9, Afectacion: '10', ...extra,
});

async function subir(nombre: string, contenido: Buffer) {
  return sup.post(URL_BASE, { NombreArchivo: nombre, Archivo: contenido.toString('base64') });
}

/** Issues pending batches with a second process on the same database (this one's runner is stopped). */
async function procesar(id: number): Promise<TLoteMasivoDetalle> {
  const app2 = await buildApp({ dbh: e.dbh, jwtSecret: SECRETO_PRUEBA, logger: false, webDist: null });
  await app2.ready();
  try {
    procesadorMasivoDe(app2).despertar();
    for (let i = 0; i < 600; i++) {
      const l = (await sup.get(`${URL_BASE}/${id}`)).json() as TLoteMasivoDetalle;
      if (l.Estado === 'TERMINADO') return l;
      await new Promise((ok) => setTimeout(ok, 200));
    }
    throw new Error(`el lote ${id} no terminó`);
  } finally {
    await app2.close();
  }
}

const numero = (sn: string | null) => Number(sn!.split('-')[1]);

describe('emisión masiva: límites de un archivo grande', () => {
  it(`lectura: ${LIMITES_MASIVO.MAX_DOCUMENTOS} comprobantes en ${LIMITES_MASIVO.MAX_FILAS} filas pasan; uno más se rechaza`, () => {
    const titulos = COLUMNAS_MASIVO.map((c) => c.Titulo);
    const col = (clave: string) => COLUMNAS_MASIVO.findIndex((c) => c.Clave === clave);
    const filasPor = (documentos: number, porDoc: number): THojaLeida['filas'] =>
      Array.from({ length: documentos * porDoc }, (_, i) => {
        const celdas = titulos.map(() => '');
        const v = fac(Math.floor(i / porDoc) + 1);
        for (const [k, x] of Object.entries(v)) celdas[col(k)] = String(x);
        return { numero: i + 2, celdas };
      });
    const series = new Map([[claveSerie(1003, 'F001'), 1]]);
    const tope = leerDocumentos({ titulos, filas: filasPor(LIMITES_MASIVO.MAX_DOCUMENTOS, LIMITES_MASIVO.MAX_FILAS / LIMITES_MASIVO.MAX_DOCUMENTOS) }, series, hoyLima());
    expect(tope.errores).toEqual([]);
    expect(tope.documentos).toHaveLength(LIMITES_MASIVO.MAX_DOCUMENTOS);
    expect(tope.documentos[0].solicitud.ListaItems).toHaveLength(5);
    expect(() => leerDocumentos({ titulos, filas: filasPor(LIMITES_MASIVO.MAX_DOCUMENTOS + 1, 1) }, series, hoyLima())).toThrow(
      expect.objectContaining({ code: ErrorCodes.MASIVO_DEMASIADOS, status: 400 }),
    );
  });

  it('un archivo que no es un .xlsx, o uno cortado, se rechaza al instante con 400 (el lector en flujo esperaría para siempre)', async () => {
    const libro = new ExcelJS.Workbook();
    libro.addWorksheet('Documentos').addRow(['Documento']);
    const bueno = Buffer.from(await libro.xlsx.writeBuffer());
    const malos = [
      Buffer.alloc(0),
      Buffer.from('no es un libro'),
      Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Array.from({ length: 200 }, (_, i) => (i * 37) % 256)]),
      bueno.subarray(0, Math.floor(bueno.length / 2)),
      bueno.subarray(0, bueno.length - 10),
    ];
    for (const malo of malos) {
      const inicio = Date.now();
      await expect(cargarLibro(malo, 5_000)).rejects.toMatchObject({ code: ErrorCodes.MASIVO_ARCHIVO_INVALIDO, status: 400 });
      expect(Date.now() - inicio).toBeLessThan(4_000);
    }
    expect((await cargarLibro(bueno)).titulos).toEqual(['Documento']);
  });

  it('un archivo de más de 50,000 filas se rechaza al leerlo (flujo), sin llegar a cargar el libro entero', async () => {
    // Only the "Documento" column: the cheapest file with 50,001 non-empty rows.
    const filasExcel = Array.from({ length: LIMITES_MASIVO.MAX_FILAS + 1 }, (_, i) => ({ Documento: (i % 1000) + 1 }));
    const contenido = await libro(filasExcel, ['Documento']);
    await expect(cargarLibro(contenido)).rejects.toMatchObject({ code: ErrorCodes.MASIVO_DEMASIADOS, status: 400 });
    const r = await subir('demasiadas-filas.xlsx', contenido);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.MASIVO_DEMASIADOS, Mensaje: MensajesError[ErrorCodes.MASIVO_DEMASIADOS] });
    expect(MensajesError[ErrorCodes.MASIVO_DEMASIADOS]).toContain('10000 comprobantes o 50000 filas');
  });

  it('un archivo de 10,001 comprobantes se rechaza con 400; uno de más de 8 MB también, sin leerlo', async () => {
    const r = await subir('demasiados.xlsx', await libro(Array.from({ length: LIMITES_MASIVO.MAX_DOCUMENTOS + 1 }, (_, i) => ({ Documento: i + 1 }))));
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().ErrorId).toBe(ErrorCodes.MASIVO_DEMASIADOS);
    const grande = await subir('grande.xlsx', Buffer.alloc(LIMITES_MASIVO.MAX_BYTES + 1, 1));
    expect(grande.statusCode, grande.body.slice(0, 300)).toBe(400);
    expect(grande.json().Mensaje ?? JSON.stringify(grande.json())).toMatch(/8 MB/);
  });

  it('el lector por flujo entiende lo que entendía el libro cargado: otras hojas antes, fechas, números y filas vacías', async () => {
    const l = new ExcelJS.Workbook();
    l.addWorksheet('Instrucciones').addRow(['Léame']);
    const hoja = l.addWorksheet('Documentos');
    hoja.addRow(COLUMNAS_MASIVO.map((c) => c.Titulo));
    const v = fac(1, { FechaEmision: 0, Cantidad: 2.5, PrecioUnitario: 0.1 + 0.2 });
    const fecha = new Date(`${hoyLima()}T00:00:00Z`);
    hoja.addRow(COLUMNAS_MASIVO.map((c) => (c.Clave === 'FechaEmision' ? fecha : ((v as Record<string, string | number>)[c.Clave] ?? null))));
    hoja.getCell(`D2`).numFmt = 'yyyy-mm-dd';
    hoja.addRow([]);
    hoja.addRow(COLUMNAS_MASIVO.map((c) => (fac(2) as Record<string, string | number>)[c.Clave] ?? null));
    const leida = await cargarLibro(Buffer.from(await l.xlsx.writeBuffer()));
    expect(leida.filas.map((f) => f.numero)).toEqual([2, 4]);
    const { documentos, errores } = leerDocumentos(leida, new Map([[claveSerie(1003, 'F001'), 7]]), hoyLima());
    expect(errores).toEqual([]);
    expect(documentos[0].solicitud).toMatchObject({ FechaEmision: hoyLima(), IdSerie: 7, ListaItems: [{ Cantidad: '2.5', PrecioUnitario: '0.3' }] });
    await expect(cargarLibro(Buffer.from('no es un excel'))).rejects.toMatchObject({ code: ErrorCodes.MASIVO_ARCHIVO_INVALIDO });
    const sinHoja = new ExcelJS.Workbook();
    sinHoja.addWorksheet('Otra').addRow(['x']);
    await expect(cargarLibro(Buffer.from(await sinHoja.xlsx.writeBuffer()))).rejects.toMatchObject({ code: ErrorCodes.MASIVO_ARCHIVO_INVALIDO });
  });
});

describe('emisión masiva: el lote se emite por grupos', () => {
  it('60 comprobantes en grupos: números consecutivos sin huecos, cada fila con su resultado, una fila que falla no hunde a las demás', async () => {
    const r = await subir('grupos.xlsx', await libro(Array.from({ length: 60 }, (_, i) => fac(i + 1, { Cantidad: i + 1 }))));
    expect(r.statusCode, r.body).toBe(201);
    const id = (r.json() as TLoteMasivo).Id;
    // Between upload and issue the customer of row 30 stops existing (as a series deactivated meanwhile would): that
    // row is refused at issue time, inside a group of TAMANO_GRUPO_MASIVO.
    await e.dbh.db.execute(sql`update lote_masivo_documento set solicitud = jsonb_set(solicitud, '{ListaEntidades,0,IdEntidad}', '999999999') where id_lote = ${id} and numero = 30`);
    const antes = (await filas(sql`select correlativo from serie where serie = 'F001' and id_tipo_documento = 1003 and id_empresa = ${idEmpresa}`))[0].correlativo;
    const fin = await procesar(id);
    expect(fin).toMatchObject({ Total: 60, Procesados: 60, Correctos: 59, Fallidos: 1, Porcentaje: 100 });
    const malo = fin.ListaDocumentos.find((d) => d.Numero === 30)!;
    expect(malo).toMatchObject({ Estado: 'ERROR', SerieNumero: null, IdDocumento: null });
    expect(malo.Error).toContain('El cliente no existe');
    const buenos = fin.ListaDocumentos.filter((d) => d.Numero !== 30);
    expect(buenos.every((d) => d.Estado === 'EMITIDO' && d.IdDocumento && d.SerieNumero?.startsWith('F001-'))).toBe(true);
    // In file order, consecutive, right after the series' last number: no gap (the failed row took no number).
    expect(buenos.map((d) => numero(d.SerieNumero))).toEqual(buenos.map((_, i) => antes + 1 + i));
    const serie = (await filas(sql`select correlativo from serie where serie = 'F001' and id_tipo_documento = 1003 and id_empresa = ${idEmpresa}`))[0].correlativo;
    expect(serie).toBe(antes + 59);
    // Each row's amount is its own (quantity i+1 x 25.90).
    expect(buenos.find((d) => d.Numero === 3)!.MontoTotal).toBe('77.70');
    // Issued in groups: the documents of a group share one transaction (same xmin), groups of at most TAMANO_GRUPO_MASIVO.
    const tx = await filas(sql`select d.xmin::text::bigint as x, count(*)::int as n from lote_masivo_documento l join documento_contable d on d.id = l.id_documento
                                 where l.id_lote = ${id} group by 1 order by 1`);
    expect(Math.max(...tx.map((t) => t.n))).toBeLessThanOrEqual(TAMANO_GRUPO_MASIVO);
    expect(tx.length).toBeLessThan(10);
    const n = (await filas(sql`select count(*)::int as n from documento_contable where clave_idempotencia like ${`masivo-${id}-%`}`))[0].n;
    expect(n).toBe(59);
  });

  it('el saldo se agota a mitad del archivo: se emite exactamente lo que queda, en orden y consecutivo; el resto queda con su error', async () => {
    const usados = (await filas(sql`select tributarios from uso_comprobantes where id_empresa = ${idEmpresa}`))[0].tributarios;
    await e.dbh.db.execute(sql`update saldo_empresa set contables_disponibles = ${usados + 30} where id_empresa = ${idEmpresa}`);
    try {
      const r = await subir('saldo.xlsx', await libro(Array.from({ length: 40 }, (_, i) => fac(i + 1))));
      expect(r.statusCode, r.body).toBe(201);
      const id = (r.json() as TLoteMasivo).Id;
      const fin = await procesar(id);
      expect(fin).toMatchObject({ Total: 40, Procesados: 40, Correctos: 30, Fallidos: 10 });
      const emitidos = fin.ListaDocumentos.filter((d) => d.Estado === 'EMITIDO');
      expect(emitidos.map((d) => d.Numero)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      const nums = emitidos.map((d) => numero(d.SerieNumero));
      expect(nums).toEqual(nums.map((_, i) => nums[0] + i));
      for (const d of fin.ListaDocumentos.filter((x) => x.Estado === 'ERROR')) expect(d.Error).toBe(MensajesError[ErrorCodes.SALDO_AGOTADO]);
      expect((await filas(sql`select tributarios from uso_comprobantes where id_empresa = ${idEmpresa}`))[0].tributarios).toBe(usados + 30);
    } finally {
      await e.dbh.db.execute(sql`update saldo_empresa set contables_disponibles = 10000000 where id_empresa = ${idEmpresa}`);
    }
  });
});
