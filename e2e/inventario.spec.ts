import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion } from './helpers';

// Issue 13: the supervisor registers a purchase entry, sells part of it with a boleta, and sees the stock and the
// valued kardex move (weighted average by hand: 10 x 6.50 = 65.00; 3 leave at 6.50, 7 remain worth 45.50).
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1280, height: 900 } });

test('ingreso de compra, boleta con el producto del catálogo, stock y kardex valorizado', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Movimientos' }).click();
  await expect(page).toHaveURL(/\/admin\/movimientos$/);
  await expect(page.getByTestId('pagina-movimientos')).toBeVisible();

  // The entry: 10 bottles of oil bought at S/ 6.50 into the main warehouse (chosen by default).
  await page.getByRole('button', { name: 'Nuevo movimiento' }).click();
  const modal = page.getByRole('dialog', { name: 'Nuevo movimiento de inventario' });
  await expect(modal.getByRole('combobox', { name: 'Almacén' })).toBeVisible();
  await expect(modal.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: 'Almacén principal' }).first()).toBeVisible();
  await modal.getByRole('combobox', { name: 'Producto' }).click();
  await modal.getByRole('combobox', { name: 'Producto' }).fill('aceite');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'ACEITE VEGETAL 1 L' }).first().click();
  await modal.getByLabel('Cantidad').fill('10');
  await modal.getByLabel('Costo unitario').fill('6.50');
  await modal.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText(/Movimiento MOV-\d+ registrado/)).toBeVisible();
  await expect(page.getByRole('row', { name: /Ingreso/ }).first()).toContainText('02 Compra');

  // A boleta with the catalogue's oil: 3 bottles.
  await page.goto('/admin/documentos/emitir/boleta');
  await expect(page.getByLabel('Razón social o nombre')).toHaveValue('CLIENTES VARIOS');
  await page.getByRole('combobox', { name: 'Serie' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'B001' }).first().click();
  await page.getByLabel('Descripción del ítem 1').fill('aceite');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'ACE-1' }).first().click();
  await page.getByLabel('Cantidad del ítem 1').fill('3');
  await expect(page.getByTestId('importe-total')).toHaveText('S/ 28.50');
  await page.getByTestId('emitir').click();
  await expect(page).toHaveURL(/\/admin\/documentos\/\d+$/, { timeout: 45_000 });
  await expect(page.getByTestId('serie-numero')).toHaveText(/^B001-\d+$/);

  // The stock dropped to 7 at the same average cost.
  await menu.getByRole('link', { name: 'Stock' }).click();
  await expect(page.getByTestId('pagina-stock')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar producto' }).fill('aceite');
  await page.getByRole('searchbox', { name: 'Buscar producto' }).press('Enter');
  const fila = page.getByRole('row', { name: /ACEITE VEGETAL 1 L/ });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText('Almacén principal');
  await expect(fila.getByRole('cell').nth(4)).toHaveText('7');
  await expect(fila).toContainText('S/ 6.5000');
  await expect(fila).toContainText('45.50');

  // The valued kardex of the item in that warehouse.
  await fila.getByRole('link', { name: 'Kardex' }).click();
  await expect(page).toHaveURL(/\/admin\/kardex\?item=\d+&almacen=\d+$/);
  await expect(page.getByTestId('pagina-kardex')).toContainText('ACE-1 - ACEITE VEGETAL 1 L (NIU)');
  const entrada = page.getByRole('row', { name: /02 Compra/ });
  await expect(entrada).toContainText('65.00');
  const venta = page.getByRole('row', { name: /01 Venta/ });
  await expect(venta).toContainText('19.50');
  await expect(venta).toContainText('45.50');
  const [excel] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar a Excel' }).click()]);
  expect(excel.suggestedFilename()).toMatch(/^kardex-.*\.xlsx$/);
});
