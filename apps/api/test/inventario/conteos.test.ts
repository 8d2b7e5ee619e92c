// Physical counts, presentations and the PLE inventory books through the real stack (issue 13, branch conteos):
// figures worked by hand in each test.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlmacen, TMovimiento, TStockFila, TToma } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { CLIENTE_DNI, clienteDe, hoyLima, idSerie, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
const LOG = '/api/logistica/v1';
const hoy = hoyLima();
let principal: TAlmacen;
let deposito: TAlmacen;
let idSucursal: number;

const filas = async (consulta: ReturnType<typeof sql>) => ((await e.dbh.db.execute(consulta)) as unknown as { rows: Record<string, unknown>[] }).rows;
async function crearItem(Codigo: string, Descripcion: string, extra: object = {}) {
  const r = await sup.post(`${LOG}/items`, { Codigo, Descripcion, CodigoUnidad: 'NIU', Precio: '10', PrecioIncluyeIgv: true, AfectacionIgv: '10', ...extra });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().Id as number;
}
async function mover(cuerpo: object) {
  const r = await sup.post(`${LOG}/movimientos`, cuerpo);
  expect(r.statusCode, r.body).toBe(201);
  return r.json<TMovimiento>();
}
async function stockDe(idAlmacen: number, codigo: string): Promise<TStockFila | undefined> {
  const r = await sup.get(`${LOG}/inventarios/stock?idalmacen=${idAlmacen}&filtro=${codigo}`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().Data as TStockFila[])[0];
}

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1004')).json().Data as { Serie: string; IdSucursal: number }[];
  idSucursal = series.find((s) => s.Serie === 'B001')!.IdSucursal;
  const almacenes = (await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[];
  principal = almacenes.find((a) => a.IdSucursal === idSucursal && a.EsPredeterminado)!;
  const d = await sup.post(`${LOG}/almacenes`, { IdSucursal: idSucursal, Nombre: 'Depósito de conteo' });
  expect(d.statusCode, d.body).toBe(201);
  deposito = d.json();
}, 120_000);
afterAll(async () => e?.cerrar());

describe('toma de inventario', () => {
  let idA: number;
  let idB: number;
  let toma: TToma;

  it('abrir congela el stock esperado y el conteo es ciego', async () => {
    idA = await crearItem('CNT-1', 'ARROZ EXTRA 5 KG');
    idB = await crearItem('CNT-2', 'AZUCAR RUBIA 1 KG');
    await mover({ Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: deposito.Id, Lineas: [{ IdItem: idA, Cantidad: '10', CostoUnitario: '5' }, { IdItem: idB, Cantidad: '4', CostoUnitario: '2.50' }] });
    const r = await sup.post(`${LOG}/tomasinventario`, { IdAlmacen: deposito.Id, Fecha: hoy, Glosa: 'Conteo de fin de mes' });
    expect(r.statusCode, r.body).toBe(201);
    toma = r.json<TToma>();
    expect(toma).toMatchObject({ Estado: 'A', Almacen: 'Depósito de conteo', Lineas: 2, Contadas: 0 });
    for (const l of toma.Detalle) expect(l).toMatchObject({ CantidadEsperada: null, StockActual: null, Diferencia: null, CostoPromedio: null, CantidadContada: null });
    const [snap] = await filas(sql`select cantidad_esperada::text as q from toma_inventario_detalle where id_toma = ${toma.Id} and id_item = ${idA}`);
    expect(snap.q).toBe('10.0000000000');
  });

  it('contar, revisar y contabilizar: cada diferencia es una línea del libro al costo promedio; lo vendido después de la toma se respeta', async () => {
    // After the snapshot 2 bags leave (a sale in the meantime): the count of 7 is of the shelf at the snapshot.
    await mover({ Clase: 'S', TipoOperacion: '99', Fecha: hoy, IdAlmacen: deposito.Id, Lineas: [{ IdItem: idA, Cantidad: '2' }] });
    const c = await sup.put(`${LOG}/tomasinventario/${toma.Id}/conteos`, { Lineas: [{ IdItem: idA, CantidadContada: '7' }, { IdItem: idB, CantidadContada: '6' }] });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json<TToma>().Detalle.find((l) => l.IdItem === idA)).toMatchObject({ CantidadContada: '7', CantidadEsperada: null });
    // Posting straight from the blind count is refused: it must be reviewed first.
    const antes = await sup.post(`${LOG}/tomasinventario/${toma.Id}/contabilizacion`, { Fecha: hoy });
    expect(antes.statusCode).toBe(400);
    expect(antes.json().Mensaje).toContain('no está en revisión');

    const rv = await sup.post(`${LOG}/tomasinventario/${toma.Id}/revision`, {});
    expect(rv.statusCode, rv.body).toBe(200);
    const rev = rv.json<TToma>();
    expect(rev.Estado).toBe('R');
    expect(rev.Detalle.find((l) => l.IdItem === idA)).toMatchObject({ CantidadEsperada: '10', StockActual: '8', CantidadContada: '7', Diferencia: '-3', CostoPromedio: '5.0000', ValorDiferencia: '-15.00' });
    expect(rev.Detalle.find((l) => l.IdItem === idB)).toMatchObject({ CantidadEsperada: '4', StockActual: '4', CantidadContada: '6', Diferencia: '2', CostoPromedio: '2.5000', ValorDiferencia: '5.00' });

    const p = await sup.post(`${LOG}/tomasinventario/${toma.Id}/contabilizacion`, { Fecha: hoy, TipoOperacionFaltante: '13' });
    expect(p.statusCode, p.body).toBe(200);
    const post = p.json<TToma>();
    expect(post.Estado).toBe('C');
    expect(post.Movimientos).toHaveLength(2);
    // 7 counted - 2 sold after the snapshot = 5; the surplus of sugar enters at its average.
    expect(await stockDe(deposito.Id, 'CNT-1')).toMatchObject({ Cantidad: '5', CostoPromedio: '5.0000', Valor: '25.00' });
    expect(await stockDe(deposito.Id, 'CNT-2')).toMatchObject({ Cantidad: '6', CostoPromedio: '2.5000', Valor: '15.00' });
    const movs = await Promise.all(post.Movimientos.map(async (id) => (await sup.get(`${LOG}/movimientos/${id}`)).json<TMovimiento>()));
    const entrada = movs.find((m) => m.Clase === 'I')!;
    const salida = movs.find((m) => m.Clase === 'S')!;
    expect(entrada).toMatchObject({ TipoOperacion: '28', Glosa: `Toma de inventario N° ${toma.Numero}`, Detalle: [{ IdItem: idB, Cantidad: '2', CostoUnitario: '2.5000', CostoTotal: '5.00' }] });
    expect(salida).toMatchObject({ TipoOperacion: '13', Detalle: [{ IdItem: idA, Cantidad: '-3', CostoUnitario: '5.0000', CostoTotal: '-15.00' }] });
  });

  it('una toma contabilizada no se contabiliza dos veces ni cambia sus conteos', async () => {
    const [a, b] = await Promise.all([
      sup.post(`${LOG}/tomasinventario/${toma.Id}/contabilizacion`, { Fecha: hoy }),
      sup.post(`${LOG}/tomasinventario/${toma.Id}/contabilizacion`, { Fecha: hoy }),
    ]);
    for (const r of [a, b]) {
      expect(r.statusCode).toBe(400);
      expect(r.json().Mensaje).toContain('ya fue contabilizada');
    }
    expect((await sup.put(`${LOG}/tomasinventario/${toma.Id}/conteos`, { Lineas: [{ IdItem: idA, CantidadContada: '1' }] })).statusCode).toBe(400);
    const [{ n }] = await filas(sql`select count(*)::int as n from movimiento_inventario where glosa = ${`Toma de inventario N° ${toma.Numero}`}`);
    expect(n).toBe(2);
    expect(await stockDe(deposito.Id, 'CNT-1')).toMatchObject({ Cantidad: '5' });
  });

  it('dos contabilizaciones simultáneas de una toma en revisión: solo una mueve stock', async () => {
    const t = (await sup.post(`${LOG}/tomasinventario`, { IdAlmacen: deposito.Id, Fecha: hoy })).json<TToma>();
    await sup.put(`${LOG}/tomasinventario/${t.Id}/conteos`, { Lineas: [{ IdItem: idA, CantidadContada: '4' }] });
    await sup.post(`${LOG}/tomasinventario/${t.Id}/revision`, {});
    const rs = await Promise.all([0, 1].map(() => sup.post(`${LOG}/tomasinventario/${t.Id}/contabilizacion`, { Fecha: hoy })));
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    // Uncounted sugar stays; rice 5 -> 4 once.
    expect(await stockDe(deposito.Id, 'CNT-1')).toMatchObject({ Cantidad: '4' });
    expect(await stockDe(deposito.Id, 'CNT-2')).toMatchObject({ Cantidad: '6' });
  });

  it('un producto encontrado en el estante se agrega (esperado = su stock); validaciones en español', async () => {
    const t = (await sup.post(`${LOG}/tomasinventario`, { IdAlmacen: deposito.Id, Fecha: hoy })).json<TToma>();
    const idC = await crearItem('CNT-3', 'FIDEOS CANUTO 250 G');
    const ajeno = await sup.put(`${LOG}/tomasinventario/${t.Id}/conteos`, { Lineas: [{ IdItem: idC, CantidadContada: '1' }] });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().Errores).toEqual({ 'Lineas.0.IdItem': 'El producto no está en la toma: agréguelo primero' });
    const ag = await sup.post(`${LOG}/tomasinventario/${t.Id}/items`, { IdItem: idC });
    expect(ag.statusCode, ag.body).toBe(200);
    expect(ag.json<TToma>().Lineas).toBe(3);
    const neg = await sup.put(`${LOG}/tomasinventario/${t.Id}/conteos`, { Lineas: [{ IdItem: idC, CantidadContada: '-1' }] });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().ErrorId).toBe(500001);
    const fecha = await sup.post(`${LOG}/tomasinventario`, { IdAlmacen: deposito.Id, Fecha: '2026-02-30' });
    expect(fecha.statusCode).toBe(400);
    expect(fecha.json().Errores.Fecha).toContain('fecha no válida');
  });

  it('otra empresa no ve ni cuenta la toma (404) y el cajero no entra (403)', async () => {
    expect((await otra.get(`${LOG}/tomasinventario/${toma.Id}`)).statusCode).toBe(404);
    expect((await otra.put(`${LOG}/tomasinventario/${toma.Id}/conteos`, { Lineas: [{ IdItem: idA, CantidadContada: '1' }] })).statusCode).toBe(404);
    expect((await otra.post(`${LOG}/tomasinventario`, { IdAlmacen: deposito.Id, Fecha: hoy })).statusCode).toBe(404);
    expect(((await otra.get(`${LOG}/tomasinventario`)).json().Data as TToma[]).some((t) => t.Id === toma.Id)).toBe(false);
    expect((await cajero.get(`${LOG}/tomasinventario`)).statusCode).toBe(403);
  });
});

describe('presentaciones', () => {
  let idP: number;
  it('una caja x 12 comprada y vendida mueve 12 unidades por caja', async () => {
    idP = await crearItem('PRS-1', 'GASEOSA 500 ML');
    const mal = await sup.put(`${LOG}/items/${idP}/presentaciones`, { Presentaciones: [{ CodigoUnidad: 'NIU', Descripcion: 'UNIDAD', Factor: '1' }] });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().Errores['Presentaciones.0.CodigoUnidad']).toContain('unidad base');
    const cero = await sup.put(`${LOG}/items/${idP}/presentaciones`, { Presentaciones: [{ CodigoUnidad: 'BX', Descripcion: 'CAJA', Factor: '0' }] });
    expect(cero.statusCode).toBe(400);
    const r = await sup.put(`${LOG}/items/${idP}/presentaciones`, { Presentaciones: [{ CodigoUnidad: 'bx', Descripcion: 'CAJA X 12', Factor: '12', CodigoBarras: '7750000000017' }, { CodigoUnidad: 'PK', Descripcion: 'PAQUETE X 6', Factor: '6' }] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().Data).toEqual([
      { CodigoUnidad: 'PK', Descripcion: 'PAQUETE X 6', Factor: '6' },
      { CodigoUnidad: 'BX', Descripcion: 'CAJA X 12', Factor: '12', CodigoBarras: '7750000000017' },
    ]);
    expect((await otra.get(`${LOG}/items/${idP}/presentaciones`)).statusCode).toBe(404);

    // 2 boxes at S/ 60.00 each (without IGV): 24 bottles at S/ 5.00.
    const c = await sup.post(`${LOG}/compras`, {
      RucProveedor: '20100047218', RazonSocialProveedor: 'DISTRIBUIDORA DEL SUR S.A.C.', TipoDocumento: '01', Serie: 'F001', Numero: 9101, FechaEmision: hoy,
      Lineas: [{ IdItem: idP, IdAlmacen: principal.Id, Cantidad: '2', CodigoUnidad: 'BX', ValorUnitario: '60' }],
    });
    expect(c.statusCode, c.body).toBe(201);
    expect(await stockDe(principal.Id, 'PRS-1')).toMatchObject({ Cantidad: '24', CostoPromedio: '5.0000', Valor: '120.00' });

    // A boleta: 1 box and 1 bottle -> 13 bottles out.
    const b = await sup.post('/api/contabilidad/v1/documentoContable', {
      IdTipoDocumento: 1004, IdSerie: await idSerie(sup, 1004, 'B001'), FechaEmision: hoy, ListaEntidades: [CLIENTE_DNI],
      ListaItems: [
        { IdItem: idP, CodigoItem: 'PRS-1', ItemDescripcion: 'GASEOSA 500 ML CAJA X 12', CodigoUnidad: 'BX', Cantidad: '1', PrecioUnitario: '90' },
        { IdItem: idP, CodigoItem: 'PRS-1', ItemDescripcion: 'GASEOSA 500 ML', Cantidad: '1', PrecioUnitario: '8' },
      ],
    });
    expect(b.statusCode, b.body).toBe(201);
    expect(await stockDe(principal.Id, 'PRS-1')).toMatchObject({ Cantidad: '11', CostoPromedio: '5.0000', Valor: '55.00' });
    const lineas = await filas(sql`select d.cantidad::text as q from movimiento_inventario_detalle d join movimiento_inventario m on m.id = d.id_movimiento
      where m.id_documento_contable = ${b.json().Id} order by d.id`);
    expect(lineas.map((l) => l.q)).toEqual(['-12.0000000000', '-1.0000000000']);
  });
});

describe('PLE 12.1 y 13.1', () => {
  it('el mes con saldo inicial, compra y merma: campo por campo y con el nombre de SUNAT', async () => {
    const a = (await sup.post(`${LOG}/almacenes`, { IdSucursal: idSucursal, Nombre: 'Almacén PLE' })).json<TAlmacen>();
    const id = await crearItem('PLE-1', 'ACEITE | VEGETAL 1 L', { EstandarCodigoProducto: 'GTIN-13', CodigoProducto: '4006381333931' });
    // February: opening 10 at 5.00. March: purchase F001-7 of 5 at 8.00 (average 90 / 15 = 6.00), then 3 lost at 6.00.
    await mover({ Clase: 'I', TipoOperacion: '16', Fecha: '2025-02-10', IdAlmacen: a.Id, Lineas: [{ IdItem: id, Cantidad: '10', CostoUnitario: '5' }] });
    const c = await sup.post(`${LOG}/compras`, {
      RucProveedor: '20100047218', RazonSocialProveedor: 'DISTRIBUIDORA DEL SUR S.A.C.', TipoDocumento: '01', Serie: 'F001', Numero: 7, FechaEmision: '2025-03-05',
      Lineas: [{ IdItem: id, IdAlmacen: a.Id, Cantidad: '5', ValorUnitario: '8' }],
    });
    expect(c.statusCode, c.body).toBe(201);
    const merma = await mover({ Clase: 'S', TipoOperacion: '13', Fecha: '2025-03-10', IdAlmacen: a.Id, Lineas: [{ IdItem: id, Cantidad: '3' }] });
    const det = await filas(sql`select d.id, d.id_movimiento from movimiento_inventario_detalle d where d.id_item = ${id} and d.fecha >= '2025-03-01' order by d.id`);
    const [compra, salida] = det.map((d) => ({ cuo: String(d.id_movimiento), corr: `M${d.id}` }));
    const comun = (cuo: string, corr: string, fecha: string, doc: string, op: string) =>
      ['20250300', cuo, corr, '0000', '9', '01', 'PLE-1', '3', '4006381333931', fecha, ...doc.split(' '), op, 'ACEITE VEGETAL 1 L', 'NIU'];

    const v = await sup.get(`${LOG}/kardex/ple/valorizado?periodo=2025-03&idalmacen=${a.Id}`);
    expect(v.statusCode, v.body).toBe(200);
    expect(v.headers['content-disposition']).toMatch(/filename="LE\d{11}20250300130100001111\.TXT"/);
    const lv = v.body.split('\r\n');
    expect(lv.at(-1)).toBe('');
    expect(lv.slice(0, -1).map((l) => l.split('|'))).toEqual([
      [...comun(`20250300SI${a.Id}-${id}`, 'A1', '01/03/2025', '00 0 0', '16'), '1', '10.00', '5.00', '50.00', '0.00', '0.00', '0.00', '10.00', '5.00', '50.00', '1', ''],
      [...comun(compra.cuo, compra.corr, '05/03/2025', '01 F001 7', '02'), '1', '5.00', '8.00', '40.00', '0.00', '0.00', '0.00', '15.00', '6.00', '90.00', '1', ''],
      [...comun(salida.cuo, salida.corr, '10/03/2025', `00 0 ${merma.Numero}`, '13'), '1', '0.00', '0.00', '0.00', '-3.00', '6.00', '-18.00', '12.00', '6.00', '72.00', '1', ''],
    ]);
    for (const l of lv.slice(0, -1)) expect(l.split('|')).toHaveLength(28);

    const f = await sup.get(`${LOG}/kardex/ple/fisico?periodo=2025-03&idalmacen=${a.Id}`);
    expect(f.headers['content-disposition']).toMatch(/filename="LE\d{11}20250300120100001111\.TXT"/);
    expect(f.body.split('\r\n').slice(0, -1).map((l) => l.split('|'))).toEqual([
      [...comun(`20250300SI${a.Id}-${id}`, 'A1', '01/03/2025', '00 0 0', '16'), '10.00', '0.00', '1', ''],
      [...comun(compra.cuo, compra.corr, '05/03/2025', '01 F001 7', '02'), '5.00', '0.00', '1', ''],
      [...comun(salida.cuo, salida.corr, '10/03/2025', `00 0 ${merma.Numero}`, '13'), '0.00', '-3.00', '1', ''],
    ]);

    // An empty month: the name says "sin información" (0) and the file is empty; a bad period is a Spanish 400.
    const vacio = await sup.get(`${LOG}/kardex/ple/fisico?periodo=2024-01&idalmacen=${a.Id}`);
    expect(vacio.headers['content-disposition']).toMatch(/120100001011\.TXT"/);
    expect(vacio.body).toBe('');
    const mal = await sup.get(`${LOG}/kardex/ple/fisico?periodo=2025-13`);
    expect(mal.statusCode).toBe(400);
    expect(mal.json().Errores.periodo).toContain('AAAA-MM');
    // Another company's file never carries this company's lines.
    expect((await otra.get(`${LOG}/kardex/ple/valorizado?periodo=2025-03&idalmacen=${a.Id}`)).body).toBe('');
  });
});
