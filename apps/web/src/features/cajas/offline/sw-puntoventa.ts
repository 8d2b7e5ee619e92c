/**
 * Registers the point of sale's service worker (branch posfix; public/sw-puntoventa.js), scoped to /puntoventa so that
 * the rest of the app is never controlled by it, and hands it the built assets this page already loaded (the first
 * visit loads them before the worker controls the page).
 */
export function registrarServiceWorkerPuntoVenta(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const precargar = (sw: ServiceWorker | null | undefined) => {
    const urls = performance
      .getEntriesByType('resource')
      .map((r) => r.name)
      .filter((u) => u.startsWith(`${location.origin}/assets/`));
    sw?.postMessage({ tipo: 'precargar', urls: [...urls, `${location.origin}/favicon.svg`] });
  };
  navigator.serviceWorker
    .register('/sw-puntoventa.js', { scope: '/puntoventa' })
    .then(async () => {
      const lista = await navigator.serviceWorker.ready;
      precargar(lista.active);
    })
    .catch(() => {
      // Without a service worker (private mode, an old browser) the page still works online and offline once loaded.
    });
}
