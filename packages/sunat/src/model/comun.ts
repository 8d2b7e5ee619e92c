// Piezas comunes de los modelos de entrada (zod), con los términos del dominio en español.
import { z } from 'zod';
import { buscarUbigeo, enCatalogo } from '../catalogs';
import { esRucValido, motivoRucInvalido } from '../ruc';

const RE_DECIMAL = /^-?\d{1,15}(\.\d{1,10})?$/;

/** Decimal como texto ("118.00") o número JSON; se normaliza a texto para no pasar nunca por float en los cálculos. */
export const ZDecimal = z
  .union([z.string().trim(), z.number().finite()])
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .pipe(z.string().regex(RE_DECIMAL, 'Debe ser un número decimal (hasta 10 decimales)'));

export const ZDecimalPositivo = ZDecimal.refine((v) => !v.startsWith('-') && /[1-9]/.test(v), 'Debe ser mayor que cero');
export const ZDecimalNoNegativo = ZDecimal.refine((v) => !v.startsWith('-'), 'No puede ser negativo');

/** Texto libre: sin caracteres de control (salvo TAB/LF/CR) y normalizado a NFC, como exige la forma canónica. */
export const ZTexto = (max: number) =>
  z
    .string()
    .transform((s) => s.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(1, 'Es obligatorio')
        .max(max, `Máximo ${max} caracteres`)
        // eslint-disable-next-line no-control-regex -- detectar caracteres de control es justamente el objetivo
        .refine((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(s), 'Contiene caracteres de control no permitidos'),
    );

/**
 * Product code (cbc:ID of SellersItemIdentification): 1 to 30 characters, any character including spaces and hyphens,
 * but no other whitespace (line breaks, tabs): SUNAT observes it with 4269 (`^(?!\s*$).{0,}$`, "no se permite ningún
 * otro whitespace character").
 */
export const ZCodigoProducto = ZTexto(30).refine((s) => !/[\t\n\r\u0085\u2028\u2029]/.test(s), 'El código de producto no admite saltos de línea ni tabulaciones');

export const ZFecha = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha con formato AAAA-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Fecha inexistente');

export const ZHora = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'Hora con formato HH:MM:SS');

/** The project's one RUC check (src/ruc.ts): prefix 10, 15, 16, 17 or 20 and the módulo-11 check digit. */
export const rucValido = esRucValido;

export const ZRuc = z.string().superRefine((ruc, ctx) => {
  const motivo = motivoRucInvalido(ruc);
  if (motivo) ctx.addIssue({ code: 'custom', message: motivo });
});

export const ZCatalogo = (numero: string, nombre: string) =>
  z.string().refine((c) => enCatalogo(numero, c), { message: `${nombre}: código no existe en el catálogo ${numero} de SUNAT` });

export const ZUbigeo = z.string().regex(/^\d{6}$/, 'Ubigeo de 6 dígitos').refine((c) => buscarUbigeo(c) !== undefined, 'Ubigeo no existe en el catálogo INEI');

export const ZMoneda = z.enum(['PEN', 'USD', 'EUR'], { message: 'Moneda admitida: PEN, USD o EUR' });

export const ZDireccion = z.object({
  ubigeo: ZUbigeo,
  direccion: ZTexto(200),
  urbanizacion: ZTexto(25).optional(),
  /** Código de establecimiento anexo registrado en SUNAT; "0000" es el domicilio fiscal. */
  codigoLocal: z.string().regex(/^\d{4}$/, 'Código de local de 4 dígitos').default('0000'),
});
export type TDireccion = z.infer<typeof ZDireccion>;

export const ZEmisor = z.object({
  ruc: ZRuc,
  razonSocial: ZTexto(1500),
  nombreComercial: ZTexto(1500).optional(),
  direccion: ZDireccion,
});
export type TEmisor = z.infer<typeof ZEmisor>;

/** Documento de identidad según catálogo 06, con el formato que SUNAT exige a cada tipo. */
export const ZIdentidad = z
  .object({
    tipoDocumento: ZCatalogo('06', 'Tipo de documento de identidad'),
    numeroDocumento: z.string().trim().min(1, 'Es obligatorio').max(20, 'Máximo 20 caracteres'),
  })
  .superRefine((v, ctx) => {
    const n = v.numeroDocumento;
    const mal = (m: string) => ctx.addIssue({ code: 'custom', path: ['numeroDocumento'], message: m });
    const motivoRuc = v.tipoDocumento === '6' ? motivoRucInvalido(n) : null;
    if (motivoRuc) mal(motivoRuc);
    else if (v.tipoDocumento === '1' && !/^\d{8}$/.test(n)) mal('DNI de 8 dígitos');
    else if (v.tipoDocumento === '0' && !/^[-\w]{1,15}$/.test(n)) mal('Documento de hasta 15 caracteres alfanuméricos');
    else if (!/^[-\w]{1,15}$/.test(n)) mal('Documento de hasta 15 caracteres alfanuméricos');
  });

export const ZCliente = z.intersection(
  ZIdentidad,
  z.object({
    nombre: ZTexto(1500),
    direccion: z.object({ ubigeo: ZUbigeo.optional(), direccion: ZTexto(200) }).optional(),
  }),
);
export type TCliente = z.infer<typeof ZCliente>;

export const ZSerie = (inicial: string) =>
  z.string().regex(new RegExp(`^${inicial}[A-Z0-9]{3}$`), `Serie de 4 caracteres que empieza con ${inicial}`);
export const ZNumero = z.number().int('Número entero').min(1, 'Número desde 1').max(99999999, 'Número hasta 99999999');
