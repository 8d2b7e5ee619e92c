import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion } from './helpers';

// Branch posboleta (issue 12): offline the cashier picks Boleta: the sale is a boleta of the device's own B9xx series
// (a new browser context is a new device, so its first boleta is number 1), queued in IndexedDB with the counter 1 and
// the ticket "Boleta de venta electrónica ... pendiente de envío"; back online it syncs (counter 0), is issued by the
// engine, and is in the documents list. The cashier's session is closed at the end, so the spec runs again.
const expect = expectBase.configure({ timeout: 30_000 });

test.use({ viewport: { width: 1280, height: 900 } });

test('una boleta sin conexión en la serie del equipo se sincroniza al volver la conexión', async ({ page, context, browser }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'cajero');
  await page.goto('/puntoventa');
  await expect(page.getByText('Abrir caja', { exact: true }).or(page.getByTestId('pv-sesion'))).toBeVisible();
  if (await page.getByText('Abrir caja', { exact: true }).isVisible()) {
    await page.getByLabel('Fondo inicial').fill('100');
    await page.getByRole('button', { name: 'Aperturar caja' }).click();
  }
  await expect(page.getByTestId('pv-sesion')).toContainText('cajero');
  await expect(page.getByTestId('pv-pendientes')).toHaveText('0 pendientes de sincronizar');
  await page.getByLabel('Buscar producto').fill('arroz');
  await expect(page.getByText('ARROZ EXTRA COSTEÑO 5 KG')).toBeVisible();
  await page.getByLabel('Buscar producto').fill('');

  await context.setOffline(true);
  await expect(page.getByTestId('pv-sin-conexion')).toHaveText('Sin conexión');
  await expect(page.getByTestId('pv-aviso-sin-conexion')).toContainText(/o boletas de la serie B9\d{2}/);
  // The cashier chooses Boleta: the series is the device's B9xx.
  await page.getByRole('radiogroup').getByText('Boleta', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Boleta' })).toBeChecked();
  await expect(page.getByLabel('Serie')).toBeDisabled();
  await page.getByLabel('Buscar producto').fill('arroz');
  await page.getByTestId('pv-resultado').filter({ hasText: 'ARROZ EXTRA COSTEÑO 5 KG' }).click();
  await expect(page.getByTestId('pv-total')).toHaveText('S/ 24.90');
  await page.keyboard.press('F9');
  const cobro = page.getByRole('dialog', { name: 'Cobrar S/ 24.90' });
  await cobro.getByLabel('Monto 1').fill('30');
  await cobro.getByRole('button', { name: 'Confirmar cobro' }).click();
  const pendiente = page.getByTestId('pv-pendiente');
  await expect(pendiente).toContainText('Boleta de venta electrónica');
  await expect(pendiente).toContainText('Pendiente de envío a SUNAT');
  await expect(pendiente).toContainText('Vuelto: S/ 5.10');
  const serieNumero = (await pendiente.locator('strong').first().textContent())!.trim();
  expect(serieNumero).toMatch(/^B9\d{2}-1$/);
  await page.getByRole('button', { name: 'Nueva venta' }).click();
  await expect(page.getByTestId('pv-pendientes')).toHaveText('1 pendientes de sincronizar');

  await context.setOffline(false);
  await expect(page.getByTestId('pv-sin-conexion')).toHaveCount(0);
  await expect(page.getByTestId('pv-pendientes')).toHaveText('0 pendientes de sincronizar');

  // The boleta is in the documents list (the supervisor's).
  const [serie, numero] = serieNumero.split('-');
  const otro = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const sup = await otro.newPage();
  await iniciarSesion(sup, 'supervisor');
  await sup.goto(`/admin/documentos?idtipodocumento=1004&serie=${serie}&correlativo=${numero}&idsucursal=0`);
  await expect(sup.getByTestId('enlace-documento').filter({ hasText: serieNumero })).toBeVisible();
  await otro.close();

  // The session closes (left closed for the next spec).
  await page.getByRole('button', { name: 'Cerrar caja' }).click();
  const cierre = page.getByRole('dialog', { name: 'Cerrar caja (arqueo)' });
  await cierre.getByRole('button', { name: 'Cerrar caja' }).click();
  await expect(page.getByTestId('pv-cierre')).toBeVisible();
});
