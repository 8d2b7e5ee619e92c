import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { sql } from 'drizzle-orm';
import { ErrorCodes, type TCierreAnio, type TEstadoFila, type TEstadoResultados, type TEstadoSituacion } from '@yupana/contracts';
import { AppError } from '../../../lib/app-error';
import type { TAuth } from '../../../lib/auth';
import type { Contexto } from '../../../lib/contexto';
import { aBytes, COLOR, FUENTE, FUENTE_NEGRITA } from '../../../lib/pdf';
import { registrarAsiento, type TLineaNueva } from './asientos.service';
import { cuentasPorCodigo } from './asientos.service';

/**
 * Financial statements from the entries (issue 15, second part): estado de situación financiera at the end of a
 * period, estado de resultados por naturaleza and por función for a range of periods, both to Excel and PDF, and the
 * closing of a year (result accounts to 89 and 59) with the opening entry of the next one.
 *
 * Everything is summed per PCGE element (the first two digits of the account) in SQL and combined with decimal.js.
 * The balance sheet is cumulative and leaves out the year-end entry that closes the balance accounts (CIERRE-BAL) and
 * the opening entry that reopens them (APERTURA): together they net to zero, and December still shows its balances.
 * The income statement also leaves out the entry that closes the result accounts (CIERRE-RES).
 */

const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;
const cero = new Decimal(0);
const d2 = (v: Decimal) => v.toFixed(2);

/** debe - haber per element (2 digits) for the entries of the company in [desde, hasta] (desde null: from the start). */
async function saldosPorElemento(ctx: Contexto, idEmpresa: number, desde: string | null, hasta: string, excluir: string[]): Promise<Map<string, Decimal>> {
  const r = filas<{ el: string; saldo: string }>(
    await ctx.dbh.db.execute(sql`
      select left(c.codigo, 2) as el, sum(l.debe - l.haber) as saldo
        from asiento_linea l
        join asiento_contable a on a.id = l.id_asiento and a.id_empresa = ${idEmpresa}
        join cuenta_contable c on c.id = l.id_cuenta
       where l.id_empresa = ${idEmpresa} and a.periodo <= ${hasta} ${desde ? sql`and a.periodo >= ${desde}` : sql``}
         and (a.clave_origen is null or not (${sql.join(excluir.map((x) => sql`a.clave_origen like ${`${x}%`}`), sql` or `)}))
       group by left(c.codigo, 2)`),
  );
  return new Map(r.map((f) => [f.el, new Decimal(f.saldo)]));
}

async function nombresElementos(ctx: Contexto): Promise<Map<string, string>> {
  const r = filas<{ codigo: string; descripcion: string }>(await ctx.dbh.db.execute(sql`select codigo, descripcion from cuenta_contable where id_empresa is null and length(codigo) = 2`));
  return new Map(r.map((f) => [f.codigo, f.descripcion]));
}

const fila = (Concepto: string, Importe: Decimal, Nivel = 1, Total = false, Codigo: string | null = null): TEstadoFila => ({ Concepto, Codigo, Importe: d2(Importe), Nivel, Total });

/** Result = haber - debe of classes 6, 7, 8 and 9 (a destination entry 9x / 79 nets to zero). */
const resultadoDe = (s: Map<string, Decimal>) => [...s.entries()].filter(([el]) => /^[6-9]/.test(el)).reduce((t, [, v]) => t.minus(v), cero);

export async function estadoSituacion(ctx: Contexto, auth: TAuth, desde: string, hasta: string): Promise<TEstadoSituacion> {
  const s = await saldosPorElemento(ctx, auth.idEmpresa, null, hasta, ['CIERRE-BAL:', 'APERTURA:']);
  const nombres = await nombresElementos(ctx);
  const Filas: TEstadoFila[] = [];
  const grupo = (titulo: string, elementos: string[], signo: 1 | -1) => {
    let t = cero;
    const hijos: TEstadoFila[] = [];
    for (const el of elementos) {
      const v = (s.get(el) ?? cero).times(signo);
      if (v.isZero()) continue;
      t = t.plus(v);
      hijos.push(fila(nombres.get(el) ?? el, v, 2, false, el));
    }
    Filas.push(fila(titulo, t, 1, false), ...hijos);
    return t;
  };
  const rango = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => String(a + i));
  Filas.push(fila('ACTIVO', cero, 0));
  const corriente = grupo('Activo corriente', rango(10, 29), 1);
  const noCorriente = grupo('Activo no corriente', rango(30, 39), 1);
  const activo = corriente.plus(noCorriente);
  Filas.push(fila('TOTAL ACTIVO', activo, 0, true));
  Filas.push(fila('PASIVO', cero, 0));
  const pasivo = grupo('Pasivo', rango(40, 49), -1);
  Filas.push(fila('TOTAL PASIVO', pasivo, 0, true));
  Filas.push(fila('PATRIMONIO', cero, 0));
  const capital = grupo('Patrimonio', rango(50, 59), -1);
  const resultado = resultadoDe(s);
  Filas.push(fila('Resultado del ejercicio', resultado, 1));
  const patrimonio = capital.plus(resultado);
  Filas.push(fila('TOTAL PATRIMONIO', patrimonio, 0, true));
  Filas.push(fila('TOTAL PASIVO Y PATRIMONIO', pasivo.plus(patrimonio), 0, true));
  // Headings carry no amount of their own.
  for (const f of Filas) if (f.Nivel === 0 && !f.Total) f.Importe = '';
  return {
    Desde: desde,
    Hasta: hasta,
    Filas,
    TotalActivo: d2(activo),
    TotalPasivo: d2(pasivo),
    TotalPatrimonio: d2(patrimonio),
    ResultadoEjercicio: d2(resultado),
    Diferencia: d2(activo.minus(pasivo).minus(patrimonio)),
  };
}

export async function estadoResultados(ctx: Contexto, auth: TAuth, desde: string, hasta: string, tipo: 'NATURALEZA' | 'FUNCION'): Promise<TEstadoResultados> {
  const s = await saldosPorElemento(ctx, auth.idEmpresa, desde, hasta, ['CIERRE-RES:', 'CIERRE-BAL:', 'APERTURA:']);
  const nombres = await nombresElementos(ctx);
  // Income as positive (haber - debe), expenses as negative: every line adds up to the result.
  const v = (...els: string[]) => els.reduce((t, el) => t.minus(s.get(el) ?? cero), cero);
  const Filas: TEstadoFila[] = [];
  const ventas = v('70', '74');
  if (tipo === 'NATURALEZA') {
    const linea = (els: string[]) => {
      let t = cero;
      for (const el of els) {
        const x = v(el);
        if (x.isZero()) continue;
        t = t.plus(x);
        Filas.push(fila(nombres.get(el) ?? el, x, 1, false, el));
      }
      return t;
    };
    Filas.push(fila('INGRESOS', cero, 0));
    const ingresos = linea(['70', '74', '71', '72', '73', '75', '76', '77', '78']);
    Filas.push(fila('Total ingresos', ingresos, 0, true));
    Filas.push(fila('GASTOS', cero, 0));
    const gastos = linea(['60', '61', '69', '62', '63', '64', '65', '66', '67', '68']);
    Filas.push(fila('Total gastos', gastos, 0, true));
    const antes = ingresos.plus(gastos);
    Filas.push(fila('Resultado antes de impuesto a la renta', antes, 0, true));
    const ir = v('88');
    if (!ir.isZero()) Filas.push(fila(nombres.get('88') ?? 'Impuesto a la renta', ir, 1, false, '88'));
  } else {
    const costo = v('69', '60', '61');
    const destino = v('79');
    // Without destination entries (class 9) the expenses by nature go to administration, and 67 to finance.
    const sinDestino = destino.isZero();
    const gastosNaturaleza = sinDestino ? v('62', '63', '64', '65', '66', '68') : v('62', '63', '64', '65', '66', '67', '68').plus(destino);
    const bruta = ventas.plus(costo);
    const ventasG = v('95');
    const admin = v('94').plus(gastosNaturaleza);
    const otros = v('71', '72', '73', '75', '76', '78');
    const operacion = bruta.plus(ventasG).plus(admin).plus(otros);
    const finIngresos = v('77');
    const finGastos = sinDestino ? v('97', '67') : v('97');
    Filas.push(
      fila('Ventas netas', ventas),
      fila('Costo de ventas', costo),
      fila('Utilidad bruta', bruta, 0, true),
      fila('Gastos de ventas', ventasG),
      fila('Gastos de administración', admin),
      fila('Otros ingresos de gestión', otros),
      fila('Resultado de operación', operacion, 0, true),
      fila('Ingresos financieros', finIngresos),
      fila('Gastos financieros', finGastos),
      fila('Resultado antes de impuesto a la renta', operacion.plus(finIngresos).plus(finGastos), 0, true),
    );
    const ir = v('88');
    if (!ir.isZero()) Filas.push(fila('Impuesto a la renta', ir));
  }
  const resultado = resultadoDe(s);
  for (const f of Filas) if (f.Nivel === 0 && !f.Total) f.Importe = '';
  Filas.push(fila('RESULTADO DEL EJERCICIO', resultado, 0, true));
  return { Desde: desde, Hasta: hasta, Tipo: tipo, Filas, Ventas: d2(ventas), Resultado: d2(resultado) };
}

// ---------------------------------------------------------------------------------------------------------------
// Excel and PDF
// ---------------------------------------------------------------------------------------------------------------

const TITULOS = {
  situacion: 'Estado de situación financiera',
  NATURALEZA: 'Estado de resultados por naturaleza',
  FUNCION: 'Estado de resultados por función',
} as const;

function subtitulo(clave: keyof typeof TITULOS, desde: string, hasta: string) {
  return clave === 'situacion' ? `Al cierre del periodo ${hasta}` : `Del periodo ${desde} al ${hasta}`;
}

export async function estadoExcel(auth: TAuth, clave: keyof typeof TITULOS, desde: string, hasta: string, f: TEstadoFila[]): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet(TITULOS[clave].slice(0, 31));
  hoja.addRow([`${TITULOS[clave]} - ${auth.empresa.razonSocial}`]).font = { bold: true };
  hoja.addRow([subtitulo(clave, desde, hasta), '', 'Expresado en soles']);
  hoja.addRow([]);
  hoja.addRow(['Concepto', 'Cuenta', 'Importe']).font = { bold: true };
  for (const x of f) {
    const r = hoja.addRow([`${'  '.repeat(Math.max(0, x.Nivel - 1))}${x.Concepto}`, x.Codigo ?? '', x.Importe === '' ? null : Number(x.Importe)]);
    if (x.Total || x.Nivel === 0) r.font = { bold: true };
  }
  hoja.getColumn(1).width = 55;
  hoja.getColumn(2).width = 10;
  hoja.getColumn(3).width = 18;
  hoja.getColumn(3).numFmt = '#,##0.00;-#,##0.00';
  return Buffer.from(await libro.xlsx.writeBuffer());
}

const montoPdf = (v: string) => {
  const n = new Decimal(v);
  const t = n.abs().toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n.isNeg() ? `(${t})` : t;
};

export async function estadoPdf(auth: TAuth, clave: keyof typeof TITULOS, desde: string, hasta: string, f: TEstadoFila[]): Promise<Buffer> {
  const fecha = new Date(`${hasta}-01T17:00:00Z`);
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: TITULOS[clave], Author: auth.empresa.razonSocial, Creator: 'Yupana', Producer: 'Yupana', CreationDate: fecha, ModDate: fecha } });
  const x0 = 50;
  const ancho = 495;
  let y = 50;
  doc.font(FUENTE_NEGRITA).fontSize(12).fillColor(COLOR.texto).text(auth.empresa.razonSocial, x0, y, { width: ancho, align: 'center' });
  y += 16;
  if (auth.empresa.documento) {
    doc.font(FUENTE).fontSize(9).fillColor(COLOR.suave).text(`RUC ${auth.empresa.documento}`, x0, y, { width: ancho, align: 'center' });
    y += 13;
  }
  doc.font(FUENTE_NEGRITA).fontSize(13).fillColor(COLOR.acento).text(TITULOS[clave].toUpperCase(), x0, y, { width: ancho, align: 'center' });
  y += 18;
  doc.font(FUENTE).fontSize(9).fillColor(COLOR.suave).text(`${subtitulo(clave, desde, hasta)} - expresado en soles`, x0, y, { width: ancho, align: 'center' });
  y += 24;
  for (const x of f) {
    if (y > 790) {
      doc.addPage();
      y = 50;
    }
    const negrita = x.Total || x.Nivel === 0;
    const sangria = Math.max(0, x.Nivel - 1) * 14;
    if (x.Total) doc.moveTo(x0 + 360, y - 2).lineTo(x0 + ancho, y - 2).lineWidth(0.5).strokeColor(COLOR.borde).stroke();
    doc.font(negrita ? FUENTE_NEGRITA : FUENTE).fontSize(9.5).fillColor(COLOR.texto);
    doc.text(x.Concepto, x0 + sangria, y, { width: 340 - sangria });
    if (x.Codigo) doc.fillColor(COLOR.suave).text(x.Codigo, x0 + 340, y, { width: 30 });
    if (x.Importe !== '') doc.fillColor(COLOR.texto).text(montoPdf(x.Importe), x0 + 370, y, { width: ancho - 370, align: 'right' });
    // A long element name wraps: the next line starts below it.
    const alto = doc.font(negrita ? FUENTE_NEGRITA : FUENTE).fontSize(9.5).heightOfString(x.Concepto, { width: 340 - sangria });
    y += Math.max(negrita ? 17 : 14, alto + 4);
  }
  return aBytes(doc);
}

// ---------------------------------------------------------------------------------------------------------------
// Closing a year and opening the next
// ---------------------------------------------------------------------------------------------------------------

/**
 * Closes a year: every month of it must be closed (else a Spanish 400 naming them). In ONE transaction:
 * CIERRE-RES:<year> moves the balance of every result account (classes 6, 7, 8 and 9) to 891 Utilidad (or 892
 * Pérdida) and 89 to 5911 Utilidades acumuladas (or 5921 Pérdidas acumuladas); CIERRE-BAL:<year> closes the balance
 * accounts (1 to 5); APERTURA:<year+1> reopens them on 1 January (that month must be open). The closing entries go
 * into December although it is closed: they are the close itself. A second call is refused.
 */
export async function cerrarAnio(ctx: Contexto, auth: TAuth, anio: number): Promise<TCierreAnio> {
  const meses = Array.from({ length: 12 }, (_, i) => `${anio}-${String(i + 1).padStart(2, '0')}`);
  return ctx.dbh.db.transaction(async (tx) => {
    const cerrados = new Set(
      filas<{ periodo: string }>(
        await tx.execute(sql`select periodo from periodo_contable where id_empresa = ${auth.idEmpresa} and periodo like ${`${anio}-%`} and estado = 'CERRADO' for update`),
      ).map((p) => p.periodo),
    );
    const abiertos = meses.filter((m) => !cerrados.has(m));
    if (abiertos.length)
      throw new AppError(ErrorCodes.VALIDACION, `No se puede cerrar el ejercicio ${anio}: hay periodos abiertos (${abiertos.join(', ')}). Ciérrelos primero.`, 400, { errores: { Anio: 'Hay periodos abiertos' } });
    const [ya] = filas<{ id: number }>(await tx.execute(sql`select id from asiento_contable where id_empresa = ${auth.idEmpresa} and clave_origen = ${`CIERRE-RES:${anio}`}`));
    if (ya) throw new AppError(ErrorCodes.VALIDACION, `El ejercicio ${anio} ya está cerrado`, 400);

    const saldos = filas<{ id_cuenta: number; codigo: string; saldo: string }>(
      await tx.execute(sql`
        select l.id_cuenta, c.codigo, sum(l.debe - l.haber) as saldo
          from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
         where l.id_empresa = ${auth.idEmpresa} and a.id_empresa = ${auth.idEmpresa} and a.periodo <= ${`${anio}-12`}
         group by l.id_cuenta, c.codigo
        having sum(l.debe - l.haber) <> 0
         order by c.codigo`),
    ).map((f) => ({ idCuenta: Number(f.id_cuenta), codigo: f.codigo, saldo: new Decimal(f.saldo) }));
    const c = await cuentasPorCodigo(tx, auth.idEmpresa, ['891', '892', '5911', '5921']);
    for (const k of ['891', '892', '5911', '5921']) if (!c.has(k)) throw new AppError(ErrorCodes.VALIDACION, `Falta la cuenta ${k} en el plan contable`, 400);
    const cierre = `${anio}-12-31`;
    const contra = (s: { idCuenta: number; saldo: Decimal }): TLineaNueva => (s.saldo.isPos() ? { idCuenta: s.idCuenta, debe: 0, haber: s.saldo } : { idCuenta: s.idCuenta, debe: s.saldo.neg(), haber: 0 });

    // 1. Result accounts to 89, and 89 to 59.
    const resultados = saldos.filter((s) => /^[6-9]/.test(s.codigo) && !s.codigo.startsWith('89'));
    const resultado = resultados.reduce((t, s) => t.minus(s.saldo), new Decimal(0)); // haber - debe: profit positive
    const lineasRes: TLineaNueva[] = resultados.map(contra);
    const utilidad = resultado.gte(0);
    if (!resultado.isZero()) {
      lineasRes.push(utilidad ? { idCuenta: c.get('891')!, debe: 0, haber: resultado } : { idCuenta: c.get('892')!, debe: resultado.neg(), haber: 0 });
      lineasRes.push(utilidad ? { idCuenta: c.get('891')!, debe: resultado, haber: 0 } : { idCuenta: c.get('892')!, debe: 0, haber: resultado.neg() });
      lineasRes.push(utilidad ? { idCuenta: c.get('5911')!, debe: 0, haber: resultado } : { idCuenta: c.get('5921')!, debe: resultado.neg(), haber: 0 });
    }
    const base = { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idDiario: 5, enPeriodoCerrado: true };
    const idCierre =
      lineasRes.length > 0
        ? await registrarAsiento(tx, { ...base, fecha: cierre, glosa: `Cierre del ejercicio ${anio}: cuentas de resultados a la cuenta 89 y a resultados acumulados`, origen: 'CIERRE', claveOrigen: `CIERRE-RES:${anio}`, lineas: lineasRes })
        : null;

    // 2. Balance accounts (after the result went to 59) closed at 31 December and reopened on 1 January.
    const balance = new Map(saldos.filter((s) => /^[1-5]/.test(s.codigo)).map((s) => [s.idCuenta, s.saldo]));
    if (!resultado.isZero()) {
      const id59 = c.get(utilidad ? '5911' : '5921')!;
      balance.set(id59, (balance.get(id59) ?? new Decimal(0)).minus(resultado));
    }
    const cuentasBalance = [...balance.entries()].filter(([, v]) => !v.isZero()).map(([idCuenta, saldo]) => ({ idCuenta, saldo }));
    let idApertura: number | null = null;
    if (cuentasBalance.length) {
      await registrarAsiento(tx, { ...base, fecha: cierre, glosa: `Cierre de las cuentas de balance del ejercicio ${anio}`, origen: 'CIERRE', claveOrigen: `CIERRE-BAL:${anio}`, lineas: cuentasBalance.map(contra) });
      idApertura = await registrarAsiento(tx, {
        ...base,
        enPeriodoCerrado: false,
        fecha: `${anio + 1}-01-01`,
        glosa: `Asiento de apertura del ejercicio ${anio + 1}`,
        origen: 'APERTURA',
        claveOrigen: `APERTURA:${anio + 1}`,
        lineas: cuentasBalance.map((s) => (s.saldo.isPos() ? { idCuenta: s.idCuenta, debe: s.saldo, haber: 0 } : { idCuenta: s.idCuenta, debe: 0, haber: s.saldo.neg() })),
      });
    }
    return { Anio: anio, IdAsientoCierre: idCierre ?? 0, IdAsientoApertura: idApertura ?? 0, Resultado: d2(resultado) };
  });
}
