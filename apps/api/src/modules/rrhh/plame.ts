import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { and, asc, eq, inArray, lte, isNull, ne, or, gte } from 'drizzle-orm';
import { ErrorCodes } from '@yupana/contracts';
import { AppError, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { entidad } from '../entidades/entidades.schema';
import { fechaDeCorte } from './planilla.motor';
import { contratoLaboral, nomina, nominaBoleta, nominaLinea, parametroPlanilla } from './rrhh.schema';
import { diasDeLicencia, licenciasAprobadas } from './solicitudes.service';

/**
 * SUNAT Tabla 22 code ("ingresos, tributos y descuentos") of every payslip line the engine produces. Sources and the
 * choices where the table has no exact concept: docs/decisions.md "planilla2".
 */
export const TABLA22: Readonly<Record<string, string>> = {
  BASICO: '0121', // remuneración o jornal básico
  ASIG_FAMILIAR: '0201', // asignación familiar
  HE25: '0105', // trabajo en sobretiempo (horas extras) 25 %
  HE35: '0106', // trabajo en sobretiempo (horas extras) 35 %
  FERIADO: '0107', // trabajo en día feriado o día de descanso
  NOCTURNO: '0303', // bonificación por producción, altura, turno, etc. (the night-shift surcharge)
  GRATIFICACION: '0406', // gratificaciones de Fiestas Patrias y Navidad
  BONIF_EXTRAORDINARIA: '0312', // bonificación extraordinaria temporal (Ley 29351 / 30334)
  CTS: '0904', // compensación por tiempo de servicios
  TARDANZAS: '0704', // tardanzas
  INASISTENCIAS: '0705', // inasistencias
  LICENCIA_SIN_GOCE: '0705', // unpaid leave days: not paid like an absence (their days go to .snl with Tabla 21 05)
  AFP_COMISION: '0601', // comisión AFP porcentual
  RENTA_QUINTA: '0605', // renta de quinta categoría retenciones
  AFP_PRIMA: '0606', // prima de seguro AFP
  ONP: '0607', // sistema nacional de pensiones DL 19990
  AFP_FONDO: '0608', // SPP aportación obligatoria
  ESSALUD: '0804', // ESSALUD seguro regular trabajador (employer)
};

/** Codes the PDT computes by itself from the declared bases: they never go into the .rem file (Anexo 3, est. 18). */
const CALCULADOS_POR_PLAME = new Set(['0607', '0804']);
/** Codes always declared (with 0 when they do not apply), for every worker or for AFP affiliates. */
const SIEMPRE = ['0121', '0605'];
const SIEMPRE_AFP = ['0601', '0606', '0608'];

/** The seed's document types → SUNAT Tabla 3 (01 DNI, 04 carné de extranjería, 07 pasaporte). */
const TABLA3: Readonly<Record<number, string>> = { 1: '01', 3: '04', 4: '07' };

export const EXTENSIONES_PLAME = ['rem', 'jor', 'snl', 'toc', 'for'] as const;
export type TExtensionPlame = (typeof EXTENSIONES_PLAME)[number];

/** A PLAME import file: fields separated by `|`, every line ending in `|`, CRLF line breaks (also after the last). */
export const archivoPlame = (filas: (string | number)[][]) => filas.map((f) => `${f.join('|')}|\r\n`).join('');

const dosDigitos = (n: number) => String(n).padStart(2, '0');
/** Hours as whole hours and minutes (both fields of .jor). */
const horasYMinutos = (horas: Decimal) => {
  const minutos = horas.times(60).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  return [Math.floor(minutos / 60), minutos % 60];
};

/**
 * One PLAME file (PDT 0601) of an approved (closed) monthly run: .rem one line per worker per Tabla 22 code,
 * .jor ordinary and overtime hours, .snl days not worked per Tabla 21 code (faltas 07, approved requests 23/26/05).
 */
export async function archivoPlameDeNomina(ctx: Contexto, auth: TAuth, id: number, ext: TExtensionPlame): Promise<{ nombre: string; contenido: string }> {
  const db = ctx.dbh.db;
  const [n] = await db.select().from(nomina).where(and(eq(nomina.idEmpresa, auth.idEmpresa), eq(nomina.id, id)));
  if (!n) throw noEncontrado('No se encontró la planilla');
  if (n.estado !== 1) throw new AppError(ErrorCodes.NOMINA_NO_APROBADA, undefined, 409);
  const ruc = auth.empresa.documento;
  if (!ruc || ruc.length !== 11) throw new AppError(ErrorCodes.PLAME_DATOS_INVALIDOS, 'La empresa no tiene RUC: el PLAME se presenta con el RUC del empleador', 409);
  const nombre = `0601${n.anio}${dosDigitos(n.mes)}${ruc}.${ext}`;

  const boletas = await db
    .select({ b: nominaBoleta, tipoDoc: entidad.idTipoDocumento, documento: entidad.documento, trabajador: entidad.razonSocial })
    .from(nominaBoleta)
    .innerJoin(entidad, eq(entidad.id, nominaBoleta.idEntidad))
    .where(and(eq(nominaBoleta.idEmpresa, auth.idEmpresa), eq(nominaBoleta.idNomina, id)))
    .orderBy(asc(entidad.documento), asc(nominaBoleta.id));
  const sinTabla3 = boletas.filter((x) => !TABLA3[x.tipoDoc]);
  if (sinTabla3.length)
    throw new AppError(
      ErrorCodes.PLAME_DATOS_INVALIDOS,
      `El PLAME admite trabajadores con DNI, carné de extranjería o pasaporte; revise el documento de: ${sinTabla3.map((x) => x.trabajador).join(', ')}`,
      409,
    );
  const doc = (x: (typeof boletas)[number]) => [TABLA3[x.tipoDoc], x.documento];

  if (ext === 'for') {
    // Estructura 21 "personal en formación - monto pagado" (tipo doc | nº doc | subvención). The contracts of this
    // product are labour contracts (general, micro, pequeña): no run holds a trainee under a modalidad formativa.
    throw new AppError(
      ErrorCodes.PLAME_SIN_FORMACION,
      'La planilla no tiene personal en formación (modalidades formativas): sus trabajadores tienen contrato laboral, así que el PLAME de este periodo no lleva archivo .for',
      409,
    );
  }

  if (ext === 'toc') {
    // Estructura 26 "trabajador: otras condiciones": tipo doc | nº doc | Asegura tu Pensión (0: derogated, collected
    // until May 2017) | +Vida Seguro de Accidentes (0: the product does not register it) | FDSA / Ley 29903 (empty:
    // only for worker types 56 and 98) | domiciliado (1). One line per worker of the month.
    return { nombre, contenido: archivoPlame(boletas.map((x) => [...doc(x), '0', '0', '', '1'])) };
  }

  if (ext === 'rem') {
    const ids = boletas.map((x) => x.b.id);
    const lineas = ids.length ? await db.select().from(nominaLinea).where(inArray(nominaLinea.idBoleta, ids)) : [];
    const filas: (string | number)[][] = [];
    for (const x of boletas) {
      const porCodigo = new Map<string, Decimal>();
      for (const c of [...SIEMPRE, ...(x.b.sistemaPension === 'ONP' ? [] : SIEMPRE_AFP)]) porCodigo.set(c, new Decimal(0));
      for (const l of lineas) {
        if (l.idBoleta !== x.b.id) continue;
        const codigo = TABLA22[l.codigo];
        if (!codigo) throw new AppError(ErrorCodes.PLAME_DATOS_INVALIDOS, `El concepto ${l.concepto} no tiene código de la Tabla 22`, 409);
        if (CALCULADOS_POR_PLAME.has(codigo)) continue;
        porCodigo.set(codigo, (porCodigo.get(codigo) ?? new Decimal(0)).plus(l.monto));
      }
      for (const [codigo, monto] of [...porCodigo].sort(([a], [b]) => (a < b ? -1 : 1))) {
        // Income: accrued = paid. Tributes and deductions (06xx, 07xx): accrued 0 and the amount withheld.
        const descuento = codigo.startsWith('06') || codigo.startsWith('07');
        filas.push([...doc(x), codigo, descuento ? '0.00' : monto.toFixed(2), monto.toFixed(2)]);
      }
    }
    return { nombre, contenido: archivoPlame(filas) };
  }

  if (ext === 'jor') {
    const hasta = fechaDeCorte(n.anio, n.mes);
    const [jornada] = await db
      .select({ valor: parametroPlanilla.valor })
      .from(parametroPlanilla)
      .where(
        and(
          eq(parametroPlanilla.codigo, 'JORNADA_HORAS'),
          eq(parametroPlanilla.logEstado, 1),
          lte(parametroPlanilla.vigenteDesde, hasta),
          or(isNull(parametroPlanilla.vigenteHasta), gte(parametroPlanilla.vigenteHasta, hasta)),
        ),
      )
      .orderBy(asc(parametroPlanilla.vigenteDesde));
    if (!jornada) throw new AppError(ErrorCodes.PARAMETRO_PLANILLA_FALTANTE, `Falta el parámetro de planilla JORNADA_HORAS vigente al ${hasta}`, 400);
    const filas = boletas.map((x) => {
      // Ordinary hours: the days worked of the month at the daily jornada; overtime: the hours paid at 25 % and 35 %.
      const [ho, mo] = horasYMinutos(new Decimal(jornada.valor).times(x.b.diasLaborados));
      const [he, me] = horasYMinutos(new Decimal(x.b.horasExtra25).plus(x.b.horasExtra35));
      return [...doc(x), ho, mo, he, me];
    });
    return { nombre, contenido: archivoPlame(filas) };
  }

  // .snl: unjustified absences (07) and the approved requests' calendar days in the month, per Tabla 21 code.
  const desde = `${n.anio}-${dosDigitos(n.mes)}-01`;
  const hasta = fechaDeCorte(n.anio, n.mes);
  const licencias = await licenciasAprobadas(db, auth.idEmpresa, boletas.map((x) => x.b.idEntidad), desde, hasta);
  const filas: (string | number)[][] = [];
  for (const x of boletas) {
    const dias = new Map<string, number>();
    if (x.b.faltas > 0) dias.set('07', x.b.faltas);
    for (const l of diasDeLicencia(licencias.filter((l) => l.idEntidad === x.b.idEntidad), desde, hasta).values()) dias.set(l.codigo, (dias.get(l.codigo) ?? 0) + 1);
    for (const [codigo, d] of [...dias].sort(([a], [b]) => (a < b ? -1 : 1))) filas.push([...doc(x), codigo, d]);
  }
  return { nombre, contenido: archivoPlame(filas) };
}

/** Income lines that make the remuneración asegurable (pension base) and the deductions for work not done. */
const ASEGURABLE_SUMA = new Set(['BASICO', 'ASIG_FAMILIAR', 'HE25', 'HE35', 'FERIADO', 'NOCTURNO']);
const ASEGURABLE_RESTA = new Set(['INASISTENCIAS', 'LICENCIA_SIN_GOCE', 'TARDANZAS']);
/** The seed's document types → AFPnet's own catalogue (0 DNI, 1 carné de extranjería, 4 pasaporte). */
const TIPO_DOC_AFPNET: Readonly<Record<number, string>> = { 1: '0', 3: '1', 4: '4' };
export const AFPS = ['HABITAT', 'INTEGRA', 'PRIMA', 'PROFUTURO'] as const;

/** 'S' when the date falls within the month, 'N' otherwise. */
const enElMes = (fecha: string | null, desde: string, hasta: string) => (fecha && fecha >= desde && fecha <= hasta ? 'S' : 'N');

/**
 * The rows of AFPnet's "planilla de declaración y pago" upload (17 columns, no header row, one row per AFP affiliate):
 * 1 sequence · 2 CUSPP · 3 document type (AFPnet catalogue) · 4 document number · 5 apellido paterno · 6 apellido
 * materno · 7 nombres · 8 relación laboral (S) · 9 inicio de RL in the month (S/N) · 10 cese de RL in the month (S/N)
 * · 11 excepción de aportar (L: licencia sin goce the whole month; else empty) · 12 remuneración asegurable (2
 * decimals) · 13 aporte voluntario con fin previsional · 14 sin fin previsional · 15 aporte voluntario del empleador ·
 * 16 tipo de trabajo (N normal; C/M/P are not modelled) · 17 AFP (empty: AFPnet takes it from the CUSPP).
 * Source and choices: docs/decisions.md "afpnet".
 */
export async function filasAfpnet(ctx: Contexto, auth: TAuth, id: number, afp?: (typeof AFPS)[number]) {
  const db = ctx.dbh.db;
  const [n] = await db.select().from(nomina).where(and(eq(nomina.idEmpresa, auth.idEmpresa), eq(nomina.id, id)));
  if (!n) throw noEncontrado('No se encontró la planilla');
  if (n.estado !== 1) throw new AppError(ErrorCodes.NOMINA_NO_APROBADA, 'Apruebe (cierre) la planilla antes de generar el archivo de AFPnet', 409);
  const ruc = auth.empresa.documento;
  if (!ruc || ruc.length !== 11) throw new AppError(ErrorCodes.AFPNET_DATOS_INVALIDOS, 'La empresa no tiene RUC: AFPnet identifica al empleador por su RUC', 409);
  const boletas = (
    await db
      .select({ b: nominaBoleta, c: contratoLaboral, e: entidad })
      .from(nominaBoleta)
      .innerJoin(entidad, eq(entidad.id, nominaBoleta.idEntidad))
      .innerJoin(contratoLaboral, eq(contratoLaboral.id, nominaBoleta.idContrato))
      .where(and(eq(nominaBoleta.idEmpresa, auth.idEmpresa), eq(nominaBoleta.idNomina, id), ne(nominaBoleta.sistemaPension, 'ONP')))
      .orderBy(asc(nominaBoleta.sistemaPension), asc(entidad.razonSocial), asc(nominaBoleta.id))
  ).filter((x) => !afp || x.b.sistemaPension === afp);
  if (!boletas.length)
    throw new AppError(ErrorCodes.AFPNET_SIN_AFILIADOS, afp ? `La planilla no tiene afiliados a ${afp}` : 'La planilla no tiene afiliados a una AFP: todos aportan a la ONP', 409);
  const faltan = boletas.filter((x) => !x.c.cuspp || !TIPO_DOC_AFPNET[x.e.idTipoDocumento]);
  if (faltan.length)
    throw new AppError(
      ErrorCodes.AFPNET_DATOS_INVALIDOS,
      `AFPnet necesita el CUSPP y un DNI, carné de extranjería o pasaporte; revise el contrato o el documento de: ${faltan.map((x) => x.e.razonSocial).join(', ')}`,
      409,
    );
  const lineas = await db.select().from(nominaLinea).where(inArray(nominaLinea.idBoleta, boletas.map((x) => x.b.id)));
  const desde = `${n.anio}-${dosDigitos(n.mes)}-01`;
  const hasta = fechaDeCorte(n.anio, n.mes);
  const filas = boletas.map((x, i) => {
    let asegurable = new Decimal(0);
    for (const l of lineas) {
      if (l.idBoleta !== x.b.id) continue;
      if (ASEGURABLE_SUMA.has(l.codigo)) asegurable = asegurable.plus(l.monto);
      else if (ASEGURABLE_RESTA.has(l.codigo)) asegurable = asegurable.minus(l.monto);
    }
    asegurable = Decimal.max(0, asegurable);
    const excepcion = asegurable.isZero() && x.b.diasSinGoce > 0 ? 'L' : '';
    const nombres = x.e.nombre ?? (x.e.apePat ? '' : x.e.razonSocial);
    return [
      i + 1,
      x.c.cuspp!,
      TIPO_DOC_AFPNET[x.e.idTipoDocumento],
      x.e.documento,
      x.e.apePat ?? '',
      x.e.apeMat ?? '',
      nombres,
      'S',
      enElMes(x.c.fechaInicio, desde, hasta),
      enElMes(x.c.fechaFin, desde, hasta),
      excepcion,
      asegurable.toFixed(2),
      0,
      0,
      0,
      'N',
      '',
    ] as (string | number)[];
  });
  const nombre = `AFPNET_${ruc}_${n.anio}${dosDigitos(n.mes)}${afp ? `_${afp}` : ''}.xlsx`;
  return { nombre, filas };
}

/** The AFPnet upload as an Excel workbook: one sheet, no header row, document and CUSPP as text. */
export async function archivoAfpnet(ctx: Contexto, auth: TAuth, id: number, afp?: (typeof AFPS)[number]): Promise<{ nombre: string; contenido: Buffer }> {
  const { nombre, filas } = await filasAfpnet(ctx, auth, id, afp);
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('AFPnet');
  hoja.getColumn(2).numFmt = '@';
  hoja.getColumn(4).numFmt = '@';
  for (const f of filas) hoja.addRow(f);
  return { nombre, contenido: Buffer.from(await libro.xlsx.writeBuffer()) };
}
