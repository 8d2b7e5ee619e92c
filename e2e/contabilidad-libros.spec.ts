import { expect, test, type Locator, type Page } from '@playwright/test';
import { iniciarSesion } from './helpers';

const CARGA = { timeout: 20_000 };

async function elegirCuenta(page: Page, campo: Locator, texto: string, titulo: string) {
  await expect(async () => {
    await campo.click();
    await campo.fill(texto);
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${titulo}"]`).click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

async function llenarAsiento(page: Page) {
  await page.getByRole('button', { name: 'Nuevo asiento' }).click();
  const modal = page.getByRole('dialog', { name: 'Nuevo asiento' });
  await modal.getByLabel('Glosa').fill('Depósito del aporte de capital');
  await elegirCuenta(page, modal.getByLabel('Cuenta de la línea 1'), '104102', '104102 Interbank cuenta corriente');
  await modal.getByLabel('Debe de la línea 1').fill('500');
  await elegirCuenta(page, modal.getByLabel('Cuenta de la línea 2'), '5011', '5011 Acciones');
  await modal.getByLabel('Haber de la línea 2').fill('500');
  await expect(modal.getByTestId('totales-asiento')).toContainText('Cuadrado');
  await modal.getByRole('button', { name: 'Registrar' }).click();
  return modal;
}

// Issue 15: a sub-account, a closed month refusing an entry, the balanced entry once reopened, the trial balance
// with equal totals and the account's ledger.
test('subcuenta, periodo cerrado que rechaza el asiento, asiento cuadrado, balance y libro mayor', async ({ page }) => {
  test.setTimeout(120_000);
  await iniciarSesion(page, 'supervisor');
  const menu = page.getByRole('menu', { name: 'Menú principal' });

  await menu.getByRole('link', { name: 'Plan de cuentas' }).click();
  await expect(page).toHaveURL(/\/admin\/contabilidad\/plan-cuentas$/);
  await expect(page.getByTestId('pagina-plan-cuentas')).toBeVisible(CARGA);
  await page.getByRole('button', { name: 'Nueva subcuenta' }).click();
  const fc = page.getByRole('dialog', { name: 'Nueva subcuenta' });
  await fc.getByLabel('Código').fill('104102');
  await fc.getByLabel('Denominación').fill('Interbank cuenta corriente');
  await fc.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Subcuenta creada')).toBeVisible();
  await page.getByLabel('Buscar cuenta').fill('1041');
  await page.getByLabel('Buscar cuenta').press('Enter');
  await expect(page.getByRole('row', { name: /104102 Interbank cuenta corriente/ })).toContainText('Empresa');

  // Close the current month: the entry is refused in Spanish.
  await menu.getByRole('link', { name: 'Periodos contables' }).click();
  await expect(page.getByTestId('pagina-periodos')).toBeVisible(CARGA);
  const mes = new Intl.DateTimeFormat('es-PE', { timeZone: 'America/Lima', month: 'long' }).format(new Date());
  const fila = page.getByRole('row', { name: new RegExp(mes, 'i') });
  await fila.getByRole('button', { name: 'Cerrar' }).click();
  await page.getByRole('button', { name: 'Cerrar periodo' }).click();
  await expect(fila).toContainText('Cerrado');

  await menu.getByRole('link', { name: 'Asientos contables' }).click();
  await expect(page.getByTestId('pagina-asientos')).toBeVisible(CARGA);
  const modal = await llenarAsiento(page);
  await expect(modal.getByText(/está cerrado: no admite asientos/)).toBeVisible();
  await modal.getByRole('button', { name: 'Cancelar' }).click();

  await menu.getByRole('link', { name: 'Periodos contables' }).click();
  await fila.getByRole('button', { name: 'Reabrir' }).click();
  await expect(fila).toContainText('Abierto');

  await menu.getByRole('link', { name: 'Asientos contables' }).click();
  await expect(page.getByTestId('pagina-asientos')).toBeVisible(CARGA);
  await llenarAsiento(page);
  await expect(page.getByText(/Asiento M\d{4} registrado/)).toBeVisible();
  await expect(page.getByRole('row', { name: /Depósito del aporte de capital/ })).toContainText('500.00');
  await page.getByRole('button', { name: 'Contabilizar ventas' }).click();
  await expect(page.getByText(/Ventas contabilizadas: \d+/)).toBeVisible();

  // Trial balance: debit and credit totals are equal; the ledger of the new account ends at 500.00.
  await menu.getByRole('link', { name: 'Balance y libro mayor' }).click();
  await expect(page.getByTestId('pagina-reportes-contables')).toBeVisible(CARGA);
  await expect(page.getByRole('row', { name: /104102 Interbank/ })).toContainText('500.00');
  const celdas = page.getByTestId('totales-balance').locator('td');
  await expect(celdas.nth(3)).not.toHaveText('');
  expect(await celdas.nth(3).textContent()).toBe(await celdas.nth(4).textContent());
  expect(await celdas.nth(5).textContent()).toBe(await celdas.nth(6).textContent());
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  expect((await descarga).suggestedFilename()).toMatch(/^balance-comprobacion-\d{4}-\d{2}\.xlsx$/);

  await page.getByRole('tab', { name: 'Libro mayor' }).click();
  await elegirCuenta(page, page.getByLabel('Cuenta del libro mayor'), '104102', '104102 Interbank cuenta corriente');
  await expect(page.getByTestId('saldo-final-mayor')).toHaveText('500.00');
});
