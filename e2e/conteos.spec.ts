import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion, llamarApi } from './helpers';

// Issue 13 (branch conteos): the supervisor opens a count of the main warehouse, counts a product blind by scanning its
// code, reviews the difference (counted - expected) and posts it as mermas (code 13); the stock becomes the counted
// quantity, the kardex shows the 13 line and the PLE 13.1 file downloads with SUNAT's name. The product is its own
// (created for this run): the specs share one server, and inventario.spec counts the demo oil's stock from zero.
const MARCA = Date.now().toString(36).toUpperCase();
const CODIGO = `TOM-${MARCA}`;
const NOMBRE = `VINAGRE BLANCO ${MARCA}`;
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1280, height: 900 } });

test('toma de inventario ciega, revisión, contabilización como mermas, stock, kardex y PLE 13.1', async ({ page }) => {
  test.setTimeout(420_000);
  // On a loaded machine the password check (argon2) can outlast the helper's 15 s: the sign-in is then awaited longer.
  await iniciarSesion(page, 'supervisor').catch(async () => {
    await expect(page).toHaveURL(/\/admin$/, { timeout: 60_000 });
    await expect(page.getByTestId('pagina-inicio')).toBeVisible();
  });
  const menu = page.getByRole('menu', { name: 'Menú principal' });
  const creado = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: CODIGO, Descripcion: NOMBRE, CodigoUnidad: 'NIU', Precio: '9.50', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(creado.status).toBe(201);

  // Some on hand first: 10 bottles at S/ 6.50.
  await menu.getByRole('link', { name: 'Movimientos' }).click();
  await page.getByRole('button', { name: 'Nuevo movimiento' }).click();
  const mov = page.getByRole('dialog', { name: 'Nuevo movimiento de inventario' });
  await expect(mov.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: 'Almacén principal' }).first()).toBeVisible();
  await mov.getByRole('combobox', { name: 'Producto' }).click();
  await mov.getByRole('combobox', { name: 'Producto' }).fill(NOMBRE);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: NOMBRE }).first().click();
  await mov.getByLabel('Cantidad').fill('10');
  await mov.getByLabel('Costo unitario').fill('6.50');
  await mov.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText(/Movimiento MOV-\d+ registrado/)).toBeVisible();

  // Open the count of the main warehouse.
  await menu.getByRole('link', { name: 'Toma de inventario' }).click();
  await expect(page).toHaveURL(/\/admin\/tomas-inventario$/);
  await expect(page.getByTestId('pagina-tomas')).toBeVisible();
  await page.getByRole('button', { name: 'Nueva toma' }).click();
  const nueva = page.getByRole('dialog', { name: 'Nueva toma de inventario' });
  await nueva.getByRole('combobox', { name: 'Almacén' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Almacén principal' }).first().click();
  await nueva.getByRole('button', { name: 'Abrir toma' }).click();
  const toma = page.getByTestId('pagina-toma');
  await expect(toma).toContainText(/Toma de inventario N° \d+/);
  await expect(toma).toContainText('En conteo');
  await expect(toma).toContainText('Conteo ciego');
  // Blind: no expected figures on screen.
  await expect(toma.getByRole('columnheader', { name: 'Esperado' })).toHaveCount(0);

  // Scan the product's code, count 3 bottles and save.
  await toma.getByRole('searchbox', { name: 'Escanear o buscar código' }).fill(CODIGO);
  await toma.getByRole('searchbox', { name: 'Escanear o buscar código' }).press('Enter');
  const contado = toma.getByLabel(`Contado de ${NOMBRE}`);
  await expect(contado).toBeFocused();
  await contado.fill('3');
  await toma.getByRole('button', { name: /Guardar conteo/ }).click();
  await expect(page.getByText('Conteo guardado')).toBeVisible();

  // Review: the expected stock and the difference appear.
  await toma.getByRole('button', { name: 'Cerrar conteo y revisar' }).click();
  await expect(toma).toContainText('En revisión');
  await expect(toma.getByRole('columnheader', { name: 'Esperado' })).toBeVisible();
  const fila = toma.getByRole('row', { name: new RegExp(NOMBRE) });
  const esperado = Number((await fila.getByRole('cell').nth(4).innerText()).replace(/[^\d.-]/g, ''));
  expect(esperado).toBeGreaterThanOrEqual(10);
  await expect(fila.getByRole('cell').nth(6)).toHaveText(String(3 - esperado));

  // Post the shortages as mermas.
  await toma.getByRole('combobox', { name: 'Faltantes como' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '13 Mermas' }).first().click();
  await toma.getByRole('button', { name: 'Contabilizar diferencias' }).click();
  await expect(page.getByText('Toma contabilizada')).toBeVisible();
  await expect(toma).toContainText('Contabilizada el');

  // The stock is now the counted 3 bottles, and the kardex shows the 13 line.
  await menu.getByRole('link', { name: 'Stock' }).click();
  await page.getByRole('searchbox', { name: 'Buscar producto' }).fill(NOMBRE);
  await page.getByRole('searchbox', { name: 'Buscar producto' }).press('Enter');
  const stock = page.getByRole('row', { name: new RegExp(`${NOMBRE}.*Almacén principal`) });
  await expect(stock.getByRole('cell').nth(4)).toHaveText('3');
  await stock.getByRole('link', { name: 'Kardex' }).click();
  await expect(page.getByRole('row', { name: /13 Mermas/ }).first()).toBeVisible();
  const [ple] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PLE 13.1 (valorizado)' }).click()]);
  expect(ple.suggestedFilename()).toMatch(/^LE\d{11}\d{6}00130100001111\.TXT$/);
});
