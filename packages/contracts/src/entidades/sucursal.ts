import { z } from '../zod-es';
import { ZEntero, ZId } from '../validacion';

export const ZSucursal = z.object({
  Id: z.number().int(),
  IdEntidad: z.number().int(),
  RazonSocial: z.string(),
  Descripcion: z.string().nullable(),
  Direccion: z.string().nullable(),
  IdUbigeo: z.string().nullable(),
  Correo: z.string().nullable(),
  Telefono: z.string().nullable(),
  /** SUNAT's código de establecimiento anexo (4 digits, '0000' = domicilio fiscal). */
  CodigoAnexo: z.string(),
  /** Default cost centre of the branch's sales income (70) in the automatic entries; null: none. */
  IdCentroCosto: z.number().int().nullable(),
  CentroCosto: z.string().nullable(),
  /** The seed's avatar of a branch: first letter of its name and a background colour. */
  letrainicio: z.string(),
  colorbackground: z.string(),
  LogEstado: z.number().int(),
});
export type TSucursal = z.infer<typeof ZSucursal>;

const opcional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZSucursalGuardar = z.object({
  RazonSocial: z.string({ error: 'Ingrese el nombre de la sucursal' }).trim().min(1, 'Ingrese el nombre de la sucursal').max(250, 'Máximo 250 caracteres'),
  Descripcion: opcional(250),
  Direccion: opcional(250),
  IdUbigeo: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'El ubigeo tiene 6 dígitos')
    .nullish()
    .transform((v) => v ?? null),
  Correo: z
    .union([z.literal(''), z.email('Correo electrónico no válido').max(150)])
    .nullish()
    .transform((v) => (v ? v : null)),
  Telefono: opcional(30),
  CodigoAnexo: z
    .string({ error: 'Ingrese el código de establecimiento anexo' })
    .trim()
    .regex(/^\d{4}$/, 'El código de establecimiento anexo tiene 4 dígitos (0000 para el domicilio fiscal)')
    .default('0000'),
  /** Absent: unchanged (the seed's calls do not send it); null: no centre. */
  IdCentroCosto: ZId.nullish(),
  colorbackground: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Color no válido (#RRGGBB)')
    .nullish()
    .transform((v) => v ?? null),
  LogEstado: z.union([z.literal(0), z.literal(1)]).default(1),
});
export type TSucursalGuardar = z.input<typeof ZSucursalGuardar>;

export const ZSucursalesQuery = z.object({
  pagina: ZEntero({ min: 1 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(10),
  estado: ZEntero({ min: -1, max: 1 }).default(1),
  filtro: z.string().trim().max(100).default(''),
});
export const ZSucursales = z.object({ Data: z.array(ZSucursal), Count: z.number().int() });
export const ZSucursalParams = z.object({ id: ZId });
