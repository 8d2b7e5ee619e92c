import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, sumarDias, type TCargoResultado, type TCiclo, type TContrato, type TContratoEntidad, type TResumenDeuda, type TSaldo } from '@yupana/contracts';
import { configurarPagos } from '../../src/modules/pagos/configuracion';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

let e: Entorno;
const tokens: Record<string, { token: string; idEmpresa: number }> = {};
const relojOriginal = configurarPagos({}).desfaseRelojMs;

async function pedir<T>(usuario: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const r = await e.app.inject(conToken(tokens[usuario].token, { method, url, payload: payload as object }));
  return { status: r.statusCode, body: r.json() as T };
}

/** Moves the payments clock to noon (Lima) of a calendar date. */
function relojEn(fecha: string): void {
  configurarPagos({ desfaseRelojMs: Date.parse(`${fecha}T17:00:00Z`) - Date.now() });
}

async function tokenizar(NumeroTarjeta: string): Promise<string> {
  const r = await e.app.inject({ method: 'POST', url: '/api/pagos/v1/pasarela-sandbox/tokens', payload: { NumeroTarjeta, Vencimiento: '12/39', Cvv: '123', Correo: 'bodegadonarosa@gmail.com' } });
  return (r.json() as { Token: string }).Token;
}

const CLIENTE = 'sinruc.supervisor';
const contratoDe = async (usuario: string) => (await pedir<TContratoEntidad>(usuario, 'GET', `/api/pagos/v1/entidades/${tokens[usuario].idEmpresa}/contrato`)).body.Contrato;
const saldo = async () => (await pedir<TSaldo>(CLIENTE, 'GET', '/api/pagos/v1/entidades/saldos')).body;
type TRenovacion = { Generados: number; Cobrados: number; Rechazados: { IdCiclo: number; Motivo: string }[]; Facturados: number };
const renovar = async () => (await pedir<TRenovacion>('proveedor', 'POST', '/api/pagos/v1/gestion/suscripciones/renovaciones')).body;

beforeAll(async () => {
  e = await crearEntorno();
  for (const u of ['supervisor', 'proveedor', 'cajero', CLIENTE, 'demo.supervisor']) {
    const s = await sesionDe(e.app, u);
    tokens[u] = { token: s.AccessToken, idEmpresa: s.IdEntidadEmpresa };
  }
}, 60_000);
afterEach(() => configurarPagos({ desfaseRelojMs: relojOriginal }));
afterAll(async () => e?.cerrar());

describe('suscripción a un plan mensual: ciclos, pago por ciclo, cobro automático, cambio de plan y cancelación', () => {
  it('recorre la vida de una suscripción con la pasarela sandbox y el trabajo de renovación', async () => {
    // Who may subscribe, and to what.
    const demo = await pedir<{ ErrorId: number; Errores: Record<string, string> }>('demo.supervisor', 'POST', '/api/pagos/v1/contratos/suscripciones', { IdPlan: 2 });
    expect(demo.status).toBe(400);
    expect(demo.body.Errores.IdPlan).toBe('Una cuenta DEMO no puede suscribirse a un plan');
    const vitalicio = await pedir<{ Errores: Record<string, string> }>(CLIENTE, 'POST', '/api/pagos/v1/contratos/suscripciones', { IdPlan: 5 });
    expect(vitalicio.status).toBe(400);
    expect(vitalicio.body.Errores.IdPlan).toBe('Solo puede suscribirse a un plan mensual o anual a la venta');
    const sinRuc = await pedir<{ Errores: Record<string, string> }>(CLIENTE, 'POST', '/api/pagos/v1/contratos/suscripciones', { IdPlan: 2, RequiereFactura: true });
    expect(sinRuc.body.Errores.RequiereFactura).toBe('Para solicitar factura registre un RUC en sus datos de facturación');
    expect(await contratoDe(CLIENTE)).toBeNull();
    expect((await pedir('cajero', 'POST', '/api/pagos/v1/contratos/suscripciones', { IdPlan: 2 })).status).toBe(403);

    // Subscribing: the first cycle starts where the paid package ends (no paid day is lost) and waits for payment.
    const antes = await saldo();
    const venceInicial = antes.FechaVencimiento!;
    const alta = await pedir<TContrato>(CLIENTE, 'POST', '/api/pagos/v1/contratos/suscripciones', { IdPlan: 2 });
    expect(alta.status).toBe(200);
    expect(alta.body).toMatchObject({ NombrePlan: 'Paquete Emprendedor', Estado: 1, DescripcionEstado: 'Vigente', FechaInicio: venceInicial, Recurrencia: null });
    expect(alta.body.Ciclos).toHaveLength(1);
    const ciclo1 = alta.body.Ciclos[0];
    expect(ciclo1).toMatchObject({ Numero: 1, FechaPago: venceInicial, FechaFin: sumarDias(venceInicial, 30), Monto: '29.90', Moneda: 'S/', Estado: 'generado', DescripcionEstado: 'Generado' });
    // Billed ahead, but not owed before its first day: no debt banner for a cycle that has not started.
    const deudaDe = async () => (await pedir<TResumenDeuda>(CLIENTE, 'GET', '/api/pagos/v1/mis-deudas')).body.Resumen.reduce((n, r) => n + r.nroDocsDeuda, 0);
    expect(await deudaDe()).toBe(0);
    relojEn(venceInicial);
    expect(await deudaDe()).toBe(1);
    expect((await contratoDe(CLIENTE))!.Ciclos[0]).toMatchObject({ Estado: 33, DescripcionEstado: 'Pendiente de pago' });
    configurarPagos({ desfaseRelojMs: relojOriginal });
    const otra = await pedir<{ ErrorId: number }>(CLIENTE, 'POST', '/api/pagos/v1/contratos/suscripciones', { IdPlan: 3 });
    expect(otra.status).toBe(409);
    expect(otra.body.ErrorId).toBe(ErrorCodes.SUSCRIPCION_EXISTENTE);

    // Another company neither sees nor pays it.
    expect((await pedir('supervisor', 'GET', `/api/pagos/v1/entidades/${tokens[CLIENTE].idEmpresa}/contrato`)).status).toBe(404);
    expect(await contratoDe('supervisor')).toBeNull();
    expect((await pedir('supervisor', 'POST', '/api/pagos/v1/contratos/pagos/ciclos', { IdCiclo: ciclo1.IdCiclo, Token: await tokenizar('4111 1111 1111 1111') })).status).toBe(404);
    expect((await pedir('supervisor', 'PUT', '/api/pagos/v1/contratos/suscripciones/cancelaciones', { Id: alta.body.IdContrato })).status).toBe(404);
    expect((await pedir('supervisor', 'DELETE', `/api/pagos/v1/contratos/suscripciones/${alta.body.IdContrato}/recurrencias`)).status).toBe(404);
    expect((await pedir('supervisor', 'POST', '/api/pagos/v1/contratos/pagos', { idContrato: alta.body.IdContrato, idPlan: 2 })).status).toBe(404);
    // Only the provider runs the renewal by hand.
    expect((await pedir(CLIENTE, 'POST', '/api/pagos/v1/gestion/suscripciones/renovaciones')).status).toBe(403);

    // Paying the first cycle by card (ahead of its start): the package grows and the provider issues its boleta.
    const pagado = await pedir<TCargoResultado>(CLIENTE, 'POST', '/api/pagos/v1/contratos/pagos/ciclos', { IdCiclo: ciclo1.IdCiclo, Token: await tokenizar('4111 1111 1111 1111') });
    expect(pagado.status).toBe(200);
    expect(pagado.body).toMatchObject({ IdPrepago: ciclo1.IdPrepago, Estado: 4, Marca: 'Visa', Ultimos4: '1111' });
    let s = await saldo();
    expect(s.NumeroComprobantesContablesDisponibles).toBe(antes.NumeroComprobantesContablesDisponibles + 100);
    expect(s.FechaVencimiento).toBe(sumarDias(venceInicial, 30));
    let k = (await contratoDe(CLIENTE))!;
    expect(k.Ciclos[0]).toMatchObject({ Numero: 1, Estado: 'facturado', DescripcionEstado: 'Facturado', Comprobante: expect.stringMatching(/^B/) });

    // Nothing to renew while the paid time is far from its end.
    expect(await renovar()).toMatchObject({ Generados: 0, Cobrados: 0 });

    // Five days before it ends the next cycle is generated, once, however many runs happen at the same time.
    const fin1 = s.FechaVencimiento!;
    relojEn(sumarDias(fin1, -5));
    const corridas = await Promise.all([renovar(), renovar(), renovar()]);
    expect(corridas.reduce((n, c) => n + c.Generados, 0)).toBe(1);
    k = (await contratoDe(CLIENTE))!;
    expect(k.Ciclos.map((c) => c.Numero)).toEqual([2, 1]);
    expect(k.Ciclos[0]).toMatchObject({ FechaPago: fin1, FechaFin: sumarDias(fin1, 30), Estado: 'generado' });

    // Automatic charges: the card is saved at the gateway (we keep its brand and last four digits only); the cycle
    // is not due yet, so nothing is charged.
    const recurrencia = await pedir<TContrato>(CLIENTE, 'POST', '/api/pagos/v1/contratos/suscripciones/recurrencias', { IdContrato: k.IdContrato, Token: await tokenizar('5111 1111 1111 1118') });
    expect(recurrencia.status).toBe(200);
    expect(recurrencia.body.Recurrencia).toEqual({ Marca: 'Mastercard', Ultimos4: '1118' });
    expect(recurrencia.body.Ciclos[0].Estado).toBe('generado');
    const tarjetaEnClaro = await pedir(CLIENTE, 'POST', '/api/pagos/v1/contratos/suscripciones/recurrencias', { IdContrato: k.IdContrato, Token: 'tkn_sandbox_x000000', NumeroTarjeta: '5111111111111118' });
    expect(tarjetaEnClaro.status).toBe(400);

    // On the cycle's first day the job charges the saved card, credits the package and the provider invoices it.
    relojEn(fin1);
    const cobro = await renovar();
    expect(cobro).toMatchObject({ Generados: 0, Cobrados: 1, Rechazados: [], Facturados: 1 });
    s = await saldo();
    expect(s.NumeroComprobantesContablesDisponibles).toBe(antes.NumeroComprobantesContablesDisponibles + 200);
    expect(s.FechaVencimiento).toBe(sumarDias(fin1, 30));
    k = (await contratoDe(CLIENTE))!;
    expect(k.Ciclos[0]).toMatchObject({ Numero: 2, Estado: 'facturado', Comprobante: expect.stringMatching(/^B/) });
    const fila = (await e.dbh.db.execute(sql`select tipo_pago, numero_operacion from pago where id = ${k.Ciclos[0].IdPrepago}`)) as unknown as { rows: { tipo_pago: number; numero_operacion: string }[] };
    expect(fila.rows[0].tipo_pago).toBe(3);
    expect(fila.rows[0].numero_operacion).toMatch(/^chr_sandbox_/);
    // A second run the same day charges nothing more.
    expect(await renovar()).toMatchObject({ Cobrados: 0, Rechazados: [] });

    // A card that is declined: the cycle stays pending with the gateway's reason, and is tried once a day only.
    const rechazada = await pedir<TContrato>(CLIENTE, 'POST', '/api/pagos/v1/contratos/suscripciones/recurrencias', { IdContrato: k.IdContrato, Token: await tokenizar('4000 0000 0000 0002') });
    expect(rechazada.body.Recurrencia).toEqual({ Marca: 'Visa', Ultimos4: '0002' });
    const fin2 = s.FechaVencimiento!;
    relojEn(sumarDias(fin2, -5));
    expect((await renovar()).Generados).toBe(1);
    relojEn(fin2);
    const declinado = await renovar();
    expect(declinado.Cobrados).toBe(0);
    expect(declinado.Rechazados).toEqual([{ IdCiclo: expect.any(Number), Motivo: 'Fondos insuficientes' }]);
    expect((await renovar()).Rechazados).toEqual([]);
    k = (await contratoDe(CLIENTE))!;
    expect(k.UltimoRechazo).toBe('Fondos insuficientes');
    expect(k.Ciclos[0]).toMatchObject({ Numero: 3, Estado: 33, DescripcionEstado: 'Pendiente de pago', Monto: '29.90' });
    expect((await saldo()).NumeroComprobantesContablesDisponibles).toBe(antes.NumeroComprobantesContablesDisponibles + 200);

    // The seed's contract payment request with another plan: the open cycle is re-priced and the plan changes.
    const cambio = await pedir<TCiclo>(CLIENTE, 'POST', '/api/pagos/v1/contratos/pagos', { idContrato: k.IdContrato, idPlan: 3 });
    expect(cambio.status).toBe(200);
    expect(cambio.body).toMatchObject({ IdCiclo: k.Ciclos[0].IdCiclo, Numero: 3, Monto: '59.90', Estado: 33 });
    expect((await contratoDe(CLIENTE))!).toMatchObject({ IdPlan: 3, NombrePlan: 'Paquete Negocio' });
    const malPlan = await pedir<{ Errores: Record<string, string> }>(CLIENTE, 'POST', '/api/pagos/v1/contratos/pagos', { idContrato: k.IdContrato, idPlan: 1 });
    expect(malPlan.body.Errores.idPlan).toBe('Solo puede suscribirse a un plan mensual o anual a la venta');

    // Cancelling: the open cycle is annulled, the card is forgotten, and nothing more is generated or charged.
    const baja = await pedir<TContrato>(CLIENTE, 'PUT', '/api/pagos/v1/contratos/suscripciones/cancelaciones', { Id: k.IdContrato, IdModulo: 1 });
    expect(baja.status).toBe(200);
    expect(baja.body).toMatchObject({ Estado: 2, DescripcionEstado: 'Cancelada', Recurrencia: null });
    expect(baja.body.Ciclos[0]).toMatchObject({ Numero: 3, Estado: 34, DescripcionEstado: 'Anulado' });
    expect(baja.body.Ciclos.slice(1).map((c) => c.Estado)).toEqual(['facturado', 'facturado']);
    relojEn(sumarDias(fin2, 40));
    expect(await renovar()).toMatchObject({ Generados: 0, Cobrados: 0, Rechazados: [] });
    const tarde = await pedir<{ ErrorId: number }>(CLIENTE, 'POST', '/api/pagos/v1/contratos/pagos', { idContrato: k.IdContrato, idPlan: 2 });
    expect(tarde.status).toBe(409);
    expect(tarde.body.ErrorId).toBe(ErrorCodes.CONTRATO_NO_VIGENTE);
    // The debts page no longer lists the annulled cycle as owed.
    expect(await deudaDe()).toBe(0);

    // After a cancellation the company may subscribe again; its new first cycle is due at once (the package ran out).
    const nueva = await pedir<TContrato>(CLIENTE, 'POST', '/api/pagos/v1/contratos/suscripciones', { IdPlan: 4 });
    expect(nueva.status).toBe(200);
    expect(nueva.body.Ciclos[0]).toMatchObject({ Numero: 1, FechaPago: sumarDias(fin2, 40), Monto: '399.00', Estado: 33 });
    expect((await contratoDe(CLIENTE))!.IdContrato).toBe(nueva.body.IdContrato);
  });
});
