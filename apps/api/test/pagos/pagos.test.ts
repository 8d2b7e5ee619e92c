import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, estadoBannerDeuda, type TPlan, type TPrepago, type TResumenDeuda, type TSaldo } from '@yupana/contracts';
import { empresa } from '../../src/db/schema';
import { configurarPagos } from '../../src/modules/pagos/configuracion';
import { saldoEmpresa } from '../../src/modules/pagos/pagos.schema';
import { verificarSaldoComprobantes } from '../../src/modules/pagos/saldo';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

let e: Entorno;
const tokens: Record<string, { token: string; idEmpresa: number }> = {};

// The smallest valid PNG (1x1 transparent pixel).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function pedir<T>(usuario: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const r = await e.app.inject(conToken(tokens[usuario].token, { method, url, payload: payload as object }));
  return { status: r.statusCode, body: r.json() as T };
}

beforeAll(async () => {
  e = await crearEntorno();
  for (const u of ['supervisor', 'cajero', 'soporte', 'proveedor', 'sinruc.supervisor', 'demo.supervisor']) {
    const s = await sesionDe(e.app, u);
    tokens[u] = { token: s.AccessToken, idEmpresa: s.IdEntidadEmpresa };
  }
}, 60_000);
afterAll(async () => e?.cerrar());

describe('saldo y paquetes', () => {
  it('la empresa con RUC de la demo tiene el plan anual: 6000 comprobantes tributarios y su vigencia', async () => {
    const r = await pedir<TSaldo>('cajero', 'GET', '/api/pagos/v1/entidades/saldos');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ NumeroComprobantesContablesDisponibles: 6000, NumeroComprobantesContablesUsados: 0, TipoEmpresa: 0, NombrePlan: 'Plan Anual Pyme', Demo: null });
    expect(r.body.FechaVencimiento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('la cuenta DEMO muestra 10,000,000 disponibles y la vigencia de su prueba', async () => {
    const r = await pedir<TSaldo>('demo.supervisor', 'GET', '/api/pagos/v1/entidades/saldos');
    expect(r.body).toMatchObject({ NumeroComprobantesContablesDisponibles: 10_000_000, TipoEmpresa: 1, Demo: { DiasRestantes: 16, Vencido: false } });
  });

  it('la lista de compra trae solo paquetes de pago de tipo 1, 2 o 5', async () => {
    const r = await pedir<{ Data: TPlan[]; Count: number }>('supervisor', 'GET', `/api/pagos/v1/${tokens.supervisor.idEmpresa}/paquetes`);
    expect(r.status).toBe(200);
    expect(r.body.Data.map((p) => p.Nombre)).toEqual(['Paquete Emprendedor', 'Paquete Negocio', 'Plan Anual Pyme', 'Pago único de por vida']);
    expect(r.body.Data.every((p) => !p.Gratuito && [1, 2, 5].includes(p.TipoPlan))).toBe(true);
    expect(r.body.Data[0]).toMatchObject({ Precio: '29.90', Moneda: 'S/', Caracteristicas: ['100 comprobantes electrónicos', '1 usuario'], CaracteristicasSecundarias: ['Soporte por WhatsApp'] });
    // The seed reads data.planes and data.caracteristicasPaquete (one row per feature line).
    const seed = r.body as unknown as { data: { planes: TPlan[]; caracteristicasPaquete: { IdPlan: number; Descripcion: string; Secundaria: boolean; Orden: number }[] } };
    expect(seed.data.planes.map((p) => p.Id)).toEqual(r.body.Data.map((p) => p.Id));
    expect(seed.data.caracteristicasPaquete.filter((c) => c.IdPlan === r.body.Data[0].Id)).toEqual([
      expect.objectContaining({ Descripcion: '100 comprobantes electrónicos', Secundaria: false, Orden: 1 }),
      expect.objectContaining({ Descripcion: '1 usuario', Secundaria: false, Orden: 2 }),
      expect.objectContaining({ Descripcion: 'Soporte por WhatsApp', Secundaria: true, Orden: 3 }),
    ]);
    // The seed's path carries the company: another one's is not found.
    expect((await pedir('supervisor', 'GET', `/api/pagos/v1/${tokens['sinruc.supervisor'].idEmpresa}/paquetes`)).status).toBe(404);
  });

  it('solo el proveedor ve todos los planes y los configura', async () => {
    const todos = await pedir<{ Data: TPlan[] }>('proveedor', 'GET', `/api/pagos/v1/${tokens.proveedor.idEmpresa}/paquetes?vista=todos`);
    expect(todos.body.Data).toHaveLength(6);
    const nuevo = await pedir<TPlan>('proveedor', 'POST', '/api/pagos/v1/paquetes', { Nombre: 'Paquete Escolar', TipoPlan: 1, Precio: '19.50', CantidadMaxima: 50, DiasVigencia: 30, TiempoPago: '1 mes', Color: '#00aa00', Caracteristicas: [{ Descripcion: '50 boletas', Tipo: 1 }] });
    expect(nuevo.status).toBe(200);
    expect(nuevo.body).toMatchObject({ Nombre: 'Paquete Escolar', Precio: '19.50', CantidadMaxima: 50, Caracteristicas: ['50 boletas'] });
    const invalido = await pedir<{ ErrorId: number; Errores: Record<string, string> }>('proveedor', 'POST', '/api/pagos/v1/paquetes', { Nombre: 'X', TipoPlan: 1, Precio: '0' });
    expect(invalido.status).toBe(400);
    expect(invalido.body.Errores.Precio).toBe('Un paquete de pago debe tener un precio mayor que cero');
    // A customer company is refused even with a role that may hold the service.
    const ajeno = await pedir<{ ErrorId: number }>('sinruc.supervisor', 'GET', `/api/pagos/v1/${tokens['sinruc.supervisor'].idEmpresa}/paquetes?vista=todos`);
    expect(ajeno.status).toBe(403);
  });
});

describe('compra, comprobante de pago y aprobación', () => {
  let compra: TPrepago;

  it('comprar un paquete deja una factura pendiente: banner amarillo de deuda', async () => {
    const r = await pedir<TPrepago>('sinruc.supervisor', 'POST', '/api/pagos/v1/contratos/prepago', { IdPlan: 2 });
    expect(r.status).toBe(200);
    compra = r.body;
    expect(compra).toMatchObject({ NombrePaquete: 'Paquete Emprendedor', Monto: '29.90', Estado: 32, DescripcionEstado: 'Pendiente' });
    const d = await pedir<TResumenDeuda>('sinruc.supervisor', 'GET', '/api/pagos/v1/mis-deudas');
    expect(d.body.Resumen).toEqual([{ idMoneda: 1, monedaAbrev: 'S/', nroDocsDeuda: 1, montoDeuda: '29.90' }]);
    expect(estadoBannerDeuda(d.body.Resumen, d.body.Hoy).mensaje).toBe('Tienes una factura pendiente de pago por S/\u00a029.90');
    // Factura needs a RUC; a free or non-sale plan cannot be bought.
    expect((await pedir('sinruc.supervisor', 'POST', '/api/pagos/v1/contratos/prepago', { IdPlan: 2, RequiereFactura: true })).status).toBe(400);
    expect((await pedir('sinruc.supervisor', 'POST', '/api/pagos/v1/contratos/prepago', { IdPlan: 1 })).status).toBe(400);
    expect((await pedir('sinruc.supervisor', 'POST', '/api/pagos/v1/contratos/prepago', { IdPlan: 6 })).status).toBe(400);
  });

  it('el comprobante de pago debe ser imagen o PDF de verdad y de hasta 2 MB', async () => {
    const url = `/api/pagos/v1/prepagos/${compra.IdPrepago}/comprobantes`;
    const disfrazado = await pedir<{ Errores: Record<string, string> }>('sinruc.supervisor', 'POST', url, { NombreArchivo: 'pago.png', TipoContenido: 'image/png', ContenidoBase64: Buffer.from('MZ ejecutable').toString('base64') });
    expect(disfrazado.status).toBe(400);
    expect(disfrazado.body.Errores.ContenidoBase64).toBe('El comprobante de pago debe ser una imagen (PNG o JPG) o un PDF');
    const tipo = await pedir('sinruc.supervisor', 'POST', url, { NombreArchivo: 'pago.txt', TipoContenido: 'text/plain', ContenidoBase64: PNG.toString('base64') });
    expect(tipo.status).toBe(400);
    const grande = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024)]);
    const g = await pedir<{ Errores: Record<string, string> }>('sinruc.supervisor', 'POST', url, { NombreArchivo: 'pago.pdf', TipoContenido: 'application/pdf', ContenidoBase64: grande.toString('base64') });
    expect(g.status).toBe(400);
    expect(g.body.Errores.ContenidoBase64).toBe('El comprobante de pago no debe superar los 2 MB');
    // Another company's payment does not exist for this one.
    expect((await pedir('supervisor', 'POST', url, { NombreArchivo: 'p.png', TipoContenido: 'image/png', ContenidoBase64: PNG.toString('base64') })).status).toBe(404);

    const ok = await pedir<TPrepago>('sinruc.supervisor', 'POST', url, { NombreArchivo: 'pago.png', TipoContenido: 'image/png', ContenidoBase64: PNG.toString('base64'), NumeroOperacion: '000123' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ DescripcionEstado: 'En proceso', TieneVoucher: true });
    const bajada = await e.app.inject(conToken(tokens.proveedor.token, { method: 'GET', url }));
    expect(bajada.headers['content-type']).toBe('image/png');
    expect(bajada.rawPayload.equals(PNG)).toBe(true);
  });

  it('un cliente no ve la bandeja del proveedor', async () => {
    expect((await pedir('demo.supervisor', 'GET', '/api/pagos/v1/gestion/pagos')).status).toBe(403);
    expect((await pedir('sinruc.supervisor', 'PUT', `/api/pagos/v1/gestion/pagos/${compra.IdPrepago}/aprobaciones`)).status).toBe(403);
  });

  it('el proveedor aprueba: el saldo y la vigencia crecen, el pago queda pagado y la deuda se cancela', async () => {
    const antes = await pedir<TSaldo>('sinruc.supervisor', 'GET', '/api/pagos/v1/entidades/saldos');
    const bandeja = await pedir<{ Data: { IdPago: number; RazonSocial: string; DescripcionEstado: string }[] }>('proveedor', 'GET', '/api/pagos/v1/gestion/pagos?estado=2');
    expect(bandeja.body.Data.find((p) => p.IdPago === compra.IdPrepago)).toMatchObject({ RazonSocial: 'BODEGA DOÑA ROSA', DescripcionEstado: 'En proceso' });

    const a = await pedir<{ FechaVencimiento: string }>('proveedor', 'PUT', `/api/pagos/v1/gestion/pagos/${compra.IdPrepago}/aprobaciones`);
    expect(a.status).toBe(200);
    const despues = await pedir<TSaldo>('sinruc.supervisor', 'GET', '/api/pagos/v1/entidades/saldos');
    expect(despues.body.NumeroComprobantesInternosDisponibles).toBe(antes.body.NumeroComprobantesInternosDisponibles + 100);
    // Renewed before the end: 30 more days from the current end date.
    const fin = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
    expect((fin(despues.body.FechaVencimiento!) - fin(antes.body.FechaVencimiento!)) / 86_400_000).toBe(30);

    const lista = await pedir<{ Data: TPrepago[]; Count: number }>('sinruc.supervisor', 'GET', `/api/pagos/v1/pagos/entidadpago/${tokens['sinruc.supervisor'].idEmpresa}/prepagos?NroPagina=1&RegxPag=10`);
    // The provider issued its own boleta for the payment (the customer has no RUC) through the issuing engine.
    expect(lista.body.Data[0]).toMatchObject({ IdPrepago: compra.IdPrepago, Estado: 33, DescripcionEstado: 'Facturado' });
    expect(lista.body.Data[0].Comprobante).toMatch(/^B\d{3}-\d+$/);
    const pdf = await e.app.inject(conToken(tokens['sinruc.supervisor'].token, { method: 'GET', url: `/api/pagos/v1/prepagos/${compra.IdPrepago}/comprobantes/pdf` }));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another company cannot fetch it.
    expect((await e.app.inject(conToken(tokens.supervisor.token, { method: 'GET', url: `/api/pagos/v1/prepagos/${compra.IdPrepago}/comprobantes/pdf` }))).statusCode).toBe(404);
    const d = await pedir<TResumenDeuda>('sinruc.supervisor', 'GET', '/api/pagos/v1/mis-deudas');
    expect(d.body.Resumen).toEqual([]);
    // Approving twice does not add the allowance twice.
    const otra = await pedir<{ ErrorId: number }>('proveedor', 'PUT', `/api/pagos/v1/gestion/pagos/${compra.IdPrepago}/aprobaciones`);
    expect(otra.status).toBe(409);
    expect(otra.body.ErrorId).toBe(ErrorCodes.PAGO_ESTADO_INVALIDO);
  });

  it('reporte del proveedor: pagos por paquete y estado', async () => {
    const hoy = new Date(Date.now() - 5 * 3600 * 1000).toISOString().slice(0, 10);
    const r = await pedir<{ Data: { NombrePaquete: string; DescripcionEstado: string; Cantidad: number; Monto: string }[] }>('proveedor', 'GET', `/api/pagos/v1/gestion/reportes?desde=${hoy}&hasta=${hoy}`);
    expect(r.status).toBe(200);
    expect(r.body.Data).toContainEqual(expect.objectContaining({ NombrePaquete: 'Paquete Emprendedor', DescripcionEstado: 'Facturado', Cantidad: 1, Monto: '29.90' }));
    expect((await pedir('sinruc.supervisor', 'GET', `/api/pagos/v1/gestion/reportes?desde=${hoy}&hasta=${hoy}`)).status).toBe(403);
  });

  it('rechazo con motivo y anulación de un pago pendiente', async () => {
    const c = (await pedir<TPrepago>('supervisor', 'POST', '/api/pagos/v1/contratos/prepago', { IdPlan: 3, RequiereFactura: true })).body;
    expect((await pedir('proveedor', 'PUT', `/api/pagos/v1/gestion/pagos/${c.IdPrepago}/rechazos`, { Motivo: '' })).status).toBe(400);
    expect((await pedir('proveedor', 'PUT', `/api/pagos/v1/gestion/pagos/${c.IdPrepago}/rechazos`, { Motivo: 'El voucher no corresponde al monto' })).status).toBe(200);
    const lista = await pedir<{ Data: TPrepago[] }>('supervisor', 'GET', `/api/pagos/v1/pagos/entidadpago/${tokens.supervisor.idEmpresa}/prepagos`);
    expect(lista.body.Data[0]).toMatchObject({ Estado: 34, DescripcionEstado: 'Rechazado', MotivoRechazo: 'El voucher no corresponde al monto' });
    expect((await pedir('supervisor', 'PUT', '/api/pagos/v1/contratos/cancelaciones', { Id: c.IdPrepago, IdModulo: 1 })).status).toBe(200);
    expect((await pedir<{ Data: TPrepago[] }>('supervisor', 'GET', `/api/pagos/v1/pagos/entidadpago/${tokens.supervisor.idEmpresa}/prepagos`)).body.Data[0].DescripcionEstado).toBe('Anulado');
  });
});

describe('verificarSaldoComprobantes (la emisión la llama en su transacción)', () => {
  it('rechaza sin saldo, con el paquete vencido o con la demo vencida', async () => {
    const db = e.dbh.db;
    const id = tokens.supervisor.idEmpresa;
    const [original] = await db.select().from(saldoEmpresa).where(eq(saldoEmpresa.idEmpresa, id));
    await expect(db.transaction((tx) => verificarSaldoComprobantes(tx, id, true))).resolves.toBeUndefined();
    await db.update(saldoEmpresa).set({ contablesDisponibles: 0 }).where(eq(saldoEmpresa.idEmpresa, id));
    await expect(db.transaction((tx) => verificarSaldoComprobantes(tx, id, true))).rejects.toMatchObject({ code: ErrorCodes.SALDO_AGOTADO, status: 409 });
    await db.update(saldoEmpresa).set({ contablesDisponibles: 5, fechaVencimiento: '2020-01-01' }).where(eq(saldoEmpresa.idEmpresa, id));
    await expect(db.transaction((tx) => verificarSaldoComprobantes(tx, id, true))).rejects.toMatchObject({ code: ErrorCodes.PAQUETE_VENCIDO });
    // The provider's allowance as it was: later tests issue the provider's receipts.
    await db.update(saldoEmpresa).set({ contablesDisponibles: original.contablesDisponibles, fechaVencimiento: original.fechaVencimiento }).where(eq(saldoEmpresa.idEmpresa, id));

    const idDemo = tokens['demo.supervisor'].idEmpresa;
    await expect(db.transaction((tx) => verificarSaldoComprobantes(tx, idDemo, true))).resolves.toBeUndefined();
    const anterior = configurarPagos({ desfaseRelojMs: 16 * 86_400_000 });
    try {
      await expect(db.transaction((tx) => verificarSaldoComprobantes(tx, idDemo, true))).rejects.toMatchObject({
        code: ErrorCodes.DEMO_VENCIDO,
        mensaje: 'Su tiempo en la cuenta demo a finalizado, por favor configure su empresa ahora.',
      });
      const s = await pedir<TSaldo>('demo.supervisor', 'GET', '/api/pagos/v1/entidades/saldos');
      expect(s.body.Demo).toMatchObject({ Vencido: true });
    } finally {
      configurarPagos(anterior);
    }
    const [emp] = await db.select({ t: empresa.tipoEmpresa }).from(empresa).where(eq(empresa.id, idDemo));
    expect(emp.t).toBe(1);
  });
});

describe('pago con tarjeta (pasarela sandbox): solo el token llega a la API de pagos', () => {
  const tokenizar = async (NumeroTarjeta: string) =>
    e.app.inject({ method: 'POST', url: '/api/pagos/v1/pasarela-sandbox/tokens', payload: { NumeroTarjeta, Vencimiento: '12/39', Cvv: '123', Correo: 'bodegadonarosa@gmail.com' } });

  it('rechazada, token reusado, datos de tarjeta enviados por error y aprobada: el saldo sube una vez y el proveedor emite su boleta', async () => {
    const config = await pedir<{ Sandbox: boolean; UrlTokens: string }>('sinruc.supervisor', 'GET', `/api/pagos/v1/entidades/integraciones/${tokens['sinruc.supervisor'].idEmpresa}`);
    expect(config.body).toMatchObject({ Sandbox: true, UrlTokens: '/api/pagos/v1/pasarela-sandbox/tokens' });

    // The gateway's tokenization endpoint checks the card before anything else.
    const luhn = await tokenizar('4111 1111 1111 1112');
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().Errores.NumeroTarjeta).toBe('Número de tarjeta no válido');
    const real = await tokenizar('4242 4242 4242 4242');
    expect(real.json().Errores.NumeroTarjeta).toBe('Use una de las tarjetas de prueba de la pasarela sandbox');

    const compra = (await pedir<TPrepago>('sinruc.supervisor', 'POST', '/api/pagos/v1/contratos/prepago', { IdPlan: 2 })).body;
    const antes = (await pedir<TSaldo>('sinruc.supervisor', 'GET', '/api/pagos/v1/entidades/saldos')).body;
    const cargos = '/api/pagos/v1/contratos/prepago/pasarela';
    const cargo = (Token: string, extra: Record<string, unknown> = {}) => ({ IdPrepago: compra.IdPrepago, Token, ...extra });

    // A declined card: the payment stays pending and nothing is credited.
    const rechazada = (await tokenizar('4000 0000 0000 0002')).json() as { Token: string; Ultimos4: string };
    expect(rechazada.Ultimos4).toBe('0002');
    const r1 = await pedir<{ ErrorId: number; Mensaje: string }>('sinruc.supervisor', 'POST', cargos, cargo(rechazada.Token));
    expect(r1.status).toBe(400);
    expect(r1.body).toMatchObject({ ErrorId: ErrorCodes.TARJETA_RECHAZADA, Mensaje: 'La tarjeta fue rechazada: Fondos insuficientes' });
    // A token is single-use.
    const r2 = await pedir<{ ErrorId: number }>('sinruc.supervisor', 'POST', cargos, cargo(rechazada.Token));
    expect(r2.body.ErrorId).toBe(ErrorCodes.TOKEN_TARJETA_INVALIDO);
    // Card data sent to the payments API by mistake is refused, never stored.
    const tarjeta = await pedir('sinruc.supervisor', 'POST', cargos, cargo('tkn_sandbox_x0000000', { NumeroTarjeta: '4111111111111111' }));
    expect(tarjeta.status).toBe(400);
    // Another company cannot pay (or see) this payment.
    const ok = (await tokenizar('4111 1111 1111 1111')).json() as { Token: string };
    expect((await pedir('demo.supervisor', 'POST', cargos, cargo(ok.Token))).status).toBe(404);

    const aprobada = (await tokenizar('4111-1111-1111-1111')).json() as { Token: string };
    const r3 = await pedir<{ Estado: number; IdCargo: string; Marca: string; Ultimos4: string }>('sinruc.supervisor', 'POST', cargos, cargo(aprobada.Token));
    expect(r3.status).toBe(200);
    expect(r3.body).toMatchObject({ Estado: 4, Marca: 'Visa', Ultimos4: '1111' });
    expect(r3.body.IdCargo).toMatch(/^chr_sandbox_/);
    // Paid once: the package's 100 documents are credited, and a second charge of the same payment is refused.
    const despues = (await pedir<TSaldo>('sinruc.supervisor', 'GET', '/api/pagos/v1/entidades/saldos')).body;
    expect(despues.NumeroComprobantesInternosDisponibles).toBe(antes.NumeroComprobantesInternosDisponibles + 100);
    const otra = (await tokenizar('5111 1111 1111 1118')).json() as { Token: string };
    expect((await pedir('sinruc.supervisor', 'POST', cargos, cargo(otra.Token))).status).toBe(409);

    // The provider issued its boleta for the payment, and only the charge's id is kept (no card number anywhere).
    const lista = await pedir<{ Data: TPrepago[] }>('sinruc.supervisor', 'GET', `/api/pagos/v1/pagos/entidadpago/${tokens['sinruc.supervisor'].idEmpresa}/prepagos?NroPagina=1&RegxPag=10`);
    expect(lista.body.Data.find((p) => p.IdPrepago === compra.IdPrepago)).toMatchObject({ DescripcionEstado: 'Facturado', Comprobante: expect.stringMatching(/^B/) });
    const fila = (await e.dbh.db.execute(sql`select tipo_pago, numero_operacion, row_to_json(p)::text as todo from pago p where id = ${compra.IdPrepago}`)) as unknown as {
      rows: { tipo_pago: number; numero_operacion: string; todo: string }[];
    };
    expect(fila.rows[0]).toMatchObject({ tipo_pago: 2, numero_operacion: r3.body.IdCargo });
    expect(fila.rows[0].todo).not.toContain('4111');
  });
});
