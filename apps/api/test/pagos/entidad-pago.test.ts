import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TComprobanteProveedor, TEntidadPago, TPrepago } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

let e: Entorno;
const tokens: Record<string, { token: string; idEmpresa: number }> = {};
const CLIENTE = 'sinruc.supervisor';
// A valid RUC (persona natural con negocio, prefix 10) that is not a demo company's.
const RUC_DUENHA = '10401234565';

async function pedir<T>(usuario: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const r = await e.app.inject(conToken(tokens[usuario].token, { method, url, payload: payload as object }));
  return { status: r.statusCode, body: r.json() as T };
}

async function pagarConTarjeta(idPrepago: number) {
  const t = await e.app.inject({ method: 'POST', url: '/api/pagos/v1/pasarela-sandbox/tokens', payload: { NumeroTarjeta: '4111 1111 1111 1111', Vencimiento: '12/39', Cvv: '123', Correo: 'bodegadonarosa@gmail.com' } });
  return pedir<{ Estado: number }>(CLIENTE, 'POST', '/api/pagos/v1/contratos/prepago/pasarela', { IdPrepago: idPrepago, Token: (t.json() as { Token: string }).Token });
}

beforeAll(async () => {
  e = await crearEntorno();
  for (const u of ['supervisor', CLIENTE, 'cajero']) {
    const s = await sesionDe(e.app, u);
    tokens[u] = { token: s.AccessToken, idEmpresa: s.IdEntidadEmpresa };
  }
}, 60_000);
afterAll(async () => e?.cerrar());

describe('datos de facturación (entidad de pago) y comprobantes del proveedor', () => {
  it('sin datos guardados se factura a la propia empresa; con un RUC guardado, una empresa sin RUC recibe factura a ese RUC', async () => {
    // Not saved yet: the company's own data (no RUC: boletas only), and a factura is refused.
    const inicial = await pedir<TEntidadPago>(CLIENTE, 'GET', '/api/pagos/v1/entidades/entidadpago');
    expect(inicial.body).toMatchObject({ Id: null, RazonSocial: expect.any(String), IdTipoDocumento: 6, Documento: null, TipoComprobante: 'Boleta', IdTipoComprobante: 1004 });
    const negada = await pedir<{ Errores: Record<string, string> }>(CLIENTE, 'POST', '/api/pagos/v1/contratos/prepago', { IdPlan: 2, RequiereFactura: true });
    expect(negada.body.Errores.RequiereFactura).toBe('Para solicitar factura registre un RUC en sus datos de facturación');
    // The company with RUC defaults to facturas to its RUC.
    expect((await pedir<TEntidadPago>('supervisor', 'GET', '/api/pagos/v1/entidades/entidadpago')).body).toMatchObject({ IdTipoDocumento: 2, Documento: '20600123450', TipoComprobante: 'Factura' });

    // Bad input: Spanish messages per field, nothing saved.
    const mal = await pedir<{ ErrorId: number; Errores: Record<string, string> }>(CLIENTE, 'PUT', '/api/pagos/v1/entidades/entidadpago', {
      RazonSocial: '',
      IdTipoDocumento: 1,
      Documento: '123',
      Correo: 'no-es-correo',
      Telefono: 'abc',
      TipoComprobante: 'Factura',
    });
    expect(mal.status).toBe(400);
    expect(mal.body.ErrorId).toBe(500001);
    expect(mal.body.Errores).toMatchObject({
      RazonSocial: 'Ingrese la razón social o el nombre',
      IdTipoDocumento: 'La factura se emite a un RUC',
      Documento: 'Se espera 8 dígitos',
      Correo: 'Correo no válido',
      Telefono: 'Teléfono no válido',
    });
    const rucMalo = await pedir<{ Errores: Record<string, string> }>(CLIENTE, 'PUT', '/api/pagos/v1/entidades/entidadpago', { RazonSocial: 'Rosa Condori', IdTipoDocumento: 2, Documento: '10401234567', TipoComprobante: 'Factura' });
    expect(rucMalo.body.Errores.Documento).toBe('El RUC no es válido (dígito verificador incorrecto)');
    expect((await pedir<TEntidadPago>(CLIENTE, 'GET', '/api/pagos/v1/entidades/entidadpago')).body.Id).toBeNull();
    // A cashier sees the data but cannot change it.
    expect((await pedir('cajero', 'PUT', '/api/pagos/v1/entidades/entidadpago', { RazonSocial: 'X', IdTipoDocumento: 6, TipoComprobante: 'Boleta' })).status).toBe(403);

    const guardada = await pedir<TEntidadPago>(CLIENTE, 'PUT', '/api/pagos/v1/entidades/entidadpago', {
      RazonSocial: 'Condori Quispe Rosa',
      IdTipoDocumento: 2,
      Documento: RUC_DUENHA,
      Direccion: 'Jr. Los Olivos 123, Huancayo',
      Correo: 'bodegadonarosa@gmail.com',
      Telefono: '964123456',
      TipoComprobante: 'Factura',
    });
    expect(guardada.status).toBe(200);
    expect(guardada.body).toMatchObject({ Id: expect.any(Number), Documento: RUC_DUENHA, TipoComprobante: 'Factura', IdTipoComprobante: 1003 });

    // Now the company without RUC can ask for a factura: the provider issues it to the saved RUC and name.
    const compra = await pedir<TPrepago>(CLIENTE, 'POST', '/api/pagos/v1/contratos/prepago', { IdPlan: 2, RequiereFactura: true });
    expect(compra.status).toBe(200);
    expect((await pagarConTarjeta(compra.body.IdPrepago)).body.Estado).toBe(4);
    const comprobantes = await pedir<{ Data: TComprobanteProveedor[]; Count: number }>(CLIENTE, 'GET', `/api/pagos/v1/pagos/entidadpago/${tokens[CLIENTE].idEmpresa}/comprobantes?NroPagina=1&RegxPag=10`);
    expect(comprobantes.status).toBe(200);
    const factura = comprobantes.body.Data.find((c) => c.IdPrepago === compra.body.IdPrepago)!;
    expect(factura).toMatchObject({ TipoComprobante: 'Factura', Comprobante: expect.stringMatching(/^F\d{3}-\d+$/), Concepto: 'Paquete Paquete Emprendedor', Monto: '29.90', Moneda: 'S/' });
    expect(factura.FechaEmision).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const receptor = (await e.dbh.db.execute(sql`select receptor_numero_documento, receptor_razon_social from documento_contable where id = ${factura.IdDocContable}`)) as unknown as {
      rows: { receptor_numero_documento: string; receptor_razon_social: string }[];
    };
    expect(receptor.rows[0]).toEqual({ receptor_numero_documento: RUC_DUENHA, receptor_razon_social: 'Condori Quispe Rosa' });
    // Another company sees neither the list nor the billing data of this one.
    expect((await pedir('supervisor', 'GET', `/api/pagos/v1/pagos/entidadpago/${tokens[CLIENTE].idEmpresa}/comprobantes`)).status).toBe(404);
    expect((await pedir<TEntidadPago>('supervisor', 'GET', '/api/pagos/v1/entidades/entidadpago')).body.Documento).toBe('20600123450');
  });

  it('pago único de por vida, compra desde un módulo y la pasarela de la empresa', async () => {
    const unico = await pedir<TPrepago>(CLIENTE, 'POST', '/api/pagos/v1/pagos/unicos', {});
    expect(unico.status).toBe(200);
    expect(unico.body).toMatchObject({ NombrePaquete: 'Pago único de por vida', Monto: '499.00', DescripcionEstado: 'Pendiente' });
    const noVitalicio = await pedir<{ Errores: Record<string, string> }>(CLIENTE, 'POST', '/api/pagos/v1/pagos/unicos', { IdPlan: 2 });
    expect(noVitalicio.body.Errores.IdPlan).toBe('No hay un pago único de por vida a la venta');

    const modulo = await pedir<TPrepago>(CLIENTE, 'POST', '/api/pagos/v1/contratos/modulo/1/prepago/3', {});
    expect(modulo.status).toBe(200);
    expect(modulo.body).toMatchObject({ NombrePaquete: 'Paquete Negocio', Monto: '59.90' });
    expect((await pedir(CLIENTE, 'POST', '/api/pagos/v1/contratos/modulo/999/prepago/3', {})).status).toBe(404);

    const integracion = await pedir<{ Sandbox: boolean; UrlTokens: string }>(CLIENTE, 'GET', `/api/pagos/v1/entidades/integraciones/${tokens[CLIENTE].idEmpresa}`);
    expect(integracion.body).toMatchObject({ Sandbox: true, UrlTokens: '/api/pagos/v1/pasarela-sandbox/tokens' });
    expect((await pedir(CLIENTE, 'GET', `/api/pagos/v1/entidades/integraciones/${tokens.supervisor.idEmpresa}`)).status).toBe(404);
  });
});
