import type { TMenuNode } from '@yupana/contracts';
import { describe, expect, it } from 'vitest';
import { buildMenu } from './build-menu';

let siguienteId = 1;
function nodo(p: Partial<TMenuNode> & Pick<TMenuNode, 'Descripcion'>): TMenuNode {
  const id = siguienteId++;
  return {
    Id: id,
    IdPermiso: id,
    Ruta: null,
    IconMenu: null,
    Tipo: 1,
    TipoEnlace: null,
    EstadoPrincipal: null,
    Estado: null,
    SubMenu: false,
    Hijos: [],
    Orden: id,
    ...p,
  };
}

const arbol: TMenuNode[] = [
  nodo({
    Descripcion: 'Principal',
    Tipo: 0,
    Orden: 1,
    Hijos: [
      nodo({ Descripcion: 'Inicio', TipoEnlace: 'link', EstadoPrincipal: 'admin', Estado: '', IconMenu: 'HomeOutlined', Orden: 1 }),
      nodo({ Descripcion: 'Consulta RUC SUNAT', TipoEnlace: 'extLink', Ruta: 'https://e-consultaruc.sunat.gob.pe', Orden: 3 }),
      nodo({
        Descripcion: 'Ventas',
        TipoEnlace: 'sub',
        SubMenu: true,
        EstadoPrincipal: 'finanzas',
        Estado: 'ventas',
        IconMenu: 'ShoppingCartOutlined',
        Orden: 2,
        Hijos: [
          nodo({ Descripcion: 'Nueva venta', TipoEnlace: 'parent', Estado: 'nueva', Orden: 1 }),
          nodo({ Descripcion: 'Series', TipoEnlace: 'admin', Estado: 'series', Orden: 2 }),
          nodo({ Descripcion: 'Punto de venta', TipoEnlace: 'complete', Ruta: '/puntoventa/caja', Orden: 3 }),
          nodo({ Descripcion: 'Guía SUNAT', TipoEnlace: 'external', Ruta: 'www.sunat.gob.pe', Orden: 4 }),
          // A control inside the page, not a menu entry.
          nodo({ Descripcion: 'Botón anular', Tipo: 2, TipoEnlace: 'parent', Estado: 'anular', Orden: 5 }),
        ],
      }),
      nodo({ Descripcion: 'Soporte', TipoEnlace: 'link', Ruta: '/admin/ayuda-soporte/comunicate', EstadoPrincipal: 'admin', Estado: 'ayuda-soporte', Orden: 5 }),
      nodo({ Descripcion: 'Exportar', Tipo: 2, TipoEnlace: 'link', EstadoPrincipal: 'admin', Estado: 'exportar', Orden: 4 }),
    ],
  }),
  nodo({
    Descripcion: 'Ayuda',
    Tipo: 0,
    Orden: 2,
    Hijos: [
      nodo({
        Descripcion: 'Ayuda y soporte',
        TipoEnlace: 'sub',
        SubMenu: true,
        EstadoPrincipal: 'admin',
        Estado: 'ayuda-soporte',
        Hijos: [nodo({ Descripcion: 'Comunícate con Soporte', TipoEnlace: 'parent', Estado: 'comunicate' })],
      }),
    ],
  }),
  // A group whose only entry is a control: nothing to show, so no empty group label either.
  nodo({ Descripcion: 'Oculto', Tipo: 0, Orden: 3, Hijos: [nodo({ Descripcion: 'Solo control', Tipo: 2, TipoEnlace: 'link' })] }),
];

describe('buildMenu', () => {
  const menu = buildMenu(arbol);

  it('muestra solo nodos Tipo 1, en grupos con etiqueta y en el orden indicado', () => {
    expect(menu.map((g) => g.label)).toEqual(['Principal', 'Ayuda']);
    expect(menu[0].main.map((e) => e.name)).toEqual(['Inicio', 'Ventas', 'Consulta RUC SUNAT', 'Soporte']);
    expect(menu[0].main.find((e) => e.name === 'Ventas')!.children.map((h) => h.name)).not.toContain('Botón anular');
  });

  it('un enlace simple va a /{main_state}/{state} dentro de la aplicación', () => {
    const inicio = menu[0].main[0];
    expect(inicio).toMatchObject({ type: 'link', external: false, target: undefined, icon: 'HomeOutlined', short_label: 'IN' });
    expect(inicio.enlace).toEqual({ href: '/admin', externo: false });
  });

  it('un enlace simple con ruta propia va a esa ruta', () => {
    expect(menu[0].main[3].enlace).toEqual({ href: '/admin/ayuda-soporte/comunicate', externo: false });
  });

  it('un enlace externo abre su URL en una pestaña nueva', () => {
    const ruc = menu[0].main[2];
    expect(ruc).toMatchObject({ type: 'extLink', external: true, target: '_blank', short_label: 'CR' });
    expect(ruc.enlace).toEqual({ href: 'https://e-consultaruc.sunat.gob.pe', externo: true });
  });

  it('los hijos de un submenú forman su enlace según su tipo: parent, admin, complete y external', () => {
    const ventas = menu[0].main[1];
    // The parent's main state 'finanzas' tells 'parent' (stays in the parent's area) from 'admin' (admin shell).
    expect(ventas.type).toBe('sub');
    expect(ventas.enlace).toBeUndefined();
    expect(ventas.children.map((h) => [h.type, h.enlace.href, h.enlace.externo])).toEqual([
      ['parent', '/finanzas/ventas/nueva', false],
      ['admin', '/admin/ventas/series', false],
      ['complete', '/puntoventa/caja', false],
      ['external', 'https://www.sunat.gob.pe', true],
    ]);
  });

  it('un submenú sin hijos visibles no aparece', () => {
    const m = buildMenu([
      nodo({ Descripcion: 'G', Tipo: 0, Hijos: [nodo({ Descripcion: 'Vacío', TipoEnlace: 'sub', SubMenu: true, Hijos: [nodo({ Descripcion: 'c', Tipo: 2, TipoEnlace: 'parent' })] })] }),
    ]);
    expect(m).toEqual([]);
  });

  it('las entradas sin grupo se conservan en un grupo sin etiqueta, en su posición', () => {
    const m = buildMenu([
      nodo({ Descripcion: 'Suelta', TipoEnlace: 'link', EstadoPrincipal: 'admin', Estado: 'usuario/perfil', Orden: 1 }),
      nodo({ Descripcion: 'Grupo', Tipo: 0, Orden: 2, Hijos: [nodo({ Descripcion: 'Dentro', TipoEnlace: 'link', EstadoPrincipal: 'admin', Estado: 'x' })] }),
    ]);
    expect(m.map((g) => [g.label, g.main.map((e) => e.enlace?.href)])).toEqual([
      [null, ['/admin/usuario/perfil']],
      ['Grupo', ['/admin/x']],
    ]);
  });
});
