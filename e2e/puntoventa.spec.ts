import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion } from './helpers';

// Issue 12: the cashier opens its cash session, sells a boleta at the point of sale with the keyboard (F2, Enter, F9),
// gets the change, opens the 80 mm ticket and closes the session with a blind count. Lazy pages on a shared machine.
const expect = expectBase.configure({ timeout: 30_000 });

test.use({ viewport: { width: 1280, height: 900 } });

test('el cajero abre su caja, vende una boleta en el punto de venta y cierra la caja con el arqueo ciego', async ({ page, context }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'cajero');
  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByText('Caja', { exact: true }).click();
  await menu.getByRole('link', { name: 'Punto de venta' }).click();
  await expect(page).toHaveURL(/\/puntoventa$/);

  // No open session: the point of sale asks to open one (the demo's "Caja principal" of the cashier's branch).
  await expect(page.getByText('Abrir caja', { exact: true })).toBeVisible();
  await page.getByLabel('Fondo inicial').fill('100');
  await page.getByRole('button', { name: 'Aperturar caja' }).click();
  await expect(page.getByTestId('pv-sesion')).toContainText('Caja principal · cajero');

  // Usable on a phone: nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Keyboard: F2 to the search box, Enter adds the first match (as a barcode scanner does), F9 charges.
  await page.keyboard.press('F2');
  await expect(page.getByLabel('Buscar producto')).toBeFocused();
  await page.keyboard.type('ar');
  await expect(page.getByText('Escriba al menos tres letras para buscar')).toBeVisible();
  await page.keyboard.type('roz');
  await expect(page.getByText('ARROZ EXTRA COSTEÑO 5 KG')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pv-linea')).toHaveCount(1);
  await expect(page.getByTestId('pv-total')).toHaveText('S/ 24.90');
  await expect(page.getByLabel('Buscar producto')).toBeFocused();
  await expect(page.getByTestId('pv-cliente')).toContainText('CLIENTES VARIOS');

  await page.keyboard.press('F9');
  const cobro = page.getByRole('dialog', { name: 'Cobrar S/ 24.90' });
  await expect(cobro).toBeVisible();
  await cobro.getByLabel('Monto 1').fill('50');
  await expect(cobro.getByTestId('pv-vuelto')).toHaveText('Vuelto: S/ 25.10');
  await cobro.getByRole('button', { name: 'Confirmar cobro' }).click();

  const vendida = page.getByTestId('pv-vendida');
  await expect(vendida).toContainText(/Comprobante B001-\d+ por S\/\s24\.90/);
  await expect(vendida).toContainText('Vuelto: S/ 25.10');
  // The ticket: the issued document's 80 mm PDF, in a new tab.
  const [ticket] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Imprimir ticket' }).click()]);
  await expect.poll(() => ticket.url()).toMatch(/^blob:/);
  await ticket.close();
  await page.getByRole('button', { name: 'Nueva venta' }).click();
  await expect(page.getByTestId('pv-linea')).toHaveCount(0);

  // Esc cancels a sale in progress.
  await page.keyboard.press('F2');
  await page.keyboard.type('aceite');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pv-linea')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pv-linea')).toHaveCount(0);

  // Blind close: the cashier declares the cash (100 + 24.90) without seeing the expected figure.
  await page.getByRole('button', { name: 'Cerrar caja' }).click();
  const cierre = page.getByRole('dialog', { name: 'Cerrar caja (arqueo)' });
  await expect(cierre).not.toContainText('Esperado');
  await cierre.getByLabel('Declarado Efectivo').fill('124.90');
  await cierre.getByRole('button', { name: 'Cerrar caja' }).click();
  const resultado = page.getByTestId('pv-cierre');
  await expect(resultado).toContainText('Cerrado');
  await expect(resultado).toContainText('Diferencia: S/ 0.00');
  const [z] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Reporte Z' }).click()]);
  await expect.poll(() => z.url()).toMatch(/^blob:/);
  await z.close();

  // The history lists the closed session.
  await page.goto('/admin/cajas/sesiones');
  await expect(page.getByTestId('pagina-sesiones-caja')).toContainText('Cerrado');
});
