import { expect, test } from '@playwright/test';
import { elegirOpcion, iniciarSesion, leerStorage } from './helpers';

const CARGA = { timeout: 60_000 };

// Issue 15 (cost centres): an entry's line carries a cost centre chosen in the entry form, and the report by cost
// centre shows what that centre spent and earned in the month.
test('un asiento con centro de costo aparece en el reporte por centro de costo con sus importes', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const auth = { Authorization: `Bearer ${await leerStorage(page, 'AccessToken')}` };
  // The centre is finance's master data; its code is this run's, so the figures below are only this test's.
  const codigo = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const c = await page.request.post('/api/finanzas/v1/centroscostos', { headers: auth, data: { Codigo: codigo, Nombre: `Tienda ${codigo}` } });
  expect(c.status(), await c.text()).toBe(201);

  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Asientos contables' }).click();
  await expect(page.getByTestId('pagina-asientos')).toBeVisible(CARGA);
  await page.getByRole('button', { name: 'Nuevo asiento' }).click();
  const modal = page.getByRole('dialog', { name: 'Nuevo asiento' });
  await modal.getByLabel('Glosa').fill(`Bolsas y limpieza de la tienda ${codigo}`);
  await elegirOpcion(page, modal.getByLabel('Cuenta de la línea 1'), '659', '659 Otros gastos de gestión');
  await modal.getByLabel('Debe de la línea 1').fill('45.30');
  await elegirOpcion(page, modal.getByLabel('Centro de costo de la línea 1'), codigo, `${codigo} Tienda ${codigo}`);
  await elegirOpcion(page, modal.getByLabel('Cuenta de la línea 2'), '101', '101 Caja');
  await modal.getByLabel('Haber de la línea 2').fill('45.30');
  await expect(modal.getByTestId('totales-asiento')).toContainText('Cuadrado');
  await modal.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText(/Asiento M\d+ registrado/)).toBeVisible(CARGA);

  await menu.getByRole('link', { name: 'Centros de costo' }).click();
  await expect(page).toHaveURL(/\/admin\/contabilidad\/centros-costo$/);
  await expect(page.getByTestId('pagina-centros-costo')).toBeVisible(CARGA);
  const fila = page.getByRole('row', { name: new RegExp(`${codigo} Tienda ${codigo}`) });
  // Gastos 45.30, ingresos 0.00, resultado -45.30.
  await expect(fila).toContainText('45.30', CARGA);
  await expect(fila).toContainText('-45.30');
  await fila.getByRole('button', { name: /Expandir|expand/i }).click();
  // The inner row of the expanded table (the expanded outer row's name contains it too).
  await expect(page.getByRole('row', { name: /659 Otros gastos de gestión/ }).last()).toContainText('45.30', CARGA);
});
