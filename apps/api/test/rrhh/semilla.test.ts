import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { PNG } from 'pngjs';
import { ErrorCodes, type TContratosMasivoRespuesta, type TEvento, type TMarcacionImagen, type TTrabajador } from '@yupana/contracts';
import { usarComparadorRostros } from '../../src/modules/rrhh/semilla.service';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

/** The seed's remaining HR calls (issue 16 §7) under /api/rrhh: every route added by branch rrhhsemilla. */

let e: Entorno;
let token: string;
let tokenOtra: string;
let tokenCajero: string;
let idEmpresa: number;
beforeAll(async () => {
  e = await crearEntorno();
  const s = await sesionDe(e.app, 'supervisor');
  token = s.AccessToken;
  idEmpresa = s.IdEntidadEmpresa;
  tokenOtra = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
  tokenCajero = (await sesionDe(e.app, 'cajero')).AccessToken;
});
afterAll(async () => {
  await e?.cerrar();
});

const llamar = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, t = token) =>
  e.app.inject(conToken(t, { method, url: url.startsWith('/api/') ? url : `/api/rrhh${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));

function png(ancho: number, alto: number): string {
  const img = new PNG({ width: ancho, height: alto });
  img.data.fill(200);
  return PNG.sync.write(img).toString('base64');
}

const trabajador = async (Documento: string, Nombres: string, ApePat: string, t = token): Promise<TTrabajador> => {
  const r = await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento, Nombres, ApePat }, t);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
};
const contrato = (IdTrabajador: number, extra: Record<string, unknown> = {}) => ({
  IdTrabajador,
  Regimen: 1,
  FechaInicio: '2026-01-01',
  Remuneracion: '2500',
  SistemaPension: 'ONP',
  ...extra,
});

let rosa: TTrabajador;
let luis: TTrabajador;
let ajeno: TTrabajador;
let marcaLuis: TMarcacionImagen;
let idNominaFebrero: number;

describe('contratos/masivo', () => {
  it('registra todos los contratos en una transacción, con sus cifras exactas', async () => {
    rosa = await trabajador('40111222', 'Rosa', 'Condori');
    luis = await trabajador('40333444', 'Luis', 'Quispe');
    const r = await llamar('POST', '/v1/contratos/masivo', {
      Contratos: [contrato(rosa.Id), contrato(luis.Id, { Regimen: 2, Remuneracion: 1800.5, SistemaPension: 'PRIMA', TipoComision: 'FLUJO', FechaFin: '2026-12-31' })],
    });
    expect(r.statusCode, r.body).toBe(201);
    const d = r.json<TContratosMasivoRespuesta>();
    expect(d.Registrados).toBe(2);
    expect(d.Data.map((c) => [c.IdTrabajador, c.Regimen, c.FechaInicio, c.FechaFin, c.Remuneracion, c.SistemaPension, c.TipoComision])).toEqual([
      [rosa.Id, 1, '2026-01-01', null, '2500.00', 'ONP', null],
      [luis.Id, 2, '2026-01-01', '2026-12-31', '1800.50', 'PRIMA', 'FLUJO'],
    ]);
    expect((await llamar('GET', `/v1/entidades/${luis.Id}/contratos`)).json().Data).toHaveLength(1);
  });

  it('con un error en una fila no registra ninguna y dice el error de cada fila', async () => {
    const nuevo = await trabajador('40555666', 'Nora', 'Vega');
    const r = await llamar('POST', '/v1/contratos/masivo', {
      Contratos: [
        contrato(nuevo.Id, { FechaFin: '2026-06-30' }),
        contrato(nuevo.Id, { FechaInicio: '2026-06-01' }),
        contrato(rosa.Id, { FechaInicio: '2026-05-01' }),
        contrato(999999),
        contrato(nuevo.Id, { FechaInicio: '2026-09-01', Remuneracion: '500' }),
      ],
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      ErrorId: ErrorCodes.VALIDACION,
      Mensaje: '4 contratos tienen errores: no se registró ninguno',
      Errores: {
        'Contratos.1.FechaInicio': 'Se cruza con el contrato de la fila 1 del mismo trabajador',
        'Contratos.2.FechaInicio': 'El trabajador ya tiene un contrato vigente en esas fechas',
        'Contratos.3.IdTrabajador': 'No se encontró el trabajador',
        'Contratos.4.Remuneracion': expect.stringContaining('remuneración mínima vital'),
      },
    });
    expect(Object.keys(r.json().Errores)).not.toContain('Contratos.0.FechaInicio');
    expect((await llamar('GET', `/v1/entidades/${nuevo.Id}/contratos`)).json().Data).toEqual([]);
  });

  it('valida la forma (500001 por campo), rechaza al cajero (403) y los trabajadores de otra empresa son "no encontrados"', async () => {
    const vacio = await llamar('POST', '/v1/contratos/masivo', { Contratos: [] });
    expect(vacio.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Contratos: 'Agregue al menos un contrato' } });
    const malo = await llamar('POST', '/v1/contratos/masivo', { Contratos: [{ IdTrabajador: 'x', Regimen: 9, FechaInicio: '2026-02-30', Remuneracion: 'mil', SistemaPension: 'AFP' }] });
    expect(malo.statusCode).toBe(400);
    expect(Object.keys(malo.json().Errores)).toEqual(expect.arrayContaining(['Contratos.0.IdTrabajador', 'Contratos.0.Regimen', 'Contratos.0.FechaInicio', 'Contratos.0.Remuneracion', 'Contratos.0.SistemaPension']));
    expect((await llamar('POST', '/v1/contratos/masivo', { Contratos: 'x' })).statusCode).toBe(400);
    expect((await llamar('POST', '/v1/contratos/masivo', { Contratos: [contrato(rosa.Id)] }, tokenCajero)).statusCode).toBe(403);
    ajeno = await trabajador('40111222', 'Homónima', 'Otra', tokenOtra);
    const otra = await llamar('POST', '/v1/contratos/masivo', { Contratos: [contrato(rosa.Id, { FechaInicio: '2027-01-01' })] }, tokenOtra);
    expect(otra.json()).toMatchObject({ Errores: { 'Contratos.0.IdTrabajador': 'No se encontró el trabajador' } });
  });
});

describe('marcaciones: tramos, fotos y validación facial', () => {
  it('tramos de un trabajador y de la empresa, con los minutos de cada tramo', async () => {
    for (const [Fecha, Hora] of [
      ['2026-03-02', '08:00'],
      ['2026-03-02', '12:00'],
      ['2026-03-02', '13:00'],
      ['2026-03-02', '17:30'],
      ['2026-03-03', '08:05'],
    ])
      expect((await llamar('POST', '/v1/marcacion/trabajador/marcaciones', { IdTrabajador: rosa.Id, Fecha, Hora, Motivo: 'Carga inicial' })).statusCode).toBe(201);
    const r = await llamar('GET', `/v1/marcacion/trabajador/tramos?idTrabajador=${rosa.Id}&desde=2026-03-01&hasta=2026-03-07`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      IdTrabajador: rosa.Id,
      Trabajador: 'Condori, Rosa',
      Documento: '40111222',
      MinutosEnTramos: 510,
      Dias: [
        { Fecha: '2026-03-02', Incompleta: false, MinutosEnTramos: 510, Tramos: [{ Entrada: '08:00', Salida: '12:00', Minutos: 240 }, { Entrada: '13:00', Salida: '17:30', Minutos: 270 }] },
        { Fecha: '2026-03-03', Incompleta: true, MinutosEnTramos: 0, Tramos: [{ Entrada: '08:05', Salida: null, Minutos: 0 }] },
      ],
    });
    const rep = await llamar('GET', '/v1/marcacion/reporte/tramos?desde=2026-03-01&hasta=2026-03-07&filtro=4011122');
    expect(rep.statusCode, rep.body).toBe(200);
    expect(rep.json()).toMatchObject({ Count: 1, Data: [{ IdTrabajador: rosa.Id, MinutosEnTramos: 510 }] });
    // Another company's worker is not found; the cashier may not read reports; a bad range gets field messages.
    expect((await llamar('GET', `/v1/marcacion/trabajador/tramos?idTrabajador=${rosa.Id}&desde=2026-03-01&hasta=2026-03-07`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', '/v1/marcacion/reporte/tramos?desde=2026-03-01&hasta=2026-03-07', undefined, tokenOtra)).json().Data.map((t: { IdTrabajador: number }) => t.IdTrabajador)).not.toContain(rosa.Id);
    expect((await llamar('GET', '/v1/marcacion/reporte/tramos?desde=2026-03-01&hasta=2026-03-07', undefined, tokenCajero)).statusCode).toBe(403);
    const malo = await llamar('GET', '/v1/marcacion/reporte/tramos?desde=2026-03-09&hasta=2026-03-01&regxpag=0');
    expect(malo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { hasta: 'La fecha final es anterior a la inicial', regxpag: expect.any(String) } });
    expect((await llamar('GET', '/v1/marcacion/trabajador/tramos?idTrabajador=abc&desde=x&hasta=y')).statusCode).toBe(400);
  });

  it('marca con la cámara: hora del servidor, origen 2, foto guardada y validación facial -2 sin foto registrada y 90 con ella', async () => {
    const sinFoto = await llamar('POST', '/v1/marcacion/trabajador/imagen', { IdTrabajador: luis.Id, ImagenBase64: png(40, 40) });
    expect(sinFoto.statusCode, sinFoto.body).toBe(201);
    const m1 = sinFoto.json<TMarcacionImagen>();
    marcaLuis = m1;
    expect(m1).toMatchObject({ IdTrabajador: luis.Id, ValidacionFacial: -2, Imagen: expect.stringMatching(/^data:image\/png;base64,/) });
    expect((await llamar('POST', `/v1/entidades/relacionados/${luis.Id}/imagenes`, { ImagenBase64: png(60, 80) })).statusCode).toBe(200);
    // A second camera punch a second later: now the worker has a photo to compare with.
    await new Promise((r) => setTimeout(r, 1100));
    const m2 = (await llamar('POST', '/v1/marcacion/trabajador/imagen', { IdTrabajador: luis.Id, ImagenBase64: png(40, 40) })).json<TMarcacionImagen>();
    expect(m2.ValidacionFacial).toBe(90);
    // The face matcher is an interface: a real one may say "no face" (-1) or "not the same person" (0).
    const restaurar = usarComparadorRostros(async () => -1);
    await new Promise((r) => setTimeout(r, 1100));
    const m3 = (await llamar('POST', '/v1/marcacion/trabajador/imagen', { IdTrabajador: luis.Id, ImagenBase64: png(40, 40) })).json<TMarcacionImagen>();
    restaurar();
    expect(m3.ValidacionFacial).toBe(-1);

    const g = await llamar('GET', `/v1/marcacion/trabajador/imagen/${m1.IdMarcacion}`);
    expect(g.json()).toEqual(m1);
    const marcas = (await llamar('GET', `/v1/marcacion/trabajador/marcaciones?idTrabajador=${luis.Id}&desde=${m1.Fecha}&hasta=${m1.Fecha}`)).json();
    expect(marcas.Data.map((m: { Origen: number }) => m.Origen)).toEqual([2, 2, 2]);

    const v = await llamar('GET', `/v1/marcacion/reporte/validacion?desde=${m1.Fecha}&hasta=${m1.Fecha}&idTrabajador=${luis.Id}`);
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toMatchObject({
      Count: 3,
      Resumen: { Validas: 1, NoValidas: 0, SinRostro: 1, SinFoto: 1 },
      Data: [
        { IdMarcacion: m1.IdMarcacion, ValidacionFacial: -2, Descripcion: 'Sin foto para comparar', TieneImagen: true },
        { IdMarcacion: m2.IdMarcacion, ValidacionFacial: 90, Descripcion: 'Válida' },
        { IdMarcacion: m3.IdMarcacion, ValidacionFacial: -1, Descripcion: 'No se detectó un rostro' },
      ],
    });
    const soloValidas = (await llamar('GET', `/v1/marcacion/reporte/validacion?desde=${m1.Fecha}&hasta=${m1.Fecha}&validacion=90`)).json();
    expect(soloValidas).toMatchObject({ Count: 1, Data: [{ IdMarcacion: m2.IdMarcacion }], Resumen: { Validas: 1, SinFoto: 1 } });
  });

  it('la foto y el reporte de otra empresa son "no encontrados"; el cajero no marca ni consulta; entrada rara da 400', async () => {
    expect((await llamar('GET', `/v1/marcacion/trabajador/imagen/${marcaLuis.IdMarcacion}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/marcacion/trabajador/imagen/${marcaLuis.IdMarcacion}`, undefined, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('GET', '/v1/marcacion/trabajador/imagen/999999')).statusCode).toBe(404);
    expect((await llamar('POST', '/v1/marcacion/trabajador/imagen', { IdTrabajador: luis.Id, ImagenBase64: png(40, 40) }, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/marcacion/reporte/validacion?desde=2026-01-01&hasta=2026-01-31&idTrabajador=${luis.Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('POST', '/v1/marcacion/trabajador/imagen', { IdTrabajador: luis.Id, ImagenBase64: png(40, 40) }, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('GET', '/v1/marcacion/reporte/validacion?desde=2026-01-01&hasta=2026-01-31', undefined, tokenCajero)).statusCode).toBe(403);
    const gif = await llamar('POST', '/v1/marcacion/trabajador/imagen', { IdTrabajador: luis.Id, ImagenBase64: Buffer.from('GIF89a-no-es-foto').toString('base64') });
    expect(gif.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { ImagenBase64: 'La foto debe ser una imagen PNG o JPG' } });
    expect((await llamar('POST', '/v1/marcacion/trabajador/imagen', { IdTrabajador: 0 })).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdTrabajador: expect.any(String), ImagenBase64: 'Adjunte la foto' } });
    expect((await llamar('GET', '/v1/marcacion/reporte/validacion?desde=2026-01-01&hasta=2026-01-31&validacion=5')).json()).toMatchObject({ Errores: { validacion: 'Validación no válida (90, 0, -1 o -2)' } });
    expect((await llamar('GET', '/v1/marcacion/trabajador/imagen/abc')).statusCode).toBe(400);
  });
});

describe('entidades/evento (calendario)', () => {
  let reunion: TEvento;
  it('registra, lista por rango, edita y elimina eventos', async () => {
    const r = await llamar('POST', '/v1/entidades/evento', { Titulo: 'Reunión de planilla', FechaInicio: '2026-03-10', HoraInicio: '09:00', HoraFin: '10:30' });
    expect(r.statusCode, r.body).toBe(201);
    reunion = r.json();
    expect(reunion).toEqual({
      Id: reunion.Id,
      Titulo: 'Reunión de planilla',
      Descripcion: null,
      FechaInicio: '2026-03-10',
      FechaFin: '2026-03-10',
      HoraInicio: '09:00',
      HoraFin: '10:30',
      TodoElDia: false,
      IdTrabajador: null,
      Trabajador: null,
    });
    const cumple = (await llamar('POST', '/v1/entidades/evento', { Titulo: 'Vacaciones de Rosa', Descripcion: 'Aprobadas', FechaInicio: '2026-03-28', FechaFin: '2026-04-03', IdTrabajador: rosa.Id })).json<TEvento>();
    expect(cumple).toMatchObject({ TodoElDia: true, Trabajador: 'Condori, Rosa', FechaFin: '2026-04-03' });
    // An event across two months shows in both.
    expect((await llamar('GET', '/v1/entidades/evento?desde=2026-04-01&hasta=2026-04-30')).json().Data.map((x: TEvento) => x.Id)).toEqual([cumple.Id]);
    expect((await llamar('GET', '/v1/entidades/evento?desde=2026-03-01&hasta=2026-03-31')).json().Data.map((x: TEvento) => x.Id)).toEqual([reunion.Id, cumple.Id]);
    expect((await llamar('GET', `/v1/entidades/evento?desde=2026-03-01&hasta=2026-03-31&idTrabajador=${rosa.Id}`)).json().Data.map((x: TEvento) => x.Id)).toEqual([cumple.Id]);
    const ed = await llamar('PUT', `/v1/entidades/evento/${reunion.Id}`, { Titulo: 'Reunión de cierre', FechaInicio: '2026-03-11' });
    expect(ed.json()).toMatchObject({ Id: reunion.Id, Titulo: 'Reunión de cierre', FechaInicio: '2026-03-11', TodoElDia: true, HoraInicio: null });
    const del = await llamar('DELETE', `/v1/entidades/evento/${reunion.Id}`);
    expect(del.statusCode).toBe(204);
    expect((await llamar('GET', '/v1/entidades/evento?desde=2026-03-01&hasta=2026-03-31')).json().Data.map((x: TEvento) => x.Id)).toEqual([cumple.Id]);
    expect((await llamar('DELETE', `/v1/entidades/evento/${reunion.Id}`)).statusCode).toBe(404);
    reunion = cumple;
  });

  it('valida con mensajes por campo; otra empresa no ve ni cambia el evento; el cajero recibe 403', async () => {
    const malo = await llamar('POST', '/v1/entidades/evento', { Titulo: '', FechaInicio: '2026-03-10', FechaFin: '2026-03-01', HoraInicio: '25:00' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Titulo: 'Ingrese el título', HoraInicio: 'la hora de inicio: use el formato HH:MM' } });
    const fechas = await llamar('POST', '/v1/entidades/evento', { Titulo: 'X', FechaInicio: '2026-03-10', FechaFin: '2026-03-01' });
    expect(fechas.json()).toMatchObject({ Errores: { FechaFin: 'La fecha de fin no puede ser anterior a la de inicio' } });
    const horas = await llamar('POST', '/v1/entidades/evento', { Titulo: 'X', FechaInicio: '2026-03-10', HoraInicio: '10:00' });
    expect(horas.json()).toMatchObject({ Errores: { HoraFin: 'Indique las dos horas, o ninguna para todo el día' } });
    const ajenoEv = await llamar('POST', '/v1/entidades/evento', { Titulo: 'X', FechaInicio: '2026-03-10', IdTrabajador: ajeno.Id });
    expect(ajenoEv.json()).toMatchObject({ Errores: { IdTrabajador: 'Seleccione un trabajador de su empresa' } });
    expect((await llamar('GET', '/v1/entidades/evento?desde=2026-03-01&hasta=2026-04-30', undefined, tokenOtra)).json().Data).toEqual([]);
    expect((await llamar('PUT', `/v1/entidades/evento/${reunion.Id}`, { Titulo: 'Mío', FechaInicio: '2026-03-11' }, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('DELETE', `/v1/entidades/evento/${reunion.Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', '/v1/entidades/evento?desde=2026-03-01&hasta=2026-04-30', undefined, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('POST', '/v1/entidades/evento', { Titulo: 'X', FechaInicio: '2026-03-10' }, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('GET', '/v1/entidades/evento?desde=abc')).statusCode).toBe(400);
  });
});

describe('entidades/validar/desactivacion', () => {
  it('dice por qué no se puede desactivar: contrato vigente, planilla en borrador, solicitud pendiente', async () => {
    const libre = await trabajador('40777888', 'Elsa', 'Ramos');
    expect((await llamar('GET', `/v1/entidades/validar/desactivacion/${libre.Id}`)).json()).toEqual({ IdTrabajador: libre.Id, PuedeDesactivar: true, Motivos: [] });
    // A contract ended in the past does not stop it.
    expect((await llamar('POST', '/v1/contratos/colaborador', contrato(libre.Id, { FechaFin: '2026-01-31' }))).statusCode).toBe(201);
    expect((await llamar('GET', `/v1/entidades/validar/desactivacion/${libre.Id}`)).json().PuedeDesactivar).toBe(true);

    const n = await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 2 });
    expect(n.statusCode, n.body).toBe(201);
    idNominaFebrero = n.json().Id;
    expect((await llamar('POST', `/v1/nominas/${idNominaFebrero}/calculo`, {})).statusCode).toBe(200);
    expect((await llamar('POST', '/v1/plantillaflujo', { Nombre: 'Permisos', TipoSolicitud: 'PERMISO', Pasos: [{ Nombre: 'Jefe', IdRol: 2 }] })).statusCode).toBe(201);
    const s = await llamar('POST', '/v1/solicitud', { IdTrabajador: rosa.Id, Tipo: 'PERMISO', FechaDesde: '2026-12-14', FechaHasta: '2026-12-14', Motivo: 'Trámite' });
    expect(s.statusCode, s.body).toBe(201);
    expect((await llamar('GET', `/v1/entidades/validar/desactivacion/${rosa.Id}`)).json()).toEqual({
      IdTrabajador: rosa.Id,
      PuedeDesactivar: false,
      Motivos: [
        'Tiene un contrato vigente desde el 2026-01-01 sin fecha de fin: registre la fecha de cese',
        'Está en la planilla en borrador de 02/2026: apruébela o recalcúlela sin él',
        'Tiene una solicitud pendiente de aprobación',
      ],
    });
    expect((await llamar('GET', `/v1/entidades/validar/desactivacion/${rosa.Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/entidades/validar/desactivacion/${rosa.Id}`, undefined, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('GET', '/v1/entidades/validar/desactivacion/abc')).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION });
  });
});

describe('nominas/{id}/excels', () => {
  it('da la planilla en Excel: una fila por boleta con sus cifras y los totales', async () => {
    const r = await llamar('GET', `/v1/nominas/${idNominaFebrero}/excels`);
    expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(r.headers['content-disposition']).toBe('attachment; filename="planilla-2026-02.xlsx"');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Planilla')!;
    expect(hoja.getRow(1).getCell(1).value).toBe('Planilla de febrero 2026 (Borrador)');
    const filas = hoja.getSheetValues().filter(Boolean) as unknown[][];
    const deRosa = filas.find((f) => f[1] === '40111222')!;
    // Rosa: 2500.00 basic, ONP 13 % = 325.00, net 2175.00; EsSalud 9 % = 225.00 paid by the employer.
    expect(deRosa.slice(1)).toEqual(['40111222', 'Condori, Rosa', 'General (D. Leg. 728)', 'ONP (Sistema Nacional de Pensiones)', 2500, 30, 0, 0, 2500, 325, 225, 2175, 'No']);
    const d = (await llamar('GET', `/v1/nominas/${idNominaFebrero}`)).json();
    const totales = filas.find((f) => f[1] === 'Totales')!;
    expect(totales.slice(9, 13)).toEqual([Number(d.TotalIngresos), Number(d.TotalDescuentos), Number(d.TotalAportes), Number(d.TotalNeto)]);
    expect(totales[2]).toBe(`${d.Boletas.length} trabajador(es)`);
    expect((await llamar('GET', `/v1/nominas/${idNominaFebrero}/excels`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/nominas/${idNominaFebrero}/excels`, undefined, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('GET', '/v1/nominas/abc/excels')).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION });
  });
});

describe('relacionentidadarea', () => {
  it('da los trabajadores activos cuyo contrato es del área', async () => {
    const a = await llamar('POST', '/v1/areas', { Nombre: 'Almacén de semillas' });
    expect(a.statusCode, a.body).toBe(201);
    const almacen = a.json();
    const pablo = await trabajador('40999000', 'Pablo', 'Soto');
    expect((await llamar('POST', '/v1/contratos/masivo', { Contratos: [contrato(pablo.Id, { IdArea: almacen.Id })] })).statusCode).toBe(201);
    const r = await llamar('GET', `/v1/relacionentidadarea?idArea=${almacen.Id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ Count: 1, Data: [{ Id: pablo.Id, Contrato: { IdArea: almacen.Id, Area: 'Almacén de semillas' } }] });
    expect((await llamar('GET', `/v1/relacionentidadarea?idArea=${almacen.Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/relacionentidadarea?idArea=${almacen.Id}`, undefined, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('GET', '/v1/relacionentidadarea?idArea=x')).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { idArea: expect.any(String) } });
  });
});

describe('entidades/relacionados', () => {
  it('busca por documento y tipo (1 trabajador, 2 familiar) y da una persona con sus relaciones', async () => {
    const fam = await llamar('POST', '/v1/entidades/relacionados', { IdTrabajador: rosa.Id, IdTipoDocumento: 1, Documento: '71234567', Nombres: 'Mateo', ApePat: 'Condori', Parentesco: 2 });
    expect(fam.statusCode, fam.body).toBe(201);
    const idFam = fam.json().Id;
    const r = await llamar('GET', '/v1/entidades/relacionados/documentos?tipodocumento=1&documento=71234567&tipo=2');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      Data: [{ Id: idFam, TipoEntidad: 2, IdTipoDocumento: 1, Documento: '71234567', Nombre: 'Condori, Mateo', LogEstado: 1, Relaciones: [{ IdTrabajador: rosa.Id, Trabajador: 'Condori, Rosa', Parentesco: 2 }] }],
    });
    expect((await llamar('GET', '/v1/entidades/relacionados/documentos?tipodocumento=1&documento=40111222&tipo=1')).json().Data).toEqual([
      { Id: rosa.Id, TipoEntidad: 1, IdTipoDocumento: 1, Documento: '40111222', Nombre: 'Condori, Rosa', LogEstado: 1, Relaciones: [] },
    ]);
    // Not registered: an empty list (the screen then registers the person).
    expect((await llamar('GET', '/v1/entidades/relacionados/documentos?tipodocumento=1&documento=71234567&tipo=1')).json()).toEqual({ Data: [] });
    expect((await llamar('GET', `/v1/entidades/relacionados/${idFam}`)).json()).toMatchObject({ Id: idFam, TipoEntidad: 2, Relaciones: [{ IdTrabajador: rosa.Id }] });
    // Another company: its own homonym only, never company A's rows.
    expect((await llamar('GET', '/v1/entidades/relacionados/documentos?tipodocumento=1&documento=40111222&tipo=1', undefined, tokenOtra)).json().Data.map((x: { Id: number }) => x.Id)).toEqual([ajeno.Id]);
    expect((await llamar('GET', `/v1/entidades/relacionados/${idFam}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/entidades/relacionados/${idFam}`, undefined, tokenCajero)).statusCode).toBe(403);
    const malo = await llamar('GET', '/v1/entidades/relacionados/documentos?tipodocumento=99&tipo=3');
    expect(malo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { tipodocumento: 'Tipo de documento no válido', documento: expect.any(String), tipo: 'Tipo de entidad no válido (1, 2 o 5)' } });
  });
});

describe('PUT entidades/relacionados', () => {
  it('edita el familiar de un trabajador en una transacción; otra empresa no lo alcanza; cajero 403; 500001 por campo', async () => {
    const f = (await llamar('POST', '/v1/entidades/relacionados', { IdTrabajador: luis.Id, IdTipoDocumento: 1, Documento: '72345678', Nombres: 'Sara', ApePat: 'Quispe', Parentesco: 2 })).json();
    const r = await llamar('PUT', '/v1/entidades/relacionados', { IdFamiliar: f.Id, IdTrabajador: luis.Id, IdTipoDocumento: 1, Documento: '72345679', Nombres: 'Sara Lucía', ApePat: 'Quispe', ApeMat: 'Rojas', Parentesco: 1 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ Id: f.Id, IdTrabajador: luis.Id, IdTipoDocumento: 1, Documento: '72345679', Nombre: 'Quispe Rojas, Sara Lucía', Parentesco: 1 });
    expect((await llamar('GET', `/v1/entidades/${luis.Id}/relacionados`)).json().Data).toEqual([{ Id: f.Id, IdTrabajador: luis.Id, IdTipoDocumento: 1, Documento: '72345679', Nombre: 'Quispe Rojas, Sara Lucía', Parentesco: 1 }]);
    // Rosa's son's document is taken by another relative: nothing changes.
    const dup = await llamar('PUT', '/v1/entidades/relacionados', { IdFamiliar: f.Id, IdTrabajador: luis.Id, IdTipoDocumento: 1, Documento: '71234567', Nombres: 'X', ApePat: 'Y', Parentesco: 2 });
    expect(dup.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Documento: 'Ya existe otro familiar con este documento' } });
    expect((await llamar('GET', `/v1/entidades/relacionados/${f.Id}`)).json()).toMatchObject({ Documento: '72345679', Relaciones: [{ IdTrabajador: luis.Id, Parentesco: 1 }] });
    // Not a relative of that worker.
    expect((await llamar('PUT', '/v1/entidades/relacionados', { IdFamiliar: f.Id, IdTrabajador: rosa.Id, IdTipoDocumento: 1, Documento: '72345679', Nombres: 'S', ApePat: 'Q', Parentesco: 1 })).statusCode).toBe(404);
    expect((await llamar('PUT', '/v1/entidades/relacionados', { IdFamiliar: f.Id, IdTrabajador: luis.Id, IdTipoDocumento: 1, Documento: '72345679', Nombres: 'S', ApePat: 'Q', Parentesco: 1 }, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('PUT', '/v1/entidades/relacionados', { IdFamiliar: f.Id, IdTrabajador: luis.Id, IdTipoDocumento: 1, Documento: '72345679', Nombres: 'S', ApePat: 'Q', Parentesco: 1 }, tokenCajero)).statusCode).toBe(403);
    const malo = await llamar('PUT', '/v1/entidades/relacionados', { IdFamiliar: 'x', IdTrabajador: luis.Id, IdTipoDocumento: 1, Documento: '123', Nombres: '', ApePat: 'Q', Parentesco: 7 });
    expect(malo.statusCode).toBe(400);
    expect(malo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdFamiliar: expect.any(String), Nombres: 'Ingrese los nombres', Parentesco: 'Seleccione el parentesco' } });
  });
});

describe('horarios/detalle, copiarcolaboradores, catálogos y alias de sucursales y ubigeos', () => {
  it('horarios/detalle da los días del horario', async () => {
    const h = (await llamar('POST', '/v1/horarios', { Nombre: 'Mañana', ToleranciaMinutos: 5, Dias: [{ Dia: 1, HoraEntrada: '07:00', HoraSalida: '13:00' }, { Dia: 6, HoraEntrada: '08:00', HoraSalida: '12:00' }] })).json();
    const r = await llamar('GET', `/v1/horarios/detalle?idHorario=${h.Id}`);
    expect(r.json()).toEqual({ Data: [{ Dia: 1, HoraEntrada: '07:00', HoraSalida: '13:00', RefrigerioMinutos: 0 }, { Dia: 6, HoraEntrada: '08:00', HoraSalida: '12:00', RefrigerioMinutos: 0 }] });
    expect((await llamar('GET', `/v1/horarios/detalle?idHorario=${h.Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/horarios/detalle?idHorario=${h.Id}`, undefined, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('GET', '/v1/horarios/detalle')).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { idHorario: expect.any(String) } });
  });

  it('copiarcolaboradores copia los integrantes de otro grupo (una vez cada uno)', async () => {
    const origen = (await llamar('POST', '/v1/grupos', { Nombre: 'Turno A' })).json();
    const destino = (await llamar('POST', '/v1/grupos', { Nombre: 'Turno B' })).json();
    await llamar('POST', '/v1/asignar/grupo', { IdGrupo: origen.Id, IdsTrabajador: [rosa.Id, luis.Id] });
    await llamar('POST', '/v1/asignar/grupo', { IdGrupo: destino.Id, IdsTrabajador: [rosa.Id] });
    const r = await llamar('POST', '/v1/copiarcolaboradores', { IdGrupo: destino.Id, IdGrupoOrigen: origen.Id });
    expect(r.json()).toEqual({ Cambiados: 1 });
    expect((await llamar('GET', `/v1/grupos/${destino.Id}/colaboradores`)).json().Data.map((m: { IdTrabajador: number }) => m.IdTrabajador).sort()).toEqual([rosa.Id, luis.Id].sort());
    expect((await llamar('POST', '/v1/copiarcolaboradores', { IdGrupo: destino.Id, IdGrupoOrigen: destino.Id })).json()).toMatchObject({ Errores: { IdGrupoOrigen: 'Elija un grupo distinto del de destino' } });
    const otraGrupo = (await llamar('POST', '/v1/grupos', { Nombre: 'Ajeno' }, tokenOtra)).json();
    expect((await llamar('POST', '/v1/copiarcolaboradores', { IdGrupo: otraGrupo.Id, IdGrupoOrigen: origen.Id }, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('POST', '/v1/copiarcolaboradores', { IdGrupo: destino.Id, IdGrupoOrigen: origen.Id }, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('POST', '/v1/copiarcolaboradores', { IdGrupo: 'x' })).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { IdGrupo: expect.any(String), IdGrupoOrigen: expect.any(String) } });
  });

  it('tipodocumentos y configuracion/dominio', async () => {
    const t = (await llamar('GET', '/v1/tipodocumentos')).json().Data;
    expect(t).toHaveLength(12);
    expect(t[0]).toEqual({ IdTipoDocumento: 1, Descripcion: 'DNI', CodigoSunat: '1' });
    expect((await llamar('GET', '/v1/configuracion/dominio/validacionfacial')).json()).toEqual({
      Dominio: 'validacionfacial',
      Data: [
        { Valor: 90, Descripcion: 'Válida' },
        { Valor: 0, Descripcion: 'No válida' },
        { Valor: -1, Descripcion: 'No se detectó un rostro' },
        { Valor: -2, Descripcion: 'Sin foto para comparar' },
      ],
    });
    expect((await llamar('GET', '/v1/configuracion/dominio/tipoentidad')).json().Data).toEqual([
      { Valor: 1, Descripcion: 'Trabajador' },
      { Valor: 2, Descripcion: 'Familia Trabajador' },
      { Valor: 5, Descripcion: 'Colaborador' },
    ]);
    expect((await llamar('GET', '/v1/configuracion/dominio/nada')).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { dominio: expect.stringContaining('Dominio no válido') } });
    expect((await llamar('GET', '/v1/tipodocumentos', undefined, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('GET', '/v1/configuracion/dominio/tipoentidad', undefined, tokenCajero)).statusCode).toBe(403);
  });

  it('sucursales y ubigeos en /api/rrhh responden lo mismo que en /api/entidades (mismo servicio, mismos permisos)', async () => {
    for (const ruta of [`/v1/entidades/${idEmpresa}/sucursales?pagina=1&regxpag=10&estado=1`, '/v1/sucursales', '/v1/ubigeos?filtro=miraflores&pagina=1&regxpag=5', '/v1/ubigeo/150122']) {
      const a = await llamar('GET', `/api/rrhh${ruta}`);
      const b = await llamar('GET', `/api/entidades${ruta}`);
      expect(a.statusCode, `${ruta} ${a.body}`).toBe(200);
      expect(a.json()).toEqual(b.json());
    }
    const nueva = await llamar('POST', '/v1/sucursales', { RazonSocial: 'Sede RRHH', Direccion: 'AV. ARENALES 100', IdUbigeo: '150101' });
    expect(nueva.statusCode, nueva.body).toBe(201);
    const id = nueva.json().IdSucursal ?? nueva.json().Id;
    expect((await llamar('GET', `/api/entidades/v1/sucursales/${id}`)).json()).toEqual((await llamar('GET', `/v1/sucursales/${id}`)).json());
    expect((await llamar('GET', `/v1/sucursales/${id}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('PUT', `/v1/sucursales/${id}`, { RazonSocial: 'Mía' }, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/entidades/${idEmpresa}/sucursales`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('POST', '/v1/sucursales', { RazonSocial: '' })).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { RazonSocial: expect.any(String) } });
    expect((await llamar('POST', '/v1/sucursales', { RazonSocial: 'Caja' }, tokenCajero)).statusCode).toBe(403);
  });
});
