import { expect as expectBase, test } from '@playwright/test';
import { elegirOpcion, iniciarSesion, llamarApi } from './helpers';

const expect = expectBase.configure({ timeout: 20_000 });

// Issue 16 (gruposprecios): a staff canteen. The supervisor sets a special price for an item in a group's price list
// on the Grupos screen, clones the group and sees the copied list, empties the clone's list and copies it back from
// the original. Everything with this run's own item and groups (unique names), so it passes again on the same database.
test('lista de precios de un grupo: fijar un precio, clonar el grupo con su lista, vaciarla y copiarla de otro grupo', async ({ page }) => {
  test.setTimeout(240_000);
  const sufijo = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const codigo = `GP${sufijo}`.slice(0, 15);
  const descripcion = `MENU DEL DIA ${sufijo}`;
  const nombreGrupo = `Comedor ${sufijo}`;
  const nombreClon = `Comedor ${sufijo} turno B`;
  await iniciarSesion(page, 'supervisor');

  const it = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: codigo, Descripcion: descripcion, CodigoUnidad: 'NIU', Precio: '12.00', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(it.status, JSON.stringify(it.body)).toBe(201);
  const g = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/grupos', 'POST', { Nombre: nombreGrupo, Descripcion: 'Personal de planta' });
  expect(g.status).toBe(201);

  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Grupos' }).click();
  await expect(page).toHaveURL(/\/admin\/rrhh\/grupos$/);
  const pagina = page.getByTestId('pagina-grupos');
  await pagina.locator('.ant-list-item', { hasText: nombreGrupo }).first().locator('.ant-list-item-meta-title').click();
  await expect(pagina.getByRole('heading', { name: nombreGrupo, exact: true, level: 5 })).toBeVisible();
  await pagina.getByRole('tab', { name: 'Lista de precios' }).click();
  const tabla = pagina.getByRole('tabpanel', { name: 'Lista de precios' });
  await expect(tabla.getByText('El grupo no tiene precios especiales')).toBeVisible();

  // The special price: the item found by its code, 7.50 with IGV for the base unit.
  await elegirOpcion(page, pagina.getByLabel('Ítem a agregar'), codigo, `${codigo} - ${descripcion}`);
  await pagina.getByLabel('Precio del grupo').fill('7.5x');
  await expect(pagina.getByText('Precio no válido')).toBeVisible();
  await expect(pagina.getByRole('button', { name: 'Fijar precio' })).toBeDisabled();
  await pagina.getByLabel('Precio del grupo').fill('7.50');
  await pagina.getByRole('button', { name: 'Fijar precio' }).click();
  await expect(page.getByText('Precio guardado')).toBeVisible();
  const fila = (t = tabla) => t.getByRole('row', { name: new RegExp(codigo) });
  await expect(fila()).toContainText('S/\u00a07.50');
  await expect(fila()).toContainText('S/\u00a012.00');
  const original = await llamarApi<{ Data: { IdItem: number; Precio: string }[] }>(page, `/api/rrhh/v1/grupos/${g.body.Id}/listaprecios`);
  expect(original.body.Data).toEqual([expect.objectContaining({ IdItem: it.body.Id, Precio: '7.50', CodigoUnidad: 'NIU', IdMoneda: 1 })]);

  // Clone: the new group is chosen and shows the copied list.
  await pagina.getByRole('button', { name: 'Clonar grupo' }).click();
  const modal = page.getByRole('dialog', { name: 'Clonar grupo' });
  await expect(modal.getByLabel('Nombre del grupo nuevo')).toHaveValue(`${nombreGrupo} (copia)`);
  await modal.getByLabel('Nombre del grupo nuevo').fill(nombreClon);
  await modal.getByRole('button', { name: 'Clonar' }).click();
  await expect(page.getByText('Grupo clonado')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(pagina.getByRole('heading', { name: nombreClon, exact: true, level: 5 })).toBeVisible();
  await pagina.getByRole('tab', { name: 'Lista de precios' }).click();
  await expect(fila()).toContainText('S/\u00a07.50');
  const grupos = await llamarApi<{ Data: { Id: number; Nombre: string }[] }>(page, '/api/rrhh/v1/grupos');
  const clon = grupos.body.Data.find((x) => x.Nombre === nombreClon)!;
  expect(clon).toBeTruthy();
  expect((await llamarApi<{ Data: { IdItem: number; Precio: string }[] }>(page, `/api/rrhh/v1/grupos/${clon.Id}/listaprecios`)).body.Data).toEqual([
    expect.objectContaining({ IdItem: it.body.Id, Precio: '7.50' }),
  ]);

  // Empty the clone's list (confirmed), then copy the original's list back into it.
  await pagina.getByRole('button', { name: 'Vaciar lista' }).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: 'Vaciar' }).click();
  await expect(page.getByText('Lista de precios vaciada')).toBeVisible();
  await expect(fila()).toHaveCount(0);
  expect((await llamarApi<{ Count: number }>(page, `/api/rrhh/v1/grupos/${g.body.Id}/listaprecios`)).body.Count).toBe(1);
  await pagina.getByRole('button', { name: 'Copiar lista de otro grupo' }).click();
  const copiar = page.getByRole('dialog', { name: 'Copiar lista de otro grupo' });
  await expect(async () => {
    await copiar.getByLabel('Grupo de origen').click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${nombreGrupo}"]`).click({ timeout: 3_000 });
    await expect(copiar.locator('.ant-select')).toContainText(nombreGrupo, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await copiar.getByRole('button', { name: 'Copiar y reemplazar' }).click();
  await expect(page.getByText('Lista de precios copiada')).toBeVisible();
  await expect(copiar).toBeHidden();
  await expect(fila()).toContainText('S/\u00a07.50');
});
