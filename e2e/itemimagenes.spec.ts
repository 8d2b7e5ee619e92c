import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion, llamarApi } from './helpers';

// Branch imagenes (issue 13): an image uploaded in the item form shows in its list of images and on the item's tile in
// the point of sale's favourites grid; a file that is not an image (named .png) is refused in Spanish. Unique names per
// run; the item stops being a favourite at the end so repeated runs do not fill the grid.
const expect = expectBase.configure({ timeout: 60_000 });
test.use({ viewport: { width: 1280, height: 900 } });

// A 32 x 32 PNG in four colours, generated once with pngjs.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAUUlEQVR4AcXBQRHAIADAsK6HmInYa0oRhhcQwaPJs753c+HnjsQkJjGJSUxiEpOYxCQmMYlJTGISGzApSUxiEpOYxCQmMYlJTGISk5jEJCaxA3i3A2N3diwJAAAAAElFTkSuQmCC';

test('imagen del producto: se sube en el formulario, se lista y aparece en el favorito del punto de venta', async ({ page }) => {
  test.setTimeout(300_000);
  const sufijo = `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const codigo = `IMG-${sufijo}`;
  const descripcion = `AAA YOGURT CON FOTO ${sufijo}`;
  await iniciarSesion(page, 'supervisor');
  const creado = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: codigo, Descripcion: descripcion, CodigoUnidad: 'NIU', Precio: '3.20', EsFavorito: true });
  expect(creado.status).toBe(201);
  const idItem = creado.body.Id;

  await page.goto(`/admin/items?filtro=${codigo}`);
  await page.getByRole('row').filter({ hasText: codigo }).getByRole('button', { name: 'Editar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Editar producto o servicio' });
  const seccion = drawer.getByTestId('imagenes-item');
  await expect(seccion.getByText('Este producto no tiene imágenes')).toBeVisible();

  // A text file named .png: the server reads its bytes and refuses it in Spanish.
  await seccion.locator('input[type=file]').setInputFiles({ name: 'falsa.png', mimeType: 'image/png', buffer: Buffer.from('esto no es una imagen') });
  await expect(page.getByText('La imagen debe ser PNG, JPG o WebP')).toBeVisible();
  await expect(seccion.getByTestId('imagen-fila')).toHaveCount(0);

  // The real PNG: listed with its name, size and the principal tag, its thumbnail drawn from the token-fetched bytes.
  await seccion.locator('input[type=file]').setInputFiles({ name: `yogurt-${sufijo}.png`, mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') });
  await expect(page.getByText('Imagen subida')).toBeVisible();
  const fila = seccion.getByTestId('imagen-fila');
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText(`yogurt-${sufijo}.png`);
  await expect(fila).toContainText('32×32');
  await expect(fila.getByText('Principal')).toBeVisible();
  const miniatura = fila.getByTestId('imagen-item');
  await expect(miniatura).toBeVisible();
  await expect.poll(() => miniatura.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
  const imagenes = await llamarApi<{ Data: { Id: number; EsPrincipal: boolean }[] }>(page, `/api/logistica/v1/items/${idItem}/imagenes`);
  expect(imagenes.body.Data).toHaveLength(1);
  expect(imagenes.body.Data[0].EsPrincipal).toBe(true);

  // Its own minimum in the first warehouse (the item has none of its own; 900 puts it first in the list): the low-stock
  // list of that warehouse shows it.
  const minimos = drawer.getByTestId('minimos-almacen');
  const primero = minimos.getByRole('textbox').first();
  await primero.fill('900');
  await minimos.getByRole('button', { name: 'Guardar mínimos por almacén' }).click();
  await expect(page.getByText('Stock mínimo por almacén guardado')).toBeVisible();
  const leidos = await llamarApi<{ Data: { IdAlmacen: number; Almacen: string; StockMinimo: string | null }[] }>(page, `/api/logistica/v1/items/${idItem}/minimos`);
  const conMinimo = leidos.body.Data.filter((m) => m.StockMinimo !== null);
  expect(conMinimo).toHaveLength(1);
  expect(conMinimo[0].StockMinimo).toBe('900');
  await page.keyboard.press('Escape');
  await page.goto(`/admin/inventarios?minimo=1&almacen=${conMinimo[0].IdAlmacen}`);
  const bajo = page.getByTestId('tabla-bajo-minimo').getByRole('row').filter({ hasText: codigo });
  await expect(bajo).toContainText(conMinimo[0].Almacen);
  await expect(bajo).toContainText('900');
  // Removed, the warehouse falls back to the item's (none): the item leaves the list.
  expect((await llamarApi(page, `/api/logistica/v1/items/${idItem}/minimos`, 'PUT', { Minimos: [] })).status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('tabla-bajo-minimo')).toBeVisible();
  await expect(page.getByTestId('tabla-bajo-minimo').getByRole('row').filter({ hasText: codigo })).toHaveCount(0);

  // The point of sale (the supervisor's box may be open already on this server).
  await page.goto('/puntoventa');
  await expect(page.getByTestId('pv-sesion').or(page.getByText('Abrir caja', { exact: true }))).toBeVisible();
  if (await page.getByText('Abrir caja', { exact: true }).isVisible()) {
    await page.getByLabel('Fondo inicial').fill('100');
    await page.getByRole('button', { name: 'Aperturar caja' }).click();
  }
  await expect(page.getByTestId('pv-sesion')).toBeVisible();
  const tile = page.getByTestId('pv-favorito').filter({ hasText: descripcion });
  await expect(tile).toBeVisible();
  const imagenTile = tile.getByTestId('imagen-item');
  await expect(imagenTile).toBeVisible();
  await expect.poll(() => imagenTile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);
  // A favourite without images shows the neutral placeholder (the demo's rice).
  await expect(page.getByTestId('pv-favorito').filter({ hasText: 'ARROZ EXTRA COSTEÑO 5 KG' }).getByTestId('imagen-item-vacia')).toBeVisible();
  // The search results carry it too, and a click on the tile adds the item to the sale.
  await page.getByLabel('Buscar producto').fill(codigo);
  await expect(page.getByTestId('pv-resultado').filter({ hasText: descripcion }).getByTestId('imagen-item')).toBeVisible();
  await page.getByLabel('Buscar producto').fill('');
  await tile.click();
  await expect(page.getByTestId('pv-linea').filter({ hasText: descripcion })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pv-linea')).toHaveCount(0);

  expect((await llamarApi(page, `/api/logistica/v1/items/favoritos/${idItem}?esFavorito=false`, 'PUT')).status).toBe(200);
});
