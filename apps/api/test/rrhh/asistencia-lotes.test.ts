/**
 * "Tomar asistencia" set-based (rrhhbanco): the figures read for all workers at once must be the ones the per-worker
 * report (`reporteAsistencia`, the path the route took before) gives, day by day, for workers in every situation:
 * late arrivals and overtime, a missing exit, a voided mark, a company non-working day, a night shift whose last exit
 * falls on the next month, a schedule changed mid-month, an approved unpaid leave, no marks at all; and the run takes
 * exactly those totals, in one transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TAsistencia, TNominaConAsistencia, TTrabajador } from '@yupana/contracts';
import { asistenciaDeTrabajadores, reporteAsistencia } from '../../src/modules/rrhh/asistencia.service';
import type { Contexto } from '../../src/lib/contexto';
import type { TAuth } from '../../src/lib/auth';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

let e: Entorno;
let token: string;
let idEmpresa: number;
let idUsuario: number;
const DESDE = '2027-01-01';
const HASTA = '2027-01-31';
const HOY = '2027-02-15';

beforeAll(async () => {
  e = await crearEntorno();
  const s = await sesionDe(e.app, 'supervisor');
  token = s.AccessToken;
});
afterAll(async () => {
  await e?.cerrar();
});

const llamar = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  e.app.inject(conToken(token, { method, url: `/api/rrhh${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));
const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;

const trabajadores: TTrabajador[] = [];

describe('tomar asistencia por lotes', () => {
  it('prepara trabajadores en situaciones distintas', async () => {
    const dias = (entrada: string, salida: string, ds = [1, 2, 3, 4, 5]) => ds.map((Dia) => ({ Dia, HoraEntrada: entrada, HoraSalida: salida, RefrigerioMinutos: 60 }));
    const oficina = (await llamar('POST', '/v1/horarios', { Nombre: 'Lotes oficina', ToleranciaMinutos: 5, Dias: dias('08:00', '17:00') })).json();
    const noche = (await llamar('POST', '/v1/horarios', { Nombre: 'Lotes noche', ToleranciaMinutos: 0, Dias: dias('22:00', '06:00', [1, 2, 3, 4, 5, 6, 7]) })).json();
    const tarde = (await llamar('POST', '/v1/horarios', { Nombre: 'Lotes tarde', ToleranciaMinutos: 10, Dias: dias('13:00', '21:00', [1, 2, 3, 4, 5, 6]) })).json();
    for (let i = 0; i < 6; i++) {
      const t = await llamar('POST', '/v1/entidades', { IdTipoDocumento: 1, Documento: `4770000${i}`, Nombres: `Lote${i}`, ApePat: 'Asistencia' });
      expect(t.statusCode, t.body).toBe(201);
      trabajadores.push(t.json());
      const c = await llamar('POST', '/v1/contratos/colaborador', { IdTrabajador: t.json().Id, Regimen: 1, FechaInicio: '2026-12-01', Remuneracion: '3000.00', SistemaPension: 'ONP' });
      expect(c.statusCode, c.body).toBe(201);
    }
    const [a, b, c, d, f, g] = trabajadores;
    const asignar = async (t: TTrabajador, IdHorario: number, FechaDesde: string) =>
      expect((await llamar('POST', '/v1/contratos/horarios', { IdTrabajador: t.Id, IdHorario, FechaDesde })).statusCode).toBe(201);
    await asignar(a, oficina.Id, '2026-12-01');
    await asignar(b, noche.Id, '2026-12-01');
    await asignar(c, oficina.Id, '2026-12-01');
    await asignar(c, tarde.Id, '2027-01-16'); // schedule changed mid-month
    await asignar(d, oficina.Id, '2026-12-01');
    await asignar(f, oficina.Id, '2026-12-01'); // no marks at all
    await asignar(g, tarde.Id, '2026-12-01');
    idEmpresa = filas<{ id_empresa: number }>(await e.dbh.db.execute(sql`select id_empresa from entidad where id = ${a.Id}`))[0].id_empresa;
    idUsuario = filas<{ u: number }>(await e.dbh.db.execute(sql`select log_usuario_crea u from horario where id = ${oficina.Id}`))[0].u;
    // Marks in bulk: every day of January (and 1 February for the night shift), with variations.
    await e.dbh.db.execute(sql`
      with t(id, entrada, salida, n) as (values (${a.Id}::int, time '08:00', time '17:00', 1), (${b.Id}::int, time '22:00', time '06:00', 2),
                                               (${c.Id}::int, time '08:00', time '17:00', 3), (${d.Id}::int, time '08:00', time '17:00', 4),
                                               (${g.Id}::int, time '13:00', time '21:00', 5)),
           dd as (select f::date fecha, extract(day from f)::int k from generate_series(date '2027-01-01', date '2027-01-31', interval '1 day') f)
      insert into marcacion (id_empresa, id_entidad, fecha_hora, origen)
      select ${idEmpresa}, t.id, x.instante at time zone 'America/Lima', 4
        from t cross join dd
        cross join lateral (values
          (dd.fecha + t.entrada + make_interval(mins => ((dd.k * 7 + t.n * 5) % 23)::int)),
          (dd.fecha + (case when t.salida < t.entrada then 1 else 0 end) + t.salida + make_interval(mins => ((dd.k * 13 + t.n) % 150)::int))
        ) x(instante)
       where (dd.k + t.n) % 9 <> 0 and not (x.instante > dd.fecha + t.entrada + interval '2 hours' and (dd.k * t.n) % 7 = 3)`);
    // A repeated punch (de-duplicated in the report), a voided one, a company non-working day and an approved unpaid leave.
    await e.dbh.db.execute(sql`insert into marcacion (id_empresa, id_entidad, fecha_hora, origen) values (${idEmpresa}, ${a.Id}, timestamptz '2027-01-05 08:01:00-05', 4)`);
    await e.dbh.db.execute(sql`insert into marcacion (id_empresa, id_entidad, fecha_hora, origen, log_estado) values (${idEmpresa}, ${d.Id}, timestamptz '2027-01-12 07:30:00-05', 4, 0)`);
    expect((await llamar('POST', '/v1/feriados', { Fecha: '2027-01-08', Descripcion: 'Aniversario lotes' })).statusCode).toBe(201);
    await e.dbh.db.execute(sql`insert into solicitud (id_empresa, id_entidad, tipo, con_goce, fecha_desde, fecha_hasta, motivo, estado)
      values (${idEmpresa}, ${d.Id}, 'PERMISO', false, date '2027-01-19', date '2027-01-21', 'Trámite personal', 1),
             (${idEmpresa}, ${d.Id}, 'PERMISO', true, date '2027-01-27', date '2027-01-27', 'Pendiente', 0)`);
  });

  it('da, trabajador por trabajador y día por día, lo mismo que el reporte individual', async () => {
    const ctx = { dbh: e.dbh } as unknown as Contexto;
    const auth = { idEmpresa, idUsuario } as unknown as TAuth;
    const nombres = new Map(
      filas<{ id: number; razon_social: string }>(await e.dbh.db.execute(sql`select id, razon_social from entidad where id in ${sql.raw(`(${trabajadores.map((t) => t.Id).join(',')})`)}`)).map((x) => [x.id, x.razon_social]),
    );
    const lotes = await asistenciaDeTrabajadores(
      e.dbh.db,
      idEmpresa,
      trabajadores.map((t) => ({ id: t.Id, nombre: nombres.get(t.Id)!, documento: t.Documento })),
      DESDE,
      HASTA,
      HOY,
    );
    expect(lotes.size).toBe(trabajadores.length);
    for (const t of trabajadores) {
      const uno = await reporteAsistencia(ctx, auth, { idTrabajador: t.Id, desde: DESDE, hasta: HASTA }, HOY);
      expect(lotes.get(t.Id), t.NombreCompleto).toEqual(uno);
    }
    // The situations were there (the comparison would be empty otherwise).
    const tot = (i: number) => lotes.get(trabajadores[i].Id)!.Totales;
    expect(tot(0).MinutosTardanza).toBeGreaterThan(0);
    expect(tot(0).MinutosExtra25).toBeGreaterThan(0);
    expect(tot(0).Faltas).toBeGreaterThan(0);
    expect(tot(0).Feriados).toBe(2); // 1 January and the company's day
    expect(tot(1).MinutosNocturnos).toBeGreaterThan(0);
    expect(lotes.get(trabajadores[1].Id)!.Dias.at(-1)!.Salida).toMatch(/\(\+1\)$/);
    expect(tot(3).DiasSinGoce).toBe(3);
    expect(tot(4).Faltas).toBe(19); // no marks: the 21 weekdays but 1 January and the company's day
    expect(lotes.get(trabajadores[2].Id)!.Dias.find((x) => x.Fecha === '2027-01-16')!.Tipo).toBe('LABORABLE'); // a Saturday of the afternoon schedule
  });

  it('la planilla toma esos totales para cada trabajador', async () => {
    const n = (await llamar('POST', '/v1/nominas', { Anio: 2027, Mes: 1 })).json();
    const r = await llamar('POST', `/v1/nominas/${n.Id}/asistencia`);
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json<TNominaConAsistencia>();
    const horas = (min: number) => (Math.round((min * 100) / 60) / 100).toString();
    for (const t of trabajadores) {
      const rep = (await llamar('GET', `/v1/marcacion/reporte/tiempolaborado?idTrabajador=${t.Id}&desde=${DESDE}&hasta=${HASTA}`)).json<TAsistencia>();
      const b = d.Boletas.find((x) => x.IdTrabajador === t.Id)!;
      expect(b, t.NombreCompleto).toMatchObject({
        Faltas: rep.Totales.Faltas,
        MinutosTardanza: rep.Totales.MinutosTardanza,
        HorasExtra25: horas(rep.Totales.MinutosExtra25),
        HorasExtra35: horas(rep.Totales.MinutosExtra35),
        HorasNocturnas: horas(rep.Totales.MinutosNocturnos),
        DiasSinGoce: rep.Totales.DiasSinGoce,
      });
    }
    // Taken again, the same run (the novelties replaced, not added).
    const otra = (await llamar('POST', `/v1/nominas/${n.Id}/asistencia`)).json<TNominaConAsistencia>();
    expect(otra.TotalNeto).toBe(d.TotalNeto);
    expect(otra.Boletas.length).toBe(d.Boletas.length);
  });
});
