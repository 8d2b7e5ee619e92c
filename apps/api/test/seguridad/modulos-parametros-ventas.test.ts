// Issue 5: modules catalogue (provider's staff edit), security parameters (list, validation, per-user SesionUnica
// that takes effect at the next sign-in) and the sales query behind /admin/ventas (permission 120, branch scope).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLoginRespuesta, TParametroFila, TVentas } from '@yupana/contracts';
import { conToken, crearEntorno, login, sesionDe, type Entorno } from '../helpers';
import { CLIENTE_RUC, clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: TLoginRespuesta;
let soporte: TLoginRespuesta;
let soporteCliente: TLoginRespuesta;
const SEG = '/api/seguridad';

const llamar = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  e.app.inject(conToken(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

beforeAll(async () => {
  e = await crearEntorno();
  sup = await sesionDe(e.app, 'supervisor');
  // The provider's staff (Soporte of the company flagged as the provider) and a customer company's own Soporte.
  soporte = await sesionDe(e.app, 'proveedor');
  soporteCliente = await sesionDe(e.app, 'soporte');
}, 120_000);
afterAll(async () => e?.cerrar());

describe('módulos', () => {
  it('lista paginada con filtro y estado; Soporte del proveedor crea, edita, desactiva y activa; el ERP no se desactiva', async () => {
    const nombre = `Modulo ${Date.now().toString(36)}`;
    const creado = await llamar(soporte.AccessToken, 'POST', `${SEG}/v1/modulos`, { Nombre: nombre, Descripcion: 'Prueba' });
    expect(creado.statusCode, creado.body).toBe(200);
    const id = creado.json().IdModulo as number;
    expect(id).toBeGreaterThan(1);
    const repetido = await llamar(soporte.AccessToken, 'POST', `${SEG}/v1/modulos`, { Nombre: nombre.toUpperCase() });
    expect(repetido.statusCode).toBe(400);
    expect(repetido.json().Errores.Nombre).toBe('Ya existe un módulo con ese nombre');

    const baja = await llamar(soporte.AccessToken, 'PUT', `${SEG}/v1/modulos`, { IdModulo: id, Nombre: `${nombre} b`, Descripcion: null, LogEstado: 0 });
    expect(baja.statusCode, baja.body).toBe(200);
    const inactivos = (await llamar(sup.AccessToken, 'GET', `${SEG}/v1/modulos/paginas?estado=0&filtro=${encodeURIComponent(nombre)}`)).json();
    expect(inactivos).toMatchObject({ Count: 1, Data: [{ IdModulo: id, Nombre: `${nombre} b`, LogEstado: 0 }] });
    expect((await llamar(sup.AccessToken, 'GET', `${SEG}/v1/modulos/paginas?estado=1&filtro=${encodeURIComponent(nombre)}`)).json().Count).toBe(0);
    const pagina = (await llamar(sup.AccessToken, 'GET', `${SEG}/v1/modulos/paginas?pagina=1&regxpag=1&estado=-1`)).json();
    expect(pagina.Data).toHaveLength(1);
    expect(pagina.Count).toBeGreaterThanOrEqual(2);

    const erp = await llamar(soporte.AccessToken, 'PUT', `${SEG}/v1/modulos`, { IdModulo: 1, Nombre: 'ERP', LogEstado: 0 });
    expect(erp.statusCode).toBe(400);
    expect(erp.json().ErrorId).toBe(600100);
    expect((await llamar(soporte.AccessToken, 'PUT', `${SEG}/v1/modulos`, { IdModulo: 999999, Nombre: 'X' })).statusCode).toBe(404);

    // Supervisor has no SEG_MODULOS_GESTIONAR; a customer company cannot change the shared catalogue.
    expect((await llamar(sup.AccessToken, 'PUT', `${SEG}/v1/modulos`, { IdModulo: id, Nombre: nombre })).statusCode).toBe(403);
    // A customer's Soporte holds the same role as the provider's, not the platform's services.
    expect((await llamar(soporteCliente.AccessToken, 'PUT', `${SEG}/v1/modulos`, { IdModulo: id, Nombre: nombre })).statusCode).toBe(403);
    const eventos = (await llamar(soporte.AccessToken, 'GET', `${SEG}/v1/auditoria/eventos?evento=modulo`)).json();
    expect(eventos.Data.some((x: { Detalle: { IdModulo: number } }) => x.Detalle.IdModulo === id)).toBe(true);
  });
});

describe('parámetros de seguridad', () => {
  it('lista el catálogo con el valor de la empresa y del usuario, valida y registra en la bitácora', async () => {
    const base = (await llamar(sup.AccessToken, 'GET', `${SEG}/v1/usuarios/parametros`)).json();
    expect(base.Data.map((p: TParametroFila) => p.Codigo)).toContain('SesionUnica');

    const malo = await llamar(sup.AccessToken, 'POST', `${SEG}/v1/usuarios/parametros`, { IdUsuario: 0, Codigo: 'SesionUnica', Valor: 'quizas' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().Errores.Valor).toBe('El valor debe ser 1 (sí) o 0 (no)');
    const desconocido = await llamar(sup.AccessToken, 'POST', `${SEG}/v1/usuarios/parametros`, { IdUsuario: 0, Codigo: 'Inventado', Valor: '1' });
    expect(desconocido.json().Errores.Codigo).toBe('Parámetro desconocido');

    // Per-user SesionUnica for cajero only (the company keeps it off): cajero's second sign-in ends the first.
    const cajero1 = await sesionDe(e.app, 'cajero');
    const ok = await llamar(sup.AccessToken, 'POST', `${SEG}/v1/usuarios/parametros`, { IdUsuario: cajero1.IdUsuario, Codigo: 'SesionUnica', Valor: '1' });
    expect(ok.statusCode, ok.body).toBe(200);
    const lista = (await llamar(sup.AccessToken, 'GET', `${SEG}/v1/usuarios/parametros?idUsuario=${cajero1.IdUsuario}`)).json();
    expect(lista.Data.find((p: TParametroFila) => p.Codigo === 'SesionUnica')).toMatchObject({ ValorUsuario: '1', ValorEfectivo: '1' });
    expect((await llamar(cajero1.AccessToken, 'GET', '/api/seguridad/v2/usuarios/' + cajero1.IdUsuario)).statusCode).toBe(200);
    const cajero2 = await login(e.app, 'cajero');
    expect(cajero2.statusCode).toBe(200);
    expect((await llamar(cajero1.AccessToken, 'GET', '/api/seguridad/v2/usuarios/' + cajero1.IdUsuario)).statusCode).toBe(401);
    // Supervisor is not affected (company value off).
    const sup2 = await sesionDe(e.app, 'supervisor');
    expect((await llamar(sup.AccessToken, 'GET', '/api/seguridad/v2/usuarios/' + sup.IdUsuario)).statusCode).toBe(200);
    expect(sup2.AccessToken).toBeTruthy();

    const eventos = (await llamar(sup.AccessToken, 'GET', `${SEG}/v1/auditoria/eventos?evento=parametro`)).json();
    expect(eventos.Data[0].Detalle).toMatchObject({ IdUsuario: cajero1.IdUsuario, Codigo: 'SesionUnica', Valor: '1' });
    // Valor '' on a user removes their value: they follow the company's again.
    const quitar = await llamar(sup.AccessToken, 'POST', `${SEG}/v1/usuarios/parametros`, { IdUsuario: cajero1.IdUsuario, Codigo: 'SesionUnica', Valor: '' });
    expect(quitar.statusCode, quitar.body).toBe(200);
    const despues = (await llamar(sup.AccessToken, 'GET', `${SEG}/v1/usuarios/parametros?idUsuario=${cajero1.IdUsuario}`)).json();
    expect(despues.Data.find((p: TParametroFila) => p.Codigo === 'SesionUnica')).toMatchObject({ ValorUsuario: null, ValorEfectivo: '0' });
    expect((await llamar(sup.AccessToken, 'POST', `${SEG}/v1/usuarios/parametros`, { IdUsuario: 0, Codigo: 'SesionUnica', Valor: '' })).statusCode).toBe(400);
    // Another company's user: 404.
    const otra = await sesionDe(e.app, 'demo.supervisor');
    expect((await llamar(sup.AccessToken, 'GET', `${SEG}/v1/usuarios/parametros?idUsuario=${otra.IdUsuario}`)).statusCode).toBe(404);
  });
});

const sucursalesDe = async (s: TLoginRespuesta): Promise<number[]> =>
  ((await llamar(s.AccessToken, 'GET', `/api/seguridad/v2/usuarios/${s.IdUsuario}`)).json() as { Sucursales: { Id: number }[] }).Sucursales.map((x) => x.Id);

describe('ventas (/admin/ventas, permiso 120)', () => {
  let c: Cliente;
  beforeAll(async () => {
    c = await clienteDe(e.app, 'supervisor');
  });

  it('lista las ventas con totales por día y por condición de pago, y filtra por sucursal del usuario', async () => {
    const hoy = hoyLima();
    const suc = await sucursalesDe(sup);
    expect(suc.length).toBeGreaterThanOrEqual(2);
    const f1 = await idSerie(c, 1003, 'F001');
    const b2 = await idSerie(c, 1004, 'B002');
    const antes = (await c.get(`/api/contabilidad/v1/ventas?desde=${hoy}&hasta=${hoy}`)).json() as TVentas;
    const r1 = await c.post('/api/contabilidad/v1/documentoContable', factura(f1));
    expect(r1.statusCode, r1.body).toBe(201);
    const r2 = await c.post('/api/contabilidad/v1/documentoContable', factura(b2, { IdTipoDocumento: 1004 }));
    expect(r2.statusCode, r2.body).toBe(201);
    const total1 = r1.json().MontoTotal as string;
    const total2 = r2.json().MontoTotal as string;

    const todas = (await c.get(`/api/contabilidad/v1/ventas?desde=${hoy}&hasta=${hoy}`)).json() as TVentas;
    expect(todas.Count).toBe(antes.Count + 2);
    const sumaAntes = Number(antes.Total.find((t) => t.IdMoneda === 1)?.MontoTotal ?? '0');
    expect(Number(todas.Total.find((t) => t.IdMoneda === 1)!.MontoTotal)).toBeCloseTo(sumaAntes + Number(total1) + Number(total2), 2);
    expect(todas.PorDia.find((t) => t.Clave === hoy && t.IdMoneda === 1)!.Cantidad).toBe(todas.Count);
    expect(todas.PorCondicion.find((t) => t.Clave === '1')!.Nombre).toBe('Contado');

    // Branch of B002 only: the factura of F001 (first branch) is not there.
    const idSucB2 = todas.Data.find((d) => d.Serie === 'B002')!.IdSucursal;
    const solo = (await c.get(`/api/contabilidad/v1/ventas?desde=${hoy}&hasta=${hoy}&idSucursal=${idSucB2}`)).json() as TVentas;
    expect(solo.Data.every((d) => d.IdSucursal === idSucB2)).toBe(true);
    expect(solo.Data.some((d) => d.Serie === 'F001')).toBe(false);
    expect(solo.Data.some((d) => d.Serie === 'B002' && d.MontoTotal === total2 && d.TipoDocumento === 'Boleta de venta electrónica')).toBe(true);

    // Another company's branch: refused; bad range: 400 in Spanish.
    const otra = await sesionDe(e.app, 'demo.supervisor');
    const ajena = await c.get(`/api/contabilidad/v1/ventas?desde=${hoy}&hasta=${hoy}&idSucursal=${(await sucursalesDe(otra))[0]!}`);
    expect(ajena.statusCode).toBe(403);
    expect(ajena.json().ErrorId).toBe(600101);
    const rango = await c.get(`/api/contabilidad/v1/ventas?desde=${hoy}&hasta=2000-01-01`);
    expect(rango.statusCode).toBe(400);
    expect(rango.json().Errores.hasta).toBe('La fecha final debe ser igual o posterior a la inicial');
    // The documents listing takes the same branch filter, and refuses a branch that is not the user's.
    const listado = (await c.get(`/api/finanzas/v1/documentos/comprobantes?fechainicio=${hoy}&fechafin=${hoy}&idsucursal=${idSucB2}&pagina=1&regxpag=100`)).json() as { Data: { Serie: string }[] };
    expect(listado.Data.some((x) => x.Serie === 'B002')).toBe(true);
    expect(listado.Data.some((x) => x.Serie === 'F001')).toBe(false);
    expect((await c.get(`/api/finanzas/v1/documentos/comprobantes?idsucursal=${(await sucursalesDe(otra))[0]!}`)).statusCode).toBe(403);
    expect((await c.get(`/api/finanzas/v1/documentos/comprobantes/excel?idsucursal=${(await sucursalesDe(otra))[0]!}`)).statusCode).toBe(403);
    // The other company sees none of these documents.
    const deOtra = await e.app.inject(conToken(otra.AccessToken, { method: 'GET', url: `/api/contabilidad/v1/ventas?desde=${hoy}&hasta=${hoy}` }));
    expect((deOtra.json() as TVentas).Data.some((d) => d.Serie === 'F001' || d.Serie === 'B002')).toBe(false);
  });

  it('neta las notas de crédito y suma las de débito, por moneda, día y condición de pago (cifras exactas)', async () => {
    // A day no other test issues on (3 days back is the limit), so the totals are exactly these documents'.
    const dia = sumarDias(hoyLima(), -2);
    const emitir = async (cuerpo: Record<string, unknown>) => {
      const r = await c.post('/api/contabilidad/v1/documentoContable', { FechaEmision: dia, ...cuerpo });
      expect(r.statusCode, r.body).toBe(201);
      return r.json() as { Id: number; Serie: string; Correlativo: number; MontoTotal: string };
    };
    const linea = (precio: string) => [{ ItemDescripcion: 'PRODUCTO REPORTE', CodigoUnidad: 'NIU', Cantidad: '1', PrecioUnitario: precio, TipoAfectacion: '10' }];
    const antes = (await c.get(`/api/contabilidad/v1/ventas?desde=${dia}&hasta=${dia}`)).json() as TVentas;
    expect(antes.Count).toBe(0);
    const f1 = await idSerie(c, 1003, 'F001');
    const fac = await emitir(factura(f1, { ListaItems: linea('147.20'), FechaEmision: dia }));
    expect(fac.MontoTotal).toBe('147.20');
    const nc = await emitir({
      IdTipoDocumento: 1005, IdSerie: await idSerie(c, 1005, 'F001'), ListaItems: linea('24.90'), ListaEntidades: [CLIENTE_RUC],
      ListaReferencias: [{ IdDocumentoReferencia: fac.Id, CodigoMotivo: '07', DescripcionMotivo: 'DEVOLUCIÓN POR ÍTEM' }],
    });
    expect(nc.MontoTotal).toBe('24.90');
    // Dollars stay apart: a factura of 100.00 and a debit note of 11.80 on it.
    const usd = await emitir(factura(f1, { IdMoneda: 2, ListaItems: linea('100.00'), FechaEmision: dia }));
    const nd = await emitir({
      IdTipoDocumento: 1006, IdSerie: await idSerie(c, 1006, 'F001'), IdMoneda: 2, ListaItems: linea('11.80'), ListaEntidades: [CLIENTE_RUC],
      ListaReferencias: [{ IdDocumentoReferencia: usd.Id, CodigoMotivo: '01', DescripcionMotivo: 'INTERESES POR MORA' }],
    });

    const v = (await c.get(`/api/contabilidad/v1/ventas?desde=${dia}&hasta=${dia}`)).json() as TVentas;
    expect(v.Total).toEqual([
      { Clave: 'total', Nombre: 'Total', IdMoneda: 1, Cantidad: 2, MontoTotal: '122.30' },
      { Clave: 'total', Nombre: 'Total', IdMoneda: 2, Cantidad: 2, MontoTotal: '111.80' },
    ]);
    expect(v.PorDia).toEqual([
      { Clave: dia, Nombre: dia, IdMoneda: 1, Cantidad: 2, MontoTotal: '122.30' },
      { Clave: dia, Nombre: dia, IdMoneda: 2, Cantidad: 2, MontoTotal: '111.80' },
    ]);
    expect(v.PorCondicion).toEqual([
      { Clave: '1', Nombre: 'Contado', IdMoneda: 1, Cantidad: 2, MontoTotal: '122.30' },
      { Clave: '1', Nombre: 'Contado', IdMoneda: 2, Cantidad: 2, MontoTotal: '111.80' },
    ]);
    // The list shows the notes with their sign and the sale they modify.
    expect(v.Count).toBe(4);
    const fila = (id: number) => v.Data.find((x) => x.IdDocumento === id)!;
    expect(fila(fac.Id)).toMatchObject({ MontoTotal: '147.20', Afectado: null, IdMoneda: 1 });
    expect(fila(nc.Id)).toMatchObject({ MontoTotal: '-24.90', Afectado: `${fac.Serie}-${fac.Correlativo}`, TipoDocumento: 'Nota de crédito electrónica', IdMoneda: 1 });
    expect(fila(nd.Id)).toMatchObject({ MontoTotal: '11.80', Afectado: `${usd.Serie}-${usd.Correlativo}`, TipoDocumento: 'Nota de débito electrónica', IdMoneda: 2 });
  });

  it('un rol sin el servicio de ventas (Soporte) recibe 403', async () => {
    const hoy = hoyLima();
    const r = await llamar(soporteCliente.AccessToken, 'GET', `/api/contabilidad/v1/ventas?desde=${hoy}&hasta=${hoy}`);
    expect(r.statusCode).toBe(403);
  });
});
