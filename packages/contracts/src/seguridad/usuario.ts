import { z } from '../zod-es';
import { ZEstadoUsuario, ZId, ZTipoEmpresa } from '../comun';

export const ZUsuarioParams = z.object({ id: ZId });

export const ZRolResumen = z.object({ Id: z.number().int(), Nombre: z.string() });

export const ZSucursalResumen = z.object({
  Id: z.number().int(),
  RazonSocial: z.string(),
  Direccion: z.string().nullable(),
  Descripcion: z.string().nullable(),
});
export type TSucursalResumen = z.infer<typeof ZSucursalResumen>;

export const ZUsuario = z.object({
  IdUsuario: z.number().int(),
  Usuario: z.string(),
  Nombres: z.string(),
  Apellidos: z.string(),
  Correo: z.string().nullable(),
  Estado: ZEstadoUsuario,
  LogEstado: z.number().int(),
  LogFechacrea: z.string(),
  IdEntidadEmpresa: z.number().int(),
  DocumentoEmpresa: z.string().nullable(),
  RazonSocialEmpresa: z.string(),
  TipoEmpresa: ZTipoEmpresa,
  Roles: z.array(ZRolResumen),
  Sucursales: z.array(ZSucursalResumen),
  DatosJson: z.string().nullable().describe('JSON text (wizard steps: Pasos with Id, Nombre, Estado, Datos)'),
});
export type TUsuario = z.infer<typeof ZUsuario>;
