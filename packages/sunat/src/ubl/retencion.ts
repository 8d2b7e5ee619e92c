// UBL 2.0 del Comprobante de Retención electrónico (tipo 20, CustomizationID 1.0; XSD UBLPE-Retention-1.0 y las
// reglas de Retenciones1-0.csv): el agente (emisor), el proveedor, el régimen 01 (tasa 3 %) y un
// SUNATRetentionDocumentReference por documento pagado con su pago, lo retenido y el neto, siempre en soles.
import Decimal from 'decimal.js';
import { EscritorXml, NS, DECLARACION, huecoFirma, bloqueFirma } from './xml';

export type TParteRetencion = { ruc: string; razonSocial: string; nombreComercial?: string; direccion?: string; ubigeo?: string };

export type TDocumentoRetenido = {
  /** Catálogo 01: 01 factura, 08 nota de débito, 12 ticket. */
  tipo: string;
  serie: string;
  numero: number;
  fechaEmision: string;
  /** Total del documento, en su moneda. */
  total: Decimal.Value;
  moneda: 'PEN' | 'USD';
  /** Número de pago de este documento (1, 2... si se paga en partes). */
  numeroPago: number;
  fechaPago: string;
  /** Importe pagado sin retención, en la moneda del documento. */
  importePagado: Decimal.Value;
  /** Retenido y neto pagado, en soles. */
  retenido: Decimal.Value;
  netoPagado: Decimal.Value;
  /** Tipo de cambio (soles por dólar) de la fecha de pago, si el documento es en dólares. */
  tipoCambio?: Decimal.Value;
};

export type TComprobanteRetencion = {
  serie: string;
  numero: number;
  fechaEmision: string;
  horaEmision?: string;
  agente: TParteRetencion;
  proveedor: TParteRetencion;
  /** Catálogo 23: 01 tasa 3 %. */
  regimen: '01';
  tasa: Decimal.Value;
  nota?: string;
  documentos: TDocumentoRetenido[];
};

function parte(w: EscritorXml, etiqueta: string, p: TParteRetencion): void {
  w.abrir(etiqueta).abrir('cac:PartyIdentification').el('cbc:ID', p.ruc, { schemeID: '6' }).cerrar('cac:PartyIdentification');
  if (p.nombreComercial) w.abrir('cac:PartyName').el('cbc:Name', p.nombreComercial).cerrar('cac:PartyName');
  if (p.direccion || p.ubigeo) {
    w.abrir('cac:PostalAddress').el('cbc:ID', p.ubigeo || undefined).el('cbc:StreetName', p.direccion?.slice(0, 100) || undefined)
      .abrir('cac:Country').el('cbc:IdentificationCode', 'PE').cerrar('cac:Country').cerrar('cac:PostalAddress');
  }
  w.abrir('cac:PartyLegalEntity').el('cbc:RegistrationName', p.razonSocial).cerrar('cac:PartyLegalEntity').cerrar(etiqueta);
}

/** Totales del CRE (reglas 2628 y 2629): lo retenido y lo pagado (neto) por todos los documentos, en soles. */
export function totalesRetencion(documentos: Pick<TDocumentoRetenido, 'retenido' | 'netoPagado'>[]): { retenido: Decimal; pagado: Decimal } {
  return documentos.reduce(
    (s, d) => ({ retenido: s.retenido.plus(d.retenido), pagado: s.pagado.plus(d.netoPagado) }),
    { retenido: new Decimal(0), pagado: new Decimal(0) },
  );
}

export function xmlRetencion(r: TComprobanteRetencion): string {
  const w = new EscritorXml();
  w.raiz('Retention', [['', NS.retention], ['cac', NS.cac], ['cbc', NS.cbc], ['ext', NS.ext], ['sac', NS.sac]]);
  huecoFirma(w);
  w.el('cbc:UBLVersionID', '2.0').el('cbc:CustomizationID', '1.0');
  bloqueFirma(w, r.agente.ruc, r.agente.razonSocial);
  w.el('cbc:ID', `${r.serie}-${r.numero}`).el('cbc:IssueDate', r.fechaEmision).el('cbc:IssueTime', r.horaEmision);
  parte(w, 'cac:AgentParty', r.agente);
  parte(w, 'cac:ReceiverParty', r.proveedor);
  const t = totalesRetencion(r.documentos);
  w.el('sac:SUNATRetentionSystemCode', r.regimen).el('sac:SUNATRetentionPercent', new Decimal(r.tasa).toFixed(2))
    .el('cbc:Note', r.nota?.slice(0, 250) || undefined)
    .monto('cbc:TotalInvoiceAmount', t.retenido, 'PEN')
    .monto('sac:SUNATTotalPaid', t.pagado, 'PEN');
  for (const d of r.documentos) {
    w.abrir('sac:SUNATRetentionDocumentReference')
      .el('cbc:ID', `${d.serie}-${d.numero}`, { schemeID: d.tipo })
      .el('cbc:IssueDate', d.fechaEmision)
      .monto('cbc:TotalInvoiceAmount', new Decimal(d.total), d.moneda)
      .abrir('cac:Payment').el('cbc:ID', String(d.numeroPago)).monto('cbc:PaidAmount', new Decimal(d.importePagado), d.moneda).el('cbc:PaidDate', d.fechaPago).cerrar('cac:Payment')
      .abrir('sac:SUNATRetentionInformation')
      .monto('sac:SUNATRetentionAmount', new Decimal(d.retenido), 'PEN')
      .el('sac:SUNATRetentionDate', d.fechaPago)
      .monto('sac:SUNATNetTotalPaid', new Decimal(d.netoPagado), 'PEN');
    if (d.moneda !== 'PEN') {
      w.abrir('cac:ExchangeRate').el('cbc:SourceCurrencyCode', d.moneda).el('cbc:TargetCurrencyCode', 'PEN')
        .el('cbc:CalculationRate', new Decimal(d.tipoCambio ?? 0).toFixed(6)).el('cbc:Date', d.fechaPago).cerrar('cac:ExchangeRate');
    }
    w.cerrar('sac:SUNATRetentionInformation').cerrar('sac:SUNATRetentionDocumentReference');
  }
  w.cerrar('Retention');
  return DECLARACION + w.toString();
}

/** Nombre SUNAT sin extensión: RUC-20-SERIE-NUMERO. */
export const nombreRetencion = (r: Pick<TComprobanteRetencion, 'serie' | 'numero' | 'agente'>) => `${r.agente.ruc}-20-${r.serie}-${r.numero}`;
