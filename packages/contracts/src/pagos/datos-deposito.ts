import { z } from '../zod-es';

/**
 * Where customers pay by deposit or transfer (issue 11 item 12): the provider's bank account, CCI and Yape/Plin
 * number, set by the provider's staff and shown in the "Subir comprobante de pago" dialog.
 */
const texto = (max: number, mensaje: string) => z.string().trim().min(1, mensaje).max(max, `Máximo ${max} caracteres`);
const opcional = (esquema: z.ZodType<string>) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), esquema.nullable().optional());

export const ZDatosDepositoGuardar = z.object({
  Banco: texto(80, 'Indique el banco'),
  NumeroCuenta: z.string().trim().regex(/^[0-9-]{6,30}$/, 'El número de cuenta tiene de 6 a 30 dígitos (puede llevar guiones)'),
  Cci: opcional(z.string().trim().regex(/^\d{20}$/, 'El CCI tiene 20 dígitos')),
  Titular: texto(150, 'Indique el titular de la cuenta'),
  Yape: opcional(z.string().trim().regex(/^9\d{8}$/, 'El número de Yape o Plin es un celular de 9 dígitos que empieza con 9')),
});
export type TDatosDepositoGuardar = z.input<typeof ZDatosDepositoGuardar>;

export const ZDatosDeposito = z.object({
  /** false: the provider has not published its accounts yet (the other fields are null). */
  Configurado: z.boolean(),
  Banco: z.string().nullable(),
  NumeroCuenta: z.string().nullable(),
  Cci: z.string().nullable(),
  Titular: z.string().nullable(),
  Yape: z.string().nullable(),
});
export type TDatosDeposito = z.infer<typeof ZDatosDeposito>;
