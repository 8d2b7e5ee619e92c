import { expect, test } from '@playwright/test';
import { iniciarSesion, llamarApi } from './helpers';

// Issue 12: a quotation with a catalogue item at its price-list price, turned into an order, invoiced with a boleta
// through the issuing service, and seen in the sales report. Independent of the other specs.
test.describe.configure({ timeout: 180_000 });

const MARCA = Date.now().toString(36).toUpperCase();

test('cotización -> pedido -> boleta, y la venta en el reporte de ventas', async ({ page }) => {
  await iniciarSesion(page, 'supervisor');
  const descripcion = `CAFÉ PEDIDO ${MARCA}`;
  const item = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: `PE2E-${MARCA}`, Descripcion: descripcion, CodigoUnidad: 'NIU', Precio: '12.50', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(item.status).toBe(201);

  await page.goto('/admin/pedidos');
  const pagina = page.getByTestId('pagina-pedidos');
  await expect(pagina).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Nueva cotización' }).click();
  const form = page.getByTestId('form-pedido');
  await form.getByLabel('Número de documento del cliente').fill('45678912');
  await form.getByLabel('Cliente', { exact: true }).fill('MARÍA PÉREZ QUISPE');
  await form.getByLabel('Buscar ítem').fill(`PEDIDO ${MARCA}`);
  await page.locator('.ant-select-item-option', { hasText: MARCA }).click();
  const cantidad = form.getByLabel('Cantidad');
  await expect(cantidad).toHaveValue('1');
  await expect(form.getByLabel('Precio unitario')).toHaveValue('12.50');
  await cantidad.fill('4');
  await expect(form.getByTestId('pedido-total')).toContainText('Total S/ 50.00');
  await form.getByRole('button', { name: 'Guardar' }).click();
  const aviso = page.getByText(/Cotización COT-\d{8} guardada/);
  await expect(aviso).toBeVisible();
  const numeroCot = (await aviso.textContent())!.match(/COT-\d{8}/)![0];

  const filaCot = page.getByRole('row', { name: new RegExp(numeroCot) });
  await expect(filaCot).toContainText('Pendiente');
  await expect(filaCot).toContainText('S/ 50.00');
  await filaCot.getByRole('button', { name: 'Convertir en pedido' }).click();
  await expect(page.getByText(`Se creó el pedido de la cotización ${numeroCot}`)).toBeVisible();
  await expect(filaCot).toContainText('Concluido');
  await expect(filaCot.getByRole('button', { name: 'Convertir en pedido' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Pedidos' }).click();
  const filaOrigen = page.getByRole('row', { name: new RegExp(`de ${numeroCot}`) });
  await expect(filaOrigen).toContainText('Pendiente');
  const numeroPed = (await filaOrigen.textContent())!.match(/PED-\d{8}/)![0];
  const filaPed = page.getByRole('row', { name: new RegExp(numeroPed) });
  await filaPed.getByRole('button', { name: 'Emitir comprobante' }).click();
  const modal = page.getByRole('dialog', { name: /Emitir comprobante de pedido/ });
  await expect(modal.getByRole('radio', { name: 'Boleta' })).toBeChecked();
  await expect(modal.getByLabel('Serie')).toBeVisible();
  await expect(modal.getByText('B001')).toBeVisible();
  await modal.getByRole('button', { name: 'Emitir' }).click();
  const emitido = page.getByText(/Se emitió B001-\d+ por S\/ 50\.00/);
  await expect(emitido).toBeVisible();
  const serieNumero = (await emitido.textContent())!.match(/B001-\d+/)![0];
  await expect(filaPed).toContainText('Facturado');
  await expect(filaPed).toContainText(serieNumero);
  await expect(filaPed.getByRole('button', { name: 'Emitir comprobante' })).toHaveCount(0);

  await page.goto('/admin/reporte-ventas');
  await expect(page.getByTestId('pagina-reporte-ventas')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Por ítem' }).click();
  const filaItem = page.getByTestId('reporte-item').getByRole('row', { name: new RegExp(MARCA) });
  await expect(filaItem).toContainText('50.00');
  await expect(filaItem).toContainText('4');
  await page.getByRole('tab', { name: 'Por vendedor' }).click();
  // Other specs sell in dollars too on the shared server: the supervisor has one row per currency.
  await expect(page.getByTestId('reporte-vendedor').getByRole('row', { name: /supervisor/ }).filter({ hasText: 'S/' })).toBeVisible();
  // The Excel export downloads.
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  expect((await descarga).suggestedFilename()).toMatch(/^reporte-ventas-.*\.xlsx$/);
});

test('el cajero no ve el reporte de ventas ni los pedidos en su menú', async ({ page }) => {
  await iniciarSesion(page, 'cajero');
  const r = await llamarApi(page, `/api/contabilidad/v1/reportes/ventas?desde=2026-01-01&hasta=2026-01-31`);
  expect(r.status).toBe(403);
  await page.goto('/admin/reporte-ventas');
  await expect(page.getByTestId('pagina-reporte-ventas')).toHaveCount(0);
});
