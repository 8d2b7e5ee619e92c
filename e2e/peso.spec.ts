import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { iniciarSesion } from './helpers';

// Issue 17: the JavaScript a browser downloads, measured in the browser (Chromium's own byte counts) with a cold cache.
// Budgets: the login page <= 150 kB and shell + first page (everything to reach the signed-in home) <= 400 kB,
// compressed. The build checks the same budgets from Vite's manifest (apps/web/scripts/peso.mjs); this shows them over
// the wire, with the server's real compression and caching headers.
const KB = 1000;
const PRESUPUESTO_LOGIN = 150 * KB;
const PRESUPUESTO_SHELL = 400 * KB;

// bytes: the compressed body as sent (content-length); conCabeceras: what Chromium counted for the whole response.
type TScript = { url: string; encoding: string; cacheControl: string; bytes: number; conCabeceras: number };

/** Records every script the page downloads (not served from the browser's cache) with its bytes over the wire. */
async function registrarScripts(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const pendientes = new Map<string, Omit<TScript, 'bytes' | 'conCabeceras'> & { largo: number; cabeceras: number }>();
  const desdeCache = new Set<string>();
  let scripts: TScript[] = [];
  cdp.on('Network.requestServedFromCache', (e) => desdeCache.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.type !== 'Script' || e.response.fromDiskCache || e.response.fromPrefetchCache) return;
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    pendientes.set(e.requestId, {
      url: new URL(e.response.url).pathname,
      encoding: h['content-encoding'] ?? '',
      cacheControl: h['cache-control'] ?? '',
      largo: Number(h['content-length'] ?? NaN),
      // Bytes received when the response starts: its status line and headers.
      cabeceras: e.response.encodedDataLength,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = pendientes.get(e.requestId);
    pendientes.delete(e.requestId);
    // encodedDataLength: the bytes received for the response (compressed body and headers), as DevTools shows them.
    if (s && !desdeCache.has(e.requestId)) {
      const { largo, cabeceras, ...resto } = s;
      scripts.push({ ...resto, bytes: Number.isFinite(largo) ? largo : e.encodedDataLength - cabeceras, conCabeceras: e.encodedDataLength });
    }
  });
  return {
    tomar() {
      const r = scripts;
      scripts = [];
      return r;
    },
  };
}

const total = (s: TScript[]) => s.reduce((t, x) => t + x.bytes, 0);
const totalConCabeceras = (s: TScript[]) => s.reduce((t, x) => t + x.conCabeceras, 0);
/** Compressed, unless so small (a chunk that only re-exports another) that the build kept no compressed copy. */
function comprimido(s: TScript) {
  if (s.encoding === '' && s.bytes < 200) return;
  expect(['br', 'gzip'], `${s.url} sin comprimir (${s.bytes} bytes)`).toContain(s.encoding);
}
const kb = (n: number) => `${(n / KB).toFixed(1)} kB`;

test('peso de la página de login y del shell con la página de inicio (JavaScript comprimido, caché vacía)', async ({ page }) => {
  const registro = await registrarScripts(page);

  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const login = registro.tomar();
  console.log(
    `JavaScript de /auth/login: ${kb(total(login))} en ${login.length} archivos (${[...new Set(login.map((s) => s.encoding || 'sin comprimir'))].join(', ')}); con cabeceras HTTP ${kb(totalConCabeceras(login))}`,
  );
  expect(login.length).toBeGreaterThan(0);
  for (const s of login) {
    comprimido(s);
    if (s.url.startsWith('/assets/')) expect(s.cacheControl, s.url).toContain('immutable');
  }
  expect(total(login)).toBeLessThanOrEqual(PRESUPUESTO_LOGIN);

  // iniciarSesion opens the login page again: its files now come from the cache and are not counted twice.
  await iniciarSesion(page, 'supervisor');
  await page.waitForLoadState('networkidle');
  const shell = registro.tomar();
  console.log(`JavaScript del shell y la página de inicio tras ingresar: +${kb(total(shell))} en ${shell.length} archivos; con cabeceras HTTP +${kb(totalConCabeceras(shell))}`);
  console.log(`JavaScript hasta la página de inicio (login + shell + inicio): ${kb(total(login) + total(shell))}; con cabeceras HTTP ${kb(totalConCabeceras(login) + totalConCabeceras(shell))}`);
  expect(shell.length).toBeGreaterThan(0);
  for (const s of shell) comprimido(s);
  expect(total(login) + total(shell)).toBeLessThanOrEqual(PRESUPUESTO_SHELL);
});
