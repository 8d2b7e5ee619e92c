import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCapacidadesRol, TLoginRespuesta } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// Issue 11, item 10: owners see what a role can do in plain words; the service codes are support staff's view; a
// switch turned on also grants the screen, so the user really opens it.
let e: Entorno;
let sup: TLoginRespuesta;
const SEG = '/api/seguridad';
const llamar = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  e.app.inject(conToken(token, { method, url: url.startsWith('/api/') ? url : `${SEG}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }));

type Nodo = { Ruta: string | null; Hijos: Nodo[] };
const rutas = (nodos: Nodo[]): string[] => nodos.flatMap((n) => [...(n.Ruta ? [n.Ruta] : []), ...rutas(n.Hijos)]);

beforeAll(async () => {
  e = await crearEntorno();
  sup = await sesionDe(e.app, 'supervisor');
}, 120_000);
afterAll(async () => e?.cerrar());

describe('qué puede hacer un rol (vista del dueño)', () => {
  it('los códigos de servicio son del personal de soporte: el dueño recibe 403 en español, Soporte los lee', async () => {
    for (const url of ['/v1/servicios/paginas', '/v1/rolesservicios/paginas', '/v1/permisosservicios/paginas']) {
      const r = await llamar(sup.AccessToken, 'GET', url);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().Mensaje).toMatch(/vista técnica del personal de soporte/);
    }
    const sop = await sesionDe(e.app, 'soporte');
    const r = await llamar(sop.AccessToken, 'GET', '/v1/servicios/paginas?regxpag=5');
    expect(r.statusCode).toBe(200);
    expect(r.json().Data[0].Codigo).toMatch(/^[A-Z_]+$/);
  });

  it('un interruptor encendido concede la acción y su pantalla: el usuario la abre; apagado, la pierde', async () => {
    const rol = (await llamar(sup.AccessToken, 'POST', '/v1/roles', { Nombre: 'Almacenero' })).json() as { IdRol: number };
    const leer = async () => {
      const r = await llamar(sup.AccessToken, 'GET', `/v1/roles/${rol.IdRol}/capacidades`);
      expect(r.statusCode).toBe(200);
      return r.json() as TCapacidadesRol;
    };
    let caps = await leer();
    // No codes in the owner's view, and no platform services.
    expect(JSON.stringify(caps)).not.toMatch(/ITEM_VER|CORREO_CONFIG_GUARDAR|Codigo/);
    expect(caps.Data.some((c) => c.Descripcion.includes('padrón reducido del RUC') && c.Descripcion.startsWith('Importar'))).toBe(false);
    expect(caps.Data.filter((c) => c.Concedido)).toEqual([]);
    const verItems = caps.Data.find((c) => c.Descripcion === 'Consultar productos y servicios')!;
    expect(verItems.Pantallas).toEqual(['Productos y servicios']);

    // A user with only that role.
    const inv = (await llamar(sup.AccessToken, 'POST', '/v1/usuarios/invitaciones', { Correo: 'almacen@correo.pe', Nombres: 'Elmer', Usuario: 'almacen', Roles: [rol.IdRol] })).json();
    expect((await e.app.inject({ method: 'POST', url: `${SEG}/v1/usuarios/invitaciones/aceptar`, payload: { Token: inv.Token, Contrasenha: 'Cuenta.Stock.2026' } })).statusCode).toBe(200);
    const entrar = async () =>
      (await e.app.inject({ method: 'POST', url: `${SEG}/v3/usuarios/login/1`, headers: { authorization: `Basic ${Buffer.from('almacen:Cuenta.Stock.2026').toString('base64')}` }, remoteAddress: '10.78.0.1' })).json() as TLoginRespuesta;
    let u = await entrar();
    const menu = async () => rutas((await llamar(u.AccessToken, 'GET', `/v2/usuarios/${u.IdUsuario}/permisos/modulos`)).json().Data as Nodo[]);
    expect(await menu()).not.toContain('/admin/items');
    expect((await llamar(u.AccessToken, 'GET', '/api/logistica/v1/items')).statusCode).toBe(403);

    const on = await llamar(sup.AccessToken, 'PUT', `/v1/roles/${rol.IdRol}/capacidades`, { IdServicio: verItems.IdServicio, Concedido: true });
    expect(on.statusCode, on.body).toBe(200);
    caps = await leer();
    expect(caps.Data.find((c) => c.IdServicio === verItems.IdServicio)!.Concedido).toBe(true);
    u = await entrar();
    expect(await menu()).toContain('/admin/items');
    expect((await llamar(u.AccessToken, 'GET', '/api/logistica/v1/items')).statusCode).toBe(200);

    // Editing items too: its control node comes with it; turning "see" off keeps the screen for editing.
    const editar = caps.Data.find((c) => c.Descripcion === 'Registrar y editar productos y servicios')!;
    expect((await llamar(sup.AccessToken, 'PUT', `/v1/roles/${rol.IdRol}/capacidades`, { IdServicio: editar.IdServicio, Concedido: true })).statusCode).toBe(200);
    expect((await llamar(sup.AccessToken, 'PUT', `/v1/roles/${rol.IdRol}/capacidades`, { IdServicio: verItems.IdServicio, Concedido: false })).statusCode).toBe(200);
    u = await entrar();
    expect(await menu()).toContain('/admin/items');
    // Both off: the screen goes away.
    expect((await llamar(sup.AccessToken, 'PUT', `/v1/roles/${rol.IdRol}/capacidades`, { IdServicio: editar.IdServicio, Concedido: false })).statusCode).toBe(200);
    u = await entrar();
    expect(await menu()).not.toContain('/admin/items');
    expect((await llamar(u.AccessToken, 'GET', '/api/logistica/v1/items')).statusCode).toBe(403);

    // The predefined roles are not changed, and another company's role is not found.
    expect((await llamar(sup.AccessToken, 'PUT', '/v1/roles/1/capacidades', { IdServicio: verItems.IdServicio, Concedido: true })).statusCode).toBe(403);
    const otra = await sesionDe(e.app, 'demo.supervisor');
    expect((await llamar(otra.AccessToken, 'GET', `/v1/roles/${rol.IdRol}/capacidades`)).statusCode).toBe(404);
    // Bad input: Spanish field message.
    const malo = await llamar(sup.AccessToken, 'PUT', `/v1/roles/${rol.IdRol}/capacidades`, { IdServicio: 'x' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().ErrorId).toBe(500001);
  });
});
