// Issue 16 (gruposprecios): a group's price list (a canteen or staff shop: the group's workers pay special prices),
// clone, reset and copy of another group's list, and where the price applies: an order whose customer is a worker of
// the group takes the group's price before the customer's general list. Hand-written prices, through the real stack.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TGrupoListaPrecios, type TPedido, type TPreciosItem } from '@yupana/contracts';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, hoyLima, idSerie, type Cliente } from '../contabilidad/ayudas';

let e: Entorno;
let sup: Cliente;
let cajero: Cliente;
let otra: Cliente;
const RR = '/api/rrhh/v1';
const LOG = '/api/logistica/v1';
let idGrupo: number;
let idOtroGrupo: number;
let idArroz: number;
let idGaseosa: number;
let idAjeno: number;
let idGrupoAjeno: number;
const dni = '40123456';
let idTrabajador: number;

const lineas = (l: TGrupoListaPrecios) => l.Data.map((p) => [p.Codigo, p.CodigoUnidad, p.Factor, p.Precio, p.IdMoneda]);
const filas = async (consulta: ReturnType<typeof sql>) => ((await e.dbh.db.execute(consulta)) as unknown as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  otra = await clienteDe(e.app, 'demo.supervisor');
  const item = async (c: Cliente, Codigo: string, Descripcion: string, Precio: string) => {
    const r = await c.post(`${LOG}/items`, { Codigo, Descripcion, CodigoUnidad: 'NIU', Precio, PrecioIncluyeIgv: true, AfectacionIgv: '10' });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().Id as number;
  };
  idArroz = await item(sup, 'GP-ARROZ', 'ARROZ COSTEÑO 5 KG', '24.90');
  idGaseosa = await item(sup, 'GP-GAS', 'GASEOSA 500 ML', '2.50');
  idAjeno = await item(otra, 'GP-AJENO', 'ITEM DE OTRA EMPRESA', '5.00');
  const p = await sup.put(`${LOG}/items/${idGaseosa}/presentaciones`, { Presentaciones: [{ CodigoUnidad: 'BX', Descripcion: 'Paquete x 12', Factor: '12' }] });
  expect(p.statusCode, p.body).toBe(200);
  const t = await sup.post(`${RR}/entidades`, { IdTipoDocumento: 1, Documento: dni, Nombres: 'Rosa', ApePat: 'Comedor', ApeMat: 'Prueba' });
  expect(t.statusCode, t.body).toBe(201);
  idTrabajador = t.json().Id;
  idGrupo = (await sup.post(`${RR}/grupos`, { Nombre: 'Comedor planta', Descripcion: 'Personal de planta' })).json().Id;
  idOtroGrupo = (await sup.post(`${RR}/grupos`, { Nombre: 'Tienda oficina' })).json().Id;
  idGrupoAjeno = (await otra.post(`${RR}/grupos`, { Nombre: 'Grupo ajeno' })).json().Id;
}, 180_000);
afterAll(async () => e?.cerrar());

describe('lista de precios de un grupo', () => {
  it('fija precios por ítem y unidad (la base por defecto, una presentación con su factor) y los actualiza o quita', async () => {
    const r = await sup.put(`${RR}/grupos/${idGrupo}/listaprecios`, {
      Precios: [
        { IdItem: idArroz, Precio: '19.90' },
        { IdItem: idGaseosa, CodigoUnidad: 'niu', Precio: 2 },
        { IdItem: idGaseosa, CodigoUnidad: 'BX', Precio: '22.8', IdMoneda: 1 },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(lineas(r.json())).toEqual([
      ['GP-ARROZ', 'NIU', '1.00', '19.90', 1],
      ['GP-GAS', 'NIU', '1.00', '2.00', 1],
      ['GP-GAS', 'BX', '12.00', '22.80', 1],
    ]);
    expect(r.json().Data[0].PrecioBase).toBe('24.90');
    // Upsert: one price changes, one line goes (Precio null), the rest stay.
    const u = await sup.put(`${RR}/grupos/${idGrupo}/listaprecios`, { Precios: [{ IdItem: idArroz, Precio: '18.50' }, { IdItem: idGaseosa, CodigoUnidad: 'BX', Precio: null }] });
    expect(lineas(u.json())).toEqual([
      ['GP-ARROZ', 'NIU', '1.00', '18.50', 1],
      ['GP-GAS', 'NIU', '1.00', '2.00', 1],
    ]);
    expect(lineas((await sup.get(`${RR}/grupos/${idGrupo}/listaprecios`)).json())).toEqual(lineas(u.json()));
  });

  it('validación: ítem de otra empresa, unidad que el ítem no tiene, repetidos, precio negativo; nada se guarda a medias', async () => {
    const antes = (await sup.get(`${RR}/grupos/${idGrupo}/listaprecios`)).json();
    const casos: [unknown, string, RegExp][] = [
      [[{ IdItem: idArroz, Precio: '1' }, { IdItem: idAjeno, Precio: '1' }], 'Precios.1.IdItem', /No se encontró el producto/],
      [[{ IdItem: idArroz, CodigoUnidad: 'KGM', Precio: '1' }], 'Precios.0.CodigoUnidad', /no tiene la unidad KGM/],
      [[{ IdItem: idArroz, Precio: '1' }, { IdItem: idArroz, CodigoUnidad: 'NIU', Precio: '2' }], 'Precios.1.IdItem', /repetido/],
      [[{ IdItem: idArroz, Precio: '-1' }], 'Precios.0.Precio', /no negativo/],
      [[{ IdItem: idArroz, Precio: 'diez' }], 'Precios.0.Precio', /número/],
      [[{ IdItem: idArroz, Precio: '1', IdMoneda: 3 }], 'Precios.0.IdMoneda', /Moneda/],
    ];
    for (const [Precios, campo, mensaje] of casos) {
      const r = await sup.put(`${RR}/grupos/${idGrupo}/listaprecios`, { Precios });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().ErrorId).toBe(ErrorCodes.VALIDACION);
      expect(r.json().Errores[campo], r.body).toMatch(mensaje);
    }
    expect((await sup.put(`${RR}/grupos/${idGrupo}/listaprecios`, { Reemplazar: true, Precios: [{ IdItem: idArroz, Precio: null }] })).json().Errores['Precios.0.Precio']).toBe('Indique el precio');
    expect((await sup.get(`${RR}/grupos/${idGrupo}/listaprecios`)).json()).toEqual(antes);
  });

  it('clonar: el grupo nuevo trae la lista; los integrantes solo si se piden; nombre repetido no deja nada', async () => {
    expect((await sup.post(`${RR}/asignar/grupo`, { IdGrupo: idGrupo, IdsTrabajador: [idTrabajador] })).statusCode).toBe(200);
    const c = await sup.post(`${RR}/grupos/${idGrupo}/clonar`, { Nombre: 'Comedor planta 2' });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json()).toMatchObject({ Nombre: 'Comedor planta 2', Miembros: 0 });
    const clon = c.json().Id as number;
    expect(lineas((await sup.get(`${RR}/grupos/${clon}/listaprecios`)).json())).toEqual([
      ['GP-ARROZ', 'NIU', '1.00', '18.50', 1],
      ['GP-GAS', 'NIU', '1.00', '2.00', 1],
    ]);
    // The copy is independent: changing it leaves the original alone.
    await sup.put(`${RR}/grupos/${clon}/listaprecios`, { Precios: [{ IdItem: idArroz, Precio: '17.00' }] });
    expect((await sup.get(`${RR}/grupos/${idGrupo}/listaprecios`)).json().Data[0].Precio).toBe('18.50');
    const conMiembros = await sup.post(`${RR}/grupos/${idGrupo}/clonar`, { Nombre: 'Comedor planta 3', Descripcion: 'Con integrantes', ConColaboradores: true });
    expect(conMiembros.json()).toMatchObject({ Nombre: 'Comedor planta 3', Descripcion: 'Con integrantes', Miembros: 1 });
    const n = async () => Number((await filas(sql`select count(*)::int as n from grupo where lower(nombre) like 'comedor planta%'`))[0].n);
    const antes = await n();
    const rep = await sup.post(`${RR}/grupos/${idGrupo}/clonar`, { Nombre: 'COMEDOR PLANTA 2' });
    expect(rep.statusCode).toBe(400);
    expect(rep.json().Errores.Nombre).toBe('Ya existe un grupo con ese nombre');
    expect(await n()).toBe(antes);
    expect((await sup.post(`${RR}/grupos/${idGrupo}/clonar`, { Nombre: '' })).statusCode).toBe(400);
  });

  it('copiar la lista de otro grupo la reemplaza; reset la vacía y deja a los integrantes', async () => {
    await sup.put(`${RR}/grupos/${idOtroGrupo}/listaprecios`, { Precios: [{ IdItem: idGaseosa, CodigoUnidad: 'BX', Precio: '20.00', IdMoneda: 2 }] });
    const c = await sup.post(`${RR}/grupos/${idOtroGrupo}/copiarlistaprecio`, { IdGrupoOrigen: idGrupo });
    expect(c.json()).toEqual({ Cambiados: 2 });
    expect(lineas((await sup.get(`${RR}/grupos/${idOtroGrupo}/listaprecios`)).json())).toEqual([
      ['GP-ARROZ', 'NIU', '1.00', '18.50', 1],
      ['GP-GAS', 'NIU', '1.00', '2.00', 1],
    ]);
    expect((await sup.post(`${RR}/grupos/${idOtroGrupo}/copiarlistaprecio`, { IdGrupoOrigen: idOtroGrupo })).json().Errores.IdGrupoOrigen).toMatch(/otro grupo/);
    await sup.post(`${RR}/asignar/grupo`, { IdGrupo: idOtroGrupo, IdsTrabajador: [idTrabajador] });
    expect((await sup.post(`${RR}/grupos/${idOtroGrupo}/reset`, {})).json()).toEqual({ Cambiados: 2 });
    expect((await sup.get(`${RR}/grupos/${idOtroGrupo}/listaprecios`)).json()).toEqual({ IdGrupo: idOtroGrupo, Data: [], Count: 0 });
    expect((await sup.get(`${RR}/grupos/${idOtroGrupo}`)).json().Miembros).toBe(1);
    expect((await sup.post(`${RR}/grupos/${idOtroGrupo}/reset`, {})).json()).toEqual({ Cambiados: 0 });
  });

  it('otra empresa: su grupo, su ítem y el grupo de origen ajeno son 404; el cajero sin permiso de RR. HH. recibe 403', async () => {
    for (const [m, url, cuerpo] of [
      ['GET', `${RR}/grupos/${idGrupo}/listaprecios`],
      ['PUT', `${RR}/grupos/${idGrupo}/listaprecios`, { Precios: [{ IdItem: idAjeno, Precio: '1' }] }],
      ['POST', `${RR}/grupos/${idGrupo}/clonar`, { Nombre: 'Robado' }],
      ['POST', `${RR}/grupos/${idGrupo}/reset`],
      ['POST', `${RR}/grupos/${idGrupo}/copiarlistaprecio`, { IdGrupoOrigen: idGrupoAjeno }],
    ] as const) {
      const r = m === 'GET' ? await otra.get(url) : m === 'PUT' ? await otra.put(url, cuerpo) : await otra.post(url, cuerpo);
      expect(r.statusCode, `${m} ${url}`).toBe(404);
    }
    // Copying FROM another company's group into ours: not found either, and our list is untouched.
    expect((await sup.post(`${RR}/grupos/${idGrupo}/copiarlistaprecio`, { IdGrupoOrigen: idGrupoAjeno })).statusCode).toBe(404);
    expect((await sup.get(`${RR}/grupos/${idGrupo}/listaprecios`)).json().Count).toBe(2);
    expect((await cajero.get(`${RR}/grupos/${idGrupo}/listaprecios`)).statusCode).toBe(403);
    expect((await cajero.put(`${RR}/grupos/${idGrupo}/listaprecios`, { Precios: [{ IdItem: idArroz, Precio: '1' }] })).statusCode).toBe(403);
    expect((await cajero.post(`${RR}/grupos/${idGrupo}/clonar`, { Nombre: 'Cajero' })).statusCode).toBe(403);
    expect((await cajero.post(`${RR}/grupos/${idGrupo}/reset`, {})).statusCode).toBe(403);
    expect((await cajero.post(`${RR}/grupos/${idGrupo}/copiarlistaprecio`, { IdGrupoOrigen: idOtroGrupo })).statusCode).toBe(403);
    expect((await sup.get(`${RR}/grupos/${idGrupo}/listaprecios`)).json().Count).toBe(2);
  });
});

describe('dónde se aplica el precio del grupo', () => {
  it('la consulta de precios del ítem para el documento del trabajador trae el precio de su grupo (el menor si está en varios)', async () => {
    // Rosa is in "Comedor planta" (arroz 18.50), "Comedor planta 3" (its clone: 18.50) and "Tienda oficina" (emptied).
    const clon3 = (await sup.get(`${RR}/grupos`)).json().Data.find((g: { Nombre: string }) => g.Nombre === 'Comedor planta 3').Id as number;
    await sup.put(`${RR}/grupos/${clon3}/listaprecios`, { Precios: [{ IdItem: idArroz, Precio: '16.00' }] });
    const r = await cajero.get(`${LOG}/listaprecios/item/precios/${idArroz}?idtipodocumento=1&numerodocumento=${dni}`);
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json() as TPreciosItem;
    expect(p.PreciosGrupo!.map((x) => [x.Grupo, x.CodigoUnidad, x.Precio, x.IdMoneda])).toEqual([
      ['Comedor planta 3', 'NIU', '16.00', 1],
      ['Comedor planta', 'NIU', '18.50', 1],
    ]);
    // Another customer (not a worker), or no document: no group prices.
    expect((await cajero.get(`${LOG}/listaprecios/item/precios/${idArroz}?idtipodocumento=1&numerodocumento=99999999`)).json().PreciosGrupo).toEqual([]);
    expect((await cajero.get(`${LOG}/listaprecios/item/precios/${idArroz}`)).json().PreciosGrupo).toBeUndefined();
    // Another company's user asking with the same document sees nothing of ours (the item itself is a 404).
    expect((await otra.get(`${LOG}/listaprecios/item/precios/${idArroz}?idtipodocumento=1&numerodocumento=${dni}`)).statusCode).toBe(404);
  });

  it('un pedido del trabajador toma el precio del grupo antes que la lista general; otro cliente paga la lista', async () => {
    const idBoleta = await idSerie(sup, 1004, 'B001');
    expect(idBoleta).toBeGreaterThan(0);
    const series = (await sup.get('/api/entidades/v2/entidades/series?idtipodocumento=1004')).json().Data as { Serie: string; IdSucursal: number }[];
    const idSucursal = series.find((s) => s.Serie === 'B001')!.IdSucursal;
    const vip = (await sup.get(`${LOG}/listaprecios`)).json().Data.find((l: { Tipo: number }) => l.Tipo === 1).Id as number;
    await sup.put(`${LOG}/listaprecios/${vip}/precios`, { Precios: [{ IdItem: idArroz, CodigoUnidad: 'NIU', Precio: '21.00' }] });
    const pedido = async (NumeroDocumento: string, IdMoneda = 1) => {
      const r = await sup.post('/api/ventas/v1/pedidos', {
        Tipo: 2,
        IdSucursal: idSucursal,
        FechaEmision: hoyLima(),
        IdListaPrecio: vip,
        IdMoneda,
        Cliente: { IdTipoDocumento: 1, NumeroDocumento, RazonSocial: 'Cliente de prueba' },
        Lineas: [
          { IdItem: idArroz, ItemDescripcion: 'ARROZ', Cantidad: '2' },
          { IdItem: idGaseosa, ItemDescripcion: 'GASEOSA', Cantidad: '1' },
        ],
      });
      expect(r.statusCode, r.body).toBe(201);
      return r.json() as TPedido;
    };
    const deRosa = await pedido(dni);
    // Arroz: the lowest group price 16.00 (not VIP 21.00); gaseosa: group 2.00 (VIP has none, standard 2.50).
    expect(deRosa.Lineas.map((l) => l.PrecioUnitario)).toEqual(['16.00', '2.00']);
    expect(deRosa.Total).toBe('34.00');
    const deOtro = await pedido('99999999');
    expect(deOtro.Lineas.map((l) => l.PrecioUnitario)).toEqual(['21.00', '2.50']);
    // The group prices are in soles: an order in dollars does not take them.
    expect((await pedido(dni, 2)).Lineas.map((l) => l.PrecioUnitario)).toEqual(['21.00', '2.50']);
  });

  it('un grupo eliminado pierde su lista y deja de aplicarse', async () => {
    const clon3 = (await sup.get(`${RR}/grupos`)).json().Data.find((g: { Nombre: string }) => g.Nombre === 'Comedor planta 3').Id as number;
    expect((await sup.del(`${RR}/grupos/${clon3}`)).statusCode).toBe(200);
    expect(Number((await filas(sql`select count(*)::int as n from grupo_precio where id_grupo = ${clon3}`))[0].n)).toBe(0);
    const p = (await sup.get(`${LOG}/listaprecios/item/precios/${idArroz}?idtipodocumento=1&numerodocumento=${dni}`)).json() as TPreciosItem;
    expect(p.PreciosGrupo!.map((x) => [x.Grupo, x.Precio])).toEqual([['Comedor planta', '18.50']]);
  });
});
