import type { TMenuNode } from '@yupana/contracts';

/** What a guarded route declares in its data (the seed's route data): the permission node and the component id. */
export type TPermisoRuta = { idPermiso: number; componente: string };

/** A menu node as the permission guard reads it: the server may also send the node's component id. */
export type TNodoPermiso = TMenuNode & { Componente?: string | null };

export type TResultadoPermiso =
  | { tipo: 'permitido'; controles: number[] }
  | { tipo: 'denegado' }
  /** The server answered with the single "no permission at all" entry (IdPermiso 0): the session must end. */
  | { tipo: 'salir' };

/** The one component the seed lets through even without any permission entry (the company's user administration). */
export const COMPONENTE_LIBRE = 'usuarioadmin';

/** Component id of a node: its own field when the server sends it, else its state segment (the route's last part). */
export function componenteDe(n: TNodoPermiso): string | null {
  return n.Componente ?? n.Estado ?? null;
}

/**
 * The seed's permission rule over the entries the server returned for the route's permission id:
 * - one entry with permission id 0 ends the session;
 * - no entry: denied, except the component 'usuarioadmin';
 * - otherwise allowed; entries of type 1 or 3 whose component matches the route's add their type-2 children as
 *   allowed controls, and type-2 entries are allowed controls themselves.
 */
export function evaluarPermiso(entradas: TNodoPermiso[], componente: string): TResultadoPermiso {
  if (entradas.length === 1 && entradas[0].IdPermiso === 0) return { tipo: 'salir' };
  if (entradas.length === 0) return componente === COMPONENTE_LIBRE ? { tipo: 'permitido', controles: [] } : { tipo: 'denegado' };
  const controles = new Set<number>();
  for (const e of entradas) {
    if ((e.Tipo === 1 || e.Tipo === 3) && componenteDe(e) === componente) {
      for (const h of e.Hijos) if (h.Tipo === 2) controles.add(h.IdPermiso);
    }
    if (e.Tipo === 2) controles.add(e.IdPermiso);
  }
  return { tipo: 'permitido', controles: [...controles].sort((a, b) => a - b) };
}

/**
 * The entries of the user's permitted tree for one permission id: the node itself and everything under it, flat
 * (the server's menu answer is a tree of what the user's roles grant). Not granted: no entries.
 */
export function entradasDePermiso(arbol: TNodoPermiso[], idPermiso: number): TNodoPermiso[] {
  const buscar = (nodos: TNodoPermiso[]): TNodoPermiso | null => {
    for (const n of nodos) {
      if (n.IdPermiso === idPermiso) return n;
      const h = buscar(n.Hijos);
      if (h) return h;
    }
    return null;
  };
  const raiz = buscar(arbol);
  if (!raiz) return [];
  const todas: TNodoPermiso[] = [];
  const recorrer = (n: TNodoPermiso) => {
    todas.push(n);
    n.Hijos.forEach(recorrer);
  };
  recorrer(raiz);
  return todas;
}
