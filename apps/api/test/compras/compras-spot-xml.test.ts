// Branch guiaalm (issue 13): the SPOT (cac:PaymentTerms "Detraccion") and the IGV percepción (cac:AllowanceCharge
// 51/52/53) a supplier wrote in its UBL XML fill the purchase draft's Detraccion / Percepcion; the draft is then
// accepted by the purchase route as read. Real HTTP stack (PGlite by default, PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirXml, type TDocumentoEntrada } from '@yupana/sunat';
import type { TAlmacen, TCompraXmlLeida } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let idBien: number;
let principal: TAlmacen;
const LOG = '/api/logistica/v1';
const hoy = hoyLima();
let numero = 500;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  const b = await sup.post(`${LOG}/items`, { Codigo: 'SPX-1', Descripcion: 'SERVICIO DE MANTENIMIENTO', CodigoUnidad: 'NIU', Precio: '10' });
  expect(b.statusCode, b.body).toBe(201);
  idBien = b.json().Id;
  principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
}, 120_000);
afterAll(async () => e?.cerrar());

/** The supplier's document: 100 x 50.00 + IGV = 5900.00 (or 10 x 100.00 = 1180.00 with percepción). */
function xmlDe(extra: Partial<TDocumentoEntrada>, cantidad = '100', valor = '50') {
  return construirXml({
    tipo: '01', serie: 'F004', numero: ++numero, fechaEmision: hoy, horaEmision: '10:00:00', moneda: 'PEN',
    emisor: { ruc: '20100047218', razonSocial: 'SERVICIOS DEL SUR S.A.C.', direccion: { ubigeo: '150101', direccion: 'AV. LIMA 1' } },
    cliente: { tipoDocumento: '6', numeroDocumento: '20600123450', nombre: 'COMERCIAL ANDINA', direccion: { ubigeo: '150101', direccion: 'JR. X 1' } },
    items: [{ codigo: 'SPX-1', descripcion: 'SERVICIO DE MANTENIMIENTO', unidad: 'NIU', cantidad, valorUnitario: valor }],
    ...extra,
  } as TDocumentoEntrada).xml;
}
const leer = async (xml: string) => {
  const r = await sup.post(`${LOG}/compras/xml`, { Xml: xml });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<TCompraXmlLeida>();
};
/** The draft saved as the form would (its own lines). */
const guardar = (l: TCompraXmlLeida) =>
  sup.post(`${LOG}/compras`, {
    RucProveedor: l.RucProveedor, RazonSocialProveedor: l.RazonSocialProveedor, TipoDocumento: l.TipoDocumento, Serie: l.Serie, Numero: l.Numero,
    FechaEmision: l.FechaEmision, IdMoneda: l.IdMoneda, IdCondicionPago: 1, Origen: 'X', TotalDeclarado: l.Total,
    ...(l.Detraccion ? { Detraccion: l.Detraccion } : {}), ...(l.Percepcion ? { Percepcion: l.Percepcion } : {}),
    Lineas: l.Lineas.map((x) => ({ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: x.Cantidad, ValorUnitario: x.ValorUnitario, AfectacionIgv: x.AfectacionIgv })),
  });

describe('detracción y percepción del XML del proveedor', () => {
  it('la detracción (catálogo 54, porcentaje, monto) llena el borrador y la compra se registra con ella', async () => {
    const l = await leer(xmlDe({ tipoOperacion: '1001', detraccion: { codigoBien: '022', porcentaje: '12', cuentaBancoNacion: '00-099-025344' } }));
    expect(l.Total).toBe('5900.00');
    expect(l.Detraccion).toEqual({ CodigoBien: '022', Porcentaje: '12', Monto: '708.00' });
    expect(l.Percepcion).toBeNull();
    const c = await guardar(l);
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json().Detraccion).toMatchObject({ CodigoBien: '022', Monto: '708.00' });
  });

  it('la percepción (cargo 51, 2 %) llena el borrador y la compra se registra con ella', async () => {
    const l = await leer(xmlDe({ tipoOperacion: '2001', percepcion: { regimen: '51', porcentaje: '2' } } as Partial<TDocumentoEntrada>, '10', '100'));
    expect(l.Total).toBe('1180.00');
    expect(l.Percepcion).toEqual({ Porcentaje: '2', Monto: '23.60' });
    expect(l.Detraccion).toBeNull();
    const c = await guardar(l);
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json().Percepcion).toMatchObject({ Porcentaje: '2', Monto: '23.60' });
  });

  it('sin detracción ni percepción: ambos null y sin avisos de ellos', async () => {
    const l = await leer(xmlDe({}));
    expect(l).toMatchObject({ Detraccion: null, Percepcion: null });
    expect(l.Avisos.filter((a) => /detracci|percepci/i.test(a))).toEqual([]);
  });

  it('datos que no se pueden leer: se omiten con un aviso, nunca un error', async () => {
    const xml = xmlDe({ tipoOperacion: '1001', detraccion: { codigoBien: '022', porcentaje: '12', cuentaBancoNacion: '00-099-025344' } });
    const malo = xml.replace('<cbc:PaymentMeansID>022</cbc:PaymentMeansID>', '<cbc:PaymentMeansID>999</cbc:PaymentMeansID>');
    expect(malo).not.toBe(xml);
    const l = await leer(malo);
    expect(l.Detraccion).toBeNull();
    expect(l.Avisos).toContain('La detracción del XML no se pudo leer (código "999", porcentaje "12", monto "708.00"): indíquela en el formulario');
    // A boleta never carries the SPOT: the XML's is left out with a warning.
    const boleta = await leer(xml.replace('<cbc:InvoiceTypeCode listID="1001"', '<cbc:InvoiceTypeCode listID="1001"').replace(/(<cbc:InvoiceTypeCode[^>]*>)01</, '$103<'));
    expect(boleta.TipoDocumento).toBe('03');
    expect(boleta.Detraccion).toBeNull();
    expect(boleta.Avisos).toContain('El XML indica detracción, pero solo una factura la lleva: no se tomó');
  });

  it('una percepción que no es el porcentaje del total se toma con un aviso (el formulario la valida al guardar)', async () => {
    const xml = xmlDe({ tipoOperacion: '2001', percepcion: { regimen: '51', porcentaje: '2' } } as Partial<TDocumentoEntrada>, '10', '100');
    const l = await leer(xml.replace(/(<cac:AllowanceCharge><cbc:ChargeIndicator>true<\/cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>51<\/cbc:AllowanceChargeReasonCode><cbc:MultiplierFactorNumeric>0\.02<\/cbc:MultiplierFactorNumeric><cbc:Amount currencyID="PEN">)23\.60/, '$125.00'));
    expect(l.Percepcion).toEqual({ Porcentaje: '2', Monto: '25.00' });
    expect(l.Avisos).toContain('La percepción del XML (S/ 25.00) no es el 2 % del total (S/ 23.60): revísela');
  });
});
