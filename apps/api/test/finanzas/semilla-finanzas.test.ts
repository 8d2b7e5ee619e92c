// Branch finsemilla (issue 14): the seed's §7 Finance calls that had no route, each a thin path over the existing
// service, through the real HTTP stack (PGlite by default, PostgreSQL with TEST_DATABASE_URL): exact values where they
// compute, the cashier's 403, another company's 404 and the Spanish 500001 field messages. decisions.md
// "Finance seed paths over existing services".
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TAlmacen, type TCobro, type TCompra, type TDocumentoPorCobrar, type TPago } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
const F = '/api/finanzas/v1';
const F2 = '/api/finanzas/v2';
const LOG = '/api/logistica/v1';
const hoy = hoyLima();
const CLIENTE = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100047218', RazonSocial: 'BANCO DE CREDITO DEL PERU', Direccion: 'JR. CENTENARIO 156, LA MOLINA, LIMA' };

let caja: number;
let cajaAjena: number;
let banco: number;
let doc: { Id: number; SerieNumero: string; MontoTotal: string };

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const documento = async (id = doc.Id) => {
  const r = await sup.get(`${F}/documentos/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as TDocumentoPorCobrar;
};

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  caja = (await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 2, Nombre: 'Caja semilla', IdMoneda: 1 })).json().Id;
  const b = await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 3, Nombre: 'BBVA semilla', Banco: 'BBVA', NumeroCuenta: '0011-0123-0100099999', IdMoneda: 1 });
  expect(b.statusCode, b.body).toBe(201);
  banco = b.json().Id;
  cajaAjena = (await otra.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 2, Nombre: 'Caja ajena semilla', IdMoneda: 1 })).json().Id;
  // The helper's factura on credit (S/ 63.60) in two cuotas: 20.00 and 43.60.
  const r = await sup.post(
    '/api/contabilidad/v1/documentoContable',
    factura(await idSerie(sup, 1003, 'F001'), {
      ListaEntidades: [CLIENTE],
      IdCondicionPago: 3,
      ListaCuotas: [
        { Monto: '20.00', FechaVencimiento: sumarDias(hoy, 10) },
        { Monto: '43.60', FechaVencimiento: sumarDias(hoy, 40) },
      ],
    }),
  );
  expect(r.statusCode, r.body).toBe(201);
  doc = r.json();
}, 180_000);
afterAll(async () => e?.cerrar());

describe('datos maestros por las rutas de la semilla', () => {
  it('PUT /centroscostos con el Id en el cuerpo edita; ajeno 404, cajero 403, sin Id 500001', async () => {
    const c = await sup.post(`${F}/centroscostos`, { Codigo: 'SEM-1', Nombre: 'Ventas' });
    expect(c.statusCode, c.body).toBe(201);
    const id = c.json().Id as number;
    const r = await sup.put(`${F}/centroscostos`, { Id: id, Codigo: 'SEM-1', Nombre: 'Ventas y marketing' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ Id: id, Codigo: 'SEM-1', Nombre: 'Ventas y marketing', LogEstado: 1 });
    expect((await sup.get(`${F}/centroscostos`)).json().Data.find((x: { Id: number }) => x.Id === id).Nombre).toBe('Ventas y marketing');
    expect((await otra.put(`${F}/centroscostos`, { Id: id, Codigo: 'X1', Nombre: 'Ajeno' })).statusCode).toBe(404);
    expect((await cajero.put(`${F}/centroscostos`, { Id: id, Codigo: 'X1', Nombre: 'Ajeno' })).statusCode).toBe(403);
    const sinId = await sup.put(`${F}/centroscostos`, { Codigo: 'SEM-1', Nombre: '' });
    expect(sinId.statusCode).toBe(400);
    expect(sinId.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Nombre: 'Ingrese el nombre del centro de costo' } });
    expect(sinId.json().Errores.Id).toBeTruthy();
    expect((await sup.put(`${F}/centroscostos`, { Id: 'abc', Codigo: 'SEM-1', Nombre: 'x' })).statusCode).toBe(400);
  });

  it('PUT /elementosgastos con el Id en el cuerpo edita; ajeno 404, cajero 403', async () => {
    const c = await sup.post(`${F}/elementosgastos`, { Codigo: 'SEM-EG', Nombre: 'Alquileres' });
    expect(c.statusCode, c.body).toBe(201);
    const id = c.json().Id as number;
    const r = await sup.put(`${F}/elementosgastos`, { Id: id, Codigo: 'SEM-EG', Nombre: 'Alquiler de local', LogEstado: 0 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ Id: id, Codigo: 'SEM-EG', Nombre: 'Alquiler de local', LogEstado: 0 });
    expect((await otra.put(`${F}/elementosgastos`, { Id: id, Codigo: 'X1', Nombre: 'Ajeno' })).statusCode).toBe(404);
    expect((await cajero.put(`${F}/elementosgastos`, { Id: id, Codigo: 'X1', Nombre: 'Ajeno' })).statusCode).toBe(403);
    const malo = await sup.put(`${F}/elementosgastos`, { Id: id, Codigo: 'con espacio', Nombre: 'x' });
    expect(malo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Codigo: 'Código: de 1 a 20 letras, dígitos, puntos o guiones' } });
  });

  it('GET /cuentasbancarias: solo las cuentas de tipo banco de la empresa', async () => {
    const r = await sup.get(`${F}/cuentasbancarias`);
    expect(r.statusCode, r.body).toBe(200);
    const nombres = (r.json().Data as { Nombre: string; IdTipoCuenta: number }[]).map((c) => [c.Nombre, c.IdTipoCuenta]);
    expect(nombres).toContainEqual(['BBVA semilla', 3]);
    expect(nombres.every(([, t]) => t === 3)).toBe(true);
    expect(nombres.map(([n]) => n)).not.toContain('Caja semilla');
    expect(r.json().Count).toBe(nombres.length);
    const ajenas = (await otra.get(`${F}/cuentasbancarias`)).json().Data.map((c: { Nombre: string }) => c.Nombre);
    expect(ajenas).not.toContain('BBVA semilla');
    expect((await cajero.get(`${F}/cuentasbancarias`)).statusCode).toBe(403);
    expect((await sup.get(`${F}/cuentasbancarias?estado=7`)).statusCode).toBe(400);
  });

  it('GET /cuentasfinancieras/{id}/nromovimientos/{n}: los n últimos movimientos', async () => {
    const cuenta = (await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 1, Nombre: 'Caja chica semilla', IdMoneda: 1 })).json().Id as number;
    for (const Monto of ['10.00', '20.50', '30.25']) {
      const n = await sup.post(`${F}/notas/ingresos`, { IdCuentaFinanciera: cuenta, Monto, Motivo: `Ingreso ${Monto}` });
      expect(n.statusCode, n.body).toBe(201);
    }
    const r = await sup.get(`${F}/cuentasfinancieras/${cuenta}/nromovimientos/2`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().Count).toBe(3);
    expect(r.json().Data.map((m: { Monto: string }) => m.Monto)).toEqual(['30.25', '20.50']);
    expect((await sup.get(`${F}/cuentasfinancieras/${cuenta}/nromovimientos/100`)).json().Data).toHaveLength(3);
    const cero = await sup.get(`${F}/cuentasfinancieras/${cuenta}/nromovimientos/0`);
    expect(cero.statusCode).toBe(400);
    expect(cero.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { n: 'La cantidad de movimientos es un entero de 1 a 100' } });
    expect((await sup.get(`${F}/cuentasfinancieras/${cuenta}/nromovimientos/abc`)).statusCode).toBe(400);
    expect((await otra.get(`${F}/cuentasfinancieras/${cuenta}/nromovimientos/2`)).statusCode).toBe(404);
    expect((await cajero.get(`${F}/cuentasfinancieras/${cuenta}/nromovimientos/2`)).statusCode).toBe(403);
  });

  it('condiciones de pago, monedas, tipos de pago y áreas', async () => {
    expect((await sup.get(`${F}/condicionespagos/3`)).json()).toEqual({ Id: 3, Nombre: 'Crédito - Varias Letras', Credito: true });
    expect((await sup.get(`${F}/condicionespagos/1`)).json()).toEqual({ Id: 1, Nombre: 'Contado', Credito: false });
    expect((await sup.get(`${F}/condicionespagos/9`)).statusCode).toBe(404);
    expect((await sup.get(`${F}/condicionespagos/x`)).statusCode).toBe(400);
    const monedas = [
      { Id: 1, Codigo: 'PEN', Simbolo: 'S/', Nombre: 'Soles', LogEstado: 1 },
      { Id: 2, Codigo: 'USD', Simbolo: '$', Nombre: 'Dólares', LogEstado: 1 },
    ];
    expect((await sup.get(`${F}/monedas/1`)).json()).toEqual({ Data: monedas, Count: 2 });
    expect((await sup.get(`${F}/monedas/-1`)).json()).toEqual({ Data: monedas, Count: 2 });
    expect((await sup.get(`${F}/monedas/0`)).json()).toEqual({ Data: [], Count: 0 });
    const malo = await sup.get(`${F}/monedas/5`);
    expect(malo.statusCode).toBe(400);
    expect(malo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { estado: 'Estado: -1 todas, 1 activas o 0 inactivas' } });
    expect((await sup.get(`${F}/empresas/monedas`)).json()).toEqual({ Data: monedas, Count: 2 });
    expect((await cajero.get(`${F}/empresas/monedas`)).statusCode).toBe(403);
    const tipos = { Data: [{ Id: 1, Nombre: 'Efectivo', LogEstado: 1 }, { Id: 2, Nombre: 'Vouchers', LogEstado: 1 }, { Id: 3, Nombre: 'Nota Crédito', LogEstado: 1 }, { Id: 4, Nombre: 'Otros', LogEstado: 1 }], Count: 4 };
    expect((await sup.get(`${F}/tipospagos`)).json()).toEqual(tipos);
    expect((await sup.get(`${F}/empresas/tipospagos`)).json()).toEqual(tipos);
    expect((await cajero.get(`${F}/tipospagos`)).statusCode).toBe(403);
    // Areas: the company's catalogue kept by personnel (rrhh).
    expect((await sup.post('/api/rrhh/v1/areas', { Nombre: 'Tesorería semilla' })).statusCode).toBe(201);
    const areas = await sup.get(`${F}/areas`);
    expect(areas.statusCode, areas.body).toBe(200);
    expect(areas.json().Data.map((a: { Nombre: string }) => a.Nombre)).toContain('Tesorería semilla');
    expect((await otra.get(`${F}/areas`)).json().Data.map((a: { Nombre: string }) => a.Nombre)).not.toContain('Tesorería semilla');
    expect((await cajero.get(`${F}/areas`)).statusCode).toBe(403);
  });
});

describe('documentos y cobros por las rutas de la semilla', () => {
  it('GET /documentos/{id}: cuotas, cobrado y saldo; ajeno 404; cajero 403', async () => {
    const d = await documento();
    expect(d).toMatchObject({ IdDocumento: doc.Id, SerieNumero: doc.SerieNumero, IdTipoDocumento: 1003, Total: '63.60', Cobrado: '0.00', Saldo: '63.60', NumeroDocumentoCliente: CLIENTE.NumeroDocumento });
    expect(d.Cuotas.map((c) => [c.NumeroCuota, c.Monto, c.Saldo])).toEqual([
      [1, '20.00', '20.00'],
      [2, '43.60', '43.60'],
    ]);
    expect((await otra.get(`${F}/documentos/${doc.Id}`)).statusCode).toBe(404);
    expect((await cajero.get(`${F}/documentos/${doc.Id}`)).statusCode).toBe(403);
    expect((await sup.get(`${F}/documentos/0`)).statusCode).toBe(400);
  });

  it('GET /tiposcomprobantes/deudas', async () => {
    expect((await sup.get(`${F}/tiposcomprobantes/deudas`)).json()).toEqual({
      Data: [
        { Id: 1003, Nombre: 'Factura electrónica' },
        { Id: 1004, Nombre: 'Boleta de venta electrónica' },
        { Id: 1008, Nombre: 'Nota de venta' },
      ],
      Count: 3,
    });
  });

  it('cobros múltiples (v1, v2, recibos): efectivo a caja o bancarizado a banco según la cuenta, saldos exactos', async () => {
    const [q1, q2] = (await documento()).Cuotas;
    const v1 = await sup.post(`${F}/cobros/multiples/comprobantes`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: q1.IdCuota, Monto: '10.00' }] });
    expect(v1.statusCode, v1.body).toBe(201);
    expect(v1.json() as TCobro).toMatchObject({ IdTipoCobro: 1, IdCuentaFinanciera: caja, Monto: '10.00', Itf: '0.00', MedioPago: null });
    expect((v1.json() as TCobro).NumeroRecibo).toMatch(/^RC-\d+$/);
    const v2 = await sup.post(`${F2}/cobros/multiples/comprobantes`, {
      IdCuentaFinanciera: banco, MedioPago: '001', NumeroOperacion: 'OP-123',
      Detalle: [{ IdCuota: q1.IdCuota, Monto: '10.00' }, { IdCuota: q2.IdCuota, Monto: '8.00' }],
    });
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json()).toMatchObject({ IdTipoCobro: 2, IdCuentaFinanciera: banco, Monto: '18.00', NumeroOperacion: 'OP-123', Itf: '0.00' });
    // A bank account requires the bank data (same rule as /cobros/bancarizados).
    const sinOperacion = await sup.post(`${F}/cobros/multiples/recibos`, { IdCuentaFinanciera: banco, Detalle: [{ IdCuota: q2.IdCuota, Monto: '1.00' }] });
    expect(sinOperacion.statusCode).toBe(400);
    expect(sinOperacion.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { NumeroOperacion: 'Indique el número de operación bancaria' } });
    for (const [ruta, monto] of [
      ['cobros/multiples/recibos', '10.00'],
      ['recibos/cobros', '10.50'],
      ['clientes/recibos/cobros', '9.25'],
    ] as const) {
      const r = await sup.post(`${F}/${ruta}`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: q2.IdCuota, Monto: monto }] });
      expect(r.statusCode, `${ruta}: ${r.body}`).toBe(201);
      expect(r.json()).toMatchObject({ IdTipoCobro: 1, Monto: monto });
    }
    // 63.60 - 10.00 - 18.00 - 10.00 - 10.50 - 9.25 = 5.85 (cuota 2: 43.60 - 8.00 - 29.75).
    const d = await documento();
    expect([d.Cobrado, d.Saldo]).toEqual(['57.75', '5.85']);
    expect(d.Cuotas.map((c) => c.Saldo)).toEqual(['0.00', '5.85']);
    // Over-collection: 1410 with the pending amount; another company's account: the collection's own field error.
    const exceso = await sup.post(`${F}/recibos/cobros`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: q2.IdCuota, Monto: '5.86' }] });
    expect(exceso.statusCode).toBe(400);
    expect(exceso.json().ErrorId).toBe(ErrorCodes.TOTAL_EXCEDIDO);
    const ajena = cajaAjena;
    const conAjena = await sup.post(`${F}/cobros/multiples/comprobantes`, { IdCuentaFinanciera: ajena, Detalle: [{ IdCuota: q2.IdCuota, Monto: '1.00' }] });
    expect(conAjena.statusCode).toBeGreaterThanOrEqual(400);
    expect(conAjena.statusCode).toBeLessThan(500);
    expect((await otra.post(`${F}/recibos/cobros`, { IdCuentaFinanciera: ajena, Detalle: [{ IdCuota: q2.IdCuota, Monto: '1.00' }] })).statusCode).toBeLessThan(500);
    expect((await documento()).Saldo).toBe('5.85');
    expect((await cajero.post(`${F}/cobros/multiples/comprobantes`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: q2.IdCuota, Monto: '1.00' }] })).statusCode).toBe(403);
    const vacio = await sup.post(`${F2}/cobros/multiples/comprobantes`, { IdCuentaFinanciera: caja, Detalle: [] });
    expect(vacio.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Detalle: 'Seleccione al menos una cuota' } });
  });

  it('GET /entidades/{id}/documentos/comprobantes: lo que debe ese cliente; ajeno 404', async () => {
    let [ent] = await filas<{ id: number }>(sql`select e.id from entidad e join documento_contable d on d.id_empresa = e.id_empresa where d.id = ${doc.Id} and e.documento = ${CLIENTE.NumeroDocumento}`);
    if (!ent) {
      const c = await sup.post('/api/entidades/v1/entidades', { TipoEntidad: 6, IdTipoDocumento: 2, Documento: CLIENTE.NumeroDocumento, RazonSocial: CLIENTE.RazonSocial });
      expect(c.statusCode, c.body).toBeLessThan(300);
      ent = { id: c.json().Id };
    }
    const r = await sup.get(`${F}/entidades/${ent.id}/documentos/comprobantes`);
    expect(r.statusCode, r.body).toBe(200);
    const fila = r.json().Data.find((x: { IdDocumento: number }) => x.IdDocumento === doc.Id);
    expect(fila).toMatchObject({ Total: '63.60', Cobrado: '57.75', Saldo: '5.85' });
    expect(r.json().Data.every((x: { NumeroDocumentoCliente: string }) => x.NumeroDocumentoCliente === CLIENTE.NumeroDocumento)).toBe(true);
    expect((await otra.get(`${F}/entidades/${ent.id}/documentos/comprobantes`)).statusCode).toBe(404);
    expect((await cajero.get(`${F}/entidades/${ent.id}/documentos/comprobantes`)).statusCode).toBe(403);
    expect((await sup.get(`${F}/entidades/${ent.id}/documentos/comprobantes?tramo=nada`)).statusCode).toBe(400);
  });

  it('POST /v2/pagos/multiples/comprobantes: el mismo pago que v1', async () => {
    const idBien = (await sup.post(`${LOG}/items`, { Codigo: 'SEM-P1', Descripcion: 'ARROZ SEMILLA 1 KG', CodigoUnidad: 'NIU', Precio: '9', PrecioIncluyeIgv: true, AfectacionIgv: '10' })).json().Id;
    const principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
    const c = await sup.post(`${LOG}/compras`, {
      RucProveedor: '20100047218', RazonSocialProveedor: 'DISTRIBUIDORA SEMILLA S.A.C.', TipoDocumento: '01', Serie: 'F777', Numero: 1, FechaEmision: hoy, IdMoneda: 1,
      Lineas: [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '5', ValorUnitario: '10', AfectacionIgv: '10' }],
      IdCondicionPago: 2, Cuotas: [{ Monto: '59.00', FechaVencimiento: sumarDias(hoy, 30) }],
    });
    expect(c.statusCode, c.body).toBe(201);
    const compra = c.json() as TCompra;
    const [cuota] = ((await sup.get(`${F}/cuentasporpagar/${compra.Id}`)).json() as { Cuotas: { IdCuota: number }[] }).Cuotas;
    // Cash box balance first (a payment cannot leave a box empty of what it pays).
    expect((await sup.post(`${F}/notas/ingresos`, { IdCuentaFinanciera: caja, Monto: '100.00', Motivo: 'Fondo para pagos' })).statusCode).toBe(201);
    const r = await sup.post(`${F2}/pagos/multiples/comprobantes`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: cuota.IdCuota, Monto: '19.00' }] });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json() as TPago).toMatchObject({ IdTipoPago: 1, Monto: '19.00', IdCuentaFinanciera: caja });
    expect(((await sup.get(`${F}/cuentasporpagar/${compra.Id}`)).json() as { Saldo: string }).Saldo).toBe('40.00');
    expect((await cajero.post(`${F2}/pagos/multiples/comprobantes`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: cuota.IdCuota, Monto: '1.00' }] })).statusCode).toBe(403);
    const vacio = await sup.post(`${F2}/pagos/multiples/comprobantes`, { IdCuentaFinanciera: caja, Detalle: [] });
    expect(vacio.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Detalle: 'Seleccione al menos una cuota' } });
  });

  it('regularizaciones: un documento que no está detenido 404; la empresa ajena 404; la propia reenvía los detenidos', async () => {
    const uno = await sup.post(`${F}/documentos/comprobantes/${doc.Id}/regularizaciones`, {});
    expect(uno.statusCode).toBe(404);
    expect(uno.json().Mensaje ?? uno.body).toContain('no necesita regularización');
    expect((await otra.post(`${F}/documentos/comprobantes/${doc.Id}/regularizaciones`, {})).statusCode).toBe(404);
    const [{ id_empresa: empresaA }] = await filas<{ id_empresa: number }>(sql`select id_empresa from documento_contable where id = ${doc.Id}`);
    expect((await otra.post(`${F}/empresas/${empresaA}/comprobantes/regularizaciones`, {})).statusCode).toBe(404);
    const todos = await sup.post(`${F}/empresas/${empresaA}/comprobantes/regularizaciones`, {});
    expect(todos.statusCode, todos.body).toBe(200);
    expect(todos.json()).toEqual({ Regularizados: expect.any(Number) });
    expect((await cajero.post(`${F}/empresas/${empresaA}/comprobantes/regularizaciones`, {})).statusCode).toBe(403);
  });
});

describe('reportes por las rutas de la semilla', () => {
  it('GET /reportes/comprobantes es la lista de /documentos/comprobantes con el mismo filtro', async () => {
    const q = `idtipodocumento=1003&serie=F001&fechainicio=${hoy}&fechafin=${hoy}`;
    const a = await sup.get(`${F}/reportes/comprobantes?${q}`);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toEqual((await sup.get(`${F}/documentos/comprobantes?${q}`)).json());
    expect(a.json().Data.map((x: { Id: number }) => x.Id)).toContain(doc.Id);
    expect((await sup.get(`${F}/reportes/comprobantes?fechainicio=2026-02-30`)).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION });
  });

  it('GET /reportes/estadoscuentas/relacionados es el estado de cuenta del cliente', async () => {
    const q = `cliente=${CLIENTE.NumeroDocumento}&idmoneda=1`;
    const a = await sup.get(`${F}/reportes/estadoscuentas/relacionados?${q}`);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toEqual((await sup.get(`${F}/reportes/estadoscuentas?${q}`)).json());
    expect(a.json().Saldo).toBe('5.85');
    expect((await cajero.get(`${F}/reportes/estadoscuentas/relacionados?${q}`)).statusCode).toBe(403);
    const malo = await sup.get(`${F}/reportes/estadoscuentas/relacionados?cliente=`);
    expect(malo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { cliente: 'Indique el RUC o DNI del cliente' } });
  });

  it('GET /comprobantes/deudas/excels: un Excel con cada comprobante con saldo y sus montos exactos', async () => {
    const r = await sup.get(`${F}/comprobantes/deudas/excels?cliente=${CLIENTE.NumeroDocumento}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0]!;
    expect(hoja.getRow(3).values).toEqual([undefined, 'Comprobante', 'Tipo', 'Emisión', 'RUC/DNI', 'Cliente', 'Moneda', 'Próximo vencimiento', 'Días vencido', 'Tramo', 'Total', 'Cobrado', 'Saldo']);
    const filasDoc = [] as unknown[][];
    hoja.eachRow((f, n) => {
      if (n > 3 && f.getCell(1).value === doc.SerieNumero) filasDoc.push((f.values as unknown[]).slice(1));
    });
    const fecha = (iso: string) => iso.split('-').reverse().join('/');
    expect(filasDoc).toEqual([
      [doc.SerieNumero, 'Factura electrónica', fecha(hoy), CLIENTE.NumeroDocumento, CLIENTE.RazonSocial, 'S/', fecha(sumarDias(hoy, 40)), 0, 'Por vencer', 63.6, 57.75, 5.85],
    ]);
    expect((await cajero.get(`${F}/comprobantes/deudas/excels`)).statusCode).toBe(403);
    expect((await sup.get(`${F}/comprobantes/deudas/excels?idmoneda=9`)).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION });
    // Another company's list does not hold this document.
    const ajeno = await otra.get(`${F}/comprobantes/deudas/excels?cliente=${CLIENTE.NumeroDocumento}`);
    expect(ajeno.statusCode).toBe(200);
    const libroAjeno = new ExcelJS.Workbook();
    await libroAjeno.xlsx.load(ajeno.rawPayload as unknown as ArrayBuffer);
    expect(libroAjeno.worksheets[0]!.rowCount).toBe(3);
  });

  it('GET /reportes/misdeudas y /mis-deudas/documentos/comprobantes son las deudas con el proveedor', async () => {
    const base = (await sup.get('/api/pagos/v1/mis-deudas')).json();
    for (const ruta of ['reportes/misdeudas', 'mis-deudas/documentos/comprobantes']) {
      const r = await sup.get(`${F}/${ruta}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual(base);
    }
  });
});
