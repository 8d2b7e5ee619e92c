import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MensajesConsultaEntidad, type TImportacionPadron } from '@yupana/contracts';
import { padronImportacion } from '../../src/modules/entidades/entidades.schema';
import { importarArchivoPadron, parsearLineaPadron } from '../../src/modules/entidades/padron-importacion';
import { CONTRIBUYENTE_MUESTRA, padronMuestra } from '../../src/modules/entidades/padron-muestra';
import { configuracionPadron, ejecuciones } from '../../src/modules/entidades/padron.service';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

const MUESTRA = path.join(import.meta.dirname, 'padron-muestra.txt');

let e: Entorno;
let token: string;
let dir: string;
// Test files share a worker's process (isolate: false): DATA_DIR goes back to what it was when this file ends.
const dataDirAntes = process.env.DATA_DIR;
/** The import folder (DATA_DIR/padron): the only place a file can be imported from. */
let carpeta: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'yupana-padron-'));
  process.env.DATA_DIR = dir;
  carpeta = path.join(dir, 'padron');
  mkdirSync(carpeta);
  e = await crearEntorno();
  // Importing the padrón is a platform service: the provider's staff.
  token = (await sesionDe(e.app, 'proveedor')).AccessToken;
});
afterAll(async () => {
  await e?.cerrar();
  rmSync(dir, { recursive: true, force: true });
  if (dataDirAntes === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = dataDirAntes;
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  e.app.inject(conToken(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

async function esperarFin(id: number): Promise<TImportacionPadron> {
  await ejecuciones.get(id);
  return (await llamar('GET', `/api/entidades/v1/padron-ruc/importaciones/${id}`)).json();
}

/** First row of a raw query (PGlite and node-postgres both answer with `rows`). */
const primera = async (consulta: ReturnType<typeof sql>) => ((await e.dbh.db.execute(consulta)) as unknown as { rows: { n: number }[] }).rows[0];
const filasPadron = async () => Number((await primera(sql`select count(*)::int as n from padron_ruc`)).n);
const filasImportacion = async () => Number((await primera(sql`select count(*)::int as n from padron_importacion`)).n);

describe('parsearLineaPadron', () => {
  it('lee las 15 columnas, convierte "-" en vacío y rechaza lo que no es un contribuyente', () => {
    expect(parsearLineaPadron('20100070970|SUPERMERCADOS PERUANOS S.A.|ACTIVO|HABIDO|150140|CAL.|MORELLI|-|-|181|-|-|-|-|-|\r')).toEqual([
      '20100070970', 'SUPERMERCADOS PERUANOS S.A.', 'ACTIVO', 'HABIDO', '150140', 'CAL.', 'MORELLI', null, null, '181', null, null, null, null, null,
    ]);
    // A '|' inside the name gives one field too many: it goes back into the name.
    expect(parsearLineaPadron('10456789121|PEREZ | HIJOS|ACTIVO|HABIDO|-|-|-|-|-|-|-|-|-|-|-|')?.[1]).toBe('PEREZ | HIJOS');
    expect(parsearLineaPadron('RUC|NOMBRE|ESTADO')).toBeNull();
    expect(parsearLineaPadron('2010007097|CORTO|ACTIVO|HABIDO|-|-|-|-|-|-|-|-|-|-|-|')).toBeNull();
  });
});

describe('importación del padrón de muestra subido desde el navegador', () => {
  it('sube el archivo, lo importa en segundo plano y consultasunat responde desde él', async () => {
    const r = await e.app.inject(
      conToken(token, {
        method: 'POST',
        url: '/api/entidades/v1/padron-ruc/importaciones?nombre=padron_reducido_ruc.txt',
        headers: { 'content-type': 'application/octet-stream' },
        payload: readFileSync(MUESTRA),
      }),
    );
    expect(r.statusCode, r.body).toBe(202);
    const fin = await esperarFin(r.json().Id);
    expect(fin).toMatchObject({ Estado: 'COMPLETADA', LineasProcesadas: 1000, LineasRechazadas: 0, Porcentaje: 100, NombreArchivo: 'padron_reducido_ruc.txt' });
    expect(fin.BytesProcesados).toBe(readFileSync(MUESTRA).length);
    const estado = (await llamar('GET', '/api/entidades/v1/padron-ruc')).json();
    expect(estado.TotalContribuyentes).toBe(1000);

    // Latin-1 decoded, address joined from the padrón's columns plus the district of the ubigeo.
    const c = await llamar('POST', '/api/entidades/v1/entidad/consulta', { idTipoDocumento: 2, numeroDocumento: CONTRIBUYENTE_MUESTRA.ruc, consultasunat: true });
    expect(c.json()).toMatchObject({ Origen: 'SUNAT', Mensaje: null, Count: 1 });
    expect(c.json().Collection[0]).toMatchObject({
      Id: 0,
      RazonSocial: 'FERRETERÍA EL ÑANDÚ S.A.C.',
      EstadoContribuyente: 'ACTIVO',
      CondicionDomicilio: 'HABIDO',
      IdUbigeo: '150122',
      Direccion: 'AV. JOSÉ LARCO NRO. 345 INT. 201 URB. SAN ANTONIO, LIMA - LIMA - MIRAFLORES',
    });

    // insertarEntidad registers it as a customer; the next lookup finds the registered one.
    const insertada = await llamar('POST', '/api/entidades/v1/entidad/consulta', { idTipoDocumento: 2, numeroDocumento: CONTRIBUYENTE_MUESTRA.ruc, consultasunat: true, insertarEntidad: true });
    expect(insertada.json().Collection[0].Id).toBeGreaterThan(0);
    const otra = await llamar('POST', '/api/entidades/v1/entidad/consulta', { idTipoDocumento: 2, numeroDocumento: CONTRIBUYENTE_MUESTRA.ruc, consultasunat: true });
    expect(otra.json()).toMatchObject({ Origen: 'ENTIDAD', Mensaje: MensajesConsultaEntidad.YA_REGISTRADO });
    // Without consultasunat the padrón is not used.
    const sinSunat = await llamar('POST', '/api/entidades/v1/entidad/consulta', { idTipoDocumento: 2, numeroDocumento: '20100000017', consultasunat: false });
    expect(sinSunat.json().Mensaje).toBe(MensajesConsultaEntidad.NO_HAY);
    expect((await llamar('GET', '/api/entidades/v1/padron-ruc/contribuyentes/20100000017')).json().RazonSocial).toBeTruthy();
  });

  it('rechaza un archivo vacío y una ruta inexistente', async () => {
    const vacio = await e.app.inject(
      conToken(token, { method: 'POST', url: '/api/entidades/v1/padron-ruc/importaciones', headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.alloc(0) }),
    );
    expect(vacio.statusCode).toBe(400);
    const ruta = await llamar('POST', '/api/entidades/v1/padron-ruc/importaciones/ruta', { Ruta: 'no-existe.txt' });
    expect(ruta.json().Errores).toEqual({ Ruta: 'No existe ese archivo en la carpeta de importación del padrón' });
  });

  it('solo lee archivos de la carpeta de importación: ni rutas absolutas de fuera, ni "..", ni enlaces que salen de ella', async () => {
    const importacionesAntes = await filasImportacion();
    writeFileSync(path.join(dir, 'secreto.key'), 'no se debe leer');
    symlinkSync(path.join(dir, 'secreto.key'), path.join(carpeta, 'enlace.txt'));
    symlinkSync('/etc', path.join(carpeta, 'etc'));
    const fuera = { Ruta: 'Solo se importan archivos de la carpeta de importación del padrón del servidor (PADRON_DIR): copie allí el archivo y escriba su nombre' };
    for (const Ruta of ['/etc/shadow', '/etc/passwd', '../secreto.key', path.join(dir, 'secreto.key'), 'enlace.txt', 'etc/passwd', `${carpeta}/../secreto.key`]) {
      const r = await llamar('POST', '/api/entidades/v1/padron-ruc/importaciones/ruta', { Ruta });
      expect(r.statusCode, Ruta).toBe(400);
      expect(r.json().Errores, Ruta).toEqual(fuera);
    }
    const carpetaComoArchivo = await llamar('POST', '/api/entidades/v1/padron-ruc/importaciones/ruta', { Ruta: '.' });
    expect(carpetaComoArchivo.statusCode).toBe(400);
    // Nothing was imported or even registered as an import.
    expect(await filasImportacion()).toBe(importacionesAntes);
  });
});

describe('reanudación desde el punto de control', () => {
  for (const metodo of ['copy', 'insert'] as const) {
    it(`${metodo}: interrumpida tras 3 lotes, se reanuda desde su byte y termina sin duplicar ni perder líneas`, async () => {
      await e.dbh.db.execute(sql`truncate padron_ruc`);
      // A previous failed case must not leave an import "in progress" that blocks this one.
      await e.dbh.db.update(padronImportacion).set({ estado: 'ERROR' }).where(eq(padronImportacion.estado, 'PROCESANDO'));
      const archivo = path.join(carpeta, `padron-${metodo}.txt`);
      // 5,000 generated taxpayers plus two malformed lines in the middle.
      const lineas = padronMuestra(5000, 7).toString('latin1').split('\r\n');
      lineas.splice(2600, 0, 'ESTO NO ES UNA LINEA DEL PADRON', '123|CORTA|');
      writeFileSync(archivo, Buffer.from(lineas.join('\r\n'), 'latin1'));
      const total = readFileSync(archivo).length;

      const r = await llamar('POST', '/api/entidades/v1/padron-ruc/importaciones/ruta', { Ruta: archivo });
      expect(r.statusCode, r.body).toBe(202);
      const id = r.json().Id as number;
      // Let the background run finish (it uses the default batch size), then replay the interrupted case from 0:
      await ejecuciones.get(id);
      await e.dbh.db.execute(sql`truncate padron_ruc`);
      await e.dbh.db.update(padronImportacion).set({ bytesProcesados: 0, lineasProcesadas: 0, lineasRechazadas: 0, estado: 'PROCESANDO' }).where(eq(padronImportacion.id, id));

      const control = new AbortController();
      let lotes = 0;
      const parcial = await importarArchivoPadron(e.dbh, id, archivo, 0, {
        metodo,
        lineasPorLote: 1000,
        senal: control.signal,
        alAvanzar: () => {
          if (++lotes === 3) control.abort();
        },
      });
      expect(parcial.estado).toBe('PAUSADA');
      const [fila] = await e.dbh.db.select().from(padronImportacion).where(eq(padronImportacion.id, id));
      expect(fila.bytesProcesados).toBe(parcial.bytesProcesados);
      expect(fila.bytesProcesados).toBeGreaterThan(0);
      expect(fila.bytesProcesados).toBeLessThan(total);
      // Batches count every line read; two of the first 3,000 are the malformed ones.
      expect([fila.lineasProcesadas, fila.lineasRechazadas]).toEqual([2998, 2]);
      expect(await filasPadron()).toBe(2998);
      // The checkpoint is the start of a line: the byte before it is a newline.
      expect(readFileSync(archivo)[fila.bytesProcesados - 1]).toBe(10);

      // The process "died" mid-run: the row stays PROCESANDO without a heartbeat for minutes; resume over HTTP.
      await e.dbh.db.update(padronImportacion).set({ logFechaModif: new Date(Date.now() - 10 * 60 * 1000) }).where(eq(padronImportacion.id, id));
      configuracionPadron.metodo = metodo;
      const re = await llamar('POST', `/api/entidades/v1/padron-ruc/importaciones/${id}/reanudacion`);
      expect(re.statusCode, re.body).toBe(202);
      const fin = await esperarFin(id);
      expect(fin).toMatchObject({ Estado: 'COMPLETADA', BytesProcesados: total, LineasProcesadas: 5000, LineasRechazadas: 2 });
      expect(await filasPadron()).toBe(5000);
      const { n } = await primera(sql`select count(distinct ruc)::int as n from padron_ruc`);
      expect(Number(n)).toBe(5000);
      delete configuracionPadron.metodo;

      // A finished import cannot be resumed again.
      expect((await llamar('POST', `/api/entidades/v1/padron-ruc/importaciones/${id}/reanudacion`)).statusCode).toBe(409);
    });
  }

  it('una subida que se corta a medio camino queda en ERROR sin archivo: no se ofrece reanudar y se pide subirla de nuevo', async () => {
    // The browser's connection drops after the first 64 kB of a real padrón file (a real socket: the server has
    // started writing the file when the connection is cut).
    const direccion = await e.app.listen({ port: 0, host: '127.0.0.1' });
    const id = await new Promise<number>((listo, fallo) => {
      const req = request(`${direccion}/api/entidades/v1/padron-ruc/importaciones?nombre=cortado.txt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': String(5_000_000) },
      });
      req.on('error', () => undefined);
      req.write(padronMuestra(3000).subarray(0, 64 * 1024));
      // Cut once the server has taken the upload: the import row exists.
      const revisar = setInterval(() => {
        void e.dbh.db
          .select({ id: padronImportacion.id })
          .from(padronImportacion)
          .where(eq(padronImportacion.nombreArchivo, 'cortado.txt'))
          .then(([f]) => {
            if (!f) return;
            clearInterval(revisar);
            req.destroy();
            listo(f.id);
          }, fallo);
      }, 50);
    });
    await expect.poll(async () => (await llamar('GET', `/api/entidades/v1/padron-ruc/importaciones/${id}`)).json().Estado, { timeout: 20_000 }).toBe('ERROR');
    const imp = (await llamar('GET', '/api/entidades/v1/padron-ruc')).json().Importacion as TImportacionPadron;
    expect(imp).toMatchObject({ NombreArchivo: 'cortado.txt', Estado: 'ERROR', Reanudable: false, Mensaje: 'El archivo no llegó completo al servidor (la subida se interrumpió); súbalo de nuevo' });
    const reanudar = await llamar('POST', `/api/entidades/v1/padron-ruc/importaciones/${imp.Id}/reanudacion`);
    expect(reanudar.statusCode).toBe(409);
    expect(reanudar.json().Mensaje).toContain('súbalo de nuevo');
    // Nothing half-written is left in the upload folder, and a new upload of the whole file works.
    expect(readdirSync(path.join(carpeta, 'subidas')).filter((n) => n === `importacion-${imp.Id}.txt`)).toEqual([]);
    const otra = await e.app.inject(
      conToken(token, { method: 'POST', url: '/api/entidades/v1/padron-ruc/importaciones?nombre=entero.txt', headers: { 'content-type': 'application/octet-stream' }, payload: padronMuestra(50) }),
    );
    expect(otra.statusCode, otra.body).toBe(202);
    expect(await esperarFin(otra.json().Id)).toMatchObject({ Estado: 'COMPLETADA', Reanudable: false });
  });

  it('no arranca una segunda importación mientras otra está en curso', async () => {
    const archivo = path.join(carpeta, 'padron-doble.txt');
    writeFileSync(archivo, padronMuestra(100));
    const [activa] = await e.dbh.db
      .insert(padronImportacion)
      .values({ idEmpresa: 1, nombreArchivo: 'x', ruta: archivo, bytesTotal: 1, estado: 'PROCESANDO', logFechaModif: new Date() })
      .returning();
    const r = await llamar('POST', '/api/entidades/v1/padron-ruc/importaciones/ruta', { Ruta: archivo });
    expect(r.statusCode).toBe(409);
    await e.dbh.db.update(padronImportacion).set({ estado: 'ERROR' }).where(eq(padronImportacion.id, activa.id));
  });
});
