// UBL 2.1 DespatchAdvice (CustomizationID 2.0) de la GRE remitente (09) y transportista (31).
import { descripcionCatalogo } from '../catalogs';
import type { TGuia, TGuiaRemitente, TGuiaTransportista, TPunto, TParte, TConductor, TVehiculo } from '../model/guia';
import { EscritorXml, NS, DECLARACION, huecoFirma, bloqueFirma, numero } from './xml';
import Decimal from 'decimal.js';

function parte(w: EscritorXml, etiqueta: string, p: { tipoDocumento: string; numeroDocumento: string; nombre: string }): void {
  w.abrir(etiqueta).abrir('cac:Party')
    .abrir('cac:PartyIdentification').el('cbc:ID', p.numeroDocumento, { schemeID: p.tipoDocumento }).cerrar('cac:PartyIdentification')
    .abrir('cac:PartyLegalEntity').el('cbc:RegistrationName', p.nombre).cerrar('cac:PartyLegalEntity')
    .cerrar('cac:Party').cerrar(etiqueta);
}

function direccion(w: EscritorXml, etiqueta: string, p: TPunto): void {
  w.abrir(etiqueta).el('cbc:ID', p.ubigeo);
  if (p.codigoLocal) w.el('cbc:AddressTypeCode', p.codigoLocal, { listID: p.ruc });
  w.abrir('cac:AddressLine').el('cbc:Line', p.direccion).cerrar('cac:AddressLine').cerrar(etiqueta);
}

function conductores(w: EscritorXml, cs: TConductor[]): void {
  cs.forEach((c, i) => {
    w.abrir('cac:DriverPerson').el('cbc:ID', c.numeroDocumento, { schemeID: c.tipoDocumento })
      .el('cbc:FirstName', c.nombres).el('cbc:FamilyName', c.apellidos).el('cbc:JobTitle', i === 0 ? 'Principal' : 'Secundario')
      .abrir('cac:IdentityDocumentReference').el('cbc:ID', c.licencia).cerrar('cac:IdentityDocumentReference')
      .cerrar('cac:DriverPerson');
  });
}

function tuc(w: EscritorXml, v: TVehiculo): void {
  if (v.tuc) w.abrir('cac:ApplicableTransportMeans').el('cbc:RegistrationNationalityID', v.tuc).cerrar('cac:ApplicableTransportMeans');
}

/** La TUC solo va en la guía del transportista (en la del remitente SUNAT la rechaza con 3452). */
function vehiculos(w: EscritorXml, lista: TVehiculo[]): void {
  const [principal, ...secundarios] = lista;
  w.abrir('cac:TransportHandlingUnit').abrir('cac:TransportEquipment').el('cbc:ID', principal.placa);
  tuc(w, principal);
  for (const v of secundarios) {
    w.abrir('cac:AttachedTransportEquipment').el('cbc:ID', v.placa);
    tuc(w, v);
    w.cerrar('cac:AttachedTransportEquipment');
  }
  w.cerrar('cac:TransportEquipment').cerrar('cac:TransportHandlingUnit');
}

export function xmlGuia(g: TGuia): string {
  const w = new EscritorXml();
  w.raiz('DespatchAdvice', [['', NS.despatch], ['cac', NS.cac], ['cbc', NS.cbc], ['ext', NS.ext]]);
  huecoFirma(w);
  w.el('cbc:UBLVersionID', '2.1').el('cbc:CustomizationID', '2.0')
    .el('cbc:ID', `${g.serie}-${g.numero}`)
    .el('cbc:IssueDate', g.fechaEmision).el('cbc:IssueTime', g.horaEmision)
    .el('cbc:DespatchAdviceTypeCode', g.tipo)
    .el('cbc:Note', g.observaciones);
  for (const d of g.documentosRelacionados ?? []) {
    w.abrir('cac:AdditionalDocumentReference').el('cbc:ID', d.numero).el('cbc:DocumentTypeCode', d.tipoDocumento)
      .el('cbc:DocumentType', descripcionCatalogo('61', d.tipoDocumento))
      .abrir('cac:IssuerParty').abrir('cac:PartyIdentification').el('cbc:ID', d.rucEmisor, { schemeID: '6' })
      .cerrar('cac:PartyIdentification').cerrar('cac:IssuerParty').cerrar('cac:AdditionalDocumentReference');
  }
  bloqueFirma(w, g.emisor.ruc, g.emisor.razonSocial);
  w.abrir('cac:DespatchSupplierParty').abrir('cac:Party')
    .abrir('cac:PartyIdentification').el('cbc:ID', g.emisor.ruc, { schemeID: '6' }).cerrar('cac:PartyIdentification')
    .abrir('cac:PartyLegalEntity').el('cbc:RegistrationName', g.emisor.razonSocial);
  w.cerrar('cac:PartyLegalEntity').cerrar('cac:Party').cerrar('cac:DespatchSupplierParty');
  parte(w, 'cac:DeliveryCustomerParty', g.destinatario as TParte);

  w.abrir('cac:Shipment').el('cbc:ID', 'SUNAT_Envio');
  if (g.tipo === '09') {
    const r = g as TGuiaRemitente;
    w.el('cbc:HandlingCode', r.motivoTraslado).el('cbc:HandlingInstructions', r.descripcionMotivo);
  }
  w.el('cbc:GrossWeightMeasure', new Decimal(g.pesoBrutoTotal).toFixed(3), { unitCode: g.unidadPeso });
  if (g.tipo === '09' && (g as TGuiaRemitente).numeroBultos) w.el('cbc:TotalTransportHandlingUnitQuantity', String((g as TGuiaRemitente).numeroBultos));
  if (g.tipo === '31') w.el('cbc:SpecialInstructions', `SUNAT_Envio_IndicadorPagadorFlete_${(g as TGuiaTransportista).pagadorFlete}`);

  w.abrir('cac:ShipmentStage');
  if (g.tipo === '09') {
    const r = g as TGuiaRemitente;
    w.el('cbc:TransportModeCode', r.modalidad)
      .abrir('cac:TransitPeriod').el('cbc:StartDate', r.fechaInicioTraslado).cerrar('cac:TransitPeriod');
    if (r.modalidad === '01' && r.transportista) {
      w.abrir('cac:CarrierParty')
        .abrir('cac:PartyIdentification').el('cbc:ID', r.transportista.ruc, { schemeID: '6' }).cerrar('cac:PartyIdentification')
        .abrir('cac:PartyLegalEntity').el('cbc:RegistrationName', r.transportista.razonSocial).el('cbc:CompanyID', r.transportista.registroMtc)
        .cerrar('cac:PartyLegalEntity').cerrar('cac:CarrierParty');
    }
    if (r.modalidad === '02') conductores(w, r.conductores ?? []);
  } else {
    const t = g as TGuiaTransportista;
    w.abrir('cac:TransitPeriod').el('cbc:StartDate', t.fechaInicioTraslado).cerrar('cac:TransitPeriod');
    if (t.emisor.registroMtc) {
      w.abrir('cac:CarrierParty').abrir('cac:PartyLegalEntity').el('cbc:CompanyID', t.emisor.registroMtc)
        .cerrar('cac:PartyLegalEntity').cerrar('cac:CarrierParty');
    }
    conductores(w, t.conductores);
  }
  w.cerrar('cac:ShipmentStage');

  w.abrir('cac:Delivery');
  direccion(w, 'cac:DeliveryAddress', g.llegada);
  w.abrir('cac:Despatch');
  direccion(w, 'cac:DespatchAddress', g.partida);
  if (g.tipo === '31') {
    const t = g as TGuiaTransportista;
    w.abrir('cac:DespatchParty')
      .abrir('cac:PartyIdentification').el('cbc:ID', t.remitente.numeroDocumento, { schemeID: t.remitente.tipoDocumento }).cerrar('cac:PartyIdentification')
      .abrir('cac:PartyLegalEntity').el('cbc:RegistrationName', t.remitente.nombre).cerrar('cac:PartyLegalEntity')
      .cerrar('cac:DespatchParty');
  }
  w.cerrar('cac:Despatch').cerrar('cac:Delivery');
  const placas = g.tipo === '31' ? (g as TGuiaTransportista).vehiculos : (g as TGuiaRemitente).modalidad === '02' ? (g as TGuiaRemitente).vehiculos ?? [] : [];
  if (placas.length) vehiculos(w, placas);
  w.cerrar('cac:Shipment');

  g.bienes.forEach((b, i) => {
    w.abrir('cac:DespatchLine').el('cbc:ID', String(i + 1))
      .el('cbc:DeliveredQuantity', numero(new Decimal(b.cantidad)), { unitCode: b.unidad })
      .abrir('cac:OrderLineReference').el('cbc:LineID', String(i + 1)).cerrar('cac:OrderLineReference')
      .abrir('cac:Item').el('cbc:Description', b.descripcion);
    if (b.codigo) w.abrir('cac:SellersItemIdentification').el('cbc:ID', b.codigo).cerrar('cac:SellersItemIdentification');
    w.cerrar('cac:Item').cerrar('cac:DespatchLine');
  });
  w.cerrar('DespatchAdvice');
  return DECLARACION + w.toString();
}
