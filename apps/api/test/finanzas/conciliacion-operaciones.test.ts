// Branch concilia2 (issue 14): bank reconciliation also knows the ITF of bank collections (J) and payments (K),
// payroll payments (N) and detracción deposits (D); a reconciled collection, payroll payment or detracción cannot be
// voided; detracción deposits count in the account's balance and cash flow. Through the real HTTP stack (PGlite by
// default, PostgreSQL with TEST_DATABASE_URL). decisions.md "concilia2".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TAlmacen, type TExtracto, type TFlujoCaja, type TNominaDetalle, type TSaldoCuenta } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
const F = '/api/finanzas/v1';
const RH = '/api/rrhh/v1';
const hoy = hoyLima();
const fechaBanco = hoy.split('-').reverse().join('/');
const b64 = (t: string) => Buffer.from(t, 'utf8').toString('base64');
const CLIENTE = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100130204', RazonSocial: 'TRANSPORTES ANDINOS S.A.C.', Direccion: 'AV. COLONIAL 1200, LIMA' };

let banco: number;
let cobro: number;
let detraccion: number;
let nomina: number;
let pagoPlanilla: number;
let neto: string;
let x: TExtracto;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  const r = await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 3, Nombre: 'Banco de la Nación concilia2', Banco: 'BN', NumeroCuenta: '00-000-123456', IdMoneda: 1 });
  expect(r.statusCode, r.body).toBe(201);
  banco = r.json().Id;
}, 180_000);
afterAll(async () => e?.cerrar());

describe('conciliación de cobros con su ITF, pagos de planilla y depósitos de detracción', () => {
  it('un cobro bancarizado (ITF 0.05), la detracción depositada en la cuenta y un pago de planilla desde ella', async () => {
    // 1000.00 + IGV 180.00 = 1180.00; detracción 12 % = 142.00 (whole soles), net due 1038.00.
    const f = await sup.post(
      '/api/contabilidad/v1/documentoContable',
      factura(await idSerie(sup, 1003, 'F001'), {
        IdCondicionPago: 2,
        ListaEntidades: [CLIENTE],
        ListaItems: [{ ItemDescripcion: 'SERVICIO DE MANTENIMIENTO DE MAQUINARIA', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: '1000', TipoAfectacion: '10' }],
        ListaCuotas: [{ Monto: '1038.00', FechaVencimiento: sumarDias(hoy, 30) }],
        Detraccion: { CodigoBien: '037', Porcentaje: '12', CuentaBancoNacion: '00-000-123456' },
      }),
    );
    expect(f.statusCode, f.body).toBe(201);
    const cuotas = (await sup.get(`${F}/cuentasporcobrar/${f.json().Id}`)).json().Cuotas as { IdCuota: number; Monto: string }[];
    const c = await sup.post(`${F}/cobros/bancarizados`, { IdCuentaFinanciera: banco, MedioPago: '003', NumeroOperacion: '700111', Detalle: [{ IdCuota: cuotas[0].IdCuota, Monto: '1038.00' }] });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json()).toMatchObject({ Monto: '1038.00', Itf: '0.05' });
    cobro = c.json().Id;
    const d = await sup.post(`${F}/cuentasporcobrar/${f.json().Id}/detracciones`, { NumeroConstancia: '5550001', Fecha: hoy, Monto: '142.00', IdCuentaFinanciera: banco });
    expect(d.statusCode, d.body).toBe(201);
    detraccion = d.json().Id;

    // A worker with a contract, the run of April 2026 computed and approved, her payslip paid from the bank.
    const t = await sup.post(`${RH}/entidades`, { IdTipoDocumento: 1, Documento: '45678123', Nombres: 'Rosa', ApePat: 'Conciliada', ApeMat: 'Prueba' });
    expect(t.statusCode, t.body).toBe(201);
    const k = await sup.post(`${RH}/contratos/colaborador`, { IdTrabajador: t.json().Id, Regimen: 1, FechaInicio: '2026-01-01', Remuneracion: '2400.00', SistemaPension: 'ONP' });
    expect(k.statusCode, k.body).toBe(201);
    nomina = (await sup.post(`${RH}/nominas`, { Anio: 2026, Mes: 4 })).json().Id;
    const cal = await sup.post(`${RH}/nominas/${nomina}/calculo`, { Novedades: [] });
    expect(cal.statusCode, cal.body).toBe(200);
    const boleta = (cal.json() as TNominaDetalle).Boletas.find((b) => b.IdTrabajador === t.json().Id)!;
    expect((await sup.post(`${RH}/nominas/${nomina}/aprobacion`, {})).statusCode).toBe(200);
    const p = await sup.post(`${RH}/nominas/${nomina}/pagos`, { IdCuentaFinanciera: banco, NumeroOperacion: '880022', Boletas: [boleta.Id] });
    expect(p.statusCode, p.body).toBe(200);
    const pago = (p.json() as TNominaDetalle).Pagos.at(-1)!;
    pagoPlanilla = pago.Id;
    neto = pago.Monto;
    // 2400.00 - ONP 13 % 312.00.
    expect([neto, boleta.Neto]).toEqual(['2088.00', '2088.00']);
  });

  it('el extracto propone el cobro, su ITF, el pago de planilla y la detracción, y se confirman', async () => {
    const importe = (m: string) => (m.startsWith('-') ? `-${Number(m.slice(1)).toLocaleString('en-US', { minimumFractionDigits: 2 })}` : Number(m).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    const csv = [
      'Fecha;Fecha valuta;Descripción operación;Monto;Saldo;Sucursal - agencia;Operación - Número;Operación - Hora',
      `${fechaBanco};${fechaBanco};ABONO TRANSF TRANSPORTES ANDINOS;1,038.00;1,038.00;LIMA;700111;09:00`,
      `${fechaBanco};${fechaBanco};ITF;-0.05;1,037.95;LIMA;700112;09:00`,
      `${fechaBanco};${fechaBanco};PAGO HABERES;${importe(`-${neto}`)};0.00;LIMA;880022;10:00`,
      `${fechaBanco};${fechaBanco};DEPOSITO DETRACCION;142.00;0.00;LIMA;5550001;11:00`,
    ].join('\r\n');
    const r = await sup.post(`${F}/conciliaciones/extractos`, { IdCuentaFinanciera: banco, Perfil: 'BCP', NombreArchivo: 'bn.csv', ArchivoBase64: b64(csv) });
    expect(r.statusCode, r.body).toBe(201);
    x = r.json() as TExtracto;
    expect(x.Lineas.map((l) => l.Monto)).toEqual(['1038.00', '-0.05', `-${neto}`, '142.00']);
    expect(x.Lineas.map((l) => l.Propuesta && [l.Propuesta.Tipo, l.Propuesta.Id, l.Propuesta.Monto])).toEqual([
      ['C', cobro, '1038.00'],
      ['J', cobro, '-0.05'],
      ['N', pagoPlanilla, `-${neto}`],
      ['D', detraccion, '142.00'],
    ]);
    expect(x.Lineas[3].Propuesta).toMatchObject({ Numero: 'DT-5550001', Descripcion: 'Detracción recibida 5550001', NumeroOperacion: '5550001' });
    expect(x.Lineas[1].Propuesta!.Descripcion).toMatch(/^ITF de RC-/);
    expect(x.SinConciliarLibro.map((o) => o.Tipo).sort()).toEqual(['C', 'D', 'J', 'N']);
    // The ITF of the collection is not its amount: a wrong kind gives the amount mismatch.
    const mal = await sup.post(`${F}/conciliaciones/extractos/${x.Id}/conciliaciones`, { Pares: [{ IdLinea: x.Lineas[1].Id, Tipo: 'C', IdOperacion: cobro }] });
    expect(mal.statusCode).toBe(400);
    const ok = await sup.post(`${F}/conciliaciones/extractos/${x.Id}/conciliaciones`, {
      Pares: x.Lineas.map((l) => ({ IdLinea: l.Id, Tipo: l.Propuesta!.Tipo, IdOperacion: l.Propuesta!.Id })),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const y = ok.json() as TExtracto;
    expect(y.Lineas.map((l) => [l.Conciliada, l.Operacion?.Tipo])).toEqual([[true, 'C'], [true, 'J'], [true, 'N'], [true, 'D']]);
    expect(y.SinConciliarLibro).toEqual([]);
    // Another company sees none of it.
    expect((await otra.get(`${F}/conciliaciones/extractos/${x.Id}`)).statusCode).toBe(404);
    expect((await otra.post(`${F}/conciliaciones/extractos/${x.Id}/conciliaciones`, { Pares: [{ IdLinea: x.Lineas[0].Id, Tipo: 'D', IdOperacion: detraccion }] })).statusCode).toBe(404);
  });

  it('conciliados no se anulan (409 en español); deshecha la conciliación, el cobro se anula', async () => {
    const casos: [string, RegExp][] = [
      [`${F}/cobros/${cobro}/anulaciones`, /^El cobro RC-\d+ está conciliado con el extracto bancario: no se puede anular\. Deshaga primero la conciliación\.$/],
      [`${RH}/nominas/${nomina}/pagos/${pagoPlanilla}/anulaciones`, /^El pago de la planilla de abril 2026 está conciliado con el extracto bancario/i],
      [`${F}/detracciones/${detraccion}/anulaciones`, /^La detracción 5550001 está conciliada con el extracto bancario/],
    ];
    for (const [url, msg] of casos) {
      const r = await sup.put(url, { Motivo: 'Prueba de anulación' });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().ErrorId).toBe(ErrorCodes.OPERACION_CONCILIADA);
      expect(r.json().Mensaje).toMatch(msg);
    }
    // Undoing only the collection's line still leaves its ITF reconciled: refused.
    expect((await sup.del(`${F}/conciliaciones/extractos/${x.Id}/lineas/${x.Lineas[0].Id}`)).statusCode).toBe(200);
    expect((await sup.put(`${F}/cobros/${cobro}/anulaciones`, { Motivo: 'Prueba de anulación' })).statusCode).toBe(409);
    expect((await sup.del(`${F}/conciliaciones/extractos/${x.Id}/lineas/${x.Lineas[1].Id}`)).statusCode).toBe(200);
    const a = await sup.put(`${F}/cobros/${cobro}/anulaciones`, { Motivo: 'Prueba de anulación' });
    expect(a.statusCode, a.body).toBe(200);
    // Another company cannot void them.
    expect((await otra.put(`${F}/detracciones/${detraccion}/anulaciones`, { Motivo: 'Ajena' })).statusCode).toBe(404);
  });

  it('la detracción cuenta en el saldo de la cuenta y en el flujo de caja (concepto 9)', async () => {
    const s = (await sup.get(`${F}/cuentasfinancieras/${banco}/saldo`)).json() as TSaldoCuenta;
    // The voided collection and its ITF are gone: + detracción 142.00 - payroll net.
    const esperado = (142 - Number(neto)).toFixed(2);
    expect(s).toMatchObject({ Cobros: '142.00', Pagos: neto, Itf: '0.00', Saldo: esperado });
    const f = await sup.get(`${F}/reportes/tiposmovimientos?desde=${hoy}&hasta=${hoy}&idcuenta=${banco}`);
    expect(f.statusCode, f.body).toBe(200);
    const cuenta = (f.json() as TFlujoCaja).Data[0];
    expect(cuenta.Conceptos).toEqual([
      { IdTipoOperacion: 8, Descripcion: 'Pagos de planilla', Ingresos: '0.00', Egresos: neto },
      { IdTipoOperacion: 9, Descripcion: 'Detracciones (depósitos)', Ingresos: '142.00', Egresos: '0.00' },
    ]);
    expect(cuenta).toMatchObject({ SaldoInicial: '0.00', TotalIngresos: '142.00', TotalEgresos: neto, SaldoFinal: esperado });
    // Voided, the detracción leaves the balance (after undoing its match).
    expect((await sup.del(`${F}/conciliaciones/extractos/${x.Id}/lineas/${x.Lineas[3].Id}`)).statusCode).toBe(200);
    expect((await sup.put(`${F}/detracciones/${detraccion}/anulaciones`, { Motivo: 'Constancia equivocada' })).statusCode).toBe(200);
    expect(((await sup.get(`${F}/cuentasfinancieras/${banco}/saldo`)).json() as TSaldoCuenta).Saldo).toBe((-Number(neto)).toFixed(2));
  });

  it('la detracción de una compra pagada desde la cuenta: egreso en el extracto, en el saldo y en el flujo', async () => {
    const idBien = (await sup.post('/api/logistica/v1/items', { Codigo: 'C2-DET', Descripcion: 'MADERA TORNILLO (PIE TABLAR)', CodigoUnidad: 'NIU', Precio: '100', PrecioIncluyeIgv: false, AfectacionIgv: '10' })).json().Id;
    const principal = ((await sup.get('/api/logistica/v1/almacenes')).json().Data as TAlmacen[]).find((a) => a.EsPredeterminado)!;
    const c = await sup.post('/api/logistica/v1/compras', {
      RucProveedor: '20100047218', RazonSocialProveedor: 'DISTRIBUIDORA DEL SUR S.A.C.', TipoDocumento: '01', Serie: 'F010', Numero: 777, FechaEmision: hoy, IdMoneda: 1,
      Lineas: [{ IdItem: idBien, IdAlmacen: principal.Id, Cantidad: '10', ValorUnitario: '100', AfectacionIgv: '10' }],
      IdCondicionPago: 2, Cuotas: [{ Monto: '1180.00', FechaVencimiento: sumarDias(hoy, 30) }],
    });
    expect(c.statusCode, c.body).toBe(201);
    const d = await sup.post(`${F}/cuentasporpagar/${c.json().Id}/detracciones`, { NumeroConstancia: 'C-0002', Fecha: hoy, Monto: '48.00', IdCuentaFinanciera: banco });
    expect(d.statusCode, d.body).toBe(201);
    const csv = ['Fecha;Descripción operación;Monto;Operación - Número', `${fechaBanco};PAGO DETRACCION SPOT;-48.00;0002`].join('\n');
    const r = await sup.post(`${F}/conciliaciones/extractos`, { IdCuentaFinanciera: banco, Perfil: 'BCP', NombreArchivo: 'bn2.csv', ArchivoBase64: b64(csv) });
    expect(r.statusCode, r.body).toBe(201);
    const y = r.json() as TExtracto;
    expect(y.Lineas[0].Propuesta).toMatchObject({ Tipo: 'D', Id: d.json().Id, Monto: '-48.00', Descripcion: 'Detracción depositada C-0002' });
    const ok = await sup.post(`${F}/conciliaciones/extractos/${y.Id}/conciliaciones`, { Pares: [{ IdLinea: y.Lineas[0].Id, Tipo: 'D', IdOperacion: d.json().Id }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(((await sup.get(`${F}/cuentasfinancieras/${banco}/saldo`)).json() as TSaldoCuenta)).toMatchObject({ Pagos: '2136.00', Saldo: '-2136.00' });
    const f = (await sup.get(`${F}/reportes/tiposmovimientos?desde=${hoy}&hasta=${hoy}&idcuenta=${banco}`)).json() as TFlujoCaja;
    expect(f.Data[0].Conceptos.find((k) => k.IdTipoOperacion === 9)).toEqual({ IdTipoOperacion: 9, Descripcion: 'Detracciones (depósitos)', Ingresos: '0.00', Egresos: '48.00' });
    expect(f.Data[0].SaldoFinal).toBe('-2136.00');
  });
});
