import { expect as expectBase, test, type Page } from '@playwright/test';
import { elegirOpcion, iniciarSesion, llamarApi } from './helpers';

// Branch marcas (issue 13): a brand and a category from the items screen, an item with two extra barcodes and a
// minimum stock, found at the point of sale by mode 5 "Marca" and by scanning its second barcode. Unique names per run.
const expect = expectBase.configure({ timeout: 60_000 });
test.use({ viewport: { width: 1280, height: 900 } });

/** GS1 check digit, so the test's GTIN-13 is valid whatever the run's random digits. */
function gtin13(doce: string): string {
  let suma = 0;
  for (let i = 0; i < 12; i++) suma += Number(doce[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return doce + ((10 - (suma % 10)) % 10);
}

/**
 * The point of sale's "Buscar por" picker has no search box (six fixed options), so `elegirOpcion`'s fill does not
 * apply: open it, click the option, and count the pick only once the select shows it.
 */
async function elegirModo(page: Page, titulo: string) {
  const campo = page.getByLabel('Buscar por');
  const select = campo.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await campo.click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${titulo}"]`).click({ timeout: 3_000 });
    await expect(select).toContainText(titulo, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('marca, categoría, producto con dos códigos de barras y stock mínimo; el punto de venta lo encuentra por marca y por su segundo código', async ({ page }) => {
  test.setTimeout(420_000);
  const sufijo = `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const marca = `Marca E2E ${sufijo}`;
  const categoria = `Categoría E2E ${sufijo}`;
  const codigo = `MRC-${sufijo}`;
  const descripcion = `GALLETA SODA E2E ${sufijo}`;
  const barras1 = gtin13(`775${String(Date.now()).slice(-9)}`);
  const barras2 = `SCAN-${sufijo}`;
  await iniciarSesion(page, 'supervisor');

  // Brands and categories: the items screen's drawer.
  await page.goto('/admin/items');
  await expect(page.getByTestId('pagina-items')).toBeVisible();
  await page.getByRole('button', { name: 'Marcas y categorías' }).click();
  await page.getByLabel('Nombre de la nueva marca').fill(marca);
  await page.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByRole('cell', { name: `${marca} Editar` })).toBeVisible();
  // The same name again (other case) is refused in Spanish.
  await page.getByLabel('Nombre de la nueva marca').fill(marca.toUpperCase());
  await page.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ya existe una marca con este nombre' })).toBeVisible();
  await page.getByLabel('Nombre de la nueva marca').fill('');
  await page.getByRole('tab', { name: 'Categorías' }).click();
  await page.getByLabel('Nombre de la nueva categoría').fill(categoria);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByRole('cell', { name: `${categoria} Editar` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Nombre de la nueva categoría')).toBeHidden();

  // The item, with brand, category, brand code, two extra barcodes and a minimum stock.
  await page.getByRole('button', { name: 'Nuevo producto o servicio' }).click();
  const form = page.getByTestId('form-item');
  await form.getByLabel('Código', { exact: true }).fill(codigo);
  await form.getByLabel('Descripción').fill(descripcion);
  await form.getByLabel('Precio', { exact: true }).fill('2.50');
  await elegirOpcion(page, form.getByLabel('Marca', { exact: true }), marca.slice(0, 12), marca);
  await elegirOpcion(page, form.getByLabel('Categoría', { exact: true }), categoria.slice(0, 14), categoria);
  await form.getByLabel('Código marca').fill(`CM-${sufijo}`);
  await form.getByLabel('Stock mínimo').fill('5');
  const barras = form.getByLabel('Códigos de barras adicionales');
  await barras.fill(barras1);
  await barras.press('Enter');
  await barras.fill(barras2);
  await barras.press('Enter');
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Producto o servicio registrado')).toBeVisible();
  const creado = await llamarApi<{ Data: { Codigo: string; Marca: string; Categoria: string; CodigosBarras: string[]; StockMinimo: string }[] }>(page, `/api/logistica/v1/items?filtro=${codigo}&modo=2`);
  expect(creado.body.Data[0]).toMatchObject({ Codigo: codigo, Marca: marca, Categoria: categoria, CodigosBarras: [barras1, barras2], StockMinimo: '5' });

  // With no stock it is below its minimum in the stock screen.
  await page.goto('/admin/inventarios?minimo=1');
  await expect(page.getByTestId('tabla-bajo-minimo').getByRole('row').filter({ hasText: codigo })).toContainText(descripcion);

  // The point of sale (the supervisor's box may be open already: termica.spec leaves it open on this server).
  await page.goto('/puntoventa');
  await expect(page.getByTestId('pv-sesion').or(page.getByText('Abrir caja', { exact: true }))).toBeVisible();
  if (await page.getByText('Abrir caja', { exact: true }).isVisible()) {
    await page.getByLabel('Fondo inicial').fill('100');
    await page.getByRole('button', { name: 'Aperturar caja' }).click();
  }
  await expect(page.getByTestId('pv-sesion')).toBeVisible();

  // Mode 5 "Marca": the brand's name finds it; the category chip keeps it.
  await elegirModo(page, '5 · Marca');
  const buscador = page.getByLabel('Buscar producto');
  await buscador.fill(marca.slice(0, 14).toLowerCase());
  const resultado = page.getByTestId('pv-resultado').filter({ hasText: descripcion });
  await expect(resultado).toBeVisible();
  await expect(resultado).toContainText(marca);
  await page.getByTestId('pv-categorias').getByText(categoria, { exact: true }).click();
  await expect(resultado).toBeVisible();
  await expect(page.getByTestId('pv-resultado')).toHaveCount(1);
  await page.getByTestId('pv-categorias').getByText(categoria, { exact: true }).click();

  // Back to the default search; a scan of the second barcode (text and Enter) adds it and keeps the focus.
  await elegirModo(page, 'Buscar por: todo');
  await buscador.fill(barras2);
  await buscador.press('Enter');
  await expect(page.getByTestId('pv-linea').filter({ hasText: descripcion })).toBeVisible();
  await expect(buscador).toBeFocused();
  await expect(buscador).toHaveValue('');
  // Cancel the sale (nothing is issued).
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pv-linea')).toHaveCount(0);

  // Close the session: on the shared server puntoventa.spec's cashier opens the same "Caja principal" afterwards, and
  // a box with an open session is not offered to anyone else.
  await page.getByRole('button', { name: 'Cerrar caja' }).click();
  const cierre = page.getByRole('dialog', { name: 'Cerrar caja (arqueo)' });
  await cierre.getByRole('button', { name: 'Cerrar caja' }).click();
  await expect(page.getByTestId('pv-cierre')).toBeVisible();
});
