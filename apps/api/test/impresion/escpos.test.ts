// The ticket as ESC/POS commands (issue 12: printing straight to a thermal printer). Read back line by line from the
// encoder: every line fits the roll, the accents are in the code page the printer is told to use, SUNAT's QR carries
// the same text as the PDF's, and the cut and the cash-drawer pulse are where they belong. The HTTP route is tested
// with an issued boleta.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode as codificarJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { armarTicketEscPos, logoEnPuntos, ticketEscPos } from '../../src/modules/contabilidad/impresion/escpos';
import { formatearMonto } from '../../src/modules/contabilidad/impresion/formato';
import { crearEntorno, type Entorno } from '../helpers';
import { CLIENTE_DNI, clienteDe, hoyLima, idSerie, type Cliente } from '../contabilidad/ayudas';
import { boleta, facturaCompleta } from './documentos-prueba';

type TComando = { type: string; payload: number[]; property?: string; value?: unknown };
const lineas = (e: ReturnType<typeof armarTicketEscPos>) => e.encode('lines') as unknown as TComando[][];
/** The characters of one printed line (text payloads only). */
const largo = (l: TComando[]) => l.filter((c) => c.type === 'text').reduce((s, c) => s + c.payload.length, 0);
const contiene = (bytes: Uint8Array, buscado: number[] | string) => Buffer.from(bytes).indexOf(Buffer.from(typeof buscado === 'string' ? Buffer.from(buscado, 'latin1') : buscado)) >= 0;

describe('ticket ESC/POS', () => {
  it('80 mm (48 columnas) y 58 mm (32): ninguna línea pasa del rollo; el total y el QR de SUNAT están', () => {
    const e = facturaCompleta();
    for (const [ancho, columnas] of [[80, 48], [58, 32]] as const) {
      const ls = lineas(armarTicketEscPos(e.impresion, { ancho, abrirCajon: false }));
      expect(ls.length).toBeGreaterThan(30);
      for (const l of ls) expect(largo(l), `${ancho} mm`).toBeLessThanOrEqual(columnas);
      const qr = ls.flat().find((c) => c.type === 'qrcode' && c.property === 'data');
      expect(qr?.value).toBe(e.impresion.textoQr);
      expect(ls.flat().find((c) => c.type === 'qrcode' && c.property === 'errorlevel')?.value).toBe('q');
      const bytes = ticketEscPos(e.impresion, { ancho, abrirCajon: false });
      expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]); // ESC @: the printer starts from its defaults
      expect(contiene(bytes, formatearMonto(e.impresion.totales!.total))).toBe(true);
      expect(contiene(bytes, e.impresion.hash!)).toBe(true);
    }
  });

  it('las tildes y la Ñ salen en la página de códigos que se le indica a la impresora', () => {
    const e = boleta([{ descripcion: 'AZÚCAR RUBIA ÑUÑOA', cantidad: '2', precioUnitario: '4.50' }]);
    const ls = lineas(armarTicketEscPos(e.impresion, { ancho: 80, abrirCajon: false }));
    const linea = ls.find((l) => l.some((c) => c.type === 'text' && Buffer.from(c.payload).toString('latin1').includes('RUBIA')))!;
    // PC437 (page 0) has Ñ but no Ú: the encoder switches (ESC t n) to PC850 (page 2) for it. Read the line back
    // through the code pages it selected.
    const PC850: Record<number, string> = { 0xe9: 'Ú', 0xa5: 'Ñ' };
    const PC437: Record<number, string> = { 0xa5: 'Ñ' };
    let pagina = 0;
    let texto = '';
    for (const c of linea) {
      if (c.type === 'codepage') pagina = c.payload[2];
      if (c.type === 'text') texto += c.payload.map((b) => (b < 0x80 ? String.fromCharCode(b) : ((pagina === 2 ? PC850 : pagina === 0 ? PC437 : {})[b] ?? '?'))).join('');
    }
    expect(texto).toContain('AZÚCAR RUBIA ÑUÑOA');
  });

  it('corta el papel y abre el cajón solo cuando se pide; una nota de venta dice que no es tributaria', () => {
    const e = boleta();
    const sin = ticketEscPos(e.impresion, { ancho: 80, abrirCajon: false });
    const con = ticketEscPos(e.impresion, { ancho: 80, abrirCajon: true });
    expect(contiene(sin, [0x1d, 0x56])).toBe(true); // GS V: cut
    expect(contiene(sin, [0x1b, 0x70])).toBe(false); // ESC p: drawer pulse
    expect([...con.subarray(con.length - 5)]).toEqual([0x1b, 0x70, 0x00, 50, 250]); // pin 2, 100 ms on, 500 ms off (2 ms units)
    const nv = ticketEscPos({ ...e.impresion, tipo: 'NV', hash: undefined, textoQr: undefined }, { ancho: 58, abrirCajon: false });
    expect(contiene(nv, 'DOCUMENTO NO TRIBUTARIO')).toBe(true);
    expect(contiene(nv, [0x1d, 0x28, 0x6b])).toBe(false); // no QR on a nota de venta
  });
});

/** A w x h picture: a black bar across the middle on white (alpha 255). */
function pixeles(w: number, h: number) {
  const data = Buffer.alloc(w * h * 4, 255);
  for (let y = Math.floor(h / 3); y < Math.floor((2 * h) / 3); y++) data.fill(0, (y * w + Math.floor(w / 4)) * 4, (y * w + Math.floor((3 * w) / 4)) * 4);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { data, width: w, height: h };
}
const png = (w: number, h: number) => {
  const p = new PNG({ width: w, height: h });
  pixeles(w, h).data.copy(p.data);
  return new Uint8Array(PNG.sync.write(p));
};
/**
 * The logo as the encoder sends it (column mode, the one ESC/POS printers have longest understood): bands of 24 dots
 * down the roll, each "ESC * 33 nL nH" followed by its columns; nL + 256 nH is the width in dots.
 */
const imagen = (bytes: Uint8Array) => {
  const b = Buffer.from(bytes);
  const bandas: number[] = [];
  for (let i = b.indexOf(Buffer.from([0x1b, 0x2a, 0x21])); i >= 0; i = b.indexOf(Buffer.from([0x1b, 0x2a, 0x21]), i + 5 + 3 * bandas[bandas.length - 1])) bandas.push(b[i + 3] + 256 * b[i + 4]);
  return bandas.length ? { anchoPuntos: bandas[0], bandas: bandas.length, inicio: b.indexOf(Buffer.from([0x1b, 0x2a, 0x21])) } : null;
};

describe('logo de la empresa en el ticket ESC/POS', () => {
  it('un logo PNG ancho se reduce al ancho imprimible (576 puntos en 80 mm, 384 en 58 mm) y va antes del nombre', () => {
    const e = facturaCompleta();
    const logo = png(1200, 300);
    const b80 = ticketEscPos({ ...e.impresion, logo }, { ancho: 80, abrirCajon: false });
    // 1200 x 300 to 576 dots wide: 576 x 144 (within 152 rows).
    // 1200 x 300 to 576 dots wide: 576 x 144, six bands of 24.
    const i80 = imagen(b80)!;
    expect(i80).toMatchObject({ anchoPuntos: 576, bandas: 6 });
    const nombre = Buffer.from(b80).indexOf(Buffer.from(e.impresion.emisor.nombreComercial ?? e.impresion.emisor.razonSocial, 'latin1'));
    expect(i80.inicio).toBeLessThan(nombre);
    // 58 mm: 384 x 96, four bands.
    expect(imagen(ticketEscPos({ ...e.impresion, logo }, { ancho: 58, abrirCajon: false }))).toMatchObject({ anchoPuntos: 384, bandas: 4 });
    // Without a logo, no image.
    expect(imagen(ticketEscPos({ ...e.impresion, logo: undefined }, { ancho: 80, abrirCajon: false }))).toBeNull();
  });

  it('un logo alto se limita por su altura; uno pequeño no se agranda; JPEG también; uno dañado no impide el ticket', () => {
    // 200 x 400 to at most 152 rows on 80 mm: 76 x 152, padded to whole bytes (80 dots).
    expect(logoEnPuntos(png(200, 400), 576, 152)).toMatchObject({ ancho: 76, alto: 152 });
    expect(logoEnPuntos(png(120, 40), 576, 152)).toMatchObject({ ancho: 120, alto: 40 });
    const jpg = new Uint8Array(codificarJpeg(pixeles(300, 100), 90).data);
    expect(logoEnPuntos(jpg, 384, 104)).toMatchObject({ ancho: 300, alto: 100 });
    const e = boleta();
    // 300 x 100: whole bytes across (304 dots), 100 rows in five bands.
    expect(imagen(ticketEscPos({ ...e.impresion, logo: jpg }, { ancho: 80, abrirCajon: false }))).toMatchObject({ anchoPuntos: 304, bandas: 5 });
    const danado = png(100, 50).slice(0, 40);
    expect(logoEnPuntos(danado, 576, 152)).toBeNull();
    expect(logoEnPuntos(new Uint8Array([1, 2, 3]), 576, 152)).toBeNull();
    const sin = ticketEscPos({ ...e.impresion, logo: danado }, { ancho: 80, abrirCajon: false });
    expect(imagen(sin)).toBeNull();
    expect([...sin.subarray(0, 2)]).toEqual([0x1b, 0x40]);
  });
});

describe('GET documentoContable/:id/escpos', () => {
  let e: Entorno;
  let sup: Cliente;
  let cajero: Cliente;
  beforeAll(async () => {
    e = await crearEntorno();
    sup = await clienteDe(e.app, 'supervisor');
    cajero = await clienteDe(e.app, 'cajero');
  }, 120_000);
  afterAll(async () => e?.cerrar());

  it('el ticket de una boleta emitida, para el cajero; ancho y cajón validados', async () => {
    const r = await sup.post('/api/contabilidad/v1/documentoContable', {
      IdTipoDocumento: 1004,
      IdSerie: await idSerie(sup, 1004, 'B001'),
      IdMoneda: 1,
      IdCondicionPago: 1,
      FechaEmision: hoyLima(),
      ListaItems: [{ CodigoItem: 'P001', ItemDescripcion: 'CAFÉ TOSTADO MOLIDO 250 G', CodigoUnidad: 'NIU', Cantidad: '2', PrecioUnitario: '18.50', TipoAfectacion: '10' }],
      ListaEntidades: [CLIENTE_DNI],
    });
    expect(r.statusCode, r.body).toBe(201);
    const { Id, SerieNumero } = r.json() as { Id: number; SerieNumero: string };
    const t = await cajero.get(`/api/contabilidad/v1/documentoContable/${Id}/escpos?ancho=58&cajon=1`);
    expect(t.statusCode, t.body).toBe(200);
    expect(t.headers['content-type']).toBe('application/octet-stream');
    const bytes = t.rawPayload;
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect(bytes.indexOf(Buffer.from(SerieNumero.split('-')[0]))).toBeGreaterThan(0);
    expect(bytes.indexOf(Buffer.from('37.00'))).toBeGreaterThan(0);
    expect([...bytes.subarray(bytes.length - 5, bytes.length - 3)]).toEqual([0x1b, 0x70]);
    const malo = await sup.get(`/api/contabilidad/v1/documentoContable/${Id}/escpos?ancho=70&cajon=si`);
    expect(malo.statusCode).toBe(400);
    expect(malo.json().Errores).toEqual({ ancho: 'Ancho del rollo: 80 o 58 mm', cajon: 'Cajón: 0 o 1' });
    expect((await sup.get('/api/contabilidad/v1/documentoContable/999999999/escpos')).statusCode).toBe(404);
  });
});
