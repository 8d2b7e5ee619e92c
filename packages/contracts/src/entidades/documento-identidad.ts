import { motivoRucInvalido } from '../ruc';
import { ZEntero } from '../validacion';

/**
 * Identity document types of the seed (IdTipoDocumento), with SUNAT's catálogo 06 code each one maps to when a
 * document is issued. Types 8-12 have no name in the seed; they carry the remaining catálogo 06 codes.
 */
export const TiposDocumentoIdentidad = {
  1: { Descripcion: 'DNI', CodigoSunat: '1' },
  2: { Descripcion: 'RUC', CodigoSunat: '6' },
  3: { Descripcion: 'Carnet de extranjería', CodigoSunat: '4' },
  4: { Descripcion: 'Pasaporte', CodigoSunat: '7' },
  5: { Descripcion: 'Cédula diplomática de identidad', CodigoSunat: 'A' },
  6: { Descripcion: 'Sin documento', CodigoSunat: '0' },
  7: { Descripcion: 'Carné de permiso temporal de permanencia (CPP)', CodigoSunat: 'H' },
  8: { Descripcion: 'Documento de identidad del país de residencia', CodigoSunat: 'B' },
  9: { Descripcion: 'Tax Identification Number (TIN)', CodigoSunat: 'C' },
  10: { Descripcion: 'Identification Number (IN)', CodigoSunat: 'D' },
  11: { Descripcion: 'Tarjeta Andina de Migración (TAM)', CodigoSunat: 'E' },
  12: { Descripcion: 'Permiso temporal de permanencia (PTP)', CodigoSunat: 'F' },
} as const;

export const TipoDocumentoIdentidad = { DNI: 1, RUC: 2, CARNET_EXTRANJERIA: 3, PASAPORTE: 4, SIN_DOCUMENTO: 6 } as const;

export type TIdTipoDocumentoIdentidad = keyof typeof TiposDocumentoIdentidad;

export const ZIdTipoDocumentoIdentidad = ZEntero({
  min: 1,
  max: 12,
  mensaje: 'Seleccione el tipo de documento',
  mensajeMin: 'Tipo de documento no válido',
  mensajeMax: 'Tipo de documento no válido',
});

/** The generic customer every company has (boletas under the legal threshold). */
export const CLIENTE_GENERICO = { RazonSocial: 'CLIENTES VARIOS', Documento: '00000000000' } as const;

/**
 * The seed's §5 rules for a document number of a given type. Returns the Spanish message of the first broken
 * rule, or null when the number is acceptable. Shared by the web form and the API so both say the same.
 */
export function validarDocumentoIdentidad(idTipoDocumento: number, documento: string): string | null {
  const d = documento.trim();
  switch (idTipoDocumento) {
    case 1:
      return /^\d{8}$/.test(d) ? null : 'Se espera 8 dígitos';
    case 2:
      if (!/^\d{11}$/.test(d)) return 'Se espera 11 dígitos';
      return motivoRucInvalido(d);
    case 3:
    case 4:
      return /^[A-Za-z0-9]{7,12}$/.test(d) ? null : 'Se espera de 7 a 12 caracteres alfanuméricos';
    case 6:
      // No document: the number is ignored (stored as the seed's default number).
      return null;
    case 5:
    case 7:
    case 8:
    case 9:
    case 10:
    case 11:
    case 12:
      return /^[A-Za-z0-9]{7,15}$/.test(d) ? null : 'Se espera de 7 a 15 caracteres alfanuméricos';
    default:
      return 'Tipo de documento no válido';
  }
}
