// The CLI subcommands send, status and cdr, run in-process against the stand-in.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { iniciarSimulador, type TSimulador } from '@yupana/sunat-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { run as cdr } from '../../src/cli/cdr';
import { run as send } from '../../src/cli/send';
import { run as status } from '../../src/cli/status';
import { generarCertificadoPrueba, type TCredencialFirma } from '../../src/signature';
import { construirFirmado, ejemplo, factura, hoyLima } from './helpers/documentos';

// The issuer of the package's examples (the stand-in checks the file's RUC against the SOL user's).
const RUC = (ejemplo('factura-gravada.json').emisor as { ruc: string }).ruc;
let sim: TSimulador;
let cred: TCredencialFirma;
let dir: string;
let conexion: string[];

beforeAll(async () => {
  sim = await iniciarSimulador({ demoraTicketMs: 100 });
  cred = generarCertificadoPrueba({ ruc: RUC }).credencial;
  dir = mkdtempSync(path.join(tmpdir(), 'yupana-cli-'));
  conexion = ['--sim', sim.url, '--ruc', RUC, '--usuario', 'MODDATOS', '--clave', 'moddatos'];
});
afterAll(async () => {
  await sim.detener();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a subcommand and returns its exit code and the JSON it printed on stdout. */
async function correr(fn: (a: string[]) => Promise<number>, args: string[]) {
  const salida: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void salida.push(a.join(' ')));
  const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const codigo = await fn(args);
    return { codigo, json: salida.length ? JSON.parse(salida.join('\n')) : undefined, stderr: err.mock.calls.flat().join(' ') };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
}

function guardar(doc: { nombre: string; xml: string }): string {
  const archivo = path.join(dir, `${doc.nombre}.xml`);
  writeFileSync(archivo, doc.xml);
  return archivo;
}

describe('yupana-sunat send / cdr / status', () => {
  it('send de una factura imprime el CDR aceptado y lo guarda; cdr lo vuelve a leer; cdr --consultar lo pide a SUNAT', async () => {
    const doc = factura(700, cred);
    const r = await correr(send, [guardar(doc), '--out', dir, ...conexion]);
    expect(r.codigo).toBe(0);
    expect(r.json).toMatchObject({ archivo: doc.nombre, clase: 'aceptado', codigo: '0' });
    const leido = await correr(cdr, [path.join(dir, `R-${doc.nombre}.xml`)]);
    expect(leido).toMatchObject({ codigo: 0, json: { clase: 'aceptado', referencia: 'F001-700' } });
    const consulta = await correr(cdr, ['--consultar', doc.nombre, ...conexion]);
    expect(consulta).toMatchObject({ codigo: 0, json: { codigo: '0004', cdr: { clase: 'aceptado' } } });
  });

  it('send del mismo número otra vez: código 2 y el fault 1033 en JSON', async () => {
    const doc = factura(701, cred);
    await correr(send, [guardar(doc), ...conexion]);
    const r = await correr(send, [guardar(doc), ...conexion]);
    expect(r.codigo).toBe(2);
    expect(r.json).toMatchObject({ error: { tipo: 'fault', codigo: '1033' } });
  });

  it('resumen diario: send da el ticket y status --esperar trae el CDR', async () => {
    const rc = construirFirmado({ ...ejemplo('resumen-diario.json'), fechaEmision: hoyLima(), fechaReferencia: hoyLima(), correlativo: 3 }, cred);
    const r = await correr(send, [guardar(rc), ...conexion]);
    expect(r.codigo).toBe(0);
    const s = await correr(status, [r.json.ticket, '--esperar', '10', ...conexion]);
    expect(s).toMatchObject({ codigo: 0, json: { estado: 'terminado', codigo: '0', cdr: { clase: 'aceptado' } } });
  });

  it('guía de remisión: send por la API GRE y status --gre', async () => {
    const g = construirFirmado({ ...ejemplo('guia-remitente-privado.json'), numero: 702, fechaEmision: hoyLima(), fechaInicioTraslado: hoyLima() }, cred);
    const gre = ['--client-id', 'yupana-sim', '--client-secret', 'yupana-sim-secreto'];
    const r = await correr(send, [guardar(g), ...conexion, ...gre]);
    expect(r.codigo).toBe(0);
    const s = await correr(status, [r.json.ticket, '--gre', '--esperar', '10', ...conexion, ...gre]);
    expect(s).toMatchObject({ codigo: 0, json: { estado: 'terminado', cdr: { clase: 'aceptado' } } });
  });

  it('clave SOL incorrecta: código 2 con el mensaje de SUNAT; simulador caído: código 3 "no alcanzado"', async () => {
    const doc = factura(703, cred);
    const archivo = guardar(doc);
    const mala = await correr(send, [archivo, ...conexion.slice(0, -1), 'otra']);
    expect(mala).toMatchObject({ codigo: 2, json: { error: { codigo: '0102', mensaje: 'Usuario o contrasena incorrectos' } } });
    await sim.fallas.caer();
    try {
      const caido = await correr(send, [archivo, ...conexion]);
      expect(caido).toMatchObject({ codigo: 3, json: { error: { tipo: 'no_alcanzado', motivo: 'conexion' } } });
    } finally {
      await sim.fallas.levantar();
    }
  });

  it('uso incorrecto: falta el RUC o el nombre del archivo no es de SUNAT (código 64)', async () => {
    const archivo = guardar(factura(704, cred));
    expect((await correr(send, [archivo, '--sim', sim.url])).codigo).toBe(64);
    const otro = path.join(dir, 'factura.xml');
    writeFileSync(otro, readFileSync(archivo));
    const r = await correr(send, [otro, ...conexion]);
    expect(r.codigo).toBe(64);
    expect(r.stderr).toMatch(/RUC-TT-SERIE-NUMERO/);
  });
});
