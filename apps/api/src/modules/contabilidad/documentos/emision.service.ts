import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import Decimal from 'decimal.js';
import {
  CodigoSunatDeTipo, EstadoSunat, ErrorCodes, MensajesError, TipoEmpresa,
  type TDocumentoContableCrearParseado, type TDocumentoContableCreado, type TTipoDocumentoContable,
} from '@yupana/contracts';
import { firmarXmlAsincrono, plantillaNumerable, textoQrComprobante, type TComprobante, type TDocumentoNumerable, type TTotales } from '@yupana/sunat';
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
import { documentoContable, documentoContableItem } from '../contabilidad.schema';
import { armarDocumento, ErroresCampo, type TAfectadoDatos, type TArmado, type TEmisorDatos } from './armar-documento';

/** A demo company (type 1) has no RUC yet: it signs with this valid test RUC and only ever sends to the simulator. */
export const RUC_DEMO = '20000000001';

const ZONA_LIMA = 'America/Lima';
const validacion = (errores: Record<string, string>, mensaje = MensajesError[ErrorCodes.VALIDACION]) =>
  new AppError(ErrorCodes.VALIDACION, mensaje, 400, { errores });

export const serieNumero = (s: string, n: number) => `${s}-${String(n).padStart(8, '0')}`;

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
export async function prepararEmision(ctx: Contexto, auth: TAuth, b: TDocumentoContableCrearParseado) {
  const db = ctx.dbh.db;
  const tipo = b.IdTipoDocumento as TTipoDocumentoContable;
  const codigoTipo = CodigoSunatDeTipo[tipo];
  const [emp] = await db
    .select({
      tipoEmpresa: empresa.tipoEmpresa, documento: empresa.documento, razonSocial: empresa.razonSocial, direccion: empresa.direccion, idUbigeo: empresa.idUbigeo,
      huellaCertificado,
    })
    .from(empresa)
    .where(eq(empresa.id, auth.idEmpresa));
  if (emp.tipoEmpresa === TipoEmpresa.SIN_RUC && codigoTipo !== null)
    throw validacion({ IdTipoDocumento: 'Una empresa sin RUC solo emite notas de venta' });

  const [s] = await db.select().from(serie).where(and(eq(serie.id, b.IdSerie), eq(serie.idEmpresa, auth.idEmpresa), eq(serie.logEstado, 1)));
  if (!s) throw validacion({ IdSerie: 'La serie no existe o está inactiva' });
  if (s.idTipoDocumento !== b.IdTipoDocumento) throw validacion({ IdSerie: 'La serie no corresponde al tipo de documento' });
  if (!auth.sucursales.includes(s.idSucursal)) throw validacion({ IdSerie: 'La serie pertenece a una sucursal a la que usted no tiene acceso' });

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

  const emisor: TEmisorDatos | null =
    codigoTipo === null
      ? null
      : {
          ruc: emp.documento ?? RUC_DEMO,
          razonSocial: emp.razonSocial,
          direccion: emp.direccion ?? '-',
          idUbigeo: emp.idUbigeo ?? '150101',
        };
  const contexto = { emisor, serie: s, afectado, horaEmision: b.FechaEmision === ahora.fecha ? ahora.hora : '12:00:00' };
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
 * Issues one document in ONE transaction: lock the series row, take the next number, build and sign the XML,
 * store document + lines + signed XML + hash + QR and queue the sending. Everything that can be checked without
 * the number is checked before the transaction, so bad input writes nothing and holds no lock.
 */
export async function emitirDocumento(
  ctx: Contexto,
  auth: TAuth,
  b: TDocumentoContableCrearParseado,
  claveIdempotencia?: string,
  /** Fingerprint of the client's request (lib/idempotencia.ts): the same key with another one is a 422, not a replay. */
  huellaDeSolicitud?: string,
): Promise<{ creado: TDocumentoContableCreado; repetido: boolean }> {
  const db = ctx.dbh.db;
  if (claveIdempotencia) {
    const previo = await porClave(db, auth.idEmpresa, claveIdempotencia);
    if (previo) {
      comprobarHuella(previo.huellaSolicitud, huellaDeSolicitud);
      return { creado: respuesta(previo), repetido: true };
    }
  }
  const { codigoTipo, s, emisor, contexto, afectado, armado, huellaCertificado: huella } = await prepararEmision(ctx, auth, b);
  const credencial = codigoTipo === null ? null : await credencialConHuella(db, auth.idEmpresa, huella);
  // The XML is built here, once, from the document and totals prepararEmision validated and computed: under the series
  // lock only the number is written in and the signature computed (its RSA on the thread pool, off the event loop).
  const plantilla = armado.documento && credencial ? plantillaNumerable(armado.documento as TDocumentoNumerable, armado.totales ?? undefined) : null;

  try {
    const fila = await db.transaction(async (tx) => {
      // The prepaid allowance first (guides are not sold): it locks the company's allowance row, so two issues cannot
      // both take the last document, and a refusal happens before any number is taken. Always allowance, then series:
      // one lock order everywhere, no deadlock.
      const cuenta = cuentaDelSaldo(b.IdTipoDocumento);
      if (cuenta) await verificarSaldoComprobantes(tx, auth.idEmpresa, cuenta === 'tributario');
      // The row lock on the series: UPDATE ... RETURNING locks the row exactly like SELECT ... FOR UPDATE and takes the
      // number in the same round trip; concurrent issuers on this series wait here until this transaction ends, and a
      // rollback gives the number back, so numbers have no gaps and no duplicates. The same round trip takes the new
      // document's id from its identity sequence, so the lines and the sending job can go in with it (below).
      const [bloqueada] = await tx
        .update(serie)
        .set({ correlativo: sql`${serie.correlativo} + 1` })
        .where(eq(serie.id, s.id))
        .returning({ correlativo: serie.correlativo, idDocumento: sql<number>`nextval('documento_contable_id_seq')::int` });
      const numero = bloqueada.correlativo;
      const idDocumento = Number(bloqueada.idDocumento);
      if (numero > 99_999_999) throw validacion({ IdSerie: 'La serie llegó a su último número (99999999): cree una serie nueva' });
      let documento = armado.documento ? { ...armado.documento, numero } : null;
      const notaVenta = armado.notaVenta ? { ...armado.notaVenta, numero } : null;
      let xml: string | null = null;
      let hash: string | null = null;
      let qr: string | null = null;
      let nombre: string | null = null;
      if (plantilla && credencial) {
        const construido = plantilla.numerar(numero);
        const firmado = await firmarXmlAsincrono(construido, credencial);
        documento = construido.documento;
        xml = firmado.xml;
        hash = firmado.digestValue;
        nombre = construido.nombre;
        if (construido.totales) qr = textoQrComprobante(documento as TComprobante, construido.totales, hash);
      }
      const t = armado.totales;
      const idEstado = codigoTipo === null ? EstadoSunat.NO_DISPONIBLE : EstadoSunat.PENDIENTE_ENVIO;
      const montosDoc = montos(t);
      const insercionDocumento = tx
        .insert(documentoContable)
        .values({
          id: idDocumento,
          idEmpresa: auth.idEmpresa,
          idSucursal: s.idSucursal,
          idSerie: s.id,
          idTipoDocumento: b.IdTipoDocumento,
          rucEmisor: emisor?.ruc ?? null,
          codigoTipo,
          serie: s.serie,
          correlativo: numero,
          fechaEmision: b.FechaEmision,
          horaEmision: contexto.horaEmision,
          fechaVencimiento: b.FechaVencimiento ?? null,
          idMoneda: b.IdMoneda,
          idCondicionPago: b.IdCondicionPago,
          idEntidadReceptor: armado.receptor.idEntidad,
          receptorIdTipoDocumento: armado.receptor.idTipoDocumento,
          receptorNumeroDocumento: armado.receptor.numeroDocumento,
          receptorRazonSocial: armado.receptor.razonSocial,
          receptorDireccion: armado.receptor.direccion,
          receptorCorreo: armado.receptor.correo,
          ...montosDoc,
          observaciones: b.Observaciones ?? null,
          datos: documento ?? notaVenta,
          nombreArchivo: nombre,
          xmlFirmado: xml === null ? null : Buffer.from(xml, 'utf8'),
          hash,
          textoQr: qr,
          idEstadoSunat: idEstado,
          idDocumentoAfectado: afectado?.id ?? null,
          claveIdempotencia: claveIdempotencia ?? null,
          huellaSolicitud: claveIdempotencia ? (huellaDeSolicitud ?? null) : null,
          logUsuarioCrea: auth.idUsuario,
        });
      const insercionLineas = tx.insert(documentoContableItem).values(lineas(auth.idEmpresa, idDocumento, b, t, auth.idUsuario));
      // The sending module decides the channel (own job for facturas, their notes and guides; resumen diario for
      // boletas and their notes; nothing for internal documents).
      const insercionTrabajo = insercionTrabajoEnvio(tx, { idEmpresa: auth.idEmpresa, idDocumento, codigoTipo, serie: s.serie });
      // Document, lines and job in ONE statement (data-modifying CTEs; the foreign keys are checked at its end): the
      // series lock is held for this round trip instead of three. Everything the answer needs is known here.
      await tx.execute(
        sql`with documento as (${sentencia(insercionDocumento)}), lineas as (${sentencia(insercionLineas)})${insercionTrabajo ? sql`, trabajo as (${sentencia(insercionTrabajo)})` : sql``} select 1`,
      );
      const creada: TFilaCreada = {
        id: idDocumento, idTipoDocumento: b.IdTipoDocumento, serie: s.serie, correlativo: numero, idEstadoSunat: idEstado, montoTotal: montosDoc.montoTotal, hash,
      };
      return creada;
    });
    return { creado: respuesta(fila), repetido: false };
  } catch (e) {
    // The same Idempotency-Key raced in twice: the first one won; answer with its document.
    if (claveIdempotencia && esUnico(e, 'documento_contable_idempotencia_uq')) {
      const previo = await porClave(db, auth.idEmpresa, claveIdempotencia);
      if (previo) {
        comprobarHuella(previo.huellaSolicitud, huellaDeSolicitud);
        return { creado: respuesta(previo), repetido: true };
      }
    }
    throw e;
  }
}

/** Which allowance a document type uses: tax documents, internal documents, or none (guides). */
function cuentaDelSaldo(idTipoDocumento: number): 'tributario' | 'interno' | null {
  if ((TIPOS_TRIBUTARIOS as readonly number[]).includes(idTipoDocumento)) return 'tributario';
  if ((TIPOS_INTERNOS as readonly number[]).includes(idTipoDocumento)) return 'interno';
  return null;
}

/** A query builder's SQL as is: embedded directly, drizzle would wrap it in parentheses, which WITH does not accept. */
const sentencia = (q: object): SQL => (q as SQLWrapper).getSQL();

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
      idEmpresa,
      idDocumento,
      item: i + 1,
      idItem: it.IdItem ?? null,
      codigoItem: it.CodigoItem ?? null,
      itemDescripcion: it.ItemDescripcion,
      codigoUnidad: it.CodigoUnidad || 'NIU',
      cantidad: cantidad.toFixed(10),
      valorUnitario: (l?.valorUnitario ?? new Decimal(it.ValorUnitario ?? 0)).toFixed(10),
      precioUnitario: (l?.precioUnitario ?? new Decimal(it.PrecioUnitario ?? 0)).toFixed(10),
      descuento: d2(l ? l.ajustes.filter((a) => !a.cargo).reduce((s, a) => s.plus(a.monto), new Decimal(0)) : undefined),
      tipoAfectacion: it.TipoAfectacion,
      subTotal: d2(l?.valorVenta),
      igv: d2(l?.igv),
      isc: d2(l?.isc?.monto),
      icbper: d2(l?.icbper?.monto),
      total: d2(total),
      logUsuarioCrea: idUsuario,
    };
  });
}
