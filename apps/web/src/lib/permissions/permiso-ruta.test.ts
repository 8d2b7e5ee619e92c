import { describe, expect, it } from 'vitest';
import { COMPONENTE_LIBRE, entradasDePermiso, evaluarPermiso, type TNodoPermiso } from './permiso-ruta';

const nodo = (IdPermiso: number, Tipo: number, extra: Partial<TNodoPermiso> = {}): TNodoPermiso => ({
  Id: IdPermiso,
  IdPermiso,
  Descripcion: `Nodo ${IdPermiso}`,
  Ruta: null,
  IconMenu: null,
  Tipo,
  TipoEnlace: null,
  EstadoPrincipal: null,
  Estado: null,
  SubMenu: false,
  Hijos: [],
  Orden: 0,
  ...extra,
});

// The seed's ventas page: permission 120, component 'ventas', with two controls (type 2) under it.
const ventas = nodo(120, 1, { Componente: 'ventas', Hijos: [nodo(121, 2), nodo(122, 2), nodo(123, 1)] });
const arbol = [nodo(100, 0, { Hijos: [ventas, nodo(130, 1, { Estado: 'compras', Hijos: [nodo(131, 2)] })] })];

describe('guard de permisos (§6)', () => {
  it('una entrada de tipo 1 del componente de la ruta habilita sus hijos de tipo 2 como controles', () => {
    expect(evaluarPermiso([ventas], 'ventas')).toEqual({ tipo: 'permitido', controles: [121, 122] });
  });

  it('el tipo 3 también aporta sus hijos; uno de otro componente no', () => {
    const t3 = nodo(140, 3, { Componente: 'ventas', Hijos: [nodo(141, 2)] });
    const otro = nodo(150, 1, { Componente: 'compras', Hijos: [nodo(151, 2)] });
    expect(evaluarPermiso([t3, otro], 'ventas')).toEqual({ tipo: 'permitido', controles: [141] });
  });

  it('las entradas de tipo 2 se permiten directamente', () => {
    expect(evaluarPermiso([nodo(160, 2), nodo(161, 1, { Componente: 'otro' })], 'ventas')).toEqual({ tipo: 'permitido', controles: [160] });
  });

  it('sin entradas se deniega, salvo el componente usuarioadmin', () => {
    expect(evaluarPermiso([], 'ventas')).toEqual({ tipo: 'denegado' });
    expect(evaluarPermiso([], COMPONENTE_LIBRE)).toEqual({ tipo: 'permitido', controles: [] });
  });

  it('una sola entrada con IdPermiso 0 cierra la sesión', () => {
    expect(evaluarPermiso([nodo(0, 1)], 'ventas')).toEqual({ tipo: 'salir' });
    expect(evaluarPermiso([nodo(0, 1), nodo(121, 2)], 'ventas').tipo).toBe('permitido');
  });

  it('sin el campo Componente, el componente es el estado de la ruta', () => {
    expect(evaluarPermiso(entradasDePermiso(arbol, 130), 'compras')).toEqual({ tipo: 'permitido', controles: [131] });
  });

  it('las entradas de un permiso son el nodo y todo lo que cuelga de él; sin conceder, ninguna', () => {
    expect(entradasDePermiso(arbol, 120).map((n) => n.IdPermiso)).toEqual([120, 121, 122, 123]);
    expect(entradasDePermiso(arbol, 999)).toEqual([]);
    expect(evaluarPermiso(entradasDePermiso(arbol, 999), 'ventas')).toEqual({ tipo: 'denegado' });
  });
});
