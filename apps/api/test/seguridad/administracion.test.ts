import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInvitacionRespuesta, TLoginRespuesta } from '@yupana/contracts';
import { invitacion } from '../../src/modules/seguridad/seguridad.schema';
import { conToken, crearEntorno, login, sesionDe, type Entorno } from '../helpers';

let e: Entorno;
let sup: TLoginRespuesta;
const SEG = '/api/seguridad';

const llamar = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  e.app.inject(conToken(token, { method, url: `${SEG}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));

let sop: TLoginRespuesta;
beforeAll(async () => {
  e = await crearEntorno();
  sup = await sesionDe(e.app, 'supervisor');
  // The service codes (servicios, rolesservicios, permisosservicios) are the Soporte role's view (issue 11).
  sop = await sesionDe(e.app, 'soporte');
});
afterAll(async () => e?.cerrar());

async function invitarUsuario(nombre: string, roles = [1]): Promise<TInvitacionRespuesta> {
  const r = await llamar(sup.AccessToken, 'POST', '/v1/usuarios/invitaciones', { Correo: `${nombre}@correo.pe`, Nombres: 'Ana', Apellidos: 'Pérez', Usuario: nombre, Roles: roles, Sucursales: [] });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

describe('usuarios de la empresa', () => {
  it('lista los usuarios de la empresa del token, filtra por texto, estado y rol, y da 404 con otra empresa', async () => {
    const r = await llamar(sup.AccessToken, 'GET', `/v1/entidades/${sup.IdEntidadEmpresa}/modulos/0/usuarios?pagina=1&regxpag=2`);
    expect(r.statusCode).toBe(200);
    const cuerpo = r.json();
    expect(cuerpo.Count).toBeGreaterThanOrEqual(3);
    expect(cuerpo.Data).toHaveLength(2);
    const cajeros = (await llamar(sup.AccessToken, 'GET', `/v1/entidades/${sup.IdEntidadEmpresa}/modulos/0/usuarios?idRol=1&estado=1`)).json();
    expect(cajeros.Data.map((u: { Usuario: string }) => u.Usuario)).toContain('cajero');
    expect(cajeros.Data.every((u: { Roles: { Id: number }[] }) => u.Roles.some((x) => x.Id === 1))).toBe(true);
    const filtro = (await llamar(sup.AccessToken, 'GET', `/v1/entidades/${sup.IdEntidadEmpresa}/modulos/0/usuarios?filtro=mamani`)).json();
    expect(filtro.Data.map((u: { Usuario: string }) => u.Usuario)).toEqual(['cajero']);
    const otra = await sesionDe(e.app, 'demo.supervisor');
    expect((await llamar(sup.AccessToken, 'GET', `/v1/entidades/${otra.IdEntidadEmpresa}/modulos/0/usuarios`)).statusCode).toBe(404);
  });

  it('invita (estado 3, no puede ingresar), acepta una sola vez y luego ingresa', async () => {
    const inv = await invitarUsuario('ana.invitada');
    expect(inv.Enlace).toMatch(/\/invitacion\?token=/);
    expect(inv.CorreoEnviado).toBe(false);
    // Pending invitation: not even a guessed password gets in.
    const antes = await login(e.app, 'ana.invitada', 'Cualquiera.123');
    expect(antes.statusCode).toBe(401);
    const info = await e.app.inject({ method: 'GET', url: `${SEG}/v1/usuarios/invitaciones?token=${encodeURIComponent(inv.Token)}` });
    expect(info.json()).toMatchObject({ Usuario: 'ana.invitada', Tipo: 'invitacion' });
    const aceptar = (Contrasenha: string) => e.app.inject({ method: 'POST', url: `${SEG}/v1/usuarios/invitaciones/aceptar`, payload: { Token: inv.Token, Contrasenha } });
    expect((await aceptar('corta')).statusCode).toBe(400);
    // The password policy of every new password; a refused one leaves the link usable.
    expect((await aceptar('Ana.Invitada.2026')).json().Errores).toEqual({ Contrasenha: 'La contraseña no debe contener su usuario, su correo ni su nombre' });
    expect((await aceptar('qwerty123456')).json().Errores.Contrasenha).toMatch(/^La contraseña es fácil de adivinar/);
    const ok = await aceptar('Nueva.2026x');
    expect(ok.statusCode, ok.body).toBe(200);
    const reuso = await aceptar('Otra.2026x');
    expect(reuso.statusCode).toBe(400);
    expect(reuso.json().Errores.Token).toMatch(/ya fue usado/);
    expect((await login(e.app, 'ana.invitada', 'Nueva.2026x')).statusCode).toBe(200);
    expect((await login(e.app, 'ana.invitada', 'Otra.2026x')).statusCode).toBe(401);
  });

  it('un enlace vencido no sirve', async () => {
    const inv = await invitarUsuario('beto.vencido');
    await e.dbh.db.update(invitacion).set({ expiraEn: new Date(Date.now() - 1000) }).where(eq(invitacion.idUsuario, inv.IdUsuario));
    const r = await e.app.inject({ method: 'POST', url: `${SEG}/v1/usuarios/invitaciones/aceptar`, payload: { Token: inv.Token, Contrasenha: 'Nueva.2026x' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().Errores.Token).toMatch(/venció/);
  });

  it('desactivar cierra sus sesiones; activar; eliminar lo oculta de la lista; no puede consigo mismo', async () => {
    const inv = await invitarUsuario('carla.estado');
    await e.app.inject({ method: 'POST', url: `${SEG}/v1/usuarios/invitaciones/aceptar`, payload: { Token: inv.Token, Contrasenha: 'Nueva.2026x' } });
    const s = (await login(e.app, 'carla.estado', 'Nueva.2026x')).json() as TLoginRespuesta;
    expect((await llamar(s.AccessToken, 'GET', `/v2/usuarios/${s.IdUsuario}`)).statusCode).toBe(200);
    expect((await llamar(sup.AccessToken, 'PUT', `/v1/usuarios/${inv.IdUsuario}/estado`, { Estado: 0 })).statusCode).toBe(200);
    expect((await llamar(s.AccessToken, 'GET', `/v2/usuarios/${s.IdUsuario}`)).statusCode).toBe(401);
    expect((await login(e.app, 'carla.estado', 'Nueva.2026x')).statusCode).toBe(403);
    expect((await llamar(sup.AccessToken, 'PUT', `/v1/usuarios/${inv.IdUsuario}/estado`, { Estado: 1 })).statusCode).toBe(200);
    expect((await login(e.app, 'carla.estado', 'Nueva.2026x')).statusCode).toBe(200);
    expect((await llamar(sup.AccessToken, 'PUT', `/v1/usuarios/${inv.IdUsuario}/estado`, { Estado: 2 })).statusCode).toBe(200);
    const lista = (await llamar(sup.AccessToken, 'GET', `/v1/entidades/${sup.IdEntidadEmpresa}/modulos/0/usuarios?filtro=carla.estado`)).json();
    expect(lista.Count).toBe(0);
    expect((await llamar(sup.AccessToken, 'PUT', `/v1/usuarios/${sup.IdUsuario}/estado`, { Estado: 0 })).statusCode).toBe(400);
  });

  it('el cierre forzado revoca las sesiones (el refresh ya no sirve) y el restablecimiento da un enlace nuevo', async () => {
    const cajero = await sesionDe(e.app, 'cajero');
    const r = await llamar(sup.AccessToken, 'POST', `/v1/usuarios/${cajero.IdUsuario}/sesiones/cerrar`);
    expect(r.statusCode, r.body).toBe(200);
    const refresh = await e.app.inject({ method: 'POST', url: `${SEG}/v2/usuarios/refreshtoken`, headers: { 'x-refresh': '1' }, payload: { RefreshToken: cajero.RefreshToken, IdModulo: 1 } });
    expect(refresh.statusCode).toBe(401);
    // A user of another company does not exist for this administrator.
    const otro = await sesionDe(e.app, 'demo.cajero');
    expect((await llamar(sup.AccessToken, 'POST', `/v1/usuarios/${otro.IdUsuario}/sesiones/cerrar`)).statusCode).toBe(404);
    const rest = await llamar(sup.AccessToken, 'POST', `/v1/usuarios/${cajero.IdUsuario}/contrasenha/restablecer`);
    expect(rest.statusCode).toBe(200);
    const token = rest.json().Token;
    // A reset link applies the policy too: not the user's own name.
    const propia = await e.app.inject({ method: 'POST', url: `${SEG}/v1/usuarios/invitaciones/aceptar`, payload: { Token: token, Contrasenha: 'Cajero.2027' } });
    expect(propia.json().Errores).toEqual({ Contrasenha: 'La contraseña no debe contener su usuario, su correo ni su nombre' });
    const ok = await e.app.inject({ method: 'POST', url: `${SEG}/v1/usuarios/invitaciones/aceptar`, payload: { Token: token, Contrasenha: 'Caja.Mostrador.2027' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await login(e.app, 'cajero', 'Caja.Mostrador.2027')).statusCode).toBe(200);
  });
});

describe('sucursales de un usuario', () => {
  it('el supervisor asigna sucursales (reemplaza las anteriores); el siguiente ingreso las lleva; una sucursal ajena se rechaza', async () => {
    const sucursales = async (s: TLoginRespuesta) =>
      ((await llamar(s.AccessToken, 'GET', `/v2/usuarios/${s.IdUsuario}`)).json() as { Sucursales: { Id: number }[] }).Sucursales.map((x) => x.Id).sort();
    const propias = await sucursales(sup);
    expect(propias.length).toBeGreaterThanOrEqual(2);
    const inv = await invitarUsuario('ana.sucursal');
    await e.app.inject({ method: 'POST', url: `${SEG}/v1/usuarios/invitaciones/aceptar`, payload: { Token: inv.Token, Contrasenha: 'Sucursal.2026' } });
    const id = ((await login(e.app, 'ana.sucursal', 'Sucursal.2026')).json() as TLoginRespuesta).IdUsuario;

    for (const asignadas of [[propias[1]], [propias[0], propias[1]], [propias[0]]]) {
      const r = await llamar(sup.AccessToken, 'PUT', `/v1/usuarios/${id}/sucursales`, { Sucursales: asignadas });
      expect(r.statusCode, r.body).toBe(200);
      const ana = (await login(e.app, 'ana.sucursal', 'Sucursal.2026')).json() as TLoginRespuesta;
      expect(await sucursales(ana)).toEqual([...asignadas].sort());
    }
    // A branch of another company is not this company's to give.
    const otra = await sesionDe(e.app, 'demo.supervisor');
    const ajena = (await sucursales(otra))[0];
    const r = await llamar(sup.AccessToken, 'PUT', `/v1/usuarios/${id}/sucursales`, { Sucursales: [ajena] });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
    const ana = (await login(e.app, 'ana.sucursal', 'Sucursal.2026')).json() as TLoginRespuesta;
    expect(await sucursales(ana)).toEqual([propias[0]]);
  });
});

describe('roles propios, permisos y servicios', () => {
  it('crea el rol Vendedor, le da permisos y servicios; quien lo tiene solo accede a eso; los roles predefinidos no se editan', async () => {
    const creado = await llamar(sup.AccessToken, 'POST', '/v1/roles', { Nombre: 'Vendedor', Descripcion: 'Solo ventas' });
    expect(creado.statusCode, creado.body).toBe(200);
    const vendedor = creado.json();
    expect(vendedor).toMatchObject({ Nombre: 'Vendedor', Propio: true, LogEstado: 1 });
    expect(vendedor.IdRol).toBeGreaterThanOrEqual(1000);
    expect((await llamar(sup.AccessToken, 'POST', '/v1/roles', { Nombre: 'vendedor' })).statusCode).toBe(400);
    // Predefined roles are shared by every company.
    expect((await llamar(sup.AccessToken, 'POST', '/v1/rolespermisos', { IdRol: 1, Permisos: [1202] })).statusCode).toBe(403);

    expect((await llamar(sup.AccessToken, 'POST', '/v1/rolespermisos', { IdRol: vendedor.IdRol, Permisos: [1001] })).statusCode).toBe(200);
    const arbol = (await llamar(sup.AccessToken, 'GET', `/v1/roles/${vendedor.IdRol}/permisos`)).json();
    const principal = arbol.Data.find((n: { IdPermiso: number }) => n.IdPermiso === 1000);
    expect(principal.Habilitado).toBe(true);
    expect(principal.Hijos.find((n: { IdPermiso: number }) => n.IdPermiso === 1001).Habilitado).toBe(true);
    expect(arbol.Data.find((n: { IdPermiso: number }) => n.IdPermiso === 1200).Habilitado).toBe(false);

    const servicios = (await llamar(sop.AccessToken, 'GET', '/v1/servicios/paginas?filtro=ITEM_VER&regxpag=50')).json();
    const itemVer = servicios.Data.find((s: { Codigo: string }) => s.Codigo === 'ITEM_VER');
    expect((await llamar(sup.AccessToken, 'POST', '/v1/rolesservicios', { IdRol: vendedor.IdRol, IdServicio: itemVer.IdServicio })).statusCode).toBe(200);

    const inv = await invitarUsuario('vero.vendedora', [vendedor.IdRol]);
    await e.app.inject({ method: 'POST', url: `${SEG}/v1/usuarios/invitaciones/aceptar`, payload: { Token: inv.Token, Contrasenha: 'Vende.2026' } });
    const v = (await login(e.app, 'vero.vendedora', 'Vende.2026')).json() as TLoginRespuesta;
    const menu = (await llamar(v.AccessToken, 'GET', `/v2/usuarios/${v.IdUsuario}/permisos/modulos`)).json();
    expect(menu.Data.map((n: { IdPermiso: number }) => n.IdPermiso)).toEqual([1000]);
    expect((await e.app.inject(conToken(v.AccessToken, { method: 'GET', url: '/api/logistica/v1/items' }))).statusCode).not.toBe(403);
    expect((await e.app.inject(conToken(v.AccessToken, { method: 'POST', url: '/api/logistica/v1/items', payload: {} }))).statusCode).toBe(403);
    expect((await llamar(v.AccessToken, 'GET', `/v1/entidades/${v.IdEntidadEmpresa}/modulos/0/usuarios`)).statusCode).toBe(403);

    // Revoking the service takes effect at once (the grant cache is cleared).
    expect((await llamar(sup.AccessToken, 'PUT', '/v1/rolesservicios', { IdRol: vendedor.IdRol, IdServicio: itemVer.IdServicio, LogEstado: 0 })).statusCode).toBe(200);
    expect((await e.app.inject(conToken(v.AccessToken, { method: 'GET', url: '/api/logistica/v1/items' }))).statusCode).toBe(403);

    // Another company does not see this company's role.
    const otra = await sesionDe(e.app, 'demo.supervisor');
    expect((await llamar(otra.AccessToken, 'GET', `/v1/roles/${vendedor.IdRol}/permisos`)).statusCode).toBe(404);
    const rolesOtra = (await llamar(otra.AccessToken, 'GET', '/v1/roles')).json();
    expect(rolesOtra.Data.map((r: { IdRol: number }) => r.IdRol)).toEqual([1, 2, 4]);
  });

  it('los servicios de la plataforma solo los tiene el proveedor: otra empresa no los ve, no los concede y su rol no los usa', async () => {
    const otra = await sesionDe(e.app, 'demo.supervisor');
    const prov = await sesionDe(e.app, 'proveedor');
    // The provider's administrators see the catalogue service; a customer company's do not (Comercial Andina included:
    // it has a RUC like the provider, but only the company flagged by the installation is the provider).
    const delProveedor = (await llamar(prov.AccessToken, 'GET', '/v1/servicios/paginas?filtro=SEG_CATALOGO&regxpag=50')).json();
    const catalogo = delProveedor.Data.find((s: { Codigo: string }) => s.Codigo === 'SEG_CATALOGO_GESTIONAR');
    expect(catalogo).toBeDefined();
    const deOtra = (await llamar(sop.AccessToken, 'GET', '/v1/servicios/paginas?filtro=SEG_&regxpag=50')).json();
    expect(deOtra.Data.map((s: { Codigo: string }) => s.Codigo)).not.toContain('SEG_CATALOGO_GESTIONAR');
    expect(deOtra.Data.map((s: { Codigo: string }) => s.Codigo)).toContain('SEG_ROLES_VER');

    // Granting it to its own role by id is refused, and nothing is written.
    const rol = (await llamar(otra.AccessToken, 'POST', '/v1/roles', { Nombre: 'Operador', Descripcion: 'intenta escalar' })).json();
    const r = await llamar(otra.AccessToken, 'POST', '/v1/rolesservicios', { IdRol: rol.IdRol, IdServicio: catalogo.IdServicio });
    expect(r.statusCode).toBe(403);
    expect(r.json().Mensaje).toBe('Solo el personal del proveedor puede conceder este servicio de la plataforma');
    const delRol = (await llamar(otra.AccessToken, 'GET', `/v1/roles/${rol.IdRol}/capacidades`)).json();
    expect(delRol.Data.filter((c: { Concedido: boolean }) => c.Concedido)).toEqual([]);
    // The plain view cannot grant it either.
    const plano = await llamar(otra.AccessToken, 'PUT', `/v1/roles/${rol.IdRol}/capacidades`, { IdServicio: catalogo.IdServicio, Concedido: true });
    expect(plano.statusCode).toBe(403);

    // The shared Supervisor role holds PADRON_IMPORTAR (installation-wide data): the provider's supervisor may import
    // the padrón, another company's supervisor may not, though both have the same role.
    const importar = (token: string) =>
      e.app.inject(conToken(token, { method: 'POST', url: '/api/entidades/v1/padron-ruc/importaciones/ruta', payload: { Ruta: 'no-existe.txt' } }));
    expect((await importar(prov.AccessToken)).statusCode).toBe(400);
    expect((await importar(otra.AccessToken)).statusCode).toBe(403);
    expect((await importar(sup.AccessToken)).statusCode).toBe(403);
    const deAndina = (await llamar(sop.AccessToken, 'GET', '/v1/servicios/paginas?filtro=SEG_&regxpag=50')).json();
    expect(deAndina.Data.map((s: { Codigo: string }) => s.Codigo)).not.toContain('SEG_CATALOGO_GESTIONAR');
  });

  it('los filtros del seed en servicios: idmodulo, identidad y tipo', async () => {
    const otra = await sesionDe(e.app, 'demo.supervisor');
    const todos = (await llamar(sop.AccessToken, 'GET', '/v1/servicios/paginas?regxpag=200')).json();
    // tipo: services linked to a permission node of that kind (2 = component, 1 = menu entry).
    const componentes = (await llamar(sop.AccessToken, 'GET', '/v1/servicios/paginas?tipo=2&regxpag=200')).json();
    const menus = (await llamar(sop.AccessToken, 'GET', '/v1/servicios/paginas?tipo=1&regxpag=200')).json();
    expect(componentes.Count).toBeGreaterThan(0);
    expect(componentes.Count).toBeLessThan(todos.Count);
    const vinculos = (await llamar(sop.AccessToken, 'GET', '/v1/permisosservicios/paginas?tipo=2&regxpag=200')).json();
    expect(vinculos.Count).toBeGreaterThan(0);
    const codigosDeComponentes = new Set(vinculos.Data.map((v: { Codigo: string }) => v.Codigo));
    expect(componentes.Data.every((s: { Codigo: string }) => codigosDeComponentes.has(s.Codigo))).toBe(true);
    expect(menus.Data.map((s: { Codigo: string }) => s.Codigo)).not.toEqual(componentes.Data.map((s: { Codigo: string }) => s.Codigo));
    // idmodulo: every permission belongs to module 1 (ERP); another module has none.
    expect((await llamar(sop.AccessToken, 'GET', '/v1/servicios/paginas?idmodulo=1&regxpag=200')).json().Count).toBeGreaterThan(0);
    expect((await llamar(sop.AccessToken, 'GET', '/v1/servicios/paginas?idmodulo=99&regxpag=200')).json().Count).toBe(0);
    // identidad: the caller's own company lists as without it; another company is not found.
    expect((await llamar(sop.AccessToken, 'GET', `/v1/servicios/paginas?identidad=${sop.IdEntidadEmpresa}&regxpag=200`)).json().Count).toBe(todos.Count);
    expect((await llamar(sop.AccessToken, 'GET', `/v1/servicios/paginas?identidad=${otra.IdEntidadEmpresa}`)).statusCode).toBe(404);
    // rolesservicios: tipo narrows the same way.
    const rs = (await llamar(sop.AccessToken, 'GET', '/v1/rolesservicios/paginas?regxpag=200')).json();
    const rsComp = (await llamar(sop.AccessToken, 'GET', '/v1/rolesservicios/paginas?tipo=2&regxpag=200')).json();
    expect(rsComp.Count).toBeLessThan(rs.Count);
    expect(rsComp.Data.every((s: { Codigo: string }) => codigosDeComponentes.has(s.Codigo))).toBe(true);
    expect((await llamar(sop.AccessToken, 'GET', '/v1/servicios/paginas?tipo=7')).statusCode).toBe(400);
  });

  it('el árbol de permisos, módulos, lista paginada de permisos y terminales', async () => {
    const arbol = (await llamar(sup.AccessToken, 'GET', '/v1/permisos')).json();
    expect(arbol.Data.map((n: { Tipo: number }) => n.Tipo).every((t: number) => t === 0)).toBe(true);
    const lista = (await llamar(sup.AccessToken, 'GET', '/v1/permisos/paginas?tipo=2&regxpag=100')).json();
    expect(lista.Data.find((p: { IdPermiso: number }) => p.IdPermiso === 1103)).toMatchObject({ Tipo: 2, Nivel: 4 });
    expect((await llamar(sup.AccessToken, 'GET', '/v1/modulos?LogEstado=1')).json().Data[0]).toMatchObject({ IdModulo: 1, Nombre: 'ERP' });

    const t = await llamar(sup.AccessToken, 'POST', '/v1/entidades/terminales', { Nombre: 'Caja 1', Codigo: 'POS-001' });
    expect(t.statusCode, t.body).toBe(200);
    await llamar(sup.AccessToken, 'POST', '/v1/entidades/terminales', { Nombre: 'Caja 2', LogEstado: 0 });
    const activos = (await llamar(sup.AccessToken, 'GET', `/v1/entidades/${sup.IdEntidadEmpresa}/terminales?logestado=1&filtro=caja`)).json();
    expect(activos.Data.map((x: { Nombre: string }) => x.Nombre)).toEqual(['Caja 1']);
    const todos = (await llamar(sup.AccessToken, 'GET', `/v1/entidades/${sup.IdEntidadEmpresa}/terminales?logestado=-1`)).json();
    expect(todos.Count).toBe(2);
    const otra = await sesionDe(e.app, 'demo.supervisor');
    expect((await llamar(otra.AccessToken, 'GET', `/v1/entidades/terminales/${t.json().IdTerminal}`)).statusCode).toBe(404);
  });
});

describe('bitácora de seguridad', () => {
  it('registra ingresos, fallos, invitaciones, cambios de rol y cierres forzados con IP y agente, y se busca por evento y usuario', async () => {
    await login(e.app, 'soporte', 'mala-clave', '10.9.9.9');
    const r = await llamar(sup.AccessToken, 'GET', '/v1/auditoria/eventos?evento=login_fallido&regxpag=50');
    expect(r.statusCode).toBe(200);
    const fallo = r.json().Data.find((x: { UsuarioObjetivo: string }) => x.UsuarioObjetivo === 'soporte');
    expect(fallo).toMatchObject({ Evento: 'login_fallido', Ip: '10.9.9.9' });
    const eventos = (await llamar(sup.AccessToken, 'GET', '/v1/auditoria/eventos?regxpag=200')).json().Data.map((x: { Evento: string }) => x.Evento);
    for (const ev of ['login', 'invitacion', 'invitacion_aceptada', 'usuario_estado', 'cierre_forzado', 'rol_creado', 'rol_permiso', 'rol_servicio'])
      expect(eventos, ev).toContain(ev);
    const hoy = new Date(Date.now() - 5 * 3600 * 1000).toISOString().slice(0, 10);
    const porFecha = (await llamar(sup.AccessToken, 'GET', `/v1/auditoria/eventos?desde=${hoy}&hasta=${hoy}&idUsuario=${sup.IdUsuario}`)).json();
    expect(porFecha.Count).toBeGreaterThan(0);
    // Another company's log is not visible.
    const otra = await sesionDe(e.app, 'demo.supervisor');
    const suya = (await llamar(otra.AccessToken, 'GET', '/v1/auditoria/eventos?regxpag=200')).json();
    expect(suya.Data.every((x: { UsuarioObjetivo: string | null }) => x.UsuarioObjetivo !== 'soporte')).toBe(true);
  });
});
