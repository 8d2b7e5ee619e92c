import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@yupana/contracts';
import { consultarSaldo, verificarSaldoComprobantes } from '../../src/modules/pagos/saldo';
import { crearEntorno, type Entorno } from '../helpers';
import { CLIENTE_DNI, clienteDe, factura, hoyLima, idSerie, type Cliente } from '../contabilidad/ayudas';

/**
 * The allowance's usage counters (uso_comprobantes, kept by triggers on documento_contable) against the count they
 * replaced: every document of the company, voided ones included; tax 1003-1006, internal 1008, guides nowhere.
 */
let e: Entorno;
let sup: Cliente;
let idEmpresa: number;

type TFila = Record<string, number>;
const filas = async (q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: TFila[] }).rows;

/** The old count, as saldo.ts made it before the counters. */
const contar = async (id: number) =>
  (
    await filas(sql`select count(*) filter (where id_tipo_documento in (1003, 1004, 1005, 1006))::int as t, count(*) filter (where id_tipo_documento = 1008)::int as i
                      from documento_contable where id_empresa = ${id}`)
  )[0];
const usados = async (id: number) => {
  const s = await consultarSaldo(e.dbh.db, id);
  return { t: s.NumeroComprobantesContablesUsados, i: s.NumeroComprobantesInternosUsados };
};
/** Every company's counters equal a fresh count (companies without documents: no row or zeros). */
async function todosCuadran() {
  const dif = await filas(sql`
    select coalesce(u.id_empresa, c.id_empresa) as id_empresa
      from uso_comprobantes u
      full join (select id_empresa, count(*) filter (where id_tipo_documento in (1003, 1004, 1005, 1006))::int t, count(*) filter (where id_tipo_documento = 1008)::int i
                   from documento_contable group by id_empresa) c on c.id_empresa = u.id_empresa
     where coalesce(u.tributarios, 0) <> coalesce(c.t, 0) or coalesce(u.internos, 0) <> coalesce(c.i, 0)`);
  expect(dif).toEqual([]);
}

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  idEmpresa = (await filas(sql`select id_empresa from serie where id = ${await idSerie(sup, 1003, 'F001')}`))[0].id_empresa;
  // Generous: a fresh database and the demo data, on a machine shared by several test runs.
}, 180_000);
afterAll(async () => e?.cerrar());

const boleta = (id: number) => ({
  IdTipoDocumento: 1004, IdSerie: id, IdMoneda: 1, IdCondicionPago: 1, FechaEmision: hoyLima(),
  ListaItems: [{ ItemDescripcion: 'GASEOSA 500 ML', CodigoUnidad: 'NIU', Cantidad: '2', PrecioUnitario: '2.50', TipoAfectacion: '10' }],
  ListaEntidades: [CLIENTE_DNI],
});

describe('contador de comprobantes usados (uso_comprobantes)', () => {
  it('sigue a cada emisión con la misma semántica que el conteo: anulados incluidos, guías fuera, un grupo de una vez', async () => {
    await todosCuadran();
    const antes = await contar(idEmpresa);
    expect(await usados(idEmpresa)).toEqual(antes);
    const f001 = await idSerie(sup, 1003, 'F001');
    const b001 = await idSerie(sup, 1004, 'B001');
    // 6 issues at once on one series: they go through issuing's group commit (one insert statement).
    const r = await Promise.all([...Array.from({ length: 4 }, () => sup.post('/api/contabilidad/v1/documentoContable', factura(f001))), ...[1, 2].map(() => sup.post('/api/contabilidad/v1/documentoContable', boleta(b001)))]);
    for (const x of r) expect(x.statusCode, x.body).toBe(201);
    expect(await usados(idEmpresa)).toEqual({ t: antes.t + 6, i: antes.i });
    expect(await contar(idEmpresa)).toEqual({ t: antes.t + 6, i: antes.i });

    // A voided document still counts (the count never looked at the status).
    const id = r[0].json().Id as number;
    await e.dbh.db.execute(sql`update documento_contable set anulado = true, id_estado_sunat = 10 where id = ${id}`);
    expect(await usados(idEmpresa)).toEqual({ t: antes.t + 6, i: antes.i });

    // A change of type moves it between the counters (1003 -> guide 1009: counted nowhere; -> 1008: internal).
    await e.dbh.db.execute(sql`update documento_contable set id_tipo_documento = 1009 where id = ${id}`);
    expect(await usados(idEmpresa)).toEqual({ t: antes.t + 5, i: antes.i });
    await e.dbh.db.execute(sql`update documento_contable set id_tipo_documento = 1008 where id = ${id}`);
    expect(await usados(idEmpresa)).toEqual({ t: antes.t + 5, i: antes.i + 1 });
    await e.dbh.db.execute(sql`update documento_contable set id_tipo_documento = 1003 where id = ${id}`);
    expect(await usados(idEmpresa)).toEqual({ t: antes.t + 6, i: antes.i });
    await todosCuadran();
  });

  it('un documento movido a otra empresa o borrado mueve los contadores; un rollback no deja rastro', async () => {
    const otra = (await filas(sql`select id from empresa where id <> ${idEmpresa} order by id limit 1`))[0].id;
    const [doc] = await filas(sql`select id from documento_contable where id_empresa = ${idEmpresa} and id_tipo_documento = 1003 order by id desc limit 1`);
    const a = await usados(idEmpresa);
    const b = await usados(otra);
    await e.dbh.db.execute(sql`update documento_contable set id_empresa = ${otra} where id = ${doc.id}`);
    expect(await usados(idEmpresa)).toEqual({ t: a.t - 1, i: a.i });
    expect(await usados(otra)).toEqual({ t: b.t + 1, i: b.i });
    await e.dbh.db.execute(sql`update documento_contable set id_empresa = ${idEmpresa} where id = ${doc.id}`);
    await todosCuadran();

    // Deleting (with its lines and jobs) in a transaction that rolls back: counters as before.
    await expect(
      e.dbh.db.transaction(async (tx) => {
        await tx.execute(sql`delete from documento_contable_item where id_documento = ${doc.id}`);
        await tx.execute(sql`delete from trabajo where id_referencia = ${doc.id} and cola like 'envio.%'`);
        await tx.execute(sql`delete from documento_contable where id = ${doc.id}`);
        expect((await tx.execute(sql`select tributarios from uso_comprobantes where id_empresa = ${idEmpresa}`)) as unknown as { rows: TFila[] }).toMatchObject({ rows: [{ tributarios: a.t - 1 }] });
        throw new Error('deshacer');
      }),
    ).rejects.toThrow('deshacer');
    expect(await usados(idEmpresa)).toEqual(a);
    await todosCuadran();
  });

  it('el saldo se agota por el contador: con disponibles = usados se rechaza con 409 y la emisión no numera nada', async () => {
    const f001 = await idSerie(sup, 1003, 'F001');
    const u = await usados(idEmpresa);
    await e.dbh.db.execute(sql`update saldo_empresa set contables_disponibles = ${u.t + 1} where id_empresa = ${idEmpresa}`);
    try {
      expect((await sup.post('/api/contabilidad/v1/documentoContable', factura(f001))).statusCode).toBe(201);
      const r = await sup.post('/api/contabilidad/v1/documentoContable', factura(f001));
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().ErrorId).toBe(ErrorCodes.SALDO_AGOTADO);
      await expect(e.dbh.db.transaction((tx) => verificarSaldoComprobantes(tx, idEmpresa, true))).rejects.toMatchObject({ code: ErrorCodes.SALDO_AGOTADO });
      expect(await usados(idEmpresa)).toEqual({ t: u.t + 1, i: u.i });
    } finally {
      await e.dbh.db.execute(sql`update saldo_empresa set contables_disponibles = 10000000 where id_empresa = ${idEmpresa}`);
    }
    await todosCuadran();
  });

  it('TRUNCATE de los documentos deja los contadores en cero', async () => {
    await e.dbh.db.execute(sql`truncate documento_contable cascade`);
    const s = await consultarSaldo(e.dbh.db, idEmpresa);
    expect([s.NumeroComprobantesContablesUsados, s.NumeroComprobantesInternosUsados]).toEqual([0, 0]);
    await todosCuadran();
  });
});
