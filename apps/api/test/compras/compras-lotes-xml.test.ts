// Branch logsoporte (issue 13): the lot and expiry a supplier's UBL 2.1 line carries
// (cac:Item/cac:ItemInstance/cac:LotIdentification) fill the purchase line when the matched item is lot-tracked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirXml } from '@yupana/sunat';
import type { TCompraXmlLeida } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
const LOG = '/api/logistica/v1';
const hoy = hoyLima();
let idLote: number;
let idSuelto: number;
beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  const lote = await sup.post(`${LOG}/items`, { Codigo: 'LXM-1', Descripcion: 'JARABE PARA LA TOS 120 ML', CodigoUnidad: 'NIU', Precio: '12', ControlLote: true });
  expect(lote.statusCode, lote.body).toBe(201);
  idLote = lote.json().Id;
  idSuelto = (await sup.post(`${LOG}/items`, { Codigo: 'LXM-2', Descripcion: 'ALGODON 50 G', CodigoUnidad: 'NIU', Precio: '2' })).json().Id;
}, 120_000);
afterAll(async () => e?.cerrar());

const conLote = (numero: string, vence?: string) =>
  `<cac:ItemInstance><cac:LotIdentification><cbc:LotNumberID>${numero}</cbc:LotNumberID>${vence ? `<cbc:ExpiryDate>${vence}</cbc:ExpiryDate>` : ''}</cac:LotIdentification></cac:ItemInstance></cac:Item>`;

/** The supplier's invoice with one lot (or none) per line, put inside each line's cac:Item. */
function xmlCon(lotes: (string | null)[]) {
  const { xml } = construirXml({
    tipo: '01', serie: 'F003', numero: 12, fechaEmision: hoy, horaEmision: '10:00:00', moneda: 'PEN',
    emisor: { ruc: '20100047218', razonSocial: 'DISTRIBUIDORA DEL SUR S.A.C.', direccion: { ubigeo: '150101', direccion: 'AV. LIMA 1' } },
    cliente: { tipoDocumento: '6', numeroDocumento: '20600123450', nombre: 'COMERCIAL ANDINA', direccion: { ubigeo: '150101', direccion: 'JR. X 1' } },
    items: [
      { codigo: 'LXM-1', descripcion: 'JARABE PARA LA TOS 120 ML', unidad: 'NIU', cantidad: '24', valorUnitario: '7' },
      { codigo: 'LXM-2', descripcion: 'ALGODON 50 G', unidad: 'NIU', cantidad: '10', valorUnitario: '1' },
      { codigo: 'OTRO-9', descripcion: 'NO EXISTE', unidad: 'NIU', cantidad: '1', valorUnitario: '1' },
    ],
  });
  let i = 0;
  const salida = xml.replace(/<\/cac:Item>/g, () => lotes[i++] ?? '</cac:Item>');
  expect(i).toBe(3);
  return salida;
}

describe('lotes del XML del proveedor', () => {
  it('llena lote y vencimiento solo en la línea de un producto con control de lote', async () => {
    const r = await sup.post(`${LOG}/compras/xml`, { Xml: xmlCon([conLote('JT-2611', '2027-05-31'), conLote('ALG-1', '2028-01-01'), conLote('X-1', '2028-01-01')]) });
    expect(r.statusCode, r.body).toBe(200);
    const l = r.json() as TCompraXmlLeida;
    expect(l.Lineas.map((x) => [x.IdItem, x.Lote, x.FechaVencimientoLote])).toEqual([
      [idLote, 'JT-2611', '2027-05-31'],
      [idSuelto, null, null],
      [null, null, null],
    ]);
  });

  it('sin lote en el XML la línea queda sin lote; un vencimiento que no es fecha se avisa y no se toma', async () => {
    const sin = (await sup.post(`${LOG}/compras/xml`, { Xml: xmlCon([null, null, null]) })).json() as TCompraXmlLeida;
    expect(sin.Lineas[0]).toMatchObject({ IdItem: idLote, Lote: null, FechaVencimientoLote: null });
    const mala = await sup.post(`${LOG}/compras/xml`, { Xml: xmlCon([conLote('JT-9', '31/05/2027'), null, null]) });
    expect(mala.statusCode, mala.body).toBe(200);
    expect((mala.json() as TCompraXmlLeida).Lineas[0]).toMatchObject({ Lote: 'JT-9', FechaVencimientoLote: null });
    expect((mala.json() as TCompraXmlLeida).Avisos).toContain('Línea 1: el vencimiento del lote "31/05/2027" no es una fecha (AAAA-MM-DD): no se tomó');
  });

  it('otra empresa no reconoce los productos (ni sus lotes)', async () => {
    const r = await otra.post(`${LOG}/compras/xml`, { Xml: xmlCon([conLote('JT-2611', '2027-05-31'), null, null]).replace('20600123450', '') });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as TCompraXmlLeida).Lineas.map((x) => [x.IdItem, x.Lote])).toEqual([[null, null], [null, null], [null, null]]);
  });
});
