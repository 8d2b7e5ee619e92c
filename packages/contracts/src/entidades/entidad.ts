import { z } from '../zod-es';
import { ZEntero, ZId } from '../validacion';
import { validarDocumentoIdentidad, ZIdTipoDocumentoIdentidad } from './documento-identidad';

/** The seed's entity types. */
export const TiposEntidad = {
  1: 'Trabajador',
  2: 'Familia Trabajador',
  3: 'Cliente Asociado',
  4: 'Proveedor',
  5: 'Colaborador',
  6: 'Cliente',
  7: 'Contacto',
} as const;
export const TipoEntidad = { TRABAJADOR: 1, FAMILIA_TRABAJADOR: 2, CLIENTE_ASOCIADO: 3, PROVEEDOR: 4, COLABORADOR: 5, CLIENTE: 6, CONTACTO: 7 } as const;

export const ZTipoEntidad = ZEntero({ min: 1, max: 7, mensaje: 'Tipo de entidad no válido' });

/**
 * Entity types of the commercial master (customers, suppliers, contacts): what /api/entidades lists, reads and writes.
 * Workers, their relatives and collaborators (1, 2, 5) belong to HR and are reached only through /api/rrhh.
 */
export const TIPOS_ENTIDAD_COMERCIALES: readonly number[] = [TipoEntidad.CLIENTE_ASOCIADO, TipoEntidad.PROVEEDOR, TipoEntidad.CLIENTE, TipoEntidad.CONTACTO];

/** Page size of every entity search (seed §9). */
export const ENTIDADES_POR_PAGINA = 10;

const textoOpcional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Create / edit body of an entity (customer, supplier...). The company comes from the token, never from here. */
export const ZEntidadGuardar = z
  .object({
    IdTipoDocumento: ZIdTipoDocumentoIdentidad,
    Documento: z.string().trim().max(15, 'Máximo 15 caracteres').default(''),
    RazonSocial: z.string({ error: 'Ingrese la razón social o nombre' }).trim().min(1, 'Ingrese la razón social o nombre').max(250, 'Máximo 250 caracteres'),
    Nombre: textoOpcional(150),
    ApePat: textoOpcional(100),
    ApeMat: textoOpcional(100),
    IdUbigeo: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'El ubigeo tiene 6 dígitos')
      .nullish()
      .transform((v) => v ?? null),
    Correo: z
      .union([z.literal(''), z.email('Correo electrónico no válido').max(150, 'Máximo 150 caracteres')])
      .nullish()
      .transform((v) => (v ? v : null)),
    Telefono: textoOpcional(30),
    Direccion: textoOpcional(250),
    TipoEntidad: ZTipoEntidad.default(6).refine((t) => TIPOS_ENTIDAD_COMERCIALES.includes(t), 'Los trabajadores, sus familiares y los colaboradores se registran en Recursos humanos'),
  })
  .superRefine((v, ctx) => {
    const mensaje = validarDocumentoIdentidad(v.IdTipoDocumento, v.Documento);
    if (mensaje) ctx.addIssue({ code: 'custom', path: ['Documento'], message: mensaje });
  });
export type TEntidadGuardar = z.input<typeof ZEntidadGuardar>;

export const ZEntidad = z.object({
  Id: z.number().int(),
  IdEntidadEmpresa: z.number().int(),
  TipoEntidad: z.number().int(),
  IdTipoDocumento: z.number().int(),
  Documento: z.string(),
  /** The seed's name for `Documento` on an entity read by id (the same value). */
  NumeroDocumento: z.string(),
  RazonSocial: z.string(),
  Nombre: z.string().nullable(),
  ApePat: z.string().nullable(),
  ApeMat: z.string().nullable(),
  IdUbigeo: z.string().nullable(),
  Correo: z.string().nullable(),
  Telefono: z.string().nullable(),
  Direccion: z.string().nullable(),
  /** SUNAT taxpayer status and domicile condition when the data came from the padrón (else null). */
  EstadoContribuyente: z.string().nullable(),
  CondicionDomicilio: z.string().nullable(),
  /** 1 generic customer 'CLIENTES VARIOS' (cannot be edited or deactivated). */
  EsGenerico: z.boolean(),
  LogEstado: z.number().int(),
  LogFechacrea: z.string(),
});
export type TEntidad = z.infer<typeof ZEntidad>;

/** `GET /api/entidades/v1/entidades`: trimmed search by document or name, paged 10 by default. */
export const ZEntidadesQuery = z.object({
  pagina: ZEntero({ min: 1 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(ENTIDADES_POR_PAGINA),
  estado: ZEntero({ min: -1, max: 1 }).default(1).describe('1 active, 0 inactive, -1 all'),
  tipodoc: ZEntero({ min: 0, max: 12 }).default(0).describe('0 all document types'),
  tipoentidad: ZEntero({ min: 0, max: 7 }).default(0).describe('0 all entity types'),
  filtro: z.string().trim().max(100).default(''),
});

export const ZEntidades = z.object({ Data: z.array(ZEntidad), Count: z.number().int() });
export type TEntidades = z.infer<typeof ZEntidades>;

export const ZEntidadParams = z.object({ id: ZId });

export const ZEntidadEstado = z.object({ LogEstado: z.union([z.literal(0), z.literal(1)]) });

/** Messages of the lookup by document (seed §8). */
export const MensajesConsultaEntidad = {
  NO_HAY: 'No hay Entidad',
  NO_HAY_SUNAT: 'No hay Entidad - SUNAT',
  YA_REGISTRADO: 'Este cliente ya está registrado, cualquier cambio actualizará la informacion del cliente existente',
} as const;

/** `POST /api/entidades/v1/entidad/consulta` (the seed's field names, lower camel case). */
export const ZEntidadConsulta = z.object({
  idTipoDocumento: ZIdTipoDocumentoIdentidad,
  numeroDocumento: z.string().trim().max(15).default(''),
  razonSocial: z.string().trim().max(250).default(''),
  consultasunat: z.boolean().default(false).describe('Look the RUC up in the imported SUNAT padrón when it is not a registered entity'),
  paginaActual: ZEntero({ min: 1 }).default(1),
  insertarEntidad: z.boolean().default(false).describe('Register the entity found in the padrón as a customer of the company'),
});
export type TEntidadConsulta = z.input<typeof ZEntidadConsulta>;

export const ZEntidadConsultaRespuesta = z.object({
  /** Registered entities (or the padrón's taxpayer, with Id 0 unless it was inserted). */
  Collection: z.array(ZEntidad),
  Count: z.number().int(),
  /** 'ENTIDAD' found among the company's entities, 'SUNAT' found in the padrón, null nothing found. */
  Origen: z.enum(['ENTIDAD', 'SUNAT']).nullable(),
  /** One of MensajesConsultaEntidad, for the form to show. */
  Mensaje: z.string().nullable(),
});
export type TEntidadConsultaRespuesta = z.infer<typeof ZEntidadConsultaRespuesta>;
