import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { MENSAJES_BUSQUEDA_ITEM, type TItem, ZItemGuardar, ZItemsQuery } from '@yupana/contracts';
import type { z } from 'zod';
import { errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { itemPresentacion } from './conteos.schema';
import { categoriaItem, item, itemCodigoBarras, marca } from './logistica.schema';
import { barrasAdicionalesDeOtros, barrasDeOtroItem } from './codigos-barras';
import { principalesDe } from './imagenes.service';
import { existe as marcaExiste } from './marcas.service';
import { presentacionesDeItems } from './presentaciones.service';
import { unidadValida } from './unidades.service';
// eslint-disable-next-line yupana/no-cross-import -- available = stock - what orders "Por facturar" reserve (issue 12)
import { reservadoEn } from '../ventas/reservas';

type Fila = typeof item.$inferSelect;
/** An item row with its brand's and category's names and its extra barcodes. */
type FilaCompleta = { f: Fila; marca: string | null; categoria: string | null; codigos: string[]; imagen: number | null };
type TGuardar = z.output<typeof ZItemGuardar>;

// IGV rate of a gravado line (seed §9: 18%). Only affectation 10 (gravado oneroso) carries it in the price; the
// other gravado codes are free transfers whose referential value is entered without IGV.
const TASA_IGV = new Decimal('0.18');
const llevaIgvEnPrecio = (afectacion: string) => afectacion === '10' || afectacion === '17';

const escaparLike = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);

function aItem({ f, marca: nombreMarca, categoria, codigos, imagen }: FilaCompleta): TItem {
  const precio = new Decimal(f.precio);
  const factor = llevaIgvEnPrecio(f.afectacionIgv) ? TASA_IGV.plus(1) : new Decimal(1);
  const conIgv = f.precioIncluyeIgv ? precio : precio.times(factor);
  const sinIgv = f.precioIncluyeIgv ? precio.dividedBy(factor) : precio;
  // Unit values keep up to 10 decimals, as SUNAT allows; trailing zeros are dropped but at least 2 remain.
  const texto = (d: Decimal) => {
    const s = d.toDecimalPlaces(10).toFixed();
    return s.includes('.') && s.split('.')[1].length >= 2 ? s : d.toFixed(2);
  };
  return {
    Id: f.id,
    Codigo: f.codigo,
    Descripcion: f.descripcion,
    CodigoUnidad: f.codigoUnidad,
    Precio: texto(precio),
    PrecioIncluyeIgv: f.precioIncluyeIgv,
    PrecioUnitario: texto(conIgv),
    ValorUnitario: texto(sinIgv),
    AfectacionIgv: f.afectacionIgv,
    TipoExistencia: f.tipoExistencia,
    EstandarCodigoProducto: f.estandarCodigoProducto,
    CodigoProducto: f.codigoProducto,
    EsFavorito: f.esFavorito,
    ControlLote: f.controlLote,
    ControlSerie: f.controlSerie,
    LogEstado: f.logEstado,
    IdMarca: f.idMarca,
    Marca: nombreMarca,
    IdCategoria: f.idCategoria,
    Categoria: categoria,
    CodigoMarca: f.codigoMarca,
    CodigosBarras: codigos,
    StockMinimo: f.stockMinimo === null ? null : new Decimal(f.stockMinimo).toDecimalPlaces(4).toFixed(),
    IdImagenPrincipal: imagen,
  };
}

/** Items with their brand and category names (left joins) and extra barcodes (one query for all the ids). */
async function completar(ctx: Contexto, idEmpresa: number, filas: { f: Fila; marca: string | null; categoria: string | null }[]): Promise<FilaCompleta[]> {
  const ids = filas.map((x) => x.f.id);
  const codigos = new Map<number, string[]>();
  if (ids.length) {
    const cb = await ctx.dbh.db
      .select({ idItem: itemCodigoBarras.idItem, codigo: itemCodigoBarras.codigo })
      .from(itemCodigoBarras)
      .where(and(eq(itemCodigoBarras.idEmpresa, idEmpresa), inArray(itemCodigoBarras.idItem, ids)))
      .orderBy(asc(itemCodigoBarras.orden), asc(itemCodigoBarras.id));
    for (const c of cb) codigos.set(c.idItem, [...(codigos.get(c.idItem) ?? []), c.codigo]);
  }
  const imagenes = await principalesDe(ctx, idEmpresa, ids);
  return filas.map((x) => ({ ...x, codigos: codigos.get(x.f.id) ?? [], imagen: imagenes.get(x.f.id) ?? null }));
}

const COLUMNAS_ITEM = { f: item, marca: marca.nombre, categoria: categoriaItem.nombre };

/**
 * The text the item search looks in: description, internal code and GTIN in one expression, so one trigram index
 * (migration 0057_item-busqueda, the same expression) answers the contains-search. A pattern may span two fields only
 * across the separating space, which is harmless.
 */
const TEXTO_BUSQUEDA_ITEM = sql`lower(${item.descripcion} || ' ' || ${item.codigo} || ' ' || coalesce(${item.codigoProducto}, ''))`;

/**
 * The list's filters (also the export's): the company's items, by state, favourites, Tabla 5 type and text. `idLeido`
 * is the item whose presentation barcode the text is (it matches although the text is not in its own fields).
 */
type TFiltro = Pick<z.output<typeof ZItemsQuery>, 'filtro' | 'estado' | 'soloFavoritos' | 'tipoexistencia'> & Partial<Pick<z.output<typeof ZItemsQuery>, 'modo' | 'idcategoria' | 'idmarca'>>;

/**
 * The condition of a search mode (seed §9). 1 and 2 keep the default's trigram index (the combined text contains the
 * pattern) and then check the one field; 3 is an exact barcode (GTIN, extra barcode or presentation barcode: unique
 * indexes answer it); 4 the brand's code (its own trigram index); 5 the brand's name (the company's few brands, then
 * the item_marca index).
 */
function condicionModo(auth: TAuth, modo: TFiltro['modo'], filtro: string, idLeido?: number): SQL {
  const patron = `%${escaparLike(filtro.toLowerCase())}%`;
  const contiene = sql`${TEXTO_BUSQUEDA_ITEM} like ${patron}`;
  switch (modo) {
    case '1':
      return sql`(${contiene} and lower(${item.descripcion}) like ${patron})`;
    case '2':
      return sql`(${contiene} and lower(${item.codigo}) like ${patron})`;
    case '3':
      return sql`(${item.codigoProducto} = ${filtro}
        or ${item.id} in (select id_item from item_codigo_barras where id_empresa = ${auth.idEmpresa} and codigo = ${filtro})
        or ${item.id} in (select id_item from item_presentacion where id_empresa = ${auth.idEmpresa} and codigo_barras = ${filtro}))`;
    case '4':
      return sql`lower(coalesce(${item.codigoMarca}, '')) like ${patron}`;
    case '5':
      return sql`${item.idMarca} in (select id from marca where id_empresa = ${auth.idEmpresa} and lower(nombre) like ${patron})`;
    default:
      return idLeido !== undefined ? sql`(${contiene} or ${item.id} = ${idLeido})` : contiene;
  }
}

export function filtroItems(auth: TAuth, q: TFiltro, idLeido?: number): SQL | undefined {
  if (q.filtro && q.filtro.length < 3) throw errorDeCampo('filtro', MENSAJES_BUSQUEDA_ITEM.TRES_LETRAS);
  const condiciones: SQL[] = [eq(item.idEmpresa, auth.idEmpresa)];
  if (q.estado !== -1) condiciones.push(eq(item.logEstado, q.estado));
  if (q.soloFavoritos) condiciones.push(eq(item.esFavorito, true));
  if (q.tipoexistencia) condiciones.push(eq(item.tipoExistencia, q.tipoexistencia));
  if (q.idcategoria) condiciones.push(eq(item.idCategoria, q.idcategoria));
  if (q.idmarca) condiciones.push(eq(item.idMarca, q.idmarca));
  if (q.filtro) condiciones.push(condicionModo(auth, q.modo, q.filtro, idLeido));
  return and(...condiciones);
}

/**
 * Search by description or code: at least three letters (seed §5), 10 per page. An exact internal code, GTIN or
 * presentation barcode (what a barcode scanner types) comes first, then favourites, then by description. The count is
 * read only when the page is full: a shorter page already says how many there are. With `idsucursal` (the point of
 * sale) each item also carries its available stock and its presentations, and a presentation's barcode names it.
 */
export async function buscarItems(ctx: Contexto, auth: TAuth, q: z.output<typeof ZItemsQuery>) {
  if (q.filtro && q.filtro.length < 3) throw errorDeCampo('filtro', MENSAJES_BUSQUEDA_ITEM.TRES_LETRAS);
  const orden: SQL[] = [];
  let leida: { idItem: number; codigoUnidad?: string } | undefined;
  if (q.filtro) {
    // A presentation's barcode (a box of 12) is unique per company: its unique index answers it.
    if (/^\d{8,14}$/.test(q.filtro) && (!q.modo || q.modo === '3'))
      [leida] = await ctx.dbh.db
        .select({ idItem: itemPresentacion.idItem, codigoUnidad: itemPresentacion.codigoUnidad })
        .from(itemPresentacion)
        .where(and(eq(itemPresentacion.idEmpresa, auth.idEmpresa), eq(itemPresentacion.codigoBarras, q.filtro)));
    // An extra barcode (branch marcas) is unique per company too: a scan finds its item in the default search.
    if (!leida && !q.modo && /^[0-9A-Za-z-]{3,30}$/.test(q.filtro))
      [leida] = await ctx.dbh.db
        .select({ idItem: itemCodigoBarras.idItem })
        .from(itemCodigoBarras)
        .where(and(eq(itemCodigoBarras.idEmpresa, auth.idEmpresa), eq(itemCodigoBarras.codigo, q.filtro)));
    // `is true`: an item without GTIN gives null here, and nulls would sort first.
    orden.push(sql`(lower(${item.codigo}) = ${q.filtro.toLowerCase()} or ${item.codigoProducto} = ${q.filtro} or ${item.id} = ${leida?.idItem ?? 0}) is true desc`);
  }
  const donde = filtroItems(auth, q, leida?.idItem);
  const desde = (q.pagina - 1) * q.regxpag;
  const filas = await ctx.dbh.db
    .select(COLUMNAS_ITEM)
    .from(item)
    .leftJoin(marca, eq(marca.id, item.idMarca))
    .leftJoin(categoriaItem, eq(categoriaItem.id, item.idCategoria))
    .where(donde)
    .orderBy(...orden, desc(item.esFavorito), asc(item.descripcion), asc(item.id))
    .limit(q.regxpag)
    .offset(desde);
  const cuenta =
    filas.length < q.regxpag && (filas.length > 0 || desde === 0)
      ? desde + filas.length
      : Number((await ctx.dbh.db.select({ n: count() }).from(item).where(donde))[0].n);
  const data = (await completar(ctx, auth.idEmpresa, filas)).map(aItem);
  if (q.idsucursal !== undefined) {
    await conExistencias(ctx, auth, q.idsucursal, data);
    const presentaciones = await presentacionesDeItems(ctx, auth.idEmpresa, data.map((i) => i.Id));
    for (const i of data) {
      i.Presentaciones = presentaciones.get(i.Id) ?? [];
      if (leida?.codigoUnidad && i.Id === leida.idItem) i.PresentacionLeida = leida.codigoUnidad;
    }
  }
  return { Data: data, Count: cuenta };
}

/**
 * A branch the user may sell from: the company's, and one of the user's branches when the user is limited to some
 * (an empty list = all). Anything else is a 404, the same as another company's branch.
 */
export async function sucursalDelUsuario(ctx: Contexto, auth: TAuth, idSucursal: number): Promise<void> {
  const [suc] = (
    (await ctx.dbh.db.execute(sql`select id from sucursal where id = ${idSucursal} and id_empresa = ${auth.idEmpresa}`)) as unknown as { rows: { id: number }[] }
  ).rows;
  if (!suc || (auth.sucursales.length && !auth.sucursales.includes(idSucursal))) throw noEncontrado('No se encontró la sucursal');
}

/**
 * The point of sale's stock column: per item of the page (goods only), stock in the branch's default warehouse (the
 * warehouse a sale of that branch takes from), reserved by orders "Por facturar" and available = stock - reserved.
 * One query for the page; a branch of another company, or one the user may not see, is a 404.
 */
async function conExistencias(ctx: Contexto, auth: TAuth, idSucursal: number, data: TItem[]): Promise<void> {
  await sucursalDelUsuario(ctx, auth, idSucursal);
  const [alm] = (
    (await ctx.dbh.db.execute(sql`select id, nombre from almacen
      where id_empresa = ${auth.idEmpresa} and id_sucursal = ${idSucursal} and es_predeterminado and log_estado = 1`)) as unknown as { rows: { id: number; nombre: string }[] }
  ).rows;
  const [conf] = (
    (await ctx.dbh.db.execute(sql`select permite_stock_negativo from logistica_config where id_empresa = ${auth.idEmpresa}`)) as unknown as { rows: { permite_stock_negativo: boolean }[] }
  ).rows;
  // The cart warns with it (the cashier may not read logisconfig); the server's issue check stays the authority.
  const permiteNegativo = conf?.permite_stock_negativo ?? true;
  const bienes = data.filter((i) => i.CodigoUnidad !== 'ZZ');
  for (const i of data) i.Existencia = null;
  if (!alm || !bienes.length) return;
  const filas = (
    (await ctx.dbh.db.execute(sql`select i.id, coalesce(s.cantidad, 0)::text as stock, ${reservadoEn(Number(alm.id), sql`i.id`)}::text as reservado
      from item i left join stock s on s.id_almacen = ${alm.id} and s.id_item = i.id
      where i.id_empresa = ${auth.idEmpresa} and i.id in (${sql.join(bienes.map((b) => sql`${b.Id}`), sql`, `)})`)) as unknown as {
      rows: { id: number; stock: string; reservado: string }[];
    }
  ).rows;
  const porId = new Map(filas.map((f) => [Number(f.id), f]));
  for (const i of bienes) {
    const f = porId.get(i.Id);
    if (!f) continue;
    const stockActual = new Decimal(f.stock);
    const reservado = new Decimal(f.reservado);
    i.Existencia = { Almacen: alm.nombre, Stock: stockActual.toFixed(), Reservado: reservado.toFixed(), Disponible: Decimal.max(stockActual.minus(reservado), 0).toFixed(), PermiteNegativo: permiteNegativo };
  }
}

async function filaItem(ctx: Contexto, auth: TAuth, id: number): Promise<Fila> {
  const [f] = await ctx.dbh.db.select().from(item).where(and(eq(item.idEmpresa, auth.idEmpresa), eq(item.id, id)));
  if (!f) throw noEncontrado('No se encontró el producto o servicio');
  return f;
}

export async function obtenerItem(ctx: Contexto, auth: TAuth, id: number): Promise<TItem> {
  const filas = await ctx.dbh.db
    .select(COLUMNAS_ITEM)
    .from(item)
    .leftJoin(marca, eq(marca.id, item.idMarca))
    .leftJoin(categoriaItem, eq(categoriaItem.id, item.idCategoria))
    .where(and(eq(item.idEmpresa, auth.idEmpresa), eq(item.id, id)));
  if (!filas.length) throw noEncontrado('No se encontró el producto o servicio');
  return aItem((await completar(ctx, auth.idEmpresa, filas))[0]);
}

/** The branch-marcas fields: a field left out keeps the item's value. */
const datosMarcas = (b: TGuardar) => ({
  ...(b.IdMarca !== undefined ? { idMarca: b.IdMarca } : {}),
  ...(b.IdCategoria !== undefined ? { idCategoria: b.IdCategoria } : {}),
  ...(b.CodigoMarca !== undefined ? { codigoMarca: b.CodigoMarca } : {}),
  ...(b.StockMinimo !== undefined ? { stockMinimo: b.StockMinimo === null ? null : new Decimal(b.StockMinimo).toFixed(10) } : {}),
});

/** The brand and category must be the company's (another company's id is a 404). */
async function referenciasValidas(ctx: Contexto, auth: TAuth, b: TGuardar) {
  if (b.IdMarca) await marcaExiste(ctx, auth, 'marca', b.IdMarca);
  if (b.IdCategoria) await marcaExiste(ctx, auth, 'categoria', b.IdCategoria);
}

/**
 * Each extra barcode is unique within the company: not another item's extra barcode, GTIN or presentation barcode.
 * The unique index (id_empresa, codigo) is the last word against a simultaneous save.
 */
async function codigosLibres(ctx: Contexto, auth: TAuth, codigos: string[], idItem?: number) {
  if (!codigos.length) return;
  const lista = sql.join(codigos.map((c) => sql`${c}`), sql`, `);
  const otro = idItem ?? 0;
  const usados = (
    (await ctx.dbh.db.execute(sql`select b.codigo, i.codigo as item, i.descripcion from item_codigo_barras b join item i on i.id = b.id_item
        where b.id_empresa = ${auth.idEmpresa} and b.codigo in (${lista}) and b.id_item <> ${otro}
      union all select i.codigo_producto, i.codigo, i.descripcion from item i
        where i.id_empresa = ${auth.idEmpresa} and i.codigo_producto in (${lista}) and i.id <> ${otro}
      union all select p.codigo_barras, i.codigo, i.descripcion from item_presentacion p join item i on i.id = p.id_item
        where p.id_empresa = ${auth.idEmpresa} and p.codigo_barras in (${lista}) and p.id_item <> ${otro}
      limit 1`)) as unknown as { rows: { codigo: string; item: string; descripcion: string }[] }
  ).rows;
  if (usados.length) {
    const u = usados[0];
    throw errorDeCampo(`CodigosBarras.${codigos.indexOf(u.codigo)}`, `El código de barras ${u.codigo} ya está asignado al producto ${u.item} - ${u.descripcion}`);
  }
}

/**
 * The item's GTIN must not be another item's extra barcode (branch imagenes, 601601): a scan of it would name two
 * products. The reverse (an extra barcode equal to another item's GTIN) is refused by codigosLibres above.
 */
async function gtinLibre(ctx: Contexto, auth: TAuth, gtin: string | null | undefined, idItem?: number) {
  if (!gtin) return;
  const [u] = await barrasAdicionalesDeOtros(ctx, auth.idEmpresa, [gtin], idItem ?? 0);
  if (u) throw barrasDeOtroItem('CodigoProducto', u);
}

const BARRAS_REPETIDO = 'Uno de los códigos de barras ya está asignado a otro producto de la empresa';

async function guardarCodigos(tx: Parameters<Parameters<Contexto['dbh']['db']['transaction']>[0]>[0], auth: TAuth, idItem: number, codigos: string[] | undefined) {
  if (codigos === undefined) return;
  await tx.delete(itemCodigoBarras).where(and(eq(itemCodigoBarras.idEmpresa, auth.idEmpresa), eq(itemCodigoBarras.idItem, idItem)));
  if (codigos.length) await tx.insert(itemCodigoBarras).values(codigos.map((codigo, orden) => ({ idEmpresa: auth.idEmpresa, idItem, codigo, orden })));
}

const datosDe = (b: TGuardar) => ({
  codigo: b.Codigo,
  descripcion: b.Descripcion,
  codigoUnidad: b.CodigoUnidad,
  precio: new Decimal(b.Precio).toFixed(10),
  precioIncluyeIgv: b.PrecioIncluyeIgv,
  afectacionIgv: b.AfectacionIgv,
  tipoExistencia: b.TipoExistencia,
  estandarCodigoProducto: b.EstandarCodigoProducto,
  codigoProducto: b.CodigoProducto,
  esFavorito: b.EsFavorito,
  controlLote: b.ControlLote,
  controlSerie: b.ControlSerie,
  logEstado: b.LogEstado,
  ...datosMarcas(b),
});

async function codigoRepetido(ctx: Contexto, auth: TAuth, codigo: string, excluir?: number) {
  const condiciones = [eq(item.idEmpresa, auth.idEmpresa), sql`lower(${item.codigo}) = ${codigo.toLowerCase()}`];
  if (excluir) condiciones.push(ne(item.id, excluir));
  const [f] = await ctx.dbh.db.select({ id: item.id }).from(item).where(and(...condiciones)).limit(1);
  return !!f;
}

const esDuplicado = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};
const CODIGO_REPETIDO = 'Ya existe un producto o servicio con este código';

/** A unique violation on the barcodes' index names the barcodes; any other (the item code's index) names the code. */
function duplicadoDe(err: unknown) {
  const texto = (e: unknown): string => (e instanceof Error ? `${e.message} ${(e as { constraint?: string }).constraint ?? ''} ${texto(e.cause)}` : '');
  return texto(err).includes('item_codigo_barras_uq') ? errorDeCampo('CodigosBarras', BARRAS_REPETIDO) : errorDeCampo('Codigo', CODIGO_REPETIDO);
}

export async function crearItem(ctx: Contexto, auth: TAuth, b: TGuardar): Promise<TItem> {
  if (await codigoRepetido(ctx, auth, b.Codigo)) throw errorDeCampo('Codigo', CODIGO_REPETIDO);
  await referenciasValidas(ctx, auth, b);
  await unidadValida(ctx, auth.idEmpresa, b.CodigoUnidad);
  await codigosLibres(ctx, auth, b.CodigosBarras ?? []);
  await gtinLibre(ctx, auth, b.CodigoProducto);
  try {
    const id = await ctx.dbh.db.transaction(async (tx) => {
      const [f] = await tx.insert(item).values({ ...datosDe(b), idEmpresa: auth.idEmpresa, logUsuarioCrea: auth.idUsuario }).returning({ id: item.id });
      await guardarCodigos(tx, auth, f.id, b.CodigosBarras);
      return f.id;
    });
    return obtenerItem(ctx, auth, id);
  } catch (err) {
    if (esDuplicado(err)) throw duplicadoDe(err);
    throw err;
  }
}

export async function editarItem(ctx: Contexto, auth: TAuth, id: number, b: TGuardar): Promise<TItem> {
  const actual = await filaItem(ctx, auth, id);
  if (await codigoRepetido(ctx, auth, b.Codigo, id)) throw errorDeCampo('Codigo', CODIGO_REPETIDO);
  await referenciasValidas(ctx, auth, b);
  await unidadValida(ctx, auth.idEmpresa, b.CodigoUnidad, actual.codigoUnidad);
  await codigosLibres(ctx, auth, b.CodigosBarras ?? [], id);
  await gtinLibre(ctx, auth, b.CodigoProducto, id);
  try {
    await ctx.dbh.db.transaction(async (tx) => {
      await tx
        .update(item)
        .set({ ...datosDe(b), logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
        .where(and(eq(item.idEmpresa, auth.idEmpresa), eq(item.id, id)));
      await guardarCodigos(tx, auth, id, b.CodigosBarras);
    });
    return obtenerItem(ctx, auth, id);
  } catch (err) {
    if (esDuplicado(err)) throw duplicadoDe(err);
    throw err;
  }
}

export async function marcarFavorito(ctx: Contexto, auth: TAuth, id: number, esFavorito: boolean): Promise<TItem> {
  const [f] = await ctx.dbh.db
    .update(item)
    .set({ esFavorito, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
    .where(and(eq(item.idEmpresa, auth.idEmpresa), eq(item.id, id)))
    .returning();
  if (!f) throw noEncontrado('No se encontró el producto o servicio');
  return obtenerItem(ctx, auth, f.id);
}
