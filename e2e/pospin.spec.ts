import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion, llamarApi } from './helpers';

// Issue 12 (branch pospin): the cashier, who may not give discounts, sells with a 10 % discount that the supervisor
// authorizes by typing the PIN at the till (demo PIN 2468), all with the keyboard (F2, Enter, F7, F9, Enter). A wrong
// PIN first is refused with a Spanish message. The session's history says who authorized it; the session is closed
// at the end (other POS specs share the box on this server).
const expect = expectBase.configure({ timeout: 30_000 });

test.use({ viewport: { width: 1280, height: 900 } });

test('el cajero vende con un descuento autorizado por el PIN del supervisor', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'cajero');
  await page.goto('/puntoventa');
  await expect(page.getByTestId('pv-sesion').or(page.getByText('Abrir caja', { exact: true }))).toBeVisible();
  if (await page.getByText('Abrir caja', { exact: true }).isVisible()) {
    await page.getByLabel('Fondo inicial').fill('100');
    await page.getByRole('button', { name: 'Aperturar caja' }).click();
  }
  await expect(page.getByTestId('pv-sesion')).toContainText('cajero');

  await page.keyboard.press('F2');
  await page.keyboard.type('arroz extra');
  await expect(page.getByText('ARROZ EXTRA COSTEÑO 5 KG')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pv-linea')).toHaveCount(1);
  await expect(page.getByTestId('pv-total')).toHaveText('S/ 24.90');

  // F7: the sale's discount, 10 % (typed, Enter applies).
  await page.keyboard.press('F7');
  const descuento = page.getByRole('dialog', { name: 'Descuento global de la venta' });
  await expect(descuento).toBeVisible();
  await expect(descuento.getByRole('spinbutton', { name: 'Descuento' })).toBeFocused();
  await page.keyboard.type('10');
  await page.keyboard.press('Enter');
  await expect(descuento).toBeHidden();
  await expect(page.getByTestId('pv-total')).toHaveText('S/ 22.41');
  await expect(page.getByTestId('pv-descuento-total')).toContainText('S/ 2.49');

  // F9: the cashier may not discount, so the supervisor authorizes it with the PIN.
  await page.keyboard.press('F9');
  const aut = page.getByRole('dialog', { name: 'Autorización de supervisor' });
  await expect(aut).toBeVisible();
  await expect(aut).toContainText('S/ 2.49');
  // The supervisor select shows the branch's supervisor (verified by its text).
  await expect(aut.locator('.ant-select').filter({ hasText: 'Rosa Quispe Huamán' })).toBeVisible();
  await expect(aut.getByLabel('PIN del supervisor')).toBeFocused();
  await page.keyboard.type('1111');
  await page.keyboard.press('Enter');
  await expect(aut.getByRole('alert')).toContainText('El PIN del supervisor es incorrecto');
  await expect(aut.getByLabel('PIN del supervisor')).toBeFocused();
  await page.keyboard.type('2468');
  await page.keyboard.press('Enter');
  await expect(aut).toBeHidden();
  await expect(page.getByTestId('pv-autorizado')).toContainText('Autorizado por Rosa Quispe Huamán');

  const cobro = page.getByRole('dialog', { name: 'Cobrar S/ 22.41' });
  await expect(cobro).toBeVisible();
  await expect(cobro.getByLabel('Monto 1')).toBeFocused();
  await page.keyboard.press('Enter');
  const vendida = page.getByTestId('pv-vendida');
  await expect(vendida).toContainText(/Comprobante B001-\d+ por S\/\s22\.41/);
  const numero = (await vendida.textContent())!.match(/B001-\d+/)![0];

  // The session's history: who authorized which discount on which sale.
  const mia = await llamarApi<{ Sesion: { Id: number } }>(page, '/api/finanzas/v1/usuarios/cajas');
  const cuadre = await llamarApi<{ Autorizaciones: { Accion: string; Supervisor: string; Cajero: string; Monto: string; Documento: string }[] }>(
    page,
    `/api/finanzas/v1/cuadrescajas/${mia.body.Sesion.Id}`,
  );
  expect(cuadre.body.Autorizaciones).toContainEqual(expect.objectContaining({ Accion: 'DESCUENTO', Supervisor: 'Rosa Quispe Huamán', Cajero: 'cajero', Monto: '2.49', Documento: numero }));
  await page.getByRole('button', { name: 'Nueva venta' }).click();
  await expect(page.getByTestId('pv-linea')).toHaveCount(0);

  await page.getByRole('button', { name: 'Cerrar caja' }).click();
  const cierre = page.getByRole('dialog', { name: 'Cerrar caja (arqueo)' });
  await cierre.getByRole('button', { name: 'Cerrar caja' }).click();
  await expect(page.getByTestId('pv-cierre')).toBeVisible();
  await expect(page.getByTestId('pv-cierre-autorizaciones')).toContainText(`${numero}`);
});
