import { z } from '../zod-es';
import { ZEntero, ZId, ZTexto, textoPermitido } from '../validacion';
import { ZFechaAsistencia, rangoAsistencia } from './asistencia';
import { ZContratoLaboral, ZContratoLaboralGuardar, ZFamiliarGuardar } from './rrhh';

/**
 * The seed's remaining HR calls (issue 16, §7 "HR / payroll services"): bulk contracts, punch segments and face
 * validation, punch photos, calendar events, the check before deactivating a worker, relations by document, and
 * the catalogues the HR screens read (document types, domains).
 */

// ---- contratos/masivo ----
export const CONTRATOS_MASIVO_MAXIMO = 500;
export const ZContratosMasivo = z.object({
  Contratos: z
    .array(ZContratoLaboralGuardar, { error: 'Lista de contratos no válida' })
    .min(1, 'Agregue al menos un contrato')
    .max(CONTRATOS_MASIVO_MAXIMO, `${CONTRATOS_MASIVO_MAXIMO} contratos como máximo por vez`),
});
export type TContratosMasivo = z.input<typeof ZContratosMasivo>;
export const ZContratosMasivoRespuesta = z.object({ Registrados: z.number().int(), Data: z.array(ZContratoLaboral) });
export type TContratosMasivoRespuesta = z.infer<typeof ZContratosMasivoRespuesta>;

// ---- marcacion: segments (tramos) ----
/** One worked segment of a day: an entry punch and its exit (null when the exit is missing). */
export const ZTramo = z.object({ Entrada: z.string(), Salida: z.string().nullable(), Minutos: z.number().int() });
export const ZTramosDia = z.object({ Fecha: z.string(), Tramos: z.array(ZTramo), MinutosEnTramos: z.number().int(), Incompleta: z.boolean() });
export const ZTramosTrabajador = z.object({
  IdTrabajador: z.number().int(),
  Trabajador: z.string(),
  Documento: z.string(),
  Dias: z.array(ZTramosDia),
  MinutosEnTramos: z.number().int(),
});
export type TTramosTrabajador = z.infer<typeof ZTramosTrabajador>;
export const ZTramosTrabajadorQuery = rangoAsistencia({ idTrabajador: ZId });
export const ZTramosReporteQuery = rangoAsistencia({
  filtro: ZTexto(100).optional(),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 100 }).default(20),
});
export const ZTramosReporte = z.object({ Data: z.array(ZTramosTrabajador), Count: z.number().int() });

// ---- marcacion: face validation (seed §4: 90 valid, 0 invalid, -1 no face detected, -2 no photo) ----
export const ValidacionesFaciales = { 90: 'Válida', 0: 'No válida', [-1]: 'No se detectó un rostro', [-2]: 'Sin foto para comparar' } as const;
export const ZValidacionReporteQuery = rangoAsistencia({
  idTrabajador: ZId.optional(),
  validacion: z
    .preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), z.union([z.literal(90), z.literal(0), z.literal(-1), z.literal(-2)], { error: 'Validación no válida (90, 0, -1 o -2)' }))
    .optional(),
  pagina: ZEntero({ min: 1, max: 100000 }).default(1),
  regxpag: ZEntero({ min: 1, max: 200 }).default(50),
});
export const ZValidacionMarcacion = z.object({
  IdMarcacion: z.number().int(),
  IdTrabajador: z.number().int(),
  Trabajador: z.string(),
  Fecha: z.string(),
  Hora: z.string(),
  ValidacionFacial: z.number().int(),
  Descripcion: z.string(),
  TieneImagen: z.boolean(),
});
export const ZValidacionReporte = z.object({
  Data: z.array(ZValidacionMarcacion),
  Count: z.number().int(),
  /** Punches with the camera in the range by face validation code. */
  Resumen: z.object({ Validas: z.number().int(), NoValidas: z.number().int(), SinRostro: z.number().int(), SinFoto: z.number().int() }),
});

// ---- marcacion/trabajador/imagen ----
/** A punch from the web with the camera: the server's time, origin 2 (sistema), its photo and the face check. */
export const ZMarcacionImagenCrear = z.object({
  IdTrabajador: ZId,
  ImagenBase64: z.string({ error: 'Adjunte la foto' }).min(1, 'Adjunte la foto').max(420_000, 'La foto no debe superar los 300 KB'),
});
export type TMarcacionImagenCrear = z.input<typeof ZMarcacionImagenCrear>;
export const ZMarcacionImagen = z.object({
  IdMarcacion: z.number().int(),
  IdTrabajador: z.number().int(),
  Fecha: z.string(),
  Hora: z.string(),
  ValidacionFacial: z.number().int().nullable(),
  /** The photo as a data URL (null when the punch has none). */
  Imagen: z.string().nullable(),
});
export type TMarcacionImagen = z.infer<typeof ZMarcacionImagen>;

// ---- entidades/evento ----
const ZHoraEvento = (campo: string) =>
  textoPermitido(z.string({ error: `Ingrese ${campo}` }).trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${campo}: use el formato HH:MM`))
    .nullish()
    .transform((v) => v ?? null);
export const ZEventoGuardar = z
  .object({
    Titulo: ZTexto(150, { min: 1, mensajeMin: 'Ingrese el título' }),
    Descripcion: ZTexto(500)
      .nullish()
      .transform((v) => (v ? v : null)),
    FechaInicio: ZFechaAsistencia('la fecha de inicio'),
    FechaFin: ZFechaAsistencia('la fecha de fin')
      .nullish()
      .transform((v) => v ?? null),
    HoraInicio: ZHoraEvento('la hora de inicio'),
    HoraFin: ZHoraEvento('la hora de fin'),
    /** The worker the event is about (null: the whole company). */
    IdTrabajador: ZId.nullish().transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    const fin = v.FechaFin ?? v.FechaInicio;
    if (fin < v.FechaInicio) ctx.addIssue({ code: 'custom', path: ['FechaFin'], message: 'La fecha de fin no puede ser anterior a la de inicio' });
    if ((v.HoraInicio == null) !== (v.HoraFin == null)) ctx.addIssue({ code: 'custom', path: [v.HoraInicio == null ? 'HoraInicio' : 'HoraFin'], message: 'Indique las dos horas, o ninguna para todo el día' });
    else if (v.HoraInicio && v.HoraFin && fin === v.FechaInicio && v.HoraFin <= v.HoraInicio)
      ctx.addIssue({ code: 'custom', path: ['HoraFin'], message: 'La hora de fin debe ser posterior a la de inicio' });
  });
export type TEventoGuardar = z.input<typeof ZEventoGuardar>;
export const ZEvento = z.object({
  Id: z.number().int(),
  Titulo: z.string(),
  Descripcion: z.string().nullable(),
  FechaInicio: z.string(),
  FechaFin: z.string(),
  HoraInicio: z.string().nullable(),
  HoraFin: z.string().nullable(),
  TodoElDia: z.boolean(),
  IdTrabajador: z.number().int().nullable(),
  Trabajador: z.string().nullable(),
});
export type TEvento = z.infer<typeof ZEvento>;
export const ZEventosQuery = rangoAsistencia({ idTrabajador: ZId.optional() });
export const ZEventos = z.object({ Data: z.array(ZEvento) });

// ---- entidades/validar/desactivacion/{id} ----
export const ZValidacionDesactivacion = z.object({
  IdTrabajador: z.number().int(),
  PuedeDesactivar: z.boolean(),
  /** Why not (a contract in force, a draft payroll with the worker, pending requests), in Spanish. */
  Motivos: z.array(z.string()),
});
export type TValidacionDesactivacion = z.infer<typeof ZValidacionDesactivacion>;

// ---- entidades/relacionados/documentos and entidades/relacionados/{id} ----
/** HR entity types of the seed: 1 Trabajador, 2 Familia Trabajador, 5 Colaborador. */
export const TiposEntidadRrhh = { 1: 'Trabajador', 2: 'Familia Trabajador', 5: 'Colaborador' } as const;
export const ZRelacionadoDocumentoQuery = z.object({
  tipodocumento: ZEntero({ min: 1, max: 12, mensaje: 'Seleccione el tipo de documento', mensajeMin: 'Tipo de documento no válido', mensajeMax: 'Tipo de documento no válido' }),
  documento: ZTexto(15, { min: 1, mensajeMin: 'Ingrese el número de documento' }),
  tipo: z.preprocess((v) => (v === '' || v === undefined ? 1 : Number(v)), z.union([z.literal(1), z.literal(2), z.literal(5)], { error: 'Tipo de entidad no válido (1, 2 o 5)' })),
});
export const ZRelacionado = z.object({
  Id: z.number().int(),
  TipoEntidad: z.number().int(),
  IdTipoDocumento: z.number().int(),
  Documento: z.string(),
  Nombre: z.string(),
  LogEstado: z.number().int(),
  /** For a relative: the workers it is related to, with the kinship. */
  Relaciones: z.array(z.object({ IdTrabajador: z.number().int(), Trabajador: z.string(), Parentesco: z.number().int() })),
});
export type TRelacionado = z.infer<typeof ZRelacionado>;
export const ZRelacionados = z.object({ Data: z.array(ZRelacionado) });

// ---- catalogues: tipodocumentos, configuracion/dominio/{dominio} ----
export const ZTiposDocumentoRrhh = z.object({ Data: z.array(z.object({ IdTipoDocumento: z.number().int(), Descripcion: z.string(), CodigoSunat: z.string() })) });
export const DominiosRrhh = ['tipoentidad', 'parentesco', 'regimenlaboral', 'origenmarcacion', 'validacionfacial', 'diasemana', 'tiponomina'] as const;
export const ZDominioParams = z.object({ dominio: z.enum(DominiosRrhh, { error: `Dominio no válido (${DominiosRrhh.join(', ')})` }) });
export const ZDominio = z.object({ Dominio: z.string(), Data: z.array(z.object({ Valor: z.number().int(), Descripcion: z.string() })) });

// ---- horarios/detalle, copiarcolaboradores ----
export const ZHorarioDetalleQuery = z.object({ idHorario: ZId });
export const ZGrupoCopiarGrupo = z.object({ IdGrupo: ZId, IdGrupoOrigen: ZId });

// ---- PUT entidades/relacionados ----
/** Editing a worker's relative: the seed's PUT has no id in the path, so the body names the relative (IdFamiliar). */
export const ZFamiliarEditar = z.object({ IdFamiliar: ZId }).and(ZFamiliarGuardar);
export type TFamiliarEditar = z.input<typeof ZFamiliarEditar>;
