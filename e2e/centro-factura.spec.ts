import { expect, test } from '@playwright/test';
import { elegirOpcion, elegirQueContenga, iniciarSesion, llamarApi } from './helpers';

const CARGA = { timeout: 60_000 };
test.use({ viewport: { width: 1366, height: 900 } });

// Issue 15: the factura form offers the company's active cost centres; the one chosen goes with the document and its
// sales income (70) shows under that centre in the report by cost centre (S/ 50.00 + IGV -> income 50.00).
test('una factura emitida con un centro de costo elegido en el formulario aparece en el reporte por centro', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const marca = Date.now().toString(36).toUpperCase();
  const codigo = `CF${marca}`.slice(0, 20);
  const centro = await llamarApi<{ Id: number }>(page, '/api/finanzas/v1/centroscostos', 'POST', { Codigo: codigo, Nombre: `Obra ${codigo}` });
  expect(centro.status, JSON.stringify(centro.body)).toBe(201);

  await page.goto('/admin/documentos/emitir/factura');
  await expect(page.getByTestId('formulario-factura')).toBeVisible(CARGA);
  await elegirQueContenga(page, page.getByLabel('Serie'), 'F001');
  await page.getByLabel('Número de documento').fill('20100070970');
  await page.getByLabel('Razón social o nombre').fill('SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA');
  await page.getByLabel('Dirección').fill('CAL. MORELLI 181, SAN BORJA, LIMA');
  await page.getByLabel('Descripción del ítem 1').fill(`SUPERVISIÓN DE OBRA ${marca}`);
  await page.getByLabel('Cantidad del ítem 1').fill('1');
  await page.getByLabel('Precio del ítem 1').fill('59');
  await expect(page.getByTestId('importe-total')).toHaveText('S/ 59.00');
  await elegirOpcion(page, page.getByLabel('Centro de costo'), codigo, `${codigo} Obra ${codigo}`);
  await page.getByTestId('emitir').click();
  await expect(page).toHaveURL(/\/admin\/documentos\/\d+$/, CARGA);

  // The report by cost centre shows its income (the centre is new: nothing else is posted to it).
  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Centros de costo' }).click();
  await expect(page.getByTestId('pagina-centros-costo')).toBeVisible(CARGA);
  const fila = page.getByRole('row', { name: new RegExp(`${codigo} Obra ${codigo}`) });
  await expect(fila).toContainText('50.00', CARGA);
});
