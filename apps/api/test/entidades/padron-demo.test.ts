import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esRucValido, MensajesConsultaEntidad, TipoDocumentoIdentidad } from '@yupana/contracts';
import { empresa } from '../../src/db/schema';
import { entidad } from '../../src/modules/entidades/entidades.schema';
import { parsearLineaPadron } from '../../src/modules/entidades/padron-importacion';
import { CANTIDAD_PADRON_DEMO, CONTRIBUYENTE_DEMO, lineasPadronDemo } from '../../src/modules/entidades/padron-demo';
import { CABECERA_PADRON, padronMuestra } from '../../src/modules/entidades/padron-muestra';
import { ejecuciones } from '../../src/modules/entidades/padron.service';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// Issue 11, item 8: a fresh demo has a padrón slice in SUNAT's format, and the upload refuses what is not a padrón.
let e: Entorno;
let proveedor: string;
let supervisor: string;
let dir: string;
// Test files share a worker's process (isolate: false): DATA_DIR goes back to what it was when this file ends.
const dataDirAntes = process.env.DATA_DIR;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'yupana-padron-demo-'));
  process.env.DATA_DIR = dir;
  mkdirSync(path.join(dir, 'padron'));
  e = await crearEntorno({}, { padronDemo: true });
  proveedor = (await sesionDe(e.app, 'proveedor')).AccessToken;
  supervisor = (await sesionDe(e.app, 'supervisor')).AccessToken;
}, 180_000);
afterAll(async () => {
  await e?.cerrar();
  rmSync(dir, { recursive: true, force: true });
  if (dataDirAntes === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = dataDirAntes;
});

const filas = async (consulta: ReturnType<typeof sql>) => Number(((await e.dbh.db.execute(consulta)) as unknown as { rows: { n: number }[] }).rows[0].n);
const subir = (cuerpo: Buffer, nombre = 'padron_reducido_ruc.txt') =>
  e.app.inject(
    conToken(proveedor, {
      method: 'POST',
      url: `/api/entidades/v1/padron-ruc/importaciones?nombre=${nombre}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: cuerpo,
    }),
  );

describe('padrón de la demostración', () => {
  it('trae unos miles de contribuyentes en el formato del padrón reducido, todos con RUC de dígito verificador válido', async () => {
    const lineas = [...lineasPadronDemo()];
    expect(lineas[0]).toBe(CABECERA_PADRON);
    const contribuyentes = lineas.slice(1).map((l) => parsearLineaPadron(l));
    expect(contribuyentes.every((f) => f !== null)).toBe(true);
    expect(contribuyentes.length).toBeGreaterThan(CANTIDAD_PADRON_DEMO);
    expect(contribuyentes.filter((f) => !esRucValido(f![0]!))).toEqual([]);
    expect(new Set(contribuyentes.map((f) => f![0])).size).toBe(contribuyentes.length);

    const estado = await e.app.inject(conToken(proveedor, { method: 'GET', url: '/api/entidades/v1/padron-ruc' }));
    expect(estado.json()).toMatchObject({ Importacion: null, TotalContribuyentes: contribuyentes.length });
  });

  it('incluye a las empresas y a los clientes y proveedores con RUC de la demostración', async () => {
    const conRuc = await e.dbh.db.select({ ruc: entidad.documento }).from(entidad).where(eq(entidad.idTipoDocumento, TipoDocumentoIdentidad.RUC));
    const empresas = await e.dbh.db.select({ ruc: empresa.documento }).from(empresa);
    const rucs = [...conRuc.map((x) => x.ruc), ...empresas.map((x) => x.ruc)].filter((r): r is string => !!r && r !== '00000000000');
    expect(rucs.length).toBeGreaterThanOrEqual(4);
    for (const ruc of rucs) {
      expect(esRucValido(ruc), ruc).toBe(true);
      const r = await e.app.inject(conToken(proveedor, { method: 'GET', url: `/api/entidades/v1/padron-ruc/contribuyentes/${ruc}` }));
      expect(r.statusCode, ruc).toBe(200);
    }
  });

  it('la consulta de RUC de un cliente nuevo responde desde el padrón de la demostración', async () => {
    const r = await e.app.inject(
      conToken(supervisor, { method: 'POST', url: '/api/entidades/v1/entidad/consulta', payload: { idTipoDocumento: 2, numeroDocumento: CONTRIBUYENTE_DEMO.ruc, consultasunat: true } }),
    );
    expect(r.json()).toMatchObject({ Origen: 'SUNAT', Mensaje: null, Count: 1 });
    expect(r.json().Collection[0]).toMatchObject({ RazonSocial: CONTRIBUYENTE_DEMO.razonSocial, Direccion: expect.stringMatching(/^JR\. GAMARRA NRO\. 1050 INT\. 305, LIMA - LIMA - LA VICTORIA$/) });
    // A RUC outside the slice is still not found.
    const otro = await e.app.inject(
      conToken(supervisor, { method: 'POST', url: '/api/entidades/v1/entidad/consulta', payload: { idTipoDocumento: 2, numeroDocumento: '20601030013', consultasunat: true } }),
    );
    expect(otro.json()).toMatchObject({ Origen: null, Mensaje: MensajesConsultaEntidad.NO_HAY_SUNAT });
  });
});

describe('subida de un archivo que no es el padrón', () => {
  const casos: [string, Buffer, RegExp][] = [
    ['una hoja CSV', Buffer.from('RUC;Nombre;Estado\r\n20100070970;SUPERMERCADOS PERUANOS;ACTIVO\r\n'), /no es el padrón reducido del RUC/],
    ['el .zip sin descomprimir', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 7)]), /descomprima padron_reducido_ruc\.zip/],
    // Larger than the bytes looked at: the rest of the body is drained, not written.
    ['un texto de 300 KB', Buffer.from('Lorem ipsum dolor sit amet\n'.repeat(12_000)), /no es el padrón reducido del RUC/],
    ['la cabecera seguida de otra cosa', Buffer.from(`${CABECERA_PADRON}\r\nhola|mundo\r\n`, 'latin1'), /no es el padrón reducido del RUC/],
  ];
  for (const [nombre, cuerpo, mensaje] of casos) {
    it(`rechaza ${nombre} en castellano, sin dejar importación ni archivo`, async () => {
      const antes = await filas(sql`select count(*)::int as n from padron_importacion`);
      const r = await subir(cuerpo, 'datos.txt');
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().ErrorId).toBe(500001);
      expect(r.json().Errores.Archivo).toMatch(mensaje);
      expect(await filas(sql`select count(*)::int as n from padron_importacion`)).toBe(antes);
      const subidas = path.join(dir, 'padron', 'subidas');
      expect(
        (await import('node:fs')).readdirSync(subidas).filter((f) => f.startsWith('importacion-')),
        'ningún archivo subido queda en disco',
      ).toEqual([]);
    });
  }

  it('una importación desde la carpeta del servidor también rechaza lo que no es el padrón', async () => {
    writeFileSync(path.join(dir, 'padron', 'clientes.csv'), 'RUC;Nombre\r\n20100070970;SUPERMERCADOS PERUANOS\r\n');
    const r = await e.app.inject(conToken(proveedor, { method: 'POST', url: '/api/entidades/v1/padron-ruc/importaciones/ruta', payload: { Ruta: 'clientes.csv' } }));
    expect(r.statusCode).toBe(400);
    expect(r.json().Errores.Ruta).toMatch(/no es el padrón reducido del RUC/);
  });

  it('un padrón de verdad se sigue aceptando e importando sobre el de la demostración', async () => {
    const r = await subir(padronMuestra(50, 3));
    expect(r.statusCode, r.body).toBe(202);
    await ejecuciones.get(r.json().Id);
    const fin = await e.app.inject(conToken(proveedor, { method: 'GET', url: `/api/entidades/v1/padron-ruc/importaciones/${r.json().Id}` }));
    expect(fin.json()).toMatchObject({ Estado: 'COMPLETADA', LineasProcesadas: 50, LineasRechazadas: 0 });
  });
});
