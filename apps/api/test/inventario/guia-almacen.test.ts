// Branch guiaalm: a warehouse with an address of its own (dirección, ubigeo, código de establecimiento anexo) and the
// GRE remitente (motivo 04) of a transfer between two warehouses of the SAME branch, through the real stack. SUNAT's
// rules 3365/3369 (code on both points), 3366-3367/3370-3371 (code declared in the RUC, matching the ubigeo) and 3414
// (listID = sender's RUC) decide what a warehouse needs; the XML passes sunat-check --strict.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlmacen, TMovimiento } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, type Cliente } from '../contabilidad/ayudas';
import { faltaChecker, verificarXml } from '../contabilidad/sunat-check';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
let cajero: Cliente;
const LOG = '/api/logistica/v1';
const DOC = '/api/contabilidad/v1/documentoContable';
const RUC = '20600123450';
const hoy = hoyLima();
let idBien: number;
let principal: TAlmacen;
let deposito: TAlmacen;
let sinDireccion: TAlmacen;
let idSucursal: number;
const guias: number[] = [];

const privado = { FechaTraslado: hoy, ModalidadTraslado: '02', PesoBrutoTotal: '8', Placa: 'ABC-123', Conductor: { IdTipoDocumento: 1, NumeroDocumento: '41234567', Nombres: 'JUAN CARLOS', Apellidos: 'RAMOS TORRES', Licencia: 'Q41234567' } };
const traslado = (a: TAlmacen, b: TAlmacen, extra: object = {}) => ({ Clase: 'T', Fecha: hoy, IdAlmacen: a.Id, IdAlmacenDestino: b.Id, Lineas: [{ IdItem: idBien, Cantidad: '2' }], ...extra });
const direccionDeposito = { Direccion: 'AV. LOS FRUTALES 820, ATE', IdUbigeo: '150103' };

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  const bien = await sup.post(`${LOG}/items`, { Codigo: 'ALM-1', Descripcion: 'ACEITE VEGETAL CAJA X 12', CodigoUnidad: 'NIU', Precio: '90.00', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(bien.statusCode, bien.body).toBe(201);
  idBien = bien.json().Id;
  const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1007')).json().Data as { Serie: string; IdSucursal: number }[];
  idSucursal = series.find((s) => s.Serie === 'T001')!.IdSucursal;
  principal = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.IdSucursal === idSucursal && a.EsPredeterminado)!;
  const d = await sup.post(`${LOG}/almacenes`, { IdSucursal: idSucursal, Nombre: 'Depósito Ate', ...direccionDeposito });
  expect(d.statusCode, d.body).toBe(201);
  deposito = d.json();
  sinDireccion = (await sup.post(`${LOG}/almacenes`, { IdSucursal: idSucursal, Nombre: 'Trastienda' })).json();
  const i = await sup.post(`${LOG}/movimientos`, { Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: idBien, Cantidad: '40', CostoUnitario: '70.00' }] });
  expect(i.statusCode, i.body).toBe(201);
}, 120_000);
afterAll(async () => e?.cerrar());

describe('dirección propia del almacén', () => {
  it('se registra y se edita con validación por campo', async () => {
    expect(deposito).toMatchObject({ Nombre: 'Depósito Ate', ...direccionDeposito, CodigoAnexo: null });
    expect(principal).toMatchObject({ Direccion: null, IdUbigeo: null, CodigoAnexo: null });
    const casos: [object, Record<string, string>][] = [
      [{ Direccion: 'AV. SIN DISTRITO 1' }, { IdUbigeo: 'Indique el distrito (ubigeo) de la dirección del almacén' }],
      [{ IdUbigeo: '150103' }, { Direccion: 'Indique la dirección del almacén' }],
      [{ CodigoAnexo: '0003' }, { Direccion: 'El código de establecimiento anexo va con la dirección del almacén: indíquela' }],
      [{ ...direccionDeposito, CodigoAnexo: '12' }, { CodigoAnexo: 'El código de establecimiento anexo tiene 4 dígitos, como figura en la ficha RUC' }],
      [{ Direccion: 'X', IdUbigeo: '159999' }, { IdUbigeo: 'El ubigeo no existe en el catálogo de distritos' }],
      [{ ...direccionDeposito, CodigoAnexo: '0000' }, { CodigoAnexo: expect.stringContaining('0000 es el código de la sucursal') as unknown as string }],
    ];
    for (const [cuerpo, errores] of casos) {
      const r = await sup.put(`${LOG}/almacenes/${sinDireccion.Id}`, { Nombre: 'Trastienda', ...cuerpo });
      expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(r.json()).toMatchObject({ ErrorId: 500001, Errores: errores });
      const n = await sup.post(`${LOG}/almacenes`, { IdSucursal: idSucursal, Nombre: 'Otro depósito', ...cuerpo });
      expect(n.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(n.json().Errores).toMatchObject(errores);
    }
    const nombre = await sup.put(`${LOG}/almacenes/${sinDireccion.Id}`, { Nombre: 'depósito ate' });
    expect(nombre.json().Errores).toEqual({ Nombre: 'Ya existe un almacén con ese nombre' });
    // Nothing was written.
    const lista = (await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[];
    expect(lista.find((a) => a.Id === sinDireccion.Id)).toMatchObject({ Nombre: 'Trastienda', Direccion: null, IdUbigeo: null, CodigoAnexo: null });
    expect(lista.some((a) => a.Nombre === 'Otro depósito')).toBe(false);
  });

  it('otra empresa recibe 404 y el cajero 403', async () => {
    expect((await otra.put(`${LOG}/almacenes/${deposito.Id}`, { Nombre: 'Ajeno' })).statusCode).toBe(404);
    expect((await cajero.put(`${LOG}/almacenes/${deposito.Id}`, { Nombre: 'Ajeno' })).statusCode).toBe(403);
    expect((await sup.put(`${LOG}/almacenes/99999999`, { Nombre: 'Nadie' })).statusCode).toBe(404);
    const [f] = ((await e.dbh.db.execute(sql`select nombre from almacen where id = ${deposito.Id}`)) as unknown as { rows: { nombre: string }[] }).rows;
    expect(f.nombre).toBe('Depósito Ate');
  });
});

describe('guía de traslado entre almacenes de la misma sucursal', () => {
  it('sin dirección propia en ninguno: se rechaza', async () => {
    const r = await sup.post(`${LOG}/movimientos`, traslado(principal, sinDireccion, { Guia: privado }));
    expect(r.statusCode).toBe(400);
    expect(r.json().Errores).toEqual({ 'Guia.IdAlmacenDestino': expect.stringContaining('misma sucursal y ninguno tiene dirección propia') });
  });

  it('con dirección propia pero sin código de establecimiento: se rechaza nombrando el almacén', async () => {
    const t = await sup.post(`${LOG}/movimientos`, traslado(principal, deposito));
    expect(t.statusCode, t.body).toBe(201);
    const g = await sup.post(`${LOG}/movimientos/${t.json<TMovimiento>().Id}/guias`, privado);
    expect(g.statusCode).toBe(400);
    expect(g.json()).toMatchObject({ ErrorId: 500001, Errores: { IdAlmacenDestino: expect.stringMatching(/^El almacén Depósito Ate tiene dirección propia pero no su código de establecimiento anexo/) } });
    expect((await sup.get(`${LOG}/movimientos/${t.json<TMovimiento>().Id}`)).json().IdGuia).toBeNull();
  });

  it('con su dirección y código: la guía lleva la dirección del almacén y la de la sucursal', async () => {
    const u = await sup.put(`${LOG}/almacenes/${deposito.Id}`, { Nombre: 'Depósito Ate', ...direccionDeposito, CodigoAnexo: '0003' });
    expect(u.statusCode, u.body).toBe(200);
    expect(u.json()).toMatchObject({ ...direccionDeposito, CodigoAnexo: '0003' });
    const [s] = ((await e.dbh.db.execute(sql`select direccion, id_ubigeo from sucursal where id = ${idSucursal}`)) as unknown as { rows: { direccion: string; id_ubigeo: string }[] }).rows;
    // Out of the branch into the warehouse, in one request.
    const ida = await sup.post(`${LOG}/movimientos`, traslado(principal, deposito, { Guia: privado }));
    expect(ida.statusCode, ida.body).toBe(201);
    const m = ida.json<TMovimiento>();
    guias.push(m.IdGuia!);
    const xml = (await sup.get(`${DOC}/${m.IdGuia}/archivos/2`)).body;
    expect(xml).toContain('<cbc:HandlingCode>04</cbc:HandlingCode>');
    expect(xml).toMatch(new RegExp(`<cac:DespatchAddress><cbc:ID>${s.id_ubigeo}</cbc:ID><cbc:AddressTypeCode listID="${RUC}">0000</cbc:AddressTypeCode>`));
    expect(xml).toMatch(new RegExp(`<cac:DeliveryAddress><cbc:ID>150103</cbc:ID><cbc:AddressTypeCode listID="${RUC}">0003</cbc:AddressTypeCode>`));
    expect(xml).toContain('AV. LOS FRUTALES 820, ATE');
    expect(xml).toContain(s.direccion);
    const doc = (await sup.get(`${DOC}/${m.IdGuia}`)).json();
    expect(doc.Guia).toMatchObject({ PuntoPartida: { CodigoEstablecimiento: '0000', Direccion: s.direccion }, PuntoLlegada: { CodigoEstablecimiento: '0003', Direccion: 'AV. LOS FRUTALES 820, ATE', IdUbigeo: '150103' } });
    // And back, as a transfer first and its guide later: the points swap.
    const vuelta = await sup.post(`${LOG}/movimientos`, traslado(deposito, principal));
    const g = await sup.post(`${LOG}/movimientos/${vuelta.json<TMovimiento>().Id}/guias`, privado);
    expect(g.statusCode, g.body).toBe(201);
    guias.push(g.json<TMovimiento>().IdGuia!);
    const xml2 = (await sup.get(`${DOC}/${g.json<TMovimiento>().IdGuia}/archivos/2`)).body;
    expect(xml2).toMatch(new RegExp(`<cac:DespatchAddress><cbc:ID>150103</cbc:ID><cbc:AddressTypeCode listID="${RUC}">0003</cbc:AddressTypeCode>`));
    expect(xml2).toMatch(new RegExp(`<cac:DeliveryAddress><cbc:ID>${s.id_ubigeo}</cbc:ID><cbc:AddressTypeCode listID="${RUC}">0000</cbc:AddressTypeCode>`));
  });

  it('misma dirección o mismo código en los dos puntos: se rechaza', async () => {
    const [s] = ((await e.dbh.db.execute(sql`select direccion, id_ubigeo from sucursal where id = ${idSucursal}`)) as unknown as { rows: { direccion: string; id_ubigeo: string }[] }).rows;
    const u = await sup.put(`${LOG}/almacenes/${sinDireccion.Id}`, { Nombre: 'Trastienda', Direccion: s.direccion.toLowerCase(), IdUbigeo: s.id_ubigeo, CodigoAnexo: '0004' });
    expect(u.statusCode, u.body).toBe(200);
    const r = await sup.post(`${LOG}/movimientos`, traslado(principal, { ...sinDireccion }, { Guia: privado }));
    expect(r.json().Errores).toEqual({ 'Guia.IdAlmacenDestino': 'Los almacenes Principal y Trastienda están en la misma dirección: la guía de traslado (motivo 04) es entre establecimientos distintos'.replace('Principal', principal.Nombre) });
    await sup.put(`${LOG}/almacenes/${sinDireccion.Id}`, { Nombre: 'Trastienda', Direccion: 'JR. OTRA CALLE 5', IdUbigeo: '150101', CodigoAnexo: '0003' });
    const c = await sup.post(`${LOG}/movimientos`, traslado(deposito, sinDireccion, { Guia: privado }));
    expect(c.json().Errores).toEqual({ 'Guia.IdAlmacenDestino': expect.stringContaining('mismo código de establecimiento anexo (0003)') });
    // Back to no address: the warehouse uses its branch's again.
    const sin = await sup.put(`${LOG}/almacenes/${sinDireccion.Id}`, { Nombre: 'Trastienda', Direccion: '', IdUbigeo: null, CodigoAnexo: null });
    expect(sin.json()).toMatchObject({ Direccion: null, IdUbigeo: null, CodigoAnexo: null });
  });

  it('el almacén de otra empresa es 404 y el cajero 403', async () => {
    const ajeno = ((await otra.get(`${LOG}/almacenes`)).json().Data as TAlmacen[])[0];
    const r = await sup.post(`${LOG}/movimientos`, traslado(principal, ajeno, { Guia: privado }));
    expect(r.statusCode).toBe(404);
    const t = await sup.post(`${LOG}/movimientos`, traslado(principal, deposito));
    expect((await otra.post(`${LOG}/movimientos/${t.json<TMovimiento>().Id}/guias`, privado)).statusCode).toBe(404);
    expect((await cajero.post(`${LOG}/movimientos/${t.json<TMovimiento>().Id}/guias`, privado)).statusCode).toBe(403);
    expect((await cajero.post(`${LOG}/movimientos`, traslado(principal, deposito, { Guia: privado }))).statusCode).toBe(403);
  });
});

const falta = faltaChecker();
if (falta) console.warn(`[sunat-check] se omite la validación independiente de las guías entre almacenes: ${falta}`);
if (falta && process.env.CI) throw new Error(`En CI sunat-check debe poder ejecutarse: ${falta}`);
describe.skipIf(falta !== undefined)('las guías entre almacenes pasan sunat-check --strict', () => {
  it('ida y vuelta', async () => {
    expect(guias).toHaveLength(2);
    const dir = mkdtempSync(path.join(tmpdir(), 'yupana-guia-almacen-'));
    const archivos: string[] = [];
    for (const id of guias) {
      const r = await sup.get(`${DOC}/${id}/archivos/2`);
      const archivo = path.join(dir, String(r.headers['content-disposition']).match(/filename="(.+)"/)![1]);
      writeFileSync(archivo, r.rawPayload);
      archivos.push(archivo);
    }
    const resultado = await verificarXml(archivos);
    for (const a of archivos) expect(resultado.get(path.basename(a)), path.basename(a)).toMatch(/^PASS/);
  }, 180_000);
});
