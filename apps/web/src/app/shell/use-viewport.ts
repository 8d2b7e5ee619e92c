import { useSyncExternalStore } from 'react';

/** The seed's breakpoints: over 1024 px the menu is expanded, 768-1024 off-canvas push, under 768 off-canvas overlay. */
export const BREAKPOINT_MOVIL = 768;
export const BREAKPOINT_ESCRITORIO = 1024;

export type TPantalla = 'escritorio' | 'tableta' | 'movil';

export function pantallaPara(ancho: number): TPantalla {
  if (ancho > BREAKPOINT_ESCRITORIO) return 'escritorio';
  if (ancho >= BREAKPOINT_MOVIL) return 'tableta';
  return 'movil';
}

function suscribir(cb: () => void) {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}

export function usePantalla(): TPantalla {
  return useSyncExternalStore(suscribir, () => pantallaPara(window.innerWidth));
}
