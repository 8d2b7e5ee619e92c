import ExcelJS from 'exceljs';
import { expect as expectBase, test } from '@playwright/test';
import { elegirOpcion, iniciarSesion, llamarApi } from './helpers';

// Branch tabla5: the supervisor sets an item's tipo de existencia (SUNAT Tabla 5) and a branch's SUNAT annex code in
// their forms, then imports a physical count from Excel into an open count and sees the per-row errors, then imports
// only the valid rows. Its own data: an item, a branch with its warehouse and a count of that warehouse, all created
// for this run (the specs share one server).
const MARCA = Date.now().toString(36).toUpperCase();
const CODIGO = `T5-${MARCA}`;
const NOMBRE = `HARINA PANADERA ${MARCA}`;
const SUCURSAL = `PLANTA T5 ${MARCA}`;
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1280, height: 900 } });

async function excel(filas: unknown[][]): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Conteo');
  for (const f of filas) hoja.addRow(f);
  return Buffer.from(await libro.xlsx.writeBuffer());
}

test('tipo de existencia en el ítem, código anexo de la sucursal e importación del conteo con errores por fila', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor').catch(async () => {
    await expect(page).toHaveURL(/\/admin$/, { timeout: 60_000 });
    await expect(page.getByTestId('pagina-inicio')).toBeVisible();
  });
  const item = await llamarApi<{ Id: number; TipoExistencia: string }>(page, '/api/logistica/v1/items', 'POST', { Codigo: CODIGO, Descripcion: NOMBRE, CodigoUnidad: 'NIU', Precio: '4.50', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(item.status).toBe(201);
  expect(item.body.TipoExistencia).toBe('01');
  const suc = await llamarApi<{ Id: number; CodigoAnexo: string }>(page, '/api/entidades/v1/sucursales', 'POST', { RazonSocial: SUCURSAL });
  expect(suc.status).toBe(201);
  expect(suc.body.CodigoAnexo).toBe('0000');

  // 1. The item's type: 03 Materias primas, chosen in the item form; the list shows it and filters by it.
  await page.goto(`/admin/items?filtro=${CODIGO}`);
  const fila = page.getByRole('row').filter({ hasText: CODIGO });
  await fila.getByRole('button', { name: 'Editar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Editar producto o servicio' });
  await elegirOpcion(page, drawer.getByRole('combobox', { name: 'Tipo de existencia (tabla 5)' }), 'Materias', '03 - Materias primas');
  await drawer.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Producto o servicio actualizado')).toBeVisible();
  await expect(fila).toContainText('03');
  expect((await llamarApi<{ TipoExistencia: string }>(page, `/api/logistica/v1/items/${item.body.Id}`)).body.TipoExistencia).toBe('03');
  await page.goto(`/admin/items?filtro=${CODIGO}&tipo=02`);
  await expect(page.getByText('NO SE ENCONTRÓ NINGUN PRODUCTO O SERVICIO')).toBeVisible();
  await page.goto(`/admin/items?filtro=${CODIGO}&tipo=03`);
  await expect(page.getByRole('row').filter({ hasText: CODIGO })).toBeVisible();

  // 2. The branch's annex code: 3 digits is refused in Spanish, 0001 is kept.
  await page.goto('/admin/sucursales');
  await page.getByRole('row').filter({ hasText: SUCURSAL }).getByRole('button', { name: 'Editar' }).click();
  const formSuc = page.getByRole('dialog', { name: 'Editar sucursal' });
  const anexo = formSuc.getByLabel('Código de establecimiento anexo (SUNAT)');
  await expect(anexo).toHaveValue('0000');
  await anexo.fill('001');
  await formSuc.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(formSuc.getByText('El código de establecimiento anexo tiene 4 dígitos (0000 para el domicilio fiscal)')).toBeVisible();
  await anexo.fill('0001');
  await formSuc.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Sucursal actualizada')).toBeVisible();
  expect((await llamarApi<{ CodigoAnexo: string }>(page, `/api/entidades/v1/sucursales/${suc.body.Id}`)).body.CodigoAnexo).toBe('0001');

  // 3. A warehouse of that branch with 20 of the item, and an open count of it.
  const alm = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/almacenes', 'POST', { IdSucursal: suc.body.Id, Nombre: `Almacén T5 ${MARCA}` });
  expect(alm.status).toBe(201);
  const hoy = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
  const mov = await llamarApi(page, '/api/logistica/v1/movimientos', 'POST', { Clase: 'I', TipoOperacion: '16', Fecha: hoy, IdAlmacen: alm.body.Id, Lineas: [{ IdItem: item.body.Id, Cantidad: '20', CostoUnitario: '2' }] });
  expect(mov.status).toBe(201);
  const toma = await llamarApi<{ Id: number; Numero: number }>(page, '/api/logistica/v1/tomasinventario', 'POST', { IdAlmacen: alm.body.Id, Fecha: hoy });
  expect(toma.status).toBe(201);

  // 4. Import a file with good and bad rows: the per-row report, nothing counted.
  await page.goto(`/admin/tomas-inventario?toma=${toma.body.Id}`);
  const detalle = page.getByTestId('pagina-toma');
  await expect(detalle).toContainText(`Toma de inventario N° ${toma.body.Numero}`);
  await expect(detalle.getByRole('button', { name: 'Descargar plantilla' })).toBeVisible();
  const archivo = await excel([
    ['Código', 'Cantidad contada', 'Lote'],
    [CODIGO, 18, ''],
    ['NO-EXISTE-T5', 1, ''],
    [CODIGO, 'diez', ''],
    ['', -3, ''],
  ]);
  await detalle.getByTestId('importar-conteo').locator('input[type=file]').setInputFiles({ name: 'conteo.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: archivo });
  const errores = detalle.getByTestId('errores-importacion');
  await expect(errores).toBeVisible();
  await expect(detalle).toContainText('3 fila(s) con errores en conteo.xlsx');
  await expect(errores.getByRole('row').filter({ hasText: 'No existe un producto con el código o código de barras "NO-EXISTE-T5"' })).toContainText('3');
  await expect(errores.getByRole('row').filter({ hasText: 'La cantidad contada "diez" no es un número válido' })).toContainText('4');
  await expect(errores.getByRole('row').filter({ hasText: `Fila duplicada: ${NOMBRE} ya figura en la fila 2` })).toBeVisible();
  await expect(errores.getByRole('row').filter({ hasText: 'Indique el código interno o el código de barras' })).toContainText('5');
  await expect(detalle.getByLabel(`Contado de ${NOMBRE}`)).toHaveValue('');

  // 5. Only the valid rows: the item had a bad row (4), so it is left out whole and nothing is counted; a fixed file counts 18.
  await detalle.getByRole('button', { name: 'Importar solo las filas válidas' }).click();
  await expect(page.getByText(/Conteo importado: 0 producto\(s\), 3 fila\(s\) omitidas/)).toBeVisible();
  await detalle.getByTestId('importar-conteo').locator('input[type=file]').setInputFiles({
    name: 'conteo-corregido.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await excel([['Código', 'Cantidad contada', 'Lote'], [CODIGO.toLowerCase(), 18, '']]),
  });
  await expect(page.getByText('Conteo importado: 1 producto(s)', { exact: true })).toBeVisible();
  await expect(detalle.getByLabel(`Contado de ${NOMBRE}`)).toHaveValue('18');
  await expect(detalle).toContainText('1 de 1');
});
