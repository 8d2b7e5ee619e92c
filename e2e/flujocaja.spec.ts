import { readFile } from 'node:fs/promises';
import { expect as expectBase, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { elegirOpcion, iniciarSesion, llamarApi } from './helpers';

const expect = expectBase.configure({ timeout: 30_000 });
const MARCA = Date.now().toString(36).toUpperCase();

// Issue 14 ("Reports": cash flow by account, expenses by cost centre and element). A box of its own receives cash and
// pays two expenses of a cost centre of its own, so the spec runs again on the same server.
test('flujo de caja de una cuenta y gastos por centro de costo y elemento, con su Excel', async ({ page }) => {
  test.setTimeout(180_000);
  await iniciarSesion(page, 'supervisor');
  const caja = `Caja flujo ${MARCA}`;
  const api = async <T>(ruta: string, cuerpo: object) => {
    const r = await llamarApi<T>(page, `/api/finanzas/v1/${ruta}`, 'POST', cuerpo);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const c = await api<{ Id: number }>('cuentasfinancieras', { IdTipoCuenta: 2, Nombre: caja, IdMoneda: 1 });
  const centro = await api<{ Id: number }>('centroscostos', { Codigo: `T${MARCA}`, Nombre: `Tienda ${MARCA}` });
  const elemento = await api<{ Id: number }>('elementosgastos', { Codigo: `L${MARCA}`, Nombre: `Limpieza ${MARCA}` });
  await api('notas/ingresos', { IdCuentaFinanciera: c.Id, Monto: '1500.00', Motivo: 'Fondo de la tienda' });
  for (const monto of ['80.40', '19.60']) await api('notas/salidas', { IdCuentaFinanciera: c.Id, Monto: monto, Motivo: 'Útiles de limpieza', IdCentroCosto: centro.Id, IdElementoGasto: elemento.Id });

  await page.getByRole('link', { name: 'Tesorería y conciliación' }).first().click();
  await expect(page.getByTestId('pagina-tesoreria')).toBeVisible();

  // Cash flow of the box this month: 1,500.00 in, 100.00 out, 1,400.00 at the end; its concepts on expanding.
  await page.getByRole('tab', { name: 'Flujo de caja' }).click();
  const flujo = page.getByTestId('flujo-caja');
  await elegirOpcion(page, flujo.getByLabel('Cuenta del flujo'), caja, caja);
  const fila = flujo.getByRole('row', { name: new RegExp(caja) });
  await expect(fila).toContainText('S/ 1,500.00');
  await expect(fila).toContainText('S/ 100.00');
  await expect(flujo.getByTestId(`flujo-saldo-${c.Id}`)).toHaveText('S/ 1,400.00');
  await fila.getByRole('button', { name: /Expandir|expand/i }).click();
  // The concepts' own table inside the expanded row (the expanded row itself also holds their text).
  const conceptos = flujo.locator('.ant-table-expanded-row');
  await expect(conceptos.getByRole('row', { name: /Notas de salida/ })).toContainText('S/ 100.00');
  await expect(conceptos.getByRole('row', { name: /Notas de ingreso/ })).toContainText('S/ 1,500.00');

  // Expenses: the centre with its element, and the Excel.
  await page.getByRole('tab', { name: 'Gastos por centro de costo' }).click();
  const gastos = page.getByTestId('gastos-centro');
  const centroFila = gastos.getByRole('row', { name: new RegExp(`Tienda ${MARCA}`) });
  await expect(centroFila).toContainText('S/ 100.00');
  await centroFila.getByRole('button', { name: /Expandir|expand/i }).click();
  await expect(gastos.locator('.ant-table-expanded-row').getByRole('row', { name: new RegExp(`Limpieza ${MARCA}`) })).toContainText('2');
  const [descarga] = await Promise.all([page.waitForEvent('download'), gastos.getByRole('button', { name: 'Excel' }).click()]);
  expect(descarga.suggestedFilename()).toMatch(/^gastos-centro-costo-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load((await readFile(await descarga.path())) as unknown as ArrayBuffer);
  const filas = libro.worksheets[0].getSheetValues().filter(Boolean).map((f) => (f as unknown[]).slice(1));
  expect(filas).toContainEqual([`T${MARCA} - Tienda ${MARCA}`, `L${MARCA} - Limpieza ${MARCA}`, 2, 100]);
});
