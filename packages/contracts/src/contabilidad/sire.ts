import { z } from '../zod-es';
import { ZId, ZTexto, textoPermitido } from '../validacion';
import type { TServicioCatalogo } from '../servicios/tipos';

/**
 * SIRE (issue 15): SUNAT's proposal of the Registro de Ventas (RVIE, codLibro 140000) and of Compras (RCE, 080000)
 * per period, compared with the documents Yupana holds; accept it or send the replacement file; history per period.
 */

/** rvie = Registro de Ventas e Ingresos; rce = Registro de Compras. */
export const ZLibroSire = z.enum(['rvie', 'rce'], 'Libro: use rvie o rce');
export type TLibroSire = z.infer<typeof ZLibroSire>;

export const ZSireParams = z.object({
  libro: ZLibroSire,
  periodo: textoPermitido(z.string().trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Periodo: use AAAA-MM')),
});
export const ZSireProcesoParams = z.object({ id: ZId });

/** Comparison states: IGUAL, DIFERENTE (field diff), FALTA_EN_YUPANA (only in SUNAT), FALTA_EN_SUNAT (only in Yupana). */
export const EstadosComparacionSire = ['IGUAL', 'DIFERENTE', 'FALTA_EN_YUPANA', 'FALTA_EN_SUNAT'] as const;
export const ZEstadoComparacionSire = z.enum(EstadosComparacionSire);

const ZLadoComparacion = z.object({
  FechaEmision: z.string(),
  BaseImponible: z.string(),
  Igv: z.string(),
  NoGravado: z.string(),
  Total: z.string(),
  Moneda: z.string(),
});

export const ZFilaComparacionSire = z.object({
  Clave: z.string(),
  TipoComprobante: z.string(),
  Serie: z.string(),
  Numero: z.string(),
  NumeroDocumento: z.string(),
  RazonSocial: z.string(),
  Estado: ZEstadoComparacionSire,
  /** Fields that differ (FechaEmision, BaseImponible, Igv, NoGravado, Total, Moneda). */
  Diferencias: z.array(z.string()),
  Sunat: ZLadoComparacion.nullable(),
  Yupana: ZLadoComparacion.nullable(),
});

export const ZComparacionSire = z.object({
  Libro: ZLibroSire,
  Periodo: z.string(),
  /** The proposal compared (the last one downloaded); null: none downloaded yet. */
  IdProcesoPropuesta: z.number().int().nullable(),
  FechaPropuesta: z.string().nullable(),
  Resumen: z.object({ IGUAL: z.number().int(), DIFERENTE: z.number().int(), FALTA_EN_YUPANA: z.number().int(), FALTA_EN_SUNAT: z.number().int() }),
  Data: z.array(ZFilaComparacionSire),
});
export type TComparacionSire = z.infer<typeof ZComparacionSire>;
export type TFilaComparacionSire = z.infer<typeof ZFilaComparacionSire>;

export const TiposProcesoSire = ['PROPUESTA', 'ACEPTAR', 'REEMPLAZO'] as const;
export const EstadosProcesoSire = ['EN_PROCESO', 'TERMINADO', 'CON_ERRORES', 'ERROR'] as const;

export const ZProcesoSire = z.object({
  Id: z.number().int(),
  Libro: ZLibroSire,
  Periodo: z.string(),
  Tipo: z.enum(TiposProcesoSire),
  Ticket: z.string().nullable(),
  Estado: z.enum(EstadosProcesoSire),
  Mensaje: z.string().nullable(),
  Archivo: z.string().nullable(),
  Registros: z.number().int().nullable(),
  Usuario: z.string(),
  Fecha: z.string(),
  FechaFin: z.string().nullable(),
});
export type TProcesoSire = z.infer<typeof ZProcesoSire>;
export const ZProcesosSire = z.object({ Data: z.array(ZProcesoSire), Count: z.number().int() });

/** The company's SIRE API client (Menú SOL > Credenciales de API SUNAT); never returned, only whether it is set. */
export const ZSireCredencialesGuardar = z.object({
  ClientId: ZTexto(100, { min: 1 }),
  ClientSecret: ZTexto(200, { min: 1 }),
});
export const ZSireCredenciales = z.object({
  Configurado: z.boolean(),
  Ambiente: z.string(),
  /** Who is used: the company's own API client, or (stand-in only) the test client. */
  Mensaje: z.string(),
  Actualizado: z.string().nullable(),
});
export type TSireCredenciales = z.infer<typeof ZSireCredenciales>;

// Services (permission codes), error codes 601400-601449, menu ids 14300-14390.
export const serviciosSire = [
  { Codigo: 'CONTAB_SIRE_VER', Descripcion: 'Consultar la propuesta SIRE (RVIE y RCE), su comparación y el historial', Modulo: 'contabilidad', RolesPorDefecto: [2, 4] },
  { Codigo: 'CONTAB_SIRE_GESTIONAR', Descripcion: 'Descargar, aceptar y reemplazar la propuesta SIRE ante SUNAT', Modulo: 'contabilidad', RolesPorDefecto: [2] },
  { Codigo: 'CONTAB_SIRE_CONFIGURAR', Descripcion: 'Guardar las credenciales de la API SIRE de la empresa', Modulo: 'contabilidad', RolesPorDefecto: [2] },
] as const satisfies TServicioCatalogo[];

export const MENU_SIRE = 14300;
/** Controls (type-2 permission nodes) of the SIRE page. */
export const ControlesSire = { GESTIONAR: 14301, CONFIGURAR: 14302 } as const;
