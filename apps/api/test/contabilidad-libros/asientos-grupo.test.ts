// The entries of an issue group posted together (automaticos.contabilizarGrupoAlEmitir, asientos.registrarAsientos):
// the same entries, accounts and amounts as one document at a time, numbers consecutive in the month, a document
// that cannot be posted sent to the pending list without stopping the others, and nothing written when one entry of
// the batch is invalid. Through the real stack (PGlite by default, PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alEmitirGrupo, quitarAlEmitirDocumento } from '../../src/modules/contabilidad/documentos/emision.service';
import { registrarAsientos } from '../../src/modules/contabilidad/libros/asientos.service';
import { contabilizarGrupoAlEmitir } from '../../src/modules/contabilidad/libros/automaticos';
import { AppError } from '../../src/lib/app-error';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
const DOC = '/api/contabilidad/v1/documentoContable';
const hoy = hoyLima();
const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string }>(sql`
      select c.codigo, l.debe, l.haber from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => [l.codigo, l.debe, l.haber]);
const numerosDelMes = async () =>
  (await filas<{ numero: number }>(sql`select numero from asiento_contable where id_empresa = 1 and periodo = ${hoy.slice(0, 7)} order by numero`)).map((f) => Number(f.numero));

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
}, 120_000);
afterAll(async () => {
  alEmitirGrupo(contabilizarGrupoAlEmitir);
  await e?.cerrar();
});

/** Issues documents with the books' hook out, so the test posts them itself. */
async function emitirSinAsientos(cuerpos: Record<string, unknown>[]): Promise<number[]> {
  quitarAlEmitirDocumento(contabilizarGrupoAlEmitir);
  try {
    const ids: number[] = [];
    for (const c of cuerpos) {
      const r = await sup.post(DOC, c);
      expect(r.statusCode, r.body).toBe(201);
      ids.push(r.json<{ Id: number }>().Id);
    }
    return ids;
  } finally {
    alEmitirGrupo(contabilizarGrupoAlEmitir);
  }
}

describe('asientos de un grupo de emisión', () => {
  it('dos facturas al contado en un solo lote: venta y cobro de cada una, al céntimo, con números seguidos', async () => {
    const serie = await idSerie(sup, 1003, 'F001');
    const ids = await emitirSinAsientos([factura(serie), factura(serie, { ListaItems: [{ CodigoItem: 'P9', ItemDescripcion: 'AZÚCAR 1 KG', CodigoUnidad: 'NIU', Cantidad: '3', PrecioUnitario: '4.50', TipoAfectacion: '10' }] })]);
    const antes = await numerosDelMes();
    await e.dbh.db.transaction((tx) => contabilizarGrupoAlEmitir(tx, ids.map((Id) => ({ creado: { Id } }))));
    expect(await lineasDe(`VENTA:${ids[0]}`)).toEqual([
      ['1212', '63.60', '0.00'],
      ['40111', '0.00', '9.70'],
      ['70111', '0.00', '53.90'],
    ]);
    expect(await lineasDe(`CONTADO:${ids[0]}`)).toEqual([
      ['101', '63.60', '0.00'],
      ['1212', '0.00', '63.60'],
    ]);
    // 3 x 4.50 with IGV = 13.50: value 11.44, IGV 2.06.
    expect(await lineasDe(`VENTA:${ids[1]}`)).toEqual([
      ['1212', '13.50', '0.00'],
      ['40111', '0.00', '2.06'],
      ['70111', '0.00', '11.44'],
    ]);
    expect(await lineasDe(`CONTADO:${ids[1]}`)).toEqual([
      ['101', '13.50', '0.00'],
      ['1212', '0.00', '13.50'],
    ]);
    const despues = await numerosDelMes();
    const max = antes.length ? Math.max(...antes) : 0;
    expect(despues.filter((n) => n > max)).toEqual([max + 1, max + 2, max + 3, max + 4]);
    // In list order: the first document's sale and collection, then the second's.
    const orden = await filas<{ clave_origen: string }>(sql`select clave_origen from asiento_contable where numero > ${max} and periodo = ${hoy.slice(0, 7)} and id_empresa = 1 order by numero`);
    expect(orden.map((f) => f.clave_origen)).toEqual([`VENTA:${ids[0]}`, `CONTADO:${ids[0]}`, `VENTA:${ids[1]}`, `CONTADO:${ids[1]}`]);
    // The hook again for the same group: the source keys keep one entry each.
    await e.dbh.db.transaction((tx) => contabilizarGrupoAlEmitir(tx, ids.map((Id) => ({ creado: { Id } }))));
    expect(await numerosDelMes()).toEqual(despues);
  });

  it('un documento en dólares sin tipo de cambio va a pendientes con su motivo y los demás del grupo se contabilizan', async () => {
    const serie = await idSerie(sup, 1003, 'F001');
    await e.dbh.db.execute(sql`delete from tipo_cambio where id_empresa = 1 and fecha = ${hoy}`);
    const ids = await emitirSinAsientos([factura(serie), factura(serie, { IdMoneda: 2 }), factura(serie)]);
    await e.dbh.db.transaction((tx) => contabilizarGrupoAlEmitir(tx, ids.map((Id) => ({ creado: { Id } }))));
    expect((await lineasDe(`VENTA:${ids[0]}`)).length).toBe(3);
    expect((await lineasDe(`CONTADO:${ids[2]}`)).length).toBe(2);
    expect(await lineasDe(`VENTA:${ids[1]}`)).toEqual([]);
    const [p] = await filas<{ motivo: string }>(sql`select motivo from contabilizacion_pendiente where id_documento = ${ids[1]}`);
    expect(p.motivo).toMatch(/^Documento en dólares sin tipo de cambio registrado para el /);
  });

  it('un asiento inválido en el lote no escribe ninguno (error en español) y una clave ya usada se salta', async () => {
    const [c101] = await filas<{ id: number }>(sql`select id from cuenta_contable where codigo = '101' and id_empresa is null`);
    const [c70] = await filas<{ id: number }>(sql`select id from cuenta_contable where codigo = '70111' and id_empresa is null`);
    const base = { idEmpresa: 1, idUsuario: null, idDiario: 5, fecha: hoy, origen: 'MANUAL' as const, siCerradoSiguiente: true };
    const bueno = (clave: string) => ({ ...base, glosa: clave, claveOrigen: clave, lineas: [{ idCuenta: Number(c101.id), debe: '10', haber: 0 }, { idCuenta: Number(c70.id), debe: 0, haber: '10' }] });
    const antes = await numerosDelMes();
    const malo = { ...base, glosa: 'descuadrado', claveOrigen: 'PRUEBA:MALO', lineas: [{ idCuenta: Number(c101.id), debe: '10', haber: 0 }, { idCuenta: Number(c70.id), debe: 0, haber: '9.99' }] };
    const err = await e.dbh.db.transaction((tx) => registrarAsientos(tx, [bueno('PRUEBA:1'), malo])).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).errores).toEqual({ Lineas: 'El asiento no cuadra: el debe suma 10.00 y el haber 9.99' });
    expect(await numerosDelMes()).toEqual(antes);
    const ids = await e.dbh.db.transaction((tx) => registrarAsientos(tx, [bueno('PRUEBA:1'), bueno('PRUEBA:2')]));
    expect(ids.every((i) => typeof i === 'number')).toBe(true);
    const otra = await e.dbh.db.transaction((tx) => registrarAsientos(tx, [bueno('PRUEBA:2'), bueno('PRUEBA:3')]));
    expect(otra[0]).toBeNull();
    expect(typeof otra[1]).toBe('number');
    const max = antes.length ? Math.max(...antes) : 0;
    expect((await numerosDelMes()).filter((n) => n > max)).toEqual([max + 1, max + 2, max + 3]);
  });

  it('emisiones a la vez en una serie (grupos del bloqueo): cada factura con su venta y su cobro, números 1..N sin repetir', async () => {
    const serie = await idSerie(sup, 1003, 'F001');
    const rs = await Promise.all(Array.from({ length: 8 }, () => sup.post(DOC, factura(serie))));
    for (const r of rs) expect(r.statusCode, r.body).toBe(201);
    for (const r of rs) {
      const id = r.json<{ Id: number }>().Id;
      expect((await lineasDe(`VENTA:${id}`)).length).toBe(3);
      expect(await lineasDe(`CONTADO:${id}`)).toEqual([
        ['101', '63.60', '0.00'],
        ['1212', '0.00', '63.60'],
      ]);
    }
    const n = await numerosDelMes();
    expect(n).toEqual(Array.from({ length: n.length }, (_, i) => i + 1));
  });
});
