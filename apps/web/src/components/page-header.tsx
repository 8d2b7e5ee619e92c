import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/** Title and subtitle shown in the shell's header. Each navigation starts from the route's own title. */
export type TEncabezado = { titulo: string; subtitulo?: string | null };

type TValor = { propio: (TEncabezado & { clave: string }) | null; fijar: (e: (TEncabezado & { clave: string }) | null) => void };
const Contexto = createContext<TValor>({ propio: null, fijar: () => {} });

export function PageHeaderProvider({ children }: { children: ReactNode }) {
  const [propio, fijar] = useState<TValor['propio']>(null);
  const valor = useMemo(() => ({ propio, fijar }), [propio]);
  return <Contexto.Provider value={valor}>{children}</Contexto.Provider>;
}

/**
 * The title a page set for the current navigation, or null. Keyed by the location so that a title set on one page
 * never leaks into the next one, whatever order the effects run in.
 */
export function useEncabezadoPropio(): TEncabezado | null {
  const { propio } = useContext(Contexto);
  const { key } = useLocation();
  return propio && propio.clave === key ? propio : null;
}

/** A page replaces the route's title and subtitle in the header (e.g. with the record it shows). */
export function useEncabezadoPagina(titulo: string | null | undefined, subtitulo?: string | null) {
  const { fijar } = useContext(Contexto);
  const { key } = useLocation();
  useEffect(() => {
    if (titulo) fijar({ titulo, subtitulo, clave: key });
  }, [titulo, subtitulo, key, fijar]);
}
