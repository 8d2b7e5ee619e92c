// Series CRUD of the Series and entity service, and the company SUNAT settings (secrets in, never out).
import { sql } from 'drizzle-orm';
import { generarCertificadoPrueba } from '@yupana/sunat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../helpers';
import { clienteDe, factura, idSerie, type Cliente } from './ayudas';

let e: Entorno;
let sup: Cliente;
let idSucursal: number;
const S = '/api/entidades';

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  const r = await sup.get(`${S}/v2/entidades/series?idtipodocumento=1003`);
  idSucursal = r.json().Data[0].IdSucursal;
}, 120_000);
afterAll(async () => e?.cerrar());

describe('series', () => {
  it('crea, lee, busca, modifica y elimina (lógicamente) una serie', async () => {
    const c = await sup.post(`${S}/v1/series`, { IdSucursal: idSucursal, IdTipoDocumento: 1003, Serie: 'f010', TipoSerie: 2, Descripcion: 'Facturas de ventas web' });
    expect(c.statusCode, c.body).toBe(201);
    const s = c.json();
    expect(s).toMatchObject({ Serie: 'F010', TipoSerie: 2, Correlativo: 0, LogEstado: 1, TipoDocumento: 'Factura electrónica' });
    expect((await sup.get(`${S}/v1/entidades/series/${s.Id}`)).json().Serie).toBe('F010');
    expect((await sup.get(`${S}/v1/entidades/serie/descripcion?descripcion=ventas web`)).json().Data.map((x: { Id: number }) => x.Id)).toEqual([s.Id]);
    const v3 = (await sup.get(`${S}/v3/entidades/series?idtipodocumento=1003&nropagina=1&regxpagina=2`)).json();
    expect(v3.Data).toHaveLength(2);
    expect(v3.Count).toBe(3);
    const v1 = (await sup.get(`${S}/v1/entidades/series?ListaTipoDocumentos=1003,1004`)).json();
    expect(new Set(v1.Data.map((x: { IdTipoDocumento: number }) => x.IdTipoDocumento))).toEqual(new Set([1003, 1004]));
    const m = await sup.put(`${S}/v1/series`, { Id: s.Id, IdSucursal: idSucursal, IdTipoDocumento: 1003, Serie: 'F010', TipoSerie: 3, Descripcion: 'Otras' });
    expect(m.json()).toMatchObject({ TipoSerie: 3, Descripcion: 'Otras' });
    const d = await sup.del(`${S}/v1/series/${s.Id}`);
    expect(d.json().LogEstado).toBe(0);
    expect((await sup.get(`${S}/v2/entidades/series?idtipodocumento=1003`)).json().Data.some((x: { Id: number }) => x.Id === s.Id)).toBe(false);
  });

  it('formatos por tipo: F### factura, B### boleta, T### y V### guías, notas con el documento de referencia', async () => {
    const mal = async (cuerpo: object, campo: string, mensaje: string | RegExp) => {
      const r = await sup.post(`${S}/v1/series`, { IdSucursal: idSucursal, ...cuerpo });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().Errores[campo]).toMatch(mensaje);
    };
    await mal({ IdTipoDocumento: 1003, Serie: 'B001' }, 'Serie', 'La serie tiene el formato F###');
    await mal({ IdTipoDocumento: 1004, Serie: 'F001' }, 'Serie', 'La serie tiene el formato B###');
    await mal({ IdTipoDocumento: 1007, Serie: 'V001' }, 'Serie', 'La serie tiene el formato T###');
    await mal({ IdTipoDocumento: 3005, Serie: 'T001' }, 'Serie', 'La serie tiene el formato V###');
    await mal({ IdTipoDocumento: 1005, Serie: 'F009' }, 'IdTipoDocumentoReferencia', /facturas \(1003\) o boletas/);
    await mal({ IdTipoDocumento: 1005, Serie: 'F009', IdTipoDocumentoReferencia: 1004 }, 'Serie', /formato B###/);
    await mal({ IdTipoDocumento: 1003, Serie: 'F001' }, 'Serie', 'La serie F001 ya existe para este tipo de documento');
    await mal({ IdTipoDocumento: 1003, Serie: 'F0011' }, 'Serie', 'La serie tiene 4 caracteres');
    await mal({ IdTipoDocumento: 1003, Serie: 'F011', IdSucursal: 99999 }, 'IdSucursal', 'La sucursal no existe');
  });

  it('creación múltiple y por tipos de documento, todo o nada', async () => {
    const t = await sup.post(`${S}/v1/tipo-docs/series/multiples`, { IdSucursal: idSucursal, ListaTipoDocumentos: [1003, 1004, 1007], Serie: '020' });
    expect(t.statusCode, t.body).toBe(201);
    expect(t.json().Data.map((x: { Serie: string }) => x.Serie)).toEqual(['F020', 'B020', 'T020']);
    const antes = (await sup.get(`${S}/v3/entidades/series?regxpagina=500`)).json().Count;
    const m = await sup.post(`${S}/v1/series/multiples`, { Lista: [{ IdSucursal: idSucursal, IdTipoDocumento: 1003, Serie: 'F030' }, { IdSucursal: idSucursal, IdTipoDocumento: 1003, Serie: 'F030' }] });
    expect(m.statusCode).toBe(400);
    expect(m.json().Errores['Lista.1.Serie']).toMatch(/repetida/);
    expect((await sup.get(`${S}/v3/entidades/series?regxpagina=500`)).json().Count).toBe(antes);
  });

  it('una empresa sin RUC solo tiene series de notas de venta; otra empresa no ve mis series', async () => {
    const bodega = await clienteDe(e.app, 'sinruc.supervisor');
    const lista = (await bodega.get(`${S}/v2/entidades/series`)).json();
    expect(lista.Data.map((x: { Serie: string; IdTipoDocumento: number }) => [x.Serie, x.IdTipoDocumento])).toEqual([['NV01', 1008]]);
    const r = await bodega.post(`${S}/v1/series`, { IdSucursal: lista.Data[0].IdSucursal, IdTipoDocumento: 1003, Serie: 'F001' });
    expect(r.json().Errores.IdTipoDocumento).toBe('Una empresa sin RUC solo emite notas de venta');
    const mia = (await sup.get(`${S}/v2/entidades/series?idtipodocumento=1003`)).json().Data[0].Id;
    expect((await bodega.get(`${S}/v1/entidades/series/${mia}`)).statusCode).toBe(404);
    expect((await bodega.del(`${S}/v1/series/${mia}`)).statusCode).toBe(404);
  });
});

describe('configuración SUNAT', () => {
  const C = '/api/contabilidad/v1/configuraciones/sunat';

  it('la empresa demo tiene certificado de prueba y el simulador; el ambiente es de prueba', async () => {
    const r = (await sup.get(C)).json();
    expect(r).toMatchObject({ Ambiente: 'SIMULADOR', UrlOse: null, TieneCredencialesSol: true });
    expect(r.Certificado.Sujeto).toMatch(/PRUEBA/);
    expect(r.Certificado.PorVencer).toBe(false);
    expect((await sup.get('/api/contabilidad/v1/ambiente/sunat')).json()).toMatchObject({ Ambiente: 'SIMULADOR', EsPrueba: true, Certificado: { PorVencer: false, Vencido: false } });
  });

  it('guarda certificado y clave SOL cifrados; nunca los devuelve', async () => {
    // The issuing path caches the parsed certificate per company: a new upload must take effect on the next document.
    const f001 = await idSerie(sup, 1003, 'F001');
    const xmlDe = async (creado: { statusCode: number; body: string }) => {
      expect(creado.statusCode, creado.body).toBe(201);
      return (await sup.get(`/api/contabilidad/v1/documentoContable/${JSON.parse(creado.body).Id}/archivos/2`)).body;
    };
    const antes = await xmlDe(await sup.post('/api/contabilidad/v1/documentoContable', factura(f001)));
    const { pfx, password, credencial } = generarCertificadoPrueba({ ruc: '20600123450', razonSocial: 'COMERCIAL ANDINA NUEVA' });
    expect(antes).not.toContain(credencial.certificateBase64);
    const r = await sup.put(C, { Ambiente: 'BETA', CertificadoBase64: pfx.toString('base64'), ClaveCertificado: password, UsuarioSol: 'USUARIO1', ClaveSol: 'clave-sol-secreta' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await xmlDe(await sup.post('/api/contabilidad/v1/documentoContable', factura(f001)))).toContain(`<ds:X509Certificate>${credencial.certificateBase64}</ds:X509Certificate>`);
    expect(r.body).not.toContain(password);
    expect(r.body).not.toContain('clave-sol-secreta');
    expect(r.json()).toMatchObject({ Ambiente: 'BETA', TieneCredencialesSol: true, Certificado: { Sujeto: expect.stringContaining('COMERCIAL ANDINA NUEVA') } });
    const fila = (await e.dbh.db.execute(sql`select * from empresa_sunat where id_empresa = (select id from empresa where documento = '20600123450')`)) as unknown as { rows: Record<string, unknown>[] };
    const guardado = JSON.stringify(fila.rows[0], (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : v));
    expect(guardado).not.toContain('clave-sol-secreta');
    expect(guardado).not.toContain('USUARIO1');
    expect(guardado).not.toContain(password);
    expect((await sup.get('/api/contabilidad/v1/ambiente/sunat')).json()).toMatchObject({ Ambiente: 'BETA', EsPrueba: true });
  });

  it('contraseña incorrecta, OSE sin URL y certificado por vencer', async () => {
    const { pfx } = generarCertificadoPrueba({ ruc: '20600123450' });
    const mal = await sup.put(C, { Ambiente: 'PRODUCCION', CertificadoBase64: pfx.toString('base64'), ClaveCertificado: 'otra' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().Errores.ClaveCertificado).toMatch(/contraseña/i);
    const ose = await sup.put(C, { Ambiente: 'OSE' });
    expect(ose.json().Errores.UrlOse).toBe('Indique la URL del OSE');
    // The stored validity drives the warning: 10 days left.
    await e.dbh.db.execute(sql`update empresa_sunat set cert_valido_hasta = now() + interval '10 days' where id_empresa = (select id from empresa where documento = '20600123450')`);
    const r = (await sup.get(C)).json();
    expect(r.Certificado).toMatchObject({ PorVencer: true, Vencido: false });
    expect(r.Certificado.DiasRestantes).toBeLessThanOrEqual(10);
    const sol = await sup.put(C, { Ambiente: 'PRODUCCION' });
    expect(sol.json()).toMatchObject({ Ambiente: 'PRODUCCION', TieneCredencialesSol: true });
    expect((await sup.get('/api/contabilidad/v1/ambiente/sunat')).json()).toMatchObject({ Ambiente: 'PRODUCCION', EsPrueba: false, Certificado: { PorVencer: true, Vencido: false } });
  });
});
