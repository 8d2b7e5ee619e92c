import { useMatches } from 'react-router';

type TConPermiso = { permiso?: { controles?: number[] } };

/**
 * Whether the signed-in user may use a control (a type-2 permission node) of the current page, as the page's
 * permission guard computed it. Pages hide or disable what this denies; the server refuses it anyway.
 */
export function usePermiso(control: number): boolean {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const datos = matches[i].loaderData as TConPermiso | undefined;
    if (datos?.permiso?.controles) return datos.permiso.controles.includes(control);
  }
  return false;
}
