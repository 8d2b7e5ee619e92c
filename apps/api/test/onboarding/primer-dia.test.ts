import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EstadoPago, type TPrepago } from '@yupana/contracts';
import { CONTRASENHA_DEMO, USUARIOS_DEMO } from '../../src/db/seed-demo';
import { mensajeDeInicio } from '../../src/mensaje-inicio';
import { consultarSaldo } from '../../src/modules/pagos/saldo';
import { conToken, crearEntorno, login, sesionDe, type Entorno } from '../helpers';

// Issue 11 ("a user's first day"), items 7 and 15 proven end to end: the start-up message names every demo user (and
// each of them signs in), and a package bought by the demo customer is invoiced by the provider, a separate company,
// without touching the customer's own allowance.
let e: Entorno;
const filas = async <T>(q: ReturnType<typeof sql>) => ((await e.dbh.db.execute(q)) as unknown as { rows: T[] }).rows;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  e = await crearEntorno();
}, 180_000);
afterAll(async () => e?.cerrar());

describe('mensaje de inicio (issue 11, item 15)', () => {
  it('lista a todos los usuarios que crea la demostración, con la contraseña, y cada uno ingresa', async () => {
    const creados = (await filas<{ usuario: string }>(sql`select usuario from usuario order by usuario`)).map((f) => f.usuario);
    expect(creados).toHaveLength(7);
    expect([...USUARIOS_DEMO.map((u) => u.usuario)].sort()).toEqual(creados);

    const texto = mensajeDeInicio({ direccion: 'http://localhost:3000', baseDatos: 'PGlite en /datos/pglite', demoCargado: true, conDemo: true });
    expect(texto).toContain('  Yupana está listo en http://localhost:3000\n');
    expect(texto).toContain('  Base de datos: PGlite en /datos/pglite (datos de demostración cargados)\n');
    expect(texto).toContain(`  Usuarios de demostración (contraseña ${CONTRASENHA_DEMO}):\n`);
    const listados = texto.split('\n').filter((l) => l.startsWith('    - ')).map((l) => l.slice(6).split(/\s+/)[0]);
    expect(listados).toEqual(['supervisor', 'cajero', 'soporte', 'demo.supervisor', 'demo.cajero', 'sinruc.supervisor', 'proveedor']);
    expect(texto).toContain('    - sinruc.supervisor  Supervisor de Bodega Doña Rosa (sin RUC)');
    for (const u of creados) expect((await login(e.app, u, CONTRASENHA_DEMO)).statusCode, u).toBe(200);

    // Without demo data (a production PostgreSQL) no user nor password is printed.
    const sinDemo = mensajeDeInicio({ direccion: 'http://localhost:3000', baseDatos: 'PostgreSQL', demoCargado: false, conDemo: false });
    expect(sinDemo).not.toContain(CONTRASENHA_DEMO);
    expect(sinDemo).not.toContain('supervisor');
  }, 120_000);
});

describe('el proveedor de la demostración es otra empresa (issue 11, item 7)', () => {
  it('un paquete comprado por Comercial Andina lo factura Yupana Software a su RUC y no consume el saldo de Comercial Andina', async () => {
    const cliente = await sesionDe(e.app, 'supervisor');
    const proveedor = await sesionDe(e.app, 'proveedor');
    expect(proveedor.IdEntidadEmpresa).not.toBe(cliente.IdEntidadEmpresa);
    const pedir = async <T>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const r = await e.app.inject(conToken(token, { method, url, payload: payload as object }));
      return { status: r.statusCode, body: r.json() as T };
    };
    const docs = async (idEmpresa: number) =>
      (await filas<{ n: number }>(sql`select count(*)::int as n from documento_contable where id_empresa = ${idEmpresa}`))[0].n;
    const antesCliente = await consultarSaldo(e.dbh.db, cliente.IdEntidadEmpresa);
    const docsClienteAntes = await docs(cliente.IdEntidadEmpresa);
    const docsProveedorAntes = await docs(proveedor.IdEntidadEmpresa);

    const compra = await pedir<TPrepago>(cliente.AccessToken, 'POST', '/api/pagos/v1/contratos/prepago', { IdPlan: 2, RequiereFactura: true });
    expect(compra.status, JSON.stringify(compra.body)).toBe(200);
    const voucher = await pedir(cliente.AccessToken, 'POST', `/api/pagos/v1/prepagos/${compra.body.IdPrepago}/comprobantes`, {
      NombreArchivo: 'pago.png', TipoContenido: 'image/png', ContenidoBase64: PNG.toString('base64'),
    });
    expect(voucher.status).toBe(200);
    expect((await pedir(proveedor.AccessToken, 'PUT', `/api/pagos/v1/gestion/pagos/${compra.body.IdPrepago}/aprobaciones`)).status).toBe(200);

    const [pago] = await filas<{ estado: number; id_documento_contable: number }>(sql`select estado, id_documento_contable from pago where id = ${compra.body.IdPrepago}`);
    expect(pago.estado).toBe(EstadoPago.FACTURADO);
    const [doc] = await filas<{ id_empresa: number; id_tipo_documento: number; receptor_numero_documento: string; emisor: string; monto_total: string }>(sql`
      select d.id_empresa, d.id_tipo_documento, d.receptor_numero_documento, em.documento as emisor, d.monto_total
        from documento_contable d join empresa em on em.id = d.id_empresa where d.id = ${pago.id_documento_contable}`);
    // Issued by the provider (Yupana Software, its own RUC) to the customer's RUC: a factura, S/ 29.90.
    expect(doc).toEqual({ id_empresa: proveedor.IdEntidadEmpresa, id_tipo_documento: 1003, receptor_numero_documento: '20600123450', emisor: '20611700009', monto_total: '29.90' });
    expect(await docs(proveedor.IdEntidadEmpresa)).toBe(docsProveedorAntes + 1);
    // The customer issued nothing and used none of its allowance; the package added to it.
    expect(await docs(cliente.IdEntidadEmpresa)).toBe(docsClienteAntes);
    const despues = await consultarSaldo(e.dbh.db, cliente.IdEntidadEmpresa);
    expect(despues.NumeroComprobantesContablesUsados).toBe(antesCliente.NumeroComprobantesContablesUsados);
    expect(despues.NumeroComprobantesContablesDisponibles).toBeGreaterThan(antesCliente.NumeroComprobantesContablesDisponibles);
  }, 120_000);
});
