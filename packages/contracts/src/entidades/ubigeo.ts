import { z } from '../zod-es';
import { ZEntero } from '../validacion';

export const ZUbigeo = z.object({
  IdUbigeo: z.string(),
  Departamento: z.string(),
  Provincia: z.string(),
  Distrito: z.string(),
  /** 'DEPARTAMENTO - PROVINCIA - DISTRITO', for selectors. */
  Descripcion: z.string(),
});
export type TUbigeo = z.infer<typeof ZUbigeo>;

export const ZUbigeosQuery = z.object({
  filtro: z.string().trim().max(100).default(''),
  pagina: ZEntero({ min: 1 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(10),
  logestado: ZEntero().optional(),
});

export const ZUbigeos = z.object({ Data: z.array(ZUbigeo), Count: z.number().int() });
export const ZUbigeoParams = z.object({ id: z.string().regex(/^\d{6}$/, 'El ubigeo tiene 6 dígitos') });
