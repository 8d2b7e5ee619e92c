import { expect as expectBase, test } from '@playwright/test';
import { elegirQueContenga, iniciarSesion, llamarApi, rucPropio, selectDe } from './helpers';

// Issue 13 ("percepción and detracción data" of a purchase): the supervisor registers a supplier's factura subject to
// the SPOT in /admin/compras; the list shows the detracción, and Cuentas por pagar shows the supplier's due of
// total − detracción beside the detracción's own due, which the Banco de la Nación deposit settles.
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1366, height: 900 } });
const MARCA = Date.now().toString(36).toUpperCase();

test('factura de compra sujeta a detracción: cuota al proveedor y cuota de detracción', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const codigo = `SPOT-${MARCA}`;
  const item = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: codigo, Descripcion: `ARENA GRUESA ${MARCA}`, CodigoUnidad: 'NIU', Precio: '15', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(item.status, JSON.stringify(item.body)).toBe(201);
  const ruc = rucPropio();
  const numero = String(Date.now() % 10_000_000);
  const serieNumero = `F909-${numero}`;

  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Compras' }).click();
  await expect(page.getByTestId('pagina-compras')).toBeVisible();
  await page.getByRole('button', { name: 'Nueva compra' }).click();
  const cajon = page.getByRole('dialog', { name: 'Nueva compra' });
  // 100 m3 at S/ 10.00 + IGV = S/ 1,180.00; arena y piedra (catálogo 54, 009) at 10 %: S/ 118.00 to the Banco de la Nación.
  await cajon.getByLabel('RUC del proveedor').fill(ruc);
  await cajon.getByLabel('Razón social').fill(`AGREGADOS ${MARCA} S.A.C.`);
  await cajon.getByLabel('Serie').fill('F909');
  await cajon.getByLabel('Número').fill(numero);
  await cajon.getByText('Sujeta a detracción (SPOT)').click();
  await elegirQueContenga(page, cajon.getByRole('combobox', { name: 'Bien o servicio (catálogo 54)' }), '009 - Arena y piedra', '009');
  await cajon.getByLabel('Porcentaje').fill('10');
  await cajon.getByLabel('Monto de la detracción').fill('118');
  await elegirQueContenga(page, cajon.getByRole('combobox', { name: 'Producto' }), codigo, codigo);
  await cajon.getByLabel('Cantidad').fill('100');
  await cajon.getByLabel('Valor unitario (sin IGV)').fill('10');
  await expect(selectDe(cajon.getByRole('combobox', { name: 'Bien o servicio (catálogo 54)' }))).toContainText('009 - Arena y piedra');
  await cajon.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(page.getByText(`Compra ${serieNumero} registrada: S/ 1,180.00`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(serieNumero) })).toContainText('Detracción S/ 118.00');

  // Payables: the purchase owes 1,180.00 in two dues, 1,062.00 to the supplier and 118.00 of detracción.
  await menu.getByRole('link', { name: 'Cuentas por pagar' }).click();
  await expect(page.getByTestId('pagina-cuentas-por-pagar')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Proveedor', exact: true }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Proveedor', exact: true }).press('Enter');
  await expect(page.getByTestId(`saldo-cxp-${serieNumero}`)).toHaveText('S/ 1,180.00');
  await page.getByRole('row', { name: new RegExp(serieNumero) }).getByRole('button', { name: /Expandir fila/ }).click();
  // The dues' rows: the detracción one carries its tag; the supplier's is the other.
  const cuotas = page.locator('.ant-table-expanded-row tr.ant-table-row');
  await expect(cuotas).toHaveCount(2);
  await expect(cuotas.filter({ has: page.locator('.ant-tag', { hasText: 'Detracción' }) })).toContainText('S/ 118.00');
  await expect(cuotas.first()).toContainText('S/ 1,062.00');

  // Paying the purchase offers the supplier's due filled in and the detracción due empty, with the reason.
  await page.getByRole('row', { name: new RegExp(serieNumero) }).getByRole('button', { name: `Pagar ${serieNumero}` }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Pagar ${serieNumero}`) });
  await expect(modal.getByLabel('Monto de la cuota 1')).toHaveValue('1062.00');
  await expect(modal.getByLabel('Monto de la cuota 2')).toHaveValue('');
  await expect(modal.getByTestId('aviso-cuota-detraccion')).toContainText('La cuota de detracción (S/ 118.00) se deposita en la cuenta del proveedor en el Banco de la Nación');
  await modal.getByRole('button', { name: 'Cancelar' }).click();
});
