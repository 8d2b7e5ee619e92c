import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { ErrorCodes, PerfilesExtracto, type TExtracto, type TTipoConciliable, type TLineaExtracto, type TOperacionLibro, type TPerfilExtracto, ZConciliar, ZExtractoImportar } from '@yupana/contracts';
import type { z } from 'zod';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { Contexto } from '../../lib/contexto';
import type { TAuth } from '../../lib/auth';
import { extractoBancario, extractoLinea } from './movimientos.schema';
import { filas } from './antiguedad';
import { esDuplicado } from './maestros.service';

/**
 * Bank reconciliation (issue 14, branch movfin): a statement (CSV or Excel) of one bank account is read with a
 * column profile, its lines are stored, and each is matched to one book operation of the account: a movement (M),
 * its ITF (I), a collection (C) or its ITF (J), a supplier payment (P) or its ITF (K), a payroll payment (N) or a
 * detracción deposit (D: a sales one into the BN account, a purchase one out of the paying account). Proposals: same signed amount, date within 3 days, the
 * operation number first. Confirming stores the match; a reconciled operation can no longer be voided.
 */

const DIAS_TOLERANCIA = 3;
type TColumnas = { fecha: string[]; descripcion: string[]; numero: string[]; monto?: string[]; cargo?: string[]; abono?: string[] };

/**
 * Header names of each bank's movement export, normalized (lower case, no accents, only letters and digits). Taken from
 * the exports' usual headers (BCP "Descripción operación / Operación - Número", BBVA "F. Operación / Concepto /
 * Importe", Interbank and Scotiabank with separate Cargo and Abono); not checked against files of every bank version,
 * so each lists the variants seen and the configurable profile covers the rest.
 */
const PERFILES: Record<Exclude<TPerfilExtracto, 'GENERICO'>, TColumnas> = {
  BCP: {
    fecha: ['fecha', 'fecha operacion', 'fecha de operacion'],
    descripcion: ['descripcion operacion', 'descripcion', 'concepto'],
    numero: ['operacion numero', 'numero de operacion', 'nro operacion', 'n operacion', 'operacion'],
    monto: ['monto', 'importe'],
  },
  BBVA: {
    fecha: ['f operacion', 'fecha operacion', 'fecha de operacion', 'fecha'],
    descripcion: ['concepto', 'descripcion'],
    numero: ['n doc', 'no doc', 'nro doc', 'numero documento', 'n documento', 'numero de operacion'],
    monto: ['importe', 'monto'],
  },
  INTERBANK: {
    fecha: ['fecha de operacion', 'fecha operacion', 'fecha'],
    descripcion: ['descripcion', 'detalle', 'movimiento'],
    numero: ['nro de operacion', 'numero de operacion', 'n de operacion', 'nro operacion', 'operacion'],
    cargo: ['cargo', 'cargos'],
    abono: ['abono', 'abonos'],
  },
  SCOTIABANK: {
    fecha: ['fecha', 'fecha de movimiento', 'fecha operacion'],
    descripcion: ['descripcion', 'concepto'],
    numero: ['referencia', 'nro operacion', 'numero de operacion', 'n operacion'],
    cargo: ['cargo', 'cargos', 'debe'],
    abono: ['abono', 'abonos', 'haber'],
  },
};

export const normalizar = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Splits a CSV text (separator guessed from the first lines: ; , or tab; quotes as RFC 4180). */
export function leerCsv(texto: string): string[][] {
  const muestra = texto.split(/\r?\n/).slice(0, 10).join('\n');
  const cuenta = (c: string) => muestra.split(c).length;
  const sep = [';', '\t', ','].sort((a, b) => cuenta(b) - cuenta(a))[0];
  const filasCsv: string[][] = [];
  let fila: string[] = [];
  let campo = '';
  let comillas = false;
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i];
    if (comillas) {
      if (c === '"' && texto[i + 1] === '"') {
        campo += '"';
        i++;
      } else if (c === '"') comillas = false;
      else campo += c;
    } else if (c === '"') comillas = true;
    else if (c === sep) {
      fila.push(campo);
      campo = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && texto[i + 1] === '\n') i++;
      fila.push(campo);
      filasCsv.push(fila);
      fila = [];
      campo = '';
    } else campo += c;
  }
  if (campo !== '' || fila.length) {
    fila.push(campo);
    filasCsv.push(fila);
  }
  return filasCsv;
}

async function leerExcel(buf: Buffer): Promise<string[][]> {
  const libro = new ExcelJS.Workbook();
  try {
    await libro.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw errorDeCampo('ArchivoBase64', 'No se pudo leer el archivo Excel (.xlsx)');
  }
  const hoja = libro.worksheets[0];
  if (!hoja) return [];
  const r: string[][] = [];
  hoja.eachRow({ includeEmpty: false }, (row) => {
    const celdas: string[] = [];
    for (let i = 1; i <= row.cellCount; i++) {
      const v = row.getCell(i).value as unknown;
      if (v instanceof Date) celdas.push(v.toISOString().slice(0, 10));
      else if (v && typeof v === 'object' && 'result' in v) celdas.push(String((v as { result: unknown }).result ?? ''));
      else if (v && typeof v === 'object' && 'richText' in v) celdas.push((v as { richText: { text: string }[] }).richText.map((x) => x.text).join(''));
      else celdas.push(v === null || v === undefined ? '' : String(v));
    }
    r.push(celdas);
  });
  return r;
}

/** dd/mm/yyyy, dd-mm-yyyy, dd/mm/yy, yyyy-mm-dd (Excel dates come as yyyy-mm-dd); null when it is not a date. */
export function leerFecha(t: string): string | null {
  const s = t.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  let iso: string | null = null;
  if (m) iso = `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  if (m) iso = `${m[3].length === 2 ? `20${m[3]}` : m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** "1,234.56", "-1.234,56", "(50.00)", "S/ 20.00", "20.00-": a Decimal, or null when empty; throws when not a number. */
export function leerImporte(t: string): Decimal | null {
  let s = t.trim().replace(/s\/\.?|us\$|\$|pen|usd/gi, '').replace(/\s/g, '');
  if (!s) return null;
  let negativo = false;
  if (/^\(.*\)$/.test(s)) {
    negativo = true;
    s = s.slice(1, -1);
  }
  if (s.endsWith('-')) {
    negativo = true;
    s = s.slice(0, -1);
  }
  if (s.startsWith('-')) {
    negativo = !negativo;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  const coma = s.lastIndexOf(',');
  const punto = s.lastIndexOf('.');
  // The last separator followed by 1-2 digits is the decimal one.
  if (coma > punto && /,\d{1,2}$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else s = s.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(s)) throw new Error('importe');
  const d = new Decimal(s).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return negativo ? d.negated() : d;
}

type TLineaLeida = { fila: number; fecha: string; descripcion: string; numero: string | null; monto: Decimal };

/** Finds the header row (first 30 rows) and reads every dated line with an amount. */
export function leerLineas(tabla: string[][], perfil: TPerfilExtracto, columnas?: z.infer<typeof ZExtractoImportar>['Columnas']): TLineaLeida[] {
  const configurable = perfil === 'GENERICO';
  if (configurable && (!columnas?.Fecha || !(columnas.Monto || columnas.Cargo || columnas.Abono)))
    throw errorDeCampo('Columnas', 'Indique al menos las columnas de fecha y de monto (o de cargo y abono)');
  const porNumero = (v: string | null | undefined) => (v && /^\d{1,3}$/.test(v) ? Number(v) - 1 : null);
  const p: TColumnas = configurable
    ? {
        fecha: [normalizar(columnas!.Fecha!)],
        descripcion: columnas!.Descripcion ? [normalizar(columnas!.Descripcion)] : [],
        numero: columnas!.NumeroOperacion ? [normalizar(columnas!.NumeroOperacion)] : [],
        monto: columnas!.Monto ? [normalizar(columnas!.Monto)] : undefined,
        cargo: columnas!.Cargo ? [normalizar(columnas!.Cargo)] : undefined,
        abono: columnas!.Abono ? [normalizar(columnas!.Abono)] : undefined,
      }
    : PERFILES[perfil];
  // Configurable columns given as numbers (1 = first column) need no header row.
  const numericas = configurable && [columnas!.Fecha, columnas!.Monto ?? columnas!.Cargo ?? columnas!.Abono].every((v) => porNumero(v) !== null);
  let inicio = 0;
  let idx: Record<'fecha' | 'descripcion' | 'numero' | 'monto' | 'cargo' | 'abono', number> | null = null;
  if (numericas) {
    idx = {
      fecha: porNumero(columnas!.Fecha)!,
      descripcion: porNumero(columnas!.Descripcion) ?? -1,
      numero: porNumero(columnas!.NumeroOperacion) ?? -1,
      monto: porNumero(columnas!.Monto) ?? -1,
      cargo: porNumero(columnas!.Cargo) ?? -1,
      abono: porNumero(columnas!.Abono) ?? -1,
    };
  } else {
    for (let i = 0; i < Math.min(30, tabla.length) && !idx; i++) {
      const cab = tabla[i].map(normalizar);
      const buscar = (nombres?: string[]) => {
        if (!nombres) return -1;
        for (const n of nombres) {
          const k = cab.indexOf(n);
          if (k >= 0) return k;
        }
        return -1;
      };
      const f = buscar(p.fecha);
      const monto = buscar(p.monto);
      const cargo = buscar(p.cargo);
      const abono = buscar(p.abono);
      if (f >= 0 && (monto >= 0 || cargo >= 0 || abono >= 0)) {
        idx = { fecha: f, descripcion: buscar(p.descripcion), numero: buscar(p.numero), monto, cargo, abono };
        inicio = i + 1;
      }
    }
  }
  if (!idx) {
    const esperado = [p.fecha[0], p.monto?.[0] ?? `${p.cargo?.[0]} / ${p.abono?.[0]}`].join(', ');
    throw new AppError(
      ErrorCodes.EXTRACTO_SIN_LINEAS,
      `No se encontró la fila de títulos del perfil ${PerfilesExtracto[perfil]} (columnas esperadas: ${esperado}). Revise el perfil o use el perfil configurable.`,
      400,
    );
  }
  const lineas: TLineaLeida[] = [];
  for (let i = inicio; i < tabla.length; i++) {
    const fila = tabla[i];
    const celda = (k: number) => (k >= 0 ? (fila[k] ?? '').trim() : '');
    const fecha = leerFecha(celda(idx.fecha));
    if (!fecha) continue; // totals, blank lines, balances carried forward
    let monto: Decimal | null;
    try {
      if (idx.monto >= 0) monto = leerImporte(celda(idx.monto));
      else {
        const cargo = leerImporte(celda(idx.cargo));
        const abono = leerImporte(celda(idx.abono));
        monto = (abono ?? new Decimal(0)).minus(cargo ? cargo.abs() : 0);
      }
    } catch {
      throw errorDeCampo('ArchivoBase64', `Fila ${i + 1}: el importe no es un número`);
    }
    if (!monto || monto.isZero()) continue;
    if (monto.abs().gte('1e12')) throw errorDeCampo('ArchivoBase64', `Fila ${i + 1}: importe fuera de rango`);
    const numero = celda(idx.numero).slice(0, 30) || null;
    lineas.push({ fila: i + 1, fecha, descripcion: (celda(idx.descripcion) || '(sin descripción)').slice(0, 250), numero, monto });
  }
  return lineas;
}

/** POST conciliaciones/extractos: reads and stores the statement of a bank account. */
export async function importarExtracto(ctx: Contexto, auth: TAuth, b: z.infer<typeof ZExtractoImportar>): Promise<TExtracto> {
  const [cuenta] = await filas<{ id: number; id_tipo_cuenta: number }>(
    ctx.dbh.db,
    sql`select id, id_tipo_cuenta from cuenta_financiera where id = ${b.IdCuentaFinanciera} and id_empresa = ${auth.idEmpresa}`,
  );
  if (!cuenta) throw noEncontrado('No se encontró la cuenta financiera');
  if (cuenta.id_tipo_cuenta !== 3) throw errorDeCampo('IdCuentaFinanciera', 'El extracto bancario es de una cuenta de tipo banco');
  if (!/^[A-Za-z0-9+/]+=*$/.test(b.ArchivoBase64.replace(/\s/g, ''))) throw errorDeCampo('ArchivoBase64', 'El archivo no está en base64');
  const buf = Buffer.from(b.ArchivoBase64, 'base64');
  let tabla: string[][];
  if (buf.subarray(0, 2).toString('latin1') === 'PK') tabla = await leerExcel(buf);
  else {
    let texto = buf.toString('utf8');
    if (texto.includes('\uFFFD')) texto = buf.toString('latin1');
    tabla = leerCsv(texto.replace(/^\uFEFF/, ''));
  }
  const lineas = leerLineas(tabla, b.Perfil, b.Columnas);
  if (!lineas.length) throw new AppError(ErrorCodes.EXTRACTO_SIN_LINEAS, 'El extracto no tiene movimientos con fecha e importe', 400);
  if (lineas.length > 5000) throw errorDeCampo('ArchivoBase64', 'Máximo 5000 movimientos por extracto');
  const fechas = lineas.map((l) => l.fecha).sort();
  const id = await ctx.dbh.db.transaction(async (tx) => {
    const [e] = await tx
      .insert(extractoBancario)
      .values({ idEmpresa: auth.idEmpresa, idCuentaFinanciera: cuenta.id, perfil: b.Perfil, nombreArchivo: b.NombreArchivo, fechaDesde: fechas[0], fechaHasta: fechas[fechas.length - 1], logUsuarioCrea: auth.idUsuario })
      .returning();
    for (let i = 0; i < lineas.length; i += 500)
      await tx.insert(extractoLinea).values(
        lineas.slice(i, i + 500).map((l) => ({
          idEmpresa: auth.idEmpresa, idExtracto: e.id, fila: l.fila, fecha: l.fecha, descripcion: l.descripcion, numeroOperacion: l.numero, monto: l.monto.toFixed(2), logUsuarioCrea: auth.idUsuario,
        })),
      );
    return e.id;
  });
  return obtenerExtracto(ctx, auth, id);
}

export async function listarExtractos(ctx: Contexto, auth: TAuth, idCuenta: number) {
  const r = await filas<{ id: number; cuenta: string; perfil: string; nombre_archivo: string; fecha_desde: string; fecha_hasta: string; lineas: number; conciliadas: number }>(
    ctx.dbh.db,
    sql`select e.id, c.nombre as cuenta, e.perfil, e.nombre_archivo, e.fecha_desde::text, e.fecha_hasta::text,
               (select count(*)::int from extracto_linea l where l.id_extracto = e.id) as lineas,
               (select count(*)::int from extracto_linea l where l.id_extracto = e.id and l.id_operacion is not null) as conciliadas
          from extracto_bancario e join cuenta_financiera c on c.id = e.id_cuenta_financiera
         where e.id_empresa = ${auth.idEmpresa} ${idCuenta ? sql`and e.id_cuenta_financiera = ${idCuenta}` : sql``}
         order by e.id desc limit 100`,
  );
  const Data = r.map((f) => ({ Id: f.id, CuentaFinanciera: f.cuenta, Perfil: PerfilesExtracto[f.perfil as TPerfilExtracto] ?? f.perfil, NombreArchivo: f.nombre_archivo, FechaDesde: f.fecha_desde, FechaHasta: f.fecha_hasta, Lineas: f.lineas, Conciliadas: f.conciliadas }));
  return { Data, Count: Data.length };
}

type TFilaOperacion = { tipo: TTipoConciliable; id: number; numero: string; fecha: string; descripcion: string; numero_operacion: string | null; monto: string; conciliada: boolean };

/** The book operations of an account (optionally a date range): signed amounts, + money in, - money out. */
function operacionesDeCuenta(idEmpresa: number, idCuenta: number, desde: string, hasta: string) {
  return sql`select * from (
      select 'M'::text as tipo, m.id, 'MF-' || m.numero as numero, m.fecha::text as fecha, m.motivo as descripcion, m.numero_operacion,
             (case when m.id_tipo_movimiento = 1 then m.monto else -m.monto end)::text as monto
        from movimiento_financiero m where m.id_empresa = ${idEmpresa} and m.id_cuenta_financiera = ${idCuenta} and not m.anulado
      union all
      select 'I', m.id, 'MF-' || m.numero, m.fecha::text, 'ITF de MF-' || m.numero, m.numero_operacion, (-m.itf)::text
        from movimiento_financiero m where m.id_empresa = ${idEmpresa} and m.id_cuenta_financiera = ${idCuenta} and not m.anulado and m.itf > 0
      union all
      select 'C', c.id, 'RC-' || c.numero, c.fecha::text, 'Cobro a ' || c.razon_social_cliente, c.numero_operacion, c.monto::text
        from cobro c where c.id_empresa = ${idEmpresa} and c.id_cuenta_financiera = ${idCuenta} and not c.anulado
      union all
      select 'P', p.id, 'RP-' || p.numero, p.fecha::text, 'Pago a ' || p.razon_social_proveedor, p.numero_operacion, (-p.monto)::text
        from pago_proveedor p where p.id_empresa = ${idEmpresa} and p.id_cuenta_financiera = ${idCuenta} and not p.anulado
      union all
      select 'J', c.id, 'RC-' || c.numero, c.fecha::text, 'ITF de RC-' || c.numero, c.numero_operacion, (-c.itf)::text
        from cobro c where c.id_empresa = ${idEmpresa} and c.id_cuenta_financiera = ${idCuenta} and not c.anulado and c.itf > 0
      union all
      select 'K', p.id, 'RP-' || p.numero, p.fecha::text, 'ITF de RP-' || p.numero, p.numero_operacion, (-p.itf)::text
        from pago_proveedor p where p.id_empresa = ${idEmpresa} and p.id_cuenta_financiera = ${idCuenta} and not p.anulado and p.itf > 0
      union all
      select 'N', n.id, 'PL-' || n.id, n.fecha::text, 'Pago de planilla ' || lpad(x.mes::text, 2, '0') || '/' || x.anio, n.numero_operacion, (-n.monto)::text
        from nomina_pago n join nomina x on x.id = n.id_nomina
       where n.id_empresa = ${idEmpresa} and n.id_cuenta_financiera = ${idCuenta} and not n.anulado
      union all
      select 'T', t.id, 'CTS-' || t.id, t.fecha::text, 'Depósito de CTS ' || lpad(x.mes::text, 2, '0') || '/' || x.anio, t.numero_operacion, (-t.monto)::text
        from nomina_deposito_cts t join nomina x on x.id = t.id_nomina
       where t.id_empresa = ${idEmpresa} and t.id_cuenta_financiera = ${idCuenta} and not t.anulado
      union all
      select 'D', d.id, 'DT-' || d.numero, d.fecha::text, case when d.lado = 'C' then 'Detracción recibida ' else 'Detracción depositada ' end || d.numero, d.numero,
             (case when d.lado = 'C' then d.monto_soles else -d.monto_soles end)::text
        from deduccion_documento d where d.id_empresa = ${idEmpresa} and d.id_cuenta_financiera = ${idCuenta} and d.tipo = 'D' and not d.anulado
    ) o
    where o.fecha between ${desde} and ${hasta}`;
}

const aOperacion = (o: TFilaOperacion): TOperacionLibro => ({
  Tipo: o.tipo, Id: Number(o.id), Numero: o.numero, Fecha: o.fecha, Descripcion: o.descripcion, NumeroOperacion: o.numero_operacion, Monto: new Decimal(o.monto).toFixed(2),
});
const sumarDias = (f: string, n: number) => new Date(Date.parse(`${f}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const diasEntre = (a: string, b: string) => Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
const soloDigitos = (t: string | null) => (t ?? '').replace(/\D/g, '').replace(/^0+/, '');

/** GET conciliaciones/extractos/{id}: lines with their match or a proposal, and the account's unmatched operations. */
export async function obtenerExtracto(ctx: Contexto, auth: TAuth, id: number): Promise<TExtracto> {
  const [e] = await filas<{ id: number; id_cuenta_financiera: number; cuenta: string; perfil: string; nombre_archivo: string; fecha_desde: string; fecha_hasta: string }>(
    ctx.dbh.db,
    sql`select e.id, e.id_cuenta_financiera, c.nombre as cuenta, e.perfil, e.nombre_archivo, e.fecha_desde::text, e.fecha_hasta::text
          from extracto_bancario e join cuenta_financiera c on c.id = e.id_cuenta_financiera where e.id = ${id} and e.id_empresa = ${auth.idEmpresa}`,
  );
  if (!e) throw noEncontrado('No se encontró el extracto bancario');
  const desde = sumarDias(e.fecha_desde, -DIAS_TOLERANCIA);
  const hasta = sumarDias(e.fecha_hasta, DIAS_TOLERANCIA);
  const [lineas, ops, conciliadas] = await Promise.all([
    filas<{ id: number; fila: number; fecha: string; descripcion: string; numero_operacion: string | null; monto: string; tipo_operacion: TTipoConciliable | null; id_operacion: number | null }>(
      ctx.dbh.db,
      sql`select id, fila, fecha::text, descripcion, numero_operacion, monto::text, tipo_operacion, id_operacion from extracto_linea where id_extracto = ${id} order by fila`,
    ),
    filas<TFilaOperacion>(ctx.dbh.db, operacionesDeCuenta(auth.idEmpresa, e.id_cuenta_financiera, desde, hasta)),
    filas<{ tipo_operacion: string; id_operacion: number }>(
      ctx.dbh.db,
      sql`select l.tipo_operacion, l.id_operacion from extracto_linea l join extracto_bancario x on x.id = l.id_extracto
           where x.id_empresa = ${auth.idEmpresa} and x.id_cuenta_financiera = ${e.id_cuenta_financiera} and l.id_operacion is not null`,
    ),
  ]);
  const clave = (t: string, i: number) => `${t}:${i}`;
  const hechas = new Set(conciliadas.map((c) => clave(c.tipo_operacion, Number(c.id_operacion))));
  const porClave = new Map(ops.map((o) => [clave(o.tipo, Number(o.id)), o]));
  const libres = ops.filter((o) => !hechas.has(clave(o.tipo, Number(o.id))));
  const propuestas = new Set<string>();
  const Lineas: TLineaExtracto[] = lineas.map((l) => {
    const monto = new Decimal(l.monto);
    let Operacion: TOperacionLibro | null = null;
    let Propuesta: TOperacionLibro | null = null;
    if (l.tipo_operacion && l.id_operacion) {
      const o = porClave.get(clave(l.tipo_operacion, Number(l.id_operacion)));
      Operacion = o ? aOperacion(o) : { Tipo: l.tipo_operacion, Id: Number(l.id_operacion), Numero: '', Fecha: l.fecha, Descripcion: '', NumeroOperacion: null, Monto: monto.toFixed(2) };
    } else {
      const candidatas = libres
        .filter((o) => !propuestas.has(clave(o.tipo, Number(o.id))) && new Decimal(o.monto).eq(monto) && diasEntre(o.fecha, l.fecha) <= DIAS_TOLERANCIA)
        .sort((a, b) => {
          const na = soloDigitos(l.numero_operacion) !== '' && soloDigitos(a.numero_operacion) === soloDigitos(l.numero_operacion) ? 0 : 1;
          const nb = soloDigitos(l.numero_operacion) !== '' && soloDigitos(b.numero_operacion) === soloDigitos(l.numero_operacion) ? 0 : 1;
          return na - nb || diasEntre(a.fecha, l.fecha) - diasEntre(b.fecha, l.fecha) || Number(a.id) - Number(b.id);
        });
      if (candidatas[0]) {
        propuestas.add(clave(candidatas[0].tipo, Number(candidatas[0].id)));
        Propuesta = aOperacion(candidatas[0]);
      }
    }
    return { Id: l.id, Fila: l.fila, Fecha: l.fecha, Descripcion: l.descripcion, NumeroOperacion: l.numero_operacion, Monto: monto.toFixed(2), Conciliada: !!Operacion, Operacion, Propuesta };
  });
  return {
    Id: e.id, IdCuentaFinanciera: e.id_cuenta_financiera, CuentaFinanciera: e.cuenta, Perfil: PerfilesExtracto[e.perfil as TPerfilExtracto] ?? e.perfil, NombreArchivo: e.nombre_archivo,
    FechaDesde: e.fecha_desde, FechaHasta: e.fecha_hasta, Lineas,
    SinConciliarLibro: libres.filter((o) => o.fecha >= e.fecha_desde && o.fecha <= e.fecha_hasta).map(aOperacion),
  };
}

const ES_ITF = new Set<TTipoConciliable>(['I', 'J', 'K']);

/** The operation of a kind, locked FOR UPDATE (its void locks the same row), with its signed amount in the account. */
function operacionBloqueada(tipo: TTipoConciliable, id: number, idEmpresa: number, idCuenta: number) {
  const de = (tabla: ReturnType<typeof sql>, monto: ReturnType<typeof sql>, extra = sql``) =>
    sql`select id, anulado, (${monto})::text as monto from ${tabla}
         where id = ${id} and id_empresa = ${idEmpresa} and id_cuenta_financiera = ${idCuenta} ${extra} for update`;
  switch (tipo) {
    case 'C': return de(sql`cobro`, sql`monto`);
    case 'J': return de(sql`cobro`, sql`-itf`);
    case 'P': return de(sql`pago_proveedor`, sql`-monto`);
    case 'K': return de(sql`pago_proveedor`, sql`-itf`);
    case 'N': return de(sql`nomina_pago`, sql`-monto`);
    case 'T': return de(sql`nomina_deposito_cts`, sql`-monto`);
    case 'D': return de(sql`deduccion_documento`, sql`case when lado = 'C' then monto_soles else -monto_soles end`, sql`and tipo = 'D'`);
    case 'I': return de(sql`movimiento_financiero`, sql`-itf`);
    default: return de(sql`movimiento_financiero`, sql`case when id_tipo_movimiento = 1 then monto else -monto end`);
  }
}

/**
 * POST conciliaciones/extractos/{id}/conciliaciones: confirms proposals or manual matches. Each line and operation is
 * locked; the operation must be of the statement's account, not voided, of the same signed amount, and matched once.
 */
export async function conciliar(ctx: Contexto, auth: TAuth, id: number, b: z.infer<typeof ZConciliar>): Promise<TExtracto> {
  const [e] = await filas<{ id: number; id_cuenta_financiera: number }>(ctx.dbh.db, sql`select id, id_cuenta_financiera from extracto_bancario where id = ${id} and id_empresa = ${auth.idEmpresa}`);
  if (!e) throw noEncontrado('No se encontró el extracto bancario');
  try {
    await ctx.dbh.db.transaction(async (tx) => {
      for (const [i, par] of b.Pares.entries()) {
        const [l] = await filas<{ id: number; monto: string; id_operacion: number | null }>(
          tx,
          sql`select id, monto::text, id_operacion from extracto_linea where id = ${par.IdLinea} and id_extracto = ${id} for update`,
        );
        if (!l) throw noEncontrado('No se encontró la línea del extracto');
        if (l.id_operacion) throw new AppError(ErrorCodes.LINEA_YA_CONCILIADA, `La línea ${i + 1} ya está conciliada`, 409);
        const [o] = await filas<{ id: number; anulado: boolean; monto: string }>(tx, operacionBloqueada(par.Tipo, par.IdOperacion, auth.idEmpresa, e.id_cuenta_financiera));
        if (!o || (ES_ITF.has(par.Tipo) && new Decimal(o.monto).isZero())) throw noEncontrado('No se encontró la operación en la cuenta del extracto');
        if (o.anulado) throw errorDeCampo(`Pares.${i}.IdOperacion`, 'La operación está anulada');
        if (!new Decimal(o.monto).eq(l.monto))
          throw errorDeCampo(`Pares.${i}.IdOperacion`, `El importe de la operación (${new Decimal(o.monto).toFixed(2)}) no coincide con el de la línea (${new Decimal(l.monto).toFixed(2)})`);
        await tx.execute(
          sql`update extracto_linea set tipo_operacion = ${par.Tipo}, id_operacion = ${par.IdOperacion}, fecha_conciliacion = now(), log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now()
               where id = ${l.id}`,
        );
      }
    });
  } catch (err) {
    if (esDuplicado(err)) throw new AppError(ErrorCodes.LINEA_YA_CONCILIADA, 'La operación ya está conciliada con otra línea del extracto', 409);
    throw err;
  }
  return obtenerExtracto(ctx, auth, id);
}

/** DELETE conciliaciones/extractos/{id}/lineas/{idLinea}: undoes a line's match (the movement can be deleted again). */
export async function deshacerConciliacion(ctx: Contexto, auth: TAuth, id: number, idLinea: number): Promise<TExtracto> {
  const r = await filas<{ id: number }>(
    ctx.dbh.db,
    sql`update extracto_linea l set tipo_operacion = null, id_operacion = null, fecha_conciliacion = null, log_usuario_modif = ${auth.idUsuario}, log_fecha_modif = now()
          from extracto_bancario e where e.id = l.id_extracto and e.id = ${id} and e.id_empresa = ${auth.idEmpresa} and l.id = ${idLinea} returning l.id`,
  );
  if (!r.length) throw noEncontrado('No se encontró la línea del extracto');
  return obtenerExtracto(ctx, auth, id);
}
