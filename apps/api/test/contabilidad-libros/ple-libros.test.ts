// PLE books of issue 15 beyond the diario: caja y bancos 1.1 (010100) and 1.2 (010200), registro de ventas 14.1
// (140100) and de compras 8.1 (080100), through the real stack: exact lines on hand-built data, field counts, the
// "sin movimiento" indicator, another company's data absent, a cashier's 403. Also the streamed diario / mayor against
// the in-memory implementation they replaced, byte for byte.
import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlmacen, TAsiento, TCompra, TCuentaContable, TLibrosPle } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';
import { fechaPle, textoPle } from '../../src/lib/ple';
import { recorrerConCursor } from '../../src/modules/contabilidad/libros/ple.service';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
const F = '/api/finanzas/v1';
const LOG = '/api/logistica/v1';
const hoy = hoyLima();
const periodo = hoy.slice(0, 7);
const per = `${periodo.replace('-', '')}00`;
const PROVEEDOR = { RucProveedor: '20100047218', RazonSocialProveedor: 'DISTRIBUIDORA DEL SUR S.A.C.' };
const cuentas = new Map<string, TCuentaContable>();
const id = (codigo: string) => cuentas.get(codigo)!.Id;
const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const ruc = async () => (await filas<{ documento: string }>(sql`select e.documento from empresa e join usuario u on u.id_empresa = e.id where u.usuario = 'supervisor' limit 1`))[0].documento;

const asientos: TAsiento[] = [];
let compra: TCompra;
let idPago: number;
let idVenta: number;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  for (const c of (await sup.get(`${F}/cuentascontables`)).json<{ Data: TCuentaContable[] }>().Data) cuentas.set(c.Codigo, c);
  // March 2025: an owner's cash contribution, a cash deposit into the bank, and an entry that touches no cash.
  const manual = (Fecha: string, Glosa: string, l: [string, string, string][]) =>
    sup.post(`${F}/libros/asientos`, { IdDiario: 5, Fecha, Glosa, Lineas: l.map(([c, Debe, Haber]) => ({ IdCuenta: id(c), Debe, Haber })) });
  for (const [fecha, glosa, l] of [
    ['2025-03-10', 'Aporte en efectivo | socio', [['101', '500.00', '0'], ['5011', '0', '500.00']]],
    ['2025-03-11', 'Depósito en banco', [['1041', '300.00', '0'], ['101', '0', '300.00']]],
    ['2025-03-12', 'Venta al crédito sin caja', [['1212', '118.00', '0'], ['40111', '0', '18.00'], ['70111', '0', '100.00']]],
  ] as [string, string, [string, string, string][]][]) {
    const r = await manual(fecha, glosa, l);
    expect(r.statusCode, r.body).toBe(201);
    asientos.push(r.json());
  }
  // This month: a factura issued, a purchase on credit paid from a BBVA account by transfer.
  const v = await sup.post('/api/contabilidad/v1/documentoContable', factura(await idSerie(sup, 1003, 'F001')));
  expect(v.statusCode, v.body).toBe(201);
  idVenta = v.json<{ Id: number }>().Id;
  const idBien = (await sup.post(`${LOG}/items`, { Codigo: 'PLE-1', Descripcion: 'ACEITE VEGETAL 1 L', CodigoUnidad: 'NIU', Precio: '9', PrecioIncluyeIgv: true, AfectacionIgv: '10' })).json().Id;
  const principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
  const banco = (await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 3, Nombre: 'BBVA PLE', Banco: 'BBVA Perú', NumeroCuenta: '0011-0123-0100012345', IdMoneda: 1 })).json().Id;
  const c = await sup.post(`${LOG}/compras`, {
    ...PROVEEDOR, TipoDocumento: '01', Serie: 'F002', Numero: 901, FechaEmision: hoy,
    Lineas: [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '10', ValorUnitario: '10', AfectacionIgv: '10' }],
    IdCondicionPago: 2, Cuotas: [{ Monto: '118.00', FechaVencimiento: sumarDias(hoy, 15) }],
  });
  expect(c.statusCode, c.body).toBe(201);
  compra = c.json();
  const { Cuotas } = (await sup.get(`${F}/cuentasporpagar/${compra.Id}`)).json() as { Cuotas: { IdCuota: number }[] };
  const p = await sup.post(`${F}/pagos/bancarizados`, { IdCuentaFinanciera: banco, MedioPago: '003', NumeroOperacion: 'OP-PLE-1', Detalle: [{ IdCuota: Cuotas[0].IdCuota, Monto: '118.00' }] });
  expect(p.statusCode, p.body).toBe(201);
  idPago = p.json().Id;
}, 180_000);
afterAll(async () => e?.cerrar());

const bajar = async (c: Cliente, ruta: string, p: string) => {
  const r = await c.get(`${F}/libros/ple/${ruta}?periodo=${p}`);
  expect(r.statusCode, r.body).toBe(200);
  const nombre = /filename="([^"]+)"/.exec(String(r.headers['content-disposition']))?.[1] ?? '';
  return { nombre, cuerpo: r.body, lineas: r.body.split('\r\n').filter(Boolean) };
};
const l = (...campos: string[]) => `${campos.join('|')}|`;

describe('libro caja y bancos', () => {
  it('1.1 efectivo (010100): los asientos que mueven caja, todas sus líneas, 19 campos exactos', async () => {
    const [a1, a2] = asientos;
    const f = await bajar(sup, 'caja', '2025-03');
    expect(f.nombre).toBe(`LE${await ruc()}20250300010100001111.TXT`);
    expect(f.cuerpo.endsWith('\r\n')).toBe(true);
    expect(f.lineas).toEqual([
      l('20250300', String(a1.Id), 'M1', '101', '', '', 'PEN', '', '', '', '10/03/2025', '', '10/03/2025', 'Aporte en efectivo socio', '', '500.00', '0.00', '', '1'),
      l('20250300', String(a1.Id), 'M2', '5011', '', '', 'PEN', '', '', '', '10/03/2025', '', '10/03/2025', 'Aporte en efectivo socio', '', '0.00', '500.00', '', '1'),
      l('20250300', String(a2.Id), 'M1', '1041', '', '', 'PEN', '', '', '', '11/03/2025', '', '11/03/2025', 'Depósito en banco', '', '300.00', '0.00', '', '1'),
      l('20250300', String(a2.Id), 'M2', '101', '', '', 'PEN', '', '', '', '11/03/2025', '', '11/03/2025', 'Depósito en banco', '', '0.00', '300.00', '', '1'),
    ]);
    for (const x of f.lineas) expect(x.split('|')).toHaveLength(20);
  });

  it('1.2 cuenta corriente (010200): un movimiento por línea de banco, 15 campos; banco, cuenta, medio y tercero del pago', async () => {
    const a2 = asientos[1];
    const marzo = await bajar(sup, 'bancos', '2025-03');
    expect(marzo.nombre).toBe(`LE${await ruc()}20250300010200001111.TXT`);
    expect(marzo.lineas).toEqual([l('20250300', String(a2.Id), 'M1', '99', '1041', '11/03/2025', '999', 'Depósito en banco', '', '', '', String(a2.Id), '300.00', '0.00', '1')]);
    const [pago] = await filas<{ id: number; glosa: string; orden: number }>(
      sql`select a.id, a.glosa, l.orden from asiento_contable a join asiento_linea l on l.id_asiento = a.id join cuenta_contable c on c.id = l.id_cuenta where a.clave_origen = ${`PAGO:${idPago}`} and c.codigo = '1041'`,
    );
    const mes = await bajar(sup, 'bancos', periodo);
    expect(mes.lineas).toContain(
      l(per, String(pago.id), `M${pago.orden}`, '11', '0011-0123-0100012345', fechaPle(hoy), '003', textoPle(pago.glosa, 100), '6', PROVEEDOR.RucProveedor, PROVEEDOR.RazonSocialProveedor, 'OP-PLE-1', '0.00', '118.00', '1'),
    );
    for (const x of mes.lineas) expect(x.split('|')).toHaveLength(16);
  });
});

describe('registros de ventas y compras (antes del SIRE)', () => {
  it('14.1 ventas (140100): la factura emitida con su CUO (el asiento de la venta) y 35 campos', async () => {
    const f = await bajar(sup, 'ventas', periodo);
    expect(f.nombre).toBe(`LE${await ruc()}${per}140100001111.TXT`);
    const [d] = await filas<{ serie: string; correlativo: number; monto_igv: string; monto_total: string; monto_sub_total: string; asiento: number }>(
      sql`select d.serie, d.correlativo, d.monto_igv::text, d.monto_total::text, d.monto_sub_total::text, a.id as asiento
            from documento_contable d join asiento_contable a on a.clave_origen = 'VENTA:' || d.id where d.id = ${idVenta}`,
    );
    const linea = f.lineas.find((x) => x.split('|')[1] === String(d.asiento))!;
    expect(linea.split('|')).toHaveLength(36);
    expect(linea).toBe(
      l(per, String(d.asiento), 'M1', fechaPle(hoy), '', '01', d.serie, String(d.correlativo), '', '6', '20100070970', 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA',
        '0.00', new Decimal(d.monto_sub_total).toFixed(2), '0.00', new Decimal(d.monto_igv).toFixed(2), '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00',
        new Decimal(d.monto_total).toFixed(2), 'PEN', '1.000', '', '', '', '', '', '', '', '1'),
    );
  });

  it('8.1 compras (080100): la compra registrada, 42 campos exactos', async () => {
    const f = await bajar(sup, 'compras', periodo);
    expect(f.nombre).toBe(`LE${await ruc()}${per}080100001111.TXT`);
    const [c] = await filas<{ asiento: number; fecha_vencimiento: string | null }>(
      sql`select a.id as asiento, c.fecha_vencimiento::text from compra c join asiento_contable a on a.clave_origen = 'COMPRA:' || c.id where c.id = ${compra.Id}`,
    );
    expect(f.lineas).toEqual([
      l(per, String(c.asiento), 'M1', fechaPle(hoy), c.fecha_vencimiento ? fechaPle(c.fecha_vencimiento) : '', '01', 'F002', '', '901', '', '6', PROVEEDOR.RucProveedor, PROVEEDOR.RazonSocialProveedor,
        '100.00', '18.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '118.00', 'PEN', '1.000', ...Array<string>(15).fill(''), '1'),
    ]);
    expect(f.lineas[0].split('|')).toHaveLength(43);
  });
});

describe('sin movimiento, otras empresas y permisos', () => {
  it('un periodo vacío da archivos vacíos con el indicador 0 y la lista los marca sin movimiento', async () => {
    for (const [ruta, codigo] of [['caja', '010100'], ['bancos', '010200'], ['ventas', '140100'], ['compras', '080100'], ['diario', '050100']]) {
      const f = await bajar(sup, ruta, '2024-01');
      expect(f.nombre).toBe(`LE${await ruc()}20240100${codigo}001011.TXT`);
      expect(f.cuerpo).toBe('');
    }
    const lista = (await sup.get(`${F}/libros/ple?periodo=2024-01`)).json<TLibrosPle>();
    expect(lista.Data.map((x) => [x.Codigo, x.ConDatos])).toEqual([
      ['010100', false], ['010200', false], ['050100', false], ['050300', false], ['060100', false], ['080100', false], ['140100', false],
    ]);
    const marzo = (await sup.get(`${F}/libros/ple?periodo=2025-03`)).json<TLibrosPle>();
    expect(marzo.Data.find((x) => x.Codigo === '010100')).toMatchObject({ ConDatos: true, Ruta: 'caja', Archivo: `LE${await ruc()}20250300010100001111.TXT` });
    expect(marzo.Data.find((x) => x.Codigo === '140100')).toMatchObject({ ConDatos: false });
  });

  it('otra empresa no recibe los movimientos ni los documentos de esta', async () => {
    for (const [ruta, p] of [['caja', '2025-03'], ['bancos', '2025-03'], ['diario', '2025-03']]) expect((await bajar(otra, ruta, p)).cuerpo, ruta).toBe('');
    expect((await bajar(otra, 'compras', periodo)).cuerpo).not.toContain(PROVEEDOR.RucProveedor);
    const ventas = (await bajar(otra, 'ventas', periodo)).lineas.map((x) => x.split('|')[1]);
    const [d] = await filas<{ asiento: number }>(sql`select id as asiento from asiento_contable where clave_origen = ${`VENTA:${idVenta}`}`);
    expect(ventas).not.toContain(String(d.asiento));
  });

  it('un cajero no descarga libros electrónicos (403) y un periodo mal escrito es un 400', async () => {
    for (const ruta of ['caja', 'bancos', 'ventas', 'compras']) expect((await cajero.get(`${F}/libros/ple/${ruta}?periodo=2025-03`)).statusCode, ruta).toBe(403);
    expect((await cajero.get(`${F}/libros/ple?periodo=2025-03`)).statusCode).toBe(403);
    expect((await sup.get(`${F}/libros/ple/caja?periodo=2025-13`)).statusCode).toBe(400);
  });
});

describe('libro diario en flujo', () => {
  /** The in-memory 5.1 / 6.1 generation this change replaced (reportes.service before the stream), as the reference. */
  async function diarioAnterior(idEmpresa: number, p: string, libro: '050100' | '060100') {
    const r = await filas<{
      id: number; fecha: string; glosa: string; glosa_linea: string | null; codigo: string; orden: number; debe: string; haber: string;
      codigo_tipo: string | null; serie: string | null; correlativo: number | null; fecha_emision: string | null;
    }>(sql`
      select a.id, a.fecha::text as fecha, a.glosa, l.glosa as glosa_linea, c.codigo, l.orden, l.debe, l.haber,
             d.codigo_tipo, d.serie, d.correlativo, d.fecha_emision::text as fecha_emision
        from asiento_contable a
        join asiento_linea l on l.id_asiento = a.id
        join cuenta_contable c on c.id = l.id_cuenta
        left join documento_contable d on d.id = a.id_documento and d.id_empresa = a.id_empresa
       where a.id_empresa = ${idEmpresa} and a.periodo = ${p}
       order by ${libro === '060100' ? sql`c.codigo, a.fecha, a.numero, l.orden` : sql`a.numero, l.orden`}`);
    const pp = `${p.replace('-', '')}00`;
    return r
      .map((f) =>
        [pp, String(f.id), `M${f.orden}`, f.codigo, '', '', 'PEN', '', '', f.codigo_tipo ?? '', f.serie ?? '', f.correlativo ? String(f.correlativo) : '',
          fechaPle(f.fecha), '', fechaPle(f.fecha_emision ?? f.fecha), textoPle(f.glosa_linea || f.glosa, 200), '', new Decimal(f.debe).toFixed(2), new Decimal(f.haber).toFixed(2), '', '1'].join('|') + '|',
      )
      .map((x) => `${x}\r\n`)
      .join('');
  }

  it('5.1 y 6.1 salen idénticos byte a byte a la generación en memoria (con documentos, varias cuentas, lotes)', async () => {
    const [emp] = await filas<{ id_empresa: number }>(sql`select id_empresa from usuario where usuario = 'supervisor'`);
    for (const p of ['2025-03', periodo]) {
      const diario = await bajar(sup, 'diario', p);
      expect(diario.cuerpo.length).toBeGreaterThan(0);
      expect(diario.cuerpo).toBe(await diarioAnterior(emp.id_empresa, p, '050100'));
      expect((await bajar(sup, 'mayor', p)).cuerpo).toBe(await diarioAnterior(emp.id_empresa, p, '060100'));
    }
  });

  it('el cursor entrega todas las filas en orden, lote por lote', async () => {
    const lotes: number[][] = [];
    await recorrerConCursor<{ n: number }>(e.dbh.db, sql`select generate_series(1, 7) as n`, async (r) => {
      lotes.push(r.map((x) => Number(x.n)));
    }, 3);
    expect(lotes).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });
});
