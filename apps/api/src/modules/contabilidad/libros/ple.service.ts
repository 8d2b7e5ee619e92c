import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { TAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { fechaPle, nombrePle, textoPle } from '../../../lib/ple';
import { importe, type TDocumentoRegistro } from '../sire/formato';
import { documentosYupana } from '../sire/sire.service';
import { plePlan } from './reportes.service';

/**
 * PLE books written as a stream (issue 15): the file name first (it carries the "con información / sin movimiento"
 * indicator, so it is known before a line is sent), then the lines in batches read through a server-side cursor, so
 * a month of 100,000 entries never sits in memory as one string. Every line: pipe separated with a closing pipe, CRLF.
 */
export type TArchivoPle = {
  nombre: string;
  conDatos: boolean;
  /** Writes the content chunk by chunk; `escribir` resolves when the chunk may be followed by the next one. */
  escribir: (escribir: (trozo: string) => Promise<void>) => Promise<void>;
};

const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;
/** An amount with two decimals; numeric(16,2) already comes as such a string, so only other shapes go through decimal.js. */
const d2 = (v: string) => (/^-?\d+\.\d\d$/.test(v) ? v : new Decimal(v).toFixed(2));
const LOTE = 5000;
const periodoPle = (periodo: string) => `${periodo.replace('-', '')}00`;
const linea = (campos: string[]) => `${campos.join('|')}|\r\n`;

/** Reads `consulta` through a cursor in its own transaction, LOTE rows at a time. */
export async function recorrerConCursor<T>(db: Db, consulta: SQL, alLote: (filas: T[]) => Promise<void>, lote = LOTE): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`declare ple_cursor no scroll cursor for ${consulta}`);
    for (;;) {
      const r = filas<T>(await tx.execute(sql.raw(`fetch forward ${lote} from ple_cursor`)));
      if (r.length > 0) await alLote(r);
      if (r.length < lote) break;
    }
    await tx.execute(sql`close ple_cursor`);
  });
}

/** Collects a streamed file into one string (small files, tests). */
export async function contenidoPle(a: TArchivoPle): Promise<string> {
  const trozos: string[] = [];
  await a.escribir(async (t) => {
    trozos.push(t);
  });
  return trozos.join('');
}

async function hay(db: Db, q: SQL): Promise<boolean> {
  const [r] = filas<{ x: boolean }>(await db.execute(sql`select exists (${q}) as x`));
  return !!r?.x;
}

type TFilaDiario = {
  id: number; fecha: string; glosa: string; glosa_linea: string | null; codigo: string; orden: number; debe: string; haber: string;
  codigo_tipo: string | null; serie: string | null; correlativo: number | null; fecha_emision: string | null;
};

/**
 * PLE 5.1 libro diario (SUNAT's 21-field layout) and its file name LE{RUC}{AAAA}{MM}00050100{00}{O}{I}{M}1.TXT:
 * O 1 operativa, I 1 with content / 0 empty, M 1 soles. CUO = the entry's id; correlativo = M + the line number.
 * 060100 (libro mayor 6.1) is the same layout ordered by account.
 */
export async function pleDiario(ctx: Contexto, auth: TAuth, periodo: string, libro: '050100' | '060100' = '050100'): Promise<TArchivoPle> {
  const db = ctx.dbh.db;
  const conDatos = await hay(db, sql`select 1 from asiento_contable a join asiento_linea l on l.id_asiento = a.id where a.id_empresa = ${auth.idEmpresa} and a.periodo = ${periodo}`);
  const per = periodoPle(periodo);
  return {
    nombre: nombrePle(auth, periodo, libro, conDatos),
    conDatos,
    escribir: async (escribir) => {
      if (!conDatos) return;
      await recorrerConCursor<TFilaDiario>(
        db,
        sql`
          select a.id, a.fecha::text as fecha, a.glosa, l.glosa as glosa_linea, c.codigo, l.orden, l.debe, l.haber,
                 d.codigo_tipo, d.serie, d.correlativo, d.fecha_emision::text as fecha_emision
            from asiento_contable a
            join asiento_linea l on l.id_asiento = a.id
            join cuenta_contable c on c.id = l.id_cuenta
            left join documento_contable d on d.id = a.id_documento and d.id_empresa = a.id_empresa
           where a.id_empresa = ${auth.idEmpresa} and a.periodo = ${periodo}
           order by ${libro === '060100' ? sql`c.codigo, a.fecha, a.numero, l.orden` : sql`a.numero, l.orden`}`,
        async (r) => {
          let trozo = '';
          for (const f of r)
            trozo += linea([
              per, String(f.id), `M${f.orden}`, f.codigo, '', '', 'PEN', '', '',
              f.codigo_tipo ?? '', f.serie ?? '', f.correlativo ? String(f.correlativo) : '',
              fechaPle(f.fecha), '', fechaPle(f.fecha_emision ?? f.fecha),
              textoPle(f.glosa_linea || f.glosa, 200), '', d2(f.debe), d2(f.haber), '', '1',
            ]);
          await escribir(trozo);
        },
      );
    },
  };
}

/** The cash accounts of 1.1 (10 efectivo except 104) and the bank current accounts of 1.2 (104). */
const CUENTA_CAJA = sql`c.codigo like '10%' and c.codigo not like '104%'`;
const CUENTA_BANCO = sql`c.codigo like '104%'`;

type TFilaCaja = TFilaDiario & { centro: string | null };

/**
 * PLE 1.1 libro caja y bancos, detalle de los movimientos del efectivo (010100, 19 fields + CLU): every line of the
 * entries of the month that move a cash account (10 except 104), so the debit and credit of each CUO balance as the
 * layout asks; the cash line and its counterparts (the "cuenta contable asociada").
 */
export async function pleCaja(ctx: Contexto, auth: TAuth, periodo: string): Promise<TArchivoPle> {
  const db = ctx.dbh.db;
  const conCaja = sql`exists (select 1 from asiento_linea lc join cuenta_contable c on c.id = lc.id_cuenta where lc.id_asiento = a.id and lc.id_empresa = a.id_empresa and ${CUENTA_CAJA})`;
  const conDatos = await hay(db, sql`select 1 from asiento_contable a where a.id_empresa = ${auth.idEmpresa} and a.periodo = ${periodo} and ${conCaja}`);
  const per = periodoPle(periodo);
  return {
    nombre: nombrePle(auth, periodo, '010100', conDatos),
    conDatos,
    escribir: async (escribir) => {
      if (!conDatos) return;
      await recorrerConCursor<TFilaCaja>(
        db,
        sql`
          select a.id, a.fecha::text as fecha, a.glosa, l.glosa as glosa_linea, c.codigo, l.orden, l.debe, l.haber,
                 d.codigo_tipo, d.serie, d.correlativo, coalesce(a.fecha_operacion, d.fecha_emision)::text as fecha_emision, k.codigo as centro
            from asiento_contable a
            join asiento_linea l on l.id_asiento = a.id and l.id_empresa = a.id_empresa
            join cuenta_contable c on c.id = l.id_cuenta
            left join centro_costo k on k.id = l.id_centro_costo and k.id_empresa = a.id_empresa
            left join documento_contable d on d.id = a.id_documento and d.id_empresa = a.id_empresa
           where a.id_empresa = ${auth.idEmpresa} and a.periodo = ${periodo} and ${conCaja}
           order by a.numero, l.orden`,
        async (r) => {
          let trozo = '';
          for (const f of r)
            trozo += linea([
              per, String(f.id), `M${f.orden}`, f.codigo, '', textoPle(f.centro, 24), 'PEN',
              f.codigo_tipo ?? '', f.serie ?? '', f.correlativo ? String(f.correlativo) : '',
              fechaPle(f.fecha), '', fechaPle(f.fecha_emision ?? f.fecha),
              textoPle(f.glosa_linea || f.glosa, 200) || '-', '', d2(f.debe), d2(f.haber), '', '1',
            ]);
          await escribir(trozo);
        },
      );
    },
  };
}

/**
 * Tabla 3 (entidades financieras) of the PLE, by the bank's name as the company typed it on its financial account;
 * 99 Otros when it is none of these.
 */
const ENTIDADES: [RegExp, string][] = [
  [/\bBCP\b|CR[EÉ]DITO/i, '02'],
  [/INTERBANK|INTERNACIONAL/i, '03'],
  [/CITI/i, '07'],
  [/SCOTIA/i, '09'],
  [/BBVA|CONTINENTAL/i, '11'],
  [/NACI[OÓ]N/i, '18'],
  [/COMERCIO/i, '23'],
  [/PICHINCHA|FINANCIERO/i, '35'],
  [/BANBIF|INTERAMERICANO/i, '38'],
  [/MI ?BANCO/i, '49'],
  [/AGROBANCO/i, '51'],
  [/FALABELLA/i, '54'],
  [/RIPLEY/i, '55'],
  [/SANTANDER/i, '56'],
  [/AZTECA/i, '58'],
];
export const entidadFinanciera = (banco: string | null) => ENTIDADES.find(([re]) => banco && re.test(banco))?.[1] ?? '99';

/** Tabla 2 (documento de identidad) from the number's shape: 11 digits RUC 6, 8 digits DNI 1, else 0 otros. */
const tipoDocumento = (n: string | null) => (!n ? '' : /^\d{11}$/.test(n) ? '6' : /^\d{8}$/.test(n) ? '1' : '0');

type TFilaBanco = {
  id: number; fecha: string; glosa: string; glosa_linea: string | null; codigo: string; orden: number; debe: string; haber: string;
  banco: string | null; numero_cuenta: string | null; medio_pago: string | null; numero_operacion: string | null;
  doc_tercero: string | null; tercero: string | null; fecha_operacion: string | null;
};

/**
 * PLE 1.2 libro caja y bancos, detalle de los movimientos de la cuenta corriente (010200, 15 fields + CLU): one line
 * per movement of a bank current account (104). The bank, account number, means of payment (Tabla 1), counterparty
 * and operation number come from the collection or supplier payment that posted the entry; an entry without one
 * (manual) gives Tabla 3 "99", the accounting account as the account code and means 999 (otros).
 */
export async function pleBancos(ctx: Contexto, auth: TAuth, periodo: string): Promise<TArchivoPle> {
  const db = ctx.dbh.db;
  const conDatos = await hay(db, sql`
    select 1 from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
     where l.id_empresa = ${auth.idEmpresa} and a.id_empresa = ${auth.idEmpresa} and a.periodo = ${periodo} and ${CUENTA_BANCO}`);
  const per = periodoPle(periodo);
  return {
    nombre: nombrePle(auth, periodo, '010200', conDatos),
    conDatos,
    escribir: async (escribir) => {
      if (!conDatos) return;
      await recorrerConCursor<TFilaBanco>(
        db,
        sql`
          select a.id, a.fecha::text as fecha, a.glosa, l.glosa as glosa_linea, c.codigo, l.orden, l.debe, l.haber,
                 coalesce(fc.banco, fp.banco) as banco, coalesce(fc.numero_cuenta, fp.numero_cuenta) as numero_cuenta,
                 coalesce(co.medio_pago, pp.medio_pago) as medio_pago, coalesce(co.numero_operacion, pp.numero_operacion) as numero_operacion,
                 coalesce(co.numero_documento_cliente, pp.numero_documento_proveedor) as doc_tercero,
                 coalesce(co.razon_social_cliente, pp.razon_social_proveedor) as tercero, a.fecha_operacion::text as fecha_operacion
            from asiento_contable a
            join asiento_linea l on l.id_asiento = a.id and l.id_empresa = a.id_empresa
            join cuenta_contable c on c.id = l.id_cuenta
            left join cobro co on co.id_empresa = a.id_empresa
                  and co.id = (substring(a.clave_origen from '^(?:ANULA-)?COBRO:([0-9]{1,9})$'))::int
            left join cuenta_financiera fc on fc.id = co.id_cuenta_financiera and fc.id_empresa = a.id_empresa
            left join pago_proveedor pp on pp.id_empresa = a.id_empresa
                  and pp.id = (substring(a.clave_origen from '^(?:ANULA-)?PAGO:([0-9]{1,9})$'))::int
            left join cuenta_financiera fp on fp.id = pp.id_cuenta_financiera and fp.id_empresa = a.id_empresa
           where a.id_empresa = ${auth.idEmpresa} and a.periodo = ${periodo} and ${CUENTA_BANCO}
           order by a.numero, l.orden`,
        async (r) => {
          let trozo = '';
          for (const f of r) {
            const doc = f.doc_tercero && /^[0-9A-Za-z-]{1,15}$/.test(f.doc_tercero) && f.doc_tercero !== '-' ? f.doc_tercero : '';
            trozo += linea([
              per, String(f.id), `M${f.orden}`, entidadFinanciera(f.banco), textoPle(f.numero_cuenta, 30) || f.codigo,
              fechaPle(f.fecha_operacion ?? f.fecha), /^\d{3}$/.test(f.medio_pago ?? '') ? f.medio_pago! : '999',
              textoPle(f.glosa_linea || f.glosa, 100) || '-', tipoDocumento(doc), doc, doc ? textoPle(f.tercero, 100) : '',
              textoPle(f.numero_operacion, 20) || String(f.id), d2(f.debe), d2(f.haber), '1',
            ]);
          }
          await escribir(trozo);
        },
      );
    },
  };
}

/** CUO of a register line: the id of the entry that posted the document (key VENTA:/COMPRA:<id>), else the letter and the document's id. */
async function cuosDe(db: Db, idEmpresa: number, prefijo: 'VENTA' | 'COMPRA', ids: number[]): Promise<Map<number, string>> {
  const m = new Map<number, string>();
  if (!ids.length) return m;
  const claves = ids.map((i) => `${prefijo}:${i}`);
  const r = filas<{ id: number; clave_origen: string }>(
    await db.execute(sql`select id, clave_origen from asiento_contable where id_empresa = ${idEmpresa} and clave_origen in (${sql.join(claves.map((c) => sql`${c}`), sql`, `)})`),
  );
  for (const x of r) m.set(Number(x.clave_origen.split(':')[1]), String(x.id));
  return m;
}

/** The register's tipo de cambio: #.### (1.000 for soles, as the PLE registers ask it always). */
const tc = (d: TDocumentoRegistro) => (d.moneda === 'PEN' ? '1.000' : new Decimal(d.tipoCambio || '0').toFixed(3));
const numeroCp = (n: string) => String(Number(n));

/**
 * PLE 14.1 registro de ventas e ingresos (140100, 35 fields): the electronic sales documents of the period as the
 * SIRE register reads them (facturas, boletas, notas; voided ones with zero amounts and estado 2; credit notes
 * negative). For periods before SIRE.
 */
export async function pleVentas(ctx: Contexto, auth: TAuth, periodo: string): Promise<TArchivoPle> {
  const docs = await documentosYupana(ctx, auth, 'rvie', periodo);
  const cuos = await cuosDe(ctx.dbh.db, auth.idEmpresa, 'VENTA', docs.map((d) => d.id!).filter(Boolean));
  const per = periodoPle(periodo);
  const lineas = docs.map((d) => {
    const ref = d.referencia;
    return linea([
      per, cuos.get(d.id!) ?? `V${d.id}`, 'M1', fechaPle(d.fechaEmision), d.fechaVencimiento ? fechaPle(d.fechaVencimiento) : '',
      d.tipo, d.serie, numeroCp(d.numero), '', d.tipoDocumento, d.numeroDocumento, textoPle(d.razonSocial, 100) || '-',
      importe(d, d.exportacion), importe(d, d.baseImponible), '0.00', importe(d, d.igv), '0.00', importe(d, d.exonerado), importe(d, d.inafecto),
      importe(d, d.isc), '0.00', '0.00', importe(d, d.icbper), importe(d, d.otros), importe(d, d.total), d.moneda, tc(d),
      ref?.fecha ? fechaPle(ref.fecha) : '', ref?.tipo ?? '', ref?.serie ?? '', ref ? numeroCp(ref.numero) : '',
      '', '', '', d.anulado ? '2' : '1',
    ]);
  });
  return archivoEnMemoria(nombrePle(auth, periodo, '140100', lineas.length > 0), lineas);
}

/**
 * PLE 8.1 registro de compras (080100, 42 fields): the purchases registered with an issue date in the period (not
 * voided), as the SIRE register reads them. Estado 1 (issued in the period it is recorded in).
 */
export async function pleCompras(ctx: Contexto, auth: TAuth, periodo: string): Promise<TArchivoPle> {
  const docs = await documentosYupana(ctx, auth, 'rce', periodo);
  const cuos = await cuosDe(ctx.dbh.db, auth.idEmpresa, 'COMPRA', docs.map((d) => d.id!).filter(Boolean));
  const per = periodoPle(periodo);
  const lineas = docs.map((d) => {
    const ref = d.referencia;
    const noGravado = new Decimal(d.exonerado || '0').plus(d.inafecto || '0').toString();
    return linea([
      per, cuos.get(d.id!) ?? `C${d.id}`, 'M1', fechaPle(d.fechaEmision), d.fechaVencimiento ? fechaPle(d.fechaVencimiento) : '',
      d.tipo, d.serie, '', numeroCp(d.numero), '', d.tipoDocumento, d.numeroDocumento, textoPle(d.razonSocial, 100) || '-',
      importe(d, d.baseImponible), importe(d, d.igv), '0.00', '0.00', '0.00', '0.00', importe(d, noGravado),
      importe(d, d.isc), importe(d, d.icbper), importe(d, d.otros), importe(d, d.total), d.moneda, tc(d),
      // 27-31: the modified document of a note (fecha, tipo, serie, código de dependencia aduanera, número).
      ref?.fecha ? fechaPle(ref.fecha) : '', ref?.tipo ?? '', ref?.serie ?? '', '', ref ? numeroCp(ref.numero) : '',
      '', '', '', '', '', '', '', '', '', '', '1',
    ]);
  });
  return archivoEnMemoria(nombrePle(auth, periodo, '080100', lineas.length > 0), lineas);
}

/** A register already read (a month of documents): one chunk per 5,000 lines. */
function archivoEnMemoria(nombre: string, lineas: string[]): TArchivoPle {
  return {
    nombre,
    conDatos: lineas.length > 0,
    escribir: async (escribir) => {
      for (let i = 0; i < lineas.length; i += LOTE) await escribir(lineas.slice(i, i + LOTE).join(''));
    },
  };
}

/** The PLE books of the books screen: code, name, route and generator. */
export const LIBROS_PLE = [
  { Codigo: '010100', Ruta: 'caja', Nombre: 'Libro caja y bancos 1.1 - movimientos del efectivo', hacer: pleCaja },
  { Codigo: '010200', Ruta: 'bancos', Nombre: 'Libro caja y bancos 1.2 - movimientos de la cuenta corriente', hacer: pleBancos },
  { Codigo: '050100', Ruta: 'diario', Nombre: 'Libro diario 5.1', hacer: (c: Contexto, a: TAuth, p: string) => pleDiario(c, a, p) },
  { Codigo: '050300', Ruta: 'plan', Nombre: 'Plan de cuentas 5.3', hacer: async (c: Contexto, a: TAuth, p: string) => { const f = await plePlan(c, a, p); return archivoEnMemoria(f.nombre, f.contenido ? [f.contenido] : []); } },
  { Codigo: '060100', Ruta: 'mayor', Nombre: 'Libro mayor 6.1', hacer: (c: Contexto, a: TAuth, p: string) => pleDiario(c, a, p, '060100') },
  { Codigo: '080100', Ruta: 'compras', Nombre: 'Registro de compras 8.1 (periodos anteriores al SIRE)', hacer: pleCompras },
  { Codigo: '140100', Ruta: 'ventas', Nombre: 'Registro de ventas 14.1 (periodos anteriores al SIRE)', hacer: pleVentas },
] as const;
