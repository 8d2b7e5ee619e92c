// Purchases (issue 13) and payables (issue 14) through the real API on a real database: totals, duplicates, stock and
// weighted-average cost after a purchase, the supplier's UBL XML, payables with aging, payments (partial, several
// dues, over the balance), the receipt, voiding, tenancy and permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirXml, firmarXml, generarCertificadoPrueba } from '@yupana/sunat';
import { ErrorCodes, type TAlmacen, type TCompra, type TCompraXmlLeida, type TCuentasPorPagar, type TPago, type TStockFila } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
const LOG = '/api/logistica/v1';
const F = '/api/finanzas/v1';
const hoy = hoyLima();
const PROVEEDOR = { RucProveedor: '20100047218', RazonSocialProveedor: 'DISTRIBUIDORA DEL SUR S.A.C.' };

let idBien: number;
let idLibro: number;
let principal: TAlmacen;
let caja: number;
let compra1: TCompra;
let compra2: TCompra;

/** The entries a purchase left in the books: [key, account, debit, credit] per line. */
const asientosDe = async (idCompra: number) => {
  const r = (await e.dbh.db.execute(
    `select a.clave_origen, c.codigo, l.debe::text as debe, l.haber::text as haber from asiento_linea l join asiento_contable a on a.id = l.id_asiento
      join cuenta_contable c on c.id = l.id_cuenta where a.clave_origen like '%COMPRA%:${idCompra}' order by a.id, l.orden`,
  )) as unknown as { rows: { clave_origen: string; codigo: string; debe: string; haber: string }[] };
  return r.rows.map((x) => [x.clave_origen, x.codigo, Number(x.debe), Number(x.haber)]);
};
const stockDe = async (filtro: string) =>
  ((await sup.get(`${LOG}/inventarios/stock?idalmacen=${principal.Id}&filtro=${filtro}`)).json().Data as TStockFila[])[0];
const factura = (numero: number, lineas: unknown[], extra: Record<string, unknown> = {}) => ({
  ...PROVEEDOR,
  TipoDocumento: '01',
  Serie: 'F001',
  Numero: numero,
  FechaEmision: hoy,
  Lineas: lineas,
  ...extra,
});

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  idBien = (await sup.post(`${LOG}/items`, { Codigo: 'CMP-1', Descripcion: 'FIDEOS SPAGHETTI 500 G', CodigoUnidad: 'NIU', Precio: '3.50', PrecioIncluyeIgv: true, AfectacionIgv: '10' })).json().Id;
  idLibro = (await sup.post(`${LOG}/items`, { Codigo: 'CMP-2', Descripcion: 'CUADERNO ESCOLAR A4', CodigoUnidad: 'NIU', Precio: '6', PrecioIncluyeIgv: true, AfectacionIgv: '20' })).json().Id;
  principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
  caja = ((await sup.get(`${F}/cuentasfinancieras`)).json().Data as { Id: number; IdTipoCuenta: number }[]).find((c) => c.IdTipoCuenta !== 3)!.Id;
}, 120_000);
afterAll(async () => e?.cerrar());

describe('compras', () => {
  it('registra una factura al crédito: totales exactos, proveedor nuevo, stock y costo promedio', async () => {
    const r = await sup.post(
      `${LOG}/compras`,
      factura(
        101,
        [
          { IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '10', ValorUnitario: '8.50', AfectacionIgv: '10' },
          { IdItem: idLibro, IdAlmacen: principal.Id, Cantidad: '2', ValorUnitario: '5', AfectacionIgv: '20' },
        ],
        { IdCondicionPago: 2, Cuotas: [{ Monto: '60.30', FechaVencimiento: sumarDias(hoy, 30) }, { Monto: '50.00', FechaVencimiento: sumarDias(hoy, 60) }] },
      ),
    );
    expect(r.statusCode, r.body).toBe(201);
    compra1 = r.json();
    expect(compra1).toMatchObject({ SerieNumero: 'F001-101', OpGravada: '85.00', OpExonerada: '10.00', Igv: '15.30', Total: '110.30', Saldo: '110.30', IdEstadoPago: 1, EstadoPago: 'Pendiente' });
    expect(compra1.Detalle.map((d) => [d.ValorVenta, d.Igv, d.Total])).toEqual([['85.00', '15.30', '100.30'], ['10.00', '0.00', '10.00']]);
    // The supplier became an entity of the company.
    const ent = (await e.dbh.db.execute(`select tipo_entidad, razon_social from entidad where documento = '${PROVEEDOR.RucProveedor}' and tipo_entidad = 4`)) as unknown as { rows: { razon_social: string }[] };
    expect(ent.rows.map((x) => x.razon_social)).toEqual([PROVEEDOR.RazonSocialProveedor]);
    expect(await stockDe('cmp-1')).toMatchObject({ Cantidad: '10', CostoPromedio: '8.5000' });

    // A second purchase at 10.00: (10 x 8.50 + 10 x 10.00) / 20 = 9.25.
    const r2 = await sup.post(`${LOG}/compras`, factura(102, [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '10', ValorUnitario: '10' }]));
    expect(r2.statusCode, r2.body).toBe(201);
    compra2 = r2.json();
    expect(compra2).toMatchObject({ Total: '118.00', IdCondicionPago: 1 });
    expect(await stockDe('cmp-1')).toMatchObject({ Cantidad: '20', CostoPromedio: '9.2500' });
    // The ledger line is Tabla 12 code 02 at the unit cost in soles.
    const k = (await e.dbh.db.execute(`select tipo_operacion, costo_unitario::text as c from movimiento_inventario_detalle where id_item = ${idBien} order by id`)) as unknown as { rows: { tipo_operacion: string; c: string }[] };
    expect(k.rows.map((x) => [x.tipo_operacion, Number(x.c)])).toEqual([['02', 8.5], ['02', 10]]);
    // The books (issue 15), in the purchase's transaction: 60 D base / 40 D IGV / 42 H total; goods in: 20 D / 61 H.
    expect(await asientosDe(compra1.Id)).toEqual([
      [`COMPRA:${compra1.Id}`, '6011', 95, 0],
      [`COMPRA:${compra1.Id}`, '40111', 15.3, 0],
      [`COMPRA:${compra1.Id}`, '4212', 0, 110.3],
      [`COMPRA-ALMACEN:${compra1.Id}`, '2011', 95, 0],
      [`COMPRA-ALMACEN:${compra1.Id}`, '6111', 0, 95],
    ]);
  });

  it('rechaza el documento repetido, cuotas que no suman el total y un total que no cuadra', async () => {
    const rep = await sup.post(`${LOG}/compras`, factura(101, [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '1', ValorUnitario: '1' }]));
    expect(rep.statusCode).toBe(400);
    expect(rep.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Numero: `La Factura F001-101 del proveedor ${PROVEEDOR.RucProveedor} ya está registrada` } });
    const cuotas = await sup.post(`${LOG}/compras`, factura(103, [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '1', ValorUnitario: '100' }], { IdCondicionPago: 2, Cuotas: [{ Monto: '100', FechaVencimiento: sumarDias(hoy, 5) }] }));
    expect(cuotas.json()).toMatchObject({ Errores: { Cuotas: 'La suma de las cuotas (S/ 100.00) debe ser igual al total (S/ 118.00)' } });
    const total = await sup.post(`${LOG}/compras`, factura(103, [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '1', ValorUnitario: '100' }], { TotalDeclarado: '120.50' }));
    expect(total.json().Errores.TotalDeclarado).toContain('no coincide');
    const ruc = await sup.post(`${LOG}/compras`, { ...factura(103, [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '1', ValorUnitario: '1' }]), RucProveedor: '20100047219' });
    expect(ruc.json().Errores).toMatchObject({ RucProveedor: 'RUC del proveedor no válido' });
    // Nothing of the refused ones moved stock.
    expect((await stockDe('cmp-1')).Cantidad).toBe('20');
  });

  it('en dólares: el costo entra en soles al tipo de cambio (venta) del día; sin tipo de cambio se rechaza', async () => {
    const otro = { RucProveedor: '20131312955', RazonSocialProveedor: 'IMPORTADORA DEL NORTE S.A.' };
    const linea = [{ IdItem: idLibro, IdAlmacen: principal.Id, Cantidad: '4', ValorUnitario: '10', AfectacionIgv: '20' }];
    const sinTc = await sup.post(`${LOG}/compras`, { ...factura(501, linea, { IdMoneda: 2 }), ...otro, FechaEmision: sumarDias(hoy, -400) });
    expect(sinTc.json()).toMatchObject({ ErrorId: ErrorCodes.TIPO_CAMBIO_FALTANTE });
    expect((await sup.post(`${F}/tiposcambios`, { Fecha: hoy, Compra: '3.7400', Venta: '3.7500' })).statusCode).toBe(201);
    const r = await sup.post(`${LOG}/compras`, { ...factura(501, linea, { IdMoneda: 2 }), ...otro });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ IdMoneda: 2, TipoCambio: '3.7500', Total: '40.00', TotalSoles: '150.00', Igv: '0.00', OpExonerada: '40.00' });
    expect(r.json().Detalle[0].CostoUnitarioSoles).toBe('37.5000');
    // 2 at 5.00 (the first purchase) and 4 at 37.50: (10 + 150) / 6.
    expect(await stockDe('cmp-2')).toMatchObject({ Cantidad: '6', CostoPromedio: '26.6667' });
    // The payable stays in dollars.
    expect((await sup.get(`${F}/cuentasporpagar?proveedor=${otro.RucProveedor}`)).json().Resumen).toEqual([expect.objectContaining({ IdMoneda: 2, Total: '40.00' })]);
  });

  it('lee el XML UBL firmado del proveedor y reconoce los productos por código; rechaza lo que no es UBL', async () => {
    const { xml } = construirXml({
      tipo: '01', serie: 'F002', numero: 77, fechaEmision: hoy, horaEmision: '10:00:00', moneda: 'PEN',
      emisor: { ruc: PROVEEDOR.RucProveedor, razonSocial: PROVEEDOR.RazonSocialProveedor, direccion: { ubigeo: '150101', direccion: 'AV. LIMA 1' } },
      cliente: { tipoDocumento: '6', numeroDocumento: '20600123450', nombre: 'COMERCIAL ANDINA', direccion: { ubigeo: '150101', direccion: 'JR. X 1' } },
      formaPago: { tipo: 'Credito', cuotas: [{ monto: '59.00', fechaVencimiento: sumarDias(hoy, 15) }] },
      fechaVencimiento: sumarDias(hoy, 15),
      items: [
        { codigo: 'CMP-1', descripcion: 'FIDEOS SPAGHETTI 500 G', unidad: 'NIU', cantidad: '5', valorUnitario: '6' },
        { codigo: 'XYZ-9', descripcion: 'PRODUCTO QUE LA EMPRESA NO TIENE', unidad: 'NIU', cantidad: '1', valorUnitario: '20' },
      ],
    });
    const firmado = firmarXml({ xml, canonico: true }, generarCertificadoPrueba({ ruc: PROVEEDOR.RucProveedor }).credencial);
    const r = await sup.post(`${LOG}/compras/xml`, { Xml: firmado.xml });
    expect(r.statusCode, r.body).toBe(200);
    const l = r.json() as TCompraXmlLeida;
    expect(l).toMatchObject({ RucProveedor: PROVEEDOR.RucProveedor, TipoDocumento: '01', Serie: 'F002', Numero: 77, IdCondicionPago: 2, Total: '59.00', Igv: '9.00', Firmado: true });
    expect(l.Cuotas).toEqual([{ Monto: '59.00', FechaVencimiento: sumarDias(hoy, 15) }]);
    expect(l.Lineas.map((x) => [x.Codigo, x.IdItem, x.ValorUnitario, x.AfectacionIgv])).toEqual([['CMP-1', idBien, '6', '10'], ['XYZ-9', null, '20', '10']]);

    const noUbl = await sup.post(`${LOG}/compras/xml`, { Xml: '<?xml version="1.0"?><pedido><id>1</id></pedido>' });
    expect(noUbl.statusCode).toBe(400);
    expect(noUbl.json().Errores.Xml).toMatch(/^El archivo no es un comprobante electrónico UBL/);
    const dtd = await sup.post(`${LOG}/compras/xml`, { Xml: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice>&e;</Invoice>' });
    expect(dtd.json().Errores.Xml).toContain('DOCTYPE');
    const roto = await sup.post(`${LOG}/compras/xml`, { Xml: '<Invoice' });
    expect(roto.json().Errores.Xml).toContain('mal formado');
  });
});

describe('cuentas por pagar y pagos', () => {
  let pago: TPago;
  it('la compra al crédito aparece con sus cuotas y su antigüedad', async () => {
    const l = (await sup.get(`${F}/cuentasporpagar?proveedor=${PROVEEDOR.RucProveedor}&fechacorte=${sumarDias(hoy, 45)}`)).json() as TCuentasPorPagar;
    const d = l.Data.find((x) => x.IdCompra === compra1.Id)!;
    expect(d).toMatchObject({ SerieNumero: 'F001-101', Total: '110.30', Saldo: '110.30', DiasVencido: 15, Tramo: 'De1a30' });
    expect(d.Cuotas.map((c) => [c.Saldo, c.Tramo])).toEqual([['60.30', 'De1a30'], ['50.00', 'PorVencer']]);
    // Both purchases (the cash one owes its total today until paid).
    expect(l.Resumen).toEqual([{ IdMoneda: 1, PorVencer: '50.00', De1a30: '60.30', De31a60: '118.00', De61a90: '0.00', Mas90: '0.00', Total: '228.30' }]);
  });

  it('un pago que excede el saldo se rechaza con 1410; un pago de varias cuotas las salda en una transacción', async () => {
    const cuotas = (await sup.get(`${F}/cuentasporpagar/${compra1.Id}`)).json().Cuotas as { IdCuota: number }[];
    const exceso = await sup.post(`${F}/pagos/efectivos`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: cuotas[0].IdCuota, Monto: '10' }, { IdCuota: cuotas[1].IdCuota, Monto: '50.01' }] });
    expect(exceso.statusCode).toBe(400);
    expect(exceso.json()).toMatchObject({ ErrorId: ErrorCodes.TOTAL_EXCEDIDO, Errores: { 'Detalle.1.Monto': 'Saldo pendiente: S/ 50.00' } });
    // Nothing was applied by the refused payment.
    expect((await sup.get(`${F}/cuentasporpagar/${compra1.Id}`)).json().Saldo).toBe('110.30');
    const r = await sup.post(`${F}/pagos/multiples/comprobantes`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: cuotas[0].IdCuota, Monto: '60.30' }, { IdCuota: cuotas[1].IdCuota, Monto: '20' }] });
    expect(r.statusCode, r.body).toBe(201);
    pago = r.json();
    expect(pago).toMatchObject({ NumeroRecibo: 'RP-1', IdTipoPago: 1, Monto: '80.30', NumeroDocumentoProveedor: PROVEEDOR.RucProveedor });
    expect((await sup.get(`${LOG}/compras/${compra1.Id}`)).json()).toMatchObject({ Pagado: '80.30', Saldo: '30.00', IdEstadoPago: 3, EstadoPago: 'Pagado parcialmente' });
    const pdf = await sup.get(`${F}/pagos/${pago.Id}/recibo`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The rest: the balance goes to 0 and the purchase is paid.
    const resto = await sup.post(`${F}/pagos/efectivos`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: cuotas[1].IdCuota, Monto: '30.00' }] });
    expect(resto.statusCode, resto.body).toBe(201);
    expect((await sup.get(`${LOG}/compras/${compra1.Id}`)).json()).toMatchObject({ Saldo: '0.00', IdEstadoPago: 4 });
    expect((await sup.get(`${F}/cuentasporpagar?proveedor=${PROVEEDOR.RucProveedor}`)).json().Data.map((d: { IdCompra: number }) => d.IdCompra)).toEqual([compra2.Id]);
  });

  it('anular: rechazado si tiene pagos; sin pagos revierte stock y deuda en una transacción', async () => {
    const pagada = await sup.put(`${LOG}/compras/${compra1.Id}/anulaciones`, { Motivo: 'Error de digitación' });
    expect(pagada.statusCode).toBe(400);
    expect(pagada.json().Mensaje).toMatch(/ya tiene pagos por S\/ 110.30/);
    const r = await sup.put(`${LOG}/compras/${compra2.Id}/anulaciones`, { Motivo: 'Devuelta al proveedor' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ Anulado: true, IdEstadoPago: 7, Saldo: '0.00' });
    expect((await stockDe('cmp-1')).Cantidad).toBe('10');
    expect((await sup.get(`${F}/cuentasporpagar?proveedor=${PROVEEDOR.RucProveedor}`)).json().Count).toBe(0);
    // Its entries are reversed in the same transaction (118.00: 100.00 + 18.00 IGV).
    const libros = await asientosDe(compra2.Id);
    expect(libros.filter((l) => String(l[0]).startsWith('ANULA-'))).toEqual([
      [`ANULA-COMPRA:${compra2.Id}`, '6011', 0, 100],
      [`ANULA-COMPRA:${compra2.Id}`, '40111', 0, 18],
      [`ANULA-COMPRA:${compra2.Id}`, '4212', 118, 0],
      [`ANULA-COMPRA-ALMACEN:${compra2.Id}`, '2011', 0, 100],
      [`ANULA-COMPRA-ALMACEN:${compra2.Id}`, '6111', 100, 0],
    ]);
    const cuota = (await sup.get(`${F}/cuentasporpagar/${compra2.Id}`)).json().Cuotas[0].IdCuota;
    const anulado = await sup.post(`${F}/pagos/efectivos`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: cuota, Monto: '1' }] });
    expect(anulado.json()).toMatchObject({ ErrorId: ErrorCodes.DOCUMENTO_ANULADO });
    expect((await sup.put(`${LOG}/compras/${compra2.Id}/anulaciones`, { Motivo: 'Otra vez' })).statusCode).toBe(409);
  });
});

describe('límites', () => {
  it('otra empresa no ve las compras ni sus cuentas por pagar', async () => {
    expect((await otra.get(`${LOG}/compras/${compra1.Id}`)).statusCode).toBe(404);
    expect((await otra.get(`${F}/cuentasporpagar/${compra1.Id}`)).statusCode).toBe(404);
    expect((await otra.get(`${F}/pagos/1`)).statusCode).toBe(404);
    expect((await otra.get(`${LOG}/compras`)).json().Data.map((c: { Id: number }) => c.Id)).not.toContain(compra1.Id);
    expect((await otra.put(`${LOG}/compras/${compra1.Id}/anulaciones`, { Motivo: 'ajena' })).statusCode).toBe(404);
  });

  it('el cajero no registra compras ni pagos', async () => {
    expect((await cajero.post(`${LOG}/compras`, factura(900, [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '1', ValorUnitario: '1' }]))).statusCode).toBe(403);
    expect((await cajero.post(`${F}/pagos/efectivos`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: 1, Monto: '1' }] })).statusCode).toBe(403);
    expect((await cajero.get(`${F}/cuentasporpagar`)).statusCode).toBe(403);
  });
});
