import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect as expectBase, test } from '@playwright/test';
import { COLUMNAS_CATALOGO, HOJA_CATALOGO } from '@yupana/contracts';
import { iniciarSesion } from './helpers';

// Issue 13 (branch catalogo): the supervisor exports the catalogue to Excel, imports a small file with one bad row
// (nothing is saved and the row's error shows), imports again with "solo las filas válidas" and finds the new item in
// the list. The codes are this run's own (the specs share one server).
const MARCA = Date.now().toString(36).toUpperCase();
const CODIGO = `IMP-${MARCA}`;
const NOMBRE = `ACEITE DE OLIVA IMPORTADO ${MARCA}`;
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1280, height: 900 } });

async function archivo(): Promise<Buffer> {
  const l = new ExcelJS.Workbook();
  const h = l.addWorksheet(HOJA_CATALOGO);
  const C = COLUMNAS_CATALOGO;
  h.addRow([C.Codigo, C.Descripcion, C.CodigoUnidad, C.Precio, C.AfectacionIgv, C.TipoExistencia, C.EstandarCodigoProducto, C.CodigoProducto]);
  h.addRow([CODIGO, NOMBRE, 'NIU', 32.9, '10', '01', 'GTIN-13', '7750182000024']);
  h.addRow([`MAL-${MARCA}`, 'PRODUCTO CON UNIDAD MALA', 'KG', 5, '10', '01', null, null]);
  return Buffer.from(await l.xlsx.writeBuffer());
}

test('exportar el catálogo, importar con una fila mala, ver el error, importar las válidas y encontrar el producto', async ({ page }) => {
  test.setTimeout(300_000);
  await iniciarSesion(page, 'supervisor').catch(async () => {
    await expect(page).toHaveURL(/\/admin$/, { timeout: 60_000 });
    await expect(page.getByTestId('pagina-inicio')).toBeVisible();
  });
  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Productos y servicios' }).click();
  await expect(page.getByTestId('pagina-items')).toBeVisible();

  // Export: the workbook has the template's columns and the company's items.
  const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar a Excel' }).click()]);
  expect(descarga.suggestedFilename()).toBe('catalogo-productos.xlsx');
  const exportado = new ExcelJS.Workbook();
  await exportado.xlsx.load((await readFile((await descarga.path())!)) as unknown as ArrayBuffer);
  const hoja = exportado.getWorksheet(HOJA_CATALOGO)!;
  expect((hoja.getRow(1).values as string[]).slice(1)).toEqual(Object.values(COLUMNAS_CATALOGO));
  expect(hoja.rowCount).toBeGreaterThan(1);

  // Import with one bad row: rejected, nothing saved, the row's error in the table.
  await page.getByRole('button', { name: 'Importar desde Excel' }).click();
  const cajon = page.getByTestId('importacion-catalogo');
  await expect(cajon).toBeVisible();
  const contenido = await archivo();
  await cajon.locator('input[type=file]').setInputFiles({ name: 'catalogo.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: contenido });
  await expect(cajon.getByTestId('estado-importacion')).toHaveText('RECHAZADO');
  await expect(cajon.getByTestId('mensaje-importacion')).toHaveText('1 fila(s) con errores: corríjalas y vuelva a subir el archivo. No se guardó nada');
  const error = cajon.getByTestId('errores-importacion').getByRole('row').filter({ hasText: 'La unidad "KG" no es válida' });
  await expect(error).toContainText('3');
  await expect(error).toContainText('Unidad');

  // Again, importing only the valid rows.
  const soloValidas = cajon.getByRole('checkbox', { name: 'Importar solo las filas válidas si hay errores' });
  await expect(async () => {
    if (!(await soloValidas.isChecked())) await soloValidas.click();
    await expect(soloValidas).toBeChecked({ timeout: 2000 });
  }).toPass();
  await cajon.locator('input[type=file]').setInputFiles({ name: 'catalogo.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: contenido });
  await expect(cajon.getByTestId('estado-importacion')).toHaveText('TERMINADO');
  await expect(cajon.getByTestId('mensaje-importacion')).toHaveText('Se importaron las filas válidas; 1 fila(s) con errores no se importaron');
  await expect(cajon.getByRole('row').filter({ hasText: 'La unidad "KG" no es válida' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cajon).toBeHidden();

  // The new item is in the list.
  await page.getByRole('searchbox', { name: 'Buscar productos o servicios' }).fill(CODIGO);
  await page.getByRole('searchbox', { name: 'Buscar productos o servicios' }).press('Enter');
  const fila = page.getByRole('row').filter({ hasText: CODIGO });
  await expect(fila).toContainText(NOMBRE);
  await expect(fila).toContainText('7750182000024');
  await expect(page.getByRole('row').filter({ hasText: `MAL-${MARCA}` })).toHaveCount(0);
});
