import { abrirArchivo } from '../../../lib/archivos';

/** Opens the provider's PDF for a payment in a new tab (the download needs the bearer token). */
export async function abrirPdfPago(idPago: number): Promise<void> {
  await abrirArchivo(`/pagos/v1/prepagos/${idPago}/comprobantes/pdf`);
}
