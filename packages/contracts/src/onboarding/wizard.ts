import { z } from '../zod-es';
import { RutasWizard } from './rutas-wizard';

/**
 * Setup wizard of the receipt variant (/inicializacion-tuboleta). The steps live in the user's DatosJson.Pasos, as the
 * seed keeps them. Step ids follow the seed's numbering (1 choose configuration and company data, 2 contact data,
 * 3 SUNAT link, 4 series configuration); names are the seed's.
 */
export const EstadoPaso = { PENDIENTE: 1, EN_PROCESO: 2, FINALIZADO: 3 } as const;
export const PasoWizard = { DATOS_EMPRESA: 1, DATOS_CONTACTO: 2, VINCULACION_SUNAT: 3, CONFIGURACION_SERIE: 4 } as const;
export const NombrePaso: Record<number, string> = {
  1: 'DatosEmpresa',
  2: 'DatosContacto',
  3: 'VinculacionSunat',
  4: 'ConfiguracionSerie',
};

export const ZPasoWizard = z.object({
  Id: z.number().int(),
  Nombre: z.string(),
  Estado: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** JSON text with IsConfigSunat and TipoEmpresa (the seed keeps it as text). */
  Datos: z.string().nullable().optional(),
});
export type TPasoWizard = z.infer<typeof ZPasoWizard>;

export const ZDatosJsonUsuario = z.object({ Pasos: z.array(ZPasoWizard).default([]) }).loose();
export type TDatosJsonUsuario = z.infer<typeof ZDatosJsonUsuario>;

// The wizard's addresses live in a module without schemas: the web app's shell imports them (issue 17, see comun.ts).
export { RUTA_WIZARD, RutasWizard } from './rutas-wizard';

export type TVariante = 'erp' | 'tuboleta';

/**
 * Where the user must go before using the app (null: access allowed). The highest finished step decides: step 1 to
 * the contact person page, step 2 to the SUNAT link when the list holds it pending (companies with RUC: see
 * conPasoSunat) and otherwise to the electronic series, step 3 to the series, 4 lets the user in. A user who has steps but has
 * finished none starts at the configuration-type selection, and so does an account without a user yet in the receipt
 * variant. A user without steps (created by an administrator, not by registration) is not in the wizard.
 */
export function rutaInicializacion(e: { pasos: TPasoWizard[] | null | undefined; idUsuario?: number | null; idCuenta?: number | null; variante: TVariante }): string | null {
  if (e.variante === 'tuboleta' && !e.idUsuario && e.idCuenta) return RutasWizard.TIPO_CONFIGURACION;
  if (!e.pasos || e.pasos.length === 0) return null;
  const mayor = e.pasos.filter((p) => p.Estado === EstadoPaso.FINALIZADO).reduce((m, p) => Math.max(m, p.Id), 0);
  if (mayor === 0) return RutasWizard.TIPO_CONFIGURACION;
  if (mayor === PasoWizard.DATOS_EMPRESA) return RutasWizard.PERSONA_CONTACTO;
  if (mayor === PasoWizard.DATOS_CONTACTO && e.pasos.some((p) => p.Id === PasoWizard.VINCULACION_SUNAT && p.Estado !== EstadoPaso.FINALIZADO))
    return RutasWizard.VINCULACION_SUNAT;
  if (mayor === PasoWizard.DATOS_CONTACTO || mayor === PasoWizard.VINCULACION_SUNAT) return RutasWizard.SERIES_ELECTRONICAS;
  return null;
}

/** The steps a new account starts with: all pending (the user chooses the company type first). */
export function pasosIniciales(): TPasoWizard[] {
  return [PasoWizard.DATOS_EMPRESA, PasoWizard.DATOS_CONTACTO, PasoWizard.CONFIGURACION_SERIE].map((Id) => ({
    Id,
    Nombre: NombrePaso[Id],
    Estado: EstadoPaso.PENDIENTE,
    Datos: null,
  }));
}

/** Marks one step finished (adding it when missing) and returns a new list; `datos` replaces its Datos when given. */
export function finalizarPaso(pasos: TPasoWizard[], id: number, datos?: Record<string, unknown>): TPasoWizard[] {
  const existe = pasos.some((p) => p.Id === id);
  const lista = existe ? pasos : [...pasos, { Id: id, Nombre: NombrePaso[id] ?? `Paso${id}`, Estado: EstadoPaso.PENDIENTE, Datos: null } as TPasoWizard];
  return lista
    .map((p) => (p.Id === id ? { ...p, Estado: EstadoPaso.FINALIZADO, Datos: datos ? JSON.stringify(datos) : p.Datos } : p))
    .sort((a, b) => a.Id - b.Id);
}

/**
 * The SUNAT link step (3) belongs to companies with RUC only (type 0): it is added pending, in the seed's order, when
 * step 1 chooses a RUC, and dropped when it chooses otherwise. A finished step 3 is kept as it is.
 */
export function conPasoSunat(pasos: TPasoWizard[], conRuc: boolean): TPasoWizard[] {
  const sin = pasos.filter((p) => p.Id !== PasoWizard.VINCULACION_SUNAT);
  if (!conRuc) return sin;
  const actual = pasos.find((p) => p.Id === PasoWizard.VINCULACION_SUNAT);
  const paso: TPasoWizard = actual ?? { Id: PasoWizard.VINCULACION_SUNAT, Nombre: NombrePaso[PasoWizard.VINCULACION_SUNAT], Estado: EstadoPaso.PENDIENTE, Datos: null };
  return [...sin, paso].sort((a, b) => a.Id - b.Id);
}

/** PUT .../pasos/vinculacion-sunat: Omitir true is the user's "Configurar después". */
export const ZVinculacionSunat = z.object({ Omitir: z.boolean().default(false) });
export type TVinculacionSunat = z.input<typeof ZVinculacionSunat>;
