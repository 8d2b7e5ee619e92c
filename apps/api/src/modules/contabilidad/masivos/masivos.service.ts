import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  ErrorCodes, LIMITES_MASIVO, MensajesError, TAMANO_MAXIMO_MASIVO_TEXTO, ZDocumentoContableCrear,
  type TDocumentoContableCrearParseado, type TDocumentoMasivo, type TErrorFilaMasivo, type TLoteMasivo, type TLoteMasivoDetalle,
} from '@yupana/contracts';
import { sucursal } from '../../../db/schema';
import { AppError, noEncontrado } from '../../../lib/app-error';
import type { TAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { serie } from '../../entidades/series/series.schema';
import { prepararEmision } from '../documentos/emision.service';
import { entidad } from '../../entidades/entidades.schema';
import { item } from '../../logistica/logistica.schema';
import { cargarLibro, claveSerie, codigosDeItems, leerDocumentos, ubicarCampo, type TDocumentoLeido, type TItemCatalogo, type TSeriesDisponibles } from './lectura';
import { loteMasivo, loteMasivoDocumento } from './masivos.schema';
import { generarPlantilla } from './plantilla';
import { COLA_MASIVOS } from './procesador';
import { encolar } from '../../../lib/trabajos/cola';

const NOMBRE_TIPO: Record<number, string> = { 1003: 'Factura', 1004: 'Boleta de venta' };
const MAX_ERRORES = 500;
const VALIDACION_EN_PARALELO = 16;

export const hoyLima = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** Active factura/boleta series in the uploader's branches. */
async function seriesDisponibles(ctx: Contexto, auth: TAuth) {
  if (auth.sucursales.length === 0) return [];
  return ctx.dbh.db
    .select({ id: serie.id, serie: serie.serie, idTipoDocumento: serie.idTipoDocumento, sucursal: sucursal.razonSocial, descripcion: sucursal.descripcion })
    .from(serie)
    .innerJoin(sucursal, eq(sucursal.id, serie.idSucursal))
    .where(and(eq(serie.idEmpresa, auth.idEmpresa), eq(serie.logEstado, 1), inArray(serie.idTipoDocumento, [1003, 1004]), inArray(serie.idSucursal, auth.sucursales)))
    .orderBy(asc(serie.idTipoDocumento), asc(serie.serie));
}

export async function plantilla(ctx: Contexto, auth: TAuth): Promise<Buffer> {
  const series = await seriesDisponibles(ctx, auth);
  return generarPlantilla(series.map((s) => ({ serie: s.serie, tipo: NOMBRE_TIPO[s.idTipoDocumento], sucursal: s.descripcion || s.sucursal })));
}

/** Customers already registered (as clientes) are linked by their document, so their issued documents list under them. */
async function enlazarClientes(ctx: Contexto, idEmpresa: number, documentos: TDocumentoLeido[]): Promise<void> {
  const receptores = documentos.flatMap((d) => d.solicitud.ListaEntidades ?? []).filter((e) => e.NumeroDocumento);
  const numeros = [...new Set(receptores.map((e) => e.NumeroDocumento.trim()))];
  const ids = new Map<string, number>();
  for (let i = 0; i < numeros.length; i += 500)
    for (const f of await ctx.dbh.db
      .select({ id: entidad.id, idTipoDocumento: entidad.idTipoDocumento, documento: entidad.documento })
      .from(entidad)
      .where(and(eq(entidad.idEmpresa, idEmpresa), eq(entidad.tipoEntidad, 6), eq(entidad.logEstado, 1), inArray(entidad.documento, numeros.slice(i, i + 500)))))
      ids.set(`${f.idTipoDocumento}|${f.documento}`, f.id);
  for (const e of receptores) {
    const id = ids.get(`${e.IdTipoDocumento}|${e.NumeroDocumento.trim()}`);
    if (id) e.IdEntidad = id;
  }
}

/** The 400 of a file with errors: every error by row and column; nothing was issued. */
export class ErroresArchivo extends AppError {
  constructor(readonly filas: TErrorFilaMasivo[]) {
    super(ErrorCodes.MASIVO_CON_ERRORES, MensajesError[ErrorCodes.MASIVO_CON_ERRORES], 400);
  }
}

/**
 * Validates EVERY document of the file with the issuing contract and the issuing rules (the same checks as
 * POST documentoContable, without writing), then, only if there is no error at all, stores the batch and its
 * documents in one transaction. The background processor issues them.
 */
export async function subirLote(ctx: Contexto, auth: TAuth, nombreArchivo: string, base64: string): Promise<TLoteMasivo> {
  const contenido = Buffer.from(base64, 'base64');
  if (contenido.length > LIMITES_MASIVO.MAX_BYTES) throw new AppError(ErrorCodes.MASIVO_DEMASIADOS, `El archivo supera los ${TAMANO_MAXIMO_MASIVO_TEXTO}: divídalo en varios archivos`, 400);
  const libro = await cargarLibro(contenido);
  const series: TSeriesDisponibles = new Map((await seriesDisponibles(ctx, auth)).map((s) => [claveSerie(s.idTipoDocumento, s.serie), s.id]));
  const codigos = codigosDeItems(libro);
  const items = new Map<string, TItemCatalogo>();
  for (let i = 0; i < codigos.length; i += 500)
    for (const it of await ctx.dbh.db
      .select({
        id: item.id, codigo: item.codigo, descripcion: item.descripcion, codigoUnidad: item.codigoUnidad, precio: item.precio,
        precioIncluyeIgv: item.precioIncluyeIgv, afectacionIgv: item.afectacionIgv,
      })
      .from(item)
      .where(and(eq(item.idEmpresa, auth.idEmpresa), eq(item.logEstado, 1), inArray(sql`upper(${item.codigo})`, codigos.slice(i, i + 500)))))
      items.set(it.codigo.toUpperCase(), it);
  const { documentos, errores, letras } = leerDocumentos(libro, series, hoyLima(), items);
  await enlazarClientes(ctx, auth.idEmpresa, documentos);

  const parseados: { d: (typeof documentos)[number]; solicitud: TDocumentoContableCrearParseado }[] = [];
  const anotador = (d: TDocumentoLeido) => (campo: string, mensaje: string) => {
    const { fila, clave } = ubicarCampo(campo, d.filas);
    errores.push({ Fila: fila, Columna: columnaTitulo(clave), Letra: letras[clave], Mensaje: mensaje });
  };
  // The issuing checks of a 10,000-document file: a few documents at a time (their queries overlap), in file order.
  for (let i = 0; i < documentos.length && errores.length < MAX_ERRORES; i += VALIDACION_EN_PARALELO) {
    const tanda = documentos.slice(i, i + VALIDACION_EN_PARALELO);
    const revisados = await Promise.all(
      tanda.map(async (d) => {
        const r = ZDocumentoContableCrear.safeParse(d.solicitud);
        if (!r.success) return { d, issues: r.error.issues };
        try {
          await prepararEmision(ctx, auth, r.data);
          return { d, solicitud: r.data };
        } catch (e) {
          if (!(e instanceof AppError) || e.status >= 500) throw e;
          return { d, error: e };
        }
      }),
    );
    for (const x of revisados) {
      const anotar = anotador(x.d);
      if (x.issues) for (const is of x.issues) anotar(is.path.join('.'), is.message);
      else if (x.error) {
        const e = x.error;
        if (e.errores && Object.keys(e.errores).length) for (const [campo, m] of Object.entries(e.errores)) anotar(campo, m);
        else anotar('documento', e.mensaje);
      } else if (x.solicitud) parseados.push({ d: x.d, solicitud: x.solicitud });
    }
  }
  if (errores.length) {
    // One message per cell (the first: zod may give two for one value).
    const vistos = new Set<string>();
    const unicos = errores.filter((x) => !vistos.has(`${x.Fila}|${x.Columna}`) && !!vistos.add(`${x.Fila}|${x.Columna}`));
    throw new ErroresArchivo(unicos.sort((a, b) => a.Fila - b.Fila || a.Letra.length - b.Letra.length || a.Letra.localeCompare(b.Letra)).slice(0, MAX_ERRORES));
  }

  const identidad = { usuario: auth.usuario, idCuenta: auth.idCuenta, sucursales: auth.sucursales, empresa: auth.empresa };
  const lote = await ctx.dbh.db.transaction(async (tx) => {
    const [l] = await tx
      .insert(loteMasivo)
      .values({ idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, identidad, nombreArchivo, total: parseados.length, logUsuarioCrea: auth.idUsuario })
      .returning();
    for (let i = 0; i < parseados.length; i += 200)
      await tx.insert(loteMasivoDocumento).values(
        parseados.slice(i, i + 200).map((p, j) => ({
          idEmpresa: auth.idEmpresa,
          idLote: l.id,
          numero: i + j + 1,
          documento: p.d.clave.slice(0, 50),
          fila: p.d.filas[0],
          solicitud: p.solicitud,
          logUsuarioCrea: auth.idUsuario,
        })),
      );
    // The batch's job, in the same transaction: no batch without its job (the commit wakes the runners).
    await encolar(tx, { cola: COLA_MASIVOS, idReferencia: l.id, idEmpresa: auth.idEmpresa });
    return l;
  });
  return aLote({ ...lote, usuario: auth.usuario });
}

const columnaTitulo = (clave: string) => ({
  Documento: 'Documento', Tipo: 'Tipo', Serie: 'Serie', FechaEmision: 'Fecha de emisión', Moneda: 'Moneda', TipoDocCliente: 'Tipo doc. cliente',
  NumeroDocCliente: 'Nro. doc. cliente', Cliente: 'Cliente', DireccionCliente: 'Dirección cliente', CorreoCliente: 'Correo cliente', Observaciones: 'Observaciones',
  CodigoItem: 'Código', Descripcion: 'Descripción', Unidad: 'Unidad', Cantidad: 'Cantidad', PrecioUnitario: 'Precio unitario (con IGV)', Afectacion: 'Afectación IGV',
})[clave] ?? clave;

type TFilaLote = typeof loteMasivo.$inferSelect & { usuario: string | null };

function aLote(l: TFilaLote): TLoteMasivo {
  return {
    Id: l.id,
    NombreArchivo: l.nombreArchivo,
    Estado: l.estado as TLoteMasivo['Estado'],
    Total: l.total,
    Procesados: l.procesados,
    Correctos: l.correctos,
    Fallidos: l.fallidos,
    Porcentaje: l.total === 0 ? 100 : Math.floor((l.procesados * 100) / l.total),
    Usuario: l.usuario,
    FechaCreacion: l.logFechaCrea.toISOString(),
    FechaFin: l.fechaFin?.toISOString() ?? null,
  };
}

const conUsuario = (l: typeof loteMasivo.$inferSelect): TFilaLote => ({ ...l, usuario: (l.identidad as { usuario?: string }).usuario ?? null });

export async function listarLotes(ctx: Contexto, idEmpresa: number, pagina: number, regxpag: number): Promise<{ Data: TLoteMasivo[]; Count: number }> {
  const db = ctx.dbh.db;
  const filas = await db
    .select()
    .from(loteMasivo)
    .where(eq(loteMasivo.idEmpresa, idEmpresa))
    .orderBy(desc(loteMasivo.id))
    .limit(regxpag)
    .offset((pagina - 1) * regxpag);
  const [{ n }] = await db.select({ n: count() }).from(loteMasivo).where(eq(loteMasivo.idEmpresa, idEmpresa));
  return { Data: filas.map((l) => aLote(conUsuario(l))), Count: Number(n) };
}

async function loteDeEmpresa(ctx: Contexto, idEmpresa: number, id: number) {
  const [l] = await ctx.dbh.db.select().from(loteMasivo).where(and(eq(loteMasivo.id, id), eq(loteMasivo.idEmpresa, idEmpresa)));
  if (!l) throw noEncontrado('No se encontró el lote de emisión masiva');
  return l;
}

async function documentosDeLote(ctx: Contexto, idLote: number): Promise<TDocumentoMasivo[]> {
  const filas = await ctx.dbh.db.select().from(loteMasivoDocumento).where(eq(loteMasivoDocumento.idLote, idLote)).orderBy(asc(loteMasivoDocumento.numero));
  return filas.map((d) => ({
    Numero: d.numero,
    Documento: d.documento,
    Fila: d.fila,
    Estado: d.estado as TDocumentoMasivo['Estado'],
    IdDocumento: d.idDocumento,
    SerieNumero: d.serieNumero,
    MontoTotal: d.montoTotal,
    Error: d.error,
  }));
}

export async function obtenerLote(ctx: Contexto, idEmpresa: number, id: number): Promise<TLoteMasivoDetalle> {
  const l = await loteDeEmpresa(ctx, idEmpresa, id);
  return { ...aLote(conUsuario(l)), ListaDocumentos: await documentosDeLote(ctx, l.id) };
}

const ESTADO_TEXTO: Record<string, string> = { PENDIENTE: 'Pendiente', EMITIDO: 'Emitido', ERROR: 'Error' };

/** The result file: each document of the batch with its serie-número, status or error. */
export async function resultadoExcel(ctx: Contexto, idEmpresa: number, id: number): Promise<{ contenido: Buffer; nombre: string }> {
  const l = await loteDeEmpresa(ctx, idEmpresa, id);
  const docs = await documentosDeLote(ctx, l.id);
  const libro = new ExcelJS.Workbook();
  libro.creator = 'Yupana';
  const hoja = libro.addWorksheet('Resultado', { views: [{ state: 'frozen', ySplit: 1 }] });
  hoja.columns = [
    { header: 'Documento', key: 'doc', width: 12 },
    { header: 'Fila', key: 'fila', width: 8 },
    { header: 'Serie-Número', key: 'sn', width: 18 },
    { header: 'Total', key: 'total', width: 12 },
    { header: 'Estado', key: 'estado', width: 12 },
    { header: 'Mensaje', key: 'msg', width: 80 },
  ];
  hoja.getRow(1).font = { bold: true };
  for (const d of docs)
    hoja.addRow({ doc: d.Documento, fila: d.Fila, sn: d.SerieNumero ?? '', total: d.MontoTotal ?? '', estado: ESTADO_TEXTO[d.Estado], msg: d.Error ?? '' });
  const nombre = `resultado-lote-${l.id}.xlsx`;
  return { contenido: Buffer.from(await libro.xlsx.writeBuffer()), nombre };
}
