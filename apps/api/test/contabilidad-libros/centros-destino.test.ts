// Cost centres in the automatic entries (issue 15, "which account each cost centre posts to"): a centre names the
// element 9 account its class 6 expenses are carried to (destino, against 791), a worker's contract names the centre
// of his pay, and the payroll accrual and CTS provision split the expense and its destination by centre. Through the
// real HTTP stack (PGlite by default, PostgreSQL with TEST_DATABASE_URL). decisions.md "Cost centres in the automatic entries".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TCentroCosto, type TTrabajador } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
const F = '/api/finanzas/v1';
const R = '/api/rrhh/v1';

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const idCuenta = async (codigo: string) => Number((await filas<{ id: number }>(sql`select id from cuenta_contable where codigo = ${codigo} and id_empresa is null`))[0].id);
let centroDe: Record<string, number> = {};
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string; centro: number | null }>(sql`
      select c.codigo, l.debe::text, l.haber::text, l.id_centro_costo as centro from asiento_linea l join asiento_contable a on a.id = l.id_asiento
        join cuenta_contable c on c.id = l.id_cuenta where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => {
    const nombre = Object.entries(centroDe).find(([, id]) => id === Number(l.centro))?.[0] ?? '-';
    return `${l.codigo} ${Number(l.debe).toFixed(2)} ${Number(l.haber).toFixed(2)} ${l.centro === null ? '-' : nombre}`;
  });
const cuadra = (ls: string[]) => {
  const [d, h] = ls.reduce(([d, h], l) => [d + Math.round(Number(l.split(' ')[1]) * 100), h + Math.round(Number(l.split(' ')[2]) * 100)], [0, 0]);
  return d === h;
};

beforeAll(async () => {
  e = await crearEntorno();
  // The second demo company: no demo workers, so the run below holds exactly the workers made here.
  sup = await clienteDe(e.app, 'demo.supervisor');
  otra = await clienteDe(e.app, 'supervisor');
  cajero = await clienteDe(e.app, 'cajero');
}, 180_000);
afterAll(async () => e?.cerrar());

describe('centros de costo con cuenta de destino', () => {
  it('un centro guarda su cuenta de destino del elemento 9; otra cuenta, en español', async () => {
    const c94 = await idCuenta('94');
    const c95 = await idCuenta('95');
    const adm = await sup.post(`${F}/centroscostos`, { Codigo: 'ADM-D', Nombre: 'Administración', IdCuentaDestino: c94 });
    expect(adm.statusCode, adm.body).toBe(201);
    expect(adm.json()).toMatchObject({ Codigo: 'ADM-D', IdCuentaDestino: c94, CuentaDestino: '94 Gastos administrativos' });
    const ven = await sup.post(`${F}/centroscostos`, { Codigo: 'VEN-D', Nombre: 'Ventas', IdCuentaDestino: c95 });
    expect(ven.statusCode, ven.body).toBe(201);
    const sin = await sup.post(`${F}/centroscostos`, { Codigo: 'PRY-D', Nombre: 'Proyecto sin destino' });
    expect(sin.json()).toMatchObject({ IdCuentaDestino: null, CuentaDestino: null });
    centroDe = { ADM: adm.json().Id, VEN: ven.json().Id, PRY: sin.json().Id };

    const clase6 = await sup.post(`${F}/centroscostos`, { Codigo: 'MAL-D', Nombre: 'Mal', IdCuentaDestino: await idCuenta('659') });
    expect(clase6.statusCode).toBe(400);
    expect(clase6.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdCuentaDestino: 'La cuenta 659 no es del elemento 9 (contabilidad analítica de explotación)' } });
    const noExiste = await sup.put(`${F}/centroscostos/${centroDe.PRY}`, { Codigo: 'PRY-D', Nombre: 'Proyecto', IdCuentaDestino: 999999 });
    expect(noExiste.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdCuentaDestino: 'La cuenta contable no existe en el plan contable de la empresa' } });
    const raro = await sup.post(`${F}/centroscostos`, { Codigo: 'RAR-D', Nombre: 'Raro', IdCuentaDestino: 'x' });
    expect(raro.statusCode).toBe(400);
    expect(raro.json().Errores).toHaveProperty('IdCuentaDestino');

    const lista = (await sup.get(`${F}/centroscostos`)).json().Data as TCentroCosto[];
    expect(lista.find((c) => c.Id === centroDe.VEN)).toMatchObject({ CuentaDestino: '95 Gastos de ventas' });
    // Another company neither sees nor edits them; a cashier cannot.
    expect((await otra.get(`${F}/centroscostos`)).json().Data.some((c: TCentroCosto) => c.Id === centroDe.VEN)).toBe(false);
    expect((await otra.put(`${F}/centroscostos/${centroDe.VEN}`, { Codigo: 'X', Nombre: 'X', IdCuentaDestino: c94 })).statusCode).toBe(404);
    expect((await cajero.post(`${F}/centroscostos`, { Codigo: 'CAJ', Nombre: 'Cajero', IdCuentaDestino: c94 })).statusCode).toBe(403);
  });

  it('una nota de salida al 659 con centro lleva su destino 95 / 791 con el mismo centro; sin destino, no', async () => {
    const caja = (await sup.post(`${F}/cuentasfinancieras`, { IdTipoCuenta: 2, Nombre: 'Caja destino', IdMoneda: 1 })).json().Id;
    expect((await sup.post(`${F}/notas/ingresos`, { IdCuentaFinanciera: caja, Monto: '1000.00', Motivo: 'Fondo inicial', IdCentroCosto: centroDe.VEN })).statusCode).toBe(201);
    const salida = await sup.post(`${F}/notas/salidas`, { IdCuentaFinanciera: caja, Monto: '120.50', Motivo: 'Publicidad en radio', IdCentroCosto: centroDe.VEN });
    expect(salida.statusCode, salida.body).toBe(201);
    expect(await lineasDe(`MOV:${salida.json().Id}`)).toEqual(['659 120.50 0.00 VEN', '101 0.00 120.50 -', '95 120.50 0.00 VEN', '791 0.00 120.50 VEN']);
    const sinDestino = await sup.post(`${F}/notas/salidas`, { IdCuentaFinanciera: caja, Monto: '10.00', Motivo: 'Útiles del proyecto', IdCentroCosto: centroDe.PRY });
    expect(await lineasDe(`MOV:${sinDestino.json().Id}`)).toEqual(['659 10.00 0.00 PRY', '101 0.00 10.00 -']);
    // An income (759, class 7) has no destination whatever its centre.
    const ingreso = await sup.post(`${F}/notas/ingresos`, { IdCuentaFinanciera: caja, Monto: '5.00', Motivo: 'Sobrante', IdCentroCosto: centroDe.ADM });
    expect(await lineasDe(`MOV:${ingreso.json().Id}`)).toEqual(['101 5.00 0.00 -', '759 0.00 5.00 ADM']);
    // The void swaps every line, the destination included.
    const anula = await sup.del(`${F}/movimientos/${salida.json().Id}?Motivo=${encodeURIComponent('Se registró dos veces')}`);
    expect(anula.statusCode, anula.body).toBe(200);
    expect(await lineasDe(`ANULA-MOV:${salida.json().Id}`)).toEqual(['659 0.00 120.50 VEN', '101 120.50 0.00 -', '95 0.00 120.50 VEN', '791 120.50 0.00 VEN']);
  });
});

describe('la caja por centro de costo', () => {
  it('una caja guarda su centro; sus egresos llevan el centro y su destino, los ingresos solo el centro', async () => {
    const idSucursal = (JSON.parse(Buffer.from(sup.token.split('.')[1], 'base64url').toString()) as { Sucursales: number[] }).Sucursales[0];
    // Another company's centre, or one that does not exist: a Spanish field error, nothing saved.
    const ajeno = (await otra.post(`${F}/centroscostos`, { Codigo: 'AJ-C', Nombre: 'Ajeno' })).json().Id as number;
    for (const malo of [ajeno, 999999]) {
      const r = await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: `Caja mala ${malo}`, IdCentroCosto: malo });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdCentroCosto: 'Elija un centro de costo activo de la empresa' } });
    }
    const creada = await sup.post(`${F}/cajas`, { IdSucursal: idSucursal, Descripcion: 'Caja de ventas', IdCentroCosto: centroDe.VEN });
    expect(creada.statusCode, creada.body).toBe(201);
    expect(creada.json()).toMatchObject({ IdCentroCosto: centroDe.VEN, CentroCosto: 'VEN-D Ventas' });
    const idCaja = creada.json().Id as number;
    expect((await sup.post(`${F}/cajas/${idCaja}/aperturas`, { MontoApertura: '200.00' })).statusCode).toBe(201);
    const egreso = await sup.post(`${F}/cajas/movimientos`, { Tipo: 2, Monto: '50.00', Motivo: 'Volantes de la tienda' });
    expect(egreso.statusCode, egreso.body).toBe(201);
    expect(await lineasDe(`CAJA:${egreso.json().Id}`)).toEqual(['659 50.00 0.00 VEN', '101 0.00 50.00 -', '95 50.00 0.00 VEN', '791 0.00 50.00 VEN']);
    const ingreso = await sup.post(`${F}/cajas/movimientos`, { Tipo: 1, Monto: '20.00', Motivo: 'Sencillo del banco' });
    expect(await lineasDe(`CAJA:${ingreso.json().Id}`)).toEqual(['101 20.00 0.00 -', '759 0.00 20.00 VEN']);
    // The movement keeps the centre it was registered with; a box without a centre posts as before.
    const quitar = await sup.put(`${F}/cajas/${idCaja}`, { IdSucursal: idSucursal, Descripcion: 'Caja de ventas', IdCentroCosto: null });
    expect(quitar.statusCode, quitar.body).toBe(200);
    expect(quitar.json().IdCentroCosto).toBeNull();
    const sinCentro = await sup.post(`${F}/cajas/movimientos`, { Tipo: 2, Monto: '5.00', Motivo: 'Bolsas' });
    expect(await lineasDe(`CAJA:${sinCentro.json().Id}`)).toEqual(['659 5.00 0.00 -', '101 0.00 5.00 -']);
    expect(await filas<{ c: number | null }>(sql`select id_centro_costo as c from movimiento_caja where id_sesion = (select id_sesion from movimiento_caja where id = ${egreso.json().Id}) order by id`)).toEqual([
      { c: centroDe.VEN },
      { c: centroDe.VEN },
      { c: null },
    ]);
    // The cashier cannot set a box's centre (boxes are the supervisor's).
    expect((await cajero.put(`${F}/cajas/${idCaja}`, { IdSucursal: idSucursal, Descripcion: 'Caja de ventas', IdCentroCosto: centroDe.ADM })).statusCode).toBe(403);
  });
});

describe('la planilla por centro de costo del contrato', () => {
  const trabajadores: Record<string, TTrabajador> = {};
  let nomina: number;

  it('el contrato guarda su centro; uno inactivo o de otra empresa no', async () => {
    const ajeno = (await otra.post(`${F}/centroscostos`, { Codigo: 'AJENO', Nombre: 'De otra empresa' })).json().Id;
    for (const [clave, doc, nombre, centro] of [
      ['adm', '45123456', 'Alicia', 'ADM'],
      ['ven', '45234567', 'Víctor', 'VEN'],
      ['sin', '45345678', 'Sergio', null],
    ] as const) {
      const t = await sup.post(`${R}/entidades`, { IdTipoDocumento: 1, Documento: doc, Nombres: nombre, ApePat: 'Centro', ApeMat: 'Prueba' });
      expect(t.statusCode, t.body).toBe(201);
      trabajadores[clave] = t.json();
      const contrato = { IdTrabajador: trabajadores[clave].Id, Regimen: 1, FechaInicio: '2026-01-01', Remuneracion: '2400.00', SistemaPension: 'ONP' };
      if (clave === 'adm') {
        const malo = await sup.post(`${R}/contratos/colaborador`, { ...contrato, IdCentroCosto: ajeno });
        expect(malo.statusCode).toBe(400);
        expect(malo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdCentroCosto: 'Seleccione un centro de costo activo de su empresa' } });
      }
      const c = await sup.post(`${R}/contratos/colaborador`, { ...contrato, IdCentroCosto: centro ? centroDe[centro] : null });
      expect(c.statusCode, c.body).toBe(201);
      expect(c.json()).toMatchObject({ IdCentroCosto: centro ? centroDe[centro] : null, CentroCosto: centro === 'VEN' ? 'VEN-D Ventas' : centro === 'ADM' ? 'ADM-D Administración' : null });
    }
  });

  it('al aprobar: 6211 y 6271 por centro, destino 94 / 95 por centro (el mapeado 94 sin centro), provisión de CTS también', async () => {
    nomina = (await sup.post(`${R}/nominas`, { Anio: 2026, Mes: 3 })).json().Id;
    const calc = await sup.post(`${R}/nominas/${nomina}/calculo`, { Novedades: [] });
    expect(calc.statusCode, calc.body).toBe(200);
    expect(calc.json().Boletas).toHaveLength(3);
    const ok = await sup.post(`${R}/nominas/${nomina}/aprobacion`, undefined);
    expect(ok.statusCode, ok.body).toBe(200);
    const devengo = await lineasDe(`PLANILLA:${nomina}`);
    // Each worker: 2400 pay, EsSalud 9 % = 216.00, ONP 13 % = 312.00, net 2088.00.
    expect(devengo).toEqual([
      '6211 2400.00 0.00 -',
      '6271 216.00 0.00 -',
      '6211 2400.00 0.00 ADM',
      '6271 216.00 0.00 ADM',
      '6211 2400.00 0.00 VEN',
      '6271 216.00 0.00 VEN',
      '4031 0.00 648.00 -',
      '4032 0.00 936.00 -',
      '4111 0.00 6264.00 -',
      '94 2616.00 0.00 -',
      '791 0.00 2616.00 -',
      '94 2616.00 0.00 ADM',
      '791 0.00 2616.00 ADM',
      '95 2616.00 0.00 VEN',
      '791 0.00 2616.00 VEN',
    ]);
    expect(cuadra(devengo)).toBe(true);
    // CTS: 2400 / 12 = 200.00 per worker of the general regime.
    expect(await lineasDe(`PLANILLA-CTS:${nomina}`)).toEqual([
      '6291 200.00 0.00 -',
      '6291 200.00 0.00 ADM',
      '6291 200.00 0.00 VEN',
      '4151 0.00 600.00 -',
      '94 200.00 0.00 -',
      '791 0.00 200.00 -',
      '94 200.00 0.00 ADM',
      '791 0.00 200.00 ADM',
      '95 200.00 0.00 VEN',
      '791 0.00 200.00 VEN',
    ]);
  });

  it('el reporte por centro de costo muestra el gasto de personal de cada centro', async () => {
    const r = await sup.get(`${F}/libros/centroscostos?desde=2026-03&hasta=2026-03`);
    expect(r.statusCode, r.body).toBe(200);
    const fila = (codigo: string) => r.json().Data.find((f: { Codigo: string }) => f.Codigo === codigo);
    // ADM: 2400 + 216 + CTS 200 = 2816 of expenses, counted once although also carried to 94 (6 + 9 - 79).
    expect(fila('ADM-D')).toMatchObject({ Gastos: '2816.00', Ingresos: '0.00', Resultado: '-2816.00' });
    expect(fila('ADM-D').Cuentas.map((c: { Codigo: string; Saldo: string }) => `${c.Codigo} ${c.Saldo}`)).toEqual(['6211 2400.00', '6271 216.00', '6291 200.00', '791 -2816.00', '94 2816.00']);
    expect(fila('VEN-D')).toMatchObject({ Gastos: '2816.00', Resultado: '-2816.00' });
  });
});
