// The GRE remitente of a transfer between establishments (branches, or warehouses with an address of their own; motivo 04, "Traslado entre establecimientos de la misma empresa"),
// issued through the one issuing engine: this file only turns a transfer into the engine's request. The transfer
// moves the stock; the guide documents the transport and moves nothing (decisions.md).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCodes, MensajesError, serieNumero, type TDocumentoContableCrear, type TDocumentoContableCrearParseado, type TMovimiento, ZDocumentoContableCrear, type ZGuiaTraslado, type ZMovimientoGuardar } from '@yupana/contracts';
import type { z } from 'zod';
import { empresa, sucursal } from '../../db/schema';
import { AppError, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { serie } from '../entidades/series/series.schema';
// eslint-disable-next-line yupana/no-cross-import -- a transfer's guide is issued through the one issuing engine, inside its transaction
import { emitirDocumento, RUC_DEMO, type TEmitido, type TTransaccionEmision } from '../contabilidad/documentos/emision.service';
import { almacen, movimiento, movimientoDetalle } from './inventario.schema';
import { item } from './logistica.schema';
import { asentarMovimiento, ESTADOS_GUIA_LIBRE, obtenerMovimiento, prepararMovimiento } from './inventario.service';
import { hoyLima } from './lotes.service';
import { avisarStock } from './stock-en-vivo';

type TGuia = z.output<typeof ZGuiaTraslado>;
type TLineaGuia = { codigo: string; descripcion: string; unidad: string; cantidad: string };

const GRE_REMITENTE = 1007;
const MOTIVO_ENTRE_ESTABLECIMIENTOS = '04';

/** Field errors of the issuing request, renamed to the transfer guide's fields (prefix 'Guia.' when it came inside the transfer). */
function renombrarErrores(e: unknown, prefijo: string): unknown {
  if (!(e instanceof AppError) || !e.errores) return e;
  const errores: Record<string, string> = {};
  for (const [campo, mensaje] of Object.entries(e.errores)) {
    const propio = campo
      .replace(/^Traslado\.Placas(\.\d+)?$/, 'Placa')
      .replace(/^Traslado\.PuntoPartida.*$/, 'IdAlmacen')
      .replace(/^Traslado\.PuntoLlegada.*$/, 'IdAlmacenDestino')
      .replace(/^Traslado\./, '')
      .replace(/^ListaConductores\.0\.?/, 'Conductor.')
      .replace(/\.$/, '')
      .replace(/^ListaEntidades.*$/, 'Empresa')
      .replace(/^ListaItems\./, 'Lineas.')
      .replace(/^(FechaEmision|fechaInicioTraslado)$/, 'FechaTraslado');
    errores[prefijo + propio] = mensaje;
  }
  return new AppError(e.code, e.mensaje, e.status, { errores });
}

/** A point of the guide: the warehouse's own address when it has one (branch guiaalm), else its branch's. */
type TPunto = { direccion: string | null; idUbigeo: string | null; codigoAnexo: string | null; propio: boolean; nombreAlmacen: string; sucursal: typeof sucursal.$inferSelect };
const mismaDireccion = (a: TPunto, b: TPunto) =>
  a.idUbigeo === b.idUbigeo && (a.direccion ?? '').normalize('NFD').replace(/\p{Diacritic}|[^\p{L}\p{N}]/gu, '').toUpperCase() === (b.direccion ?? '').normalize('NFD').replace(/\p{Diacritic}|[^\p{L}\p{N}]/gu, '').toUpperCase();

/** The points of the two warehouses, the company and the guide series: everything the request needs besides the lines. */
async function datosDelTraslado(ctx: Contexto, auth: TAuth, idAlmacen: number, idAlmacenDestino: number, guia: TGuia, prefijo: string) {
  const db = ctx.dbh.db;
  const filas = await db
    .select({ a: almacen, s: sucursal })
    .from(almacen)
    .innerJoin(sucursal, eq(sucursal.id, almacen.idSucursal))
    .where(and(eq(almacen.idEmpresa, auth.idEmpresa), inArray(almacen.id, [idAlmacen, idAlmacenDestino])));
  const punto = (id: number): TPunto | undefined => {
    const f = filas.find((x) => x.a.id === id);
    if (!f) return undefined;
    return f.a.direccion
      ? { direccion: f.a.direccion, idUbigeo: f.a.idUbigeo, codigoAnexo: f.a.codigoAnexo, propio: true, nombreAlmacen: f.a.nombre, sucursal: f.s }
      : { direccion: f.s.direccion, idUbigeo: f.s.idUbigeo, codigoAnexo: f.s.codigoAnexo, propio: false, nombreAlmacen: f.a.nombre, sucursal: f.s };
  };
  const origen = punto(idAlmacen);
  const destino = punto(idAlmacenDestino);
  if (!origen || !destino) throw noEncontrado('No se encontró el almacén');
  const errores: Record<string, string> = {};
  for (const [campo, p] of [['IdAlmacen', origen], ['IdAlmacenDestino', destino]] as const) {
    if (!p.propio && (!p.direccion || !p.idUbigeo)) errores[`${prefijo}${campo}`] = `La sucursal ${p.sucursal.razonSocial} no tiene dirección o ubigeo: complételos en Sucursales`;
    // SUNAT (motivo 04) wants on both points the annex code declared in the RUC for that address (3365/3369, and
    // 3366/3367, 3370/3371 check it against the RUC's establishments and their ubigeo): the branch's code would not do.
    else if (p.propio && !p.codigoAnexo)
      errores[`${prefijo}${campo}`] = `El almacén ${p.nombreAlmacen} tiene dirección propia pero no su código de establecimiento anexo: SUNAT lo exige en la guía de traslado entre establecimientos; anote en Almacenes el código que figura en la ficha RUC`;
  }
  if (!errores[`${prefijo}IdAlmacenDestino`] && !errores[`${prefijo}IdAlmacen`]) {
    if (origen.sucursal.id === destino.sucursal.id && !origen.propio && !destino.propio)
      errores[`${prefijo}IdAlmacenDestino`] = 'Los dos almacenes son de la misma sucursal y ninguno tiene dirección propia: la guía de traslado (motivo 04) es entre establecimientos distintos; registre la dirección del almacén en Almacenes';
    else if ((origen.propio || destino.propio) && mismaDireccion(origen, destino))
      errores[`${prefijo}IdAlmacenDestino`] = `Los almacenes ${origen.nombreAlmacen} y ${destino.nombreAlmacen} están en la misma dirección: la guía de traslado (motivo 04) es entre establecimientos distintos`;
    else if ((origen.propio || destino.propio) && origen.codigoAnexo === destino.codigoAnexo)
      errores[`${prefijo}IdAlmacenDestino`] = `Los almacenes ${origen.nombreAlmacen} y ${destino.nombreAlmacen} tienen el mismo código de establecimiento anexo (${origen.codigoAnexo}): cada establecimiento tiene el suyo en la ficha RUC`;
  }
  const [emp] = await db.select({ documento: empresa.documento, razonSocial: empresa.razonSocial }).from(empresa).where(eq(empresa.id, auth.idEmpresa));
  const series = await db
    .select({ id: serie.id, idSucursal: serie.idSucursal })
    .from(serie)
    .where(and(eq(serie.idEmpresa, auth.idEmpresa), eq(serie.idTipoDocumento, GRE_REMITENTE), eq(serie.logEstado, 1)))
    .orderBy(asc(serie.serie));
  // The guide leaves from the origin: its series is one of the origin branch's (the engine checks the user's access).
  const idSerie = guia.IdSerie ?? series.find((s) => s.idSucursal === origen.sucursal.id)?.id;
  if (!idSerie) errores[`${prefijo}IdSerie`] = `La sucursal ${origen.sucursal.razonSocial} no tiene una serie de guías de remisión remitente`;
  else if (series.find((s) => s.id === idSerie)?.idSucursal !== origen.sucursal.id) errores[`${prefijo}IdSerie`] = 'La serie debe ser de guías de remisión remitente de la sucursal de origen';
  if (Object.keys(errores).length) throw new AppError(ErrorCodes.VALIDACION, MensajesError[ErrorCodes.VALIDACION], 400, { errores });
  return { origen, destino, emp, idSerie: idSerie! };
}

/** The issuing request, parsed by the documents' own contract (its defaults and rules), as the documents route does. */
function solicitud(d: Awaited<ReturnType<typeof datosDelTraslado>>, guia: TGuia, lineas: TLineaGuia[], numeroMovimiento: string, prefijo: string): TDocumentoContableCrearParseado {
  const r = ZDocumentoContableCrear.safeParse(cuerpo(d, guia, lineas, numeroMovimiento));
  if (r.success) return r.data;
  const errores = Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  throw renombrarErrores(new AppError(ErrorCodes.VALIDACION, MensajesError[ErrorCodes.VALIDACION], 400, { errores }), prefijo);
}

function cuerpo(d: Awaited<ReturnType<typeof datosDelTraslado>>, guia: TGuia, lineas: TLineaGuia[], numeroMovimiento: string): TDocumentoContableCrear {
  const ruc = d.emp.documento ?? RUC_DEMO;
  // SUNAT (rules 3365/3369/3414): with motivo 04 both points carry the establishment code and the sender's own RUC.
  const punto = (p: TPunto) => ({ IdUbigeo: p.idUbigeo!, Direccion: p.direccion!, RucAsociado: ruc, CodigoEstablecimiento: p.codigoAnexo! });
  return {
    IdTipoDocumento: GRE_REMITENTE,
    IdSerie: d.idSerie,
    IdMoneda: 1,
    IdCondicionPago: 1,
    // Issued today; SUNAT refuses a transport that starts before the issue date (the engine says so on FechaTraslado).
    FechaEmision: hoyLima(),
    Observaciones: (guia.Observaciones ?? `Transferencia ${numeroMovimiento}`).slice(0, 250),
    ListaItems: lineas.map((l) => ({ CodigoItem: l.codigo, ItemDescripcion: l.descripcion, CodigoUnidad: l.unidad, Cantidad: l.cantidad })),
    // The destinatario of a transfer between establishments is the company itself.
    ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: ruc, RazonSocial: d.emp.razonSocial }],
    ListaCuotas: [],
    ListaReferencias: [],
    Traslado: {
      PuntoPartida: punto(d.origen),
      PuntoLlegada: punto(d.destino),
      FechaTraslado: guia.FechaTraslado,
      MotivoTraslado: MOTIVO_ENTRE_ESTABLECIMIENTOS,
      ModalidadTraslado: guia.ModalidadTraslado,
      PesoBrutoTotal: guia.PesoBrutoTotal,
      UnidadPeso: guia.UnidadPeso,
      ...(guia.NumeroBultos ? { NumeroBultos: guia.NumeroBultos } : {}),
      ...(guia.ModalidadTraslado === '01'
        ? { RucTransportista: guia.RucTransportista, RazonSocialTransportista: guia.RazonSocialTransportista, ...(guia.RegistroMtc ? { RegistroMtc: guia.RegistroMtc } : {}) }
        : { Placas: guia.Placa ? [guia.Placa] : [] }),
    },
    ListaConductores: guia.ModalidadTraslado === '02' && guia.Conductor ? [guia.Conductor] : [],
  };
}

async function emitir(ctx: Contexto, auth: TAuth, b: TDocumentoContableCrearParseado, prefijo: string, enLaTransaccion: (tx: TTransaccionEmision, emitido: TEmitido) => Promise<void>) {
  try {
    return (await emitirDocumento(ctx, auth, b, undefined, undefined, enLaTransaccion)).creado;
  } catch (e) {
    throw renombrarErrores(e, prefijo);
  }
}

/** A new transfer and its guide in ONE transaction (the guide's issue): both or neither. */
export async function registrarTrasladoConGuia(ctx: Contexto, auth: TAuth, b: z.output<typeof ZMovimientoGuardar> & { Guia: TGuia }): Promise<TMovimiento> {
  const p = await prepararMovimiento(ctx, auth, b);
  const d = await datosDelTraslado(ctx, auth, b.IdAlmacen, b.IdAlmacenDestino!, b.Guia, 'Guia.');
  const lineas = b.Lineas.map((l) => {
    const it = p.items.get(l.IdItem)!;
    return { codigo: it.codigo, descripcion: it.descripcion, unidad: it.unidad, cantidad: l.Cantidad };
  });
  let idMovimiento = 0;
  await emitir(ctx, auth, solicitud(d, b.Guia, lineas, 'de almacén', 'Guia.'), 'Guia.', async (tx, emitido) => {
    idMovimiento = await asentarMovimiento(tx, auth, p, emitido.creado.Id);
  });
  avisarStock(ctx, auth.idEmpresa, p.ids);
  return obtenerMovimiento(ctx, auth, idMovimiento);
}

/** The guide of a transfer already posted: once (the movement's row lock and the unique id_guia refuse a second one). */
export async function emitirGuiaDeTraslado(ctx: Contexto, auth: TAuth, idMovimiento: number, guia: TGuia): Promise<TMovimiento> {
  const db = ctx.dbh.db;
  const [m] = await db.select().from(movimiento).where(and(eq(movimiento.idEmpresa, auth.idEmpresa), eq(movimiento.id, idMovimiento)));
  if (!m) throw noEncontrado('No se encontró el movimiento');
  if (m.clase !== 'T' || m.idAlmacenDestino === null || m.idMovimientoRevertido !== null) throw new AppError(ErrorCodes.MOVIMIENTO_NO_TRASLADO, undefined, 400);
  // Branch logpres: a guide rejected by SUNAT or voided frees the transfer (read again under the row lock below).
  const yaTiene = async (idGuia: number | null, ex: Pick<typeof db, 'execute'> = db) => {
    if (idGuia === null) return;
    const r = (await ex.execute(sql`select serie, correlativo, id_estado_sunat from documento_contable where id = ${idGuia}`)) as unknown as { rows: { serie: string; correlativo: number; id_estado_sunat: number }[] };
    const g = r.rows[0];
    if (g && ESTADOS_GUIA_LIBRE.includes(Number(g.id_estado_sunat))) return;
    throw new AppError(ErrorCodes.TRASLADO_CON_GUIA, g ? `La transferencia ya tiene su guía de remisión ${serieNumero(g.serie, g.correlativo)}` : undefined, 409);
  };
  await yaTiene(m.idGuia);
  const d = await datosDelTraslado(ctx, auth, m.idAlmacen, m.idAlmacenDestino, guia, '');
  // The goods that left the origin (the transfer's negative lines), in their order.
  const salidas = await db
    .select({ codigo: item.codigo, descripcion: item.descripcion, unidad: item.codigoUnidad, cantidad: movimientoDetalle.cantidad })
    .from(movimientoDetalle)
    .innerJoin(item, eq(item.id, movimientoDetalle.idItem))
    .where(and(eq(movimientoDetalle.idMovimiento, m.id), eq(movimientoDetalle.idAlmacen, m.idAlmacen), sql`${movimientoDetalle.cantidad} < 0`))
    .orderBy(asc(movimientoDetalle.id));
  const lineas = salidas.map((s) => ({ codigo: s.codigo, descripcion: s.descripcion, unidad: s.unidad, cantidad: s.cantidad.replace(/^-/, '').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') }));
  await emitir(ctx, auth, solicitud(d, guia, lineas, `MOV-${m.numero ?? m.id}`, ''), '', async (tx, emitido) => {
    // Two requests at once: the second waits on this lock and then finds the first one's guide.
    const r = (await tx.execute(sql`select id_guia from movimiento_inventario where id = ${m.id} for update`)) as unknown as { rows: { id_guia: number | null }[] };
    await yaTiene(r.rows[0].id_guia, tx);
    await tx.execute(sql`update movimiento_inventario set id_guia = ${emitido.creado.Id}, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now() where id = ${m.id}`);
    await tx.execute(sql`insert into movimiento_guia (id_empresa, id_movimiento, id_guia, log_usuario_crea) values (${auth.idEmpresa}, ${m.id}, ${emitido.creado.Id}, ${auth.idUsuario})`);
  });
  return obtenerMovimiento(ctx, auth, m.id);
}
