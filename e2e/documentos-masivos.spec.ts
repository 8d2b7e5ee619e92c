import { expect as expectBase, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { iniciarSesion } from './helpers';

// Shared cores: give the background issuing room on a busy machine.
const expect = expectBase.configure({ timeout: 45_000 });
const CARPETA = mkdtempSync(path.join(tmpdir(), 'yupana-masivos-'));
const SUFIJO = Date.now().toString(36).toUpperCase();

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

async function abrirPagina(page: Page) {
  await iniciarSesion(page, 'supervisor');
  // The menu has the entry (permission 2050, Supervisor).
  await expect(page.locator('a[href="/admin/documentos-masivos"]').first()).toBeAttached();
  await page.goto('/admin/documentos-masivos');
  await expect(page.getByTestId('pagina-documentos-masivos')).toBeVisible();
}

/** Downloads the template through the page and fills its "Documentos" sheet with `filas` (one array per row). */
async function llenarPlantilla(page: Page, filas: (string | number)[][], nombre: string): Promise<string> {
  const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar plantilla' }).click()]);
  expect(descarga.suggestedFilename()).toBe('plantilla-emision-masiva.xlsx');
  const plantilla = path.join(CARPETA, `plantilla-${nombre}`);
  await descarga.saveAs(plantilla);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile(plantilla);
  const hoja = libro.getWorksheet('Documentos')!;
  expect(hoja.getRow(1).getCell(1).value).toBe('Documento');
  filas.forEach((f, i) => {
    const fila = hoja.getRow(i + 2);
    f.forEach((v, j) => {
      if (v !== '') fila.getCell(j + 1).value = v;
    });
    fila.commit();
  });
  const archivo = path.join(CARPETA, nombre);
  await libro.xlsx.writeFile(archivo);
  return archivo;
}

// Columns: Documento, Tipo, Serie, Fecha, Moneda, Tipo doc., Nro. doc., Cliente, Dirección, Correo, Observaciones, Código,
// Descripción, Unidad, Cantidad, Precio unitario (con IGV), Afectación.
const factura = (doc: string, descripcion: string, cantidad: number | string, precio: number) =>
  [doc, '01', 'F001', '', 'PEN', 'RUC', '20100070970', 'SUPERMERCADOS PERUANOS S.A.', '', '', '', '', descripcion, 'NIU', cantidad, precio, '10'];
const boleta = (doc: string, dni: string, descripcion: string, cantidad: number, precio: number) =>
  [doc, '03', 'B001', '', 'PEN', 'DNI', dni, 'MARÍA PÉREZ QUISPE', '', '', '', '', descripcion, 'NIU', cantidad, precio, '10'];

test('el supervisor descarga la plantilla, sube un Excel válido, ve el avance al 100 % y descarga el resultado', async ({ page }) => {
  await abrirPagina(page);
  const archivo = await llenarPlantilla(
    page,
    [
      factura(`A${SUFIJO}`, `ARROZ MASIVO ${SUFIJO}`, 2, 25.9),
      ['', '', '', '', '', '', '', '', '', '', '', '', `DELIVERY MASIVO ${SUFIJO}`, 'ZZ', 1, 11.8, '10'].map((v, i) => (i === 0 ? `A${SUFIJO}` : v)),
      boleta(`B${SUFIJO}`, '45678912', `GASEOSA MASIVA ${SUFIJO}`, 6, 2.5),
      factura(`C${SUFIJO}`, `AZUCAR MASIVA ${SUFIJO}`, 3, 4.2),
    ],
    'valido.xlsx',
  );
  await page.locator('input[type=file]').setInputFiles(archivo);

  const lote = page.getByTestId('lote-actual');
  await expect(lote).toBeVisible();
  await expect(lote.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('resumen-lote')).toContainText('3 de 3 comprobantes procesados · 3 emitidos · 0 con error · Terminado');
  await expect(lote.getByRole('link', { name: /^F001-\d+$/ })).toHaveCount(2);
  await expect(lote.getByRole('link', { name: /^B001-\d+$/ })).toHaveCount(1);
  const numeros = await lote.getByRole('link', { name: /^F001-\d+$/ }).allTextContents();
  const [f1, f2] = numeros.map((n) => Number(n.split('-')[1]));
  expect(f2).toBe(f1 + 1);
  await page.screenshot({ path: path.join(CARPETA, 'masivos-terminado.png'), fullPage: true });

  const [descarga] = await Promise.all([page.waitForEvent('download'), lote.getByRole('button', { name: 'Descargar resultado' }).click()]);
  const resultado = path.join(CARPETA, 'resultado.xlsx');
  await descarga.saveAs(resultado);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile(resultado);
  const hoja = libro.getWorksheet('Resultado')!;
  const filas = [2, 3, 4].map((n) => [hoja.getRow(n).getCell(1).value, hoja.getRow(n).getCell(3).value, hoja.getRow(n).getCell(5).value]);
  expect(filas).toEqual([
    [`A${SUFIJO}`, numeros[0], 'Emitido'],
    [`B${SUFIJO}`, expect.stringMatching(/^B001-\d+$/), 'Emitido'],
    [`C${SUFIJO}`, numeros[1], 'Emitido'],
  ]);

  // The batch is listed among the previous ones, and the documents are real: one opens from the result table.
  await expect(page.getByRole('row').filter({ hasText: 'valido.xlsx' }).first()).toContainText('Terminado');
  await lote.getByRole('link', { name: numeros[0] }).click();
  await expect(page).toHaveURL(/\/admin\/documentos\/\d+$/);
  await expect(page.getByText(`ARROZ MASIVO ${SUFIJO}`)).toBeVisible();
});

test('un Excel con errores muestra cada error por fila y columna y no emite nada', async ({ page }) => {
  await abrirPagina(page);
  const archivo = await llenarPlantilla(
    page,
    [factura(`X${SUFIJO}`, `PRODUCTO ${SUFIJO}`, 'dos', 10), boleta(`Y${SUFIJO}`, '1234', `OTRO ${SUFIJO}`, 1, 5), boleta(`Z${SUFIJO}`, '45678912', `BIEN ${SUFIJO}`, 1, 5)],
    'con-errores.xlsx',
  );
  await page.locator('input[type=file]').setInputFiles(archivo);
  const errores = page.getByTestId('errores-archivo');
  await expect(errores).toContainText('El archivo tiene errores: corríjalos y vuelva a subirlo. No se emitió ningún comprobante');
  const filas = errores.locator('tbody tr');
  await expect(filas).toHaveCount(2);
  await expect(filas.nth(0).locator('td')).toHaveText(['2', 'Cantidad (O)', /Cantidad/]);
  await expect(filas.nth(1).locator('td')).toHaveText(['3', 'Nro. doc. cliente (G)', 'Se espera 8 dígitos']);
  await expect(page.getByTestId('lote-actual')).toHaveCount(0);
  // No batch was created.
  await page.reload();
  await expect(page.getByTestId('pagina-documentos-masivos')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: /\.xlsx|Aún no ha subido archivos/ }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'con-errores.xlsx' })).toHaveCount(0);
});
