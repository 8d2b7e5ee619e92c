// Constructores UBL: forma canónica (contrato con el firmador), hueco de firma, nombres de archivo y contenido.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';
import xpath from 'xpath';
import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { construirXml, escaparAtributo, escaparTexto } from '../../src/ubl';
import { dosDecimales } from '../../src/ubl/xml';

const dirEjemplos = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../examples');
const archivos = readdirSync(dirEjemplos).filter((f) => f.endsWith('.json')).sort();
const ejemplo = (n: string) => JSON.parse(readFileSync(path.join(dirEjemplos, n.endsWith('.json') ? n : `${n}.json`), 'utf8'));
const DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';

const select = xpath.useNamespaces({
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
});
const texto = (doc: Node, xp: string) => (select(`string(${xp})`, doc) as string);

describe('XML sin firmar en forma canónica C14N 1.0', () => {
  it.each(archivos)('%s: los bytes (sin la declaración) son su propia canonicalización', (f) => {
    const { xml } = construirXml(ejemplo(f));
    expect(xml.startsWith(DECL)).toBe(true);
    const cuerpo = xml.slice(DECL.length);
    const parseado = new DOMParser().parseFromString(xml, 'text/xml');
    const doc = parseado as unknown as Node;
    // Un C14N real (xml-crypto) sobre el documento parseado debe devolver exactamente los mismos bytes.
    const c14n = new C14nCanonicalization().process(parseado.documentElement as unknown as Node, {}) as string;
    expect(c14n).toBe(cuerpo);
    expect(cuerpo).not.toMatch(/>\s+</);
    expect(cuerpo).not.toContain('/>');
    expect(cuerpo).not.toContain('<![CDATA[');
    // Todas las declaraciones de espacios de nombres están en la raíz.
    const raiz = cuerpo.slice(0, cuerpo.indexOf('>'));
    expect((cuerpo.match(/xmlns[:=]/g) ?? []).length).toBe((raiz.match(/xmlns[:=]/g) ?? []).length);
    // El hueco de firma es el primer hijo y está vacío.
    expect(cuerpo.slice(raiz.length + 1)).toMatch(
      /^<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><\/ext:ExtensionContent><\/ext:UBLExtension><\/ext:UBLExtensions>/,
    );
    expect(texto(doc, '/*/cac:Signature/cbc:ID')).toBe('SignYUPANA');
    expect(texto(doc, '/*/cac:Signature/cac:DigitalSignatureAttachment/cac:ExternalReference/cbc:URI')).toBe('#SignYUPANA');
  });

  it('escapa texto y atributos como C14N (& < > CR; comillas, TAB, LF en atributos)', () => {
    expect(escaparTexto('A & B <c> "d"\r\n')).toBe('A &amp; B &lt;c&gt; "d"&#xD;\n');
    expect(escaparAtributo('a&b<c>"d"\t\n\r')).toBe('a&amp;b&lt;c>&quot;d&quot;&#x9;&#xA;&#xD;');
    const e = ejemplo('factura-gravada');
    e.items[0].descripcion = 'Tornillos 1/2" & tuercas <M8>';
    e.cliente.nombre = 'LÓPEZ & HIJOS S.A.C.';
    const { xml } = construirXml(e);
    expect(xml).toContain('<cbc:Description>Tornillos 1/2" &amp; tuercas &lt;M8&gt;</cbc:Description>');
    expect(xml).toContain('<cbc:RegistrationName>LÓPEZ &amp; HIJOS S.A.C.</cbc:RegistrationName>');
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    expect(new C14nCanonicalization().process(doc.documentElement as unknown as Node, {})).toBe(xml.slice(DECL.length));
  });
});

describe('dosDecimales', () => {
  it.each([
    ['0', '0.00'], ['-0', '0.00'], ['7', '7.00'], ['1.5', '1.50'], ['1.25', '1.25'], ['1.255', '1.26'], ['123456789012.3', '123456789012.30'],
    ['0.00000001', '0.00'], ['1e-7', '0.00'], ['99999999999999999999.99', '99999999999999999999.99'],
  ])('%s -> %s', (v, esperado) => {
    expect(dosDecimales(new Decimal(v))).toBe(esperado);
  });
});

describe('nombres de archivo SUNAT', () => {
  it.each([
    ['factura-gravada', '20123456786-01-F001-1'],
    ['boleta', '20123456786-03-B001-1'],
    ['nota-credito-anulacion', '20123456786-07-F001-1'],
    ['nota-debito', '20123456786-08-F001-1'],
    ['guia-remitente-privado', '20123456786-09-T001-1'],
    ['guia-transportista', '20512345671-31-V001-1'],
    ['resumen-diario', '20123456786-RC-20261121-1'],
    ['comunicacion-baja', '20123456786-RA-20261121-1'],
  ])('%s -> %s', (ej, nombre) => {
    const r = construirXml(ejemplo(ej));
    expect(r.nombre).toBe(nombre);
    expect(r.canonico).toBe(true);
  });
});

describe('contenido de los comprobantes', () => {
  const doc = (ej: string) => new DOMParser().parseFromString(construirXml(ejemplo(ej)).xml, 'text/xml') as unknown as Node;

  it('factura: tipo de operación, leyenda 1000, totales y una línea con IGV', () => {
    const d = doc('factura-gravada');
    expect(texto(d, '/*/cbc:InvoiceTypeCode')).toBe('01');
    expect(texto(d, '/*/cbc:InvoiceTypeCode/@listID')).toBe('0101');
    expect(texto(d, "/*/cbc:Note[@languageLocaleID='1000']")).toBe('SON: CIENTO CINCUENTA Y CUATRO CON 24/100 SOLES');
    expect(texto(d, '/*/cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('154.24');
    expect(texto(d, "/*/cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cac:TaxScheme/cbc:ID='1000']/cbc:TaxAmount")).toBe('23.53');
    expect(texto(d, '/*/cac:InvoiceLine[1]/cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceAmount')).toBe('59');
    expect(texto(d, '/*/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cac:RegistrationAddress/cbc:District')).toBe('LIMA');
  });

  it('crédito: monto neto pendiente y cuotas numeradas con vencimiento', () => {
    const d = doc('factura-detraccion-credito');
    expect(texto(d, "/*/cac:PaymentTerms[cbc:PaymentMeansID='Credito']/cbc:Amount")).toBe('5192.00');
    expect(texto(d, "/*/cac:PaymentTerms[cbc:PaymentMeansID='Cuota002']/cbc:PaymentDueDate")).toBe('2027-01-20');
    expect(texto(d, "/*/cac:PaymentTerms[cbc:ID='Detraccion']/cbc:Amount")).toBe('708.00');
    expect(texto(d, "/*/cac:PaymentMeans[cbc:ID='Detraccion']/cac:PayeeFinancialAccount/cbc:ID")).toBe('00-099-025344');
  });

  it('gratuita: leyenda 1002, precio referencial tipo 02 y valor unitario 0', () => {
    const d = doc('factura-gratuita-mixta');
    expect(texto(d, "/*/cbc:Note[@languageLocaleID='1002']")).toMatch(/TRANSFERENCIA GRATUITA/);
    expect(texto(d, '/*/cac:InvoiceLine[2]/cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceTypeCode')).toBe('02');
    expect(texto(d, '/*/cac:InvoiceLine[2]/cac:Price/cbc:PriceAmount')).toBe('0');
  });

  it('nota de crédito: documento afectado y motivo del catálogo 09', () => {
    const d = doc('nota-credito-anulacion');
    expect(texto(d, '/*/cac:DiscrepancyResponse/cbc:ResponseCode')).toBe('01');
    expect(texto(d, '/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('F001-1');
    expect(texto(d, '/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode')).toBe('01');
  });

  it('guía: motivo, modalidad, puntos de partida y llegada con ubigeo', () => {
    const d = doc('guia-remitente-privado');
    expect(texto(d, '/*/cac:Shipment/cbc:HandlingCode')).toBe('01');
    expect(texto(d, '/*/cac:Shipment/cac:ShipmentStage/cbc:TransportModeCode')).toBe('02');
    expect(texto(d, '/*/cac:Shipment/cac:Delivery/cac:DeliveryAddress/cbc:ID')).toBe('150131');
    expect(texto(d, '/*/cac:Shipment/cac:Delivery/cac:Despatch/cac:DespatchAddress/cbc:ID')).toBe('150101');
    expect(texto(d, '/*/cac:Shipment/cac:TransportHandlingUnit/cac:TransportEquipment/cbc:ID')).toBe('ABC123');
  });

  it('resumen diario: estado por documento (adicionar, modificar, anular) y referencia de la nota', () => {
    const xml = construirXml(ejemplo('resumen-diario')).xml;
    expect(xml).toContain('<cbc:ID>RC-20261121-1</cbc:ID><cbc:ReferenceDate>2026-11-20</cbc:ReferenceDate><cbc:IssueDate>2026-11-21</cbc:IssueDate>');
    const estados = [...xml.matchAll(/<cac:Status><cbc:ConditionCode>(\d)<\/cbc:ConditionCode><\/cac:Status>/g)].map((m) => m[1]);
    // Adicionar (1), modificar (2) and anular (3), in the order of the lines.
    expect(estados).toEqual(['1', '1', '1', '3', '2']);
    expect(xml).toContain('<cac:InvoiceDocumentReference><cbc:ID>B001-1</cbc:ID><cbc:DocumentTypeCode>03</cbc:DocumentTypeCode>');
  });
});
