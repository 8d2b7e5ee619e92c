import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion } from './helpers';

// Issue 12 (branch pos): a credit sale with cuotas at the point of sale, and the canje of a nota de venta into a boleta
// from the nota's page. Lazy pages on a shared 2-core machine: more room.
const expect = expectBase.configure({ timeout: 30_000 });

test.use({ viewport: { width: 1280, height: 900 } });

test('el supervisor vende al crédito en cuotas en el punto de venta: sin cobro en caja', async ({ page }) => {
  test.setTimeout(180_000);
  await iniciarSesion(page, 'supervisor');
  await page.goto('/puntoventa');
  // The supervisor opens its own session on a free box of its branch.
  const abrir = page.getByRole('button', { name: 'Aperturar caja' });
  await expect(abrir.or(page.getByTestId('pv-sesion'))).toBeVisible();
  if (await abrir.isVisible()) {
    await page.getByLabel('Fondo inicial').fill('50');
    await abrir.click();
  }
  await expect(page.getByTestId('pv-sesion')).toBeVisible();

  await page.keyboard.press('F2');
  await page.keyboard.type('arroz');
  await expect(page.getByText('ARROZ EXTRA COSTEÑO 5 KG')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pv-linea')).toHaveCount(1);
  await page.getByLabel('Cantidad de ARROZ EXTRA COSTEÑO 5 KG').fill('4');
  await expect(page.getByTestId('pv-total')).toHaveText('S/ 99.60');

  // Nota de venta to a registered DNI customer of the demo (MARÍA PÉREZ QUISPE).
  // The label, as a cashier clicks it (antd's radio-button input itself has no size to click).
  await page.getByRole('radiogroup').getByText('Nota de venta', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Nota de venta' })).toBeChecked();
  await page.getByLabel('DNI o RUC del cliente').fill('41234567');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByTestId('pv-cliente')).toContainText('MARÍA PÉREZ QUISPE');

  await page.keyboard.press('F9');
  const cobro = page.getByRole('dialog', { name: 'Cobrar S/ 99.60' });
  await expect(cobro).toBeVisible();
  await cobro.getByText('Crédito', { exact: true }).click();
  const cuotas = cobro.getByTestId('pv-cuotas');
  await expect(cuotas).toBeVisible();
  // Two cuotas: 60 now due in 30 days (the default), and 39.60 more.
  await cobro.getByLabel('Monto de la cuota 1').fill('60');
  await expect(cobro.getByTestId('pv-credito')).toContainText('Faltan S/ 39.60 en las cuotas');
  await cobro.getByTestId('agregar-cuota').click();
  await cobro.getByLabel('Monto de la cuota 2').fill('39.60');
  await cobro.getByLabel('Vencimiento de la cuota 2').click();
  // The next month's 15th (always after today).
  await page.locator('.ant-picker-dropdown:visible .ant-picker-header-next-btn').click();
  await page.locator('.ant-picker-dropdown:visible td.ant-picker-cell-in-view').getByText('15', { exact: true }).click();
  await expect(cobro.getByTestId('pv-credito')).toContainText('Sin cobro en caja: S/ 99.60 a cuentas por cobrar');
  await cobro.getByRole('button', { name: 'Confirmar venta al crédito' }).click();

  const vendida = page.getByTestId('pv-vendida');
  await expect(vendida).toContainText(/Comprobante NV01-\d+ por S\/\s99\.60/);
  await expect(vendida).toContainText('Vuelto: S/ 0.00');
  await page.getByRole('button', { name: 'Nueva venta' }).click();

  // Close the session: only the float was taken in cash.
  await page.getByRole('button', { name: 'Cerrar caja' }).click();
  const cierre = page.getByRole('dialog', { name: 'Cerrar caja (arqueo)' });
  await cierre.getByLabel('Declarado Efectivo').fill('50');
  await cierre.getByRole('button', { name: 'Cerrar caja' }).click();
  await expect(page.getByTestId('pv-cierre')).toContainText('Diferencia: S/ 0.00');
});

test('una nota de venta se canjea por boleta desde su página, una sola vez', async ({ page }) => {
  test.setTimeout(180_000);
  await iniciarSesion(page, 'supervisor');
  await page.goto('/admin/documentos/emitir/nota-venta');
  await expect(page.getByTestId('formulario-nota-venta')).toBeVisible();
  await page.getByLabel('Descripción del ítem 1').fill('Canasta navideña');
  await page.getByLabel('Cantidad del ítem 1').fill('2');
  await page.getByLabel('Precio del ítem 1').fill('45.50');
  await expect(page.getByTestId('importe-total')).toHaveText('S/ 91.00');
  await page.getByTestId('emitir').click();
  await expect(page).toHaveURL(/\/admin\/documentos\/\d+$/, { timeout: 45_000 });
  const nota = (await page.getByTestId('serie-numero').innerText()).trim();
  const urlNota = page.url();
  expect(nota).toMatch(/^NV01-\d+$/);

  await page.getByTestId('canjear-boleta').click();
  await expect(page).toHaveURL(/\/admin\/documentos\/emitir\/boleta\?referencia=\d+$/);
  await expect(page.getByTestId('aviso-canje')).toContainText(`Canje de la nota de venta ${nota}`);
  // The nota's lines come over: the same total.
  await expect(page.getByTestId('importe-total')).toHaveText('S/ 91.00');
  await page.getByTestId('emitir').click();
  await expect(page).toHaveURL(/\/admin\/documentos\/\d+$/, { timeout: 45_000 });
  const boleta = (await page.getByTestId('serie-numero').innerText()).trim();
  expect(boleta).toMatch(/^B\w{3}-\d+$/);
  // The document's details name the nota it replaces (label and value are separate cells of the details grid).
  await expect(page.getByTestId('pagina-documento')).toContainText('Canje de la nota de venta');
  await expect(page.getByTestId('pagina-documento')).toContainText(nota);

  // The nota shows its canje and offers no second one.
  await page.goto(urlNota);
  await expect(page.getByTestId('canjeada-por')).toHaveText(boleta);
  await expect(page.getByTestId('canjear-boleta')).toHaveCount(0);
  await expect(page.getByTestId('canjear-factura')).toHaveCount(0);
});
