import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, MensajesError, type TDatosEmpresa, type TLoginRespuesta } from '@yupana/contracts';
import { crearEmpresaProveedora, idEmpresaProveedora } from '../../src/lib/proveedor';
import { clienteDe, factura, idSerie, type Cliente } from '../contabilidad/ayudas';
import { conToken, crearEntorno, login, sesionDe, type Entorno } from '../helpers';

// Issue 10, items 1 and 2: who may change a company's legal identity, and who is the platform provider.
let e: Entorno;
let sup: Cliente;
let cajero: Cliente;
let idAndina: number;

const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const empresaAndina = async () =>
  (await filas<{ documento: string; tipo_empresa: number; direccion: string; razon_social: string }>(sql`select documento, tipo_empresa, direccion, razon_social from empresa where id = ${idAndina}`))[0];
const emitirFactura = async (c: Cliente) => {
  const r = await c.post('/api/contabilidad/v1/documentoContable', factura(await idSerie(c, 1003, 'F001')));
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { Id: number };
};
const rucFirmado = async (idDocumento: number) =>
  (await filas<{ xml: string }>(sql`select convert_from(xml_firmado, 'UTF8') as xml from documento_contable where id = ${idDocumento}`))[0].xml.match(
    /<cac:AccountingSupplierParty>[\s\S]*?<cbc:ID[^>]*>(\d{11})<\/cbc:ID>/,
  )?.[1];

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  cajero = await clienteDe(e.app, 'cajero');
  idAndina = (await sesionDe(e.app, 'supervisor')).IdEntidadEmpresa;
}, 120_000);
afterAll(async () => e?.cerrar());

const PASO_1 = '/api/seguridad/v3/usuarios/universales/pasos/tipo-configuracion';

describe('el asistente de configuración', () => {
  it('un cajero no puede cambiar el RUC ni el tipo de la empresa, y la siguiente factura se firma con el RUC de siempre', async () => {
    for (const cuerpo of [
      { TipoEmpresa: 0, Documento: '20100070970', RazonSocial: 'X', Direccion: 'Y' },
      { TipoEmpresa: 2, RazonSocial: 'X' },
    ]) {
      const r = await cajero.put(PASO_1, cuerpo);
      expect(r.statusCode, r.body).toBe(403);
    }
    for (const paso of ['persona-de-contacto', 'series-electronicas']) expect((await cajero.put(`/api/seguridad/v3/usuarios/universales/pasos/${paso}`, {})).statusCode).toBe(403);
    expect(await empresaAndina()).toMatchObject({ documento: '20600123450', tipo_empresa: 0 });
    const doc = await emitirFactura(sup);
    expect(await rucFirmado(doc.Id)).toBe('20600123450');
  });

  it('una empresa que terminó el asistente no lo vuelve a correr, ni siquiera su administrador', async () => {
    const r = await sup.put(PASO_1, { TipoEmpresa: 0, Documento: '20100070970', RazonSocial: 'OTRA S.A.C.' });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.ASISTENTE_FINALIZADO, Mensaje: MensajesError[ErrorCodes.ASISTENTE_FINALIZADO] });
    expect((await sup.put('/api/seguridad/v3/usuarios/universales/pasos/persona-de-contacto', { Nombres: 'Rosa', Telefono: '987654321', Correo: 'r@x.pe' })).statusCode).toBe(409);
    expect(await empresaAndina()).toMatchObject({ documento: '20600123450', razon_social: 'COMERCIAL ANDINA YUPANA S.A.C.' });
  });

  it('con el asistente abierto, una empresa que ya emitió no cambia ni quita su RUC (un RUC distinto es otra empresa)', async () => {
    await e.dbh.db.execute(sql`update empresa set asistente_finalizado = false where id = ${idAndina}`);
    try {
      for (const cuerpo of [
        { TipoEmpresa: 0, Documento: '20100070970', RazonSocial: 'COMERCIAL ANDINA YUPANA S.A.C.' },
        { TipoEmpresa: 2, RazonSocial: 'COMERCIAL ANDINA YUPANA S.A.C.' },
      ]) {
        const r = await sup.put(PASO_1, cuerpo);
        expect(r.statusCode, r.body).toBe(409);
        expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.RUC_INMUTABLE, Errores: { Documento: MensajesError[ErrorCodes.RUC_INMUTABLE] } });
      }
      expect(await empresaAndina()).toMatchObject({ documento: '20600123450', tipo_empresa: 0 });
      // The same RUC is fine (the administrator corrects the name while the wizard is open).
      const mismo = await sup.put(PASO_1, { TipoEmpresa: 0, Documento: '20600123450', RazonSocial: 'Comercial Andina Yupana S.A.C.', Direccion: 'AV. AREQUIPA 1234, LINCE, LIMA' });
      expect(mismo.statusCode, mismo.body).toBe(200);
    } finally {
      await e.dbh.db.execute(sql`update empresa set asistente_finalizado = true where id = ${idAndina}`);
    }
  });
});

describe('los datos de la empresa', () => {
  const MI_CUENTA = async (c: Cliente) => `/api/seguridad/v3/usuarios/universales/${(await sesionDe(e.app, c === sup ? 'supervisor' : 'cajero')).IdUsuario}`;

  it('un cajero edita sus propios datos pero no la dirección de la empresa que sale en cada comprobante', async () => {
    const url = await MI_CUENTA(cajero);
    cajero = await clienteDe(e.app, 'cajero');
    const actual = (await cajero.get(url)).json();
    expect(actual.PuedeEditarEmpresa).toBe(false);
    const intento = await cajero.put(url, { Nombres: 'Luis', Apellidos: 'Mamani', Direccion: 'JR. FALSO 123' });
    expect(intento.statusCode).toBe(403);
    expect(intento.json().Mensaje).toBe('Solo el administrador de su empresa puede cambiar la dirección, el correo o el teléfono de la empresa');
    expect((await empresaAndina()).direccion).toBe('AV. AREQUIPA 1234, LINCE, LIMA');
    // Its own data with the company's unchanged values is fine.
    const propio = await cajero.put(url, { Nombres: 'Luis Alberto', Apellidos: 'Mamani Flores', Direccion: actual.Direccion, CorreoEmpresa: actual.CorreoEmpresa, Telefono: actual.Telefono });
    expect(propio.statusCode, propio.body).toBe(200);
    expect(propio.json().Nombres).toBe('Luis Alberto');
    cajero = await clienteDe(e.app, 'cajero');
  });

  it('el administrador los cambia en Datos de la empresa, con un registro en la bitácora; el RUC no está en el formulario', async () => {
    const antes = (await sup.get('/api/seguridad/v1/empresas/datos')).json() as TDatosEmpresa;
    expect(antes).toMatchObject({ Documento: '20600123450', TipoEmpresa: 0, PuedeEditar: true, AsistenteFinalizado: true });
    expect(((await cajero.get('/api/seguridad/v1/empresas/datos')).json() as TDatosEmpresa).PuedeEditar).toBe(false);

    const cuerpo = { RazonSocial: 'Comercial Andina Yupana S.A.C.', Direccion: 'AV. JAVIER PRADO OESTE 757, MAGDALENA DEL MAR, LIMA', IdUbigeo: '150120', Correo: 'ventas@comercialandina.pe', Telefono: '014405566', Documento: '20100070970' };
    expect((await cajero.put('/api/seguridad/v1/empresas/datos', cuerpo)).statusCode).toBe(403);
    const malo = await sup.put('/api/seguridad/v1/empresas/datos', { ...cuerpo, IdUbigeo: '999999', Telefono: '12' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().Errores).toMatchObject({ Telefono: 'Ingrese un teléfono de 6 a 15 dígitos' });
    const sinUbigeo = await sup.put('/api/seguridad/v1/empresas/datos', { ...cuerpo, IdUbigeo: '999999' });
    expect(sinUbigeo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdUbigeo: 'No se encontró el ubigeo' } });

    const r = await sup.put('/api/seguridad/v1/empresas/datos', cuerpo);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ RazonSocial: 'COMERCIAL ANDINA YUPANA S.A.C.', Direccion: cuerpo.Direccion, IdUbigeo: '150120', Documento: '20600123450' });
    const doc = await emitirFactura(sup);
    expect(await rucFirmado(doc.Id)).toBe('20600123450');
    const xml = (await filas<{ xml: string }>(sql`select convert_from(xml_firmado, 'UTF8') as xml from documento_contable where id = ${doc.Id}`))[0].xml;
    expect(xml).toContain('AV. JAVIER PRADO OESTE 757, MAGDALENA DEL MAR, LIMA');

    const eventos = (await sup.get('/api/seguridad/v1/auditoria/eventos?evento=empresa_datos')).json() as { Data: { Usuario: string; Detalle: { Antes: Record<string, string>; Despues: Record<string, string> } }[] };
    expect(eventos.Data[0]).toMatchObject({
      Usuario: 'supervisor',
      Detalle: { Antes: { Direccion: 'AV. AREQUIPA 1234, LINCE, LIMA', IdUbigeo: '150116' }, Despues: { Direccion: cuerpo.Direccion, IdUbigeo: '150120' } },
    });
  });
});

describe('la empresa proveedora de la plataforma', () => {
  it('la marca la instalación, no el RUC: Comercial Andina (con el RUC que antes la hacía proveedora) es un cliente', async () => {
    const idProveedor = await idEmpresaProveedora(e.dbh.db);
    const prov = await sesionDe(e.app, 'proveedor');
    expect(idProveedor).toBe(prov.IdEntidadEmpresa);
    expect(idProveedor).not.toBe(idAndina);
    expect((await sup.get('/api/pagos/v1/gestion/pagos?estado=2')).statusCode).toBe(403);
    expect((await e.app.inject(conToken(prov.AccessToken, { method: 'GET', url: '/api/pagos/v1/gestion/pagos?estado=2' }))).statusCode).toBe(200);
  });

  it('la pantalla de importación del padrón (solo del proveedor) sale en el menú del proveedor y no en el de un cliente', async () => {
    type Nodo = { IdPermiso: number; Hijos: Nodo[] };
    const ids = (nodos: Nodo[]): number[] => nodos.flatMap((n) => [n.IdPermiso, ...ids(n.Hijos)]);
    const menuDe = async (usuario: string) => {
      const s = await sesionDe(e.app, usuario);
      const r = await e.app.inject(conToken(s.AccessToken, { method: 'GET', url: `/api/seguridad/v2/usuarios/${s.IdUsuario}/permisos/modulos` }));
      expect(r.statusCode).toBe(200);
      return ids(r.json().Data as Nodo[]);
    };
    const cliente = await menuDe('supervisor');
    // Nor the platform's developer screens (permission tree, service catalogue, modules): roles stay.
    for (const id of [4030, 4040, 4070]) expect(cliente).not.toContain(id);
    expect(cliente).toContain(4020);
    expect(await menuDe('proveedor')).toEqual(expect.arrayContaining([4030, 4040, 4070]));
    expect(cliente).not.toContain(3004);
    expect(cliente).not.toContain(3041);
    expect(cliente.length).toBeGreaterThan(10);
    expect(await menuDe('proveedor')).toEqual(expect.arrayContaining([3004, 3041]));
  });

  it('sin empresa proveedora, quien se registra con cualquier RUC no obtiene los servicios de la plataforma', async () => {
    await e.dbh.db.execute(sql`update empresa set es_proveedor = false`);
    const anterior = process.env.YUPANA_RUC_PROVEEDOR;
    process.env.YUPANA_RUC_PROVEEDOR = '20494100186';
    try {
      const correo = 'intruso@ejemplo.pe';
      const clave = 'Montaña.Azul.Quechua.77';
      const alta = await e.app.inject({ method: 'POST', url: '/api/seguridad/v3/usuarios/universales/cuenta', payload: { Nombres: 'Ivo', Apellidos: 'Intruso', Correo: correo, Contrasenha: clave } });
      expect(alta.statusCode, alta.body).toBe(201);
      const entrar = async () => {
        const r = await login(e.app, correo, clave);
        expect(r.statusCode, r.body).toBe(200);
        const token = (r.json() as TLoginRespuesta).AccessToken;
        return {
          get: (url: string) => e.app.inject(conToken(token, { method: 'GET', url })),
          post: (url: string, payload: object) => e.app.inject(conToken(token, { method: 'POST', url, payload })),
          put: (url: string, payload: object) => e.app.inject(conToken(token, { method: 'PUT', url, payload })),
        };
      };
      const intruso = await entrar();
      const paso = await intruso.put(PASO_1, { TipoEmpresa: 0, Documento: '20494100186', RazonSocial: 'YUPANA FALSA S.A.C.' });
      expect(paso.statusCode, paso.body).toBe(200);
      const otraVez = await entrar();
      expect(await idEmpresaProveedora(e.dbh.db)).toBeNull();
      for (const url of ['/api/pagos/v1/gestion/pagos?estado=2', '/api/entidades/v1/padron-ruc/importaciones/1/pausa'])
        expect((url.endsWith('pausa') ? await otraVez.post(url, {}) : await otraVez.get(url)).statusCode, url).toBe(403);
      expect((await otraVez.post('/api/pagos/v1/paquetes', { Nombre: 'Gratis', TipoPlan: 1, Precio: '1.00', CantidadMaxima: 9999, DiasVigencia: 365, TiempoPago: '1 año' })).statusCode).toBe(403);
    } finally {
      process.env.YUPANA_RUC_PROVEEDOR = anterior;
      await e.dbh.db.execute(sql`update empresa set es_proveedor = true where documento = '20611700009'`);
    }
  });

  it('el comando del operador crea la proveedora una sola vez y no convierte a otra empresa sin pedirlo', async () => {
    const datos = { ruc: '20100070970', razonSocial: 'OTRA PROVEEDORA S.A.C.', correo: 'x@otra.pe', usuario: 'otra.proveedora', nombres: 'A', apellidos: 'B', contrasenhaHash: 'x' };
    await expect(crearEmpresaProveedora(e.dbh.db, datos)).rejects.toThrow(/Ya existe la empresa proveedora: YUPANA SOFTWARE S\.A\.C\./);
    await e.dbh.db.execute(sql`update empresa set es_proveedor = false`);
    try {
      await expect(crearEmpresaProveedora(e.dbh.db, { ...datos, ruc: '20600123450' })).rejects.toThrow(/use --marcar-existente/);
      const nueva = await crearEmpresaProveedora(e.dbh.db, datos);
      expect(nueva.creada).toBe(true);
      expect(await idEmpresaProveedora(e.dbh.db)).toBe(nueva.idEmpresa);
      const [u] = await filas<{ roles: number[] }>(sql`select array_agg(id_rol order by id_rol) as roles from usuario_rol where id_usuario = ${nueva.idUsuario}`);
      expect(u.roles).toEqual([2, 4]);
      await e.dbh.db.execute(sql`update empresa set es_proveedor = false`);
    } finally {
      await e.dbh.db.execute(sql`update empresa set es_proveedor = true where documento = '20611700009'`);
    }
  });
});
