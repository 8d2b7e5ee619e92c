import { encode as codificarJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { COLUMNAS_CATALOGO, ErrorCodes, HOJA_CATALOGO, MENSAJES_IMAGEN_ITEM, type TImportacionItems, type TItem, type TItemImagen } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// Branch imagenes (issue 13): an item's images, read by type from their bytes, with a principal one.
let e: Entorno;
let token: string;
let tokenOtra: string;
let tokenCajero: string;
const LOG = '/api/logistica';
beforeAll(async () => {
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'supervisor')).AccessToken;
  tokenOtra = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
  tokenCajero = (await sesionDe(e.app, 'cajero')).AccessToken;
});
afterAll(async () => {
  await e?.cerrar();
});

const llamar = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, t = token) =>
  e.app.inject(conToken(t, { method, url: `${LOG}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));

function png(ancho: number, alto: number, rgb: [number, number, number]): Buffer {
  const p = new PNG({ width: ancho, height: alto });
  for (let i = 0; i < ancho * alto; i++) p.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(p);
}
function jpeg(ancho: number, alto: number): Buffer {
  const data = Buffer.alloc(ancho * alto * 4, 200);
  return Buffer.from(codificarJpeg({ data, width: ancho, height: alto }, 80).data);
}
// A lossless WebP header (VP8L) of 30 x 20: the server reads type and size from it, makes no thumbnail.
function webp(): Buffer {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(22, 4);
  b.write('WEBPVP8L', 8, 'latin1');
  b.writeUInt32LE(9, 16);
  b[20] = 0x2f;
  b.writeUInt32LE((30 - 1) | ((20 - 1) << 14), 21);
  return b;
}
const b64 = (b: Buffer) => b.toString('base64');

let idItem: number;
const subir = (bytes: Buffer | string, extra: Record<string, unknown> = {}, t = token, id = idItem) =>
  llamar('POST', `/v1/items/${id}/imagenes`, { ImagenBase64: typeof bytes === 'string' ? bytes : b64(bytes), ...extra }, t);

describe('imágenes de un producto', () => {
  beforeAll(async () => {
    const r = await llamar('POST', '/v1/items', { Codigo: 'IMG-001', Descripcion: 'GASEOSA CON FOTO 500 ML', CodigoUnidad: 'NIU', Precio: '3.50', EsFavorito: true });
    expect(r.statusCode, r.body).toBe(201);
    idItem = r.json().Id;
    expect(r.json().IdImagenPrincipal).toBeNull();
  });

  it('sube un PNG (la primera es la principal), lo lista y sirve sus bytes con su tipo, nosniff y caché privada', async () => {
    const bytes = png(600, 300, [200, 20, 20]);
    const r = await subir(`data:application/octet-stream;base64,${b64(bytes)}`, { NombreArchivo: 'gaseosa.png' });
    expect(r.statusCode, r.body).toBe(201);
    const img = r.json() as TItemImagen;
    expect(img).toMatchObject({ IdItem: idItem, Tipo: 'image/png', Nombre: 'gaseosa.png', Tamano: bytes.length, Ancho: 600, Alto: 300, EsPrincipal: true, TieneMiniatura: true });

    const lista = await llamar('GET', `/v1/items/${idItem}/imagenes`);
    expect(lista.json()).toMatchObject({ Count: 1, Data: [{ Id: img.Id, EsPrincipal: true }] });

    const a = await llamar('GET', `/v1/items/${idItem}/imagenes/${img.Id}`);
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toBe('image/png');
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(String(a.headers['cache-control'])).toContain('private');
    expect(a.rawPayload.equals(bytes)).toBe(true);

    // The thumbnail: a PNG of at most 240 px a side, keeping the proportions and the colour.
    const m = await llamar('GET', `/v1/items/${idItem}/imagenes/${img.Id}?miniatura=true`);
    expect(m.headers['content-type']).toBe('image/png');
    const mini = PNG.sync.read(m.rawPayload);
    expect([mini.width, mini.height]).toEqual([240, 120]);
    expect([...mini.data.subarray(0, 4)]).toEqual([200, 20, 20, 255]);

    // The item (and the point of sale's search) carries its principal image.
    expect((await llamar('GET', `/v1/items/${idItem}`)).json().IdImagenPrincipal).toBe(img.Id);
    const pos = await llamar('GET', `/v1/items?filtro=${encodeURIComponent('GASEOSA CON FOTO')}`, undefined, tokenCajero);
    expect((pos.json().Data as TItem[]).find((i) => i.Id === idItem)?.IdImagenPrincipal).toBe(img.Id);
  });

  it('acepta JPEG y WebP por su contenido, cambia la principal y al eliminar la principal pasa a la siguiente', async () => {
    const j = (await subir(jpeg(50, 40), { NombreArchivo: 'foto.png' })).json() as TItemImagen;
    expect(j).toMatchObject({ Tipo: 'image/jpeg', Ancho: 50, Alto: 40, EsPrincipal: false, TieneMiniatura: true });
    const w = await subir(webp(), { NombreArchivo: 'foto.webp' });
    expect(w.statusCode, w.body).toBe(201);
    expect(w.json()).toMatchObject({ Tipo: 'image/webp', Ancho: 30, Alto: 20, EsPrincipal: false, TieneMiniatura: false });
    // Without a thumbnail the original is served.
    const sinMini = await llamar('GET', `/v1/items/${idItem}/imagenes/${w.json().Id}?miniatura=true`);
    expect(sinMini.headers['content-type']).toBe('image/webp');

    const antes = (await llamar('GET', `/v1/items/${idItem}/imagenes`)).json().Data as TItemImagen[];
    const primera = antes.find((i) => i.EsPrincipal)!;
    const p = await llamar('PUT', `/v1/items/${idItem}/imagenes/${j.Id}/principal`);
    expect(p.statusCode, p.body).toBe(200);
    const despues = p.json().Data as TItemImagen[];
    expect(despues.filter((i) => i.EsPrincipal).map((i) => i.Id)).toEqual([j.Id]);
    expect(despues[0].Id).toBe(j.Id);
    expect((await llamar('GET', `/v1/items/${idItem}`)).json().IdImagenPrincipal).toBe(j.Id);

    // Deleting the principal promotes the oldest remaining one; the deleted one is gone (404) but its row stays.
    const d = await llamar('DELETE', `/v1/items/${idItem}/imagenes/${j.Id}`);
    expect(d.statusCode, d.body).toBe(200);
    expect((d.json().Data as TItemImagen[]).filter((i) => i.EsPrincipal).map((i) => i.Id)).toEqual([primera.Id]);
    expect((await llamar('GET', `/v1/items/${idItem}/imagenes/${j.Id}`)).statusCode).toBe(404);
    expect((await llamar('DELETE', `/v1/items/${idItem}/imagenes/${j.Id}`)).statusCode).toBe(404);
    const fila = (await e.dbh.db.execute(`select log_estado from item_imagen where id = ${j.Id}`)) as unknown as { rows: { log_estado: number }[] };
    expect(Number(fila.rows[0].log_estado)).toBe(0);
  });

  it('rechaza con 500001 y un mensaje en español un archivo que no es imagen, aunque se llame .png, y uno de más de 2 MB', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    for (const malo of [gif, Buffer.from('%PDF-1.4 no es imagen'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]) {
      const r = await subir(malo, { NombreArchivo: 'foto.png' });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { ImagenBase64: MENSAJES_IMAGEN_ITEM.TIPO } });
    }
    const grande = Buffer.concat([png(1, 1, [0, 0, 0]), Buffer.alloc(2 * 1024 * 1024)]);
    const r = await subir(grande);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { ImagenBase64: 'La imagen no debe superar los 2 MB' } });
    const vacia = await subir('');
    expect(vacia.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { ImagenBase64: MENSAJES_IMAGEN_ITEM.ADJUNTE } });
    // A PNG header claiming a gigantic bitmap (a decompression bomb) is refused before decoding.
    const bomba = png(1, 1, [0, 0, 0]);
    bomba.writeUInt32BE(100_000, 16);
    bomba.writeUInt32BE(100_000, 20);
    expect((await subir(bomba)).json().Errores).toEqual({ ImagenBase64: 'La imagen no debe superar los 40 megapíxeles' });
  });

  it('hasta 5 imágenes activas por producto (409 601600); tras eliminar una se puede subir otra', async () => {
    const r = await llamar('POST', '/v1/items', { Codigo: 'IMG-005', Descripcion: 'PRODUCTO CON CINCO FOTOS', CodigoUnidad: 'NIU', Precio: '1' });
    const id = r.json().Id as number;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await subir(png(4, 4, [i * 40, 0, 0]), {}, token, id);
      expect(s.statusCode, s.body).toBe(201);
      ids.push(s.json().Id);
    }
    const sexta = await subir(png(4, 4, [0, 0, 0]), {}, token, id);
    expect(sexta.statusCode).toBe(409);
    expect(sexta.json()).toMatchObject({ ErrorId: ErrorCodes.ITEM_IMAGENES_LIMITE, Mensaje: 'El producto ya tiene 5 imágenes: elimine una antes de subir otra' });
    expect((await llamar('DELETE', `/v1/items/${id}/imagenes/${ids[2]}`)).statusCode).toBe(200);
    const otra = await subir(png(4, 4, [0, 0, 0]), { EsPrincipal: true }, token, id);
    expect(otra.statusCode).toBe(201);
    const lista = (await llamar('GET', `/v1/items/${id}/imagenes`)).json().Data as TItemImagen[];
    expect(lista.length).toBe(5);
    expect(lista.filter((i) => i.EsPrincipal).map((i) => i.Id)).toEqual([otra.json().Id]);
  });

  it('otra empresa recibe 404 por el producto y por la imagen; el cajero ve las imágenes pero no las cambia (403)', async () => {
    const img = (await llamar('GET', `/v1/items/${idItem}/imagenes`)).json().Data[0] as TItemImagen;
    expect((await llamar('GET', `/v1/items/${idItem}/imagenes`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/items/${idItem}/imagenes/${img.Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await subir(png(2, 2, [1, 2, 3]), {}, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('PUT', `/v1/items/${idItem}/imagenes/${img.Id}/principal`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('DELETE', `/v1/items/${idItem}/imagenes/${img.Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    // Another company's own item with our image id: still 404 (the image belongs to our item).
    const ajeno = (await llamar('POST', '/v1/items', { Codigo: 'IMG-AJENO', Descripcion: 'AJENO', CodigoUnidad: 'NIU', Precio: '1' }, tokenOtra)).json().Id as number;
    expect((await llamar('GET', `/v1/items/${ajeno}/imagenes/${img.Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    // An image id of another item of the same company is not this item's.
    const otro = (await llamar('POST', '/v1/items', { Codigo: 'IMG-OTRO', Descripcion: 'OTRO', CodigoUnidad: 'NIU', Precio: '1' })).json().Id as number;
    expect((await llamar('GET', `/v1/items/${otro}/imagenes/${img.Id}`)).statusCode).toBe(404);

    expect((await llamar('GET', `/v1/items/${idItem}/imagenes`, undefined, tokenCajero)).statusCode).toBe(200);
    expect((await llamar('GET', `/v1/items/${idItem}/imagenes/${img.Id}?miniatura=true`, undefined, tokenCajero)).statusCode).toBe(200);
    expect((await subir(png(2, 2, [1, 2, 3]), {}, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('PUT', `/v1/items/${idItem}/imagenes/${img.Id}/principal`, undefined, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('DELETE', `/v1/items/${idItem}/imagenes/${img.Id}`, undefined, tokenCajero)).statusCode).toBe(403);
    expect((await e.app.inject({ method: 'GET', url: `${LOG}/v1/items/${idItem}/imagenes/${img.Id}` })).statusCode).toBe(401);
  });
});

/** GS1 check digit of twelve digits. */
function gtin13(doce: string): string {
  let suma = 0;
  for (let i = 0; i < 12; i++) suma += Number(doce[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return doce + ((10 - (suma % 10)) % 10);
}

describe('un código de barras adicional no puede ser el GTIN ni el de una presentación de otro producto (y al revés)', () => {
  it('rechaza con 601601 el GTIN y el código de una presentación que ya son adicionales de otro producto', async () => {
    const x = gtin13('775000000101');
    const a = await llamar('POST', '/v1/items', { Codigo: 'CB-A', Descripcion: 'ATUN EN LATA', CodigoUnidad: 'NIU', Precio: '6', CodigosBarras: [x] });
    expect(a.statusCode, a.body).toBe(201);
    const mensaje = `El código de barras ${x} ya es un código de barras adicional del producto CB-A - ATUN EN LATA`;

    const b = await llamar('POST', '/v1/items', { Codigo: 'CB-B', Descripcion: 'SARDINA', CodigoUnidad: 'NIU', Precio: '5', EstandarCodigoProducto: 'GTIN-13', CodigoProducto: x });
    expect(b.statusCode, b.body).toBe(400);
    expect(b.json()).toMatchObject({ ErrorId: ErrorCodes.CODIGO_BARRAS_DE_OTRO_ITEM, Mensaje: mensaje, Errores: { CodigoProducto: mensaje } });

    const creado = await llamar('POST', '/v1/items', { Codigo: 'CB-B', Descripcion: 'SARDINA', CodigoUnidad: 'NIU', Precio: '5' });
    expect(creado.statusCode, creado.body).toBe(201);
    const idB = creado.json().Id as number;
    const ed = await llamar('PUT', `/v1/items/${idB}`, { Codigo: 'CB-B', Descripcion: 'SARDINA', CodigoUnidad: 'NIU', Precio: '5', EstandarCodigoProducto: 'GTIN-13', CodigoProducto: x });
    expect(ed.json()).toMatchObject({ ErrorId: ErrorCodes.CODIGO_BARRAS_DE_OTRO_ITEM, Errores: { CodigoProducto: mensaje } });

    const p = await llamar('PUT', `/v1/items/${idB}/presentaciones`, {
      Presentaciones: [
        { CodigoUnidad: 'PK', Descripcion: 'PAQUETE', Factor: '6', CodigoBarras: gtin13('775000000202') },
        { CodigoUnidad: 'BX', Descripcion: 'CAJA', Factor: '24', CodigoBarras: x },
      ],
    });
    expect(p.statusCode, p.body).toBe(400);
    expect(p.json()).toMatchObject({ ErrorId: ErrorCodes.CODIGO_BARRAS_DE_OTRO_ITEM, Errores: { 'Presentaciones.1.CodigoBarras': mensaje } });

    // The item's own extra barcode as its GTIN is fine (one product), and so is a free code.
    const propio = await llamar('PUT', `/v1/items/${a.json().Id}`, { Codigo: 'CB-A', Descripcion: 'ATUN EN LATA', CodigoUnidad: 'NIU', Precio: '6', EstandarCodigoProducto: 'GTIN-13', CodigoProducto: x, CodigosBarras: [x] });
    expect(propio.statusCode, propio.body).toBe(200);
    const libre = await llamar('PUT', `/v1/items/${idB}/presentaciones`, { Presentaciones: [{ CodigoUnidad: 'BX', Descripcion: 'CAJA', Factor: '24', CodigoBarras: gtin13('775000000303') }] });
    expect(libre.statusCode, libre.body).toBe(200);

    // And the other way: an extra barcode equal to another item's GTIN or presentation barcode is refused.
    const y = gtin13('775000000404');
    expect((await llamar('PUT', `/v1/items/${idB}`, { Codigo: 'CB-B', Descripcion: 'SARDINA', CodigoUnidad: 'NIU', Precio: '5', EstandarCodigoProducto: 'GTIN-13', CodigoProducto: y })).statusCode).toBe(200);
    for (const codigo of [y, gtin13('775000000303')]) {
      const c = await llamar('POST', '/v1/items', { Codigo: `CB-C-${codigo}`, Descripcion: 'CABALLA', CodigoUnidad: 'NIU', Precio: '4', CodigosBarras: [codigo] });
      expect(c.statusCode, c.body).toBe(400);
      expect(c.json().Errores['CodigosBarras.0']).toBe(`El código de barras ${codigo} ya está asignado al producto CB-B - SARDINA`);
    }
  });

  it('la importación Excel rechaza también un GTIN que es código adicional de otro producto', async () => {
    const x = gtin13('775000000505');
    expect((await llamar('POST', '/v1/items', { Codigo: 'CB-XLS-A', Descripcion: 'PALLAR', CodigoUnidad: 'NIU', Precio: '6', CodigosBarras: [x] })).statusCode).toBe(201);
    const C = COLUMNAS_CATALOGO;
    const l = new ExcelJS.Workbook();
    const h = l.addWorksheet(HOJA_CATALOGO);
    h.addRow([C.Codigo, C.Descripcion, C.CodigoUnidad, C.Precio, C.EstandarCodigoProducto, C.CodigoProducto]);
    h.addRow(['CB-XLS-B', 'FREJOL', 'NIU', '5', 'GTIN-13', x]);
    const r = await llamar('POST', '/v1/items/importacion', { NombreArchivo: 'catalogo.xlsx', Archivo: Buffer.from(await l.xlsx.writeBuffer()).toString('base64') });
    expect(r.statusCode, r.body).toBe(202);
    let imp: TImportacionItems | undefined;
    for (let i = 0; i < 600 && (!imp || imp.Estado === 'PROCESANDO'); i++) {
      await new Promise((ok) => setTimeout(ok, 50));
      imp = (await llamar('GET', `/v1/items/importacion/${r.json().Id}`)).json<TImportacionItems>();
    }
    expect(imp?.Estado).toBe('RECHAZADO');
    expect(imp?.ErroresFilas).toEqual([{ Fila: 2, Columna: C.CodigoProducto, Mensaje: `El código de barras ${x} ya es un código de barras adicional del producto CB-XLS-A` }]);
  });
});
