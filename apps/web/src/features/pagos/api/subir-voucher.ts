import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TAMANHO_MAXIMO_VOUCHER, TIPOS_VOUCHER, type TPrepago } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** Same checks as the server, before reading the file: type (image or PDF) and size (2 MB). */
export function validarVoucher(archivo: File): string | null {
  if (!(TIPOS_VOUCHER as readonly string[]).includes(archivo.type)) return 'El comprobante de pago debe ser una imagen (PNG o JPG) o un PDF';
  if (archivo.size > TAMANHO_MAXIMO_VOUCHER) return 'El comprobante de pago no debe superar los 2 MB';
  return null;
}

function aBase64(archivo: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const lector = new FileReader();
    lector.onload = () => resolve(String(lector.result).replace(/^data:[^,]*,/, ''));
    lector.onerror = () => reject(lector.error ?? new Error('No se pudo leer el archivo'));
    lector.readAsDataURL(archivo);
  });
}

export function useSubirVoucher() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ idPago, archivo, numeroOperacion }: { idPago: number; archivo: File; numeroOperacion?: string }) =>
      api.post<TPrepago>(`/pagos/v1/prepagos/${idPago}/comprobantes`, {
        NombreArchivo: archivo.name.slice(0, 150),
        TipoContenido: archivo.type,
        ContenidoBase64: await aBase64(archivo),
        NumeroOperacion: numeroOperacion || undefined,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['pagos'] }),
  });
}
