import { firmarXml, type TCredencialFirma } from '@yupana/sunat';
import { strToU8, zipSync } from 'fflate';
import { mensajeDe } from './errores';
import type { TNombre, TNota } from './validar';
import { escapar, NS } from './xml';

const NOMBRES: Record<string, [string, string]> = {
  '01': ['La Factura numero', 'aceptada'],
  '03': ['La Boleta numero', 'aceptada'],
  '07': ['La Nota de Credito numero', 'aceptada'],
  '08': ['La Nota de Debito numero', 'aceptada'],
  '09': ['La Guia de Remision Remitente numero', 'aceptada'],
  '20': ['El Comprobante de Retencion numero', 'aceptado'],
  '31': ['La Guia de Remision Transportista numero', 'aceptada'],
  RC: ['El Resumen diario', 'aceptado'],
  RA: ['La Comunicacion de baja', 'aceptada'],
  RR: ['El Resumen de reversiones', 'aceptado'],
};

export const RUC_SUNAT = '20131312955';
let correlativo = 0;

/**
 * A CDR as SUNAT sends it: ApplicationResponse signed by the (simulated) SUNAT certificate, zipped as
 * R-NOMBRE.zip with an empty `dummy/` folder and R-NOMBRE.xml. Built in canonical form and signed by the engine.
 */
export function construirCdr(
  opts: { nombre: TNombre; referencia: string; codigo: string; notas: TNota[]; ahora: Date },
  credencial: TCredencialFirma,
): { xml: string; zip: Uint8Array } {
  const { nombre, referencia, codigo, notas, ahora } = opts;
  const [sujeto, aceptada] = NOMBRES[nombre.tipo];
  const descripcion = codigo === '0' ? `${sujeto} ${referencia}, ha sido ${aceptada}` : mensajeDe(codigo);
  const lima = new Date(ahora.getTime() - 5 * 3600_000).toISOString();
  const [fecha, hora] = [lima.slice(0, 10), lima.slice(11, 19)];
  const el = (tag: string, valor: string) => `<${tag}>${escapar(valor)}</${tag}>`;
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ext="${NS.ext}">` +
    '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>' +
    el('cbc:UBLVersionID', '2.0') +
    el('cbc:CustomizationID', '1.0') +
    el('cbc:ID', `${ahora.getTime()}${String(++correlativo % 1000).padStart(3, '0')}`) +
    el('cbc:IssueDate', fecha) +
    el('cbc:IssueTime', hora) +
    el('cbc:ResponseDate', fecha) +
    el('cbc:ResponseTime', hora) +
    notas.map((n) => el('cbc:Note', `${n.codigo} - ${n.mensaje}`)).join('') +
    `<cac:Signature>${el('cbc:ID', 'SignYUPANA')}<cac:SignatoryParty><cac:PartyIdentification>${el('cbc:ID', RUC_SUNAT)}</cac:PartyIdentification>` +
    `<cac:PartyName>${el('cbc:Name', 'SUNAT (SIMULADOR YUPANA)')}</cac:PartyName></cac:SignatoryParty>` +
    `<cac:DigitalSignatureAttachment><cac:ExternalReference>${el('cbc:URI', '#SignYUPANA')}</cac:ExternalReference></cac:DigitalSignatureAttachment></cac:Signature>` +
    `<cac:SenderParty><cac:PartyIdentification>${el('cbc:ID', RUC_SUNAT)}</cac:PartyIdentification></cac:SenderParty>` +
    `<cac:ReceiverParty><cac:PartyIdentification>${el('cbc:ID', `6-${nombre.ruc}`)}</cac:PartyIdentification></cac:ReceiverParty>` +
    `<cac:DocumentResponse><cac:Response>${el('cbc:ReferenceID', referencia)}${el('cbc:ResponseCode', codigo)}${el('cbc:Description', descripcion)}</cac:Response>` +
    `<cac:DocumentReference>${el('cbc:ID', referencia)}</cac:DocumentReference>` +
    `<cac:RecipientParty><cac:PartyIdentification>${el('cbc:ID', `6-${nombre.ruc}`)}</cac:PartyIdentification></cac:RecipientParty></cac:DocumentResponse>` +
    '</ApplicationResponse>';
  const firmado = firmarXml({ xml, canonico: true }, credencial).xml;
  const zip = zipSync({ 'dummy/': new Uint8Array(0), [`R-${nombre.base}.xml`]: strToU8(firmado) });
  return { xml: firmado, zip };
}
