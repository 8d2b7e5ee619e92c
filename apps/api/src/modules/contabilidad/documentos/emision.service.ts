import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import Decimal from 'decimal.js';
import {
  CodigoSunatDeTipo, EstadoSunat, ErrorCodes, MensajesError, TipoEmpresa,
  type TDocumentoContableCrearParseado, type TDocumentoContableCreado, type TTipoDocumentoContable,
} from '@yupana/contracts';
import {
  firmarXmlAsincrono, plantillaNumerable, textoQrComprobante,
  type TComprobante, type TCredencialFirma, type TDocumentoNumerable, type TPlantillaNumerable, type TTotales,
} from '@yupana/sunat';
import type { Db } from '../../../db/client';
import { empresa } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { comprobarHuella } from '../../../lib/idempotencia';
import type { Contexto } from '../../../lib/contexto';
import type { TAuth } from '../../../lib/auth';
import { serie } from '../../entidades/series/series.schema';
import { insercionTrabajoEnvio } from '../envio/cola';
// eslint-disable-next-line yupana/no-cross-import -- the allowance is billing's rule, checked inside this issuing transaction
import { TIPOS_INTERNOS, TIPOS_TRIBUTARIOS, verificarSaldoComprobantes } from '../../pagos/saldo';
import { credencialConHuella, huellaCertificado } from '../configuracion/configuracion.service';
import { documentoContable } from '../contabilidad.schema';
import { armarDocumento, ErroresCampo, type TAfectadoDatos, type TArmado, type TEmisorDatos } from './armar-documento';

/** A demo company (type 1) has no RUC yet: it signs with this valid test RUC and only ever sends to the simulator. */
export const RUC_DEMO = '20000000001';

const ZONA_LIMA = 'America/Lima';
const validacion = (errores: Record<string, string>, mensaje = MensajesError[ErrorCodes.VALIDACION]) =>
  new AppError(ErrorCodes.VALIDACION, mensaje, 400, { errores });

export { serieNumero } from '@yupana/contracts';
import { serieNumero } from '@yupana/contracts';
// eslint-disable-next-line yupana/no-cross-import -- live stock is told after the issue's commit; the issuing engine has no after-commit hook list yet
import { avisarStock } from '../../logistica/stock-en-vivo';

// Built once: constructing an Intl.DateTimeFormat (time-zone data) cost ~1 ms per issued document.
const formatoLima = new Intl.DateTimeFormat('en-CA', { timeZone: ZONA_LIMA, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

function hoyLima(): { fecha: string; hora: string } {
  const partes: Record<string, string> = {};
  for (const p of formatoLima.formatToParts(new Date())) partes[p.type] = p.value;
  return { fecha: `${partes.year}-${partes.month}-${partes.day}`, hora: `${partes.hour}:${partes.minute}:${partes.second}` };
}

const sumarDias = (fecha: string, dias: number) => new Date(Date.parse(`${fecha}T12:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

type TFilaCreada = { id: number; idTipoDocumento: number; serie: string; correlativo: number; idEstadoSunat: number; montoTotal: string; hash: string | null };
type TFilaPorClave = TFilaCreada & { huellaSolicitud: string | null };

const respuesta = (f: TFilaCreada): TDocumentoContableCreado => ({
  Id: f.id,
  IdTipoDocumento: f.idTipoDocumento,
  Serie: f.serie,
  Correlativo: f.correlativo,
  SerieNumero: serieNumero(f.serie, f.correlativo),
  IdestadoSunat: f.idEstadoSunat,
  MontoTotal: new Decimal(f.montoTotal).toFixed(2),
  Hash: f.hash,
});

const columnasCreada = {
  id: documentoContable.id,
  idTipoDocumento: documentoContable.idTipoDocumento,
  serie: documentoContable.serie,
  correlativo: documentoContable.correlativo,
  idEstadoSunat: documentoContable.idEstadoSunat,
  montoTotal: documentoContable.montoTotal,
  hash: documentoContable.hash,
};

async function porClave(db: Db, idEmpresa: number, clave: string): Promise<TFilaPorClave | undefined> {
  const [f] = await db.select({ ...columnasCreada, huellaSolicitud: documentoContable.huellaSolicitud }).from(documentoContable).where(and(eq(documentoContable.idEmpresa, idEmpresa), eq(documentoContable.claveIdempotencia, clave)));
  return f;
}

const esUnico = (e: unknown, restriccion: string) => {
  const c = (e as { cause?: { code?: string; constraint?: string } }).cause ?? (e as { code?: string; constraint?: string });
  return c?.code === '23505' && (!c.constraint || c.constraint === restriccion);
};

/**
 * Every check of an issuing request that does not need the number (company, series, dates, customer, affected
 * document, the engine's rules), without writing anything. Throws the same 400 the issuing route answers; also
 * used by the mass issuing (contabilidad/masivos) to validate a whole file before issuing any document.
 */
export async function prepararEmision(ctx: Contexto, auth: TAuth, b: TDocumentoContableCrearParseado, opciones: TOpcionesEmision = {}) {
  const db = ctx.dbh.db;
  const tipo = b.IdTipoDocumento as TTipoDocumentoContable;
  const codigoTipo = CodigoSunatDeTipo[tipo];
  // The company and the series in one round trip (every issue makes it).
  const [fila] = await db
    .select({
      emp: {
        tipoEmpresa: empresa.tipoEmpresa, documento: empresa.documento, razonSocial: empresa.razonSocial, direccion: empresa.direccion, idUbigeo: empresa.idUbigeo,
        huellaCertificado,
      },
      s: serie,
      // A series reserved for a point-of-sale device's offline sales (cajas' dispositivo_caja; read as SQL, no import).
      reservada: sql<boolean>`exists (select 1 from dispositivo_caja d where d.id_serie = ${serie.id} or d.id_serie_boleta = ${serie.id})`,
    })
    .from(empresa)
    .leftJoin(serie, and(eq(serie.id, b.IdSerie), eq(serie.idEmpresa, empresa.id), eq(serie.logEstado, 1)))
    .where(eq(empresa.id, auth.idEmpresa));
  const { emp, s, reservada } = fila;
  if (emp.tipoEmpresa === TipoEmpresa.SIN_RUC && codigoTipo !== null)
    throw validacion({ IdTipoDocumento: 'Una empresa sin RUC solo emite notas de venta' });

  if (!s) throw validacion({ IdSerie: 'La serie no existe o está inactiva' });
  if (s.idTipoDocumento !== b.IdTipoDocumento) throw validacion({ IdSerie: 'La serie no corresponde al tipo de documento' });
  if (!auth.sucursales.includes(s.idSucursal)) throw validacion({ IdSerie: 'La serie pertenece a una sucursal a la que usted no tiene acceso' });
  if (reservada && opciones.serieDispositivo !== s.id) throw validacion({ IdSerie: `La serie ${s.serie} está reservada para las ventas sin conexión de un dispositivo de caja` });

  const ahora = hoyLima();
  const errores: Record<string, string> = {};
  // SUNAT accepts facturas up to 3 days late (boletas go in the resumen within 7); never from the future.
  if (b.FechaEmision > ahora.fecha) errores.FechaEmision = 'La fecha de emisión no puede ser posterior a hoy';
  else if (codigoTipo !== null && b.FechaEmision < sumarDias(ahora.fecha, -3)) errores.FechaEmision = 'La fecha de emisión no puede ser anterior a 3 días';
  if (b.FechaVencimiento && b.FechaVencimiento < b.FechaEmision) errores.FechaVencimiento = 'La fecha de vencimiento no puede ser anterior a la de emisión';
  const receptorDado = b.ListaEntidades.find((e) => e.TipoEntidad === 2);
  if (receptorDado?.IdEntidad) {
    const r = await db.execute(sql`select 1 from entidad where id = ${receptorDado.IdEntidad} and id_empresa = ${auth.idEmpresa}`);
    if ((r as unknown as { rows: unknown[] }).rows.length === 0) errores['ListaEntidades'] = 'El cliente no existe';
  }

  // The sales income's cost centre (finance's master data): one of the company's active centres.
  if (b.IdCentroCosto != null) {
    const r = await db.execute(sql`select log_estado from centro_costo where id = ${b.IdCentroCosto} and id_empresa = ${auth.idEmpresa}`);
    if (Number((r as unknown as { rows: { log_estado: number }[] }).rows[0]?.log_estado) !== 1) errores.IdCentroCosto = 'Elija un centro de costo activo de la empresa';
  }

  let afectado: (TAfectadoDatos & { id: number }) | null = null;
  if ((codigoTipo === '07' || codigoTipo === '08') && b.ListaReferencias[0]) {
    const ref = b.ListaReferencias[0];
    const cond = ref.IdDocumentoReferencia
      ? eq(documentoContable.id, ref.IdDocumentoReferencia)
      : ref.Serie && ref.Correlativo && ref.IdTipoDocumento
        ? and(eq(documentoContable.idTipoDocumento, ref.IdTipoDocumento), eq(documentoContable.serie, ref.Serie), eq(documentoContable.correlativo, ref.Correlativo))
        : undefined;
    const [f] = cond
      ? await db
          .select({
            id: documentoContable.id, idTipoDocumento: documentoContable.idTipoDocumento, codigoTipo: documentoContable.codigoTipo, serie: documentoContable.serie,
            correlativo: documentoContable.correlativo, fechaEmision: documentoContable.fechaEmision, anulado: documentoContable.anulado, idEstadoSunat: documentoContable.idEstadoSunat,
          })
          .from(documentoContable)
          .where(and(eq(documentoContable.idEmpresa, auth.idEmpresa), cond))
      : [];
    if (!f) errores['ListaReferencias.0'] = 'No se encontró el documento que modifica la nota';
    else if (f.anulado || f.idEstadoSunat === EstadoSunat.ANULADO) throw new AppError(ErrorCodes.DOCUMENTO_ANULADO, `El documento ${serieNumero(f.serie, f.correlativo)} está anulado`, 400);
    else if (f.idTipoDocumento !== 1003 && f.idTipoDocumento !== 1004) errores['ListaReferencias.0'] = 'Una nota solo modifica facturas o boletas';
    else if (f.idEstadoSunat === EstadoSunat.RECHAZADO) errores['ListaReferencias.0'] = 'El documento fue rechazado por SUNAT: no admite notas';
    else if (s.idTipoDocumentoReferencia && s.idTipoDocumentoReferencia !== f.idTipoDocumento)
      errores.IdSerie = `La serie ${s.serie} es para notas de ${s.idTipoDocumentoReferencia === 1003 ? 'facturas' : 'boletas'}`;
    else afectado = { id: f.id, idTipoDocumento: f.idTipoDocumento, codigoTipo: f.codigoTipo ?? '', serie: f.serie, correlativo: f.correlativo, fechaEmision: f.fechaEmision };
  }

  // Canje: a factura or boleta that documents a nota de venta keeps the reference (id_documento_afectado), so stock and
  // dues are not taken twice (decisions.md "Documents, stock, balances and cash").
  if (b.IdDocumentoOrigen !== undefined) {
    if (b.IdTipoDocumento !== 1003 && b.IdTipoDocumento !== 1004) errores.IdDocumentoOrigen = 'Solo una factura o una boleta canjea una nota de venta';
    else {
      const [o] = await db
        .select({ id: documentoContable.id, idTipoDocumento: documentoContable.idTipoDocumento, serie: documentoContable.serie, correlativo: documentoContable.correlativo, fechaEmision: documentoContable.fechaEmision, anulado: documentoContable.anulado })
        .from(documentoContable)
        .where(and(eq(documentoContable.idEmpresa, auth.idEmpresa), eq(documentoContable.id, b.IdDocumentoOrigen)));
      if (!o) errores.IdDocumentoOrigen = 'No se encontró la nota de venta';
      else if (o.idTipoDocumento !== 1008) errores.IdDocumentoOrigen = 'Solo se canjea una nota de venta';
      else if (o.anulado) throw new AppError(ErrorCodes.DOCUMENTO_ANULADO, `La nota de venta ${serieNumero(o.serie, o.correlativo)} está anulada`, 400);
      else afectado = { id: o.id, idTipoDocumento: o.idTipoDocumento, codigoTipo: '', serie: o.serie, correlativo: o.correlativo, fechaEmision: o.fechaEmision };
    }
  }

  const emisor: TEmisorDatos | null =
    codigoTipo === null
      ? null
      : {
          ruc: emp.documento ?? RUC_DEMO,
          razonSocial: emp.razonSocial,
          direccion: emp.direccion ?? '-',
          idUbigeo: emp.idUbigeo ?? '150101',
        };
  const contexto = { emisor, serie: s, afectado, horaEmision: opciones.horaEmision ?? (b.FechaEmision === ahora.fecha ? ahora.hora : '12:00:00') };
  const armar = (numero: number): TArmado => {
    try {
      return armarDocumento(b, contexto, numero);
    } catch (e) {
      if (e instanceof ErroresCampo) throw validacion(e.errores);
      throw e;
    }
  };
  if (Object.keys(errores).length) throw validacion(errores);
  // Built and validated with a provisional number: every field error surfaces here, before anything is locked or
  // written. The number does not take part in any rule, so inside the lock only the number changes.
  const armado = armar(Math.min(s.correlativo + 1, 99_999_999));
  return { codigoTipo, s, emisor, contexto, afectado, armado, huellaCertificado: emp.huellaCertificado };
}

/**
 * Issuing a point-of-sale device's offline sale: its reserved series is allowed (every other caller is refused it) and
 * the time is the one the sale was made at on the device.
 */
export type TOpcionesEmision = { serieDispositivo?: number; horaEmision?: string };

type TPreparada = Awaited<ReturnType<typeof prepararEmision>>;
type TResultado = { creado: TDocumentoContableCreado; repetido: boolean };

/** One issuing request, validated and built, waiting for its number. */
type TPendiente = {
  ctx: Contexto;
  auth: TAuth;
  b: TDocumentoContableCrearParseado;
  claveIdempotencia?: string;
  huellaDeSolicitud?: string;
  p: TPreparada;
  credencial: TCredencialFirma | null;
  plantilla: TPlantillaNumerable | null;
  enLaTransaccion?: TEnLaTransaccion;
  resolver: (r: TResultado) => void;
  rechazar: (e: unknown) => void;
};

/** The issue's transaction, as the work other modules do inside it receives it. */
export type TTransaccionEmision = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What was issued, as those hooks see it: the stored document (number taken) and the request it came from. */
export type TEmitido = {
  creado: TDocumentoContableCreado;
  b: TDocumentoContableCrearParseado;
  idEmpresa: number;
  idSucursal: number;
  idUsuario: number;
  idDocumentoAfectado: number | null;
  /** The caller records the payment itself (the point of sale): the books post the contado collection from it. */
  cobroAparte?: boolean;
  /** The order this document invoices (ventas): its own reservation is not counted against it (see TEnLaTransaccion.idPedido). */
  idPedido?: number | null;
};
/**
 * Work of the caller inside the issue's transaction (the point of sale records the sale in its cash session). With
 * `registraCobro` the caller records the payment of a contado document itself (see TEmitido.cobroAparte).
 */
export type TEnLaTransaccion = ((tx: TTransaccionEmision, emitido: TEmitido) => Promise<void>) & { registraCobro?: boolean; idPedido?: number; opciones?: TOpcionesEmision };

/**
 * Work other modules do for EVERY issued document inside the issue's transaction (inventory moves stock): a failure
 * rolls the issue back, so a document and its consequences are written together or not at all. Registered once at
 * start-up (app.ts), so issuing does not import the modules that follow it.
 */
const trasEmitir: TEnLaTransaccion[] = [];
export function alEmitirDocumento(fn: TEnLaTransaccion): void {
  if (!trasEmitir.includes(fn)) trasEmitir.push(fn);
}
/**
 * Work for a whole group of issued documents at once, in its transaction, after every document's own hooks and its
 * caller's work (the books post every document of the group with a fixed number of round trips: each one inside
 * the series lock is time every other request of the series waits).
 */
export type TTrasEmitirGrupo = (tx: TTransaccionEmision, emitidos: TEmitido[]) => Promise<void>;
const trasEmitirGrupo: TTrasEmitirGrupo[] = [];
export function alEmitirGrupo(fn: TTrasEmitirGrupo): void {
  if (!trasEmitirGrupo.includes(fn)) trasEmitirGrupo.push(fn);
}
/** Takes a registered hook out (bench:asientos measures the issue with and without the automatic entries). */
export function quitarAlEmitirDocumento(fn: TEnLaTransaccion | TTrasEmitirGrupo): void {
  for (const lista of [trasEmitir, trasEmitirGrupo] as unknown[][]) {
    const i = lista.indexOf(fn);
    if (i >= 0) lista.splice(i, 1);
  }
}

/**
 * Issues one document: lock the series row, take the next number, sign the XML, store document + lines + signed XML +
 * hash + QR and queue the sending, in ONE transaction. Everything that can be checked without the number is checked
 * (and the XML built) before, so bad input writes nothing and holds no lock.
 *
 * Requests for the same series that arrive while its row is locked by this process wait here and go together in the
 * next transaction (group commit): one lock, one block of consecutive numbers, one insert, one commit for all of them.
 * Still one transaction per group, numbers without gaps nor duplicates (a rollback gives the whole block back); if
 * the group fails, each of its requests is issued again alone, so one request's error is never another's answer.
 */
export async function emitirDocumento(
  ctx: Contexto,
  auth: TAuth,
  b: TDocumentoContableCrearParseado,
  claveIdempotencia?: string,
  /** Fingerprint of the client's request (lib/idempotencia.ts): the same key with another one is a 422, not a replay. */
  huellaDeSolicitud?: string,
  /** The caller's own work inside the issue's transaction (see TEnLaTransaccion). */
  enLaTransaccion?: TEnLaTransaccion,
): Promise<TResultado> {
  const db = ctx.dbh.db;
  if (claveIdempotencia) {
    const previo = await porClave(db, auth.idEmpresa, claveIdempotencia);
    if (previo) {
      comprobarHuella(previo.huellaSolicitud, huellaDeSolicitud);
      return { creado: respuesta(previo), repetido: true };
    }
  }
  const p = await prepararEmision(ctx, auth, b, enLaTransaccion?.opciones);
  const credencial = p.codigoTipo === null ? null : await credencialConHuella(db, auth.idEmpresa, p.huellaCertificado);
  // The XML is built here, once, from the document and totals prepararEmision validated and computed: under the series
  // lock only the number is written in and the signature computed.
  const plantilla = p.armado.documento && credencial ? plantillaNumerable(p.armado.documento as TDocumentoNumerable, p.armado.totales ?? undefined) : null;
  return new Promise<TResultado>((resolver, rechazar) => {
    encolar({ ctx, auth, b, claveIdempotencia, huellaDeSolicitud, p, credencial, plantilla, enLaTransaccion, resolver, rechazar });
  });
}

/** One request of a batch (bulk issuing): the validated request and its idempotency key. */
export type TSolicitudLote = { b: TDocumentoContableCrearParseado; claveIdempotencia: string };

/**
 * Issues a batch's chunk of documents through the same group commit as interactive issuing (bulk issuing: one call per
 * chunk of up to MAXIMO_GRUPO documents). The idempotency keys are looked up in one query (a resumed batch gets its
 * documents back), each request is validated and built on its own (a bad one is its own result), and the rest are
 * queued together, so each series' documents go in ONE transaction: allowance checked for the group, one block of
 * consecutive numbers, one insert, one commit. A failed group falls back to one transaction per document
 * (emitirGrupo), so every request gets its own answer. The results come back in the requests' order.
 */
export async function emitirLote(ctx: Contexto, auth: TAuth, solicitudes: TSolicitudLote[]): Promise<PromiseSettledResult<TResultado>[]> {
  const db = ctx.dbh.db;
  const claves = solicitudes.map((x) => x.claveIdempotencia);
  const previos = new Map<string, TFilaCreada>();
  for (let i = 0; i < claves.length; i += 500) {
    const filas = await db
      .select({ ...columnasCreada, clave: documentoContable.claveIdempotencia })
      .from(documentoContable)
      .where(and(eq(documentoContable.idEmpresa, auth.idEmpresa), inArray(documentoContable.claveIdempotencia, claves.slice(i, i + 500))));
    for (const f of filas) previos.set(f.clave!, f);
  }
  // Validate and build each one (their queries in parallel); a refusal is that request's result.
  const credenciales = new Map<string, Promise<TCredencialFirma | null>>();
  const preparadas = await Promise.allSettled(
    solicitudes.map(async ({ b, claveIdempotencia }) => {
      const previo = previos.get(claveIdempotencia);
      if (previo) return { previo };
      const p = await prepararEmision(ctx, auth, b);
      let credencial: TCredencialFirma | null = null;
      if (p.codigoTipo !== null) {
        const llave = p.huellaCertificado ?? '';
        let c = credenciales.get(llave);
        if (!c) credenciales.set(llave, (c = credencialConHuella(db, auth.idEmpresa, p.huellaCertificado)));
        credencial = await c;
      }
      const plantilla = p.armado.documento && credencial ? plantillaNumerable(p.armado.documento as TDocumentoNumerable, p.armado.totales ?? undefined) : null;
      return { p, credencial, plantilla };
    }),
  );
  // Then all of them into their series' queue at once, in the batch's order: they go in groups of MAXIMO_GRUPO.
  const pendientes: TPendiente[] = [];
  const promesas = preparadas.map((r, i): Promise<TResultado> => {
    if (r.status === 'rejected') return Promise.reject(r.reason);
    const v = r.value;
    if (v.previo) return Promise.resolve({ creado: respuesta(v.previo), repetido: true });
    const { b, claveIdempotencia } = solicitudes[i];
    return new Promise<TResultado>((resolver, rechazar) => {
      pendientes.push({ ctx, auth, b, claveIdempotencia, p: v.p, credencial: v.credencial, plantilla: v.plantilla, resolver, rechazar });
    });
  });
  encolarVarios(pendientes);
  return Promise.allSettled(promesas);
}

/** Largest group issued in one transaction (about 110 bind parameters per document; PostgreSQL allows 65,535). */
const MAXIMO_GRUPO = 50;
/** Per database and series: the requests waiting while a transaction on that series is in flight. */
const esperando = new WeakMap<object, Map<number, TPendiente[]>>();

function encolar(x: TPendiente): void {
  encolarVarios([x]);
}

/** Queues requests (in order) on their series; a series with no transaction in flight starts its loop. */
function encolarVarios(xs: TPendiente[]): void {
  const porSerieLote = new Map<number, TPendiente[]>();
  for (const x of xs) {
    const l = porSerieLote.get(x.p.s.id);
    if (l) l.push(x);
    else porSerieLote.set(x.p.s.id, [x]);
  }
  for (const [idSerie, lista] of porSerieLote) {
    const { ctx } = lista[0];
    let porSerie = esperando.get(ctx.dbh);
    if (!porSerie) esperando.set(ctx.dbh, (porSerie = new Map()));
    const cola = porSerie.get(idSerie);
    if (cola) {
      cola.push(...lista);
      continue;
    }
    const nueva: TPendiente[] = [...lista];
    const mapa = porSerie;
    mapa.set(idSerie, nueva);
    void (async () => {
      try {
        while (nueva.length) await emitirGrupo(nueva.splice(0, MAXIMO_GRUPO));
      } finally {
        mapa.delete(idSerie);
      }
    })();
  }
}

async function emitirGrupo(grupo: TPendiente[]): Promise<void> {
  try {
    const creadas = await guardarGrupo(grupo);
    grupo.forEach((x, i) => x.resolver({ creado: respuesta(creadas[i]), repetido: false }));
    // Committed: the other tills re-read the stock of the items these documents moved.
    avisarStock(grupo[0].ctx, grupo[0].auth.idEmpresa, grupo.flatMap((x) => x.b.ListaItems.map((l) => l.IdItem)));
  } catch (e) {
    if (grupo.length > 1) {
      // One request may be the cause (its Idempotency-Key already used, the allowance short of the whole group...):
      // each one again, alone, gets its own answer.
      for (const x of grupo) await emitirGrupo([x]);
      return;
    }
    const [x] = grupo;
    // The same Idempotency-Key raced in twice: the first one won; answer with its document.
    if (x.claveIdempotencia && esUnico(e, 'documento_contable_idempotencia_uq')) {
      try {
        const previo = await porClave(x.ctx.dbh.db, x.auth.idEmpresa, x.claveIdempotencia);
        if (previo) {
          comprobarHuella(previo.huellaSolicitud, x.huellaDeSolicitud);
          x.resolver({ creado: respuesta(previo), repetido: true });
          return;
        }
      } catch (e2) {
        x.rechazar(e2);
        return;
      }
    }
    x.rechazar(e);
  }
}

/** The transaction of a group of requests for one series (all of one company, document type and series). */
async function guardarGrupo(grupo: TPendiente[]): Promise<TFilaCreada[]> {
  const [primero] = grupo;
  const { s, codigoTipo } = primero.p;
  const idEmpresa = primero.auth.idEmpresa;
  return primero.ctx.dbh.db.transaction(async (tx) => {
    // The prepaid allowance first (guides are not sold): it locks the company's allowance row, so two issues cannot
    // both take the last document, and a refusal happens before any number is taken. Always allowance, then series:
    // one lock order everywhere, no deadlock.
    const cuenta = cuentaDelSaldo(primero.b.IdTipoDocumento);
    if (cuenta) await verificarSaldoComprobantes(tx, idEmpresa, cuenta === 'tributario', grupo.length);
    // The row lock on the series: UPDATE ... RETURNING locks the row exactly like SELECT ... FOR UPDATE and takes the
    // group's block of numbers in the same round trip; concurrent issuers on this series wait here until this
    // transaction ends, and a rollback gives the numbers back, so numbers have no gaps and no duplicates. The same
    // round trip takes the new documents' ids from their identity sequence, so lines and jobs go in with them (below).
    const [bloqueada] = await tx
      .update(serie)
      .set({ correlativo: sql`${serie.correlativo} + ${grupo.length}` })
      .where(eq(serie.id, s.id))
      .returning({
        correlativo: serie.correlativo,
        ids: sql<number[]>`(select array_agg(nextval('documento_contable_id_seq')::int) from generate_series(1, ${grupo.length}))`,
      });
    const ultimo = bloqueada.correlativo;
    if (ultimo > 99_999_999) throw validacion({ IdSerie: 'La serie llegó a su último número (99999999): cree una serie nueva' });
    const ids = bloqueada.ids.map(Number);
    const numerados = grupo.map((x, i) => ({ x, numero: ultimo - grupo.length + 1 + i, idDocumento: ids[i] }));
    // Only the number-dependent part runs under the lock: write the number into the prepared XML and sign it (the RSA
    // operations on the thread pool, in parallel, while the event loop serves other requests).
    const firmados = await Promise.all(
      numerados.map(async ({ x, numero }) => {
        if (!x.plantilla || !x.credencial) return null;
        const construido = x.plantilla.numerar(numero);
        return { construido, firmado: await firmarXmlAsincrono(construido, x.credencial) };
      }),
    );
    const idEstado = codigoTipo === null ? EstadoSunat.NO_DISPONIBLE : EstadoSunat.PENDIENTE_ENVIO;
    const filasDocumento: TFilaDocumento[] = [];
    const filasLinea: TFilaLinea[] = [];
    const creadas = numerados.map(({ x, numero, idDocumento }, i) => {
      const f = firmados[i];
      const { armado, emisor, contexto, afectado } = x.p;
      const documento = f ? f.construido.documento : armado.documento ? { ...armado.documento, numero } : null;
      const notaVenta = armado.notaVenta ? { ...armado.notaVenta, numero } : null;
      const hash = f ? f.firmado.digestValue : null;
      const qr = f && f.construido.totales && hash ? textoQrComprobante(f.construido.documento as TComprobante, f.construido.totales, hash) : null;
      const t = armado.totales;
      const m = montos(t);
      filasDocumento.push({
        id: idDocumento, id_empresa: idEmpresa, id_sucursal: s.idSucursal, id_serie: s.id, id_tipo_documento: x.b.IdTipoDocumento,
        ruc_emisor: emisor?.ruc ?? null, codigo_tipo: codigoTipo, serie: s.serie, correlativo: numero, fecha_emision: x.b.FechaEmision,
        hora_emision: contexto.horaEmision, fecha_vencimiento: x.b.FechaVencimiento ?? null, id_moneda: x.b.IdMoneda, id_condicion_pago: x.b.IdCondicionPago,
        id_entidad_receptor: armado.receptor.idEntidad, receptor_id_tipo_documento: armado.receptor.idTipoDocumento,
        receptor_numero_documento: armado.receptor.numeroDocumento, receptor_razon_social: armado.receptor.razonSocial,
        receptor_direccion: armado.receptor.direccion, receptor_correo: armado.receptor.correo,
        monto_sub_total: m.montoSubTotal, monto_igv: m.montoIgv, monto_isc: m.montoIsc, icbper: m.icbper, otros_cargos: m.otrosCargos,
        descuentos_globales: m.descuentosGlobales, monto_total: m.montoTotal, valor_igv: m.valorIgv, observaciones: x.b.Observaciones ?? null,
        datos: documento ?? notaVenta, nombre_archivo: f ? f.construido.nombre : null, xml_firmado: f ? f.firmado.xml : null, hash, texto_qr: qr,
        id_estado_sunat: idEstado, id_documento_afectado: afectado?.id ?? null, clave_idempotencia: x.claveIdempotencia ?? null,
        huella_solicitud: x.claveIdempotencia ? (x.huellaDeSolicitud ?? null) : null, log_usuario_crea: x.auth.idUsuario,
        id_centro_costo: x.b.IdCentroCosto ?? null,
      });
      filasLinea.push(...lineas(idEmpresa, idDocumento, x.b, t, x.auth.idUsuario));
      const creada: TFilaCreada = {
        id: idDocumento, idTipoDocumento: x.b.IdTipoDocumento, serie: s.serie, correlativo: numero, idEstadoSunat: idEstado, montoTotal: m.montoTotal, hash,
      };
      return creada;
    });
    // The sending module decides the channel (own job for facturas, their notes and guides; resumen diario for
    // boletas and their notes; nothing for internal documents).
    const trabajos = insercionTrabajoEnvio(tx, { idEmpresa, idDocumento: creadas.map((c) => c.id), codigoTipo, serie: s.serie });
    // Documents, lines and jobs in ONE statement (data-modifying CTEs; the foreign keys are checked at its end), the
    // series lock held for this one round trip. Rows travel as one JSON parameter each (json_to_recordset): building a
    // 40-column insert per document with the query builder cost more CPU than the rest of the issue (CPU profile).
    await tx.execute(
      sql`with documentos as (${insertarDocumentos(filasDocumento)}), lineas as (${insertarLineas(filasLinea)})${trabajos ? sql`, trabajos as (${sentencia(trabajos)})` : sql``} select 1`,
    );
    const emitidos: TEmitido[] = [];
    for (const [i, { x }] of numerados.entries()) {
      const emitido: TEmitido = {
        creado: respuesta(creadas[i]), b: x.b, idEmpresa, idSucursal: s.idSucursal, idUsuario: x.auth.idUsuario, idDocumentoAfectado: x.p.afectado?.id ?? null,
        cobroAparte: x.enLaTransaccion?.registraCobro === true,
        idPedido: x.enLaTransaccion?.idPedido ?? null,
      };
      for (const fn of trasEmitir) await fn(tx, emitido);
      if (x.enLaTransaccion) await x.enLaTransaccion(tx, emitido);
      emitidos.push(emitido);
    }
    for (const fn of trasEmitirGrupo) await fn(tx, emitidos);
    return creadas;
  });
}

/** Which allowance a document type uses: tax documents, internal documents, or none (guides). */
function cuentaDelSaldo(idTipoDocumento: number): 'tributario' | 'interno' | null {
  if ((TIPOS_TRIBUTARIOS as readonly number[]).includes(idTipoDocumento)) return 'tributario';
  if ((TIPOS_INTERNOS as readonly number[]).includes(idTipoDocumento)) return 'interno';
  return null;
}

/** A query builder's SQL as is: embedded directly, drizzle would wrap it in parentheses, which WITH does not accept. */
const sentencia = (q: object): SQL => (q as SQLWrapper).getSQL();

/** A documento_contable row as the insert below reads it from JSON (column names; amounts as decimal strings). */
type TFilaDocumento = Record<(typeof COLUMNAS_DOCUMENTO)[number][0], unknown>;
type TFilaLinea = ReturnType<typeof lineas>[number];

// [column, SQL type in the JSON record]; xml_firmado arrives as text and is stored as its UTF-8 bytes.
const COLUMNAS_DOCUMENTO = [
  ['id', 'integer'], ['id_empresa', 'integer'], ['id_sucursal', 'integer'], ['id_serie', 'integer'], ['id_tipo_documento', 'integer'],
  ['ruc_emisor', 'text'], ['codigo_tipo', 'text'], ['serie', 'text'], ['correlativo', 'integer'], ['fecha_emision', 'date'], ['hora_emision', 'text'],
  ['fecha_vencimiento', 'date'], ['id_moneda', 'smallint'], ['id_condicion_pago', 'smallint'], ['id_entidad_receptor', 'integer'],
  ['receptor_id_tipo_documento', 'smallint'], ['receptor_numero_documento', 'text'], ['receptor_razon_social', 'text'], ['receptor_direccion', 'text'],
  ['receptor_correo', 'text'], ['monto_sub_total', 'numeric'], ['monto_igv', 'numeric'], ['monto_isc', 'numeric'], ['icbper', 'numeric'],
  ['otros_cargos', 'numeric'], ['descuentos_globales', 'numeric'], ['monto_total', 'numeric'], ['valor_igv', 'numeric'], ['observaciones', 'text'],
  ['datos', 'jsonb'], ['nombre_archivo', 'text'], ['xml_firmado', 'text'], ['hash', 'text'], ['texto_qr', 'text'], ['id_estado_sunat', 'smallint'],
  ['id_documento_afectado', 'integer'], ['clave_idempotencia', 'text'], ['huella_solicitud', 'text'], ['log_usuario_crea', 'integer'],
  ['id_centro_costo', 'integer'],
] as const;
const COLUMNAS_LINEA = [
  ['id_empresa', 'integer'], ['id_documento', 'integer'], ['item', 'smallint'], ['id_item', 'integer'], ['codigo_item', 'text'],
  ['item_descripcion', 'text'], ['codigo_unidad', 'text'], ['cantidad', 'numeric'], ['valor_unitario', 'numeric'], ['precio_unitario', 'numeric'],
  ['descuento', 'numeric'], ['tipo_afectacion', 'text'], ['sub_total', 'numeric'], ['igv', 'numeric'], ['isc', 'numeric'], ['icbper', 'numeric'],
  ['total', 'numeric'], ['log_usuario_crea', 'integer'],
] as const;

/** insert into <tabla> (columns) select columns from json_to_recordset($1): the SQL text is built once per table. */
function insercionJson(tabla: string, columnas: readonly (readonly [string, string])[], convertir: Record<string, string> = {}) {
  const nombres = columnas.map(([c]) => c).join(', ');
  const seleccion = columnas.map(([c]) => convertir[c] ?? c).join(', ');
  const tipos = columnas.map(([c, t]) => `${c} ${t}`).join(', ');
  const antes = sql.raw(`insert into ${tabla} (${nombres}) select ${seleccion} from json_to_recordset(`);
  const despues = sql.raw(`::json) as x(${tipos})`);
  return (filas: object[]): SQL => sql`${antes}${JSON.stringify(filas)}${despues}`;
}
const insertarDocumentos = insercionJson('documento_contable', COLUMNAS_DOCUMENTO, { xml_firmado: "convert_to(xml_firmado, 'UTF8')" });
const insertarLineas = insercionJson('documento_contable_item', COLUMNAS_LINEA);

const d2 = (d: Decimal | undefined) => (d ?? new Decimal(0)).toFixed(2);

function montos(t: TTotales | null) {
  return {
    montoSubTotal: d2(t?.valorVenta),
    montoIgv: d2(t ? t.igv.plus(t.montoIvap) : undefined),
    montoIsc: d2(t?.isc),
    icbper: d2(t?.icbper),
    otrosCargos: d2(t?.totalCargos),
    descuentosGlobales: d2(t?.totalDescuentos),
    montoTotal: d2(t?.importeTotal),
    valorIgv: t?.lineas.find((l) => l.tributo === '1000')?.porcentajeIgv.toFixed(2) ?? '18.00',
  };
}

function lineas(idEmpresa: number, idDocumento: number, b: TDocumentoContableCrearParseado, t: TTotales | null, idUsuario: number) {
  return b.ListaItems.map((it, i) => {
    const l = t?.lineas[i];
    const cantidad = new Decimal(it.Cantidad);
    const total = l ? l.valorVenta.plus(l.totalImpuestos) : new Decimal(0);
    return {
      id_empresa: idEmpresa,
      id_documento: idDocumento,
      item: i + 1,
      id_item: it.IdItem ?? null,
      codigo_item: it.CodigoItem ?? null,
      item_descripcion: it.ItemDescripcion,
      codigo_unidad: it.CodigoUnidad || 'NIU',
      cantidad: cantidad.toFixed(10),
      valor_unitario: (l?.valorUnitario ?? new Decimal(it.ValorUnitario ?? 0)).toFixed(10),
      precio_unitario: (l?.precioUnitario ?? new Decimal(it.PrecioUnitario ?? 0)).toFixed(10),
      descuento: d2(l ? l.ajustes.filter((a) => !a.cargo).reduce((s, a) => s.plus(a.monto), new Decimal(0)) : undefined),
      tipo_afectacion: it.TipoAfectacion,
      sub_total: d2(l?.valorVenta),
      igv: d2(l?.igv),
      isc: d2(l?.isc?.monto),
      icbper: d2(l?.icbper?.monto),
      total: d2(total),
      log_usuario_crea: idUsuario,
    };
  });
}
