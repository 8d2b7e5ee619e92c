// Finance reports (issue 14) through the real API on a real database: aging per customer and supplier, the weekly
// forecast of dues, the customer statement as PDF, Excel and e-mail; tenancy and permissions.
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TAlmacen, type TAntiguedadTerceros, type TCuentasPorCobrar, type TProyeccion } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';
import { hayPoppler, plano, textoPdf } from '../impresion/pdf-herramientas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
let soporte: Cliente;
const F = '/api/finanzas/v1';
const hoy = hoyLima();
// Customers of their own, so the demo company's other documents never enter these rows.
const BCP = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100047218', RazonSocial: 'BANCO DE CREDITO DEL PERU', Direccion: 'JR. CENTENARIO 156, LA MOLINA, LIMA' };
const SPSA = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100070970', RazonSocial: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', Direccion: 'CAL. MORELLI 181, SAN BORJA, LIMA' };
const PROVEEDOR = { RucProveedor: '20131312955', RazonSocialProveedor: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA' };

let smtp: SMTPServer;
let puertoSmtp: number;
const recibidos: { para: string[]; crudo: string }[] = [];
let cuotasBcp: number[] = [];

async function emitirCredito(cliente: typeof BCP, cuotas: { Monto: string; FechaVencimiento: string }[]) {
  const r = await sup.post('/api/contabilidad/v1/documentoContable', factura(await idSerie(sup, 1003, 'F001'), { ListaEntidades: [cliente], IdCondicionPago: 3, ListaCuotas: cuotas }));
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { Id: number; SerieNumero: string; MontoTotal: string };
}
const antiguedad = async (lado: string, query: string) => {
  const r = await sup.get(`${F}/reportes/antiguedades/${lado}?${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as TAntiguedadTerceros;
};
/** Week of the forecast a date falls in, counted by hand: week 1 is the cut-off date's Monday-to-Sunday week. */
const semanaDe = (corte: string, fecha: string) => {
  const desdeLunes = (new Date(`${corte}T12:00:00Z`).getUTCDay() + 6) % 7;
  const dias = Math.round((Date.parse(`${fecha}T12:00:00Z`) - Date.parse(`${corte}T12:00:00Z`)) / 86_400_000);
  return Math.floor((desdeLunes + dias) / 7) + 1;
};
const leerExcel = async (body: Buffer) => {
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(body as unknown as ArrayBuffer);
  const filas: unknown[][] = [];
  libro.worksheets[0].eachRow({ includeEmpty: true }, (f) => filas.push((f.values as unknown[]).slice(1)));
  return filas;
};

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  soporte = await clienteDe(e.app, 'soporte');
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, sesion, cb) {
      const partes: Buffer[] = [];
      stream.on('data', (c: Buffer) => partes.push(c));
      stream.on('end', () => {
        recibidos.push({ para: sesion.envelope.rcptTo.map((r) => r.address), crudo: Buffer.concat(partes).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  puertoSmtp = (smtp.server.address() as AddressInfo).port;

  // BCP: 63.60 in three dues (today +10, +40, +100); SPSA: 63.60 in one due at today +5.
  const d = await emitirCredito(BCP, [
    { Monto: '20.00', FechaVencimiento: sumarDias(hoy, 10) },
    { Monto: '20.00', FechaVencimiento: sumarDias(hoy, 40) },
    { Monto: '23.60', FechaVencimiento: sumarDias(hoy, 100) },
  ]);
  cuotasBcp = ((await sup.get(`${F}/cuentasporcobrar/${d.Id}`)).json() as { Cuotas: { IdCuota: number }[] }).Cuotas.map((c) => c.IdCuota);
  await emitirCredito(SPSA, [{ Monto: '63.60', FechaVencimiento: sumarDias(hoy, 5) }]);
  // 15.00 of BCP's first due collected in cash.
  const caja = ((await sup.get(`${F}/cuentasfinancieras`)).json().Data as { Id: number; IdTipoCuenta: number }[]).find((c) => c.IdTipoCuenta !== 3)!.Id;
  const c = await sup.post(`${F}/cobros/efectivos`, { IdCuentaFinanciera: caja, Detalle: [{ IdCuota: cuotasBcp[0], Monto: '15.00' }] });
  expect(c.statusCode, c.body).toBe(201);
}, 180_000);
afterAll(async () => {
  await new Promise<void>((ok) => smtp.close(() => ok()));
  delete process.env.SMTP_HOSTS_PERMITIDOS;
  await e?.cerrar();
});

describe('antigüedad de saldos por cliente', () => {
  it('suma cada cuota abierta en su tramo a la fecha de corte, al céntimo, y cuadra con las cuentas por cobrar', async () => {
    // As of today + 75: BCP's due 1 (5.00 left) is 65 days overdue, due 2 35 days, due 3 not yet due; SPSA's 70 days.
    const corte = sumarDias(hoy, 75);
    const a = await antiguedad('clientes', `idmoneda=1&fechacorte=${corte}`);
    expect(a.FechaCorte).toBe(corte);
    const bcp = a.Data.find((f) => f.NumeroDocumento === BCP.NumeroDocumento);
    expect(bcp).toEqual({
      NumeroDocumento: BCP.NumeroDocumento,
      RazonSocial: BCP.RazonSocial,
      Documentos: 1,
      PorVencer: '23.60',
      De1a30: '0.00',
      De31a60: '20.00',
      De61a90: '5.00',
      Mas90: '0.00',
      Total: '48.60',
      DiasMaximoVencido: 65,
    });
    expect(a.Data.find((f) => f.NumeroDocumento === SPSA.NumeroDocumento)).toMatchObject({ De61a90: '63.60', Total: '63.60', DiasMaximoVencido: 70 });
    // Largest balance first; the totals are the rows' sums and the receivables list's summary of the same cut-off date.
    const totales = a.Data.map((f) => Number(f.Total));
    expect(totales).toEqual([...totales].sort((x, y) => y - x));
    const cxc = (await sup.get(`${F}/cuentasporcobrar?idmoneda=1&fechacorte=${corte}`)).json() as TCuentasPorCobrar;
    const { IdMoneda: _m, ...resumen } = cxc.Resumen[0];
    const { Documentos: _d, ...tot } = a.Totales;
    expect(tot).toEqual(resumen);
    // One customer by name; dollars have nothing.
    const solo = await antiguedad('clientes', `tercero=credito del&fechacorte=${corte}`);
    expect(solo.Data.map((f) => f.NumeroDocumento)).toEqual([BCP.NumeroDocumento]);
    expect(solo.Totales.Total).toBe('48.60');
    expect((await antiguedad('clientes', `idmoneda=2&tercero=${BCP.NumeroDocumento}`)).Data).toEqual([]);
  });

  it('Excel con las mismas cifras', async () => {
    const corte = sumarDias(hoy, 75);
    const r = await sup.get(`${F}/reportes/antiguedades/clientes/excel?tercero=${BCP.NumeroDocumento}&fechacorte=${corte}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="antiguedad-clientes-${corte}.xlsx"`);
    const filas = await leerExcel(r.rawPayload);
    expect(filas[2]).toEqual(['RUC/DNI', 'Cliente', 'Documentos', 'Por vencer', '1 a 30 días', '31 a 60 días', '61 a 90 días', 'Más de 90 días', 'Total', 'Días de atraso']);
    expect(filas[3]).toEqual([BCP.NumeroDocumento, BCP.RazonSocial, 1, 23.6, 0, 20, 5, 0, 48.6, 65]);
    expect(filas[4]).toEqual(['', 'Totales', 1, 23.6, 0, 20, 5, 0, 48.6]);
  });

  it('valida la consulta en español', async () => {
    const r = await sup.get(`${F}/reportes/antiguedades/clientes?idmoneda=3&fechacorte=2026-02-30`);
    expect(r.statusCode).toBe(400);
    expect(r.json().ErrorId).toBe(ErrorCodes.VALIDACION);
    expect(Object.keys(r.json().Errores).sort()).toEqual(['fechacorte', 'idmoneda']);
  });
});

describe('antigüedad y proyección de proveedores', () => {
  it('una compra al crédito aparece en la antigüedad de proveedores y en la proyección de pagos', async () => {
    const LOG = '/api/logistica/v1';
    const item = await sup.post(`${LOG}/items`, { Codigo: 'REP-1', Descripcion: 'PAPEL BOND A4 80 G', CodigoUnidad: 'NIU', Precio: '20', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
    expect(item.statusCode, item.body).toBe(201);
    const principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
    const compra = await sup.post(`${LOG}/compras`, {
      ...PROVEEDOR,
      TipoDocumento: '01',
      Serie: 'F050',
      Numero: 1234,
      FechaEmision: hoy,
      Lineas: [{ IdItem: item.json().Id, IdAlmacen: principal.Id, Cantidad: '10', ValorUnitario: '10', AfectacionIgv: '10' }],
      IdCondicionPago: 2,
      Cuotas: [
        { Monto: '68.00', FechaVencimiento: sumarDias(hoy, 3) },
        { Monto: '50.00', FechaVencimiento: sumarDias(hoy, 200) },
      ],
    });
    expect(compra.statusCode, compra.body).toBe(201);
    const a = await antiguedad('proveedores', `tercero=${PROVEEDOR.RucProveedor}&fechacorte=${sumarDias(hoy, 10)}`);
    expect(a.Data).toEqual([
      expect.objectContaining({ NumeroDocumento: PROVEEDOR.RucProveedor, Documentos: 1, De1a30: '68.00', PorVencer: '50.00', Total: '118.00', DiasMaximoVencido: 7 }),
    ]);
    const p = (await sup.get(`${F}/reportes/proyecciones/pagos?tercero=${PROVEEDOR.RucProveedor}&semanas=4`)).json() as TProyeccion;
    expect(p.Semanas).toHaveLength(5);
    const s = semanaDe(hoy, sumarDias(hoy, 3));
    expect(p.Semanas[s]).toMatchObject({ Semana: s, Cuotas: 1, Documentos: 1, Monto: '68.00' });
    expect(p.Posterior).toBe('50.00');
    expect(p.Total).toBe('118.00');
    // Receivables permissions do not open payables reports and the other way round: the cashier has neither.
    expect((await cajero.get(`${F}/reportes/antiguedades/proveedores`)).statusCode).toBe(403);
  });
});

describe('proyección de cobros por semana', () => {
  it('lo vencido, cada semana de lunes a domingo y lo posterior, con el saldo de cada cuota', async () => {
    const p = (await sup.get(`${F}/reportes/proyecciones/cobros?tercero=${BCP.NumeroDocumento}&semanas=8`)).json() as TProyeccion;
    expect(p).toMatchObject({ FechaCorte: hoy, IdMoneda: 1, Total: '48.60', Posterior: '23.60' });
    expect(p.Semanas).toHaveLength(9);
    expect(p.Semanas[0]).toEqual({ Semana: 0, Desde: null, Hasta: null, Cuotas: 0, Documentos: 0, Monto: '0.00' });
    expect(p.Semanas[1].Desde).toBe(hoy);
    // Weeks run Monday to Sunday and follow each other without gaps.
    for (let s = 2; s <= 8; s++) {
      expect(new Date(`${p.Semanas[s].Desde}T12:00:00Z`).getUTCDay()).toBe(1);
      expect(sumarDias(p.Semanas[s - 1].Hasta!, 1)).toBe(p.Semanas[s].Desde);
    }
    const s10 = semanaDe(hoy, sumarDias(hoy, 10));
    const s40 = semanaDe(hoy, sumarDias(hoy, 40));
    expect(p.Semanas[s10]).toMatchObject({ Cuotas: 1, Monto: '5.00' });
    expect(p.Semanas[s40]).toMatchObject({ Cuotas: 1, Monto: '20.00' });
    const sumaSemanas = p.Semanas.reduce((t, x) => t + Math.round(Number(x.Monto) * 100), 0);
    expect(sumaSemanas + 2360).toBe(4860);

    // From today + 41 both earlier dues are overdue.
    const tarde = (await sup.get(`${F}/reportes/proyecciones/cobros?tercero=${BCP.NumeroDocumento}&fechacorte=${sumarDias(hoy, 41)}&semanas=12`)).json() as TProyeccion;
    expect(tarde.Semanas[0]).toMatchObject({ Cuotas: 2, Documentos: 1, Monto: '25.00' });
    expect(tarde.Semanas[semanaDe(sumarDias(hoy, 41), sumarDias(hoy, 100))]).toMatchObject({ Monto: '23.60' });

    const x = await sup.get(`${F}/reportes/proyecciones/cobros/excel?tercero=${BCP.NumeroDocumento}&semanas=8`);
    const filas = await leerExcel(x.rawPayload);
    expect(filas[3]).toEqual(['Vencido', '', '', 0, 0, 0]);
    expect(filas.at(-1)).toEqual(['Total', '', '', '', '', 48.6]);
    expect((await sup.get(`${F}/reportes/proyecciones/cobros?semanas=27`)).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION });
  });
});

describe('estado de cuenta en PDF, Excel y por correo', () => {
  it('el PDF y el Excel muestran los cargos, abonos y el saldo', async () => {
    const pdf = await sup.get(`${F}/reportes/estadoscuentas/pdf?cliente=${BCP.NumeroDocumento}&idmoneda=1`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (hayPoppler) {
      const t = plano(textoPdf(pdf.rawPayload));
      expect(t).toContain('ESTADO DE CUENTA');
      expect(t).toContain(`${BCP.RazonSocial} (${BCP.NumeroDocumento})`);
      expect(t).toContain('SALDO PENDIENTE: S/ 48.60');
      expect(t).toMatch(/Cobro en efectivo RC-\d+ 15\.00 48\.60/);
    }
    const x = await sup.get(`${F}/reportes/estadoscuentas/excel?cliente=${BCP.NumeroDocumento}&idmoneda=1`);
    expect(x.headers['content-disposition']).toBe(`attachment; filename="estado-de-cuenta-${BCP.NumeroDocumento}-PEN.xlsx"`);
    const filas = await leerExcel(x.rawPayload);
    expect(filas[3]).toEqual(['Fecha', 'Concepto', 'Referencia', 'Cargo', 'Abono', 'Saldo']);
    expect(filas[4].slice(1).map((v, i) => (i === 1 ? typeof v : v))).toEqual(['Venta al crédito', 'string', 63.6, 0, 63.6]);
    expect(filas[5].slice(3)).toEqual([0, 15, 48.6]);
    expect(filas[6]).toEqual(['', 'Totales', '', 63.6, 15, 48.6]);
    // A customer the company never sold to on credit: 404 in Spanish.
    const nadie = await sup.get(`${F}/reportes/estadoscuentas/pdf?cliente=20999999991&idmoneda=1`);
    expect(nadie.statusCode).toBe(404);
    expect(nadie.json().Mensaje).toBe('El cliente no tiene documentos al crédito');
  });

  it('por correo: sin servidor se pide configurarlo; con él llega con el PDF y el Excel', async () => {
    const cuerpo = { Cliente: BCP.NumeroDocumento, IdMoneda: 1, Destinatarios: ['cobranzas@bcp.com.pe'], Mensaje: 'Agradeceremos su pago.' };
    const sin = await sup.post(`${F}/reportes/estadoscuentas/correos`, cuerpo);
    expect(sin.statusCode).toBe(400);
    expect(sin.json().Mensaje).toBe('Configure el servidor de correo de la empresa antes de enviar correos');
    process.env.SMTP_HOSTS_PERMITIDOS = `127.0.0.1:${puertoSmtp}`;
    const g = await sup.put('/api/contabilidad/v1/configuraciones/correo', { Host: '127.0.0.1', Puerto: puertoSmtp, Seguro: false, Remitente: 'cobranzas@comercialandina.pe' });
    expect(g.statusCode, g.body).toBe(200);
    const r = await sup.post(`${F}/reportes/estadoscuentas/correos`, cuerpo);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ Mensaje: 'Estado de cuenta enviado a cobranzas@bcp.com.pe' });
    const m = recibidos.at(-1)!;
    expect(m.para).toEqual(['cobranzas@bcp.com.pe']);
    expect(m.crudo).toContain(`filename=estado-de-cuenta-${BCP.NumeroDocumento}-PEN.pdf`);
    expect(m.crudo).toContain(`filename=estado-de-cuenta-${BCP.NumeroDocumento}-PEN.xlsx`);
    expect(m.crudo).toContain('Agradeceremos su pago.');
    const malo = await sup.post(`${F}/reportes/estadoscuentas/correos`, { ...cuerpo, Destinatarios: ['no-es-correo'] });
    expect(malo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { 'Destinatarios.0': 'Correo no válido' } });
  });
});

describe('empresa y permisos', () => {
  it('otra empresa no ve a los clientes de esta; el cajero no entra; soporte consulta pero no envía', async () => {
    const ajena = (await otra.get(`${F}/reportes/antiguedades/clientes?tercero=${BCP.NumeroDocumento}`)).json() as TAntiguedadTerceros;
    expect(ajena.Data).toEqual([]);
    expect((await otra.get(`${F}/reportes/estadoscuentas/pdf?cliente=${BCP.NumeroDocumento}&idmoneda=1`)).statusCode).toBe(404);
    for (const ruta of ['antiguedades/clientes', 'proyecciones/cobros', `estadoscuentas/excel?cliente=${BCP.NumeroDocumento}`]) {
      expect((await cajero.get(`${F}/reportes/${ruta}`)).statusCode, ruta).toBe(403);
    }
    expect((await soporte.get(`${F}/reportes/antiguedades/clientes`)).statusCode).toBe(200);
    const envio = await soporte.post(`${F}/reportes/estadoscuentas/correos`, { Cliente: BCP.NumeroDocumento, Destinatarios: ['a@b.pe'] });
    expect(envio.statusCode).toBe(403);
  });
});
