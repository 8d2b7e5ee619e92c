import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TMenuNode } from '@yupana/contracts';
import { crearTokens } from '../src/lib/tokens';
import { conToken, crearEntorno, SECRETO_PRUEBA, sesionDe, type Entorno } from './helpers';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(async () => {
  await e?.cerrar();
});

const get = (token: string, url: string) => e.app.inject(conToken(token, { method: 'GET', url }));

/** Every node of the tree, depth first. */
const aplanar = (nodos: TMenuNode[]): TMenuNode[] => nodos.flatMap((n) => [n, ...aplanar(n.Hijos)]);

describe('GET /api/seguridad/v2/usuarios/{id}', () => {
  it('returns the user with company, roles and branches', async () => {
    const s = await sesionDe(e.app, 'supervisor');
    const r = await get(s.AccessToken, `/api/seguridad/v2/usuarios/${s.IdUsuario}`);
    expect(r.statusCode).toBe(200);
    const u = r.json();
    expect(u).toMatchObject({
      IdUsuario: s.IdUsuario,
      Usuario: 'supervisor',
      Estado: 1,
      LogEstado: 1,
      DocumentoEmpresa: '20600123450',
      TipoEmpresa: 0,
      Roles: [{ Id: 2, Nombre: 'Supervisor' }],
    });
    expect(u.Sucursales).toHaveLength(2);
    expect(u).not.toHaveProperty('contrasenhaHash');
    expect(JSON.stringify(u)).not.toContain('argon2');
  });

  it('gives 404 for a user of another company (tenancy from the token)', async () => {
    const a = await sesionDe(e.app, 'supervisor');
    const b = await sesionDe(e.app, 'demo.supervisor');
    const r = await get(a.AccessToken, `/api/seguridad/v2/usuarios/${b.IdUsuario}`);
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ ErrorId: ErrorCodes.NO_ENCONTRADO, Mensaje: 'No se encontró el usuario' });
    const menu = await get(a.AccessToken, `/api/seguridad/v2/usuarios/${b.IdUsuario}/permisos/modulos`);
    expect(menu.statusCode).toBe(404);
    // And the other way round.
    expect((await get(b.AccessToken, `/api/seguridad/v2/usuarios/${a.IdUsuario}`)).statusCode).toBe(404);
    expect((await get(b.AccessToken, `/api/seguridad/v2/usuarios/${b.IdUsuario}`)).json().TipoEmpresa).toBe(1);
  });

  it('lets a user see a colleague of the same company', async () => {
    const s = await sesionDe(e.app, 'supervisor');
    const cajero = await sesionDe(e.app, 'cajero');
    const r = await get(s.AccessToken, `/api/seguridad/v2/usuarios/${cajero.IdUsuario}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().Roles).toEqual([{ Id: 1, Nombre: 'Cajero' }]);
  });

  it('requires a valid, unexpired access token', async () => {
    const s = await sesionDe(e.app, 'cajero');
    expect((await e.app.inject({ method: 'GET', url: `/api/seguridad/v2/usuarios/${s.IdUsuario}` })).json().ErrorId).toBe(ErrorCodes.NO_AUTENTICADO);

    const manipulado = s.AccessToken.slice(0, -3) + (s.AccessToken.endsWith('AAA') ? 'BBB' : 'AAA');
    const r1 = await get(manipulado, `/api/seguridad/v2/usuarios/${s.IdUsuario}`);
    expect(r1.statusCode).toBe(401);
    expect(r1.json().ErrorId).toBe(ErrorCodes.NO_AUTENTICADO);

    const otroSecreto = await crearTokens(new TextEncoder().encode('otro-secreto-distinto-con-mas-de-32-bytes!!'), 900);
    const claims = { IdUsuario: s.IdUsuario, Usuario: s.Usuario, IdEntidadEmpresa: s.IdEntidadEmpresa, Sucursales: [], IdCuenta: 1, DocumentoEmpresa: null };
    expect((await get(await otroSecreto.firmarAcceso(claims, 1), `/api/seguridad/v2/usuarios/${s.IdUsuario}`)).statusCode).toBe(401);

    const vencidos = await crearTokens(new TextEncoder().encode(SECRETO_PRUEBA), -60);
    const r2 = await get(await vencidos.firmarAcceso(claims, 1), `/api/seguridad/v2/usuarios/${s.IdUsuario}`);
    expect(r2.statusCode).toBe(401);
    expect(r2.json()).toEqual({ ErrorId: ErrorCodes.TOKEN_EXPIRADO, Mensaje: 'Su acceso ha caducado' });
  });

  it('locks out a signed-in user as soon as the account is deactivated', async () => {
    const { usuario } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    const s = await sesionDe(e.app, 'demo.cajero');
    await e.dbh.db.update(usuario).set({ estado: 0 }).where(eq(usuario.id, s.IdUsuario));
    try {
      const r = await get(s.AccessToken, `/api/seguridad/v2/usuarios/${s.IdUsuario}`);
      expect(r.statusCode).toBe(401);
      expect(r.json().ErrorId).toBe(ErrorCodes.USUARIO_INACTIVO);
      const refresh = await e.app.inject({
        method: 'POST',
        url: '/api/seguridad/v2/usuarios/refreshtoken',
        payload: { AccessToken: s.AccessToken, RefreshToken: s.RefreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      expect(refresh.json().ErrorId).toBe(ErrorCodes.REFRESH_DIFERENTE);
    } finally {
      await e.dbh.db.update(usuario).set({ estado: 1 }).where(eq(usuario.id, s.IdUsuario));
    }
  });

  it('validates the id', async () => {
    const s = await sesionDe(e.app, 'cajero');
    const r = await get(s.AccessToken, '/api/seguridad/v2/usuarios/abc');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorId: 500001, Errores: { id: expect.any(String) } });
  });
});

describe('GET /api/seguridad/v2/usuarios/{id}/permisos/modulos', () => {
  const menuDe = async (usuario: string, query = '') => {
    const s = await sesionDe(e.app, usuario);
    const r = await get(s.AccessToken, `/api/seguridad/v2/usuarios/${s.IdUsuario}/permisos/modulos${query}`);
    expect(r.statusCode).toBe(200);
    return r.json() as { Data: TMenuNode[]; Count: number };
  };

  it('builds the supervisor tree: group labels with menu entries, a submenu and the external SUNAT link', async () => {
    const m = await menuDe('supervisor');
    expect(m.Count).toBe(m.Data.length);
    // Each module adds its group in its own migration; the order comes from the tree's Orden.
    expect(m.Data.map((n) => [n.Tipo, n.Descripcion])).toEqual([
      [0, 'Principal'],
      [0, 'Mi cuenta'],
      [0, 'Facturación electrónica'],
      [0, 'Maestros'],
      [0, 'Caja'],
      [0, 'Ventas'],
      [0, 'Recursos humanos'],
      [0, 'Mi plan'],
      [0, 'Inventario'],
      [0, 'Finanzas'],
      [0, 'Seguridad'],
      [0, 'Contabilidad'],
      [0, 'Ayuda y soporte'],
    ]);
    const todos = aplanar(m.Data);
    const rutas = todos.filter((n) => n.Tipo === 1 && n.Ruta).map((n) => n.Ruta);
    expect(rutas).toEqual(expect.arrayContaining(['/admin', '/admin/usuario/perfil', '/admin/ayuda-soporte/comunicate', '/admin/documentos', '/admin/usuarios', '/admin/pedidos', '/admin/reporte-ventas', '/admin/compras', '/admin/tomas-inventario', '/admin/contabilidad/centros-costo']));
    expect(rutas.at(-1)).toMatch(/^https:\/\/e-consultaruc\.sunat\.gob\.pe\//);
    // Only menu entries (Tipo 1) carry a route; controls (Tipo 2) never do.
    expect(todos.filter((n) => n.Tipo === 2 && n.Ruta)).toEqual([]);
    const usuario = todos.find((n) => n.Descripcion === 'Usuario');
    expect(usuario).toMatchObject({ Tipo: 1, SubMenu: true, TipoEnlace: 'sub', IconMenu: 'UserOutlined' });
    expect(usuario?.Hijos[0]).toMatchObject({ Descripcion: 'Mi perfil', TipoEnlace: 'admin', Ruta: '/admin/usuario/perfil' });
    expect(todos.find((n) => n.Descripcion === 'Consulta RUC SUNAT')?.TipoEnlace).toBe('extLink');
  });

  it('shows a cashier only what the Cajero role grants', async () => {
    const ids = async (u: string) => aplanar((await menuDe(u)).Data).map((n) => n.IdPermiso);
    const [cajero, supervisor, soporte, proveedor] = [await ids('cajero'), await ids('supervisor'), await ids('soporte'), await ids('proveedor')];
    // The cashier issues and looks up documents, customers and items...
    expect(cajero).toEqual(expect.arrayContaining([1001, 1102, 1201, 2002, 2003, 2010, 3001, 3002]));
    // ...but does not administer users, roles, SUNAT settings, series or corrections, nor see the SUNAT RUC link.
    for (const id of [1202, 2020, 2040, 3100, 4010, 4020, 4060]) expect(cajero).not.toContain(id);
    for (const id of [1202, 2040, 3100, 4010, 4020, 4060, 14200, 13440]) expect(supervisor).toContain(id);
    // The report by cost centre (accounting) is the supervisor's and support's, not the cashier's.
    expect(cajero).not.toContain(14200);
    expect(cajero).not.toContain(13440);
    expect(soporte).toContain(14200);
    // Workers' requests (issue 16, planilla2): Supervisor and Soporte see the screen, a cashier does not.
    expect(supervisor).toContain(10200);
    expect(soporte).toContain(10200);
    expect(cajero).not.toContain(10200);
    // The provider's staff see the payments inbox and plan settings; a customer company's supervisor and its own
    // support staff (role Soporte too) do not: those screens answer 403 outside the provider.
    expect(proveedor).toEqual(expect.arrayContaining([5110, 5120, 5130, 5140]));
    for (const id of [5100, 5110, 5120, 5130, 5140]) {
      expect(supervisor).not.toContain(id);
      expect(soporte).not.toContain(id);
    }
  });

  it('returns only the granted subtree under IdPermiso (the permission guard’s call)', async () => {
    const m = await menuDe('cajero', '?IdPermiso=1102&logInFormat=1');
    expect(m.Data).toHaveLength(1);
    expect(m.Data[0]).toMatchObject({ IdPermiso: 1103, Tipo: 2, Descripcion: 'Cambiar contraseña' });
    expect((await menuDe('cajero', '?IdPermiso=1202')).Data).toEqual([]);
  });

  it('shows nothing to a user without roles', async () => {
    const s = await sesionDe(e.app, 'sinruc.supervisor');
    const { usuarioRol } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    await e.dbh.db.delete(usuarioRol).where(eq(usuarioRol.idUsuario, s.IdUsuario));
    const r = await get(s.AccessToken, `/api/seguridad/v2/usuarios/${s.IdUsuario}/permisos/modulos`);
    expect(r.json()).toEqual({ Data: [], Count: 0 });
  });
});
