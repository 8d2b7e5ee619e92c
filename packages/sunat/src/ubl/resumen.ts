// UBL 2.0 del resumen diario (RC, CustomizationID 1.1) y de la comunicación de baja (RA, CustomizationID 1.0).
import Decimal from 'decimal.js';
import type { TResumenDiario, TComunicacionBaja } from '../model/resumen';
import type { TEmisor } from '../model/comun';
import { EscritorXml, NS, DECLARACION, huecoFirma, bloqueFirma } from './xml';

/** Identificador RC|RA|RR-AAAAMMDD-N (la fecha es la de generación). */
export function idResumen(tipo: 'RC' | 'RA' | 'RR', fechaEmision: string, correlativo: number): string {
  return `${tipo}-${fechaEmision.replace(/-/g, '')}-${correlativo}`;
}

function proveedor20(w: EscritorXml, e: Pick<TEmisor, 'ruc' | 'razonSocial'>): void {
  w.abrir('cac:AccountingSupplierParty')
    .el('cbc:CustomerAssignedAccountID', e.ruc).el('cbc:AdditionalAccountID', '6')
    .abrir('cac:Party').abrir('cac:PartyLegalEntity').el('cbc:RegistrationName', e.razonSocial).cerrar('cac:PartyLegalEntity').cerrar('cac:Party')
    .cerrar('cac:AccountingSupplierParty');
}

const IMPUESTOS_RC = [
  ['igv', '1000', 'IGV', 'VAT'],
  ['isc', '2000', 'ISC', 'EXC'],
  ['icbper', '7152', 'ICBPER', 'OTH'],
] as const;

const PAGOS_RC = [
  ['gravado', '01'],
  ['exonerado', '02'],
  ['inafecto', '03'],
  ['exportacion', '04'],
  ['gratuito', '05'],
] as const;

export function xmlResumenDiario(r: TResumenDiario): string {
  const w = new EscritorXml();
  w.raiz('SummaryDocuments', [['', NS.summary], ['cac', NS.cac], ['cbc', NS.cbc], ['ext', NS.ext], ['sac', NS.sac]]);
  huecoFirma(w);
  w.el('cbc:UBLVersionID', '2.0').el('cbc:CustomizationID', '1.1')
    .el('cbc:ID', idResumen('RC', r.fechaEmision, r.correlativo))
    .el('cbc:ReferenceDate', r.fechaReferencia).el('cbc:IssueDate', r.fechaEmision);
  bloqueFirma(w, r.emisor.ruc, r.emisor.razonSocial);
  proveedor20(w, r.emisor);
  r.documentos.forEach((d, i) => {
    const m = d.moneda;
    w.abrir('sac:SummaryDocumentsLine').el('cbc:LineID', String(i + 1)).el('cbc:DocumentTypeCode', d.tipo).el('cbc:ID', `${d.serie}-${d.numero}`);
    if (d.cliente) {
      w.abrir('cac:AccountingCustomerParty').el('cbc:CustomerAssignedAccountID', d.cliente.numeroDocumento)
        .el('cbc:AdditionalAccountID', d.cliente.tipoDocumento).cerrar('cac:AccountingCustomerParty');
    }
    if (d.documentoAfectado) {
      w.abrir('cac:BillingReference').abrir('cac:InvoiceDocumentReference')
        .el('cbc:ID', `${d.documentoAfectado.serie}-${d.documentoAfectado.numero}`).el('cbc:DocumentTypeCode', d.documentoAfectado.tipo)
        .cerrar('cac:InvoiceDocumentReference').cerrar('cac:BillingReference');
    }
    w.abrir('cac:Status').el('cbc:ConditionCode', d.estado).cerrar('cac:Status')
      .monto('sac:TotalAmount', new Decimal(d.importeTotal), m);
    for (const [campo, codigo] of PAGOS_RC) {
      const v = new Decimal(d[campo]);
      if (v.gt(0))
        w.abrir('sac:BillingPayment').monto('cbc:PaidAmount', v, m).el('cbc:InstructionID', codigo).cerrar('sac:BillingPayment');
    }
    const otros = new Decimal(d.otrosCargos);
    if (otros.gt(0)) w.abrir('cac:AllowanceCharge').el('cbc:ChargeIndicator', 'true').monto('cbc:Amount', otros, m).cerrar('cac:AllowanceCharge');
    for (const [campo, id, nombre, codigo] of IMPUESTOS_RC) {
      const v = new Decimal(d[campo]);
      if (campo !== 'igv' && v.isZero()) continue;
      w.abrir('cac:TaxTotal').monto('cbc:TaxAmount', v, m)
        .abrir('cac:TaxSubtotal').monto('cbc:TaxAmount', v, m)
        .abrir('cac:TaxCategory').abrir('cac:TaxScheme').el('cbc:ID', id).el('cbc:Name', nombre).el('cbc:TaxTypeCode', codigo)
        .cerrar('cac:TaxScheme').cerrar('cac:TaxCategory').cerrar('cac:TaxSubtotal').cerrar('cac:TaxTotal');
    }
    w.cerrar('sac:SummaryDocumentsLine');
  });
  w.cerrar('SummaryDocuments');
  return DECLARACION + w.toString();
}

export function xmlComunicacionBaja(r: TComunicacionBaja): string {
  return xmlDocumentosAnulados('RA', r);
}

/** The VoidedDocuments of a comunicación de baja (RA) or a resumen de reversiones (RR): same shape, other prefix. */
function xmlDocumentosAnulados(
  prefijo: 'RA' | 'RR',
  r: Omit<TResumenReversion, 'documentos'> & { documentos: { tipo: string; serie: string; numero: number; motivo: string }[] },
): string {
  const w = new EscritorXml();
  w.raiz('VoidedDocuments', [['', NS.voided], ['cac', NS.cac], ['cbc', NS.cbc], ['ext', NS.ext], ['sac', NS.sac]]);
  huecoFirma(w);
  w.el('cbc:UBLVersionID', '2.0').el('cbc:CustomizationID', '1.0')
    .el('cbc:ID', idResumen(prefijo, r.fechaEmision, r.correlativo))
    .el('cbc:ReferenceDate', r.fechaReferencia).el('cbc:IssueDate', r.fechaEmision);
  bloqueFirma(w, r.emisor.ruc, r.emisor.razonSocial);
  proveedor20(w, r.emisor);
  r.documentos.forEach((d, i) => {
    w.abrir('sac:VoidedDocumentsLine').el('cbc:LineID', String(i + 1)).el('cbc:DocumentTypeCode', d.tipo)
      .el('sac:DocumentSerialID', d.serie).el('sac:DocumentNumberID', String(d.numero)).el('sac:VoidReasonDescription', d.motivo)
      .cerrar('sac:VoidedDocumentsLine');
  });
  w.cerrar('VoidedDocuments');
  return DECLARACION + w.toString();
}

/**
 * Resumen de reversiones (RR, CustomizationID 1.0; XSD UBLPE-VoidedDocuments-1.0, reglas Resumen-de-reversiones1-0 y
 * la XSL ValidaExprRegOtrosVoided): revierte comprobantes de retención (20) o percepción (40) aceptados. Misma
 * estructura que la comunicación de baja; va al billService de otros CPE por sendSummary.
 */
export type TResumenReversion = {
  fechaEmision: string;
  /** Fecha de emisión de los comprobantes revertidos (la más antigua si son de días distintos; regla 2671). */
  fechaReferencia: string;
  correlativo: number;
  emisor: Pick<TEmisor, 'ruc' | 'razonSocial'>;
  documentos: { tipo: '20' | '40'; serie: string; numero: number; motivo: string }[];
};

export function xmlResumenReversion(r: TResumenReversion): string {
  return xmlDocumentosAnulados('RR', { ...r, documentos: r.documentos.map((d) => ({ ...d, motivo: d.motivo.slice(0, 100) })) });
}

/** Nombre SUNAT sin extensión del resumen de reversiones: RUC-RR-AAAAMMDD-N. */
export const nombreResumenReversion = (r: Pick<TResumenReversion, 'fechaEmision' | 'correlativo' | 'emisor'>) =>
  `${r.emisor.ruc}-${idResumen('RR', r.fechaEmision, r.correlativo)}`;
