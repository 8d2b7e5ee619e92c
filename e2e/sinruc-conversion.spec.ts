import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion } from './helpers';

// Issue 11: a business without RUC (Bodega Doña Rosa, type 2) obtains its RUC and converts to a company with RUC
// through the wizard's type 0 path, keeping its notas de venta; its menu gets the SUNAT screens and it issues a boleta.
// The file name sorts after nota-venta.spec.ts and onboarding.spec.ts, which need Doña Rosa still without RUC
// (the e2e run shares one database and runs the files in name order).
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1280, height: 900 } });

test('una bodega sin RUC se convierte en empresa con RUC, conserva sus notas de venta y emite una boleta', async ({ page }) => {
  test.setTimeout(180_000);
  await iniciarSesion(page, 'sinruc.supervisor');
  const menu = page.getByRole('menu', { name: 'Menú principal' });

  // History: a nota de venta before the conversion.
  await page.goto('/admin/documentos/emitir/nota-venta');
  await expect(page.getByTestId('formulario-nota-venta')).toContainText('NV01');
  await page.getByLabel('Descripción del ítem 1').fill('Azúcar rubia 1 kg');
  await page.getByLabel('Cantidad del ítem 1').fill('1');
  await page.getByLabel('Precio del ítem 1').fill('4.20');
  await page.getByTestId('emitir').click();
  await expect(page.getByTestId('serie-numero')).toHaveText(/^NV01-\d+$/);
  const notaVenta = await page.getByTestId('serie-numero').innerText();

  // Datos de la empresa offers the conversion to a business without RUC.
  await page.goto('/admin/configuraciones/empresa');
  await page.getByTestId('convertir-a-ruc').click();
  await expect(page.getByTestId('aviso-conversion-ruc')).toBeVisible();
  // Only the "Empresa con RUC" path, already chosen.
  await expect(page.getByRole('radio', { name: 'Negocio sin RUC' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Empresa con RUC' })).toHaveAttribute('aria-checked', 'true');
  // A wrong check digit says so; a RUC of another company is refused by the server.
  await page.getByLabel('RUC', { exact: true }).fill('10456789120');
  await expect(page.getByText(/dígito verificador/)).toBeVisible();
  await page.getByLabel('RUC', { exact: true }).fill('20600123450');
  await page.getByLabel('Razón social').fill('Rosa Condori Mamani');
  await page.getByLabel('Dirección fiscal').fill('Calle Los Pinos 120, San Juan de Lurigancho');
  await page.getByRole('button', { name: 'Convertir a empresa con RUC' }).click();
  await expect(page.getByText('Este RUC ya está registrado').first()).toBeVisible();
  await page.getByLabel('RUC', { exact: true }).fill('10456789124');
  await page.getByRole('button', { name: 'Convertir a empresa con RUC' }).click();

  // The wizard's usual steps: SUNAT link (later), then the factura and boleta series.
  await expect(page).toHaveURL(/wizard-config\/vinculacion-sunat$/);
  await page.getByRole('button', { name: 'Configurar después' }).click();
  await expect(page).toHaveURL(/wizard-config\/series-electronicas$/);
  await expect(page.getByLabel('Serie de Facturas electrónicas')).toHaveValue('F001');
  await expect(page.getByLabel('Serie de Boletas de venta electrónicas')).toHaveValue('B001');
  await page.getByRole('button', { name: 'Guardar series y continuar' }).click();
  await expect(page.getByTestId('paso-listo')).toBeVisible();
  await page.getByRole('button', { name: 'Ir al inicio' }).click();
  await expect(page.getByTestId('pagina-inicio')).toBeVisible();

  // The SUNAT screens are in its menu now.
  await menu.getByText('Emitir', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Boleta de venta', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Factura', exact: true })).toBeVisible();

  // A boleta with the new series.
  await menu.getByRole('link', { name: 'Boleta de venta', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/documentos\/emitir\/boleta$/);
  await expect(page.getByLabel('Razón social o nombre')).toHaveValue('CLIENTES VARIOS');
  const serie = page.getByRole('combobox', { name: 'Serie' });
  if (!(await page.getByText('B001').first().isVisible())) {
    await serie.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'B001' }).first().click();
  }
  await page.getByLabel('Descripción del ítem 1').fill('Gaseosa 500 ml');
  await page.getByLabel('Cantidad del ítem 1').fill('2');
  await page.getByLabel('Precio del ítem 1').fill('2.50');
  await expect(page.getByTestId('importe-total')).toHaveText('S/ 5.00');
  await page.getByTestId('emitir').click();
  await expect(page).toHaveURL(/\/admin\/documentos\/\d+$/, { timeout: 45_000 });
  await expect(page.getByTestId('serie-numero')).toHaveText(/^B001-\d+$/);

  // The nota de venta issued before the conversion is still in the list.
  await page.goto('/admin/documentos');
  await expect(page.getByText(notaVenta).first()).toBeVisible();
  // And the company shows its RUC.
  await page.goto('/admin/configuraciones/empresa');
  await expect(page.getByTestId('empresa-ruc')).toHaveText('10456789124');
});
