import { expect as expectBase, test, type Page } from '@playwright/test';
import { elegirOpcion, iniciarSesion, llamarApi } from './helpers';

// Branch logsoporte (issue 13): /admin/logisticasoporte from the menu; a unit switched off leaves a new item's unit
// select; a category and a brand created there are used on an item. Unique names per run; KGM is switched on through
// the API first (whatever an earlier run left) and ends switched off.
const expect = expectBase.configure({ timeout: 60_000 });
test.use({ viewport: { width: 1280, height: 900 } });

/** Opens a new item's form and returns whether the unit select offers `titulo` (searching `texto`). */
async function unidadOfrecida(page: Page, texto: string, titulo: string) {
  await page.goto('/admin/items');
  await expect(page.getByTestId('pagina-items')).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo producto o servicio' }).click();
  const form = page.getByTestId('form-item');
  const campo = form.getByLabel('Unidad', { exact: true });
  await campo.click();
  await campo.fill(texto);
  // The list answers once the units are loaded: NIU is always offered (searched by its code in the label).
  const lista = page.locator('.ant-select-dropdown:visible');
  await expect(lista).toBeVisible();
  await campo.fill('NIU');
  await expect(lista.locator('.ant-select-item-option[title="NIU · Unidad (bienes)"]')).toBeVisible();
  await campo.fill(texto);
  const hay = await lista.locator(`.ant-select-item-option[title="${titulo}"]`).count();
  await page.keyboard.press('Escape');
  return hay > 0;
}

test('logisticasoporte: unidad desactivada fuera del formulario; categoría y marca nuevas en un producto', async ({ page }) => {
  test.setTimeout(420_000);
  const sufijo = `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const marca = `Marca Soporte ${sufijo}`;
  const categoria = `Categoría Soporte ${sufijo}`;
  const codigo = `SOP-${sufijo}`;
  await iniciarSesion(page, 'supervisor').catch(async () => {
    await expect(page).toHaveURL(/\/admin$/, { timeout: 60_000 });
  });

  const on = await llamarApi(page, '/api/logistica/v1/unidades/KGM', 'PUT', { Activa: true });
  expect(on.status).toBe(200);
  expect(await unidadOfrecida(page, 'KGM', 'KGM · kilogram')).toBe(true);

  // The page from the menu; KGM switched off in the units tab.
  await page.goto('/admin');
  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Unidades, categorías y marcas' }).click();
  await expect(page).toHaveURL(/\/admin\/logisticasoporte$/);
  const pagina = page.getByTestId('pagina-logisticasoporte');
  await expect(pagina.getByRole('tab', { name: 'Unidades de medida' })).toHaveAttribute('aria-selected', 'true');
  await pagina.getByLabel('Buscar unidad').fill('KGM');
  await pagina.getByLabel('Buscar unidad').press('Enter');
  const fila = pagina.getByTestId('tabla-unidades').getByRole('row').filter({ hasText: 'kilogram' });
  await expect(fila).toHaveCount(1);
  await expect(fila.getByRole('switch', { name: 'Activa KGM' })).toBeChecked();
  await fila.getByRole('switch', { name: 'Activa KGM' }).click();
  await expect(page.getByText('Unidad KGM desactivada')).toBeVisible();
  await expect(fila.getByRole('switch', { name: 'Activa KGM' })).not.toBeChecked();
  // NIU, the default, can't be switched off.
  await pagina.getByLabel('Buscar unidad').fill('NIU');
  await pagina.getByLabel('Buscar unidad').press('Enter');
  await expect(pagina.getByRole('switch', { name: 'Activa NIU' })).toBeDisabled();

  // A category and a brand.
  await pagina.getByRole('tab', { name: 'Categorías' }).click();
  await pagina.getByLabel('Nombre de la nueva categoría').fill(categoria);
  await pagina.getByRole('tabpanel', { name: 'Categorías' }).getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByRole('cell', { name: `${categoria} Editar` })).toBeVisible();
  await pagina.getByRole('tab', { name: 'Marcas' }).click();
  await pagina.getByLabel('Nombre de la nueva marca').fill(marca);
  await pagina.getByRole('tabpanel', { name: 'Marcas' }).getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByRole('cell', { name: `${marca} Editar` })).toBeVisible();

  // KGM is no longer offered to a new item.
  expect(await unidadOfrecida(page, 'KGM', 'KGM · kilogram')).toBe(false);

  // The item with the new category and brand.
  await page.goto('/admin/items');
  await page.getByRole('button', { name: 'Nuevo producto o servicio' }).click();
  const form = page.getByTestId('form-item');
  await form.getByLabel('Código', { exact: true }).fill(codigo);
  await form.getByLabel('Descripción').fill(`ARROZ SOPORTE ${sufijo}`);
  await form.getByLabel('Precio', { exact: true }).fill('4.20');
  await elegirOpcion(page, form.getByLabel('Marca', { exact: true }), marca.slice(0, 16), marca);
  await elegirOpcion(page, form.getByLabel('Categoría', { exact: true }), categoria.slice(0, 18), categoria);
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Producto o servicio registrado')).toBeVisible();
  const creado = await llamarApi<{ Data: { Codigo: string; Marca: string; Categoria: string; CodigoUnidad: string }[] }>(page, `/api/logistica/v1/items?filtro=${codigo}&modo=2`);
  expect(creado.body.Data[0]).toMatchObject({ Codigo: codigo, Marca: marca, Categoria: categoria, CodigoUnidad: 'NIU' });
});
