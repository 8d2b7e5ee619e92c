import type { TMenuNode } from '@yupana/contracts';

/**
 * The side menu in the seed's shapes: a group (label + main entries); an entry of kind plain link, external link or
 * submenu; submenu children of kind parent, admin, complete or external. Built from the permitted-modules tree, where
 * only `Tipo` 1 nodes are menu entries (Tipo 2 are controls inside a page; Tipo 0 top-level nodes are group labels).
 */
export type TTipoEntrada = 'link' | 'extLink' | 'sub';
export type TTipoHijo = 'parent' | 'admin' | 'complete' | 'external';

export type TEnlace = { href: string; externo: boolean };

export type TMenuHijo = {
  id: number;
  name: string;
  icon: string | null;
  type: TTipoHijo;
  state: string;
  enlace: TEnlace;
};

export type TMenuEntrada = {
  id: number;
  name: string;
  /** Initials shown when the menu is collapsed and the entry has no icon. */
  short_label: string;
  icon: string | null;
  type: TTipoEntrada;
  main_state: string;
  state: string;
  /** '_blank' for external links (they open in a new tab). */
  target?: '_blank';
  external: boolean;
  badge: { type: string; value: string }[];
  /** For 'link' and 'extLink'; a submenu has children instead. */
  enlace?: TEnlace;
  children: TMenuHijo[];
};

export type TMenuGrupo = { id: number; label: string | null; main: TMenuEntrada[] };

const ES_MENU = 1;
const ES_GRUPO = 0;

function segmentos(...partes: (string | null | undefined)[]): string {
  const limpias = partes.flatMap((p) => (p ?? '').split('/')).filter((p) => p.length > 0);
  return '/' + limpias.join('/');
}

function urlExterna(valor: string): string {
  return /^https?:\/\//i.test(valor) ? valor : `https://${valor.replace(/^\/+/, '')}`;
}

function porOrden(a: TMenuNode, b: TMenuNode): number {
  return a.Orden - b.Orden || a.Id - b.Id;
}

function iniciales(texto: string): string {
  const palabras = texto.split(/\s+/).filter((p) => /\p{L}/u.test(p[0] ?? ''));
  return (palabras.length > 1 ? palabras[0][0] + palabras[1][0] : texto.slice(0, 2)).toUpperCase();
}

/**
 * Link of a submenu child; the kind decides the shape:
 *  - parent:   below its parent entry, in the parent's area -> /{parent main_state}/{parent state}/{child state}
 *  - admin:    below its parent entry, always in the admin shell -> /admin/{parent state}/{child state}
 *  - complete: the child's route is already the full path -> /{route}
 *  - external: another site, in a new tab.
 */
export function enlaceDeHijo(padre: { main_state: string; state: string }, hijo: TMenuNode): TEnlace | null {
  const estado = hijo.Estado ?? '';
  switch (hijo.TipoEnlace) {
    case 'parent':
      return { href: segmentos(padre.main_state, padre.state, estado), externo: false };
    case 'admin':
      return { href: segmentos('admin', padre.state, estado), externo: false };
    case 'complete':
      return { href: segmentos(hijo.Ruta ?? estado), externo: false };
    case 'external': {
      const destino = hijo.Ruta ?? hijo.Estado;
      return destino ? { href: urlExterna(destino), externo: true } : null;
    }
    default:
      return null;
  }
}

/**
 * Link of a top-level entry: a plain link goes to its route, or to /{main_state}/{state} when the node has no route;
 * an external link opens its URL in a new tab.
 */
export function enlaceDeEntrada(nodo: TMenuNode): TEnlace | null {
  if (nodo.TipoEnlace === 'link') return { href: segmentos(nodo.Ruta ?? nodo.EstadoPrincipal, nodo.Ruta ? null : nodo.Estado), externo: false };
  if (nodo.TipoEnlace === 'extLink') {
    const destino = nodo.Ruta ?? nodo.Estado;
    return destino ? { href: urlExterna(destino), externo: true } : null;
  }
  return null;
}

function construirEntrada(nodo: TMenuNode): TMenuEntrada | null {
  const tipo: TTipoEntrada | null =
    nodo.TipoEnlace === 'link' || nodo.TipoEnlace === 'extLink' || nodo.TipoEnlace === 'sub'
      ? nodo.TipoEnlace
      : nodo.SubMenu
        ? 'sub'
        : null;
  if (!tipo) return null;
  const base = {
    id: nodo.Id,
    name: nodo.Descripcion,
    short_label: iniciales(nodo.Descripcion),
    icon: nodo.IconMenu,
    type: tipo,
    main_state: nodo.EstadoPrincipal ?? '',
    state: nodo.Estado ?? '',
    badge: [],
  };
  if (tipo === 'sub') {
    const children = nodo.Hijos.filter((h) => h.Tipo === ES_MENU)
      .sort(porOrden)
      .flatMap((h): TMenuHijo[] => {
        const enlace = enlaceDeHijo(base, h);
        if (!enlace) return [];
        return [{ id: h.Id, name: h.Descripcion, icon: h.IconMenu, type: h.TipoEnlace as TTipoHijo, state: h.Estado ?? '', enlace }];
      });
    // A submenu whose children are all hidden from this user would open onto nothing.
    return children.length ? { ...base, external: false, children } : null;
  }
  const enlace = enlaceDeEntrada({ ...nodo, TipoEnlace: tipo });
  if (!enlace) return null;
  return { ...base, external: enlace.externo, target: enlace.externo ? '_blank' : undefined, enlace, children: [] };
}

/** Builds the side menu from `GET permisos/modulos` (its `Data`). Pure: same tree in, same menu out. */
export function buildMenu(nodos: TMenuNode[]): TMenuGrupo[] {
  const grupos: TMenuGrupo[] = [];
  for (const nodo of [...nodos].sort(porOrden)) {
    if (nodo.Tipo === ES_GRUPO) {
      const main = nodo.Hijos.filter((h) => h.Tipo === ES_MENU)
        .sort(porOrden)
        .map(construirEntrada)
        .filter((e): e is TMenuEntrada => e !== null);
      if (main.length) grupos.push({ id: nodo.Id, label: nodo.Descripcion, main });
    } else if (nodo.Tipo === ES_MENU) {
      // An entry outside any group label keeps its position, in an unlabelled group.
      const entrada = construirEntrada(nodo);
      if (!entrada) continue;
      const ultimo = grupos[grupos.length - 1];
      if (ultimo && ultimo.label === null) ultimo.main.push(entrada);
      else grupos.push({ id: -nodo.Id, label: null, main: [entrada] });
    }
  }
  return grupos;
}
