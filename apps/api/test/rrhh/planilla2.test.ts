import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TAsistencia, type TNominaConAsistencia, type TNominaDetalle, type TSolicitud, type TTrabajador } from '@yupana/contracts';
import { TABLA22 } from '../../src/modules/rrhh/plame';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// PLAME export (.rem/.jor/.snl), night surcharge through the API, and requests with their approval flow (issue 16).
let e: Entorno;
let token: string;
let tokenSoporte: string;
let tokenOtra: string;
let tokenCajero: string;
beforeAll(async () => {
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'supervisor')).AccessToken;
  tokenSoporte = (await sesionDe(e.app, 'soporte')).AccessToken;
  tokenOtra = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
  tokenCajero = (await sesionDe(e.app, 'cajero')).AccessToken;
}, 180_000);
afterAll(async () => {
  await e?.cerrar();
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, t = token) =>
  e.app.inject(conToken(t, { method, url: `/api/rrhh${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));
const RUC = '20600123450';

let ana: TTrabajador;
let benito: TTrabajador;

async function trabajador(Documento: string, Nombres: string, ApePat: string, contrato: object): Promise<TTrabajador> {
  const t = await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento, Nombres, ApePat });
  expect(t.statusCode, t.body).toBe(201);
  const c = await llamar('POST', '/v1/contratos/colaborador', { IdTrabajador: t.json().Id, Regimen: 1, FechaInicio: '2026-01-01', ...contrato });
  expect(c.statusCode, c.body).toBe(201);
  return t.json();
}

describe('solicitudes con flujo de aprobación', () => {
  it('registra los flujos: pasos con roles de la empresa; sin flujo no hay solicitud', async () => {
    ana = await trabajador('41234567', 'Ana', 'Quispe', { Remuneracion: '3000', SistemaPension: 'HABITAT', TipoComision: 'FLUJO', Cuspp: '123456ABCDE1', AsignacionFamiliar: true });
    benito = await trabajador('42345678', 'Benito', 'Huamán', { Remuneracion: '2400', SistemaPension: 'ONP' });
    const sinFlujo = await llamar('POST', '/v1/solicitud', { IdTrabajador: ana.Id, Tipo: 'VACACIONES', FechaDesde: '2026-06-15', FechaHasta: '2026-06-19', Motivo: 'Descanso' });
    expect(sinFlujo.json()).toMatchObject({ ErrorId: ErrorCodes.SOLICITUD_SIN_FLUJO });
    expect(sinFlujo.statusCode).toBe(409);

    const malo = await llamar('POST', '/v1/plantillaflujo', { Nombre: 'X', TipoSolicitud: 'ADELANTO', Pasos: [{ Nombre: '', IdRol: 99999 }] });
    expect(malo.statusCode).toBe(400);
    expect(malo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { TipoSolicitud: expect.any(String), 'Pasos.0.Nombre': 'Ingrese el nombre del paso' } });
    expect((await llamar('POST', '/v1/plantillaflujo', { Nombre: 'X', TipoSolicitud: 'PERMISO', Pasos: [] })).json()).toMatchObject({ Errores: { Pasos: 'El flujo necesita al menos un paso' } });
    expect((await llamar('POST', '/v1/plantillaflujo', { Nombre: 'X', TipoSolicitud: 'PERMISO', Pasos: [{ Nombre: 'Jefe', IdRol: 99999 }] })).json()).toMatchObject({ Errores: { 'Pasos.0.IdRol': 'El rol no existe en su empresa' } });

    const vac = await llamar('POST', '/v1/plantillaflujo', { Nombre: 'Vacaciones', TipoSolicitud: 'VACACIONES', Pasos: [{ Nombre: 'Jefe inmediato', IdRol: 2 }, { Nombre: 'Recursos humanos', IdRol: 4 }] });
    expect(vac.statusCode, vac.body).toBe(201);
    expect(vac.json()).toMatchObject({ TipoSolicitud: 'VACACIONES', Pasos: [{ Orden: 1, IdRol: 2 }, { Orden: 2, IdRol: 4 }] });
    for (const TipoSolicitud of ['PERMISO', 'LICENCIA'])
      expect((await llamar('POST', '/v1/plantillaflujo', { Nombre: TipoSolicitud, TipoSolicitud, Pasos: [{ Nombre: 'Jefe inmediato', IdRol: 2 }] })).statusCode).toBe(201);
    // Saving a type again replaces its flow.
    expect((await llamar('POST', '/v1/plantillaflujo', { Nombre: 'Permisos', TipoSolicitud: 'PERMISO', Pasos: [{ Nombre: 'Jefe', IdRol: 2 }] })).statusCode).toBe(201);
    const lista = (await llamar('GET', '/v1/plantillaflujo')).json().Data;
    expect(lista.map((p: { TipoSolicitud: string }) => p.TipoSolicitud)).toEqual(['LICENCIA', 'PERMISO', 'VACACIONES']);
    expect(lista.find((p: { TipoSolicitud: string }) => p.TipoSolicitud === 'PERMISO').Nombre).toBe('Permisos');
    // Another company has none of them; a cashier may not see them.
    expect((await llamar('GET', '/v1/plantillaflujo', undefined, tokenOtra)).json()).toMatchObject({ Data: [], Roles: expect.arrayContaining([expect.objectContaining({ IdRol: 4 })]) });
    expect((await llamar('GET', '/v1/plantillaflujo', undefined, tokenCajero)).statusCode).toBe(403);
  });

  it('una solicitud de vacaciones pasa por sus dos pasos, cada uno con su rol', async () => {
    const inval = await llamar('POST', '/v1/solicitud', { IdTrabajador: ana.Id, Tipo: 'VACACIONES', ConGoce: false, FechaDesde: '2026-06-19', FechaHasta: '2026-06-15', Motivo: '' });
    expect(inval.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { FechaHasta: 'La fecha de fin no puede ser anterior a la de inicio', Motivo: 'Ingrese el motivo' } });
    expect((await llamar('POST', '/v1/solicitud', { IdTrabajador: ana.Id, Tipo: 'VACACIONES', ConGoce: false, FechaDesde: '2026-06-15', FechaHasta: '2026-06-19', Motivo: 'x' })).json()).toMatchObject({
      Errores: { ConGoce: 'Las vacaciones siempre son con goce de haber' },
    });
    const r = await llamar('POST', '/v1/solicitud', { IdTrabajador: ana.Id, Tipo: 'VACACIONES', FechaDesde: '2026-06-15', FechaHasta: '2026-06-19', Motivo: 'Viaje familiar' });
    expect(r.statusCode, r.body).toBe(201);
    const s = r.json<TSolicitud>();
    expect(s).toMatchObject({ Estado: 0, EstadoDescripcion: 'Pendiente', Dias: 5, ConGoce: true, PasoActual: 1, PuedeResolver: true, Flujo: [{ Estado: 0, Rol: expect.any(String) }, { Estado: 0 }] });
    // Overlapping dates are refused; another company's worker and another company's request are not found.
    expect((await llamar('POST', '/v1/solicitud', { IdTrabajador: ana.Id, Tipo: 'PERMISO', FechaDesde: '2026-06-19', FechaHasta: '2026-06-20', Motivo: 'Trámite' })).json()).toMatchObject({
      Errores: { FechaDesde: `Las fechas se cruzan con la solicitud ${s.Id} del trabajador` },
    });
    expect((await llamar('POST', '/v1/solicitud', { IdTrabajador: ana.Id, Tipo: 'PERMISO', FechaDesde: '2026-06-01', FechaHasta: '2026-06-01', Motivo: 'x' }, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/solicitud/${s.Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('POST', `/v1/flujosolicitud/${s.Id}`, { Aprobar: true }, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('POST', `/v1/flujosolicitud/${s.Id}`, { Aprobar: true }, tokenCajero)).statusCode).toBe(403);

    // Step 2 belongs to role 4 (Soporte): the support user cannot resolve step 1, the supervisor can.
    const soporte = await llamar('POST', `/v1/flujosolicitud/${s.Id}`, { Aprobar: true }, tokenSoporte);
    expect(soporte.statusCode).toBe(403);
    expect(soporte.json()).toMatchObject({ ErrorId: ErrorCodes.SOLICITUD_SIN_APROBADOR });
    const paso1 = await llamar('POST', `/v1/flujosolicitud/${s.Id}`, { Aprobar: true, Comentario: 'Conforme' });
    expect(paso1.statusCode, paso1.body).toBe(200);
    expect(paso1.json()).toMatchObject({ Estado: 0, PasoActual: 2, PuedeResolver: false, Flujo: [{ Estado: 1, Usuario: 'supervisor', Comentario: 'Conforme' }, { Estado: 0 }] });
    expect((await llamar('POST', `/v1/flujosolicitud/${s.Id}`, { Aprobar: true })).json()).toMatchObject({ ErrorId: ErrorCodes.SOLICITUD_SIN_APROBADOR });
    // Pending requests do not justify anything yet.
    const antes = (await llamar('GET', `/v1/solicitud?estado=0`)).json();
    expect(antes.Data.map((x: TSolicitud) => x.Id)).toContain(s.Id);
    const paso2 = await llamar('POST', `/v1/flujosolicitud/${s.Id}`, { Aprobar: true }, tokenSoporte);
    expect(paso2.json()).toMatchObject({ Estado: 1, EstadoDescripcion: 'Aprobada', Flujo: [{ Estado: 1 }, { Estado: 1, Usuario: 'soporte' }] });
    const otraVez = await llamar('POST', `/v1/flujosolicitud/${s.Id}`, { Aprobar: false }, tokenSoporte);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json()).toMatchObject({ ErrorId: ErrorCodes.SOLICITUD_RESUELTA });
    expect((await llamar('GET', `/v1/solicitud?estado=1&idTrabajador=${ana.Id}`)).json()).toMatchObject({ Count: 1, Data: [{ Id: s.Id }] });
  });

  it('una solicitud rechazada queda cerrada y no justifica nada', async () => {
    const s = (await llamar('POST', '/v1/solicitud', { IdTrabajador: benito.Id, Tipo: 'PERMISO', FechaDesde: '2026-06-22', FechaHasta: '2026-06-22', Motivo: 'Cita médica' })).json<TSolicitud>();
    const r = await llamar('POST', `/v1/flujosolicitud/${s.Id}`, { Aprobar: false, Comentario: 'Cierre de mes' });
    expect(r.json()).toMatchObject({ Estado: 2, EstadoDescripcion: 'Rechazada', Flujo: [{ Estado: 2, EstadoDescripcion: 'Rechazado', Comentario: 'Cierre de mes' }] });
    // The same dates can be requested again once rejected.
    const sinGoce = await llamar('POST', '/v1/solicitud', { IdTrabajador: benito.Id, Tipo: 'LICENCIA', ConGoce: false, FechaDesde: '2026-06-22', FechaHasta: '2026-06-23', Motivo: 'Asunto personal' });
    expect(sinGoce.statusCode, sinGoce.body).toBe(201);
    expect((await llamar('POST', `/v1/flujosolicitud/${sinGoce.json().Id}`, { Aprobar: true })).json()).toMatchObject({ Estado: 1, ConGoce: false });
  });

  it('las ausencias aprobadas no son faltas en la asistencia; la licencia sin goce llega a la planilla', async () => {
    const h = await llamar('POST', '/v1/horarios', { Nombre: 'Oficina', ToleranciaMinutos: 10, Dias: [1, 2, 3, 4, 5].map((Dia) => ({ Dia, HoraEntrada: '08:00', HoraSalida: '17:00', RefrigerioMinutos: 60 })) });
    expect(h.statusCode, h.body).toBe(201);
    for (const t of [ana, benito]) expect((await llamar('POST', '/v1/contratos/horarios', { IdTrabajador: t.Id, IdHorario: h.json().Id, FechaDesde: '2026-06-01' })).statusCode).toBe(201);
    const rep = (await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${ana.Id}&desde=2026-06-12&hasta=2026-06-22`)).json<TAsistencia>();
    const dia = (f: string) => rep.Dias.find((d) => d.Fecha === f)!;
    // Friday 12 (no punches) is a falta; Monday 15 to Friday 19 are vacation; Monday 22 is a falta again.
    expect(dia('2026-06-12')).toMatchObject({ Falta: true, Licencia: null });
    expect(dia('2026-06-15')).toMatchObject({ Tipo: 'LABORABLE', Falta: false, Licencia: 'Vacaciones (solicitud aprobada)', Observacion: 'Vacaciones (solicitud aprobada)' });
    expect(dia('2026-06-22')).toMatchObject({ Falta: true });
    expect(rep.Totales).toMatchObject({ Faltas: 2, DiasLicencia: 5, DiasSinGoce: 0 });
    const repB = (await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${benito.Id}&desde=2026-06-22&hasta=2026-06-26`)).json<TAsistencia>();
    expect(repB.Totales).toMatchObject({ Faltas: 3, DiasLicencia: 2, DiasSinGoce: 2 });
    expect(repB.Dias[0]).toMatchObject({ Falta: false, Licencia: 'Licencia sin goce de haber (solicitud aprobada)' });
  });
});

describe('PLAME y trabajo nocturno', () => {
  let idNomina: number;
  let detalle: TNominaDetalle;

  it('la planilla toma la asistencia de junio: vacaciones sin faltas, licencia sin goce descontada', async () => {
    const n = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 6 })).json();
    idNomina = n.Id;
    const r = await llamar('POST', `/v1/nominas/${idNomina}/asistencia`);
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json<TNominaConAsistencia>();
    const a = d.Boletas.find((b) => b.IdTrabajador === ana.Id)!;
    const b = d.Boletas.find((x) => x.IdTrabajador === benito.Id)!;
    // June 2026 has 22 weekdays, one of them a holiday (29-Jun): Ana had 5 of vacation, so 16 faltas; Benito 2 days
    // of unpaid leave and 19 faltas (30 − 19 − 2 = 9 days paid).
    expect(a).toMatchObject({ Faltas: 16, DiasSinGoce: 0 });
    expect(b).toMatchObject({ Faltas: 19, DiasSinGoce: 2, DiasLaborados: 9 });
    expect(b.Lineas.find((l) => l.Codigo === 'LICENCIA_SIN_GOCE')!.Monto).toBe('160.00');
  });

  it('las horas nocturnas se pagan con su sobretasa en su propia línea', async () => {
    const r = await llamar('POST', `/v1/nominas/${idNomina}/calculo`, {
      Novedades: [
        { IdTrabajador: ana.Id, HorasExtra25: '2', HorasExtra35: '1', Faltas: 1, HorasNocturnas: '10' },
        { IdTrabajador: benito.Id, Faltas: 0, DiasSinGoce: 2 },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    detalle = r.json<TNominaDetalle>();
    const a = detalle.Boletas.find((b) => b.IdTrabajador === ana.Id)!;
    const m = Object.fromEntries(a.Lineas.map((l) => [l.Codigo, l.Monto]));
    // 3113 / 30 / 8 = 12.970833 an hour: 2 h × 1.25 = 32.43, 1 h × 1.35 = 17.51; night 10 h × 1130/30/8 × 35 % = 16.48;
    // asegurable 3000 + 113 + 32.43 + 17.51 + 16.48 − 100 = 3079.42 → AFP fund 307.94.
    expect(m).toMatchObject({ BASICO: '3000.00', ASIG_FAMILIAR: '113.00', HE25: '32.43', HE35: '17.51', NOCTURNO: '16.48', INASISTENCIAS: '100.00', AFP_FONDO: '307.94' });
    expect(a).toMatchObject({ HorasNocturnas: '10', DiasLaborados: 29 });
    expect((await llamar('POST', `/v1/nominas/${idNomina}/calculo`, { Novedades: [{ IdTrabajador: ana.Id, HorasNocturnas: '1000' }] })).statusCode).toBe(400);
  });

  it('el PLAME solo sale de una planilla aprobada, con el RUC y el nombre de SUNAT', async () => {
    const borrador = await llamar('GET', `/v1/nominas/${idNomina}/plame/rem`);
    expect(borrador.statusCode).toBe(409);
    expect(borrador.json()).toMatchObject({ ErrorId: ErrorCodes.NOMINA_NO_APROBADA });
    expect((await llamar('POST', `/v1/nominas/${idNomina}/aprobacion`)).statusCode).toBe(200);
    expect((await llamar('GET', `/v1/nominas/${idNomina}/plame/txt`)).statusCode).toBe(400);
    expect((await llamar('GET', `/v1/nominas/${idNomina}/plame/rem`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/nominas/${idNomina}/plame/rem`, undefined, tokenCajero)).statusCode).toBe(403);
    const r = await llamar('GET', `/v1/nominas/${idNomina}/plame/rem`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="0601202606${RUC}.rem"`);
    expect(r.headers['content-type']).toContain('text/plain');
  });

  it('.rem: una línea por trabajador y concepto de la Tabla 22, campos en el orden de SUNAT', async () => {
    const cuerpo = (await llamar('GET', `/v1/nominas/${idNomina}/plame/rem`)).body;
    expect(cuerpo.endsWith('|\r\n')).toBe(true);
    const lineas = cuerpo.split('\r\n').slice(0, -1);
    expect(lineas.every((l) => l.endsWith('|') && l.split('|').length === 6)).toBe(true);
    const campos = lineas.map((l) => l.split('|').slice(0, 5));
    const de = (doc: string) => Object.fromEntries(campos.filter((c) => c[1] === doc).map((c) => [c[2], [c[0], c[3], c[4]]]));
    const a = de(ana.Documento);
    // Income: tipo doc 01 (DNI), accrued = paid. Deductions and tributes (06xx/07xx): accrued 0.00, amount withheld.
    expect(a['0121']).toEqual(['01', '3000.00', '3000.00']);
    expect(a['0201']).toEqual(['01', '113.00', '113.00']);
    expect(a['0105']).toEqual(['01', '32.43', '32.43']);
    expect(a['0106']).toEqual(['01', '17.51', '17.51']);
    expect(a['0303']).toEqual(['01', '16.48', '16.48']);
    expect(a['0705']).toEqual(['01', '0.00', '100.00']);
    expect(a['0608']).toEqual(['01', '0.00', '307.94']);
    const boletaA = detalle.Boletas.find((b) => b.IdTrabajador === ana.Id)!;
    const linea = (codigo: string) => boletaA.Lineas.find((l) => l.Codigo === codigo)?.Monto ?? '0.00';
    expect(a['0601']).toEqual(['01', '0.00', linea('AFP_COMISION')]);
    expect(a['0606']).toEqual(['01', '0.00', linea('AFP_PRIMA')]);
    expect(a['0605']).toEqual(['01', '0.00', linea('RENTA_QUINTA')]);
    // EsSalud (0804) and ONP (0607) are computed by the PDT itself: never in the file.
    expect(a['0804']).toBeUndefined();
    // Every payslip line has its code: the file holds exactly the codes of the lines plus the mandatory ones.
    const esperados = new Set([...boletaA.Lineas.map((l) => TABLA22[l.Codigo]).filter((c) => c !== '0804' && c !== '0607'), '0121', '0605', '0601', '0606', '0608']);
    expect(new Set(Object.keys(a))).toEqual(esperados);
    // An ONP worker: básico, 5ta always; no AFP codes and no ONP line; his unpaid leave as 0705.
    const b = de(benito.Documento);
    expect(Object.keys(b).sort()).toEqual(['0121', '0605', '0705']);
    expect(b['0121']).toEqual(['01', '2400.00', '2400.00']);
    expect(b['0705']).toEqual(['01', '0.00', '160.00']);
    expect(b['0605']).toEqual(['01', '0.00', '0.00']);
  });

  it('.jor: horas ordinarias de los días laborados y sobretiempo en horas y minutos', async () => {
    const r = await llamar('GET', `/v1/nominas/${idNomina}/plame/jor`);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="0601202606${RUC}.jor"`);
    // Ana: 29 days × 8 h = 232 h 0 min, overtime 2 + 1 = 3 h 0 min; Benito: 28 days × 8 = 224 h, no overtime.
    expect(r.body.endsWith('|\r\n')).toBe(true);
    // The demo company's own workers are in the run too (their lines follow, ordered by document).
    expect(r.body.startsWith(`01|${ana.Documento}|232|0|3|0|\r\n01|${benito.Documento}|224|0|0|0|\r\n`)).toBe(true);
    expect(r.body.split('\r\n').slice(0, -1).every((l) => /^01\|\d{8}\|\d{1,3}\|\d{1,2}\|\d{1,3}\|\d{1,2}\|$/.test(l))).toBe(true);
  });

  it('.snl: días no laborados por tipo de suspensión de la Tabla 21', async () => {
    const r = await llamar('GET', `/v1/nominas/${idNomina}/plame/snl`);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="0601202606${RUC}.snl"`);
    // Ana: 1 falta (07) and 5 days of vacation (23); Benito: 2 days of unpaid leave (05); the rejected permit is absent.
    expect(r.body.startsWith(`01|${ana.Documento}|07|1|\r\n01|${ana.Documento}|23|5|\r\n01|${benito.Documento}|05|2|\r\n`)).toBe(true);
    expect(r.body.split('\r\n').slice(0, -1).every((l) => /^01\|\d{8}\|(07|23|26|05)\|\d{1,2}\|$/.test(l))).toBe(true);
  });

  it('una empresa sin RUC no exporta el PLAME', async () => {
    const t = (await sesionDe(e.app, 'sinruc.supervisor')).AccessToken;
    const w = await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: '45678901', Nombres: 'Rosa', ApePat: 'Flores' }, t);
    expect((await llamar('POST', '/v1/contratos/colaborador', { IdTrabajador: w.json().Id, Regimen: 2, FechaInicio: '2026-01-01', Remuneracion: '1130', SistemaPension: 'ONP' }, t)).statusCode).toBe(201);
    const n = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 5 }, t)).json();
    expect((await llamar('POST', `/v1/nominas/${n.Id}/calculo`, { Novedades: [] }, t)).statusCode).toBe(200);
    expect((await llamar('POST', `/v1/nominas/${n.Id}/aprobacion`, undefined, t)).statusCode).toBe(200);
    const r = await llamar('GET', `/v1/nominas/${n.Id}/plame/rem`, undefined, t);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.PLAME_DATOS_INVALIDOS });
  });
});
