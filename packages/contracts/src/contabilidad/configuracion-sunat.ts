import { z } from '../zod-es';
import { AmbientesSunat } from './catalogos';

/**
 * Company SUNAT settings. Secrets (the .pfx, its password, usuario and clave SOL) go in, never come out: the
 * answer only tells what is configured and the certificate's subject, issuer and validity.
 * GET/PUT /api/contabilidad/v1/configuraciones/sunat
 */
export const ZConfiguracionSunatGuardar = z
  .object({
    Ambiente: z.enum(AmbientesSunat, { error: 'Ambiente: SIMULADOR, BETA, PRODUCCION u OSE' }),
    UrlOse: z.url('URL no válida').max(300).optional(),
    /** The .pfx / .p12 file in base64 (omit to keep the stored one). */
    CertificadoBase64: z.string().max(200_000, 'El certificado es demasiado grande').optional(),
    ClaveCertificado: z.string().max(200).optional(),
    /** Usuario SOL without the RUC prefix (omit both to keep the stored ones). */
    UsuarioSol: z.string().trim().min(1, 'Indique el usuario SOL').max(30).optional(),
    ClaveSol: z.string().min(1, 'Indique la clave SOL').max(100).optional(),
  })
  .refine((d) => d.Ambiente !== 'OSE' || !!d.UrlOse, { path: ['UrlOse'], message: 'Indique la URL del OSE' })
  .refine((d) => !d.CertificadoBase64 || d.ClaveCertificado !== undefined, { path: ['ClaveCertificado'], message: 'Indique la contraseña del certificado' })
  .refine((d) => (d.UsuarioSol === undefined) === (d.ClaveSol === undefined), { path: ['ClaveSol'], message: 'Indique el usuario y la clave SOL juntos' });
export type TConfiguracionSunatGuardar = z.infer<typeof ZConfiguracionSunatGuardar>;

export const ZCertificadoResumen = z.object({
  Sujeto: z.string(),
  Emisor: z.string(),
  ValidoDesde: z.string(),
  ValidoHasta: z.string(),
  DiasRestantes: z.number().int(),
  /** Expires within 30 days (or already expired): the shell warns. */
  PorVencer: z.boolean(),
  Vencido: z.boolean(),
});

export const ZConfiguracionSunat = z.object({
  Ambiente: z.enum(AmbientesSunat),
  UrlOse: z.string().nullable(),
  Certificado: ZCertificadoResumen.nullable(),
  TieneCredencialesSol: z.boolean(),
});
export type TConfiguracionSunat = z.infer<typeof ZConfiguracionSunat>;

/** GET /api/contabilidad/v1/ambiente/sunat: 'BETA' and 'SIMULADOR' are test environments (green header). */
export const ZAmbienteSunat = z.object({
  Ambiente: z.enum(AmbientesSunat),
  EsPrueba: z.boolean(),
  /** The certificate's expiry for the shell's warning (null without a certificate). */
  Certificado: ZCertificadoResumen.pick({ ValidoHasta: true, DiasRestantes: true, PorVencer: true, Vencido: true }).nullable(),
});
export type TAmbienteSunatRespuesta = z.infer<typeof ZAmbienteSunat>;

/**
 * Connection test (issue 11, the wizard's VinculacionSunat step and the SUNAT settings): the company's saved settings
 * are used to call SUNAT (or the stand-in) as whom it sends. A failed test is an answer, not an error.
 */
export const ZPruebaConexionSunat = z.object({
  Correcta: z.boolean(),
  Ambiente: z.string(),
  /** What happened, in Spanish, for the user. */
  Mensaje: z.string(),
  /** SUNAT's return code when SUNAT answered with one (e.g. 0102 wrong user or password). */
  Codigo: z.string().nullable(),
  /** The company has its own usuario/clave SOL (otherwise BETA and the stand-in use SUNAT's public test user). */
  UsuarioPropio: z.boolean(),
});
export type TPruebaConexionSunat = z.infer<typeof ZPruebaConexionSunat>;
