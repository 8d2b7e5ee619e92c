import { obtenerArchivo } from '../../../lib/archivos';

/** TipoArchivo of the seed: 1 PDF, 2 XML, 3 CDR. The PDF comes in A4 or 80 mm ticket. */
export function obtenerArchivoDocumento(id: number, tipoArchivo: 1 | 2 | 3, formato?: 'A4' | 'TICKET' | 'TICKET58') {
  return obtenerArchivo(`/contabilidad/v1/documentoContable/${id}/archivos/${tipoArchivo}`, { formato });
}
