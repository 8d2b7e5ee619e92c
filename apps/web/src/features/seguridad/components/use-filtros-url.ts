import { useSearchParams } from 'react-router';

/**
 * List filters kept in the URL (shareable, survive a reload). Changing any filter other than the page goes back to
 * page 1.
 */
export function useFiltrosUrl<T extends Record<string, string | number | undefined>>(defectos: T) {
  const [params, setParams] = useSearchParams();
  const valores = { ...defectos };
  for (const k of Object.keys(defectos) as (keyof T & string)[]) {
    const v = params.get(k);
    if (v === null || v === '') continue;
    (valores as Record<string, unknown>)[k] = typeof defectos[k] === 'number' ? Number(v) : v;
  }
  const fijar = (cambios: Partial<Record<keyof T & string, string | number | undefined>>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(cambios)) {
      if (v === undefined || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    if (!('pagina' in cambios)) p.delete('pagina');
    setParams(p, { replace: true });
  };
  return [valores, fijar] as const;
}

export const OPCIONES_ESTADO = [
  { value: -1, label: 'Todos' },
  { value: 1, label: 'Activos' },
  { value: 0, label: 'Inactivos' },
];
