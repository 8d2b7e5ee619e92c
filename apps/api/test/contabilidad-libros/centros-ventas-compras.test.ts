// Cost centres on the sales income (70) and the purchases (60) of the automatic entries (issue 15, "which account
// each cost centre posts to"): the document's own centre or its branch's default, the purchase's centre with the
// destination (9x / 791) of an expense account, voids that keep the centre, and the report by centre. Through the real
// HTTP stack (PGlite by default, PostgreSQL with TEST_DATABASE_URL). decisions.md "ctbcentros".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TAlmacen, type TCentrosCostoReporte, type TSucursal } from '@yupana/contracts';
import { alEmitirGrupo, quitarAlEmitirDocumento } from '../../src/modules/contabilidad/documentos/emision.service';
import { cambiarEstado } from '../../src/modules/contabilidad/envio/documentos.repo';
import { contabilizarGrupoAlEmitir } from '../../src/modules/contabilidad/libros/automaticos';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, hoyLima, idSerie, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let otra: Cliente;
const F = '/api/finanzas/v1';
const LOG = '/api/logistica/v1';
const DOC = '/api/contabilidad/v1/documentoContable';
const SUC = '/api/entidades/v1/sucursales';
const hoy = hoyLima();
const periodo = hoy.slice(0, 7);

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const idCuenta = async (codigo: string) => Number((await filas<{ id: number }>(sql`select id from cuenta_contable where codigo = ${codigo} and id_empresa is null`))[0].id);
let centroDe: Record<string, number> = {};
/** "account debit credit centre" per line of the entry with a source key. */
const lineasDe = async (clave: string) =>
  (
    await filas<{ codigo: string; debe: string; haber: string; centro: number | null }>(sql`
      select c.codigo, l.debe::text, l.haber::text, l.id_centro_costo as centro from asiento_linea l join asiento_contable a on a.id = l.id_asiento
        join cuenta_contable c on c.id = l.id_cuenta where a.clave_origen = ${clave} order by l.orden`)
  ).map((l) => {
    const nombre = Object.entries(centroDe).find(([, id]) => id === Number(l.centro))?.[0] ?? '?';
    return `${l.codigo} ${Number(l.debe).toFixed(2)} ${Number(l.haber).toFixed(2)} ${l.centro === null ? '-' : nombre}`;
  });
/** Debit - credit of a centre on the accounts starting with `prefijo`, over some entries. */
const saldoDeCentro = async (claves: string[], centro: number, prefijo: string) =>
  (
    await filas<{ s: string }>(sql`
      select coalesce(sum(l.debe - l.haber), 0)::text as s from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen in (${sql.join(claves.map((k) => sql`${k}`), sql`, `)}) and l.id_centro_costo = ${centro} and c.codigo like ${`${prefijo}%`}`)
  )[0].s;

let serieF: number;
let sucursal: TSucursal;
let almacen: TAlmacen;
let idBien: number;
const PROVEEDOR = { RucProveedor: '20100047218', RazonSocialProveedor: 'DISTRIBUIDORA DEL SUR S.A.C.' };
const compra = (numero: number, extra: Record<string, unknown> = {}) => ({
  ...PROVEEDOR, TipoDocumento: '01', Serie: 'F777', Numero: numero, FechaEmision: hoy,
  Lineas: [{ IdItem: idBien, IdAlmacen: almacen.Id, Cantidad: '10', ValorUnitario: '10.00', AfectacionIgv: '10' }],
  ...extra,
});
const guardarSucursal = (idCentroCosto: number | null) => sup.put(`${SUC}/${sucursal.Id}`, { ...sucursal, IdCentroCosto: idCentroCosto });

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  otra = await clienteDe(e.app, 'demo.supervisor');
  const ven = await sup.post(`${F}/centroscostos`, { Codigo: 'VEN-S', Nombre: 'Ventas tienda', IdCuentaDestino: await idCuenta('95') });
  const srv = await sup.post(`${F}/centroscostos`, { Codigo: 'SRV-S', Nombre: 'Servicios', IdCuentaDestino: await idCuenta('94') });
  const ina = await sup.post(`${F}/centroscostos`, { Codigo: 'INA-S', Nombre: 'Inactivo', LogEstado: 0 });
  const ajeno = await otra.post(`${F}/centroscostos`, { Codigo: 'AJE-S', Nombre: 'De otra empresa' });
  for (const r of [ven, srv, ina, ajeno]) expect(r.statusCode, r.body).toBe(201);
  centroDe = { VEN: ven.json().Id, SRV: srv.json().Id, INA: ina.json().Id, AJENO: ajeno.json().Id };
  serieF = await idSerie(sup, 1003, 'F001');
  const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1003')).json().Data as { Id: number; IdSucursal: number }[];
  const idSucursal = series.find((s) => s.Id === serieF)!.IdSucursal;
  sucursal = (await sup.get(`${SUC}/${idSucursal}`)).json();
  almacen = ((await sup.get(`${LOG}/almacenes`)).json().Data as TAlmacen[]).find((a) => a.IdSucursal === idSucursal && a.EsPredeterminado)!;
  idBien = (await sup.post(`${LOG}/items`, { Codigo: 'CC-1', Descripcion: 'DETERGENTE 1 KG', CodigoUnidad: 'NIU', Precio: '15', PrecioIncluyeIgv: true, AfectacionIgv: '10' })).json().Id;
}, 180_000);
afterAll(async () => {
  alEmitirGrupo(contabilizarGrupoAlEmitir);
  await e?.cerrar();
});

describe('centro de costo de las ventas (70)', () => {
  it('sin centro en la sucursal ni en el documento, el asiento de venta es el de siempre', async () => {
    expect(sucursal.IdCentroCosto).toBeNull();
    const r = await sup.post(DOC, factura(serieF));
    expect(r.statusCode, r.body).toBe(201);
    // 2 x 25.90 (IGV included) + 10.00 + 18% = 63.60; IGV 9.70; base 53.90.
    expect(await lineasDe(`VENTA:${r.json().Id}`)).toEqual(['1212 63.60 0.00 -', '40111 0.00 9.70 -', '70111 0.00 53.90 -']);
  });

  it('la sucursal guarda su centro: de otra empresa, inexistente o inactivo es 500001 en IdCentroCosto', async () => {
    for (const malo of [centroDe.AJENO, centroDe.INA, 999999]) {
      const r = await guardarSucursal(malo);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdCentroCosto: 'Elija un centro de costo activo de la empresa' } });
    }
    const ok = await guardarSucursal(centroDe.VEN);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ IdCentroCosto: centroDe.VEN, CentroCosto: 'VEN-S Ventas tienda' });
    // A save without the field (the seed's calls) keeps the centre.
    const { IdCentroCosto: _, CentroCosto: __, ...sinCampo } = ok.json() as TSucursal;
    const igual = await sup.put(`${SUC}/${sucursal.Id}`, sinCampo);
    expect(igual.json()).toMatchObject({ IdCentroCosto: centroDe.VEN });
    // Another company cannot touch the branch.
    expect((await otra.put(`${SUC}/${sucursal.Id}`, { ...sinCampo, IdCentroCosto: centroDe.AJENO })).statusCode).toBe(404);
  });

  let idConCentro: number;
  it('una factura de la sucursal lleva su centro en el 70; el centro del documento manda; el cobro no lleva centro', async () => {
    const r = await sup.post(DOC, factura(serieF));
    expect(r.statusCode, r.body).toBe(201);
    idConCentro = r.json().Id;
    expect(await lineasDe(`VENTA:${idConCentro}`)).toEqual(['1212 63.60 0.00 -', '40111 0.00 9.70 -', '70111 0.00 53.90 VEN']);
    expect((await lineasDe(`CONTADO:${idConCentro}`)).every((l) => l.endsWith(' -'))).toBe(true);

    const propio = await sup.post(DOC, factura(serieF, { IdCentroCosto: centroDe.SRV }));
    expect(propio.statusCode, propio.body).toBe(201);
    expect(await lineasDe(`VENTA:${propio.json().Id}`)).toEqual(['1212 63.60 0.00 -', '40111 0.00 9.70 -', '70111 0.00 53.90 SRV']);

    for (const malo of [centroDe.AJENO, centroDe.INA, 999999]) {
      const x = await sup.post(DOC, factura(serieF, { IdCentroCosto: malo }));
      expect(x.statusCode, x.body).toBe(400);
      expect(x.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdCentroCosto: 'Elija un centro de costo activo de la empresa' } });
    }
  });

  it('la anulación invierte las líneas con su centro: el 70 del centro queda en cero', async () => {
    await e.dbh.db.transaction((tx) => cambiarEstado(tx, idConCentro, { idEstadoSunat: 10, anulado: true, fechaAnulacion: new Date(), motivoAnulacion: 'ERROR EN EL RUC' }));
    expect(await lineasDe(`ANULA:${idConCentro}`)).toEqual(['1212 0.00 63.60 -', '40111 9.70 0.00 -', '70111 53.90 0.00 VEN']);
    expect(Number(await saldoDeCentro([`VENTA:${idConCentro}`, `ANULA:${idConCentro}`], centroDe.VEN, '70'))).toBe(0);
  });

  it('un grupo de emisión lee los centros de las sucursales una vez y los pone en cada venta', async () => {
    quitarAlEmitirDocumento(contabilizarGrupoAlEmitir);
    const ids: number[] = [];
    try {
      for (const c of [factura(serieF), factura(serieF, { ListaItems: [{ CodigoItem: 'P9', ItemDescripcion: 'AZÚCAR 1 KG', CodigoUnidad: 'NIU', Cantidad: '3', PrecioUnitario: '4.50', TipoAfectacion: '10' }] })]) {
        const r = await sup.post(DOC, c);
        expect(r.statusCode, r.body).toBe(201);
        ids.push(r.json().Id);
      }
    } finally {
      alEmitirGrupo(contabilizarGrupoAlEmitir);
    }
    await e.dbh.db.transaction((tx) => contabilizarGrupoAlEmitir(tx, ids.map((Id) => ({ creado: { Id } }))));
    expect(await lineasDe(`VENTA:${ids[0]}`)).toEqual(['1212 63.60 0.00 -', '40111 0.00 9.70 -', '70111 0.00 53.90 VEN']);
    // 3 x 4.50 = 13.50 with IGV: base 11.44, IGV 2.06.
    expect(await lineasDe(`VENTA:${ids[1]}`)).toEqual(['1212 13.50 0.00 -', '40111 0.00 2.06 -', '70111 0.00 11.44 VEN']);
  });
});

describe('centro de costo de las compras', () => {
  let idCompra: number;
  it('una compra con centro lo lleva en su 60 (mercaderías: sin destino); de otra empresa o inactivo, 500001', async () => {
    for (const malo of [centroDe.AJENO, centroDe.INA, 999999]) {
      const r = await sup.post(`${LOG}/compras`, compra(1, { IdCentroCosto: malo }));
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdCentroCosto: 'Elija un centro de costo activo de la empresa' } });
    }
    const r = await sup.post(`${LOG}/compras`, compra(1, { IdCentroCosto: centroDe.VEN }));
    expect(r.statusCode, r.body).toBe(201);
    idCompra = r.json().Id;
    expect(r.json()).toMatchObject({ IdCentroCosto: centroDe.VEN, CentroCosto: 'VEN-S Ventas tienda', Total: '118.00' });
    // 10 x 10.00 = 100.00 + IGV 18.00 = 118.00; the goods enter stock without a centre.
    expect(await lineasDe(`COMPRA:${idCompra}`)).toEqual(['6011 100.00 0.00 VEN', '40111 18.00 0.00 -', '4212 0.00 118.00 -']);
    expect(await lineasDe(`COMPRA-ALMACEN:${idCompra}`)).toEqual(['2011 100.00 0.00 -', '6111 0.00 100.00 -']);
    const sin = await sup.post(`${LOG}/compras`, compra(2));
    expect(sin.json()).toMatchObject({ IdCentroCosto: null });
    expect(await lineasDe(`COMPRA:${sin.json().Id}`)).toEqual(['6011 100.00 0.00 -', '40111 18.00 0.00 -', '4212 0.00 118.00 -']);
  });

  it('una nota de crédito sin centro toma el de su compra', async () => {
    const nc = await sup.post(`${LOG}/compras`, {
      ...PROVEEDOR, TipoDocumento: '07', Serie: 'FC77', Numero: 1, FechaEmision: hoy, Referencia: { TipoDocumento: '01', Serie: 'F777', Numero: 1 },
      Lineas: [{ IdItem: idBien, IdAlmacen: almacen.Id, Cantidad: '1', ValorUnitario: '10.00', AfectacionIgv: '10' }],
    });
    expect(nc.statusCode, nc.body).toBe(201);
    expect(nc.json()).toMatchObject({ IdCentroCosto: centroDe.VEN });
    expect(await lineasDe(`COMPRA:${nc.json().Id}`)).toEqual(['6011 0.00 10.00 VEN', '40111 0.00 1.80 -', '4212 11.80 0.00 -']);
  });

  it('con compras en una cuenta de gasto (63) y un centro con destino: 94 / 791 con el centro; la anulación deja el centro en cero', async () => {
    const [{ codigo }] = await filas<{ codigo: string }>(sql`
      select c.codigo from cuenta_contable c where c.id_empresa is null and c.log_estado = 1 and c.codigo like '63%' and length(c.codigo) >= 4
         and not exists (select 1 from cuenta_contable h where h.codigo like c.codigo || '_%' and h.log_estado = 1 and (h.id_empresa is null or h.id_empresa = 1))
       order by c.codigo limit 1`);
    const mapeo = await sup.put(`${F}/libros/configuracion`, { Mapeos: [{ Clave: 'COMPRAS', IdCuenta: await idCuenta(codigo) }] });
    expect(mapeo.statusCode, mapeo.body).toBe(200);
    try {
      const r = await sup.post(`${LOG}/compras`, compra(3, { IdCentroCosto: centroDe.SRV }));
      expect(r.statusCode, r.body).toBe(201);
      const id = r.json().Id;
      expect(await lineasDe(`COMPRA:${id}`)).toEqual([`${codigo} 100.00 0.00 SRV`, '40111 18.00 0.00 -', '4212 0.00 118.00 -', '94 100.00 0.00 SRV', '791 0.00 100.00 SRV']);
      const anula = await sup.put(`${LOG}/compras/${id}/anulaciones`, { Motivo: 'Servicio no prestado' });
      expect(anula.statusCode, anula.body).toBe(200);
      expect(await lineasDe(`ANULA-COMPRA:${id}`)).toEqual([`${codigo} 0.00 100.00 SRV`, '40111 0.00 18.00 -', '4212 118.00 0.00 -', '94 0.00 100.00 SRV', '791 100.00 0.00 SRV']);
      for (const prefijo of ['6', '9', '79']) expect(Number(await saldoDeCentro([`COMPRA:${id}`, `ANULA-COMPRA:${id}`], centroDe.SRV, prefijo))).toBe(0);
    } finally {
      expect((await sup.put(`${F}/libros/configuracion`, { Mapeos: [{ Clave: 'COMPRAS', IdCuenta: await idCuenta('6011') }] })).statusCode).toBe(200);
    }
  });

  it('un centro desactivado después: la anulación de la compra igual invierte con su centro', async () => {
    const tmp = (await sup.post(`${F}/centroscostos`, { Codigo: 'TMP-S', Nombre: 'Temporal' })).json().Id as number;
    centroDe.TMP = tmp;
    const r = await sup.post(`${LOG}/compras`, compra(4, { IdCentroCosto: tmp }));
    expect(r.statusCode, r.body).toBe(201);
    expect((await sup.put(`${F}/centroscostos/${tmp}`, { Codigo: 'TMP-S', Nombre: 'Temporal', LogEstado: 0 })).statusCode).toBe(200);
    const anula = await sup.put(`${LOG}/compras/${r.json().Id}/anulaciones`, { Motivo: 'Error de digitación' });
    expect(anula.statusCode, anula.body).toBe(200);
    expect(await lineasDe(`ANULA-COMPRA:${r.json().Id}`)).toEqual(['6011 0.00 100.00 TMP', '40111 0.00 18.00 -', '4212 118.00 0.00 -']);
  });
});

describe('reporte por centro de costo', () => {
  it('muestra las ventas (70) y las compras (60) de cada centro', async () => {
    const r = await sup.get(`${F}/libros/centroscostos?desde=${periodo}&hasta=${periodo}&idcentrocosto=${centroDe.VEN}`);
    expect(r.statusCode, r.body).toBe(200);
    const [ven] = (r.json() as TCentrosCostoReporte).Data;
    // Sales: 53.90 voided (0) + 53.90 + 11.44 = 65.34; purchases: 100.00 - the credit note's 10.00 = 90.00.
    expect(ven.Cuentas.map((c) => [c.Codigo, c.Debe, c.Haber, c.Saldo])).toEqual([
      ['6011', '100.00', '10.00', '90.00'],
      ['70111', '53.90', '119.24', '-65.34'],
    ]);
    expect(ven).toMatchObject({ Gastos: '90.00', Ingresos: '65.34', Resultado: '-24.66' });
  });
});
