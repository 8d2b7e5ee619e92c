// The API builds a document's XML before taking the series lock and only writes the number in under it
// (plantillaNumerable), then signs with the RSA on the thread pool (firmarXmlAsincrono): both must give exactly the
// bytes of the plain path (construirDocumento + firmarXml).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validarDocumento, type TDocumento } from '../../src/model';
import { firmarXml, firmarXmlAsincrono, generarCertificadoPrueba, verificarFirma } from '../../src/signature';
import { construirDocumento, plantillaNumerable, type TDocumentoNumerable } from '../../src/ubl';

const dirEjemplos = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../examples');
const numerables = readdirSync(dirEjemplos)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => {
    const r = validarDocumento(JSON.parse(readFileSync(path.join(dirEjemplos, f), 'utf8')));
    if (!r.ok) throw new Error(`${f}: ${JSON.stringify(r.error.Errores)}`);
    return [f, r.documento] as [string, TDocumento];
  })
  .filter((e): e is [string, TDocumentoNumerable] => 'numero' in e[1]);

describe('plantillaNumerable: construir una vez, numerar bajo el bloqueo', () => {
  it('cubre comprobantes y guías', () => {
    const tipos = new Set(numerables.map(([, d]) => d.tipo));
    expect([...tipos].sort()).toEqual(['01', '03', '07', '08', '09', '31']);
  });

  it.each(numerables)('%s: numerar(n) da los mismos bytes, nombre y documento que construir con n', (_f, doc) => {
    const plantilla = plantillaNumerable(doc);
    // Numbers of other lengths than the provisional one, including the same digits as a customer's data would carry.
    for (const n of [1, 7, 123, doc.numero + 1, 99_999_999]) {
      const directo = construirDocumento({ ...doc, numero: n });
      const numerado = plantilla.numerar(n);
      expect(numerado.xml).toBe(directo.xml);
      expect(numerado.nombre).toBe(directo.nombre);
      expect(numerado.documento).toEqual({ ...doc, numero: n });
      expect(numerado.xml).toContain(`<cbc:ID>${doc.serie}-${n}</cbc:ID>`);
    }
  });

  it('reutiliza los totales dados (no los vuelve a calcular)', () => {
    const [, doc] = numerables.find(([, d]) => d.tipo === '01')!;
    const { totales } = construirDocumento(doc);
    expect(plantillaNumerable(doc, totales).numerar(5).totales).toBe(totales);
  });
});

describe('firmarXmlAsincrono', () => {
  const { credencial } = generarCertificadoPrueba();
  it.each(numerables.slice(0, 4))('%s: la misma firma que firmarXml, y verifica', async (_f, doc) => {
    const c = plantillaNumerable(doc).numerar(42);
    const asincrono = await firmarXmlAsincrono(c, credencial);
    expect(asincrono).toEqual(firmarXml(c, credencial));
    expect(verificarFirma(asincrono.xml).valida).toBe(true);
    // The bytes handed to the zip and the database are exactly the text in UTF-8 (documents carry accents and ñ).
    expect(asincrono.bytes.equals(Buffer.from(asincrono.xml, 'utf8'))).toBe(true);
  });

  it('bytes es el texto en UTF-8 también por la vía general (XML no canónico)', () => {
    const [, doc] = numerables[0];
    const c = plantillaNumerable(doc).numerar(43);
    const general = firmarXml({ xml: c.xml.replace('<cbc:UBLVersionID>', '\n <cbc:UBLVersionID>') }, credencial);
    expect(general.bytes.equals(Buffer.from(general.xml, 'utf8'))).toBe(true);
    expect(verificarFirma(general.xml).valida).toBe(true);
  });
});
