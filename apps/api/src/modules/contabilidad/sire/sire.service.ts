import { setTimeout as esperar } from 'node:timers/promises';
import { and, desc, eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import {
  ErrorCodes,
  type TComparacionSire,
  type TFilaComparacionSire,
  type TProcesoSire,
  type TSireCredenciales,
} from '@yupana/contracts';
import { leerZip, zipArchivo } from '@yupana/sunat';
import { CLIENTE_SIRE_PRUEBA } from '@yupana/sunat-sim';
import { AppError, noEncontrado } from '../../../lib/app-error';
import type { TAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { cifrar, descifrarTexto } from '../configuracion/cifrado';
import { conexionDe, ConfiguracionIncompleta, type TAjustesEnvio } from '../envio/conexion-sunat';
import * as api from './cliente';
import { archivoReemplazo, COD_LIBRO, leerPropuesta, PropuestaInvalida, type TDocumentoRegistro, type TLibro } from './formato';
import { sireCredencial, sireProceso, sirePropuestaFila } from './sire.schema';

const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;
const LIBRO_DE_COD: Record<string, TLibro> = { '140000': 'rvie', '080000': 'rce' };

/** Hosts of SUNAT's SIRE API: from the server's environment, never from a company's settings or a request. */
const URL_SEGURIDAD = () => process.env.SIRE_URL_SEGURIDAD ?? 'https://api-seguridad.sunat.gob.pe';
const URL_SIRE = () => process.env.SIRE_URL_API ?? 'https://api-sire.sunat.gob.pe';

export type TOpcionesSire = { ajustes: TAjustesEnvio; /** polls of a fresh ticket inside the request */ consultas?: number; esperaMs?: number };

async function configuracion(ctx: Contexto, auth: TAuth, o: TOpcionesSire): Promise<api.TConfigSire> {
  const db = ctx.dbh.db;
  let cx;
  try {
    cx = await conexionDe(db, auth.idEmpresa, o.ajustes);
  } catch (e) {
    if (e instanceof ConfiguracionIncompleta) throw new AppError(ErrorCodes.SIRE_SIN_CREDENCIALES, e.message, 409);
    throw e;
  }
  const simulador = cx.ambiente === 'SIMULADOR';
  if (simulador && !o.ajustes.urlSimulador) throw new AppError(ErrorCodes.SIRE_SUNAT_NO_DISPONIBLE, 'El simulador de SUNAT no está iniciado en este servidor', 409);
  const [cred] = await db.select().from(sireCredencial).where(eq(sireCredencial.idEmpresa, auth.idEmpresa)).limit(1);
  let cliente: { clientId: string; clientSecret: string };
  if (cred) cliente = { clientId: descifrarTexto(cred.clientIdCifrado), clientSecret: descifrarTexto(cred.clientSecretCifrado) };
  else if (simulador) cliente = CLIENTE_SIRE_PRUEBA;
  else throw new AppError(ErrorCodes.SIRE_SIN_CREDENCIALES, undefined, 409);
  return {
    urlSeguridad: simulador ? o.ajustes.urlSimulador! : URL_SEGURIDAD(),
    urlSire: simulador ? o.ajustes.urlSimulador! : URL_SIRE(),
    ...cliente,
    ruc: cx.ruc,
    usuario: cx.soap.usuario,
    clave: cx.soap.clave,
    fetch: o.ajustes.fetch ?? fetch,
    timeoutMs: o.ajustes.timeoutMs,
  };
}

/** SUNAT's refusals and silences as the API's errors (never a 5xx: the request itself was fine). */
function traducir(e: unknown): never {
  if (e instanceof api.SireRechazo) throw new AppError(ErrorCodes.SIRE_SUNAT_RECHAZO, `SUNAT rechazó la solicitud: ${e.message}`, 409);
  if (e instanceof api.SireNoAlcanzado) throw new AppError(ErrorCodes.SIRE_SUNAT_NO_DISPONIBLE, undefined, 409);
  if (e instanceof PropuestaInvalida) throw new AppError(ErrorCodes.SIRE_SUNAT_RECHAZO, `La propuesta de SUNAT no se pudo leer: ${e.message}`, 409);
  throw e;
}

type TFilaProceso = typeof sireProceso.$inferSelect;

function aProceso(p: TFilaProceso): TProcesoSire {
  return {
    Id: p.id,
    Libro: LIBRO_DE_COD[p.codLibro],
    Periodo: p.periodo,
    Tipo: p.tipo as TProcesoSire['Tipo'],
    Ticket: p.ticket,
    Estado: p.estado as TProcesoSire['Estado'],
    Mensaje: p.mensaje,
    Archivo: p.archivo,
    Registros: p.registros,
    Usuario: p.usuario,
    Fecha: p.logFechaCrea.toISOString(),
    FechaFin: p.fechaFin?.toISOString() ?? null,
  };
}

async function nuevoProceso(ctx: Contexto, auth: TAuth, libro: TLibro, periodo: string, tipo: TProcesoSire['Tipo'], extra: Partial<typeof sireProceso.$inferInsert>) {
  const [p] = await ctx.dbh.db
    .insert(sireProceso)
    .values({
      idEmpresa: auth.idEmpresa, codLibro: COD_LIBRO[libro], periodo, tipo, estado: 'EN_PROCESO', idUsuario: auth.idUsuario, usuario: auth.usuario,
      logUsuarioCrea: auth.idUsuario, ...extra,
    })
    .returning();
  return p;
}

/** A failed call is history too: the row says what SUNAT answered, then the error reaches the user. */
async function fallido(ctx: Contexto, auth: TAuth, libro: TLibro, periodo: string, tipo: TProcesoSire['Tipo'], e: unknown, extra: Partial<typeof sireProceso.$inferInsert> = {}): Promise<never> {
  if (e instanceof api.SireRechazo || e instanceof api.SireNoAlcanzado || e instanceof PropuestaInvalida) {
    const mensaje = e instanceof api.SireNoAlcanzado ? 'SUNAT no respondió' : e.message;
    await nuevoProceso(ctx, auth, libro, periodo, tipo, { ...extra, estado: 'ERROR', mensaje: mensaje.slice(0, 1000), fechaFin: new Date() });
  }
  return traducir(e);
}

async function enCurso(ctx: Contexto, auth: TAuth, libro: TLibro, periodo: string): Promise<void> {
  const [p] = await ctx.dbh.db
    .select({ id: sireProceso.id })
    .from(sireProceso)
    .where(and(eq(sireProceso.idEmpresa, auth.idEmpresa), eq(sireProceso.codLibro, COD_LIBRO[libro]), eq(sireProceso.periodo, periodo), eq(sireProceso.estado, 'EN_PROCESO'), sql`${sireProceso.logFechaCrea} > now() - interval '10 minutes'`))
    .limit(1);
  if (p) throw new AppError(ErrorCodes.SIRE_PROCESO_EN_CURSO, undefined, 409);
}

async function procesoDe(ctx: Contexto, auth: TAuth, id: number): Promise<TFilaProceso> {
  const [p] = await ctx.dbh.db.select().from(sireProceso).where(and(eq(sireProceso.id, id), eq(sireProceso.idEmpresa, auth.idEmpresa))).limit(1);
  if (!p) throw noEncontrado('No se encontró la solicitud SIRE');
  return p;
}

/**
 * Asks SUNAT once how a process's ticket is doing; when finished, stores the outcome (a proposal's rows, in one
 * transaction with the process's state).
 */
export async function consultarProceso(ctx: Contexto, auth: TAuth, o: TOpcionesSire, id: number): Promise<TProcesoSire> {
  const p = await procesoDe(ctx, auth, id);
  if (p.estado !== 'EN_PROCESO' || !p.ticket) return aProceso(p);
  const libro = LIBRO_DE_COD[p.codLibro];
  const c = await configuracion(ctx, auth, o);
  let t: api.TRegistroTicket | undefined;
  try {
    [t] = await api.consultarTickets(c, p.periodo, p.ticket);
  } catch (e) {
    traducir(e);
  }
  if (!t || api.ticketEnCurso(t)) return aProceso(p);
  const db = ctx.dbh.db;
  if (p.tipo === 'PROPUESTA' && (t.codEstadoProceso === '06' || t.codEstadoProceso === '04')) {
    let propuesta: ReturnType<typeof leerPropuesta>;
    let archivo = '';
    try {
      const zip = await api.descargarReporte(c, libro, p.periodo, t);
      const entradas = leerZip(zip).filter((x) => /\.txt$/i.test(x.nombre));
      if (entradas.length !== 1) throw new PropuestaInvalida('el ZIP no contiene un TXT');
      archivo = entradas[0].nombre.slice(0, 120);
      propuesta = leerPropuesta(libro, Buffer.from(entradas[0].contenido).toString('utf8'));
    } catch (e) {
      if (e instanceof api.SireRechazo || e instanceof PropuestaInvalida || (e instanceof Error && /ZIP/.test(e.message))) {
        const [f] = await db.update(sireProceso).set({ estado: 'ERROR', mensaje: e.message.slice(0, 1000), fechaFin: new Date() }).where(eq(sireProceso.id, p.id)).returning();
        return aProceso(f);
      }
      return traducir(e);
    }
    const fin = await db.transaction(async (tx) => {
      for (let i = 0; i < propuesta.length; i += 200) {
        await tx.insert(sirePropuestaFila).values(propuesta.slice(i, i + 200).map((f, j) => ({ idEmpresa: auth.idEmpresa, idProceso: p.id, linea: i + j + 1, ...f })));
      }
      const [f] = await tx
        .update(sireProceso)
        .set({ estado: 'TERMINADO', archivo, registros: propuesta.length, mensaje: `Propuesta descargada: ${propuesta.length} comprobante(s)`, fechaFin: new Date() })
        .where(and(eq(sireProceso.id, p.id), eq(sireProceso.estado, 'EN_PROCESO')))
        .returning();
      return f;
    });
    return aProceso(fin ?? (await procesoDe(ctx, auth, id)));
  }
  const ok = t.codEstadoProceso === '06' || t.codEstadoProceso === '04';
  const mensaje = ok
    ? p.tipo === 'ACEPTAR' ? 'Propuesta aceptada por SUNAT' : p.tipo === 'REEMPLAZO' ? 'Reemplazo recibido por SUNAT sin errores' : t.desEstadoProceso
    : `SUNAT: ${t.desEstadoProceso}${t.errores.length ? `. ${t.errores.join('; ')}` : ''}`;
  const [f] = await db
    .update(sireProceso)
    .set({ estado: ok ? 'TERMINADO' : 'CON_ERRORES', mensaje: mensaje.slice(0, 2000), fechaFin: new Date() })
    .where(and(eq(sireProceso.id, p.id), eq(sireProceso.estado, 'EN_PROCESO')))
    .returning();
  return aProceso(f ?? (await procesoDe(ctx, auth, id)));
}

/** Polls a fresh ticket a few times inside the request (SUNAT usually answers in seconds); the UI polls the rest. */
async function seguir(ctx: Contexto, auth: TAuth, o: TOpcionesSire, id: number): Promise<TProcesoSire> {
  let p = await consultarProceso(ctx, auth, o, id);
  for (let i = 0; i < (o.consultas ?? 8) && p.Estado === 'EN_PROCESO'; i++) {
    await esperar(o.esperaMs ?? 400);
    p = await consultarProceso(ctx, auth, o, id);
  }
  return p;
}

export async function descargarPropuesta(ctx: Contexto, auth: TAuth, o: TOpcionesSire, libro: TLibro, periodo: string): Promise<TProcesoSire> {
  await enCurso(ctx, auth, libro, periodo);
  const c = await configuracion(ctx, auth, o);
  let ticket: string;
  try {
    ticket = await api.solicitarPropuesta(c, libro, periodo);
  } catch (e) {
    return fallido(ctx, auth, libro, periodo, 'PROPUESTA', e);
  }
  const p = await nuevoProceso(ctx, auth, libro, periodo, 'PROPUESTA', { ticket, mensaje: 'Esperando a SUNAT' });
  return seguir(ctx, auth, o, p.id);
}

export async function aceptar(ctx: Contexto, auth: TAuth, o: TOpcionesSire, libro: TLibro, periodo: string): Promise<TProcesoSire> {
  if (!(await ultimaPropuesta(ctx, auth, libro, periodo))) throw new AppError(ErrorCodes.SIRE_SIN_PROPUESTA, undefined, 409);
  await enCurso(ctx, auth, libro, periodo);
  const c = await configuracion(ctx, auth, o);
  let ticket: string;
  try {
    ticket = await api.aceptarPropuesta(c, libro, periodo);
  } catch (e) {
    return fallido(ctx, auth, libro, periodo, 'ACEPTAR', e);
  }
  const p = await nuevoProceso(ctx, auth, libro, periodo, 'ACEPTAR', { ticket, mensaje: 'Esperando a SUNAT' });
  return seguir(ctx, auth, o, p.id);
}

export async function enviarReemplazo(ctx: Contexto, auth: TAuth, o: TOpcionesSire, libro: TLibro, periodo: string): Promise<TProcesoSire> {
  await enCurso(ctx, auth, libro, periodo);
  const c = await configuracion(ctx, auth, o);
  const archivo = await generarReemplazo(ctx, auth, libro, periodo, c.ruc);
  const extra = { archivo: archivo.nombre, contenido: archivo.contenido, registros: archivo.registros };
  let ticket: string;
  try {
    ticket = await api.subirReemplazo(c, libro, periodo, archivo.nombre, zipArchivo(archivo.nombre, archivo.contenido));
  } catch (e) {
    return fallido(ctx, auth, libro, periodo, 'REEMPLAZO', e, extra);
  }
  const p = await nuevoProceso(ctx, auth, libro, periodo, 'REEMPLAZO', { ticket, mensaje: 'Esperando a SUNAT', ...extra });
  return seguir(ctx, auth, o, p.id);
}

export async function historial(ctx: Contexto, auth: TAuth, libro: TLibro, periodo: string) {
  const r = await ctx.dbh.db
    .select()
    .from(sireProceso)
    .where(and(eq(sireProceso.idEmpresa, auth.idEmpresa), eq(sireProceso.codLibro, COD_LIBRO[libro]), eq(sireProceso.periodo, periodo)))
    .orderBy(desc(sireProceso.id))
    .limit(200);
  return { Data: r.map(aProceso), Count: r.length };
}

/** The replacement file a process sent (the history's own copy). */
export async function archivoDeProceso(ctx: Contexto, auth: TAuth, id: number): Promise<{ nombre: string; contenido: string }> {
  const p = await procesoDe(ctx, auth, id);
  if (p.tipo !== 'REEMPLAZO' || !p.archivo || p.contenido === null) throw noEncontrado('La solicitud no tiene archivo de reemplazo');
  return { nombre: p.archivo, contenido: p.contenido };
}

async function ultimaPropuesta(ctx: Contexto, auth: TAuth, libro: TLibro, periodo: string): Promise<TFilaProceso | undefined> {
  const [p] = await ctx.dbh.db
    .select()
    .from(sireProceso)
    .where(
      and(
        eq(sireProceso.idEmpresa, auth.idEmpresa), eq(sireProceso.codLibro, COD_LIBRO[libro]), eq(sireProceso.periodo, periodo),
        eq(sireProceso.tipo, 'PROPUESTA'), eq(sireProceso.estado, 'TERMINADO'),
      ),
    )
    .orderBy(desc(sireProceso.id))
    .limit(1);
  return p;
}

const limites = (periodo: string) => {
  const [a, m] = periodo.split('-').map(Number);
  const fin = new Date(Date.UTC(a, m, 0)).getUTCDate();
  return { desde: `${periodo}-01`, hasta: `${periodo}-${String(fin).padStart(2, '0')}` };
};

/**
 * Yupana's side of the register. RVIE: the electronic sales documents issued in the period (facturas, boletas,
 * notas; not rejected), voided ones with zero amounts, notes with the document they modify. RCE: the purchases
 * registered with an issue date in the period (not voided).
 */
export async function documentosYupana(ctx: Contexto, auth: TAuth, libro: TLibro, periodo: string): Promise<TDocumentoRegistro[]> {
  const { desde, hasta } = limites(periodo);
  const db = ctx.dbh.db;
  if (libro === 'rvie') {
    const r = filas<{
      id: number; codigo_tipo: string; serie: string; correlativo: number; fecha_emision: string; fecha_vencimiento: string | null;
      tipo_doc: string | null; receptor_numero_documento: string; receptor_razon_social: string; id_moneda: number; tipo_cambio: string | null;
      monto_sub_total: string; monto_igv: string; monto_isc: string; icbper: string; otros_cargos: string; monto_total: string;
      gravado: string | null; exonerado: string | null; inafecto: string | null; exportacion: string | null; con_items: boolean;
      anulado: boolean; id_estado_sunat: number; ref_fecha: string | null; ref_tipo: string | null; ref_serie: string | null; ref_numero: string | null;
    }>(
      await db.execute(sql`
        select d.id, d.codigo_tipo, d.serie, d.correlativo, d.fecha_emision::text as fecha_emision, d.fecha_vencimiento::text as fecha_vencimiento,
               d.datos->'cliente'->>'tipoDocumento' as tipo_doc, d.receptor_numero_documento, d.receptor_razon_social, d.id_moneda,
               d.datos->>'tipoCambio' as tipo_cambio, d.monto_sub_total, d.monto_igv, d.monto_isc, d.icbper, d.otros_cargos, d.monto_total,
               i.gravado, i.exonerado, i.inafecto, i.exportacion, i.id is not null as con_items, d.anulado, d.id_estado_sunat,
               coalesce(a.fecha_emision::text, d.datos->'documentoAfectado'->>'fechaEmision') as ref_fecha,
               coalesce(a.codigo_tipo, d.datos->'documentoAfectado'->>'tipo') as ref_tipo,
               coalesce(a.serie, d.datos->'documentoAfectado'->>'serie') as ref_serie,
               coalesce(a.correlativo::text, d.datos->'documentoAfectado'->>'numero') as ref_numero
          from documento_contable d
          left join documento_contable a on a.id = d.id_documento_afectado and a.id_empresa = d.id_empresa
          left join lateral (
            select min(x.id) as id,
                   sum(x.sub_total) filter (where x.tipo_afectacion like '1%') as gravado,
                   sum(x.sub_total) filter (where x.tipo_afectacion like '2%') as exonerado,
                   sum(x.sub_total) filter (where x.tipo_afectacion like '3%') as inafecto,
                   sum(x.sub_total) filter (where x.tipo_afectacion like '4%') as exportacion
              from documento_contable_item x where x.id_documento = d.id and x.id_empresa = d.id_empresa
          ) i on true
         where d.id_empresa = ${auth.idEmpresa} and d.fecha_emision between ${desde} and ${hasta}
           and d.codigo_tipo in ('01', '03', '07', '08') and d.id_estado_sunat not in (5, 7)
         order by d.fecha_emision, d.codigo_tipo, d.serie, d.correlativo`),
    );
    return r.map((d) => {
      const anulado = d.anulado || d.id_estado_sunat === 10;
      const enSoles = d.id_moneda !== 2;
      return {
        id: Number(d.id), tipo: d.codigo_tipo, serie: d.serie, numero: String(d.correlativo), fechaEmision: d.fecha_emision, fechaVencimiento: d.fecha_vencimiento,
        tipoDocumento: (d.tipo_doc ?? '0').slice(0, 1), numeroDocumento: d.receptor_numero_documento || '-', razonSocial: d.receptor_razon_social,
        exportacion: d.exportacion ?? '0',
        baseImponible: d.con_items ? (d.gravado ?? '0') : d.monto_sub_total,
        igv: d.monto_igv, exonerado: d.exonerado ?? '0', inafecto: d.inafecto ?? '0', isc: d.monto_isc, icbper: d.icbper, otros: d.otros_cargos,
        total: d.monto_total, moneda: enSoles ? 'PEN' : 'USD', tipoCambio: d.tipo_cambio,
        referencia: d.ref_tipo && d.ref_serie && d.ref_numero ? { fecha: d.ref_fecha, tipo: d.ref_tipo, serie: d.ref_serie, numero: d.ref_numero } : null,
        anulado,
      };
    });
  }
  const r = filas<{
    id: number; tipo_documento: string; serie: string; numero: number; fecha_emision: string; fecha_vencimiento: string | null; ruc_proveedor: string;
    razon_social_proveedor: string; id_moneda: number; tipo_cambio: string; op_gravada: string; op_exonerada: string; op_inafecta: string; igv: string; total: string;
    ref_tipo: string | null; ref_serie: string | null; ref_numero: number | null; ref_fecha: string | null;
  }>(
    await db.execute(sql`
      select c.id, c.tipo_documento, c.serie, c.numero, c.fecha_emision::text as fecha_emision, c.fecha_vencimiento::text as fecha_vencimiento,
             c.ruc_proveedor, c.razon_social_proveedor, c.id_moneda, c.tipo_cambio, c.op_gravada, c.op_exonerada, c.op_inafecta, c.igv, c.total,
             r.tipo_documento as ref_tipo, r.serie as ref_serie, r.numero as ref_numero, r.fecha_emision::text as ref_fecha
        from compra c
        left join compra r on r.id = c.id_compra_referencia and r.id_empresa = c.id_empresa
       where c.id_empresa = ${auth.idEmpresa} and c.fecha_emision between ${desde} and ${hasta} and not c.anulado
         and c.tipo_documento in ('01', '03', '07', '08')
       order by c.fecha_emision, c.ruc_proveedor, c.tipo_documento, c.serie, c.numero`),
  );
  return r.map((c) => ({
    id: Number(c.id), tipo: c.tipo_documento, serie: c.serie, numero: String(c.numero), fechaEmision: c.fecha_emision, fechaVencimiento: c.fecha_vencimiento,
    tipoDocumento: '6', numeroDocumento: c.ruc_proveedor, razonSocial: c.razon_social_proveedor,
    exportacion: '0', baseImponible: c.op_gravada, igv: c.igv, exonerado: c.op_exonerada, inafecto: c.op_inafecta, isc: '0', icbper: '0', otros: '0',
    total: c.total, moneda: c.id_moneda === 2 ? 'USD' : 'PEN', tipoCambio: c.tipo_cambio,
    referencia: c.ref_tipo && c.ref_serie && c.ref_numero ? { fecha: c.ref_fecha, tipo: c.ref_tipo, serie: c.ref_serie, numero: String(c.ref_numero) } : null,
  }));
}

function rucDe(auth: TAuth): string {
  const ruc = auth.empresa.documento;
  if (!ruc || !/^\d{11}$/.test(ruc)) throw new AppError(ErrorCodes.SIRE_SIN_CREDENCIALES, 'La empresa no tiene RUC: el SIRE requiere RUC', 409);
  return ruc;
}

/** The replacement file: every document Yupana holds for the period, in SUNAT's layout and file name. */
export async function generarReemplazo(ctx: Contexto, auth: TAuth, libro: TLibro, periodo: string, ruc = rucDe(auth)) {
  const docs = await documentosYupana(ctx, auth, libro, periodo);
  return { ...archivoReemplazo(ruc, auth.empresa.razonSocial, periodo, libro, docs), registros: docs.length };
}

const claveDoc = (libro: TLibro, tipo: string, serie: string, numero: string, doc: string) =>
  `${libro === 'rce' ? `${doc}-` : ''}${tipo}-${serie.toUpperCase()}-${Number(numero)}`;

/** SUNAT's proposal (the last downloaded) against Yupana's documents, by document (CAR key: RUC, tipo, serie, número). */
export async function comparar(ctx: Contexto, auth: TAuth, libro: TLibro, periodo: string): Promise<TComparacionSire> {
  const p = await ultimaPropuesta(ctx, auth, libro, periodo);
  const propuesta = p ? await ctx.dbh.db.select().from(sirePropuestaFila).where(and(eq(sirePropuestaFila.idProceso, p.id), eq(sirePropuestaFila.idEmpresa, auth.idEmpresa))).orderBy(sirePropuestaFila.linea) : [];
  const yupana = await documentosYupana(ctx, auth, libro, periodo);
  const porClave = new Map(yupana.map((d) => [claveDoc(libro, d.tipo, d.serie, d.numero, d.numeroDocumento), d]));
  const lado = (fecha: string, base: string, igv: string, ng: string, total: string, moneda: string) => ({
    FechaEmision: fecha, BaseImponible: new Decimal(base).toFixed(2), Igv: new Decimal(igv).toFixed(2), NoGravado: new Decimal(ng).toFixed(2), Total: new Decimal(total).toFixed(2), Moneda: moneda,
  });
  const deYupana = (d: TDocumentoRegistro) => {
    const firmar = (v: string) => {
      const x = new Decimal(v || '0').abs();
      return d.anulado ? '0' : (d.tipo === '07' ? x.neg() : x).toString();
    };
    return lado(d.fechaEmision, firmar(d.baseImponible), firmar(d.igv), firmar(new Decimal(d.exonerado || '0').plus(d.inafecto || '0').toString()), firmar(d.total), d.moneda);
  };
  const data: TFilaComparacionSire[] = [];
  const vistos = new Set<string>();
  for (const f of propuesta) {
    const k = claveDoc(libro, f.tipoComprobante, f.serie, f.numero, f.numeroDocumento);
    const sunat = lado(f.fechaEmision, f.baseImponible, f.igv, f.noGravado, f.total, f.moneda);
    const y = porClave.get(k);
    const base = { Clave: k, TipoComprobante: f.tipoComprobante, Serie: f.serie, Numero: f.numero, NumeroDocumento: f.numeroDocumento, RazonSocial: f.razonSocial, Sunat: sunat };
    if (!y) {
      data.push({ ...base, Estado: 'FALTA_EN_YUPANA', Diferencias: [], Yupana: null });
      continue;
    }
    vistos.add(k);
    const yl = deYupana(y);
    const diferencias = (Object.keys(sunat) as (keyof typeof sunat)[]).filter((c) => sunat[c] !== yl[c]);
    data.push({ ...base, Estado: diferencias.length ? 'DIFERENTE' : 'IGUAL', Diferencias: diferencias, Yupana: yl });
  }
  for (const y of yupana) {
    const k = claveDoc(libro, y.tipo, y.serie, y.numero, y.numeroDocumento);
    if (vistos.has(k)) continue;
    data.push({
      Clave: k, TipoComprobante: y.tipo, Serie: y.serie, Numero: String(Number(y.numero)), NumeroDocumento: y.numeroDocumento, RazonSocial: y.razonSocial,
      Estado: p ? 'FALTA_EN_SUNAT' : 'FALTA_EN_SUNAT', Diferencias: [], Sunat: null, Yupana: deYupana(y),
    });
  }
  const Resumen = { IGUAL: 0, DIFERENTE: 0, FALTA_EN_YUPANA: 0, FALTA_EN_SUNAT: 0 };
  for (const d of data) Resumen[d.Estado] += 1;
  return { Libro: libro, Periodo: periodo, IdProcesoPropuesta: p?.id ?? null, FechaPropuesta: p?.fechaFin?.toISOString() ?? null, Resumen, Data: data };
}

export async function leerCredenciales(ctx: Contexto, auth: TAuth, o: TOpcionesSire): Promise<TSireCredenciales> {
  const [c] = await ctx.dbh.db.select({ f: sireCredencial.logFechaModif, c: sireCredencial.logFechaCrea }).from(sireCredencial).where(eq(sireCredencial.idEmpresa, auth.idEmpresa)).limit(1);
  let ambiente = 'SIMULADOR';
  try {
    ambiente = (await conexionDe(ctx.dbh.db, auth.idEmpresa, o.ajustes)).ambiente;
  } catch (e) {
    if (!(e instanceof ConfiguracionIncompleta)) throw e;
  }
  const Mensaje = c
    ? 'La empresa tiene guardadas sus credenciales de la API SIRE (se usan con su usuario SOL).'
    : ambiente === 'SIMULADOR'
      ? 'Ambiente de pruebas: se usa el cliente de prueba del simulador de SUNAT.'
      : 'Registre el client ID y el client secret de la API SIRE generados en el Menú SOL.';
  return { Configurado: Boolean(c), Ambiente: ambiente, Mensaje, Actualizado: (c?.f ?? c?.c)?.toISOString() ?? null };
}

export async function guardarCredenciales(ctx: Contexto, auth: TAuth, o: TOpcionesSire, body: { ClientId: string; ClientSecret: string }): Promise<TSireCredenciales> {
  const valores = { clientIdCifrado: cifrar(body.ClientId), clientSecretCifrado: cifrar(body.ClientSecret), logUsuarioModif: auth.idUsuario, logFechaModif: new Date() };
  await ctx.dbh.db
    .insert(sireCredencial)
    .values({ idEmpresa: auth.idEmpresa, ...valores, logUsuarioCrea: auth.idUsuario })
    .onConflictDoUpdate({ target: sireCredencial.idEmpresa, set: valores });
  return leerCredenciales(ctx, auth, o);
}
