import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { clasificarCodigo, leerCdr } from '../../src/cdr';
import { describirCodigo, SunatFault } from '../../src/errors';
import { leerRespuestaSoap } from '../../src/transport';
import { leerZip, zipDocumento } from '../../src/zip';
import { hayShared, sunatShared } from './helpers/entorno';

describe('zip', () => {
  it('empaqueta NOMBRE.xml dentro de NOMBRE.zip y lo recupera byte a byte', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice>Ñandú &amp; café</Invoice>';
    const zip = zipDocumento('20123456789-01-F001-1', xml);
    const entradas = leerZip(zip);
    expect(entradas.map((e) => e.nombre)).toEqual(['20123456789-01-F001-1.xml']);
    expect(new TextDecoder().decode(entradas[0].contenido)).toBe(xml);
  });

  const hayUnzip = spawnSync('unzip', ['-v']).status === 0;
  if (!hayUnzip) console.warn('[zip] no está el programa unzip (Info-ZIP): se omite la verificación independiente del zip');
  it.runIf(hayUnzip)('el zip es válido para Info-ZIP (unzip -t), comprimido con deflate', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yupana-zip-'));
    try {
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice>${'<cbc:Note>SON: CIENTO DIECIOCHO CON 00/100 SOLES</cbc:Note>'.repeat(200)}</Invoice>`;
      const zip = zipDocumento('20123456789-01-F001-2', xml);
      expect(zip.length).toBeLessThan(xml.length / 5);
      writeFileSync(path.join(dir, 'f.zip'), zip);
      const r = spawnSync('unzip', ['-t', path.join(dir, 'f.zip')], { encoding: 'utf8' });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toContain('20123456789-01-F001-2.xml');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('un zip corrupto da un error en español', () => {
    expect(() => leerZip(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]))).toThrow(/corrupto/);
  });
});

describe('clasificación de códigos de respuesta', () => {
  it.each([
    ['0', false, 'aceptado'],
    ['0', true, 'observado'],
    ['4001', false, 'observado'],
    ['2335', false, 'rechazado'],
    ['3999', false, 'rechazado'],
    ['1033', false, 'excepcion'],
    ['0109', false, 'excepcion'],
    ['0100', false, 'excepcion'],
  ] as const)('%s (notas: %s) -> %s', (codigo, notas, clase) => {
    expect(clasificarCodigo(codigo, notas)).toBe(clase);
  });

  it('los códigos de falla llevan el mensaje en español del catálogo de SUNAT', () => {
    expect(describirCodigo('0102')).toEqual({ codigo: '0102', descripcion: 'Usuario o contrasena incorrectos', tipo: 'excepcion_sunat' });
    const f = new SunatFault('soap-env:Client.1033', 'El comprobante fue registrado previamente con otros datos - Detalle: xxx');
    expect(f.codigo).toBe('1033');
    expect(f.mensaje).toBe('El comprobante fue registrado previamente con otros datos');
    expect(f.tipo).toBe('excepcion_contribuyente');
    const desconocido = new SunatFault('9999', 'texto de SUNAT');
    expect(desconocido.mensaje).toBe('texto de SUNAT');
    expect(desconocido.tipo).toBe('observacion');
  });
});

describe('leerCdr', () => {
  const cdrMinimo = (codigo: string, notas: string[] = []) =>
    `<?xml version="1.0" encoding="UTF-8"?><ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2">` +
    notas.map((n) => `<cbc:Note>${n}</cbc:Note>`).join('') +
    `<cac:DocumentResponse><cac:Response><cbc:ReferenceID>F001-9</cbc:ReferenceID><cbc:ResponseCode>${codigo}</cbc:ResponseCode><cbc:Description>La Factura numero F001-9, ha sido aceptada</cbc:Description></cac:Response></cac:DocumentResponse></ar:ApplicationResponse>`;

  it('lee un zip con la carpeta "dummy" como los de SUNAT', () => {
    const zip = zipSync({ 'dummy/': new Uint8Array(0), 'R-20123456789-01-F001-9.xml': strToU8(cdrMinimo('0', ['4287 - El precio unitario no coincide'])) });
    const cdr = leerCdr(zip);
    expect(cdr).toMatchObject({
      codigo: '0',
      referencia: 'F001-9',
      clase: 'observado',
      archivo: 'R-20123456789-01-F001-9.xml',
      notas: [{ codigo: '4287', descripcion: 'El precio unitario no coincide' }],
    });
  });

  it('rechaza lo que no es una constancia', () => {
    expect(() => leerCdr('<Invoice></Invoice>')).toThrow(/ApplicationResponse/);
    expect(() => leerCdr(cdrMinimo(''))).toThrow(/ResponseCode/);
  });
});

describe.runIf(hayShared)('todas las constancias y respuestas SOAP reales de ../shared/sunat', () => {
  const esperado: Record<string, { codigo: string; clase: string; referencia: string; notas: number }> = {
    'R-12345678901-01-F001-00000587.accepted.xml': { codigo: '0', clase: 'aceptado', referencia: 'F001-00000587', notas: 0 },
    'R-20000000001-09-T001-1.gre.xml': { codigo: '0', clase: 'observado', referencia: 'T001-1', notas: 1 },
    'R-20220557805-01-F001-22.accepted-with-notes.xml': { codigo: '0', clase: 'observado', referencia: 'F001-22', notas: 8 },
    'R-20600995805-01-F001-2.exception-0109.xml': { codigo: '0109', clase: 'excepcion', referencia: 'F001-2', notas: 0 },
    'R-20600995805-01-F001-3.accepted-with-notes.ubl20.xml': { codigo: '0', clase: 'observado', referencia: 'F001-1', notas: 2 },
    'R-20600995805-RA-20171001-1.voided.xml': { codigo: '0', clase: 'aceptado', referencia: 'RA-20171001-1', notas: 0 },
  };

  it('lee cada CDR de samples/cdr, como XML y dentro de un zip con "dummy/"', () => {
    const dir = path.join(sunatShared, 'samples/cdr');
    const archivos = readdirSync(dir).filter((f) => f.endsWith('.xml')).sort();
    expect(archivos).toEqual(Object.keys(esperado).sort());
    for (const f of archivos) {
      const bytes = new Uint8Array(readFileSync(path.join(dir, f)));
      const cdr = leerCdr(bytes);
      expect({ codigo: cdr.codigo, clase: cdr.clase, referencia: cdr.referencia, notas: cdr.notas.length }, f).toEqual(esperado[f]);
      expect(cdr.descripcion.length, f).toBeGreaterThan(0);
      for (const n of cdr.notas) expect(n.codigo, `${f}: ${n.descripcion}`).toMatch(/^\d{4}$/);
      const zipped = leerCdr(zipSync({ 'dummy/': new Uint8Array(0), [f]: bytes }));
      expect(zipped.codigo).toBe(cdr.codigo);
      expect(zipped.notas).toEqual(cdr.notas);
    }
    const notas = leerCdr(new Uint8Array(readFileSync(path.join(dir, 'R-20220557805-01-F001-22.accepted-with-notes.xml')))).notas.map((n) => n.codigo);
    expect(new Set(notas)).toEqual(new Set(['4252', '4255', '3030']));
  });

  it('lee cada respuesta SOAP de soap/: CDR de sendBill, ticket, getStatus y SOAP Fault', () => {
    const leer = (f: string) => leerRespuestaSoap(readFileSync(path.join(sunatShared, 'soap', f), 'utf8'));
    expect(readdirSync(path.join(sunatShared, 'soap')).sort()).toEqual([
      'bill_service_response_fault.xml',
      'bill_service_response_ok.xml',
      'bill_service_response_ticket.xml',
      'get_status_response_ok.xml',
    ]);

    const ok = leer('bill_service_response_ok.xml');
    expect(ok.tipo === 'respuesta' && ok.operacion).toBe('sendBillResponse');
    const cdr = leerCdr(Buffer.from(ok.tipo === 'respuesta' ? ok.campos.applicationResponse : '', 'base64'));
    expect(cdr.clase === 'aceptado' || cdr.clase === 'observado').toBe(true);
    expect(cdr.archivo).toMatch(/^R-\d{11}-01-F001-1\.xml$/);

    const ticket = leer('bill_service_response_ticket.xml');
    expect(ticket).toEqual({ tipo: 'respuesta', operacion: 'sendSummaryResponse', campos: { ticket: '1703154974517' } });

    const estado = leer('get_status_response_ok.xml');
    expect(estado.tipo === 'respuesta' && estado.campos.statusCode).toBe('0');
    const cdrRa = leerCdr(Buffer.from(estado.tipo === 'respuesta' ? estado.campos.content : '', 'base64'));
    expect(cdrRa.archivo).toBe('R-12345678912-RA-20200328-1.xml');
    expect(cdrRa.referencia).toBe('RA-20200328-1');

    const fault = leer('bill_service_response_fault.xml');
    expect(fault).toMatchObject({ tipo: 'fault', codigo: '0111', faultcode: 'soap-env:Client.0111' });
    expect(new SunatFault(fault.tipo === 'fault' ? fault.codigo! : '', '').mensaje).toBe('No tiene el perfil para enviar comprobantes electronicos');
  });
});
