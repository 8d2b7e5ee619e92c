import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

// Issue 11: a company without RUC (type 2) issues internal sale notes and sees no SUNAT screens; every company can
// issue the note from its own page in the "Emitir" submenu.
let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(async () => {
  await e?.cerrar();
});

type Nodo = { Ruta: string | null; Hijos: Nodo[] };
const rutas = (nodos: Nodo[]): string[] => nodos.flatMap((n) => [...(n.Ruta ? [n.Ruta] : []), ...rutas(n.Hijos)]);
async function menuDe(usuario: string) {
  const s = await sesionDe(e.app, usuario);
  const r = await e.app.inject(conToken(s.AccessToken, { method: 'GET', url: `/api/seguridad/v2/usuarios/${s.IdUsuario}/permisos/modulos` }));
  expect(r.statusCode).toBe(200);
  return rutas(r.json().Data as Nodo[]);
}

const SUNAT = [
  '/admin/documentos/emitir/factura',
  '/admin/documentos/emitir/boleta',
  '/admin/documentos/emitir/nota-credito',
  '/admin/documentos/emitir/nota-debito',
  '/admin/documentos/emitir/guia-remitente',
  '/admin/documentos/emitir/guia-transportista',
  '/admin/configuraciones/sunat',
  '/admin/regularizaciones',
  '/admin/consultareceptor',
  '/admin/documentos-masivos',
  '/admin/padron-ruc',
];

describe('menú de una empresa sin RUC', () => {
  it('emite notas de venta y lista sus documentos, sin pantallas de SUNAT', async () => {
    const menu = await menuDe('sinruc.supervisor');
    expect(menu).toEqual(expect.arrayContaining(['/admin/documentos/emitir/nota-venta', '/admin/documentos', '/admin/series']));
    for (const r of SUNAT) expect(menu, r).not.toContain(r);
  });

  it('una empresa con RUC tiene la nota de venta junto a sus comprobantes electrónicos; el cajero también la emite', async () => {
    const sup = await menuDe('supervisor');
    expect(sup).toEqual(expect.arrayContaining(['/admin/documentos/emitir/nota-venta', '/admin/documentos/emitir/factura', '/admin/configuraciones/sunat']));
    expect(await menuDe('cajero')).toEqual(expect.arrayContaining(['/admin/documentos/emitir/nota-venta', '/admin/documentos/emitir/boleta']));
  });
});
