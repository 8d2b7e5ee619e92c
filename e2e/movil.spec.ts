import { expect, test, type Page } from '@playwright/test';
import { CONTRASENHA_DEMO, leerStorage } from './helpers';

// Issue 11, item 13: every main page of the menu is usable on a 375 px phone: nothing scrolls sideways and no title
// is broken in the middle of a word.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

type Nodo = { Ruta: string | null; Hijos: Nodo[] };
const rutas = (nodos: Nodo[]): string[] => nodos.flatMap((n) => [...(n.Ruta ? [n.Ruta] : []), ...rutas(n.Hijos)]);

/** The menu's own pages (the API's menu for this user), without external links nor the full-screen point of sale. */
async function rutasDelMenu(page: Page): Promise<string[]> {
  const token = await leerStorage(page, 'AccessToken');
  const usuario = JSON.parse((await leerStorage(page, 'DataUser')) ?? '{}') as { IdUsuario: number };
  const arbol = await page.evaluate(
    async ({ token, id }) => (await (await fetch(`/api/seguridad/v2/usuarios/${id}/permisos/modulos`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { Data: unknown },
    { token, id: usuario.IdUsuario },
  );
  return [...new Set(rutas(arbol.Data as Nodo[]).filter((r) => r.startsWith('/') && r !== '/puntoventa'))];
}

/** Width overflow and titles whose words wrap across lines (a word with more than one line box). */
async function medir(page: Page) {
  return page.evaluate(() => {
    const ancho = document.documentElement.scrollWidth;
    const selector = 'h1, h2, h3, h4, h5, .ant-typography h1, .ant-card-head-title, .ant-page-header-heading-title, .ant-drawer-title, .ant-modal-title, .ant-result-title, .yp-titulo';
    const partidos: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const texto = n.textContent ?? '';
        for (const m of texto.matchAll(/\S+/g)) {
          const r = document.createRange();
          r.setStart(n, m.index);
          r.setEnd(n, m.index + m[0].length);
          const lineas = new Set(Array.from(r.getClientRects()).filter((x) => x.width > 0).map((x) => Math.round(x.top)));
          if (lineas.size > 1) partidos.push(`${m[0]} (en "${el.textContent?.trim().slice(0, 60)}")`);
        }
      }
    }
    // What sticks out, to say where the overflow is.
    const anchos = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((x) => x.getBoundingClientRect().right > 376 && getComputedStyle(x).position !== 'fixed' && !Array.from(x.children).some((h) => h.getBoundingClientRect().right > 376))
      .slice(0, 4)
      .map((x) => `${x.tagName.toLowerCase()}.${String(x.className).split(' ').slice(0, 2).join('.')} -> ${Math.round(x.getBoundingClientRect().right)}`);
    return { ancho, partidos, anchos };
  });
}

test('a 375 px ninguna página principal se desplaza hacia los lados ni parte un título a mitad de palabra', async ({ page }) => {
  test.setTimeout(900_000);
  // The sign-in of helpers.ts, with room for a loaded shared machine (the home page's chunk at phone size).
  await page.goto('/auth/login');
  await page.getByLabel('Usuario').fill('supervisor');
  await page.getByLabel('Contraseña').fill(CONTRASENHA_DEMO);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByTestId('pagina-inicio')).toBeVisible({ timeout: 30_000 });
  const lista = (await rutasDelMenu(page)).filter((r) => !process.env.MOVIL_RUTAS || process.env.MOVIL_RUTAS.split(',').includes(r));
  expect(lista.length).toBeGreaterThan(process.env.MOVIL_RUTAS ? 0 : 20);
  const fallas: string[] = [];
  for (const ruta of lista) {
    await page.goto(ruta);
    // The page's lazy chunk and its first data: the shell's content area and no skeleton left.
    await expect(page.locator('main, [data-testid^="pagina-"]').first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await expect(page.locator('.ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
    const m = await medir(page);
    if (m.ancho > 376) fallas.push(`${ruta}: ancho ${m.ancho} px (${m.anchos.join('; ')})`);
    for (const p of m.partidos) fallas.push(`${ruta}: título partido: ${p}`);
  }
  console.log(`[movil] ${lista.length} páginas revisadas a 375 px`);
  expect(fallas).toEqual([]);
});

test('a 375 px la lista de documentos es de tarjetas: Total y Estado se ven sin desplazarse hacia los lados', async ({ page }) => {
  test.setTimeout(500_000);
  await page.goto('/auth/login');
  await page.getByLabel('Usuario').fill('supervisor');
  await page.getByLabel('Contraseña').fill(CONTRASENHA_DEMO);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByTestId('pagina-inicio')).toBeVisible({ timeout: 120_000 });
  await page.goto('/admin/documentos');
  const tarjetas = page.getByTestId('pagina-documentos').getByTestId('tarjeta-fila');
  await expect(page.getByTestId('pagina-documentos')).toBeVisible({ timeout: 120_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  if ((await tarjetas.count()) === 0) {
    // A fresh server has no documents yet: one factura, issued on the phone itself.
    await page.goto('/admin/documentos/emitir/factura');
    await expect(page.getByTestId('formulario-factura')).toBeVisible({ timeout: 120_000 });
    await page.getByRole('combobox', { name: 'Serie' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByLabel('Número de documento').fill('20555123451');
    await page.getByLabel('Razón social o nombre').fill('DISTRIBUIDORA LIMA NORTE S.A.C.');
    await page.getByLabel('Dirección').fill('AV. TÚPAC AMARU 2450, COMAS');
    await page.getByLabel('Descripción del ítem 1').fill('Servicio técnico');
    await page.getByLabel('Cantidad del ítem 1').fill('1');
    await page.getByLabel('Precio del ítem 1').fill('100');
    await expect(page.getByTestId('importe-total')).toHaveText('S/ 100.00');
    await page.getByTestId('emitir').click();
    await expect(page).toHaveURL(/\/admin\/documentos\/\d+$/, { timeout: 120_000 });
    await page.goto('/admin/documentos');
  }
  const primera = tarjetas.first();
  await expect(primera).toBeVisible({ timeout: 120_000 });
  // Cards, not a table squeezed into a sideways scroll.
  await expect(page.getByTestId('pagina-documentos').locator('.ant-table')).toHaveCount(0);
  const total = primera.locator('dt', { hasText: /^Total$/ });
  const estado = primera.locator('dt', { hasText: /^Estado SUNAT$/ });
  await expect(total).toBeVisible();
  await expect(estado).toBeVisible();
  const importe = total.locator('xpath=following-sibling::dd[1]');
  const etiquetaEstado = estado.locator('xpath=following-sibling::dd[1]');
  await expect(importe).toHaveText(/^(S\/|US\$|\$|€)\s?[\d,]+\.\d{2}$/);
  await expect(etiquetaEstado).not.toHaveText('');
  for (const celda of [total, importe, estado, etiquetaEstado]) {
    await celda.scrollIntoViewIfNeeded();
    const caja = await celda.boundingBox();
    expect(caja, 'se ve en pantalla').not.toBeNull();
    expect(caja!.x).toBeGreaterThanOrEqual(0);
    expect(caja!.x + caja!.width).toBeLessThanOrEqual(375);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a 375 px las tablas de seguridad son tarjetas: usuarios, roles y auditoría muestran estado y acciones sin desplazarse', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/auth/login');
  await page.getByLabel('Usuario').fill('soporte');
  await page.getByLabel('Contraseña').fill(CONTRASENHA_DEMO);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByTestId('pagina-inicio')).toBeVisible({ timeout: 120_000 });

  /** A card's "label: value" pair is on screen, within the 375 px. */
  async function dentro(loc: ReturnType<Page['locator']>) {
    await loc.scrollIntoViewIfNeeded();
    const caja = await loc.boundingBox();
    expect(caja, 'se ve en pantalla').not.toBeNull();
    expect(caja!.x).toBeGreaterThanOrEqual(0);
    expect(caja!.x + caja!.width).toBeLessThanOrEqual(375);
  }

  // Users: the card of the demo cashier, with its state and its actions at the card's foot.
  await page.goto('/admin/usuarios');
  const usuarios = page.getByTestId('pagina-usuarios');
  await expect(usuarios).toBeVisible({ timeout: 120_000 });
  const cajero = usuarios.getByTestId('usuario-cajero');
  await expect(cajero).toBeVisible({ timeout: 60_000 });
  await expect(usuarios.locator('.ant-table')).toHaveCount(0);
  const estado = cajero.locator('dt', { hasText: /^Estado$/ });
  await dentro(estado);
  await dentro(estado.locator('xpath=following-sibling::dd[1]'));
  await expect(cajero.locator('dt', { hasText: /^Roles$/ }).locator('xpath=following-sibling::dd[1]')).toContainText('Cajero');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Roles: the Cajero role's card opens its permissions drawer from the card.
  await page.goto('/seguridad/roles');
  const roles = page.getByTestId('pagina-roles');
  await expect(roles).toBeVisible({ timeout: 120_000 });
  const rol = roles.getByTestId('rol-Cajero');
  await expect(rol).toBeVisible({ timeout: 60_000 });
  await expect(roles.locator('.ant-table')).toHaveCount(0);
  await dentro(rol.getByRole('button', { name: 'Permisos y servicios' }));
  await rol.getByRole('button', { name: 'Permisos y servicios' }).click();
  await expect(page.locator('.ant-drawer-title', { hasText: 'Rol Cajero' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Security log: cards with the event and when; a sign-in event was just recorded.
  await page.goto('/seguridad/auditoria');
  const auditoria = page.getByTestId('pagina-auditoria');
  await expect(auditoria).toBeVisible({ timeout: 120_000 });
  const tarjeta = auditoria.getByTestId('tarjeta-fila').first();
  await expect(tarjeta).toBeVisible({ timeout: 60_000 });
  await expect(auditoria.locator('.ant-table')).toHaveCount(0);
  await dentro(tarjeta.locator('dt', { hasText: /^Evento$/ }).locator('xpath=following-sibling::dd[1]'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
