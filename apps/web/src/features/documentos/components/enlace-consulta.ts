import { CodigoMoneda, TipoDocumentoContable, type TDocumentoContable } from '@yupana/contracts';
import { cantidad, fecha, monto } from '../../../lib/formato';

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

/** At most this many lines are written into a nota de venta's WhatsApp text (the rest is summed up in one line). */
const LINEAS_WHATSAPP = 20;

/**
 * WhatsApp message of a document. A tax document carries its public lookup link (SUNAT's six data). A nota de venta is
 * not a tax document and the public lookup does not serve it (nor could it for an issuer without RUC), so its message
 * is the sale itself: number, date, lines and total, marked "documento no tributario". wa.me lets the user pick the
 * contact.
 */
export function enlaceWhatsAppDocumento(doc: TDocumentoContable, rucEmisor: string, telefono?: string | null, emisor?: string | null): string {
  const simbolo = CodigoMoneda[doc.IdMoneda] === 'USD' ? '$' : 'S/';
  const texto =
    doc.IdTipoDocumento === TipoDocumentoContable.NOTA_VENTA
      ? textoNotaVenta(doc, simbolo, emisor)
      : `Hola, le enviamos su comprobante ${doc.SerieNumero} por ${simbolo} ${doc.MontoTotal}. Puede consultarlo y descargarlo aquí: ${urlConsultaPublica(doc, rucEmisor)}`;
  const digitos = (telefono ?? '').replace(/\D/g, '');
  const destino = digitos.length === 9 ? `51${digitos}` : digitos.length === 11 && digitos.startsWith('51') ? digitos : '';
  return `https://wa.me/${destino}?text=${encodeURIComponent(texto)}`;
}

function textoNotaVenta(doc: TDocumentoContable, simbolo: string, emisor?: string | null): string {
  const lineas = doc.ListaItems.slice(0, LINEAS_WHATSAPP).map((l) => `- ${cantidad(l.Cantidad)} x ${l.ItemDescripcion}: ${simbolo} ${monto(l.Total)}`);
  const resto = doc.ListaItems.length - LINEAS_WHATSAPP;
  if (resto > 0) lineas.push(`- y ${resto} ${resto === 1 ? 'ítem más' : 'ítems más'}`);
  return [
    `Hola, le enviamos su nota de venta ${doc.SerieNumero} del ${fecha(doc.FechaEmision)}${doc.Anulado ? ' (ANULADA)' : ''}:`,
    ...lineas,
    `Total: ${simbolo} ${monto(doc.MontoTotal)}`,
    'Documento no tributario.',
    ...(emisor ? [`Gracias por su compra, ${emisor}.`] : []),
  ].join('\n');
}
