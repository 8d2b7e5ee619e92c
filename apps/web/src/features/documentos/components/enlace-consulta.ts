import { CodigoMoneda, type TDocumentoContable } from '@yupana/contracts';

/** Public lookup URL of a document, with the six matching fields prefilled (the customer only presses Consultar). */
export function urlConsultaPublica(doc: TDocumentoContable, rucEmisor: string, origen = window.location.origin): string {
  const q = new URLSearchParams({
    ruc: rucEmisor,
    tipo: String(doc.IdTipoDocumento),
    serie: doc.Serie,
    numero: String(doc.CorrelativoDocumento),
    fecha: doc.FechaEmision,
    total: doc.MontoTotal,
  });
  return `${origen}/consultareceptor?${q}`;
}

/** WhatsApp message with the document and its public lookup link (wa.me lets the user pick the contact). */
export function enlaceWhatsAppDocumento(doc: TDocumentoContable, rucEmisor: string, telefono?: string | null): string {
  const texto = `Hola, le enviamos su comprobante ${doc.SerieNumero} por ${CodigoMoneda[doc.IdMoneda] === 'USD' ? '$' : 'S/'} ${doc.MontoTotal}. Puede consultarlo y descargarlo aquí: ${urlConsultaPublica(doc, rucEmisor)}`;
  const digitos = (telefono ?? '').replace(/\D/g, '');
  const destino = digitos.length === 9 ? `51${digitos}` : digitos.length === 11 && digitos.startsWith('51') ? digitos : '';
  return `https://wa.me/${destino}?text=${encodeURIComponent(texto)}`;
}
