import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TInfoUniversal } from '@yupana/contracts';
import { servicioEnvioDe } from '../../src/modules/contabilidad/envio/envio.routes';
import { clienteDe, hoyLima, idSerie, type Cliente } from '../contabilidad/ayudas';
import { crearEntorno, sesionDe, type Entorno } from '../helpers';

// Issue 11: a business without RUC (type 2, Bodega Doña Rosa) that obtains a RUC converts to a company with RUC
// (the wizard's type 0 path) and keeps its history.
let e: Entorno;
let rosa: Cliente;
let idBodega: number;
const PASOS = '/api/seguridad/v3/usuarios/universales/pasos';
const DOCS = '/api/contabilidad/v1/documentoContable';
const RUC = '10456789124';

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const info = async () => (await rosa.get('/api/seguridad/v3/usuarios/universales/info')).json() as TInfoUniversal;
type Nodo = { Ruta: string | null; Hijos: Nodo[] };
const rutas = (nodos: Nodo[]): string[] => nodos.flatMap((n) => [...(n.Ruta ? [n.Ruta] : []), ...rutas(n.Hijos)]);
const menu = async () => {
  const s = await sesionDe(e.app, 'sinruc.supervisor');
  return rutas((await rosa.get(`/api/seguridad/v2/usuarios/${s.IdUsuario}/permisos/modulos`)).json().Data as Nodo[]);
};
const conteos = async () =>
  (
    await filas<{ docs: number; entidades: number; items: number; series: number }>(sql`select
      (select count(*)::int from documento_contable where id_empresa = ${idBodega}) as docs,
      (select count(*)::int from entidad where id_empresa = ${idBodega}) as entidades,
      (select count(*)::int from item where id_empresa = ${idBodega}) as items,
      (select count(*)::int from serie where id_empresa = ${idBodega}) as series`)
  )[0];

beforeAll(async () => {
  e = await crearEntorno();
  await servicioEnvioDe(e.app).iniciar({ simulador: { port: 0 }, resumenHora: null, intervaloMs: 50, timeoutMs: 3000 });
  rosa = await clienteDe(e.app, 'sinruc.supervisor');
  idBodega = (await sesionDe(e.app, 'sinruc.supervisor')).IdEntidadEmpresa;
}, 120_000);
afterAll(async () => e?.cerrar());

describe('conversión de un negocio sin RUC a empresa con RUC', () => {
  it('conserva notas de venta, clientes, ítems y series; abre la vinculación SUNAT y las series; luego emite una boleta', async () => {
    // History before: a nota de venta and a customer of its own.
    const nv = await rosa.post(DOCS, { IdTipoDocumento: 1008, IdSerie: await idSerie(rosa, 1008, 'NV01'), FechaEmision: hoyLima(), ListaItems: [{ ItemDescripcion: 'PAN FRANCÉS', Cantidad: '10', PrecioUnitario: '0.30' }] });
    expect(nv.statusCode, nv.body).toBe(201);
    const cli = await rosa.post('/api/entidades/v1/entidades', { IdTipoDocumento: 1, Documento: '45678912', RazonSocial: 'MARÍA PÉREZ QUISPE', TipoEntidad: 6 });
    expect(cli.statusCode, cli.body).toBe(201);
    const antes = await conteos();
    expect(antes.docs).toBeGreaterThan(0);
    expect(await menu()).not.toContain('/admin/documentos/emitir/boleta');

    // Bad input: a wrong check digit, and the fiscal address is required for a conversion. Nothing changes.
    const malo = await rosa.put(`${PASOS}/tipo-configuracion`, { TipoEmpresa: 0, Documento: '10456789120', RazonSocial: 'Rosa Condori', Direccion: 'Calle Los Pinos 120' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().ErrorId).toBe(500001);
    const sinDireccion = await rosa.put(`${PASOS}/tipo-configuracion`, { TipoEmpresa: 0, Documento: RUC, RazonSocial: 'Rosa Condori' });
    expect(sinDireccion.statusCode).toBe(400);
    expect(sinDireccion.json().Errores.Direccion).toMatch(/dirección fiscal/);
    // A RUC another company holds (Comercial Andina's) is refused.
    const ajeno = await rosa.put(`${PASOS}/tipo-configuracion`, { TipoEmpresa: 0, Documento: '20600123450', RazonSocial: 'Rosa Condori', Direccion: 'Calle Los Pinos 120' });
    expect(ajeno.statusCode).toBe(409);
    expect(ajeno.json()).toMatchObject({ ErrorId: ErrorCodes.EMPRESA_EN_TUBOLETA, Mensaje: 'Este RUC ya está registrado por otra empresa' });
    expect((await filas<{ tipo_empresa: number }>(sql`select tipo_empresa from empresa where id = ${idBodega}`))[0].tipo_empresa).toBe(2);

    const r = await rosa.put(`${PASOS}/tipo-configuracion`, { TipoEmpresa: 0, Documento: RUC, RazonSocial: 'Rosa Condori Mamani', Direccion: 'Calle Los Pinos 120, SJL' });
    expect(r.statusCode, r.body).toBe(200);
    const [emp] = await filas<{ tipo_empresa: number; documento: string; razon_social: string; direccion: string; asistente_finalizado: boolean }>(
      sql`select tipo_empresa, documento, razon_social, direccion, asistente_finalizado from empresa where id = ${idBodega}`,
    );
    expect(emp).toEqual({ tipo_empresa: 0, documento: RUC, razon_social: 'ROSA CONDORI MAMANI', direccion: 'Calle Los Pinos 120, SJL', asistente_finalizado: false });
    expect(await conteos()).toEqual(antes);
    // The wizard resumes at the SUNAT link, then the series.
    let i = await info();
    expect(i.TipoEmpresa).toBe(0);
    expect(i.RutaInicializacion).toBe('/inicializacion-tuboleta/wizard-config/vinculacion-sunat');
    expect(i.DatosJson.Pasos.map((p) => [p.Id, p.Estado])).toEqual([[1, 3], [2, 3], [3, 1], [4, 1]]);
    // The SUNAT screens are in its menu now.
    expect(await menu()).toEqual(expect.arrayContaining(['/admin/documentos/emitir/boleta', '/admin/documentos/emitir/factura', '/admin/configuraciones/sunat']));
    // While the wizard is open it cannot go back to a business without RUC nor change the RUC.
    expect((await rosa.put(`${PASOS}/tipo-configuracion`, { TipoEmpresa: 2, RazonSocial: 'Bodega' })).statusCode).toBe(400);
    const otroRuc = await rosa.put(`${PASOS}/tipo-configuracion`, { TipoEmpresa: 0, Documento: '10456789205', RazonSocial: 'Rosa', Direccion: 'Calle 1' });
    expect(otroRuc.statusCode).toBe(409);
    expect(otroRuc.json().Mensaje).toMatch(/ya se convirtió con el RUC 10456789124/);

    expect((await rosa.put(`${PASOS}/vinculacion-sunat`, { Omitir: true })).statusCode).toBe(200);
    const [suc] = (await rosa.get(`/api/entidades/v1/entidades/${idBodega}/sucursales?pagina=1&regxpag=50&estado=1`)).json().Data as { Id: number }[];
    const series = await rosa.post('/api/entidades/v1/series/multiples', {
      Lista: [
        { IdSucursal: suc.Id, IdTipoDocumento: 1003, Serie: 'F001', Descripcion: 'Facturas electrónicas' },
        { IdSucursal: suc.Id, IdTipoDocumento: 1004, Serie: 'B001', Descripcion: 'Boletas de venta electrónicas' },
      ],
    });
    expect([200, 201]).toContain(series.statusCode);
    expect((await rosa.put(`${PASOS}/series-electronicas`, {})).statusCode).toBe(200);
    i = await info();
    expect(i.RutaInicializacion).toBeNull();

    // A boleta with the new RUC, signed and sent to the stand-in; the old nota de venta is still listed.
    const b = await rosa.post(DOCS, { IdTipoDocumento: 1004, IdSerie: await idSerie(rosa, 1004, 'B001'), FechaEmision: hoyLima(), ListaItems: [{ ItemDescripcion: 'GASEOSA 500 ML', Cantidad: '2', PrecioUnitario: '2.50', TipoAfectacion: '10' }] });
    expect(b.statusCode, b.body).toBe(201);
    const [xml] = await filas<{ xml: string }>(sql`select convert_from(xml_firmado, 'UTF8') as xml from documento_contable where id = ${b.json().Id}`);
    expect(xml.xml).toContain(`>${RUC}</cbc:ID>`);
    const nvSigue = await filas<{ n: number }>(sql`select count(*)::int as n from documento_contable where id = ${nv.json().Id} and id_empresa = ${idBodega}`);
    expect(nvSigue[0].n).toBe(1);

    // A second conversion is refused with a Spanish message.
    const otra = await rosa.put(`${PASOS}/tipo-configuracion`, { TipoEmpresa: 0, Documento: RUC, RazonSocial: 'Rosa', Direccion: 'Calle 1' });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().Mensaje).toMatch(/conversión a empresa con RUC se hace una sola vez/);
  });
});
