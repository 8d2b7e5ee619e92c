// CLI build y qr por el mismo código que corre bin/yupana-sunat.mjs (main.ts), con archivos reales en un directorio temporal.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main';
import { generarCertificadoPrueba, verificarFirma } from '../../src/signature';

const paquete = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ejemplo = (n: string) => path.join(paquete, 'examples', `${n}.json`);
const tmp = mkdtempSync(path.join(tmpdir(), 'yupana-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let stdout = '';
let stderr = '';
beforeEach(() => {
  stdout = '';
  stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((c) => ((stdout += String(c)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((c) => ((stderr += String(c)), true));
});
afterEach(() => vi.restoreAllMocks());

const digest = (xml: string) => /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/.exec(xml)?.[1];

describe('yupana-sunat build', () => {
  it('sin --pfx firma con un certificado de prueba, lo dice en stderr y escribe XML y ZIP con el nombre SUNAT', async () => {
    const out = path.join(tmp, 'a');
    expect(await main(['build', ejemplo('factura-gravada'), '--out', out])).toBe(0);
    expect(stderr).toMatch(/certificado de PRUEBA autofirmado/);
    const xmlPath = path.join(out, '20123456786-01-F001-1.xml');
    const xml = readFileSync(xmlPath, 'utf8');
    expect(verificarFirma(xml)).toEqual({ valida: true });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice ')).toBe(true);
    const zip = unzipSync(readFileSync(path.join(out, '20123456786-01-F001-1.zip')));
    expect(Object.keys(zip)).toEqual(['20123456786-01-F001-1.xml']);
    expect(Buffer.from(zip['20123456786-01-F001-1.xml']).toString('utf8')).toBe(xml);
    expect(stdout.trim().split('\n')).toEqual([xmlPath, path.join(out, '20123456786-01-F001-1.zip')]);
  });

  it('con --pfx y --password firma con ese certificado y no avisa de prueba', async () => {
    const { pfx, password, credencial } = generarCertificadoPrueba({ ruc: '20123456786', razonSocial: 'COMERCIAL YUPANA S.A.C.' });
    const pfxPath = path.join(tmp, 'empresa.pfx');
    writeFileSync(pfxPath, pfx);
    const out = path.join(tmp, 'b');
    expect(await main(['build', ejemplo('boleta'), '--pfx', pfxPath, '--password', password, '--out', out])).toBe(0);
    expect(stderr).toBe('');
    const xml = readFileSync(path.join(out, '20123456786-03-B001-1.xml'), 'utf8');
    expect(xml).toContain(credencial.certificateBase64.slice(0, 60));
    expect(verificarFirma(xml).valida).toBe(true);
  });

  it('contraseña equivocada: sale con 1 y no escribe nada', async () => {
    const { pfx } = generarCertificadoPrueba();
    const pfxPath = path.join(tmp, 'otra.pfx');
    writeFileSync(pfxPath, pfx);
    const out = path.join(tmp, 'c');
    expect(await main(['build', ejemplo('boleta'), '--pfx', pfxPath, '--password', 'mala', '--out', out])).toBe(1);
    expect(existsSync(path.join(out, '20123456786-03-B001-1.xml'))).toBe(false);
    expect(stderr).not.toBe('');
  });

  it('JSON inválido: sale con 1 e imprime el error 500001 con los campos', async () => {
    const mal = path.join(tmp, 'mal.json');
    writeFileSync(mal, JSON.stringify({ ...JSON.parse(readFileSync(ejemplo('factura-gravada'), 'utf8')), serie: 'X1' }));
    expect(await main(['build', mal, '--out', path.join(tmp, 'd')])).toBe(1);
    const json = JSON.parse(stderr.slice(stderr.indexOf('{')));
    expect(json.ErrorId).toBe(500001);
    expect(json.Errores.serie).toMatch(/Serie/);
  });

  it('sin --out muestra el uso y sale con 2; comando desconocido también', async () => {
    expect(await main(['build', ejemplo('boleta')])).toBe(2);
    expect(await main(['otro'])).toBe(2);
    expect(stderr).toMatch(/Comando desconocido: otro/);
  });
});

describe('yupana-sunat qr', () => {
  it('imprime RUC|TIPO|SERIE|NUMERO|IGV|TOTAL|FECHA|TIPODOC|NUMDOC|HASH| con el DigestValue de la firma', async () => {
    const { pfx, password } = generarCertificadoPrueba({ ruc: '20123456786' });
    const pfxPath = path.join(tmp, 'qr.pfx');
    writeFileSync(pfxPath, pfx);
    expect(await main(['qr', ejemplo('factura-gravada'), '--pfx', pfxPath, '--password', password])).toBe(0);
    const qr = stdout.trim();
    const partes = qr.split('|');
    expect(partes.slice(0, 9)).toEqual(['20123456786', '01', 'F001', '1', '23.53', '154.24', '2026-11-20', '6', '20100070970']);
    expect(partes[9]).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(partes[10]).toBe('');
    // El hash del QR es el DigestValue del XML firmado con el mismo certificado (la firma es determinista).
    const out = path.join(tmp, 'qr');
    stdout = '';
    expect(await main(['build', ejemplo('factura-gravada'), '--pfx', pfxPath, '--password', password, '--out', out])).toBe(0);
    expect(digest(readFileSync(path.join(out, '20123456786-01-F001-1.xml'), 'utf8'))).toBe(partes[9]);
  });

  it('una guía no tiene QR de comprobante', async () => {
    expect(await main(['qr', ejemplo('guia-transportista')])).toBe(2);
  });
});

describe('bin/yupana-sunat.mjs', () => {
  it('arranca con tsx y muestra la ayuda', () => {
    const salida = execFileSync(process.execPath, [path.join(paquete, 'bin/yupana-sunat.mjs'), '--help'], { encoding: 'utf8' });
    expect(salida).toMatch(/^Uso: yupana-sunat <comando>/);
    expect(salida).toMatch(/build ARCHIVO\.json/);
    // Starting Node with tsx takes seconds on a loaded machine: this test's time limit is about that, not the CLI.
  }, 60_000);
});
