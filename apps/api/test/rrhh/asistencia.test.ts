import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ErrorCodes, type TAsistencia, type TComandoHuellero, type TFeriado, type THorario, type TMarcacion, type TNominaConAsistencia, type TTrabajador } from '@yupana/contracts';
import { LIMITE_CUERPO_ICLOCK } from '../../src/modules/rrhh/iclock.routes';
import { nombreParaDispositivo } from '../../src/modules/rrhh/huellero-comandos.service';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

let e: Entorno;
let token: string;
let tokenOtra: string;
let tokenCajero: string;
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
  e.app.inject(conToken(t, { method, url: `/api/rrhh${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));
const dispositivo = (method: 'GET' | 'POST', url: string, payload?: string, remoteAddress = '192.0.2.10') =>
  e.app.inject({ method, url, remoteAddress, ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'text/plain' } }) });

let rosa: TTrabajador;
let ajeno: TTrabajador;
let horarioOficina: THorario;
const SERIE = 'CKJB201560001';
const SERIE_OTRA = 'CKJB201560999';

describe('horarios y su asignación', () => {
  it('registra un horario de lunes a viernes con refrigerio y tolerancia, y lo asigna desde una fecha', async () => {
    rosa = (await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: '40111222', Nombres: 'Rosa', ApePat: 'Condori' })).json();
    const dias = [1, 2, 3, 4, 5].map((Dia) => ({ Dia, HoraEntrada: '08:00', HoraSalida: '17:00', RefrigerioMinutos: 60 }));
    const r = await llamar('POST', '/v1/horarios', { Nombre: 'Oficina', ToleranciaMinutos: 10, Dias: dias });
    expect(r.statusCode, r.body).toBe(201);
    horarioOficina = r.json();
    expect(horarioOficina).toMatchObject({ Nombre: 'Oficina', ToleranciaMinutos: 10, Dias: expect.arrayContaining([{ Dia: 1, HoraEntrada: '08:00', HoraSalida: '17:00', RefrigerioMinutos: 60 }]) });
    expect(horarioOficina.Dias).toHaveLength(5);
    const a = await llamar('POST', '/v1/contratos/horarios', { IdTrabajador: rosa.Id, IdHorario: horarioOficina.Id, FechaDesde: '2026-03-01' });
    expect(a.statusCode, a.body).toBe(201);
    expect((await llamar('GET', `/v1/contratos/horarios?idTrabajador=${rosa.Id}`)).json().Data).toEqual([expect.objectContaining({ Horario: 'Oficina', FechaDesde: '2026-03-01' })]);
  });

  it('valida el horario con mensajes por campo', async () => {
    const r = await llamar('POST', '/v1/horarios', { Nombre: 'Malo', ToleranciaMinutos: 500, Dias: [{ Dia: 8, HoraEntrada: '18:00', HoraSalida: '08:00' }, { Dia: 1, HoraEntrada: '25:00', HoraSalida: '09:00' }] });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { ToleranciaMinutos: expect.any(String), 'Dias.0.Dia': expect.any(String), 'Dias.1.HoraEntrada': expect.any(String) } });
    const dup = await llamar('POST', '/v1/horarios', { Nombre: 'OFICINA', Dias: [{ Dia: 1, HoraEntrada: '08:00', HoraSalida: '12:00' }] });
    expect(dup.json()).toMatchObject({ Errores: { Nombre: 'Ya existe un horario con ese nombre' } });
    const dia2 = await llamar('POST', '/v1/horarios', { Nombre: 'Repetido', Dias: [{ Dia: 1, HoraEntrada: '08:00', HoraSalida: '12:00' }, { Dia: 1, HoraEntrada: '13:00', HoraSalida: '15:00' }] });
    expect(dia2.json()).toMatchObject({ Errores: { 'Dias.1.Dia': 'Ese día ya está en el horario' } });
  });

  it('otra empresa no ve ni usa el horario ni el trabajador (404)', async () => {
    expect((await llamar('GET', `/v1/horarios/${horarioOficina.Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('PUT', `/v1/horarios/${horarioOficina.Id}`, { Nombre: 'X', Dias: [{ Dia: 1, HoraEntrada: '08:00', HoraSalida: '12:00' }] }, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', '/v1/horarios', undefined, tokenOtra)).json().Data.map((h: THorario) => h.Id)).not.toContain(horarioOficina.Id);
    expect((await llamar('GET', `/v1/contratos/horarios?idTrabajador=${rosa.Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    ajeno = (await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: '40111222', Nombres: 'Homónima', ApePat: 'Otra' }, tokenOtra)).json();
    const a = await llamar('POST', '/v1/contratos/horarios', { IdTrabajador: ajeno.Id, IdHorario: horarioOficina.Id, FechaDesde: '2026-03-01' }, tokenOtra);
    expect(a.json()).toMatchObject({ Errores: { IdHorario: 'El horario no existe' } });
    expect((await llamar('POST', '/v1/contratos/horarios', { IdTrabajador: rosa.Id, IdHorario: horarioOficina.Id, FechaDesde: '2026-03-01' }, tokenOtra)).statusCode).toBe(404);
  });

  it('un cajero no consulta ni registra asistencia (403)', async () => {
    expect((await llamar('GET', '/v1/horarios', undefined, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('GET', '/v1/huelleros/entidades', undefined, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('POST', '/v1/marcacion/trabajador/marcaciones', { IdTrabajador: rosa.Id, Fecha: '2026-03-02', Hora: '08:00', Motivo: 'Olvidó marcar' }, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${rosa.Id}&desde=2026-03-01&hasta=2026-03-07`, undefined, tokenCajero)).statusCode).toBe(403);
  });
});

describe('huelleros y protocolo ZKTeco', () => {
  it('registra el huellero; su serie es única entre todas las empresas', async () => {
    const r = await llamar('POST', '/v1/huelleros/entidades', { NumeroSerie: SERIE.toLowerCase(), Nombre: 'Puerta principal' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ NumeroSerie: SERIE, UltimaConexion: null, LogEstado: 1 });
    const otra = await llamar('POST', '/v1/huelleros/entidades', { NumeroSerie: SERIE, Nombre: 'Copia' }, tokenOtra);
    expect(otra.statusCode).toBe(400);
    expect(otra.json()).toMatchObject({ Errores: { NumeroSerie: 'Ese número de serie ya está registrado' } });
    expect((await llamar('POST', '/v1/huelleros/entidades', { NumeroSerie: SERIE_OTRA, Nombre: 'Tienda de la otra' }, tokenOtra)).statusCode).toBe(201);
    const malo = await llamar('POST', '/v1/huelleros/entidades', { NumeroSerie: 'A B/../', Nombre: 'X' });
    expect(malo.json()).toMatchObject({ Errores: { NumeroSerie: expect.any(String) } });
    const id = r.json().Id;
    expect((await llamar('PUT', `/v1/huelleros/entidades/${id}`, { NumeroSerie: SERIE, Nombre: 'Robado', LogEstado: 0 }, tokenOtra)).statusCode).toBe(404);
  });

  it('el inicio responde las opciones en texto plano y registra la conexión', async () => {
    const r = await dispositivo('GET', `/iclock/cdata?SN=${SERIE}&options=all&pushver=2.4.1&language=83`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.body).toContain(`GET OPTION FROM: ${SERIE}`);
    expect(r.body).toContain('TimeZone=-5');
    expect((await dispositivo('GET', `/iclock/getrequest?SN=${SERIE}`)).body).toBe('OK');
    expect((await dispositivo('POST', `/iclock/devicecmd?SN=${SERIE}`, 'ID=1&Return=0&CMD=INFO')).body).toBe('OK');
    const lista = (await llamar('GET', '/v1/huelleros/entidades')).json();
    expect(lista.Data.find((h: { NumeroSerie: string }) => h.NumeroSerie === SERIE).UltimaConexion).not.toBeNull();
  });

  it('una serie desconocida, vacía o rara recibe 403/400 en texto, nunca 5xx', async () => {
    for (const url of ['/iclock/cdata?SN=NOEXISTE&options=all', '/iclock/getrequest?SN=%27%22%3B', `/iclock/cdata?SN=${'A'.repeat(150)}`, '/iclock/getrequest?SN=../../etc']) {
      const r = await dispositivo('GET', url);
      expect(r.statusCode, url).toBe(403);
      expect(r.body).toBe('Dispositivo no registrado');
    }
    expect((await dispositivo('POST', '/iclock/cdata?SN=NOEXISTE&table=ATTLOG', '40111222\t2026-03-02 08:00:00\t0\t1')).statusCode).toBe(403);
    expect((await dispositivo('GET', '/iclock/getrequest')).statusCode).toBe(400);
    // NUL and control characters are refused before any route (lib/texto-seguro).
    expect((await dispositivo('GET', '/iclock/getrequest?SN=%00')).statusCode).toBe(400);
    expect((await dispositivo('GET', '/iclock/getrequest?SN=a&SN=b')).statusCode).toBeLessThan(500);
    expect((await dispositivo('POST', `/iclock/cdata?SN=${SERIE}&table=ATTLOG`)).body).toBe('OK:0');
  });

  it('las marcas ATTLOG llegan al trabajador de la empresa del huellero, una sola vez aunque se reenvíen', async () => {
    const cuerpo = ['40111222\t2026-03-02 08:25:00\t0\t1\t0\t0\t0', '40111222\t2026-03-02 17:00:00\t1\t1\t0\t0\t0', '99999999\t2026-03-02 08:00:00\t0\t1', 'basura'].join('\n');
    const r = await dispositivo('POST', `/iclock/cdata?SN=${SERIE}&table=ATTLOG&Stamp=9999`, cuerpo);
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('OK:4');
    expect((await dispositivo('POST', `/iclock/cdata?SN=${SERIE}&table=ATTLOG&Stamp=0`, cuerpo)).body).toBe('OK:4');
    const m = (await llamar('GET', `/v1/marcacion/trabajador/marcaciones?idTrabajador=${rosa.Id}&desde=2026-03-02&hasta=2026-03-02`)).json();
    expect(m.Count).toBe(2);
    expect(m.Data.map((x: TMarcacion) => [x.Hora, x.Origen, x.Huellero])).toEqual([
      ['08:25', 3, 'Puerta principal'],
      ['17:00', 3, 'Puerta principal'],
    ]);
    // Same DNI in the other company: the device of company A never writes there.
    const otra = (await llamar('GET', `/v1/marcacion/trabajador/marcaciones?idTrabajador=${ajeno.Id}&desde=2026-03-02&hasta=2026-03-02`, undefined, tokenOtra)).json();
    expect(otra.Count).toBe(0);
    // And the other company's device does not write for company A's worker.
    await dispositivo('POST', `/iclock/cdata?SN=${SERIE_OTRA}&table=ATTLOG`, '40111222\t2026-03-03 08:00:00\t0\t1');
    expect((await llamar('GET', `/v1/marcacion/trabajador/marcaciones?idTrabajador=${rosa.Id}&desde=2026-03-03&hasta=2026-03-03`)).json().Count).toBe(0);
    expect((await llamar('GET', `/v1/marcacion/trabajador/marcaciones?idTrabajador=${ajeno.Id}&desde=2026-03-03&hasta=2026-03-03`, undefined, tokenOtra)).json().Count).toBe(1);
  });

  it('entradas hostiles al protocolo nunca dan un 5xx', async () => {
    const consultas = ['SN[]=x', 'SN=%F0%9F%92%A9', `SN=${SERIE}&table[]=ATTLOG`, `SN=${SERIE}&table=ATTLOG&Stamp=-1e309`, `SN=${SERIE}&SN=${SERIE}`, `SN=${SERIE}&options=all&options=all`, 'SN=%E2%80%AE%00'];
    const cuerpos = [
      '',
      '\uFFFD\uD800',
      Buffer.from([0xff, 0xfe, 0x00, 0x01]).toString('latin1'),
      `${'9'.repeat(5000)}\t2026-03-02 08:00:00\t0\t1`,
      Array.from({ length: 6000 }, () => '40111222\t2026-02-02 08:00:00\t0\t1').join('\n'),
      '40111222\t9999-99-99 99:99:99\t0\t99999999999999999999',
      '{"json": true}',
    ];
    for (const q of consultas)
      for (const metodo of ['GET', 'POST'] as const)
        for (const ruta of ['/iclock/cdata', '/iclock/getrequest', '/iclock/devicecmd', '/iclock/ping']) {
          const r = await e.app.inject({ method: metodo, url: `${ruta}?${q}`, remoteAddress: '203.0.113.5', ...(metodo === 'POST' ? { payload: cuerpos[consultas.indexOf(q) % cuerpos.length], headers: { 'content-type': 'application/json' } } : {}) });
          expect(r.statusCode, `${metodo} ${ruta}?${q}`).toBeLessThan(500);
        }
    for (const cuerpo of cuerpos)
      for (const tipo of ['text/plain', 'application/octet-stream', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const r = await e.app.inject({ method: 'POST', url: `/iclock/cdata?SN=${SERIE}&table=ATTLOG`, remoteAddress: '203.0.113.6', payload: cuerpo, headers: { 'content-type': tipo } });
        expect(r.statusCode, `${tipo} ${cuerpo.slice(0, 20)}`).toBeLessThan(500);
      }
  });

  it('rechaza un cuerpo demasiado grande (413) sin leerlo', async () => {
    const r = await dispositivo('POST', `/iclock/cdata?SN=${SERIE}&table=ATTLOG`, 'x'.repeat(LIMITE_CUERPO_ICLOCK + 10));
    expect(r.statusCode).toBe(413);
  });

  it('un huellero desactivado ya no escribe', async () => {
    const h = (await llamar('GET', '/v1/huelleros/entidades', undefined, tokenOtra)).json().Data.find((x: { NumeroSerie: string }) => x.NumeroSerie === SERIE_OTRA);
    expect((await llamar('PUT', `/v1/huelleros/entidades/${h.Id}`, { NumeroSerie: SERIE_OTRA, Nombre: 'Tienda', LogEstado: 0 }, tokenOtra)).statusCode).toBe(200);
    expect((await dispositivo('GET', `/iclock/getrequest?SN=${SERIE_OTRA}`)).statusCode).toBe(403);
  });

  it('limita las solicitudes por dirección (429)', async () => {
    let ultimo = 0;
    for (let i = 0; i < 602; i++) ultimo = (await dispositivo('GET', '/iclock/ping?SN=NOEXISTE', undefined, '198.51.100.7')).statusCode;
    expect(ultimo).toBe(429);
    // Another address is not affected.
    expect((await dispositivo('GET', `/iclock/ping?SN=${SERIE}`, undefined, '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('marcaciones manuales, corrección y reporte', () => {
  it('registra una marcación manual con el usuario y el motivo, y la corrige dejando la original inactiva', async () => {
    const r = await llamar('POST', '/v1/marcacion/trabajador/marcaciones', { IdTrabajador: rosa.Id, Fecha: '2026-03-03', Hora: '08:05', Motivo: 'El huellero no leyó la huella' });
    expect(r.statusCode, r.body).toBe(201);
    const rep = await llamar('POST', '/v1/marcacion/trabajador/marcaciones', { IdTrabajador: rosa.Id, Fecha: '2026-03-03', Hora: '08:05', Motivo: 'Otra vez' });
    expect(rep.statusCode).toBe(409);
    const salida = (await llamar('POST', '/v1/marcacion/trabajador/marcaciones', { IdTrabajador: rosa.Id, Fecha: '2026-03-03', Hora: '16:00', Motivo: 'Salida no marcada' })).json();
    const c = await llamar('PUT', `/v1/marcacion/trabajador/marcaciones/${salida.Id}`, { Fecha: '2026-03-03', Hora: '17:30', Motivo: 'Hora mal digitada' });
    expect(c.statusCode, c.body).toBe(200);
    expect((await llamar('PUT', `/v1/marcacion/trabajador/marcaciones/${salida.Id}`, { Motivo: 'De nuevo' })).statusCode).toBe(409);
    expect((await llamar('PUT', `/v1/marcacion/trabajador/marcaciones/${c.json().Id}`, { Motivo: 'Anular' }, tokenOtra)).statusCode).toBe(404);
    const todas = (await llamar('GET', `/v1/marcacion/trabajador/marcaciones?idTrabajador=${rosa.Id}&desde=2026-03-03&hasta=2026-03-03&estado=-1`)).json();
    expect(todas.Data.map((x: TMarcacion) => [x.Hora, x.Origen, x.LogEstado, x.Usuario, x.Motivo])).toEqual([
      ['08:05', 4, 1, 'supervisor', 'El huellero no leyó la huella'],
      ['16:00', 4, 0, 'supervisor', 'Hora mal digitada'],
      ['17:30', 4, 1, 'supervisor', 'Hora mal digitada'],
    ]);
    expect((await llamar('POST', '/v1/marcacion/trabajador/marcaciones', { IdTrabajador: ajeno.Id, Fecha: '2026-03-03', Hora: '08:00', Motivo: 'Intento' })).statusCode).toBe(404);
  });

  it('el reporte muestra tardanza, falta, horas extra y día sin salida; y lo exporta a Excel', async () => {
    await llamar('POST', '/v1/marcacion/trabajador/marcaciones', { IdTrabajador: rosa.Id, Fecha: '2026-03-05', Hora: '07:58', Motivo: 'Prueba sin salida' });
    const r = await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${rosa.Id}&desde=2026-03-02&hasta=2026-03-08`);
    expect(r.statusCode, r.body).toBe(200);
    const a = r.json<TAsistencia>();
    const dia = (f: string) => a.Dias.find((d) => d.Fecha === f)!;
    expect(dia('2026-03-02')).toMatchObject({ Entrada: '08:25', Salida: '17:00', MinutosTardanza: 15, MinutosTrabajados: 455 });
    expect(dia('2026-03-03')).toMatchObject({ Entrada: '08:05', Salida: '17:30', MinutosTardanza: 0, MinutosTrabajados: 505, MinutosExtra: 25 });
    expect(dia('2026-03-04')).toMatchObject({ Falta: true });
    expect(dia('2026-03-05')).toMatchObject({ Incompleta: true, Salida: null, MinutosTrabajados: 0 });
    expect(dia('2026-03-07')).toMatchObject({ Tipo: 'DESCANSO', Falta: false });
    expect(a.Totales).toMatchObject({ MinutosTardanza: 15, Tardanzas: 1, Faltas: 2, Incompletas: 1, MinutosExtra: 25, DiasLaborados: 3 });
    const x = await llamar('GET', `/v1/marcacion/reporte/tiempolaborado/excel?idTrabajador=${rosa.Id}&desde=2026-03-02&hasta=2026-03-08`);
    expect(x.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Asistencia')!;
    const filas = hoja.getSheetValues().filter(Boolean).map((f) => (f as unknown[]).slice(1));
    expect(filas.find((f) => f[0] === '2026-03-02')).toEqual(expect.arrayContaining(['Lunes', '08:25', '17:00', '7:35', 15]));
    expect(filas.find((f) => f[0] === 'Totales')).toEqual(expect.arrayContaining([15, 2]));
    expect((await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${rosa.Id}&desde=2026-03-02&hasta=2026-03-08`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${rosa.Id}&desde=2026-03-08&hasta=2026-03-02`)).json()).toMatchObject({ Errores: { hasta: 'La fecha final es anterior a la inicial' } });
    expect((await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${rosa.Id}&desde=2026-01-01&hasta=2026-12-31`)).statusCode).toBe(400);
  });
});

describe('feriados, turnos de noche y la asistencia en la planilla', () => {
  let aniversario: TFeriado;

  it('lista los 16 feriados nacionales del año y registra un día no laborable propio de la empresa', async () => {
    const r = await llamar('GET', '/v1/feriados?anio=2026');
    expect(r.statusCode, r.body).toBe(200);
    const nacionales = r.json().Data as TFeriado[];
    expect(nacionales).toHaveLength(16);
    expect(nacionales).toContainEqual(expect.objectContaining({ Fecha: '2026-04-02', Descripcion: 'Jueves Santo', Nacional: true }));
    expect(nacionales).toContainEqual(expect.objectContaining({ Fecha: '2026-12-09', Descripcion: 'Batalla de Ayacucho', Nacional: true }));
    const p = await llamar('POST', '/v1/feriados', { Fecha: '2026-03-06', Descripcion: 'Aniversario de la empresa' });
    expect(p.statusCode, p.body).toBe(201);
    aniversario = p.json();
    expect(aniversario).toMatchObject({ Fecha: '2026-03-06', Nacional: false });
    expect((await llamar('POST', '/v1/feriados', { Fecha: '2026-03-06', Descripcion: 'Otra vez' })).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Fecha: 'El 2026-03-06 ya está registrado: Aniversario de la empresa' } });
    expect((await llamar('POST', '/v1/feriados', { Fecha: '2026-07-28', Descripcion: 'Fiestas' })).json()).toMatchObject({ Errores: { Fecha: 'El 2026-07-28 ya es feriado nacional: Fiestas Patrias' } });
    expect((await llamar('POST', '/v1/feriados', { Fecha: '2026-02-30', Descripcion: 'No existe' })).statusCode).toBe(400);
    // Another company sees the national holidays, not this company's own day, and cannot remove it.
    const otra = (await llamar('GET', '/v1/feriados?anio=2026', undefined, tokenOtra)).json().Data as TFeriado[];
    expect(otra).toHaveLength(16);
    expect((await llamar('DELETE', `/v1/feriados/${aniversario.Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('POST', '/v1/feriados', { Fecha: '2026-03-09', Descripcion: 'Intento de cajero' }, tokenCajero)).statusCode).toBe(403);
    // National holidays are the law's.
    const nacional = nacionales.find((f) => f.Fecha === '2026-04-02')!;
    expect((await llamar('DELETE', `/v1/feriados/${nacional.Id}`)).statusCode).toBe(409);
  });

  it('un feriado del horario no es falta en el reporte; un día propio eliminado vuelve a ser laborable', async () => {
    const abril = (await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${rosa.Id}&desde=2026-04-01&hasta=2026-04-03`)).json<TAsistencia>();
    expect(abril.Dias.map((d) => [d.Fecha, d.Tipo, d.Falta])).toEqual([
      ['2026-04-01', 'LABORABLE', true],
      ['2026-04-02', 'FERIADO', false],
      ['2026-04-03', 'FERIADO', false],
    ]);
    expect(abril.Totales).toMatchObject({ Faltas: 1, Feriados: 2 });
    const propio = await llamar('POST', '/v1/feriados', { Fecha: '2026-04-01', Descripcion: 'Inventario anual' });
    const conPropio = (await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${rosa.Id}&desde=2026-04-01&hasta=2026-04-01`)).json<TAsistencia>();
    expect(conPropio.Dias[0]).toMatchObject({ Tipo: 'FERIADO', Feriado: 'Inventario anual', Falta: false });
    expect((await llamar('DELETE', `/v1/feriados/${propio.json().Id}`)).statusCode).toBe(204);
    const sinPropio = (await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${rosa.Id}&desde=2026-04-01&hasta=2026-04-01`)).json<TAsistencia>();
    expect(sinPropio.Dias[0]).toMatchObject({ Tipo: 'LABORABLE', Falta: true });
  });

  it('un horario de noche (22:00 a 06:00) se registra; la salida de la mañana siguiente cierra el turno', async () => {
    const h = await llamar('POST', '/v1/horarios', { Nombre: 'Vigilancia noche', Dias: [1, 2, 3, 4, 5].map((Dia) => ({ Dia, HoraEntrada: '22:00', HoraSalida: '06:00', RefrigerioMinutos: 45 })) });
    expect(h.statusCode, h.body).toBe(201);
    expect((await llamar('POST', '/v1/horarios', { Nombre: 'Cero', Dias: [{ Dia: 1, HoraEntrada: '08:00', HoraSalida: '08:00' }] })).json()).toMatchObject({ Errores: { 'Dias.0.HoraSalida': 'La salida no puede ser igual a la entrada' } });
    const vigilante = (await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: '40999888', Nombres: 'Julio', ApePat: 'Vigil' })).json();
    expect((await llamar('POST', '/v1/contratos/horarios', { IdTrabajador: vigilante.Id, IdHorario: h.json().Id, FechaDesde: '2026-05-01' })).statusCode).toBe(201);
    for (const [Fecha, Hora] of [['2026-05-04', '22:00'], ['2026-05-05', '06:30']])
      expect((await llamar('POST', '/v1/marcacion/trabajador/marcaciones', { IdTrabajador: vigilante.Id, Fecha, Hora, Motivo: 'Registro de prueba' })).statusCode).toBe(201);
    const r = (await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${vigilante.Id}&desde=2026-05-04&hasta=2026-05-04`)).json<TAsistencia>();
    expect(r.Dias[0]).toMatchObject({ Entrada: '22:00', Salida: '06:30 (+1)', MinutosTrabajados: 510 - 45, MinutosExtra: 30, MinutosExtra25: 30, MinutosNocturnos: 480, Falta: false });
  });

  it('la planilla toma de la asistencia las faltas, las tardanzas y las horas extra del mes', async () => {
    const c = await llamar('POST', '/v1/contratos/colaborador', { IdTrabajador: rosa.Id, Regimen: 1, FechaInicio: '2026-03-01', Remuneracion: '2400.00', SistemaPension: 'ONP' });
    expect(c.statusCode, c.body).toBe(201);
    const marzo = (await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${rosa.Id}&desde=2026-03-01&hasta=2026-03-31`)).json<TAsistencia>();
    // The company's anniversary (a Friday) is not a falta.
    expect(marzo.Dias.find((d) => d.Fecha === '2026-03-06')).toMatchObject({ Tipo: 'FERIADO', Falta: false });
    expect(marzo.Totales.Faltas).toBeGreaterThan(0);
    const n = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 3 })).json();
    const r = await llamar('POST', `/v1/nominas/${n.Id}/asistencia`);
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json<TNominaConAsistencia>();
    expect(d.TrabajadoresConAsistencia).toBeGreaterThanOrEqual(1);
    const b = d.Boletas.find((x) => x.IdTrabajador === rosa.Id)!;
    const horas = (min: number) => (Math.round((min * 100) / 60) / 100).toString();
    expect(b).toMatchObject({ Faltas: marzo.Totales.Faltas, MinutosTardanza: marzo.Totales.MinutosTardanza, HorasExtra25: horas(marzo.Totales.MinutosExtra25), DiasLaborados: 30 - marzo.Totales.Faltas });
    const linea = (codigo: string) => b.Lineas.find((l) => l.Codigo === codigo)?.Monto;
    // 2400 / 30 = 80.00 a day; the minute is 2400 / 30 / 8 / 60.
    expect(linea('INASISTENCIAS')).toBe((80 * marzo.Totales.Faltas).toFixed(2));
    expect(linea('TARDANZAS')).toBe((Math.round((marzo.Totales.MinutosTardanza * 10 * 100) / 60) / 100).toFixed(2));
    // Another company cannot pull its attendance into this run; an approved run is not recomputed.
    expect((await llamar('POST', `/v1/nominas/${n.Id}/asistencia`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('POST', `/v1/nominas/${n.Id}/asistencia`, undefined, tokenCajero)).statusCode).toBe(403);
    expect((await llamar('POST', `/v1/nominas/${n.Id}/aprobacion`)).statusCode).toBe(200);
    expect((await llamar('POST', `/v1/nominas/${n.Id}/asistencia`)).statusCode).toBe(409);
  });
});

describe('cola de comandos del huellero', () => {
  it('encola los trabajadores y una recuperación de marcaciones; el equipo los recibe una vez y responde', async () => {
    const h = (await llamar('POST', '/v1/huelleros/entidades', { NumeroSerie: 'CMDQ0001', Nombre: 'Comedor' })).json();
    expect((await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: '40555666', Nombres: 'Elsa', ApePat: 'Mamani' })).statusCode).toBe(201);
    const t = await llamar('POST', `/v1/huelleros/entidades/${h.Id}/comandos`, { Tipo: 'TRABAJADORES' });
    expect(t.statusCode, t.body).toBe(201);
    const trabajadores = t.json().Encolados as number;
    expect(trabajadores).toBeGreaterThanOrEqual(2);
    expect((await llamar('POST', `/v1/huelleros/entidades/${h.Id}/comandos`, { Tipo: 'MARCACIONES', Desde: '2026-03-01' })).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Hasta: 'Ingrese la fecha final' } });
    expect((await llamar('POST', `/v1/huelleros/entidades/${h.Id}/comandos`, { Tipo: 'FORMATEAR' })).statusCode).toBe(400);
    expect((await llamar('POST', `/v1/huelleros/entidades/${h.Id}/comandos`, { Tipo: 'MARCACIONES', Desde: '2026-03-01', Hasta: '2026-03-07' })).json()).toEqual({ Encolados: 1 });
    // Another company does not see or command the device; a cashier may not either.
    expect((await llamar('POST', `/v1/huelleros/entidades/${h.Id}/comandos`, { Tipo: 'REINICIAR' }, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/huelleros/entidades/${h.Id}/comandos`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('POST', `/v1/huelleros/entidades/${h.Id}/comandos`, { Tipo: 'REINICIAR' }, tokenCajero)).statusCode).toBe(403);

    // The device polls until nothing is left: every command exactly once, as C:<id>:<command>.
    const recibidos: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await dispositivo('GET', '/iclock/getrequest?SN=CMDQ0001');
      expect(r.statusCode).toBe(200);
      if (r.body === 'OK') break;
      recibidos.push(...r.body.split('\n'));
    }
    expect(recibidos).toHaveLength(trabajadores + 1);
    expect(new Set(recibidos).size).toBe(recibidos.length);
    expect(recibidos.every((l) => /^C:\d+:(DATA UPDATE USERINFO PIN=[A-Za-z0-9]+\tName=[^\t\r\n]*\tPri=0|DATA QUERY ATTLOG StartTime=2026-03-01 00:00:00\tEndTime=2026-03-07 23:59:59)$/.test(l))).toBe(true);
    expect(recibidos.some((l) => l.includes('PIN=40555666\tName=Mamani'))).toBe(true);

    const lista = (await llamar('GET', `/v1/huelleros/entidades/${h.Id}/comandos`)).json().Data as TComandoHuellero[];
    expect(lista.every((c) => c.Estado === 1 && c.FechaEnvio)).toBe(true);
    const [a, b] = lista;
    // A device of another company cannot answer for ours.
    const ajenoH = (await llamar('POST', '/v1/huelleros/entidades', { NumeroSerie: 'CMDQ0002', Nombre: 'Ajeno' }, tokenOtra)).json();
    expect(ajenoH.Id).toBeGreaterThan(0);
    expect((await dispositivo('POST', '/iclock/devicecmd?SN=CMDQ0002', `ID=${a.Id}&Return=0&CMD=DATA`)).body).toBe('OK');
    expect(((await llamar('GET', `/v1/huelleros/entidades/${h.Id}/comandos`)).json().Data as TComandoHuellero[]).find((c) => c.Id === a.Id)!.Estado).toBe(1);
    const resp = await dispositivo('POST', '/iclock/devicecmd?SN=CMDQ0001', `ID=${a.Id}&Return=0&CMD=DATA\nID=${b.Id}&Return=-1002&CMD=DATA\nbasura\nID=abc&Return=0`);
    expect(resp.body).toBe('OK');
    const despues = (await llamar('GET', `/v1/huelleros/entidades/${h.Id}/comandos`)).json().Data as TComandoHuellero[];
    expect(despues.find((c) => c.Id === a.Id)).toMatchObject({ Estado: 2, EstadoDescripcion: 'Ejecutado', Retorno: 0 });
    expect(despues.find((c) => c.Id === b.Id)).toMatchObject({ Estado: 3, EstadoDescripcion: 'Con error', Retorno: -1002 });
    // Nothing pending any more.
    expect((await dispositivo('GET', '/iclock/getrequest?SN=CMDQ0001')).body).toBe('OK');
  });

  it('un nombre con saltos de línea o tabulaciones no se convierte en otro comando', () => {
    expect(nombreParaDispositivo('Ana\nC:1:CLEAR LOG')).toBe('Ana C:1:CLEAR LOG');
    expect(nombreParaDispositivo('Luis\tPri=14')).toBe('Luis Pri=14');
    expect(nombreParaDispositivo('Huamán Quispe, María de los Ángeles')).toBe('Huamán Quispe, María de ');
  });
});
