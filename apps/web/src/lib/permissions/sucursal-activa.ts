import type { TSucursalResumen } from '@yupana/contracts';
import { useSyncExternalStore } from 'react';

/** The seed's local-storage key of the branch the user works in (base64 JSON like the seed's other keys). */
export const CLAVE_SUCURSAL = 'Sucursal';
const EVENTO = 'yupana-sucursal';

export type TSucursalActiva = Pick<TSucursalResumen, 'Id' | 'RazonSocial' | 'Direccion' | 'Descripcion'>;

function leer(): string | null {
  return localStorage.getItem(CLAVE_SUCURSAL);
}

export function sucursalActiva(): TSucursalActiva | null {
  const v = leer();
  if (!v) return null;
  try {
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(v), (c) => c.charCodeAt(0)))) as TSucursalActiva;
  } catch {
    return null;
  }
}

export function guardarSucursalActiva(s: TSucursalActiva): void {
  const json = JSON.stringify({ Id: s.Id, RazonSocial: s.RazonSocial, Direccion: s.Direccion, Descripcion: s.Descripcion });
  localStorage.setItem(CLAVE_SUCURSAL, btoa(String.fromCharCode(...new TextEncoder().encode(json))));
  window.dispatchEvent(new Event(EVENTO));
}

function suscribir(cb: () => void): () => void {
  const alCambiar = (e: Event) => {
    if (!(e instanceof StorageEvent) || e.key === CLAVE_SUCURSAL || e.key === null) cb();
  };
  window.addEventListener(EVENTO, alCambiar);
  window.addEventListener('storage', alCambiar);
  return () => {
    window.removeEventListener(EVENTO, alCambiar);
    window.removeEventListener('storage', alCambiar);
  };
}

/** The branch chosen in the 'Seleccionar Sucursal' dialog (this tab and the others), or null. */
export function useSucursalActiva(): TSucursalActiva | null {
  const crudo = useSyncExternalStore(suscribir, leer);
  // Parsed from the raw string so the value only changes when the stored branch does.
  return crudo ? sucursalActiva() : null;
}
