import { expect as expectBase, test, type Page } from '@playwright/test';
import { iniciarSesion, leerStorage } from './helpers';

// Issues 13 and 14: the supervisor registers a supplier's factura at /admin/compras, sees the stock rise at the
// purchase's cost, pays it from a cash box in the payables view (receipt included) and sees the balance go to 0.
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1366, height: 900 } });
const MARCA = Date.now().toString(36).toUpperCase();

async function llamarApi<T>(page: Page, ruta: string, metodo = 'GET', cuerpo?: unknown): Promise<{ status: number; body: T }> {
  const token = await leerStorage(page, 'AccessToken');
  return page.evaluate(
    async ({ ruta, metodo, cuerpo, token }) => {
      const r = await fetch(ruta, { method: metodo, headers: { Authorization: `Bearer ${token}`, ...(cuerpo ? { 'Content-Type': 'application/json' } : {}) }, body: cuerpo ? JSON.stringify(cuerpo) : undefined });
      return { status: r.status, body: (await r.json()) as T };
    },
    { ruta, metodo, cuerpo, token },
  );
}

test('compra al proveedor: el stock sube, se paga y el saldo queda en 0', async ({ page }) => {
  test.setTimeout(150_000);
  await iniciarSesion(page, 'supervisor');
  // A product of its own, so the stock figures are this test's alone.
  const codigo = `CMP-${MARCA}`;
  const item = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: codigo, Descripcion: `GALLETAS DE SODA ${MARCA}`, CodigoUnidad: 'NIU', Precio: '1.50', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(item.status, JSON.stringify(item.body)).toBe(201);
  const numero = String(Date.now() % 10_000_000);
  const serieNumero = `F777-${numero}`;

  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Compras' }).click();
  await expect(page).toHaveURL(/\/admin\/compras$/);
  await expect(page.getByTestId('pagina-compras')).toBeVisible();

  // The purchase: 12 units at S/ 5.00 + IGV = S/ 70.80, cash, into the main warehouse (chosen by default).
  await page.getByRole('button', { name: 'Nueva compra' }).click();
  const cajon = page.getByRole('dialog', { name: 'Nueva compra' });
  await cajon.getByLabel('RUC del proveedor').fill('20100047218');
  await cajon.getByLabel('Razón social').fill(`DISTRIBUIDORA ${MARCA} S.A.C.`);
  await cajon.getByLabel('Serie').fill('F777');
  await cajon.getByLabel('Número').fill(numero);
  await cajon.getByRole('combobox', { name: 'Producto' }).click();
  await cajon.getByRole('combobox', { name: 'Producto' }).fill(codigo);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: codigo }).first().click();
  await cajon.getByLabel('Cantidad').fill('12');
  await cajon.getByLabel('Valor unitario (sin IGV)').fill('5.00');
  await cajon.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(page.getByText(`Compra ${serieNumero} registrada: S/ 70.80`)).toBeVisible();
  const fila = page.getByRole('row', { name: new RegExp(serieNumero) });
  await expect(fila).toContainText('Pendiente');
  await expect(page.getByTestId(`saldo-compra-${serieNumero}`)).toHaveText('S/ 70.80');

  // The same document again is refused in Spanish.
  await page.getByRole('button', { name: 'Nueva compra' }).click();
  await cajon.getByLabel('RUC del proveedor').fill('20100047218');
  await cajon.getByLabel('Serie').fill('F777');
  await cajon.getByLabel('Número').fill(numero);
  await cajon.getByRole('combobox', { name: 'Producto' }).click();
  await cajon.getByRole('combobox', { name: 'Producto' }).fill(codigo);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: codigo }).first().click();
  await cajon.getByLabel('Cantidad').fill('1');
  await cajon.getByLabel('Valor unitario (sin IGV)').fill('1');
  await cajon.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(cajon.getByTestId('error-compra')).toContainText(`La Factura ${serieNumero} del proveedor 20100047218 ya está registrada`);
  await cajon.locator('.ant-drawer-close').click();

  // The stock rose by 12 at S/ 5.0000.
  await menu.getByRole('link', { name: 'Stock' }).click();
  await expect(page.getByTestId('pagina-stock')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar producto' }).fill(codigo);
  await page.getByRole('searchbox', { name: 'Buscar producto' }).press('Enter');
  const stock = page.getByRole('row', { name: new RegExp(`GALLETAS DE SODA ${MARCA}`) });
  await expect(stock).toHaveCount(1);
  await expect(stock.getByRole('cell').nth(4)).toHaveText('12');
  await expect(stock).toContainText('S/ 5.0000');

  // Payables: the purchase owes S/ 70.80; it is paid in cash from the petty-cash box.
  await menu.getByRole('link', { name: 'Cuentas por pagar' }).click();
  await expect(page.getByTestId('pagina-cuentas-por-pagar')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Proveedor' }).fill('20100047218');
  await page.getByRole('searchbox', { name: 'Proveedor' }).press('Enter');
  const deuda = page.getByRole('row', { name: new RegExp(serieNumero) });
  await expect(page.getByTestId(`saldo-cxp-${serieNumero}`)).toHaveText('S/ 70.80');
  await deuda.getByRole('button', { name: `Pagar ${serieNumero}` }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Pagar ${serieNumero}`) });
  await modal.getByLabel('Caja').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="Caja chica tienda"]').click();
  await expect(modal.getByLabel('Monto de la cuota 1')).toHaveValue('70.80');
  await modal.getByLabel('Monto de la cuota 1').fill('70.81');
  await modal.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(modal.getByTestId('error-cobro')).toContainText('excede el saldo');
  await modal.getByLabel('Monto de la cuota 1').fill('70.80');
  await modal.getByRole('button', { name: 'Registrar pago' }).click();
  const hecho = page.getByRole('dialog', { name: 'Pago registrado' });
  await expect(hecho).toContainText('Recibo RP-');
  const pestana = page.waitForEvent('popup');
  await hecho.getByRole('button', { name: 'Ver recibo' }).click();
  expect((await pestana).url()).toMatch(/^blob:/);
  await hecho.getByRole('button', { name: 'Listo' }).click();
  await expect(page.getByRole('row', { name: new RegExp(serieNumero) })).toHaveCount(0);

  // Back in purchases: paid, balance 0.
  await menu.getByRole('link', { name: 'Compras' }).click();
  await expect(page.getByRole('row', { name: new RegExp(serieNumero) })).toContainText('Pagado');
  await expect(page.getByTestId(`saldo-compra-${serieNumero}`)).toHaveText('S/ 0.00');
});
