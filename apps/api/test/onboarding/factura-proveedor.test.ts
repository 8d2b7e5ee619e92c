import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, EstadoPago, type TPrepago } from '@yupana/contracts';
import { reintentarFacturasPendientes } from '../../src/modules/pagos/facturacion';
import type { Contexto } from '../../src/lib/contexto';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// Issue 6: the provider's own receipt for an approved payment, when issuing it failed at approval, is retried from the
// payments inbox and by a job; never two documents for one payment.
let e: Entorno;
const tokens: Record<string, { token: string; idEmpresa: number }> = {};
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function pedir<T>(usuario: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const r = await e.app.inject(conToken(tokens[usuario].token, { method, url, payload: payload as object }));
  return { status: r.statusCode, body: r.json() as T };
}

const filas = async <T>(q: ReturnType<typeof sql>) => (((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows);
const seriesBoletaProveedor = (activa: boolean) =>
  e.dbh.db.execute(sql`update serie set log_estado = ${activa ? 1 : 0} where id_empresa = ${tokens.proveedor.idEmpresa} and id_tipo_documento = 1004`);
const documentosDelPago = (id: number) =>
  filas<{ n: number }>(sql`select count(*)::int as n from documento_contable where id_empresa = ${tokens.proveedor.idEmpresa} and clave_idempotencia = ${`pago-${id}`}`);
const pagoEnBase = async (id: number) => (await filas<{ estado: number; comprobante: string | null; id_documento_contable: number | null }>(sql`select estado, comprobante, id_documento_contable from pago where id = ${id}`))[0];

/** A paid-for package of sinruc.supervisor's company, with its voucher, approved while the provider has no boleta series. */
async function pagoAprobadoSinComprobante(): Promise<number> {
  const compra = (await pedir<TPrepago>('sinruc.supervisor', 'POST', '/api/pagos/v1/contratos/prepago', { IdPlan: 2 })).body;
  const v = await pedir('sinruc.supervisor', 'POST', `/api/pagos/v1/prepagos/${compra.IdPrepago}/comprobantes`, { NombreArchivo: 'pago.png', TipoContenido: 'image/png', ContenidoBase64: PNG.toString('base64') });
  expect(v.status).toBe(200);
  await seriesBoletaProveedor(false);
  try {
    expect((await pedir('proveedor', 'PUT', `/api/pagos/v1/gestion/pagos/${compra.IdPrepago}/aprobaciones`)).status).toBe(200);
  } finally {
    await seriesBoletaProveedor(true);
  }
  expect(await pagoEnBase(compra.IdPrepago)).toMatchObject({ estado: EstadoPago.PAGADO, comprobante: null, id_documento_contable: null });
  return compra.IdPrepago;
}

beforeAll(async () => {
  e = await crearEntorno();
  for (const u of ['proveedor', 'sinruc.supervisor']) {
    const s = await sesionDe(e.app, u);
    tokens[u] = { token: s.AccessToken, idEmpresa: s.IdEntidadEmpresa };
  }
}, 60_000);
afterAll(async () => e?.cerrar());

describe('reintento del comprobante del proveedor', () => {
  it('desde la bandeja: sin serie responde en español; con serie emite una sola boleta aunque se pida dos veces a la vez', async () => {
    const id = await pagoAprobadoSinComprobante();
    // The inbox shows it approved without receipt (status 4 "paid", not 5 "invoiced").
    const bandeja = await pedir<{ Data: { IdPago: number; Estado: number }[] }>('proveedor', 'GET', '/api/pagos/v1/gestion/pagos?estado=4&regxpag=100');
    expect(bandeja.body.Data.find((p) => p.IdPago === id)?.Estado).toBe(EstadoPago.PAGADO);

    await seriesBoletaProveedor(false);
    const sinSerie = await pedir<{ ErrorId: number; Mensaje: string }>('proveedor', 'PUT', `/api/pagos/v1/gestion/pagos/${id}/comprobantes`);
    await seriesBoletaProveedor(true);
    expect(sinSerie.status).toBe(409);
    expect(sinSerie.body).toMatchObject({ ErrorId: ErrorCodes.PROVEEDOR_SIN_SERIE, Mensaje: 'El proveedor no tiene una serie activa de boletas en sus sucursales' });
    expect((await documentosDelPago(id))[0].n).toBe(0);

    // The customer may not retry the provider's receipt.
    expect((await pedir('sinruc.supervisor', 'PUT', `/api/pagos/v1/gestion/pagos/${id}/comprobantes`)).status).toBe(403);

    const [a, b] = await Promise.all([
      pedir<{ Comprobante: string }>('proveedor', 'PUT', `/api/pagos/v1/gestion/pagos/${id}/comprobantes`),
      pedir<{ Comprobante: string }>('proveedor', 'PUT', `/api/pagos/v1/gestion/pagos/${id}/comprobantes`),
    ]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) expect([200, 409]).toContain(r.status);
    expect(ok[0].body.Comprobante).toMatch(/^B\d{3}-\d+$/);
    expect((await documentosDelPago(id))[0].n).toBe(1);
    expect(await pagoEnBase(id)).toMatchObject({ estado: EstadoPago.FACTURADO, comprobante: ok[0].body.Comprobante });

    // Already invoiced: nothing to retry.
    const otra = await pedir<{ ErrorId: number }>('proveedor', 'PUT', `/api/pagos/v1/gestion/pagos/${id}/comprobantes`);
    expect(otra.status).toBe(409);
    expect(otra.body.ErrorId).toBe(ErrorCodes.FACTURA_PROVEEDOR_NO_REINTENTABLE);
    // The customer sees the provider's receipt on its payment.
    const lista = await pedir<{ Data: TPrepago[] }>('sinruc.supervisor', 'GET', `/api/pagos/v1/pagos/entidadpago/${tokens['sinruc.supervisor'].idEmpresa}/prepagos?NroPagina=1&RegxPag=50`);
    expect(JSON.stringify(lista.body.Data.find((p) => p.IdPrepago === id))).toContain(ok[0].body.Comprobante);
  });

  it('el trabajo periódico: falla y se reintenta después; emite una sola vez aun corriendo junto al botón', async () => {
    const id = await pagoAprobadoSinComprobante();
    // The job needs only the database of the context (as the server's interval gives it).
    const contexto = { dbh: e.dbh } as unknown as Contexto;

    await seriesBoletaProveedor(false);
    const fallo = await reintentarFacturasPendientes(contexto, { esperaMs: 0 });
    await seriesBoletaProveedor(true);
    expect(fallo.fallidos).toContain(id);
    expect(await pagoEnBase(id)).toMatchObject({ estado: EstadoPago.PAGADO, id_documento_contable: null });

    // Not yet due (approved less than a minute ago): the job leaves it for later.
    expect((await reintentarFacturasPendientes(contexto)).emitidos).not.toContain(id);

    const [job, boton] = await Promise.all([
      reintentarFacturasPendientes(contexto, { esperaMs: 0 }),
      pedir<{ Comprobante: string }>('proveedor', 'PUT', `/api/pagos/v1/gestion/pagos/${id}/comprobantes`),
    ]);
    expect(job.emitidos.includes(id) || boton.status === 200).toBe(true);
    expect((await documentosDelPago(id))[0].n).toBe(1);
    const fila = await pagoEnBase(id);
    expect(fila.estado).toBe(EstadoPago.FACTURADO);
    expect(fila.comprobante).toMatch(/^B\d{3}-\d+$/);
    // Nothing left to do.
    const despues = await reintentarFacturasPendientes(contexto, { esperaMs: 0 });
    expect(despues.emitidos).not.toContain(id);
    expect(despues.fallidos).not.toContain(id);
  });
});

describe('factura del proveedor a un cliente con RUC', () => {
  it('un cliente con RUC que pide factura recibe una factura del proveedor a su RUC, firmada y en cola para SUNAT', async () => {
    const id = tokens['sinruc.supervisor'].idEmpresa;
    // The demo's only customer company has no RUC: for this test it gets one (as the wizard would give it), then loses it.
    await e.dbh.db.execute(sql`update empresa set documento = '20100070970', tipo_empresa = 0 where id = ${id}`);
    try {
      const compra = await pedir<TPrepago>('sinruc.supervisor', 'POST', '/api/pagos/v1/contratos/prepago', { IdPlan: 2, RequiereFactura: true });
      expect(compra.status, JSON.stringify(compra.body)).toBe(200);
      const v = await pedir('sinruc.supervisor', 'POST', `/api/pagos/v1/prepagos/${compra.body.IdPrepago}/comprobantes`, { NombreArchivo: 'pago.png', TipoContenido: 'image/png', ContenidoBase64: PNG.toString('base64') });
      expect(v.status).toBe(200);
      expect((await pedir('proveedor', 'PUT', `/api/pagos/v1/gestion/pagos/${compra.body.IdPrepago}/aprobaciones`)).status).toBe(200);

      const pago = await pagoEnBase(compra.body.IdPrepago);
      expect(pago).toMatchObject({ estado: EstadoPago.FACTURADO, comprobante: expect.stringMatching(/^F\d{3}-\d+$/) });
      const [doc] = await filas<{ id_tipo_documento: number; receptor_numero_documento: string; monto_total: string; xml: string; id_estado_sunat: number }>(
        sql`select id_tipo_documento, receptor_numero_documento, monto_total, convert_from(xml_firmado, 'UTF8') as xml, id_estado_sunat from documento_contable where id = ${pago.id_documento_contable}`,
      );
      expect(doc).toMatchObject({ id_tipo_documento: 1003, receptor_numero_documento: '20100070970', monto_total: '29.90' });
      expect(doc.xml).toContain('<cbc:ID schemeID="6"');
      expect(doc.xml).toContain('20100070970');
      expect(await filas(sql`select 1 from trabajo where cola = 'envio.comprobante' and id_referencia = ${pago.id_documento_contable}`)).toHaveLength(1);
    } finally {
      await e.dbh.db.execute(sql`update empresa set documento = null, tipo_empresa = 2 where id = ${id}`);
    }
  });
});
