// Punto de entrada de la representación impresa: datos del documento -> bytes del PDF (sin base de datos ni HTTP).
// Uso al emitir (una llamada para los datos, otra para el PDF):
//   const datos = desdeComprobante(documentoValidado, totales, { digestValue }, { logo, plantilla, sucursal, urlConsulta });
//   const pdf = await generarPdf(datos);            // formato de la plantilla de la empresa
//   const ticket = await generarPdf(datos, 'TICKET');
import type { TDocumentoImpresion, TFormatoImpresion } from './impresion.types';
import { pdfA4 } from './a4';
import { ANCHO_TICKET_58, pdfTicket } from './ticket';
import { textoImprimible } from './formato';

/**
 * PDF del documento en el formato pedido o, si no se pide, en el de la plantilla de la empresa.
 * Las guías de remisión siempre salen en A4: puntos, vehículos y conductores no caben legibles en 80 mm.
 */
export function generarPdf(d: TDocumentoImpresion, formato?: TFormatoImpresion): Promise<Buffer> {
  const elegido = d.tipo === '09' || d.tipo === '31' ? 'A4' : (formato ?? d.plantilla.formato);
  const imprimible = textosImprimibles(d);
  if (elegido === 'TICKET58') return pdfTicket(imprimible, ANCHO_TICKET_58);
  return elegido === 'TICKET' ? pdfTicket(imprimible) : pdfA4(imprimible);
}

/** Copia del documento con todo texto llevado a lo que dibujan las fuentes estándar (los bytes del logo intactos). */
function textosImprimibles<T>(valor: T): T {
  if (typeof valor === 'string') return textoImprimible(valor) as T;
  if (valor instanceof Uint8Array) return valor;
  if (Array.isArray(valor)) return valor.map(textosImprimibles) as T;
  if (valor && typeof valor === 'object') {
    // El QR no pasa por la fuente: lleva su texto tal cual.
    return Object.fromEntries(Object.entries(valor).map(([k, v]) => [k, k === 'textoQr' ? v : textosImprimibles(v)])) as T;
  }
  return valor;
}
