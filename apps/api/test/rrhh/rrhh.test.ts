import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TBoleta, type TNominaDetalle, type TTrabajador } from '@yupana/contracts';
import { parametroPlanilla } from '../../src/modules/rrhh/rrhh.schema';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';
import { AVISO_SIN_POPPLER, hayPoppler, plano, textoPdf } from '../impresion/pdf-herramientas';

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

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, t = token) =>
  e.app.inject(conToken(t, { method, url: `/api/rrhh${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));

let ana: TTrabajador;
let benito: TTrabajador;
let idNomina: number;
const boletaDe = (d: TNominaDetalle, id: number) => d.Boletas.find((b) => b.IdTrabajador === id)!;
const montos = (b: TBoleta) => Object.fromEntries(b.Lineas.map((l) => [l.Codigo, l.Monto]));

describe('trabajadores, familiares y contratos', () => {
  it('registra una trabajadora con su hija y un contrato en AFP con asignación familiar', async () => {
    const r = await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: '41234567', Nombres: 'Ana María', ApePat: 'Quispe', ApeMat: 'Mamani', Correo: 'ana@correo.pe' });
    expect(r.statusCode, r.body).toBe(201);
    ana = r.json();
    expect(ana).toMatchObject({ NombreCompleto: 'Quispe Mamani, Ana María', NumeroFamiliares: 0, Contrato: null });
    const fam = await llamar('POST', '/v1/entidades/relacionados', { IdTrabajador: ana.Id, IdTipoDocumento: 1, Documento: '71234567', Nombres: 'Lucía', ApePat: 'Rojas', ApeMat: 'Quispe', Parentesco: 2 });
    expect(fam.statusCode, fam.body).toBe(201);
    const area = (await llamar('POST', '/v1/areas', { Nombre: 'Contabilidad' })).json();
    const cargo = (await llamar('POST', '/v1/entidades/cargo', { Nombre: 'Asistente contable' })).json();
    expect((await llamar('POST', '/v1/areas', { Nombre: 'CONTABILIDAD' })).json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Nombre: 'Ya existe un área con ese nombre' } });
    const c = await llamar('POST', '/v1/contratos/colaborador', {
      IdTrabajador: ana.Id,
      Regimen: 1,
      FechaInicio: '2026-03-01',
      Remuneracion: '3000',
      SistemaPension: 'HABITAT',
      TipoComision: 'FLUJO',
      Cuspp: '123456ABCDE1',
      AsignacionFamiliar: true,
      IdArea: area.Id,
      IdCargo: cargo.Id,
    });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json()).toMatchObject({ Remuneracion: '3000.00', Area: 'Contabilidad', Cargo: 'Asistente contable', TipoComision: 'FLUJO' });
    const t = (await llamar('GET', `/v1/entidades/${ana.Id}`)).json<TTrabajador>();
    expect(t).toMatchObject({ NumeroFamiliares: 1, Contrato: { SistemaPension: 'HABITAT', AsignacionFamiliar: true } });
    expect((await llamar('GET', `/v1/entidades/${ana.Id}/relacionados`)).json().Data).toEqual([expect.objectContaining({ Documento: '71234567', Parentesco: 2 })]);
    const lista = (await llamar('GET', '/v1/entidades?filtro=quispe')).json();
    expect(lista.Data.map((x: TTrabajador) => x.Id)).toContain(ana.Id);
  });

  it('registra un trabajador en la ONP', async () => {
    benito = (await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: '42345678', Nombres: 'Benito', ApePat: 'Huamán' })).json();
    const c = await llamar('POST', '/v1/contratos/colaborador', { IdTrabajador: benito.Id, Regimen: 1, FechaInicio: '2026-01-01', Remuneracion: '2400.00', SistemaPension: 'ONP' });
    expect(c.statusCode, c.body).toBe(201);
  });

  it('los trabajadores y sus familiares no son clientes: la maestra comercial no los lista, no los lee y no los crea', async () => {
    const ent = (method: 'GET' | 'POST', url: string, payload?: object, t = token) =>
      e.app.inject(conToken(t, { method, url: `/api/entidades/v1${url}`, ...(payload ? { payload } : {}) }));
    for (const t of [token, tokenCajero]) {
      for (const q of ['filtro=quispe', 'filtro=41234567', 'tipoentidad=1', 'tipoentidad=2', 'estado=-1&regxpag=100']) {
        const r = await ent('GET', `/entidades?${q}`, undefined, t);
        expect(r.statusCode).toBe(200);
        expect(r.json().Data.map((x: { Id: number }) => x.Id), q).not.toContain(ana.Id);
      }
      expect((await ent('GET', `/entidades/${ana.Id}`, undefined, t)).statusCode).toBe(404);
    }
    const r = await ent('POST', '/entidades', { TipoEntidad: 1, IdTipoDocumento: 1, Documento: '43334444', RazonSocial: 'OTRO TRABAJADOR' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { TipoEntidad: 'Los trabajadores, sus familiares y los colaboradores se registran en Recursos humanos' } });
  });

  it('datos no válidos: 500001 con el mensaje de cada campo', async () => {
    const r = await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: '123', Nombres: '', ApePat: 'X' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Documento: 'El DNI tiene 8 dígitos', Nombres: 'Ingrese los nombres' } });
    const dup = await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: '41234567', Nombres: 'Otra', ApePat: 'Persona' });
    expect(dup.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Documento: 'Ya existe un trabajador con este documento' } });
    const sinComision = await llamar('POST', '/v1/contratos/colaborador', { IdTrabajador: benito.Id, Regimen: 1, FechaInicio: '2027-01-01', Remuneracion: '2400', SistemaPension: 'PRIMA' });
    expect(sinComision.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { TipoComision: 'Seleccione el tipo de comisión de la AFP' } });
    const bajoRmv = await llamar('POST', '/v1/contratos/colaborador', { IdTrabajador: benito.Id, Regimen: 1, FechaInicio: '2027-01-01', Remuneracion: '1000', SistemaPension: 'ONP' });
    expect(bajoRmv.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Remuneracion: 'La remuneración no puede ser menor a la remuneración mínima vital (S/ 1130.00)' } });
    const cruce = await llamar('POST', '/v1/contratos/colaborador', { IdTrabajador: benito.Id, Regimen: 1, FechaInicio: '2026-06-01', Remuneracion: '2400', SistemaPension: 'ONP' });
    expect(cruce.json()).toMatchObject({ Errores: { FechaInicio: 'El trabajador ya tiene un contrato vigente en esas fechas' } });
    const fechas = await llamar('POST', '/v1/contratos/colaborador', { IdTrabajador: benito.Id, Regimen: 4, FechaInicio: '2026-02-30', Remuneracion: 'mil', SistemaPension: 'AFP' });
    expect(Object.keys(fechas.json().Errores).sort()).toEqual(['FechaInicio', 'Regimen', 'Remuneracion', 'SistemaPension']);
    const mes = await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 13 });
    expect(mes.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Mes: 'Mes no válido (1 a 12)' } });
  });
});

describe('planillas', () => {
  it('crea y calcula la planilla de abril 2026 con horas extra: cada cifra con su regla', async () => {
    const n = await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 4 });
    expect(n.statusCode, n.body).toBe(201);
    idNomina = n.json().Id;
    expect(n.json()).toMatchObject({ Estado: 0, EstadoDescripcion: 'Borrador', FechaCalculo: null });
    expect((await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 4 })).json()).toMatchObject({ Errores: { Mes: 'Ya existe la planilla de abril 2026' } });

    const r = await llamar('POST', `/v1/nominas/${idNomina}/calculo`, { Novedades: [{ IdTrabajador: benito.Id, HorasExtra25: '2', HorasExtra35: 1 }] });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json<TNominaDetalle>();
    // Ana: 3000 + AF 113 (10 % × RMV 1130 from parametro_planilla); AFP Habitat 311.30 + 45.76 + 42.65; net 2713.29.
    const a = boletaDe(d, ana.Id);
    expect(montos(a)).toEqual({ BASICO: '3000.00', ASIG_FAMILIAR: '113.00', AFP_FONDO: '311.30', AFP_COMISION: '45.76', AFP_PRIMA: '42.65', ESSALUD: '280.17' });
    expect(a.Neto).toBe('2713.29');
    expect(a.Lineas.find((l) => l.Codigo === 'ASIG_FAMILIAR')!.Regla).toBe('10 % × RMV 1130.00 (Ley 25129)');
    // Benito: 2400 + 2 h × 10 × 1.25 + 1 h × 10 × 1.35 = 2438.50; ONP 317.01; net 2121.49.
    const b = boletaDe(d, benito.Id);
    expect(montos(b)).toEqual({ BASICO: '2400.00', HE25: '25.00', HE35: '13.50', ONP: '317.01', ESSALUD: '219.47' });
    expect(b).toMatchObject({ Neto: '2121.49', HorasExtra25: '2', HorasExtra35: '1' });
    expect(d.FechaCalculo).not.toBeNull();
    // Totals are the sum of the payslips (other workers of the company may be in the run too).
    const suma = d.Boletas.reduce((s, x) => s + Math.round(Number(x.Neto) * 100), 0);
    expect(Math.round(Number(d.TotalNeto) * 100)).toBe(suma);

    // Recomputing keeps the overtime entered before and replaces the payslips.
    const otra = (await llamar('POST', `/v1/nominas/${idNomina}/calculo`, {})).json<TNominaDetalle>();
    expect(boletaDe(otra, benito.Id).Neto).toBe('2121.49');
    expect(otra.Boletas).toHaveLength(d.Boletas.length);
  });

  it('una novedad de alguien sin contrato en el periodo se rechaza sin calcular nada', async () => {
    const sinContrato = (await llamar('POST', '/v1/entidades', { IdTipoDocumento: 3, Documento: 'X12345', Nombres: 'Carla', ApePat: 'Sin Contrato' })).json();
    const r = await llamar('POST', `/v1/nominas/${idNomina}/calculo`, { Novedades: [{ IdTrabajador: sinContrato.Id, HorasExtra25: '1' }] });
    expect(r.statusCode).toBe(400);
    expect(r.json().ErrorId).toBe(ErrorCodes.VALIDACION);
  });

  it('no se aprueba sin calcular; aprobada queda cerrada (no se recalcula)', async () => {
    const mayo = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 5 })).json();
    const sin = await llamar('POST', `/v1/nominas/${mayo.Id}/aprobacion`);
    expect(sin.statusCode).toBe(409);
    expect(sin.json().ErrorId).toBe(ErrorCodes.NOMINA_SIN_CALCULO);

    expect((await llamar('POST', `/v1/nominas/${idNomina}/aprobacion`, undefined, tokenCajero)).statusCode).toBe(403);
    const ok = await llamar('POST', `/v1/nominas/${idNomina}/aprobacion`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ Estado: 1, EstadoDescripcion: 'Aprobada' });
    const re = await llamar('POST', `/v1/nominas/${idNomina}/calculo`, {});
    expect(re.statusCode).toBe(409);
    expect(re.json()).toMatchObject({ ErrorId: ErrorCodes.NOMINA_APROBADA, Mensaje: 'La planilla está aprobada: ya no se puede recalcular ni modificar' });
    expect((await llamar('POST', `/v1/nominas/${idNomina}/aprobacion`)).statusCode).toBe(409);
    // The approved payslips are intact.
    expect(boletaDe((await llamar('GET', `/v1/nominas/${idNomina}`)).json(), ana.Id).Neto).toBe('2713.29');

    // May reads April (approved) as 5ta history, and carries the CTS deposit as an informative line:
    // Ana started 1-Mar-2026: RC 3113 / 12 × 2 months (Mar-Apr) = 518.83 (no December gratificación in the period).
    const calculada = (await llamar('POST', `/v1/nominas/${mayo.Id}/calculo`, {})).json<TNominaDetalle>();
    const cts = boletaDe(calculada, ana.Id).Lineas.find((l) => l.Codigo === 'CTS')!;
    expect(cts).toMatchObject({ Tipo: 'INFORMATIVO', Monto: '518.83' });
  });

  it('la planilla aprobada queda contabilizada en el diario de planillas: gasto, aportes, retenciones, neto y destino', async () => {
    const d = (await llamar('GET', `/v1/nominas/${idNomina}`)).json<TNominaDetalle>();
    const suma = (pred: (tipo: string, codigo: string) => boolean) =>
      d.Boletas.flatMap((b) => b.Lineas).filter((l) => pred(l.Tipo, l.Codigo)).reduce((s, l) => s.plus(l.Monto), new Decimal(0));
    const filas = ((await e.dbh.db.execute(sql`
      select c.codigo, l.debe::text as debe, l.haber::text as haber, a.id_diario, a.fecha::text as fecha, a.glosa
        from asiento_linea l join asiento_contable a on a.id = l.id_asiento join cuenta_contable c on c.id = l.id_cuenta
       where a.clave_origen = ${`PLANILLA:${idNomina}`} order by l.orden`)) as unknown as { rows: { codigo: string; debe: string; haber: string; id_diario: number; fecha: string; glosa: string }[] }).rows;
    expect(filas.length).toBeGreaterThan(0);
    // Journal 4 (Planillas), the month's last day.
    expect(filas[0]).toMatchObject({ id_diario: 4, fecha: '2026-04-30', glosa: 'Planilla de remuneraciones 2026-04' });
    const cuenta = (codigo: string) => filas.filter((f) => f.codigo === codigo);
    const debe = (codigo: string) => cuenta(codigo).reduce((s, f) => s.plus(f.debe), new Decimal(0)).toFixed(2);
    const haber = (codigo: string) => cuenta(codigo).reduce((s, f) => s.plus(f.haber), new Decimal(0)).toFixed(2);
    // Ana's and Benito's figures are in these sums (3000 + 113, 2400 + 25 + 13.50 ...): every amount is the payslips'.
    const sueldos = suma((t) => t === 'INGRESO').minus(suma((t, c) => t === 'DESCUENTO' && ['INASISTENCIAS', 'LICENCIA_SIN_GOCE', 'TARDANZAS'].includes(c)));
    const essalud = suma((t, c) => t === 'APORTE' && c === 'ESSALUD');
    expect(debe('6211')).toBe(sueldos.toFixed(2));
    expect(debe('6271')).toBe(essalud.toFixed(2));
    expect(haber('4031')).toBe(essalud.toFixed(2));
    expect(haber('4032')).toBe(suma((t, c) => c === 'ONP').toFixed(2));
    expect(haber('407')).toBe(suma((t, c) => c.startsWith('AFP_')).toFixed(2));
    expect(haber('4111')).toBe(new Decimal(d.TotalNeto).toFixed(2));
    expect(Number(haber('4032'))).toBeGreaterThanOrEqual(317.01);
    expect(Number(haber('407'))).toBeGreaterThanOrEqual(311.3 + 45.76 + 42.65);
    // Destination of the expense: 94 D / 791 H for 62x.
    expect(debe('94')).toBe(sueldos.plus(essalud).toFixed(2));
    expect(haber('791')).toBe(debe('94'));
    const totalDebe = filas.reduce((s, f) => s.plus(f.debe), new Decimal(0));
    const totalHaber = filas.reduce((s, f) => s.plus(f.haber), new Decimal(0));
    expect(totalDebe.toFixed(2)).toBe(totalHaber.toFixed(2));
    // Approving again is refused above (409) and leaves one entry.
    const n = ((await e.dbh.db.execute(sql`select count(*)::int as n from asiento_contable where clave_origen = ${`PLANILLA:${idNomina}`}`)) as unknown as { rows: { n: number }[] }).rows[0].n;
    expect(n).toBe(1);
  });

  it('la boleta de pago en PDF con el contenido mínimo y el neto', async () => {
    const d = (await llamar('GET', `/v1/nominas/${idNomina}`)).json<TNominaDetalle>();
    const b = boletaDe(d, ana.Id);
    const r = await llamar('GET', `/v1/nominas/${idNomina}/boletas/${b.Id}/pdf`);
    expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toContain('boleta-202604-41234567.pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await llamar('GET', `/v1/nominas/${idNomina}/boletas/999999/pdf`)).statusCode).toBe(404);
    expect((await llamar('GET', `/v1/nominas/${idNomina}/boletas/${b.Id}/pdf`, undefined, tokenOtra)).statusCode).toBe(404);
    if (!hayPoppler) {
      if (process.env.CI) throw new Error(AVISO_SIN_POPPLER);
      console.warn(AVISO_SIN_POPPLER);
      return;
    }
    const texto = plano(textoPdf(r.rawPayload));
    for (const t of ['BOLETA DE PAGO DE REMUNERACIONES', 'Abril 2026', 'COMERCIAL ANDINA YUPANA S.A.C.', '20600123450', 'Quispe Mamani, Ana María', '41234567', 'Asistente contable', '01/03/2026', 'AFP Habitat', '123456ABCDE1', 'Asignación familiar 113.00', 'AFP Habitat: comisión sobre el flujo 45.76', 'EsSalud (empleador) 280.17', 'NETO A PAGAR S/ 2,713.29'])
      expect(texto).toContain(t);
  });

  it('otra empresa no ve ni toca la planilla ni los trabajadores: 404', async () => {
    for (const [m, url, body] of [
      ['GET', `/v1/nominas/${idNomina}`, undefined],
      ['POST', `/v1/nominas/${idNomina}/calculo`, {}],
      ['POST', `/v1/nominas/${idNomina}/aprobacion`, undefined],
      ['GET', `/v1/entidades/${ana.Id}`, undefined],
      ['PUT', `/v1/entidades/${ana.Id}`, { IdTipoDocumento: 1, Documento: '41234567', Nombres: 'X', ApePat: 'Y' }],
      ['GET', `/v1/entidades/${ana.Id}/relacionados`, undefined],
      ['GET', `/v1/entidades/${ana.Id}/contratos`, undefined],
      ['POST', '/v1/contratos/colaborador', { IdTrabajador: ana.Id, Regimen: 1, FechaInicio: '2027-01-01', Remuneracion: '3000', SistemaPension: 'ONP' }],
      ['POST', '/v1/entidades/relacionados', { IdTrabajador: ana.Id, IdTipoDocumento: 1, Documento: '70000000', Nombres: 'X', ApePat: 'Y', Parentesco: 1 }],
    ] as const) {
      const r = await llamar(m, url, body, tokenOtra);
      expect(r.statusCode, `${m} ${url}`).toBe(404);
    }
    const contratos = (await llamar('GET', `/v1/entidades/${ana.Id}/contratos`)).json().Data;
    expect((await llamar('GET', `/v1/contratos/${contratos[0].Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('GET', '/v1/nominas', undefined, tokenOtra)).json().Data.map((n: { Id: number }) => n.Id)).not.toContain(idNomina);
    expect((await llamar('GET', '/v1/entidades?filtro=quispe', undefined, tokenOtra)).json().Data).toEqual([]);
  });

  it('los parámetros se leen de la tabla con su vigencia: una nueva RMV cambia la asignación familiar', async () => {
    const vigentes = (await llamar('GET', '/v1/parametros?fecha=2026-06-30')).json().Data;
    expect(vigentes).toEqual(expect.arrayContaining([expect.objectContaining({ Codigo: 'UIT', Valor: '5500', Fuente: 'DS 301-2025-EF (UIT 2026 S/ 5,500)' })]));
    await e.dbh.db.insert(parametroPlanilla).values({ codigo: 'RMV', descripcion: 'RMV de prueba', valor: '1200', vigenteDesde: '2026-06-01', fuente: 'prueba' });
    const junio = (await llamar('POST', '/v1/nominas', { Anio: 2026, Mes: 6 })).json();
    const d = (await llamar('POST', `/v1/nominas/${junio.Id}/calculo`, {})).json<TNominaDetalle>();
    expect(montos(boletaDe(d, ana.Id)).ASIG_FAMILIAR).toBe('120.00');
    // A period without parameters (no AFP commission before September 2025) is a clear error, not a 5xx.
    const antigua = (await llamar('POST', '/v1/nominas', { Anio: 2025, Mes: 3 })).json();
    await llamar('POST', '/v1/contratos/colaborador', { IdTrabajador: (await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: '43456789', Nombres: 'Dora', ApePat: 'Vela' })).json().Id, Regimen: 1, FechaInicio: '2025-01-01', FechaFin: '2025-12-31', Remuneracion: '2000', SistemaPension: 'PRIMA', TipoComision: 'FLUJO' });
    const r = await llamar('POST', `/v1/nominas/${antigua.Id}/calculo`, {});
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.PARAMETRO_PLANILLA_FALTANTE, Mensaje: 'Falta el parámetro de planilla AFP_COMISION_FLUJO_PRIMA vigente al 2025-03-31' });
  });
});
