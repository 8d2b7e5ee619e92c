import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect as expectBase, test } from '@playwright/test';
import { COLUMNAS_CATALOGO, COLUMNAS_PRESENTACIONES, HOJA_CATALOGO, HOJA_PRESENTACIONES } from '@yupana/contracts';
import { elegirOpcion, iniciarSesion, llamarApi } from './helpers';

// Branch logpres (issue 13): presentations travel in the catalogue workbook's "Presentaciones" sheet (a bad row is
// reported and nothing is saved; the export carries them and importing it back changes nothing), and the guide of a
// transfer is issued in the series the user picks among the origin branch's GRE remitente series. Data of this run.
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1280, height: 900 } });
const MARCA = Date.now().toString(36).toUpperCase();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const C = COLUMNAS_CATALOGO;
const P = COLUMNAS_PRESENTACIONES;

async function libro(factor: number): Promise<Buffer> {
  const l = new ExcelJS.Workbook();
  const h = l.addWorksheet(HOJA_CATALOGO);
  h.addRow([C.Codigo, C.Descripcion, C.CodigoUnidad, C.Precio]);
  h.addRow([`PRE-${MARCA}`, `GASEOSA COLA ${MARCA}`, 'NIU', 2.5]);
  const p = l.addWorksheet(HOJA_PRESENTACIONES);
  p.addRow(Object.values(P));
  p.addRow([`PRE-${MARCA}`, null, 'BX', 'CAJA X 12', factor, null, 27]);
  p.addRow([`PRE-${MARCA}`, null, 'PK', 'PAQUETE X 6', 6, null, null]);
  return Buffer.from(await l.xlsx.writeBuffer());
}

test('presentaciones en el Excel del catálogo: error por fila, importación, exportación y reimportación sin cambios', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  await page.goto('/admin/items');
  await expect(page.getByTestId('pagina-items')).toBeVisible();
  await page.getByRole('button', { name: 'Importar desde Excel' }).click();
  const cajon = page.getByTestId('importacion-catalogo');
  await expect(cajon).toBeVisible();

  // Factor 1: the row's Spanish error, nothing saved.
  await cajon.locator('input[type=file]').setInputFiles({ name: 'catalogo.xlsx', mimeType: XLSX, buffer: await libro(1) });
  await expect(cajon.getByTestId('estado-importacion')).toHaveText('RECHAZADO');
  const error = cajon.getByTestId('errores-importacion').getByRole('row').filter({ hasText: 'El factor debe ser mayor que 1' });
  await expect(error).toContainText(`${HOJA_PRESENTACIONES}: ${P.Factor}`);
  await expect(error).toContainText('2');

  // Corrected: imported with the item.
  await cajon.locator('input[type=file]').setInputFiles({ name: 'catalogo.xlsx', mimeType: XLSX, buffer: await libro(12) });
  await expect(cajon.getByTestId('estado-importacion')).toHaveText('TERMINADO');
  await expect(cajon.getByTestId('mensaje-importacion')).toHaveText('Importación terminada');
  await page.keyboard.press('Escape');
  await expect(cajon).toBeHidden();

  // Export of this item: the second sheet carries both presentations.
  const buscar = page.getByRole('searchbox', { name: 'Buscar productos o servicios' });
  await buscar.fill(`PRE-${MARCA}`);
  await buscar.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: `PRE-${MARCA}` })).toHaveCount(1);
  const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar a Excel' }).click()]);
  const contenido = await readFile((await descarga.path())!);
  const exportado = new ExcelJS.Workbook();
  await exportado.xlsx.load(contenido as unknown as ArrayBuffer);
  const filas: unknown[][] = [];
  exportado.getWorksheet(HOJA_PRESENTACIONES)!.eachRow((r) => filas.push(Array.from({ length: 7 }, (_, i) => (r.values as unknown[])[i + 1] ?? null)));
  expect(filas).toEqual([
    Object.values(P),
    [`PRE-${MARCA}`, `GASEOSA COLA ${MARCA}`, 'PK', 'PAQUETE X 6', 6, null, null],
    [`PRE-${MARCA}`, `GASEOSA COLA ${MARCA}`, 'BX', 'CAJA X 12', 12, null, 27],
  ]);

  // The export back in: nothing changes.
  await page.getByRole('button', { name: 'Importar desde Excel' }).click();
  await expect(cajon).toBeVisible();
  await cajon.locator('input[type=file]').setInputFiles({ name: 'catalogo-productos.xlsx', mimeType: XLSX, buffer: contenido });
  await expect(cajon.getByTestId('estado-importacion')).toHaveText('TERMINADO');
  await expect(cajon).toContainText('Sin cambios');
  const imp = await llamarApi<{ Data: { Id: number }[] }>(page, `/api/logistica/v1/items?filtro=PRE-${MARCA}&estado=-1`);
  const pres = await llamarApi<{ Data: { CodigoUnidad: string; Factor: string; Precio?: string }[] }>(page, `/api/logistica/v1/items/${imp.body.Data[0].Id}/presentaciones`);
  expect(pres.body.Data.map((p) => [p.CodigoUnidad, p.Factor, p.Precio ?? null])).toEqual([['PK', '6', null], ['BX', '12', '27.00']]);
  await page.keyboard.press('Escape');
});

test('la guía de una transferencia en la serie elegida de la sucursal de origen', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const marca = `${Date.now()}`.slice(-7);
  const anexo = String(1 + (Number(marca) % 9000)).padStart(4, '0');
  const suc = await llamarApi<{ Id: number }>(page, '/api/entidades/v1/sucursales', 'POST', { RazonSocial: `SUCURSAL SERIE ${marca}`, Direccion: 'AV. LAS PALMAS 120, ATE', IdUbigeo: '150103', CodigoAnexo: anexo });
  expect(suc.status).toBe(201);
  const almacenDestino = `Almacén serie ${marca}`;
  expect((await llamarApi(page, '/api/logistica/v1/almacenes', 'POST', { IdSucursal: suc.body.Id, Nombre: almacenDestino })).status).toBe(201);
  const almacenes = (await llamarApi<{ Data: { Id: number; Nombre: string; IdSucursal: number }[] }>(page, '/api/logistica/v1/almacenes')).body.Data;
  const principal = almacenes.find((a) => a.Nombre === 'Almacén principal')!;
  const destino = almacenes.find((a) => a.Nombre === almacenDestino)!;
  // A second GRE remitente series in the origin branch (after T001 in order, so the default stays T001).
  let serie = '';
  for (let i = 0; i < 10 && !serie; i++) {
    const s = `TZ${Math.floor(Math.random() * 36 * 36).toString(36).toUpperCase().padStart(2, '0')}`;
    const r = await llamarApi(page, '/api/entidades/v1/series', 'POST', { IdSucursal: principal.IdSucursal, IdTipoDocumento: 1007, Serie: s });
    if (r.status === 201) serie = s;
  }
  expect(serie).not.toBe('');
  const it = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: `TS-${marca}`, Descripcion: `FIDEOS ${marca}`, CodigoUnidad: 'NIU', Precio: '4.00', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(it.status).toBe(201);
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
  expect((await llamarApi(page, '/api/logistica/v1/movimientos', 'POST', { Clase: 'I', TipoOperacion: '02', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: it.body.Id, Cantidad: '10', CostoUnitario: '2' }] })).status).toBe(201);
  const t = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/movimientos', 'POST', { Clase: 'T', Fecha: hoy, IdAlmacen: principal.Id, IdAlmacenDestino: destino.Id, Lineas: [{ IdItem: it.body.Id, Cantidad: '4' }] });
  expect(t.status).toBe(201);

  await page.goto('/admin/movimientos');
  await expect(page.getByTestId('pagina-movimientos')).toBeVisible();
  await page.getByTestId(`emitir-guia-${t.body.Id}`).click();
  const modal = page.getByRole('dialog', { name: /Guía de remisión de la transferencia/ });
  await expect(modal).toBeVisible();
  await elegirOpcion(page, modal.getByRole('combobox', { name: 'Serie de la guía' }), serie, serie);
  // Only the origin branch's GRE remitente series are offered: T002 (the other branch's) is not.
  await modal.getByRole('combobox', { name: 'Serie de la guía' }).fill('T002');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="T002"]')).toHaveCount(0);
  await modal.getByRole('combobox', { name: 'Serie de la guía' }).fill('');
  await modal.getByText(/Motivo 04, traslado entre establecimientos/).click();
  await expect(modal.getByTestId('campos-guia-traslado')).toContainText(serie);
  await modal.getByLabel('Peso bruto (kg)').fill('4');
  await modal.getByLabel('Placa del vehículo').fill('ABC-123');
  await modal.getByLabel('DNI del conductor').fill('41234567');
  await modal.getByLabel('Nombres del conductor').fill('JUAN CARLOS');
  await modal.getByLabel('Apellidos del conductor').fill('RAMOS TORRES');
  await modal.getByLabel('Licencia de conducir').fill('Q41234567');
  await modal.getByRole('button', { name: 'Emitir guía' }).click();
  await expect(page.getByText(new RegExp(`Guía de remisión ${serie}-\\d+ emitida`))).toBeVisible({ timeout: 45_000 });
  await expect(modal).toBeHidden();
  await expect(page.getByTestId(`guia-${t.body.Id}`)).toHaveText(new RegExp(`^${serie}-\\d+$`));
  await expect(page.getByTestId(`emitir-guia-${t.body.Id}`)).toHaveCount(0);
});
