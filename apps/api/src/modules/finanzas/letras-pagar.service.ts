import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  EstadosLetraPagar,
  SERIE_LETRA_PAGAR,
  SimboloMoneda,
  TIPO_PAGO_CANJE_LETRAS,
  serieNumero,
  type TLetraPagar,
  type TPago,
  ZCanjeLetrasPagar,
  ZLetraPago,
  ZLetraRenovacion,
  ZLetrasPagarQuery,
} from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { cuentaFinanciera } from './finanzas.schema';
import { letraPagar, pago, pagoDetalle } from './cuentas-por-pagar.schema';
import { diasEntre, filas, hoyLima, patronLike } from './antiguedad';
import { bloquearCuotas, montosEnCuenta, moverCuotas, siguienteNumero, type TTxFinanzas } from './liquidacion';
import { LADO_PAGO, registrarPago, type TPagoRegistrado } from './pagos.service';
import { asentarLetra, revertirAsientoLetra } from './letras.service';

/**
 * Letras de cambio por pagar (issue 14, branch letraspagar): the payables' mirror of letras.service. A canje settles
 * purchase dues with a supplier payment of kind 4 (no money, no account) and writes the letras we accept; each
 * letra's debt is a due of its own in cuota_pagar (id_documento = -letra_pagar.id, serie LP), so the payables list,
 * the aging and the ordinary payments (`pagos/efectivos|bancarizados`, with their ITF and entries) see it. Entries in
 * the same transaction: canje 4212 D / 423 H (key LETRA-PAGAR-CANJE:<pago>), payment 423 D / 10 H through the
 * payment's own hook (the books read the letra's due), void of the canje reverses.
 */

const ESTADO = { PENDIENTE: 1, PAGADA: 2, ANULADA: 3, RENOVADA: 4 } as const;
// Advisory lock key (with the company id) serialising the letras por pagar's numbers.
const CANDADO_LETRAS_PAGAR = 13_051;
const MONEDA = (id: number) => SimboloMoneda[id] ?? '';
const numeroLetra = (n: number) => serieNumero(SERIE_LETRA_PAGAR, n);
const claveCanje = (idPago: number) => `LETRA-PAGAR-CANJE:${idPago}`;

async function siguienteLetra(tx: TTxFinanzas, idEmpresa: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CANDADO_LETRAS_PAGAR}, ${idEmpresa})`);
  const [{ n }] = await filas<{ n: number }>(tx, sql`select coalesce(max(numero), 0)::int + 1 as n from letra_pagar where id_empresa = ${idEmpresa}`);
  return n;
}

/**
 * POST proveedores/documentos/pagares: the canje of open dues of ONE supplier in ONE currency into letras whose total
 * is the balance taken. One transaction: dues locked and checked (1410 over the balance, 1408 a voided purchase), the
 * kind-4 payment and its lines (the dues' balance goes down), the letras and their dues, the entry 4212 D / 423 H.
 */
export async function canjearPagar(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZCanjeLetrasPagar>): Promise<{ IdCanje: number; Letras: TLetraPagar[] }> {
  const hoy = hoyLima();
  const fechaGiro = b.FechaGiro ?? hoy;
  if (fechaGiro > hoy) throw errorDeCampo('FechaGiro', 'La fecha de giro no puede ser posterior a hoy');
  b.Letras.forEach((l, i) => {
    if (l.FechaVencimiento < fechaGiro) throw errorDeCampo(`Letras.${i}.FechaVencimiento`, 'El vencimiento de la letra no puede ser anterior a la fecha de giro');
  });
  if (new Set(b.Cuotas.map((c) => c.IdCuota)).size !== b.Cuotas.length) throw errorDeCampo('Cuotas', 'Una cuota se indica una sola vez');
  const idCanje = await ctx.dbh.db.transaction(async (tx) => {
    const porId = await bloquearCuotas(tx, LADO_PAGO, auth.idEmpresa, b.Cuotas);
    const cuotas = [...porId.values()];
    if (cuotas.some((q) => q.id_documento < 0)) throw errorDeCampo('Cuotas', 'Una letra no se canjea por otra letra');
    // A purchase's detracción due is deposited into the supplier's Banco de la Nación account: never a letra.
    const [detraccion] = await filas<{ serie: string; correlativo: number }>(
      tx,
      sql`select serie, correlativo from cuota_pagar where id in (${sql.join(cuotas.map((q) => sql`${q.id}`), sql`, `)}) and detraccion limit 1`,
    );
    if (detraccion)
      throw new AppError(
        ErrorCodes.CUOTA_DETRACCION_NO_CANJEABLE,
        `La cuota de detracción de ${serieNumero(detraccion.serie, detraccion.correlativo)} no se canjea por letras: se deposita en la cuenta de detracciones del proveedor en el Banco de la Nación`,
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
        ErrorCodes.LETRA_PAGAR_TOTAL_DISTINTO,
        `El total de las letras (${MONEDA(idMoneda)} ${totalLetras.toFixed(2)}) debe ser igual al saldo canjeado de las cuotas (${MONEDA(idMoneda)} ${totalCuotas.toFixed(2)})`,
        400,
        { errores: { Letras: `Total de las cuotas: ${MONEDA(idMoneda)} ${totalCuotas.toFixed(2)}` } },
      );
    const { lineas, total, tasa } = await montosEnCuenta(tx, LADO_PAGO, auth.idEmpresa, { idMoneda }, fechaGiro, b.Cuotas, porId);
    // The soles the purchases were booked at on 4212 (a dollar purchase at its own rate): what leaves 4212 and enters 423.
    const [{ soles }] = await filas<{ soles: string }>(
      tx,
      sql`select coalesce(sum(case when q.id_moneda = 2 then round(x.monto * coalesce(c.tipo_cambio, ${tasa ? tasa.toFixed(4) : '1'}::numeric), 2) else x.monto end), 0)::text as soles
            from (values ${sql.join(lineas.map((l) => sql`(${l.idCuota}::int, ${l.monto.toFixed(2)}::numeric)`), sql`, `)}) as x(id_cuota, monto)
            join cuota_pagar q on q.id = x.id_cuota left join compra c on c.id = q.id_documento and c.id_empresa = q.id_empresa`,
    );
    const solesLibro = new Decimal(soles);
    const primera = porId.get(Math.min(...porId.keys()))!;
    const siguiente = await siguienteNumero(tx, LADO_PAGO, auth.idEmpresa);
    const [p] = await tx
      .insert(pago)
      .values({
        idEmpresa: auth.idEmpresa, idSucursal: auth.sucursales[0] ?? null, numero: siguiente, fecha: fechaGiro, idTipoPago: TIPO_PAGO_CANJE_LETRAS, idCuentaFinanciera: null,
        idMoneda, monto: total.toFixed(2), montoSoles: solesLibro.toFixed(2), tipoCambio: tasa ? tasa.toFixed(4) : null, numeroDocumentoProveedor: primera.tercero,
        razonSocialProveedor: primera.razon, observacion: b.Observacion, logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: pago.id });
    await tx.insert(pagoDetalle).values(
      lineas.map((l) => ({ idEmpresa: auth.idEmpresa, idPago: p.id, idCuota: l.idCuota, monto: l.monto.toFixed(2), montoCuenta: l.montoCuenta.toFixed(2), logUsuarioCrea: auth.idUsuario })),
    );
    await moverCuotas(tx, LADO_PAGO, auth.idUsuario, lineas, 1);
    const [doc] = await filas<{ id_entidad: number | null }>(tx, sql`select id_entidad from cuota_pagar where id = ${primera.id}`);
    let numero = await siguienteLetra(tx, auth.idEmpresa);
    let solesRestantes = solesLibro;
    const numeros: string[] = [];
    for (const [i, l] of b.Letras.entries()) {
      const monto = new Decimal(l.Monto);
      const solesLetra = i === b.Letras.length - 1 ? solesRestantes : monto.times(solesLibro).dividedBy(total).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      solesRestantes = solesRestantes.minus(solesLetra);
      numeros.push(numeroLetra(numero));
      const [n] = await tx
        .insert(letraPagar)
        .values({
          idEmpresa: auth.idEmpresa, numero, numeroGirador: l.NumeroGirador, idPagoCanje: p.id, fechaGiro, fechaVencimiento: l.FechaVencimiento, lugarGiro: b.LugarGiro,
          idMoneda, monto: monto.toFixed(2), montoSoles: solesLetra.toFixed(2), numeroDocumentoProveedor: primera.tercero, razonSocialProveedor: primera.razon,
          observacion: b.Observacion, logUsuarioCrea: auth.idUsuario,
        })
        .returning({ id: letraPagar.id });
      await tx.execute(
        sql`insert into cuota_pagar (id_empresa, id_documento, tipo_documento, serie, correlativo, fecha_emision, id_entidad, numero_documento_proveedor,
              razon_social_proveedor, id_moneda, numero_cuota, fecha_vencimiento, monto, log_usuario_crea)
            values (${auth.idEmpresa}, ${-n.id}, 'LP', ${SERIE_LETRA_PAGAR}, ${numero}, ${fechaGiro}, ${doc?.id_entidad ?? null}, ${primera.tercero}, ${primera.razon}, ${idMoneda}, 1,
              ${l.FechaVencimiento}, ${monto.toFixed(2)}, ${auth.idUsuario})`,
      );
      numero++;
    }
    const docs = [...new Set(cuotas.map((q) => serieNumero(q.serie, q.correlativo)))].join(', ');
    await asentarLetra(tx, {
      idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, fecha: fechaGiro, clave: claveCanje(p.id),
      glosa: `Canje de ${docs} por letras por pagar ${numeros.join(', ')} - ${primera.razon}`,
      lineas: [
        { clave: 'POR_PAGAR', debe: solesLibro, haber: 0 },
        { clave: 'LETRAS_POR_PAGAR', debe: 0, haber: solesLibro },
      ],
    });
    return p.id;
  });
  const { Data } = await consultar(ctx, auth, sql`l.id_pago_canje = ${idCanje}`, 1, 1000);
  return { IdCanje: idCanje, Letras: Data };
}

type TFila = {
  id: number; numero: number; numero_girador: string | null; id_pago_canje: number; id_letra_origen: number | null; estado: number; fecha_giro: string; fecha_vencimiento: string; id_moneda: number;
  monto: string; id_cuota: number | null; cuota_monto: string | null; pagado: string | null; numero_documento_proveedor: string; razon_social_proveedor: string;
  documentos: string | null; observacion: string | null; motivo_anulacion: string | null;
};
const SELECT = sql`select l.id, l.numero, l.numero_girador, l.id_pago_canje, l.id_letra_origen, l.estado, l.fecha_giro::text, l.fecha_vencimiento::text, l.id_moneda, l.monto::text,
  q.id as id_cuota, q.monto::text as cuota_monto, q.pagado::text as pagado, l.numero_documento_proveedor, l.razon_social_proveedor, l.observacion, l.motivo_anulacion,
  (select string_agg(distinct x.serie || '-' || x.correlativo, ', ') from pago_proveedor_detalle d join cuota_pagar x on x.id = d.id_cuota where d.id_pago_proveedor = l.id_pago_canje) as documentos
  from letra_pagar l left join cuota_pagar q on q.id_documento = -l.id`;

function aLetra(f: TFila, hoy: string): TLetraPagar {
  const pagado = new Decimal(f.pagado ?? 0);
  const saldo = Number(f.estado) === ESTADO.PENDIENTE ? new Decimal(f.cuota_monto ?? f.monto).minus(pagado) : new Decimal(0);
  return {
    Id: f.id,
    Numero: numeroLetra(f.numero),
    NumeroGirador: f.numero_girador,
    IdCuota: f.id_cuota,
    IdCanje: f.id_pago_canje,
    IdLetraOrigen: f.id_letra_origen,
    Estado: Number(f.estado),
    EstadoNombre: EstadosLetraPagar[Number(f.estado) as 1] ?? '',
    FechaGiro: f.fecha_giro,
    FechaVencimiento: f.fecha_vencimiento,
    IdMoneda: Number(f.id_moneda),
    Monto: new Decimal(f.monto).toFixed(2),
    Pagado: pagado.toFixed(2),
    Saldo: saldo.toFixed(2),
    DiasVencido: saldo.gt(0) ? Math.max(0, diasEntre(f.fecha_vencimiento, hoy)) : 0,
    NumeroDocumentoProveedor: f.numero_documento_proveedor,
    RazonSocialProveedor: f.razon_social_proveedor,
    Documentos: f.documentos ?? '',
    Observacion: f.observacion,
    MotivoAnulacion: f.motivo_anulacion,
  };
}

async function consultar(ctx: Contexto, auth: TAuth, filtro: ReturnType<typeof sql>, pagina: number, regxpag: number) {
  const donde = sql`l.id_empresa = ${auth.idEmpresa} and ${filtro}`;
  const [fs, [{ n }]] = await Promise.all([
    filas<TFila>(ctx.dbh.db, sql`${SELECT} where ${donde} order by l.fecha_vencimiento, l.numero limit ${regxpag} offset ${(pagina - 1) * regxpag}`),
    filas<{ n: number }>(ctx.dbh.db, sql`select count(*)::int as n from letra_pagar l where ${donde}`),
  ]);
  const hoy = hoyLima();
  return { Data: fs.map((f) => aLetra(f, hoy)), Count: n };
}

/** GET proveedores/documentos/pagares: the company's letras por pagar by state and supplier, nearest maturity first. */
export async function listarLetrasPagar(ctx: Contexto, auth: TAuth, q: z.infer<typeof ZLetrasPagarQuery>) {
  const partes = [sql`true`];
  if (q.estado) partes.push(sql`l.estado = ${q.estado}`);
  const pr = q.proveedor.trim();
  if (pr) partes.push(/^\d{8,15}$/.test(pr) ? sql`l.numero_documento_proveedor = ${pr}` : sql`l.razon_social_proveedor ilike ${patronLike(pr)}`);
  return consultar(ctx, auth, sql.join(partes, sql` and `), q.pagina, q.regxpag);
}

export async function obtenerLetraPagar(ctx: Contexto, auth: TAuth, id: number): Promise<TLetraPagar> {
  const { Data } = await consultar(ctx, auth, sql`l.id = ${id}`, 1, 1);
  if (!Data.length) throw noEncontrado('No se encontró la letra por pagar');
  return Data[0];
}

/**
 * POST pagos/pagares: pays a pending letra's whole balance from a cash box (cash payment) or a bank account
 * (bancarizado, with means, operation number and ITF): the ordinary supplier payment of its due, so its receipt,
 * bancarización, ITF and entry (423 D / the account's ledger account H) are the payments'.
 */
export async function pagarLetra(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZLetraPago>): Promise<TPago> {
  const l = await obtenerLetraPagar(ctx, auth, b.IdLetra);
  if (l.Estado !== ESTADO.PENDIENTE || !l.IdCuota || !new Decimal(l.Saldo).gt(0))
    throw new AppError(ErrorCodes.LETRA_PAGAR_ESTADO_INVALIDO, `La letra ${l.Numero} está ${l.EstadoNombre.toLowerCase()}: no se puede pagar`, 409);
  const [cuenta] = await ctx.dbh.db.select().from(cuentaFinanciera).where(and(eq(cuentaFinanciera.id, b.IdCuentaFinanciera), eq(cuentaFinanciera.idEmpresa, auth.idEmpresa)));
  if (!cuenta) throw noEncontrado('No se encontró la cuenta financiera');
  return registrarPago(ctx, auth, cuenta.idTipoCuenta === 3 ? 2 : 1, {
    IdCuentaFinanciera: b.IdCuentaFinanciera, Fecha: b.Fecha, MedioPago: b.MedioPago, NumeroOperacion: b.NumeroOperacion, Observacion: b.Observacion ?? null,
    Detalle: [{ IdCuota: l.IdCuota, Monto: l.Saldo }],
  });
}

/**
 * alRegistrarPago hook (registered before the books'): a payment that touches letras por pagar pays only letras (so
 * its entry debits 423 alone), each pending; a letra whose due is fully paid becomes Pagada.
 */
export async function alPagarLetraPagar(tx: TTxFinanzas, p: TPagoRegistrado): Promise<void> {
  const det = await filas<{ id_documento: number; letra: number | null; numero: number | null; estado: number | null; monto: string; pagado: string }>(
    tx,
    sql`select q.id_documento, l.id as letra, l.numero, l.estado, q.monto::text, q.pagado::text from pago_proveedor_detalle x join cuota_pagar q on q.id = x.id_cuota
          left join letra_pagar l on l.id = -q.id_documento and q.id_documento < 0 where x.id_pago_proveedor = ${p.idPago} order by l.id for update of q`,
  );
  const letras = det.filter((d) => d.letra !== null);
  if (!letras.length) return;
  if (letras.length !== det.length)
    throw new AppError(ErrorCodes.LETRA_PAGAR_MEZCLADA, 'Las letras por pagar se pagan por separado de las facturas: registre dos pagos', 400);
  if (p.aplicacionSaldo) throw new AppError(ErrorCodes.LETRA_PAGAR_ESTADO_INVALIDO, 'El saldo a favor del proveedor no se aplica a letras por pagar', 409);
  for (const l of letras) {
    if (Number(l.estado) !== ESTADO.PENDIENTE)
      throw new AppError(ErrorCodes.LETRA_PAGAR_ESTADO_INVALIDO, `La letra ${numeroLetra(Number(l.numero))} está ${EstadosLetraPagar[Number(l.estado) as 1].toLowerCase()}: no se puede pagar`, 409);
    if (new Decimal(l.pagado).gte(l.monto)) await tx.execute(sql`update letra_pagar set estado = ${ESTADO.PAGADA}, log_fecha_modif = now() where id = ${l.letra}`);
  }
}

/** alAnularPago hook: a paid letra whose payment is voided is pending again. */
export async function alAnularPagoLetraPagar(tx: TTxFinanzas, p: { idPago: number }): Promise<void> {
  await tx.execute(
    sql`update letra_pagar set estado = ${ESTADO.PENDIENTE}, log_fecha_modif = now()
         where estado = ${ESTADO.PAGADA} and id in (select -q.id_documento from pago_proveedor_detalle x join cuota_pagar q on q.id = x.id_cuota
                                                     where x.id_pago_proveedor = ${p.idPago} and q.id_documento < 0)`,
  );
}

/**
 * PUT proveedores/documentos/pagares/{id}/anulaciones: voids the letra's whole canje while none of its letras has a
 * payment (601612): the letras Anuladas and their dues closed, the canje (payment of kind 4) voided so the purchase
 * dues get their balance back, the entry reversed. One transaction.
 */
export async function anularCanjePagar(ctx: Contexto, auth: TAuth, id: number, motivo: string): Promise<TLetraPagar> {
  await ctx.dbh.db.transaction(async (tx) => {
    const [l] = await filas<{ id: number; numero: number; estado: number; id_pago_canje: number }>(
      tx,
      sql`select id, numero, estado, id_pago_canje from letra_pagar where id = ${id} and id_empresa = ${auth.idEmpresa} for update`,
    );
    if (!l) throw noEncontrado('No se encontró la letra por pagar');
    if (Number(l.estado) === ESTADO.ANULADA) throw new AppError(ErrorCodes.LETRA_PAGAR_ESTADO_INVALIDO, `La letra ${numeroLetra(l.numero)} ya está anulada`, 409);
    const hermanas = await filas<{ id: number; numero: number; estado: number; pagado: string; id_cuota: number }>(
      tx,
      sql`select l.id, l.numero, l.estado, q.pagado::text, q.id as id_cuota from letra_pagar l join cuota_pagar q on q.id_documento = -l.id
           where l.id_pago_canje = ${l.id_pago_canje} order by l.id for update of l, q`,
    );
    const pagada = hermanas.find((h) => new Decimal(h.pagado).gt(0));
    if (pagada)
      throw new AppError(ErrorCodes.LETRA_PAGAR_CON_PAGOS, `La letra ${numeroLetra(pagada.numero)} del mismo canje ya tiene pagos: anule primero esos pagos para anular el canje`, 409);
    const renovada = hermanas.find((h) => Number(h.estado) === ESTADO.RENOVADA);
    if (renovada) throw new AppError(ErrorCodes.LETRA_PAGAR_CON_PAGOS, `La letra ${numeroLetra(renovada.numero)} del mismo canje fue renovada: no se puede anular el canje`, 409);
    await tx.execute(sql`update letra_pagar set estado = ${ESTADO.ANULADA}, motivo_anulacion = ${motivo}, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now()
                         where id_pago_canje = ${l.id_pago_canje}`);
    await tx.execute(sql`update cuota_pagar set anulado = true, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now()
                         where id in (${sql.join(hermanas.map((h) => sql`${h.id_cuota}`), sql`, `)})`);
    const det = await tx.select({ idCuota: pagoDetalle.idCuota, monto: pagoDetalle.monto }).from(pagoDetalle).where(eq(pagoDetalle.idPago, l.id_pago_canje));
    await moverCuotas(tx, LADO_PAGO, auth.idUsuario, det, -1);
    await tx
      .update(pago)
      .set({ anulado: true, fechaAnulacion: new Date(), motivoAnulacion: `Anulación del canje por letras: ${motivo}`.slice(0, 200), logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
      .where(eq(pago.id, l.id_pago_canje));
    await revertirAsientoLetra(tx, { idEmpresa: auth.idEmpresa, clave: claveCanje(l.id_pago_canje), fecha: hoyLima(), glosa: `Anulación del canje por letras por pagar: ${motivo}` });
  });
  return obtenerLetraPagar(ctx, auth, id);
}

/**
 * POST proveedores/documentos/pagares/{id}/renovaciones: a pending letra is replaced by a new one for its balance plus
 * the interest the supplier charges, maturing later; the old one is Renovada (its due closes at what was paid) and
 * the chain is kept (IdLetraOrigen). Entry: 423 D (old) + 6736 D (interest) / 423 H (new), key
 * LETRA-PAGAR-RENOVACION:<new letra>. One transaction.
 */
export async function renovarLetraPagar(ctx: Contexto, auth: TAuth, id: number, b: z.infer<typeof ZLetraRenovacion>): Promise<TLetraPagar> {
  const hoy = hoyLima();
  const fecha = b.Fecha ?? hoy;
  if (fecha > hoy) throw errorDeCampo('Fecha', 'La fecha no puede ser posterior a hoy');
  if (b.FechaVencimiento <= fecha) throw errorDeCampo('FechaVencimiento', 'El nuevo vencimiento debe ser posterior a la fecha de la renovación');
  const nueva = await ctx.dbh.db.transaction(async (tx) => {
    const [l] = await filas<{
      id: number; numero: number; estado: number; id_pago_canje: number; id_moneda: number; monto: string; monto_soles: string; lugar_giro: string | null;
      numero_documento_proveedor: string; razon_social_proveedor: string; id_cuota: number; cuota_monto: string; pagado: string; id_entidad: number | null;
    }>(
      tx,
      sql`select l.id, l.numero, l.estado, l.id_pago_canje, l.id_moneda, l.monto::text, l.monto_soles::text, l.lugar_giro, l.numero_documento_proveedor, l.razon_social_proveedor,
                 q.id as id_cuota, q.monto::text as cuota_monto, q.pagado::text, q.id_entidad
            from letra_pagar l join cuota_pagar q on q.id_documento = -l.id
           where l.id = ${id} and l.id_empresa = ${auth.idEmpresa} for update of l, q`,
    );
    if (!l) throw noEncontrado('No se encontró la letra por pagar');
    if (Number(l.estado) !== ESTADO.PENDIENTE)
      throw new AppError(ErrorCodes.LETRA_PAGAR_ESTADO_INVALIDO, `La letra ${numeroLetra(l.numero)} está ${EstadosLetraPagar[Number(l.estado) as 1].toLowerCase()}: no se puede renovar`, 409);
    const saldo = new Decimal(l.cuota_monto).minus(l.pagado);
    const interes = new Decimal(b.Interes ?? 0);
    // Soles at the rate the letra is booked at on 423.
    const aSoles = (v: Decimal) => v.times(l.monto_soles).dividedBy(l.monto).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const soles = aSoles(saldo);
    const interesSoles = aSoles(interes);
    const numero = await siguienteLetra(tx, auth.idEmpresa);
    const monto = saldo.plus(interes);
    const [n] = await tx
      .insert(letraPagar)
      .values({
        idEmpresa: auth.idEmpresa, numero, idPagoCanje: l.id_pago_canje, idLetraOrigen: l.id, fechaGiro: fecha, fechaVencimiento: b.FechaVencimiento, lugarGiro: l.lugar_giro,
        idMoneda: Number(l.id_moneda), monto: monto.toFixed(2), montoSoles: soles.plus(interesSoles).toFixed(2), numeroDocumentoProveedor: l.numero_documento_proveedor,
        razonSocialProveedor: l.razon_social_proveedor, observacion: `Renovación de ${numeroLetra(l.numero)}`, logUsuarioCrea: auth.idUsuario,
      })
      .returning({ id: letraPagar.id });
    await tx.execute(
      sql`insert into cuota_pagar (id_empresa, id_documento, tipo_documento, serie, correlativo, fecha_emision, id_entidad, numero_documento_proveedor,
            razon_social_proveedor, id_moneda, numero_cuota, fecha_vencimiento, monto, log_usuario_crea)
          values (${auth.idEmpresa}, ${-n.id}, 'LP', ${SERIE_LETRA_PAGAR}, ${numero}, ${fecha}, ${l.id_entidad}, ${l.numero_documento_proveedor}, ${l.razon_social_proveedor},
            ${l.id_moneda}, 1, ${b.FechaVencimiento}, ${monto.toFixed(2)}, ${auth.idUsuario})`,
    );
    // The old due closes at what was paid (a due never paid is closed as voided: a due's amount is always > 0).
    if (new Decimal(l.pagado).gt(0))
      await tx.execute(sql`update cuota_pagar set monto = pagado, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now() where id = ${l.id_cuota}`);
    else await tx.execute(sql`update cuota_pagar set anulado = true, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now() where id = ${l.id_cuota}`);
    await tx.execute(sql`update letra_pagar set estado = ${ESTADO.RENOVADA}, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now() where id = ${l.id}`);
    await asentarLetra(tx, {
      idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, fecha, clave: `LETRA-PAGAR-RENOVACION:${n.id}`,
      glosa: `Renovación de la letra por pagar ${numeroLetra(l.numero)} por la ${numeroLetra(numero)} - ${l.razon_social_proveedor}`,
      lineas: [
        { clave: 'LETRAS_POR_PAGAR', debe: soles, haber: 0 },
        { clave: 'LETRAS_INTERES_POR_PAGAR', debe: interesSoles, haber: 0 },
        { clave: 'LETRAS_POR_PAGAR', debe: 0, haber: soles.plus(interesSoles) },
      ],
    });
    return n.id;
  });
  return obtenerLetraPagar(ctx, auth, nueva);
}
