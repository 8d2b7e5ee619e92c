import { compararCodigos } from '@yupana/contracts';
import { CATALOGOS } from '@yupana/sunat/isomorfico';

/**
 * A SUNAT catalogue's options in code order. Object.entries alone puts integer-like keys ("10".."13") before the
 * zero-padded ones ("01".."09"), which listed credit-note reasons 10-13 first.
 */
export const opcionesCatalogo = (numero: string) =>
  Object.entries(CATALOGOS[numero] ?? {})
    .sort(([a], [b]) => compararCodigos(a, b))
    .map(([value, nombre]) => ({ value, label: `${value} - ${nombre}` }));
