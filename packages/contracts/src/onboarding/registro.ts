import { motivoRucInvalido } from '../ruc';
import { ZContrasenhaNueva } from '../seguridad/contrasenha';
import { z } from '../zod-es';
import { ZPasoWizard } from './wizard';

/** Account creation of the receipt variant: the person, their e-mail (the sign-in name) and a password. */
export const ZRegistroCuenta = z.object({
  Nombres: z.string().trim().min(2, 'Ingrese sus nombres').max(150),
  Apellidos: z.string().trim().max(150).default(''),
  Correo: z.email('Ingrese un correo válido').trim().toLowerCase().max(150),
  Telefono: z.string().trim().regex(/^\d{9}$/, 'Ingrese un celular de 9 dígitos').optional(),
  Contrasenha: ZContrasenhaNueva,
});
export type TRegistroCuenta = z.infer<typeof ZRegistroCuenta>;

export const ZRegistroRespuesta = z.object({ IdUsuario: z.number().int(), IdCuenta: z.number().int(), IdEntidadEmpresa: z.number().int(), Usuario: z.string() });

/** What the wizard and the demo overlay need about the signed-in user (GET .../universales/info). */
export const ZInfoUniversal = z.object({
  IdUsuario: z.number().int(),
  IdCuenta: z.number().int(),
  Usuario: z.string(),
  IdEntidadEmpresa: z.number().int(),
  RazonSocial: z.string(),
  DocumentoEmpresa: z.string().nullable(),
  TipoEmpresa: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  DatosJson: z.object({ Pasos: z.array(ZPasoWizard) }),
  /** Where the wizard rules send the user (null: access allowed). */
  RutaInicializacion: z.string().nullable(),
  /** Demo trial (null for configured companies). */
  Demo: z.object({ FechaFin: z.string(), DiasRestantes: z.number().int(), Vencido: z.boolean() }).nullable(),
  LogFechacrea: z.string(),
});
export type TInfoUniversal = z.infer<typeof ZInfoUniversal>;

/**
 * Configuration type: 0 with RUC (validated; it will issue electronic documents), 1 demo (try the product with a demo
 * RUC against the simulator), 2 without RUC (internal documents only).
 */
export const ZTipoConfiguracion = z
  .object({
    TipoEmpresa: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'Seleccione el tipo de configuración' }),
    Documento: z.string().trim().optional(),
    RazonSocial: z.string().trim().min(3, 'Ingrese la razón social o el nombre del negocio').max(250),
    Direccion: z.string().trim().max(250).optional(),
  })
  .superRefine((d, c) => {
    if (d.TipoEmpresa !== 0) return;
    // Eleven digits typed: say what is wrong with them (prefix, check digit) rather than ask for 11 digits again.
    const motivo = d.Documento && /^\d{11}$/.test(d.Documento) ? motivoRucInvalido(d.Documento) : 'Ingrese un RUC válido de 11 dígitos';
    if (motivo) c.addIssue({ code: 'custom', path: ['Documento'], message: motivo });
  });
export type TTipoConfiguracion = z.infer<typeof ZTipoConfiguracion>;

export const ZPersonaContacto = z.object({
  Nombres: z.string().trim().min(2, 'Ingrese el nombre de la persona de contacto').max(150),
  Cargo: z.string().trim().max(100).optional(),
  Telefono: z.string().trim().regex(/^\d{9}$/, 'Ingrese un celular de 9 dígitos'),
  Correo: z.email('Ingrese un correo válido').trim().toLowerCase().max(150),
});
export type TPersonaContacto = z.infer<typeof ZPersonaContacto>;
