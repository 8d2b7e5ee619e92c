import { z } from '../zod-es';

/**
 * Card payments through a gateway. The browser sends the card to the gateway's own tokenization endpoint and gives
 * our API only the single-use token it got back: no card number, expiry or CVV ever reaches the payments module.
 */
export const ZPasarelaConfig = z.object({
  Nombre: z.string(),
  /** A test gateway (no real charge): the page says so and lists the test cards. */
  Sandbox: z.boolean(),
  /** Where the browser tokenizes the card (the gateway's endpoint). */
  UrlTokens: z.string(),
  ClavePublica: z.string(),
});
export type TPasarelaConfig = z.infer<typeof ZPasarelaConfig>;

/** Luhn (mod 10) check of a card number: catches a mistyped digit before asking the gateway. */
export function luhnValido(numero: string): boolean {
  if (!/^\d{13,19}$/.test(numero)) return false;
  let suma = 0;
  for (let i = 0; i < numero.length; i++) {
    let d = Number(numero[numero.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    suma += d;
  }
  return suma % 10 === 0;
}

/** The card as the gateway's tokenization endpoint takes it (the sandbox's; a real gateway has its own form). */
export const ZTarjetaTokenizar = z.object({
  NumeroTarjeta: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .refine(luhnValido, 'Número de tarjeta no válido'),
  Vencimiento: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Vencimiento con formato MM/AA'),
  Cvv: z.string().trim().regex(/^\d{3,4}$/, 'CVV de 3 o 4 dígitos'),
  Correo: z.email('Correo no válido'),
});
export type TTarjetaTokenizar = z.input<typeof ZTarjetaTokenizar>;

export const ZTokenTarjeta = z.object({ Token: z.string(), Marca: z.string(), Ultimos4: z.string() });
export type TTokenTarjeta = z.infer<typeof ZTokenTarjeta>;

/** Paying a pending payment by card: the token only. Any other field (a card number sent by mistake) is refused. */
export const ZCargoTarjeta = z.strictObject({
  IdPrepago: z.number({ error: 'Indique el pago' }).int().positive(),
  Token: z.string().trim().min(10, 'Token de tarjeta no válido').max(200),
});

export const ZCargoResultado = z.object({ IdPrepago: z.number().int(), Estado: z.number().int(), IdCargo: z.string(), Marca: z.string(), Ultimos4: z.string() });
export type TCargoResultado = z.infer<typeof ZCargoResultado>;

/** The sandbox's test cards (any future expiry, any CVV): the outcome depends on the number, as in real gateways' test modes. */
export const TARJETAS_PRUEBA = [
  { Numero: '4111 1111 1111 1111', Marca: 'Visa', Resultado: 'aprobada' },
  { Numero: '5111 1111 1111 1118', Marca: 'Mastercard', Resultado: 'aprobada' },
  { Numero: '4000 0000 0000 0002', Marca: 'Visa', Resultado: 'rechazada: fondos insuficientes' },
] as const;
