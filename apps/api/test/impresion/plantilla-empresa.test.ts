// Invoice-template settings of a company, applied by the PDF renderer: logo, default format and extra text.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, sesionDe, type Entorno } from '../helpers';
import { clienteDe, factura, idSerie, type Cliente } from '../contabilidad/ayudas';
import { infoPdf, plano, textoPdf } from './pdf-herramientas';

let e: Entorno;
let sup: Cliente;
let idEmpresa: number;
let P: string;

/** A real PNG logo (wide, like a brand logo). */
function logoPng(ancho = 160, alto = 48): string {
  const png = new PNG({ width: ancho, height: alto });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([15, 76, 129, 255], i);
  return PNG.sync.write(png).toString('base64');
}

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  idEmpresa = (await sesionDe(e.app, 'supervisor')).IdEntidadEmpresa;
  P = `/api/contabilidad/v1/entidades/${idEmpresa}/plantillascomprobantes`;
}, 120_000);
afterAll(async () => e?.cerrar());

describe('plantilla de comprobantes', () => {
  it('por defecto: A4, sin texto adicional ni logo', async () => {
    expect((await sup.get(P)).json()).toEqual({ Formato: 'A4', TextoAdicional: null, Logo: null });
  });

  it('valida el logo (tipo real y tamaño), el formato y el texto; otra empresa recibe 404', async () => {
    const mal = async (cuerpo: object, campo: string, mensaje: string | RegExp) => {
      const r = await sup.put(P, { Formato: 'A4', ...cuerpo });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().Errores[campo]).toMatch(mensaje);
    };
    await mal({ LogoBase64: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') }, 'LogoBase64', 'El logo debe ser una imagen PNG o JPG');
    await mal({ LogoBase64: Buffer.alloc(310 * 1024, 1).toString('base64') }, 'LogoBase64', /300 KB/);
    await mal({ Formato: 'A5' }, 'Formato', 'Formato: A4 o TICKET');
    await mal({ TextoAdicional: '1\n2\n3\n4\n5\n6' }, 'TextoAdicional', 'Máximo 5 líneas');
    const demo = await clienteDe(e.app, 'demo.supervisor');
    expect((await demo.get(P)).statusCode).toBe(404);
    expect((await demo.put(P, { Formato: 'TICKET' })).statusCode).toBe(404);
    const cajero = await clienteDe(e.app, 'cajero');
    expect((await cajero.put(`/api/contabilidad/v1/entidades/${idEmpresa}/plantillascomprobantes`, { Formato: 'TICKET' })).statusCode).toBe(403);
  });

  it('el PDF lleva el texto adicional y el logo; el formato por defecto cambia el tamaño de página', async () => {
    const f = (await sup.post('/api/contabilidad/v1/documentoContable', factura(await idSerie(sup, 1003, 'F001')))).json();
    const pdfUrl = `/api/contabilidad/v1/documentoContable/${f.Id}/archivos/1`;
    const antes = (await sup.get(pdfUrl)).rawPayload;
    expect(plano(textoPdf(antes))).not.toContain('CUENTA BCP');
    expect(infoPdf(antes).ancho).toBeCloseTo(595.28, 0);

    const g = await sup.put(P, { Formato: 'A4', TextoAdicional: 'CUENTA BCP SOLES 191-2345678-0-12\nNo se aceptan devoluciones', LogoBase64: `data:image/png;base64,${logoPng()}` });
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json()).toMatchObject({ Formato: 'A4', TextoAdicional: 'CUENTA BCP SOLES 191-2345678-0-12\nNo se aceptan devoluciones', Logo: expect.stringMatching(/^data:image\/png;base64,/) });
    const a4 = (await sup.get(pdfUrl)).rawPayload;
    expect(plano(textoPdf(a4))).toContain('CUENTA BCP SOLES 191-2345678-0-12 No se aceptan devoluciones');
    expect(a4.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    expect(antes.includes(Buffer.from('/Subtype /Image'))).toBe(false);

    // Default format TICKET: the PDF without ?formato is an 80 mm ticket; asking for A4 still gives A4.
    expect((await sup.put(P, { Formato: 'TICKET' })).json()).toMatchObject({ Formato: 'TICKET', TextoAdicional: expect.stringContaining('CUENTA BCP') });
    const ticket = (await sup.get(pdfUrl)).rawPayload;
    expect(infoPdf(ticket).ancho).toBeCloseTo(226.77, 0);
    expect(plano(textoPdf(ticket))).toContain('No se aceptan devoluciones');
    expect(infoPdf((await sup.get(`${pdfUrl}?formato=A4`)).rawPayload).ancho).toBeCloseTo(595.28, 0);

    // Back to A4 without logo or text.
    expect((await sup.put(P, { Formato: 'A4', TextoAdicional: null, QuitarLogo: true })).json()).toEqual({ Formato: 'A4', TextoAdicional: null, Logo: null });
  });
});
