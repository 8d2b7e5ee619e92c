import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion } from './helpers';

// Branch posoffline (issue 12): the connection drops (the browser's offline mode), the cashier keeps selling: the sale
// is a nota de venta of the device's own series, queued in IndexedDB, the counter shows 1 pending and the box cannot be
// closed; back online it syncs by itself (counter 0) and the document is in the documents list. Runs twice on one server:
// the cashier's session is closed at the end, and the device's numbers simply go on.
const expect = expectBase.configure({ timeout: 30_000 });

test.use({ viewport: { width: 1280, height: 900 } });

test('una venta sin conexión se sincroniza al volver la conexión; no se cierra la caja con ventas pendientes', async ({ page, context, browser }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'cajero');
  await page.goto('/puntoventa');
  await expect(page.getByText('Abrir caja', { exact: true }).or(page.getByTestId('pv-sesion'))).toBeVisible();
  if (await page.getByText('Abrir caja', { exact: true }).isVisible()) {
    await page.getByLabel('Fondo inicial').fill('100');
    await page.getByRole('button', { name: 'Aperturar caja' }).click();
  }
  await expect(page.getByTestId('pv-sesion')).toContainText('cajero');
  // Online, the device is registered and the counter reads 0; a search caches the product it finds.
  await expect(page.getByTestId('pv-pendientes')).toHaveText('0 pendientes de sincronizar');
  await page.getByLabel('Buscar producto').fill('arroz');
  await expect(page.getByText('ARROZ EXTRA COSTEÑO 5 KG')).toBeVisible();
  await page.getByLabel('Buscar producto').fill('');

  // The connection drops.
  await context.setOffline(true);
  await expect(page.getByTestId('pv-sin-conexion')).toHaveText('Sin conexión');
  await expect(page.getByTestId('pv-aviso-sin-conexion')).toContainText('se registran como notas de venta de la serie D');
  await page.getByLabel('Buscar producto').fill('arroz');
  await page.getByTestId('pv-resultado').filter({ hasText: 'ARROZ EXTRA COSTEÑO 5 KG' }).click();
  await expect(page.getByTestId('pv-total')).toHaveText('S/ 24.90');
  await page.keyboard.press('F9');
  const cobro = page.getByRole('dialog', { name: 'Cobrar S/ 24.90' });
  await cobro.getByLabel('Monto 1').fill('30');
  await cobro.getByRole('button', { name: 'Confirmar cobro' }).click();
  const pendiente = page.getByTestId('pv-pendiente');
  await expect(pendiente).toContainText('Pendiente de sincronizar');
  await expect(pendiente).toContainText('Vuelto: S/ 5.10');
  const serieNumero = (await pendiente.locator('strong').first().textContent())!.trim();
  expect(serieNumero).toMatch(/^D\w{3}-\d+$/);
  await page.getByRole('button', { name: 'Nueva venta' }).click();
  await expect(page.getByTestId('pv-pendientes')).toHaveText('1 pendientes de sincronizar');

  // The box cannot be closed with a sale not yet on the server.
  await page.getByRole('button', { name: 'Cerrar caja' }).click();
  const cierre = page.getByRole('dialog', { name: 'Cerrar caja (arqueo)' });
  await cierre.getByRole('button', { name: 'Cerrar caja' }).click();
  await expect(page.getByText('Hay 1 venta sin conexión pendientes de sincronizar: conéctese y espere a que se sincronicen antes de cerrar la caja')).toBeVisible();
  await cierre.getByRole('button', { name: 'Volver' }).click();

  // Back online: the queue goes to the server and the counter drops to 0.
  await context.setOffline(false);
  await expect(page.getByTestId('pv-sin-conexion')).toHaveCount(0);
  await expect(page.getByTestId('pv-pendientes')).toHaveText('0 pendientes de sincronizar');

  // The nota de venta is in the documents list (the supervisor's).
  const [serie, numero] = serieNumero.split('-');
  const otro = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const sup = await otro.newPage();
  await iniciarSesion(sup, 'supervisor');
  await sup.goto(`/admin/documentos?idtipodocumento=1008&serie=${serie}&correlativo=${numero}&idsucursal=0`);
  await expect(sup.getByTestId('enlace-documento').filter({ hasText: serieNumero })).toBeVisible();
  await otro.close();

  // Now it closes (the cashier's session is left closed for the next spec).
  await page.getByRole('button', { name: 'Cerrar caja' }).click();
  const cierre2 = page.getByRole('dialog', { name: 'Cerrar caja (arqueo)' });
  await cierre2.getByRole('button', { name: 'Cerrar caja' }).click();
  await expect(page.getByTestId('pv-cierre')).toBeVisible();
});
