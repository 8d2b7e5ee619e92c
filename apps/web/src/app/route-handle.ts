import { useMatches, type UIMatch } from 'react-router';

/** Route data of the seed: breadcrumb, description (the header's subtitle), icon and status. */
export type TRouteHandle = {
  breadcrumb: string;
  description?: string;
  icon?: string;
  status?: string;
  /** A grouping segment without a page of its own: its crumb is text, not a link. */
  sinPagina?: boolean;
};

export type TMiga = { etiqueta: string; url: string | null; descripcion?: string };

function esHandle(h: unknown): h is TRouteHandle {
  return !!h && typeof h === 'object' && typeof (h as TRouteHandle).breadcrumb === 'string';
}

/** Home + trail from the matched routes' data; the last crumb is the current page (its title), without a link. */
export function useMigas(): TMiga[] {
  const matches = useMatches() as UIMatch<unknown, unknown>[];
  const conDatos = matches.filter((m) => esHandle(m.handle));
  return conDatos.map((m, i) => {
    const h = m.handle as TRouteHandle;
    const ultima = i === conDatos.length - 1;
    return { etiqueta: h.breadcrumb, url: ultima || h.sinPagina ? null : m.pathname, descripcion: h.description };
  });
}
