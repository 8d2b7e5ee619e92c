import { z } from '../zod-es';
import { ZId } from '../validacion';

/**
 * Banks of Peru by their code in the CCI (the first three digits of the Código de Cuenta Interbancario), for the
 * workers' salary and CTS accounts (docs/decisions.md "rrhhbanco").
 */
export const BancosCci = {
  '002': 'BCP',
  '003': 'Interbank',
  '009': 'Scotiabank',
  '011': 'BBVA',
  '018': 'Banco de la Nación',
  '038': 'BanBif',
  '049': 'Mibanco',
} as const;
export type TBancoCci = keyof typeof BancosCci;
const CODIGOS_BANCO = Object.keys(BancosCci) as [TBancoCci, ...TBancoCci[]];

/** One check digit of the CCI: weights 1, 2, 1, 2... from the left, the digits of each product added, then (10 - sum mod 10) mod 10. */
export function digitoControlCci(grupo: string): number {
  let suma = 0;
  for (let i = 0; i < grupo.length; i++) {
    const p = Number(grupo[i]) * (i % 2 === 0 ? 1 : 2);
    suma += p >= 10 ? p - 9 : p;
  }
  return (10 - (suma % 10)) % 10;
}

/**
 * Why a CCI is not valid, or null: 20 digits = bank (3) + office (3) + account (12) + two check digits, the first over
 * bank and office, the second over the account.
 */
export function errorCci(cci: string, banco?: string): string | null {
  if (!/^\d{20}$/.test(cci)) return 'El CCI tiene 20 dígitos';
  if (banco && cci.slice(0, 3) !== banco) return `El CCI de ${BancosCci[banco as TBancoCci] ?? 'ese banco'} empieza con ${banco}`;
  if (`${digitoControlCci(cci.slice(0, 6))}${digitoControlCci(cci.slice(6, 18))}` !== cci.slice(18)) return 'El CCI no es válido: revise sus dígitos de control';
  return null;
}

export const TiposCuentaTrabajador = { SUELDO: 'Cuenta sueldo', CTS: 'Cuenta CTS' } as const;
export type TTipoCuentaTrabajador = keyof typeof TiposCuentaTrabajador;

export const ZCuentaTrabajadorGuardar = z
  .object({
    Banco: z.enum(CODIGOS_BANCO, { error: 'Elija el banco' }),
    NumeroCuenta: z
      .string()
      .trim()
      .regex(/^[0-9][0-9-]{4,28}[0-9]$/, 'Número de cuenta: de 6 a 30 dígitos (puede llevar guiones)'),
    Cci: z.string().trim().transform((v) => v.replace(/[\s-]/g, '')),
    IdMoneda: z.union([z.literal(1), z.literal(2)], { error: 'Moneda: 1 soles o 2 dólares' }),
  })
  .superRefine((v, ctx) => {
    const e = errorCci(v.Cci, v.Banco);
    if (e) ctx.addIssue({ code: 'custom', path: ['Cci'], message: e });
  });
export type TCuentaTrabajadorGuardar = z.input<typeof ZCuentaTrabajadorGuardar>;

export const ZCuentasTrabajadorGuardar = z.object({
  Sueldo: ZCuentaTrabajadorGuardar.nullable(),
  Cts: ZCuentaTrabajadorGuardar.nullable(),
});
export type TCuentasTrabajadorGuardar = z.input<typeof ZCuentasTrabajadorGuardar>;

export const ZCuentaTrabajador = z.object({
  Banco: z.string(),
  NombreBanco: z.string(),
  NumeroCuenta: z.string(),
  Cci: z.string(),
  IdMoneda: z.number().int(),
});
export type TCuentaTrabajador = z.infer<typeof ZCuentaTrabajador>;
export const ZCuentasTrabajador = z.object({ IdTrabajador: z.number().int(), Sueldo: ZCuentaTrabajador.nullable(), Cts: ZCuentaTrabajador.nullable() });
export type TCuentasTrabajador = z.infer<typeof ZCuentasTrabajador>;

/** The CTS bank files of a May / November run: one per bank, and the workers left out with the reason. */
export const ZArchivosBancoCts = z.object({
  Bancos: z.array(z.object({ Banco: z.string(), NombreBanco: z.string(), NombreArchivo: z.string(), Trabajadores: z.number().int(), Monto: z.string() })),
  Omitidos: z.array(z.object({ IdTrabajador: z.number().int(), Trabajador: z.string(), Documento: z.string(), Monto: z.string(), Motivo: z.string() })),
});
export type TArchivosBancoCts = z.infer<typeof ZArchivosBancoCts>;

export const ZArchivoBancoCtsParams = z.object({ id: ZId, banco: z.enum(CODIGOS_BANCO, { error: 'Banco no válido' }) });
