import { z } from '../zod-es';
import { ZEntero } from '../validacion';
import { NombreCondicionPago } from './catalogos';

/**
 * Billing parameters of a company (seed §3 "Billing parameter": IdEntidad, IdParametro, IdDominio, Tipo, Valor,
 * Auxiliar1-3, Estado). Tipo 1 = billing. The catalogue below fixes the ids, the allowed values and the defaults; the
 * issuing screens take them as their initial values.
 */
export const TipoParametro = { FACTURACION: 1, ASISTENTE: 2 } as const;

type TDefinicionParametro = {
  IdParametro: number;
  Tipo: number;
  Codigo: string;
  Descripcion: string;
  PorDefecto: string;
  /** Allowed values with their label. */
  Valores: { Valor: string; Nombre: string }[];
};

export const ParametrosFacturacion = [
  {
    IdParametro: 101,
    Tipo: 1,
    Codigo: 'MonedaPorDefecto',
    Descripcion: 'Moneda con la que se abren los formularios de emisión',
    PorDefecto: '1',
    Valores: [
      { Valor: '1', Nombre: 'Soles (PEN)' },
      { Valor: '2', Nombre: 'Dólares (USD)' },
    ],
  },
  {
    IdParametro: 102,
    Tipo: 1,
    Codigo: 'CondicionPagoPorDefecto',
    Descripcion: 'Condición de pago con la que se abren las facturas (las boletas siempre son al contado)',
    PorDefecto: '1',
    Valores: Object.entries(NombreCondicionPago).map(([Valor, Nombre]) => ({ Valor, Nombre })),
  },
  {
    // The seed's assistant configuration: Valor 'true' shows the 'Asistente Virtual' chat (main brand only);
    // Auxiliar1, optional, is the company's chat webhook (https, on a host the platform allows); without it the
    // assistant answers from the product's help articles.
    IdParametro: 103,
    Tipo: 2,
    Codigo: 'AsistenteVirtual',
    Descripcion: 'Mostrar el Asistente Virtual (en Auxiliar1, opcional, la URL del webhook de su propio chat)',
    PorDefecto: 'true',
    Valores: [
      { Valor: 'true', Nombre: 'Mostrar' },
      { Valor: 'false', Nombre: 'No mostrar' },
    ],
  },
] as const satisfies TDefinicionParametro[];

export const ZParametroEntidad = z.object({
  IdEntidad: z.number().int(),
  IdParametro: z.number().int(),
  IdDominio: z.number().int().nullable(),
  Tipo: z.number().int(),
  Codigo: z.string(),
  Descripcion: z.string(),
  Valor: z.string(),
  Auxiliar1: z.string().nullable(),
  Auxiliar2: z.string().nullable(),
  Auxiliar3: z.string().nullable(),
  Estado: z.number().int(),
  /** The catalogue's default is in use (never saved by the company). */
  PorDefecto: z.boolean(),
});
export type TParametroEntidad = z.infer<typeof ZParametroEntidad>;
export const ZParametrosEntidad = z.object({ Data: z.array(ZParametroEntidad) });
export type TParametrosEntidad = z.infer<typeof ZParametrosEntidad>;

/** GET /v1/entidades/parametros?identidad and GET /v1/parametros?idparametro&identidad (identidad = the token's company). */
export const ZParametrosQuery = z.object({
  identidad: ZEntero({ min: 1 }).optional(),
  idparametro: ZEntero({ min: 1 }).optional(),
  tipo: ZEntero({ min: 1 }).optional(),
});

/** POST /v1/entidades/{id}/parametros: saves several parameters at once (all or nothing). */
export const ZParametrosGuardar = z
  .object({
    Lista: z
      .array(
        z.object({
          IdParametro: z.number({ error: 'Indique el parámetro' }).int(),
          Valor: z.string({ error: 'Indique el valor' }).trim().min(1, 'Indique el valor').max(500, 'Máximo 500 caracteres'),
          Auxiliar1: z.string().trim().max(500).nullable().optional(),
          Auxiliar2: z.string().trim().max(500).nullable().optional(),
          Auxiliar3: z.string().trim().max(500).nullable().optional(),
        }),
      )
      .min(1, 'Indique al menos un parámetro')
      .max(50),
  })
  .superRefine((d, ctx) => {
    d.Lista.forEach((p, i) => {
      const def = ParametrosFacturacion.find((x) => x.IdParametro === p.IdParametro);
      if (!def) ctx.addIssue({ code: 'custom', path: ['Lista', i, 'IdParametro'], message: 'El parámetro no existe' });
      else if (!def.Valores.some((v) => v.Valor === p.Valor))
        ctx.addIssue({ code: 'custom', path: ['Lista', i, 'Valor'], message: `Valor no admitido para ${def.Codigo}: ${def.Valores.map((v) => v.Valor).join(', ')}` });
    });
  });
export type TParametrosGuardar = z.infer<typeof ZParametrosGuardar>;

/** POST /entidad/configuracionpredeterminadaentidad: back to the catalogue's defaults. */
export const ZConfiguracionPredeterminada = z.object({ IdEntidad: z.number({ error: 'Indique la entidad' }).int().positive() });
