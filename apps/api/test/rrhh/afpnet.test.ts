import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TNominaDetalle, type TTrabajador } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// PLAME .toc/.for, the AFPnet upload and the CTS deposit less the period's absences (issue 16, branch afpnet). The runs
// are of the second demo company, which has no demo workers: every file holds exactly the three workers made here.
let e: Entorno;
let token: string;
let tokenOtra: string;
let tokenCajero: string;
beforeAll(async () => {
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
  tokenOtra = (await sesionDe(e.app, 'supervisor')).AccessToken;
  tokenCajero = (await sesionDe(e.app, 'cajero')).AccessToken;
}, 180_000);
afterAll(async () => {
  await e?.cerrar();
});

const llamar = (method: 'GET' | 'POST', url: string, payload?: unknown, t = token) =>
  e.app.inject(conToken(t, { method, url: `/api/rrhh${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));

/** The rows of the AFPnet workbook as lines of its cell values joined by `|` (empty cells as empty fields). */
async function lineasXlsx(cuerpo: Buffer): Promise<string[]> {
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(cuerpo as unknown as ArrayBuffer);
  const hoja = libro.worksheets[0];
  const lineas: string[] = [];
  hoja.eachRow((fila) => {
    const celdas: string[] = [];
    for (let i = 1; i <= 17; i++) {
      const v = fila.getCell(i).value;
      celdas.push(v === null || v === undefined ? '' : String(v));
    }
    lineas.push(celdas.join('|'));
  });
  return lineas;
}

const t: Record<string, TTrabajador> = {};
let agosto: number;
let ruc: string;

describe('planilla de agosto 2026: archivos .toc, .for y AFPnet', () => {
  it('tres trabajadores: AFP Habitat con 2 faltas, ONP, y AFP Integra con carné de extranjería que ingresó en el mes', async () => {
    for (const [clave, IdTipoDocumento, Documento, Nombres, ApePat, contrato] of [
      ['ana', 1, '41234567', 'Ana María', 'Quispe', { FechaInicio: '2026-01-01', Remuneracion: '3000', SistemaPension: 'HABITAT', TipoComision: 'FLUJO', Cuspp: '123456ABCDE1', AsignacionFamiliar: true }],
      ['benito', 1, '42345678', 'Benito', 'Huamán', { FechaInicio: '2026-01-01', Remuneracion: '2400.00', SistemaPension: 'ONP' }],
      ['elena', 3, '001234567', 'Elena', 'Rossi', { FechaInicio: '2026-08-10', Remuneracion: '2000.00', SistemaPension: 'INTEGRA', TipoComision: 'MIXTA', Cuspp: '654321XYZAB2' }],
    ] as const) {
      const r = await llamar('POST', '/v1/entidades', { IdTipoDocumento, Documento, Nombres, ApePat, ApeMat: 'Prueba' });
      expect(r.statusCode, r.body).toBe(201);
      t[clave] = r.json();
      const c = await llamar('POST', '/v1/contratos/colaborador', { IdTrabajador: t[clave].Id, Regimen: 1, ...contrato });
      expect(c.statusCode, c.body).toBe(201);
    }
    agosto = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 8 })).json().Id;
    const r = await llamar('POST', `/v1/nominas/${agosto}/calculo`, { Novedades: [{ IdTrabajador: t.ana.Id, Faltas: 2 }] });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json<TNominaDetalle>();
    const ana = d.Boletas.find((b) => b.IdTrabajador === t.ana.Id)!;
    const m = Object.fromEntries(ana.Lineas.map((l) => [l.Codigo, l.Monto]));
    // 3000 + 113 − 3000 / 30 × 2 = 2913.00 asegurable; AFP fund 10 % = 291.30.
    expect(m).toMatchObject({ BASICO: '3000.00', ASIG_FAMILIAR: '113.00', INASISTENCIAS: '200.00', AFP_FONDO: '291.30' });
  });

  it('el archivo de AFPnet solo sale de una planilla aprobada; otra empresa 404, un cajero 403', async () => {
    const borrador = await llamar('GET', `/v1/nominas/${agosto}/afpnet`);
    expect(borrador.statusCode).toBe(409);
    expect(borrador.json()).toMatchObject({ ErrorId: ErrorCodes.NOMINA_NO_APROBADA });
    expect((await llamar('POST', `/v1/nominas/${agosto}/aprobacion`)).statusCode).toBe(200);
    for (const url of [`/v1/nominas/${agosto}/afpnet`, `/v1/nominas/${agosto}/plame/toc`, `/v1/nominas/${agosto}/plame/for`]) {
      expect((await llamar('GET', url, undefined, tokenOtra)).statusCode).toBe(404);
      expect((await llamar('GET', url, undefined, tokenCajero)).statusCode).toBe(403);
    }
    const mala = await llamar('GET', `/v1/nominas/${agosto}/afpnet?afp=UNION`);
    expect(mala.statusCode).toBe(400);
    expect(mala.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { afp: 'AFP no válida (INTEGRA, PRIMA, PROFUTURO o HABITAT)' } });
    expect((await llamar('GET', `/v1/nominas/999999/afpnet`)).statusCode).toBe(404);
  });

  it('AFPnet: 17 columnas sin encabezado, una fila por afiliado, ordenadas por AFP; los de la ONP no van', async () => {
    // The second demo company has no RUC: AFPnet identifies the employer by it.
    const sinRuc = await llamar('GET', `/v1/nominas/${agosto}/afpnet`);
    expect(sinRuc.statusCode).toBe(409);
    expect(sinRuc.json()).toMatchObject({ ErrorId: ErrorCodes.AFPNET_DATOS_INVALIDOS });
    await e.dbh.db.execute(sql`update empresa set documento = '20999888771' where id = (select id_empresa from nomina where id = ${agosto})`);
    const r = await llamar('GET', `/v1/nominas/${agosto}/afpnet`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const nombre = /^attachment; filename="AFPNET_(\d{11})_202608\.xlsx"$/.exec(String(r.headers['content-disposition']));
    expect(nombre).not.toBeNull();
    ruc = nombre![1];
    const lineas = await lineasXlsx(r.rawPayload);
    // Seq | CUSPP | tipo doc (0 DNI, 1 CE) | nº | ap. paterno | ap. materno | nombres | relación laboral | inicio RL |
    // cese RL | excepción | remuneración asegurable | 3 aportes voluntarios | tipo de trabajo | AFP (empty).
    // Elena started on 10-Aug: inicio S; 22 of 30 days paid: 2000 / 30 × 22 = 1466.67 (her BASICO line).
    expect(lineas).toEqual([
      '1|123456ABCDE1|0|41234567|Quispe|Prueba|Ana María|S|N|N||2913.00|0|0|0|N|',
      `2|654321XYZAB2|1|001234567|Rossi|Prueba|Elena|S|S|N||1466.67|0|0|0|N|`,
    ]);
    expect(lineas.every((l) => l.split('|').length === 17)).toBe(true);
    // One AFP only: its affiliates, numbered from 1; an AFP without affiliates in the run is a 409.
    const integra = await llamar('GET', `/v1/nominas/${agosto}/afpnet?afp=INTEGRA`);
    expect(integra.headers['content-disposition']).toBe(`attachment; filename="AFPNET_${ruc}_202608_INTEGRA.xlsx"`);
    expect(await lineasXlsx(integra.rawPayload)).toEqual(['1|654321XYZAB2|1|001234567|Rossi|Prueba|Elena|S|S|N||1466.67|0|0|0|N|']);
    const prima = await llamar('GET', `/v1/nominas/${agosto}/afpnet?afp=PRIMA`);
    expect(prima.statusCode).toBe(409);
    expect(prima.json()).toMatchObject({ ErrorId: ErrorCodes.AFPNET_SIN_AFILIADOS, Mensaje: expect.stringContaining('PRIMA') });
  });

  it('.toc: otras condiciones, una línea por trabajador con 6 campos; .for no aplica sin personal en formación', async () => {
    const r = await llamar('GET', `/v1/nominas/${agosto}/plame/toc`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="0601202608${ruc}.toc"`);
    // Tabla 3 type | number | Asegura tu Pensión 0 | +Vida 0 | FDSA empty | domiciliado 1 |, CRLF, ordered by document.
    expect(r.body).toBe('04|001234567|0|0||1|\r\n01|41234567|0|0||1|\r\n01|42345678|0|0||1|\r\n');
    expect(r.body.split('\r\n').slice(0, -1).every((l) => l.split('|').length === 7 && l.endsWith('|'))).toBe(true);
    const f = await llamar('GET', `/v1/nominas/${agosto}/plame/for`);
    expect(f.statusCode).toBe(409);
    expect(f.json()).toMatchObject({ ErrorId: ErrorCodes.PLAME_SIN_FORMACION });
    expect((await llamar('GET', `/v1/nominas/${agosto}/plame/xls`)).statusCode).toBe(400);
  });
});

describe('depósito de CTS de noviembre 2026 con las faltas del periodo', () => {
  it('las 2 faltas de agosto (planilla aprobada) se descuentan del tiempo de servicios a 1/30 de mes cada una', async () => {
    const nov = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 11 })).json().Id;
    const r = await llamar('POST', `/v1/nominas/${nov}/calculo`, { Novedades: [] });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json<TNominaDetalle>();
    const cts = (quien: string) => d.Boletas.find((b) => b.IdTrabajador === t[quien].Id)!.Lineas.find((l) => l.Codigo === 'CTS')!;
    // Ana: RC 3113 + 1/6 × July gratificación 3113 = 3631.8333; (180 − 2) / 360 → 1795.74 (1815.92 without the faltas).
    expect(cts('ana').Monto).toBe('1795.74');
    expect(cts('ana').Regla).toContain('2 día(s) de inasistencia injustificada');
    // Benito: no faltas; 2400 + 400 = 2800 × 180 / 360 = 1400.00.
    expect(cts('benito').Monto).toBe('1400.00');
    // Elena: no July gratificación; 2 full months (Sep, Oct) + 22 days of August: 2000 × 82 / 360 = 455.56.
    expect(cts('elena').Monto).toBe('455.56');
  });
});
