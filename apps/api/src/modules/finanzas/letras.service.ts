import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import {
  ErrorCodes,
  EstadosLetra,
  SERIE_LETRA,
  SimboloMoneda,
  TIPO_COBRO_CANJE_LETRAS,
  TipoDocumentoContable,
  serieNumero,
  type TClaveMapeo,
  type TLetra,
  ZCanjeLetras,
  ZLetraCobro,
  ZLetraOrdenBanco,
  ZLetraProtesto,
  ZLetraRenovacion,
  ZLetrasQuery,
} from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { cobro, cobroDetalle, cuentaFinanciera, letra } from './finanzas.schema';
import { diasEntre, filas, hoyLima, patronLike } from './antiguedad';
import { bloquearCuotas, montosEnCuenta, moverCuotas, siguienteNumero, type TLadoLiquidacion, type TTxFinanzas } from './liquidacion';
import { LADO_COBRO, registrarCobro, type TCobroRegistrado } from './cobros.service';
import { and, eq } from 'drizzle-orm';

/**
 * Letras de cambio por cobrar (issue 14). A canje settles invoice dues with a "collection" of kind 4 (no money) and
 * writes the letras; each letra's debt is a due of its own in cuota_cobrar (id_documento = -letra.id, serie LT), so
 * receivables, aging, the customer's statement and the ordinary collections see it. Every movement is one
 * transaction with its entry (alMovimientoLetra, the books' contabilizarLetra): canje 1231/1212, cobranza 1232/1231,
 * descuento 1233/1231 + 104 and 6734 / 4511, protesto back to 1231 (+ gastos 6391/10), renovación 1231 new / 1231
 * old + 772 interest; a letra's collection posts 10 (or 4511 when discounted) / 123x through the collection's hook.
 */

const ESTADO = { CARTERA: 1, COBRANZA: 2, DESCONTADA: 3, COBRADA: 4, PROTESTADA: 5, RENOVADA: 6, ANULADA: 7 } as const;
const UBICACION_CLAVE: Record<number, TClaveMapeo> = { 1: 'LETRAS_CARTERA', 2: 'LETRAS_COBRANZA', 3: 'LETRAS_DESCUENTO' };
// Advisory lock key (with the company id) serialising the letras' numbers.
const CANDADO_LETRAS = 13_050;
const MONEDA = (id: number) => SimboloMoneda[id] ?? '';

const LADO_CANJE: TLadoLiquidacion = {
  ...LADO_COBRO,
  textos: { ...LADO_COBRO.textos, operacion: 'canje', accion: 'canjear', cuotaNoEncontrada: 'No se encontró la cuota a canjear' },
};

export type TAsientoLetraFinanzas = {
  idEmpresa: number; idUsuario: number; fecha: string; glosa: string; clave: string;
  lineas: { clave: TClaveMapeo; debe: Decimal.Value; haber: Decimal.Value; idCuentaFinanciera?: number | null }[];
  /**
   * A canje of receivables: its kind-4 collection. The letras (first line, D) are at the canje date's rate; the books
   * credit the receivable (second line) with the soles the dues were booked at and post the exchange difference.
   */
  idCobroCanje?: number;
};
type TRevertirLetra = { idEmpresa: number; clave: string; fecha: string; glosa: string };
const trasMovimiento: ((tx: TTxFinanzas, a: TAsientoLetraFinanzas) => Promise<void>)[] = [];
const trasRevertir: ((tx: TTxFinanzas, a: TRevertirLetra) => Promise<void>)[] = [];
/** The books post each letra movement in its transaction (registered once in app.ts). */
export function alMovimientoLetra(fn: (tx: TTxFinanzas, a: TAsientoLetraFinanzas) => Promise<void>): void {
  if (!trasMovimiento.includes(fn)) trasMovimiento.push(fn);
}
export function alRevertirLetra(fn: (tx: TTxFinanzas, a: TRevertirLetra) => Promise<void>): void {
  if (!trasRevertir.includes(fn)) trasRevertir.push(fn);
}
async function asentar(tx: TTxFinanzas, a: TAsientoLetraFinanzas) {
  for (const fn of trasMovimiento) await fn(tx, a);
}
/** The letras por pagar (letras-pagar.service) post and reverse through the same hooks. */
export const asentarLetra = asentar;
export async function revertirAsientoLetra(tx: TTxFinanzas, a: TRevertirLetra): Promise<void> {
  for (const fn of trasRevertir) await fn(tx, a);
}

const numeroLetra = (n: number) => serieNumero(SERIE_LETRA, n);
/** Soles of a part of a letra, at the rate its receivable was booked at. */
const solesDe = (monto: Decimal.Value, l: { monto: string; monto_soles: string }) =>
  new Decimal(monto).times(l.monto_soles).dividedBy(l.monto).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

async function siguienteLetra(tx: TTxFinanzas, idEmpresa: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CANDADO_LETRAS}, ${idEmpresa})`);
  const [{ n }] = await filas<{ n: number }>(tx, sql`select coalesce(max(numero), 0)::int + 1 as n from letra where id_empresa = ${idEmpresa}`);
  return n;
}

/** Inserts a letra and its due; returns its id. */
async function crearLetra(
  tx: TTxFinanzas,
  auth: TAuth,
  v: {
    numero: number; idCobroCanje: number; idLetraOrigen: number | null; fechaGiro: string; fechaVencimiento: string; lugarGiro: string; lugarPago: string | null;
    idMoneda: number; monto: Decimal; montoSoles: Decimal; cliente: string; razon: string; direccion: string | null; idEntidad: number | null;
    avalNombre: string | null; avalDocumento: string | null; observacion: string | null; interesRenovacion?: Decimal;
  },
): Promise<number> {
  const [l] = await tx
    .insert(letra)
    .values({
      idEmpresa: auth.idEmpresa, numero: v.numero, idCobroCanje: v.idCobroCanje, idLetraOrigen: v.idLetraOrigen, fechaGiro: v.fechaGiro, fechaVencimiento: v.fechaVencimiento,
      lugarGiro: v.lugarGiro, lugarPago: v.lugarPago, idMoneda: v.idMoneda, monto: v.monto.toFixed(2), montoSoles: v.montoSoles.toFixed(2), numeroDocumentoCliente: v.cliente,
      razonSocialCliente: v.razon, direccionCliente: v.direccion, avalNombre: v.avalNombre, avalDocumento: v.avalDocumento, observacion: v.observacion,
      interesRenovacion: (v.interesRenovacion ?? new Decimal(0)).toFixed(2), logUsuarioCrea: auth.idUsuario,
    })
    .returning({ id: letra.id });
  await tx.execute(
    sql`insert into cuota_cobrar (id_empresa, id_documento, id_tipo_documento, serie, correlativo, fecha_emision, id_entidad, numero_documento_cliente,
          razon_social_cliente, id_moneda, numero_cuota, fecha_vencimiento, monto, log_usuario_crea)
        values (${auth.idEmpresa}, ${-l.id}, 0, ${SERIE_LETRA}, ${v.numero}, ${v.fechaGiro}, ${v.idEntidad}, ${v.cliente}, ${v.razon}, ${v.idMoneda}, 1,
          ${v.fechaVencimiento}, ${v.monto.toFixed(2)}, ${auth.idUsuario})`,
  );
  return l.id;
}

/**
 * POST entidades/documentos/pagares: the canje of open dues of ONE customer in ONE currency into letras whose total is
 * the balance taken. One transaction: dues locked and checked, the kind-4 collection and its lines (the dues' balance
 * goes down), the letras and their dues, the entry 1231 D / 12 H.
 */
export async function canjear(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZCanjeLetras>): Promise<{ IdCanje: number; Letras: TLetra[] }> {
  const hoy = hoyLima();
  const fechaGiro = b.FechaGiro ?? hoy;
  if (fechaGiro > hoy) throw errorDeCampo('FechaGiro', 'La fecha de giro no puede ser posterior a hoy');
  b.Letras.forEach((l, i) => {
    if (l.FechaVencimiento < fechaGiro) throw errorDeCampo(`Letras.${i}.FechaVencimiento`, 'El vencimiento de la letra no puede ser anterior a la fecha de giro');
  });
  if (new Set(b.Cuotas.map((c) => c.IdCuota)).size !== b.Cuotas.length) throw errorDeCampo('Cuotas', 'Una cuota se indica una sola vez');
  const idCanje = await ctx.dbh.db.transaction(async (tx) => {
    const porId = await bloquearCuotas(tx, LADO_CANJE, auth.idEmpresa, b.Cuotas);
    const cuotas = [...porId.values()];
    if (cuotas.some((q) => q.id_documento < 0)) throw errorDeCampo('Cuotas', 'Una letra no se canjea por otra letra: use la renovación');
    // The detracción due is deposited by the customer into our Banco de la Nación account (RS 183-2004): never a letra.
    const [detraccion] = await filas<{ serie: string; correlativo: number }>(
      tx,
      sql`select serie, correlativo from cuota_cobrar where id in (${sql.join(cuotas.map((q) => sql`${q.id}`), sql`, `)}) and detraccion limit 1`,
    );
    if (detraccion)
      throw new AppError(
        ErrorCodes.CUOTA_DETRACCION_NO_CANJEABLE,
        `La cuota de detracción de ${serieNumero(detraccion.serie, detraccion.correlativo)} no se canjea por letras: el cliente la deposita en la cuenta de detracciones del Banco de la Nación`,
        400,
        { errores: { Cuotas: 'Quite la cuota de detracción del canje' } },
      );
    const monedas = new Set(cuotas.map((q) => Number(q.id_moneda)));
    if (monedas.size > 1) throw errorDeCampo('Cuotas', 'Las cuotas de un canje deben estar en una sola moneda');
    const idMoneda = [...monedas][0];
    const totalCuotas = b.Cuotas.reduce((s, c) => s.plus(c.Monto), new Decimal(0));
    const totalLetras = b.Letras.reduce((s, l) => s.plus(l.Monto), new Decimal(0));
    if (!totalCuotas.eq(totalLetras))
      throw new AppError(
        ErrorCodes.LETRA_TOTAL_DISTINTO,
        `El total de las letras (${MONEDA(idMoneda)} ${totalLetras.toFixed(2)}) debe ser igual al saldo canjeado de las cuotas (${MONEDA(idMoneda)} ${totalCuotas.toFixed(2)})`,
        400,
        { errores: { Letras: `Total de las cuotas: ${MONEDA(idMoneda)} ${totalCuotas.toFixed(2)}` } },
      );
    const { lineas, total, montoSoles, tasa } = await montosEnCuenta(tx, LADO_CANJE, auth.idEmpresa, { idMoneda }, fechaGiro, b.Cuotas, porId);
    const primera = porId.get(Math.min(...porId.keys()))!;
    const [doc] = await filas<{ id_entidad: number | null; direccion: string | null; id_tipo_documento: number }>(
      tx,
      sql`select q.id_entidad, d.receptor_direccion as direccion, q.id_tipo_documento from cuota_cobrar q left join documento_contable d on d.id = q.id_documento where q.id = ${primera.id}`,
    );
    const siguiente = await siguienteNumero(tx, LADO_COBRO, auth.idEmpresa);
    const [c] = await tx
      .insert(cobro)
      .values({
        idEmpresa: auth.idEmpresa, idSucursal: auth.sucursales[0] ?? null, numero: siguiente, fecha: fechaGiro, idTipoCobro: TIPO_COBRO_CANJE_LETRAS, idCuentaFinanciera: null,
        idMoneda, monto: total.toFixed(2), montoSoles: montoSoles.toFixed(2), tipoCambio: tasa ? tasa.toFixed(4) : null, numeroDocumentoCliente: primera.tercero,
        razonSocialCliente: primera.razon, observacion: b.Observacion, logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: cobro.id });
    await tx.insert(cobroDetalle).values(
      lineas.map((l) => ({ idEmpresa: auth.idEmpresa, idCobro: c.id, idCuota: l.idCuota, monto: l.monto.toFixed(2), montoCuenta: l.montoCuenta.toFixed(2), logUsuarioCrea: auth.idUsuario })),
    );
    await moverCuotas(tx, LADO_COBRO, auth.idUsuario, lineas, 1);
    let numero = await siguienteLetra(tx, auth.idEmpresa);
    let solesRestantes = montoSoles;
    const numeros: string[] = [];
    for (const [i, l] of b.Letras.entries()) {
      const monto = new Decimal(l.Monto);
      const soles = i === b.Letras.length - 1 ? solesRestantes : monto.times(montoSoles).dividedBy(total).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      solesRestantes = solesRestantes.minus(soles);
      numeros.push(numeroLetra(numero));
      await crearLetra(tx, auth, {
        numero: numero++, idCobroCanje: c.id, idLetraOrigen: null, fechaGiro, fechaVencimiento: l.FechaVencimiento, lugarGiro: b.LugarGiro, lugarPago: b.LugarPago,
        idMoneda, monto, montoSoles: soles, cliente: primera.tercero, razon: primera.razon, direccion: doc?.direccion ?? null, idEntidad: doc?.id_entidad ?? null,
        avalNombre: b.AvalNombre, avalDocumento: b.AvalDocumento, observacion: b.Observacion,
      });
    }
    const docs = [...new Set(cuotas.map((q) => serieNumero(q.serie, q.correlativo)))].join(', ');
    const cobrar: TClaveMapeo = Number(doc?.id_tipo_documento) === TipoDocumentoContable.BOLETA ? 'COBRAR_BOLETA' : 'COBRAR_FACTURA';
    await asentar(tx, {
      idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, fecha: fechaGiro, clave: `LETRA-CANJE:${c.id}`, idCobroCanje: c.id,
      glosa: `Canje de ${docs} por letras ${numeros.join(', ')} - ${primera.razon}`,
      lineas: [
        { clave: 'LETRAS_CARTERA', debe: montoSoles, haber: 0 },
        { clave: cobrar, debe: 0, haber: montoSoles },
      ],
    });
    return c.id;
  });
  const { Data } = await consultar(ctx, auth, sql`l.id_cobro_canje = ${idCanje}`, 1, 1000);
  return { IdCanje: idCanje, Letras: Data };
}

type TFilaLetra = {
  id: number; numero: number; id_cobro_canje: number; id_letra_origen: number | null; id_renovacion: number | null; estado: number; ubicacion: number; fecha_giro: string;
  fecha_vencimiento: string; lugar_giro: string; lugar_pago: string | null; id_moneda: number; monto: string; monto_soles: string; id_cuota: number | null; cuota_monto: string | null;
  cobrado: string | null; numero_documento_cliente: string; razon_social_cliente: string; direccion_cliente: string | null; aval_nombre: string | null; aval_documento: string | null;
  id_cuenta_financiera: number | null; cuenta: string | null; interes_descuento: string; gastos_protesto: string; interes_renovacion: string; documentos: string | null; observacion: string | null;
};

const SELECT_LETRA = sql`select l.id, l.numero, l.id_cobro_canje, l.id_letra_origen, (select r.id from letra r where r.id_letra_origen = l.id limit 1) as id_renovacion,
  l.estado, l.ubicacion, l.fecha_giro::text, l.fecha_vencimiento::text, l.lugar_giro, l.lugar_pago, l.id_moneda, l.monto::text, l.monto_soles::text, q.id as id_cuota,
  q.monto::text as cuota_monto, q.cobrado::text as cobrado, l.numero_documento_cliente, l.razon_social_cliente, l.direccion_cliente, l.aval_nombre, l.aval_documento,
  l.id_cuenta_financiera, f.nombre as cuenta, l.interes_descuento::text, l.gastos_protesto::text, l.interes_renovacion::text, l.observacion,
  (select string_agg(distinct x.serie || '-' || x.correlativo, ', ') from cobro_detalle d join cuota_cobrar x on x.id = d.id_cuota where d.id_cobro = l.id_cobro_canje) as documentos
  from letra l left join cuota_cobrar q on q.id_documento = -l.id left join cuenta_financiera f on f.id = l.id_cuenta_financiera`;

function aLetra(f: TFilaLetra, hoy: string): TLetra {
  const monto = new Decimal(f.monto);
  const cobrado = new Decimal(f.cobrado ?? 0);
  const abierta = [ESTADO.CARTERA, ESTADO.COBRANZA, ESTADO.DESCONTADA, ESTADO.PROTESTADA].includes(f.estado as 1);
  const saldo = abierta ? new Decimal(f.cuota_monto ?? f.monto).minus(cobrado) : new Decimal(0);
  return {
    Id: f.id,
    Numero: numeroLetra(f.numero),
    IdCuota: f.id_cuota,
    IdCanje: f.id_cobro_canje,
    IdLetraOrigen: f.id_letra_origen,
    IdLetraRenovacion: f.id_renovacion,
    Estado: f.estado,
    EstadoNombre: EstadosLetra[f.estado as 1] ?? '',
    FechaGiro: f.fecha_giro,
    FechaVencimiento: f.fecha_vencimiento,
    LugarGiro: f.lugar_giro,
    LugarPago: f.lugar_pago,
    IdMoneda: f.id_moneda,
    Monto: monto.toFixed(2),
    Cobrado: cobrado.toFixed(2),
    Saldo: saldo.toFixed(2),
    DiasVencido: saldo.gt(0) ? Math.max(0, diasEntre(f.fecha_vencimiento, hoy)) : 0,
    NumeroDocumentoCliente: f.numero_documento_cliente,
    RazonSocialCliente: f.razon_social_cliente,
    DireccionCliente: f.direccion_cliente,
    AvalNombre: f.aval_nombre,
    AvalDocumento: f.aval_documento,
    IdCuentaFinanciera: f.id_cuenta_financiera,
    CuentaFinanciera: f.cuenta,
    InteresDescuento: new Decimal(f.interes_descuento).toFixed(2),
    GastosProtesto: new Decimal(f.gastos_protesto).toFixed(2),
    InteresRenovacion: new Decimal(f.interes_renovacion).toFixed(2),
    Documentos: f.documentos ?? '',
    Observacion: f.observacion,
  };
}

async function consultar(ctx: Contexto, auth: TAuth, filtro: ReturnType<typeof sql>, pagina: number, regxpag: number) {
  const donde = sql`l.id_empresa = ${auth.idEmpresa} and ${filtro}`;
  const [fs, [{ n }]] = await Promise.all([
    filas<TFilaLetra>(ctx.dbh.db, sql`${SELECT_LETRA} where ${donde} order by l.fecha_vencimiento, l.numero limit ${regxpag} offset ${(pagina - 1) * regxpag}`),
    filas<{ n: number }>(ctx.dbh.db, sql`select count(*)::int as n from letra l where ${donde}`),
  ]);
  const hoy = hoyLima();
  return { Data: fs.map((f) => aLetra(f, hoy)), Count: n };
}

/** GET documentos/pagares: the company's letras by state, customer and maturity range, oldest maturity first. */
export async function listarLetras(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZLetrasQuery>) {
  const partes = [sql`true`];
  if (q.estado) partes.push(sql`l.estado = ${q.estado}`);
  const cl = q.cliente.trim();
  if (cl) partes.push(/^\d{8,15}$/.test(cl) ? sql`l.numero_documento_cliente = ${cl}` : sql`l.razon_social_cliente ilike ${patronLike(cl)}`);
  if (q.vencimientodesde) partes.push(sql`l.fecha_vencimiento >= ${q.vencimientodesde}::date`);
  if (q.vencimientohasta) partes.push(sql`l.fecha_vencimiento <= ${q.vencimientohasta}::date`);
  return consultar(ctx, auth, sql.join(partes, sql` and `), q.pagina, q.regxpag);
}

export async function obtenerLetra(ctx: Contexto, auth: TAuth, id: number): Promise<TLetra> {
  const { Data } = await consultar(ctx, auth, sql`l.id = ${id}`, 1, 1);
  if (!Data.length) throw noEncontrado('No se encontró la letra');
  return Data[0];
}

type TLetraBloqueada = {
  id: number; numero: number; estado: number; ubicacion: number; id_moneda: number; monto: string; monto_soles: string; id_cuota: number; cuota_monto: string; cobrado: string;
  movimientos: number; id_cuenta_financiera: number | null; fecha_giro: string; fecha_vencimiento: string; id_cobro_canje: number; razon_social_cliente: string;
};

/** The letra (and its due) under a row lock; 404 for another company's. */
async function bloquearLetra(tx: TTxFinanzas, auth: TAuth, id: number): Promise<TLetraBloqueada> {
  const [l] = await filas<TLetraBloqueada>(
    tx,
    sql`select l.id, l.numero, l.estado, l.ubicacion, l.id_moneda, l.monto::text, l.monto_soles::text, q.id as id_cuota, q.monto::text as cuota_monto, q.cobrado::text as cobrado,
               l.movimientos, l.id_cuenta_financiera, l.fecha_giro::text, l.fecha_vencimiento::text, l.id_cobro_canje, l.razon_social_cliente
          from letra l join cuota_cobrar q on q.id_documento = -l.id
         where l.id = ${id} and l.id_empresa = ${auth.idEmpresa} for update of l, q`,
  );
  if (!l) throw noEncontrado('No se encontró la letra');
  return l;
}

function exigirEstado(l: Pick<TLetraBloqueada, 'estado' | 'numero'>, permitidos: number[], accion: string) {
  if (permitidos.includes(l.estado)) return;
  if (l.estado === ESTADO.COBRADA) throw new AppError(ErrorCodes.LETRA_YA_COBRADA, `La letra ${numeroLetra(l.numero)} ya fue cobrada: no se puede ${accion}`, 409);
  throw new AppError(ErrorCodes.LETRA_ESTADO_INVALIDO, `La letra ${numeroLetra(l.numero)} está ${EstadosLetra[l.estado as 1].toLowerCase()}: no se puede ${accion}`, 409);
}

function fechaDe(f: string | undefined, campo = 'Fecha'): string {
  const hoy = hoyLima();
  const fecha = f ?? hoy;
  if (fecha > hoy) throw errorDeCampo(campo, 'La fecha no puede ser posterior a hoy');
  return fecha;
}

async function cuentaBanco(tx: TTxFinanzas, auth: TAuth, id: number, idMoneda: number) {
  const [cuenta] = await tx.select().from(cuentaFinanciera).where(and(eq(cuentaFinanciera.id, id), eq(cuentaFinanciera.idEmpresa, auth.idEmpresa)));
  if (!cuenta) throw noEncontrado('No se encontró la cuenta financiera');
  if (cuenta.logEstado !== 1) throw errorDeCampo('IdCuentaFinanciera', 'La cuenta financiera está inactiva');
  if (cuenta.idTipoCuenta !== 3) throw errorDeCampo('IdCuentaFinanciera', 'Una letra se envía a un banco: elija una cuenta bancaria');
  if (cuenta.idMoneda !== idMoneda) throw errorDeCampo('IdCuentaFinanciera', 'La cuenta bancaria debe estar en la moneda de la letra');
  return cuenta;
}

/** POST ordenes/cobros/pagares: a letra in cartera (or protested) goes to a bank for collection or discount. */
export async function enviarAlBanco(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZLetraOrdenBanco>): Promise<TLetra> {
  const fecha = fechaDe(b.Fecha);
  await ctx.dbh.db.transaction(async (tx) => {
    const l = await bloquearLetra(tx, auth, b.IdLetra);
    exigirEstado(l, [ESTADO.CARTERA, ESTADO.PROTESTADA], b.Tipo === 'COBRANZA' ? 'enviarla a cobranza' : 'descontarla');
    if (new Decimal(l.cobrado).gt(0)) throw new AppError(ErrorCodes.LETRA_ESTADO_INVALIDO, `La letra ${numeroLetra(l.numero)} tiene cobros parciales: no se puede enviar al banco`, 409);
    await cuentaBanco(tx, auth, b.IdCuentaFinanciera, Number(l.id_moneda));
    const monto = new Decimal(l.cuota_monto);
    const soles = solesDe(monto, l);
    const n = Number(l.movimientos) + 1;
    if (b.Tipo === 'COBRANZA') {
      await tx.execute(sql`update letra set estado = ${ESTADO.COBRANZA}, ubicacion = 2, id_cuenta_financiera = ${b.IdCuentaFinanciera}, movimientos = ${n},
        log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now() where id = ${l.id}`);
      await asentar(tx, {
        idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, fecha, clave: `LETRA-COBRANZA:${l.id}.${n}`, glosa: `Letra ${numeroLetra(l.numero)} enviada a cobranza - ${l.razon_social_cliente}`,
        lineas: [
          { clave: 'LETRAS_COBRANZA', debe: soles, haber: 0 },
          { clave: UBICACION_CLAVE[l.ubicacion], debe: 0, haber: soles },
        ],
      });
      return;
    }
    const interes = new Decimal(b.Interes ?? 0);
    if (interes.gte(monto)) throw errorDeCampo('Interes', 'El interés del descuento debe ser menor que el importe de la letra');
    const interesSoles = solesDe(interes, l);
    await tx.execute(sql`update letra set estado = ${ESTADO.DESCONTADA}, ubicacion = 3, id_cuenta_financiera = ${b.IdCuentaFinanciera}, movimientos = ${n},
      interes_descuento = ${interes.toFixed(2)}::numeric, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now() where id = ${l.id}`);
    // The letra moves to 1233; the bank credits the net and the interest is an expense; the bank is owed the letra
    // until the customer pays it (4511, settled by the letra's collection or, on protest, by the bank's charge-back).
    await asentar(tx, {
      idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, fecha, clave: `LETRA-DESCUENTO:${l.id}.${n}`, glosa: `Descuento de la letra ${numeroLetra(l.numero)} - ${l.razon_social_cliente}`,
      lineas: [
        { clave: 'LETRAS_DESCUENTO', debe: soles, haber: 0 },
        { clave: UBICACION_CLAVE[l.ubicacion], debe: 0, haber: soles },
        { clave: 'BANCO', debe: soles.minus(interesSoles), haber: 0, idCuentaFinanciera: b.IdCuentaFinanciera },
        { clave: 'LETRAS_INTERES_DESCUENTO', debe: interesSoles, haber: 0 },
        { clave: 'LETRAS_OBLIGACION_DESCUENTO', debe: 0, haber: soles },
      ],
    });
  });
  return obtenerLetra(ctx, auth, b.IdLetra);
}

/**
 * POST cobros/pagares: the letra's whole balance collected through the ordinary collection (cash into a caja, or a
 * bank account with means and operation): its due is settled, the letra becomes Cobrada (alCobrarLetra, in the
 * collection's transaction) and the entry is 10 (4511 when discounted) D / 123x H.
 */
export async function cobrarLetra(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZLetraCobro>): Promise<TLetra> {
  const [l] = await filas<{ id: number; numero: number; estado: number; id_cuota: number; saldo: string }>(
    ctx.dbh.db,
    sql`select l.id, l.numero, l.estado, q.id as id_cuota, (q.monto - q.cobrado)::text as saldo from letra l join cuota_cobrar q on q.id_documento = -l.id
         where l.id = ${b.IdLetra} and l.id_empresa = ${auth.idEmpresa}`,
  );
  if (!l) throw noEncontrado('No se encontró la letra');
  exigirEstado({ numero: l.numero, estado: Number(l.estado) }, [ESTADO.CARTERA, ESTADO.COBRANZA, ESTADO.DESCONTADA, ESTADO.PROTESTADA], 'cobrarla');
  const [cuenta] = await ctx.dbh.db.select().from(cuentaFinanciera).where(and(eq(cuentaFinanciera.id, b.IdCuentaFinanciera), eq(cuentaFinanciera.idEmpresa, auth.idEmpresa)));
  if (!cuenta) throw noEncontrado('No se encontró la cuenta financiera');
  await registrarCobro(ctx, auth, cuenta.idTipoCuenta === 3 ? 2 : 1, {
    IdCuentaFinanciera: b.IdCuentaFinanciera, Fecha: b.Fecha, MedioPago: b.MedioPago, NumeroOperacion: b.NumeroOperacion, Observacion: b.Observacion ?? null,
    Detalle: [{ IdCuota: l.id_cuota, Monto: new Decimal(l.saldo).toFixed(2) }],
  });
  return obtenerLetra(ctx, auth, b.IdLetra);
}

/** alRegistrarCobro hook: a letra whose due the collection settles becomes Cobrada (a collected or closed one refuses). */
export async function alCobrarLetra(tx: TTxFinanzas, c: TCobroRegistrado): Promise<void> {
  const ls = await filas<{ id: number; numero: number; estado: number; monto: string; cobrado: string }>(
    tx,
    sql`select l.id, l.numero, l.estado, q.monto::text, q.cobrado::text from cobro_detalle x join cuota_cobrar q on q.id = x.id_cuota join letra l on l.id = -q.id_documento
         where x.id_cobro = ${c.idCobro} and q.id_documento < 0 order by l.id for update of l`,
  );
  for (const l of ls) {
    if (Number(l.estado) === ESTADO.COBRADA) throw new AppError(ErrorCodes.LETRA_YA_COBRADA, `La letra ${numeroLetra(l.numero)} ya fue cobrada`, 409);
    if (![ESTADO.CARTERA, ESTADO.COBRANZA, ESTADO.DESCONTADA, ESTADO.PROTESTADA].includes(Number(l.estado) as 1))
      throw new AppError(ErrorCodes.LETRA_ESTADO_INVALIDO, `La letra ${numeroLetra(l.numero)} está ${EstadosLetra[Number(l.estado) as 1].toLowerCase()}: no se puede cobrar`, 409);
    if (new Decimal(l.cobrado).gte(l.monto)) await tx.execute(sql`update letra set estado = ${ESTADO.COBRADA}, log_fecha_modif = now() where id = ${l.id}`);
  }
}

/** alAnularCobro hook: a collected letra whose collection is voided returns to where it was (protested, bank or cartera). */
export async function alAnularCobroLetra(tx: TTxFinanzas, c: { idCobro: number }): Promise<void> {
  await tx.execute(
    sql`update letra l set estado = case when l.protestada and l.ubicacion = 1 then ${ESTADO.PROTESTADA} else l.ubicacion end, log_fecha_modif = now()
         where l.estado = ${ESTADO.COBRADA} and l.id in (select -q.id_documento from cobro_detalle x join cuota_cobrar q on q.id = x.id_cuota where x.id_cobro = ${c.idCobro} and q.id_documento < 0)`,
  );
}

/**
 * PUT documentos/pagares/{id}/protestos: an unpaid letra (after its maturity) is protested: it returns to cartera
 * (1231 D / 1232 or 1233 H; a discounted one is charged back by the bank: 4511 D / 104 H) and the protest costs are
 * an expense paid from the bank account (or the cash box for a letra in cartera).
 */
export async function protestar(ctx: Contexto, auth: TAuth, id: number, b: z.infer<typeof ZLetraProtesto>): Promise<TLetra> {
  const fecha = fechaDe(b.Fecha);
  await ctx.dbh.db.transaction(async (tx) => {
    const l = await bloquearLetra(tx, auth, id);
    exigirEstado(l, [ESTADO.CARTERA, ESTADO.COBRANZA, ESTADO.DESCONTADA], 'protestarla');
    if (fecha <= l.fecha_vencimiento) throw errorDeCampo('Fecha', 'Una letra se protesta después de su vencimiento');
    const gastos = new Decimal(b.Gastos ?? 0);
    const saldo = new Decimal(l.cuota_monto).minus(l.cobrado);
    const soles = solesDe(saldo, l);
    const gastosSoles = solesDe(gastos, l);
    const n = Number(l.movimientos) + 1;
    const lineas: TAsientoLetraFinanzas['lineas'] = [];
    if (l.ubicacion !== 1) lineas.push({ clave: 'LETRAS_CARTERA', debe: soles, haber: 0 }, { clave: UBICACION_CLAVE[l.ubicacion], debe: 0, haber: soles });
    if (l.ubicacion === 3) lineas.push({ clave: 'LETRAS_OBLIGACION_DESCUENTO', debe: soles, haber: 0 }, { clave: 'BANCO', debe: 0, haber: soles, idCuentaFinanciera: l.id_cuenta_financiera });
    if (gastos.gt(0)) lineas.push({ clave: 'LETRAS_GASTOS_PROTESTO', debe: gastosSoles, haber: 0 }, { clave: l.id_cuenta_financiera ? 'BANCO' : 'CAJA', debe: 0, haber: gastosSoles, idCuentaFinanciera: l.id_cuenta_financiera });
    await tx.execute(sql`update letra set estado = ${ESTADO.PROTESTADA}, ubicacion = 1, protestada = true, id_cuenta_financiera = null, movimientos = ${n},
      gastos_protesto = gastos_protesto + ${gastos.toFixed(2)}::numeric, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now() where id = ${l.id}`);
    if (lineas.length)
      await asentar(tx, { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, fecha, clave: `LETRA-PROTESTO:${l.id}.${n}`, glosa: `Protesto de la letra ${numeroLetra(l.numero)} - ${l.razon_social_cliente}`, lineas });
  });
  return obtenerLetra(ctx, auth, id);
}

/**
 * POST documentos/pagares/{id}/renovaciones: a letra in cartera (or protested) is replaced by a new one for its
 * balance plus the interest agreed; the old one is Renovada (its due closes at what was collected) and the chain kept.
 * Entry: 1231 D (new) / 1231 H (old) / 772 H (interest).
 */
export async function renovar(ctx: Contexto, auth: TAuth, id: number, b: z.infer<typeof ZLetraRenovacion>): Promise<TLetra> {
  const fecha = fechaDe(b.Fecha);
  if (b.FechaVencimiento <= fecha) throw errorDeCampo('FechaVencimiento', 'El nuevo vencimiento debe ser posterior a la fecha de la renovación');
  const nueva = await ctx.dbh.db.transaction(async (tx) => {
    const l = await bloquearLetra(tx, auth, id);
    exigirEstado(l, [ESTADO.CARTERA, ESTADO.PROTESTADA], 'renovarla');
    const saldo = new Decimal(l.cuota_monto).minus(l.cobrado);
    const interes = new Decimal(b.Interes ?? 0);
    const soles = solesDe(saldo, l);
    const interesSoles = solesDe(interes, l);
    const [o] = await filas<{ lugar_giro: string; lugar_pago: string | null; numero_documento_cliente: string; razon_social_cliente: string; direccion_cliente: string | null; aval_nombre: string | null; aval_documento: string | null; id_entidad: number | null }>(
      tx,
      sql`select l.lugar_giro, l.lugar_pago, l.numero_documento_cliente, l.razon_social_cliente, l.direccion_cliente, l.aval_nombre, l.aval_documento, q.id_entidad
            from letra l join cuota_cobrar q on q.id_documento = -l.id where l.id = ${l.id}`,
    );
    const numero = await siguienteLetra(tx, auth.idEmpresa);
    const idNueva = await crearLetra(tx, auth, {
      numero, idCobroCanje: l.id_cobro_canje, idLetraOrigen: l.id, fechaGiro: fecha, fechaVencimiento: b.FechaVencimiento, lugarGiro: o.lugar_giro, lugarPago: o.lugar_pago,
      idMoneda: Number(l.id_moneda), monto: saldo.plus(interes), montoSoles: soles.plus(interesSoles), cliente: o.numero_documento_cliente, razon: o.razon_social_cliente,
      direccion: o.direccion_cliente, idEntidad: o.id_entidad, avalNombre: o.aval_nombre, avalDocumento: o.aval_documento, observacion: null, interesRenovacion: interes,
    });
    await tx.execute(sql`update cuota_cobrar set monto = cobrado, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now() where id = ${l.id_cuota}`);
    await tx.execute(sql`update letra set estado = ${ESTADO.RENOVADA}, movimientos = movimientos + 1, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now() where id = ${l.id}`);
    await asentar(tx, {
      idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, fecha, clave: `LETRA-RENOVACION:${idNueva}`,
      glosa: `Renovación de la letra ${numeroLetra(l.numero)} por la ${numeroLetra(numero)} - ${o.razon_social_cliente}`,
      lineas: [
        { clave: 'LETRAS_CARTERA', debe: soles.plus(interesSoles), haber: 0 },
        { clave: 'LETRAS_CARTERA', debe: 0, haber: soles },
        { clave: 'LETRAS_INTERES_RENOVACION', debe: 0, haber: interesSoles },
      ],
    });
    return idNueva;
  });
  return obtenerLetra(ctx, auth, nueva);
}

/**
 * PUT documentos/pagares/{id}/anulaciones: voids the letra's whole canje, only while none of its letras has moved
 * (all in cartera, nothing collected, never sent, protested or renewed): the letras are Anuladas, their dues closed,
 * the canje voided (the invoice dues get their balance back) and its entry reversed.
 */
export async function anularLetra(ctx: Contexto, auth: TAuth, id: number, motivo: string): Promise<TLetra> {
  await ctx.dbh.db.transaction(async (tx) => {
    const l = await bloquearLetra(tx, auth, id);
    if (l.estado === ESTADO.ANULADA) throw new AppError(ErrorCodes.LETRA_ESTADO_INVALIDO, `La letra ${numeroLetra(l.numero)} ya está anulada`, 409);
    const hermanas = await filas<{ id: number; numero: number; estado: number; movimientos: number; cobrado: string; id_cuota: number }>(
      tx,
      sql`select l.id, l.numero, l.estado, l.movimientos, q.cobrado::text, q.id as id_cuota from letra l join cuota_cobrar q on q.id_documento = -l.id
           where l.id_cobro_canje = ${l.id_cobro_canje} order by l.id for update of l, q`,
    );
    const movida = hermanas.find((h) => Number(h.estado) !== ESTADO.CARTERA || Number(h.movimientos) > 0 || new Decimal(h.cobrado).gt(0));
    if (movida)
      throw new AppError(
        ErrorCodes.LETRA_CON_MOVIMIENTOS,
        `La letra ${numeroLetra(movida.numero)} del mismo canje ya tuvo movimientos (${EstadosLetra[Number(movida.estado) as 1].toLowerCase()}): no se puede anular el canje`,
        409,
      );
    await tx.execute(sql`update letra set estado = ${ESTADO.ANULADA}, motivo_anulacion = ${motivo}, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now()
                         where id_cobro_canje = ${l.id_cobro_canje}`);
    await tx.execute(sql`update cuota_cobrar set anulado = true, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now()
                         where id in (${sql.join(hermanas.map((h) => sql`${h.id_cuota}`), sql`, `)})`);
    const det = await tx.select({ idCuota: cobroDetalle.idCuota, monto: cobroDetalle.monto }).from(cobroDetalle).where(eq(cobroDetalle.idCobro, l.id_cobro_canje));
    await moverCuotas(tx, LADO_COBRO, auth.idUsuario, det, -1);
    await tx
      .update(cobro)
      .set({ anulado: true, fechaAnulacion: new Date(), motivoAnulacion: `Anulación de letras: ${motivo}`.slice(0, 200), logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(cobro.id, l.id_cobro_canje));
    for (const fn of trasRevertir)
      await fn(tx, { idEmpresa: auth.idEmpresa, clave: `LETRA-CANJE:${l.id_cobro_canje}`, fecha: hoyLima(), glosa: `Anulación del canje por letras: ${motivo}` });
  });
  return obtenerLetra(ctx, auth, id);
}
