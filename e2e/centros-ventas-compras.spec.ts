import { expect, test } from '@playwright/test';
import { elegirOpcion, iniciarSesion, llamarApi, selectDe } from './helpers';

const CARGA = { timeout: 60_000 };
test.use({ viewport: { width: 1366, height: 900 } });

// Issue 15 (branch ctbcentros): the branch's cost centre is chosen in its form and a factura of that branch posts its
// sales income (70) to it; a purchase registered with a centre in /admin/compras posts its 60 to it; the report by
// cost centre shows both (income 100.00, expenses 30.00, result 70.00).
test('las ventas de la sucursal y una compra con centro aparecen en el reporte por centro de costo', async ({ page }) => {
  test.setTimeout(300_000);
  await iniciarSesion(page, 'supervisor');
  const marca = Date.now().toString(36).toUpperCase();
  const codigo = `CV${marca}`.slice(0, 20);
  const centro = await llamarApi<{ Id: number }>(page, '/api/finanzas/v1/centroscostos', 'POST', { Codigo: codigo, Nombre: `Tienda ${codigo}` });
  expect(centro.status, JSON.stringify(centro.body)).toBe(201);
  const series = await llamarApi<{ Data: { Id: number; Serie: string; IdSucursal: number }[] }>(page, '/api/entidades/v2/entidades/series?idtipodocumento=1003');
  const f001 = series.body.Data.find((s) => s.Serie === 'F001')!;
  const sucursal = await llamarApi<{ Id: number; RazonSocial: string }>(page, `/api/entidades/v1/sucursales/${f001.IdSucursal}`);

  const menu = page.getByRole('menu', { name: 'Menú principal' });
  try {
    // 1. The branch's centre, in its form.
    await page.goto('/admin/sucursales');
    await page.getByRole('row').filter({ hasText: sucursal.body.RazonSocial }).first().getByRole('button', { name: 'Editar' }).click();
    const formSuc = page.getByRole('dialog', { name: 'Editar sucursal' });
    await elegirOpcion(page, formSuc.getByLabel('Centro de costo'), codigo, `${codigo} Tienda ${codigo}`);
    await formSuc.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Sucursal actualizada')).toBeVisible(CARGA);
    await expect(formSuc).toBeHidden();
    expect((await llamarApi<{ IdCentroCosto: number | null }>(page, `/api/entidades/v1/sucursales/${sucursal.body.Id}`)).body.IdCentroCosto).toBe(centro.body.Id);

    // 2. A factura of the branch: S/ 100.00 + IGV; its 70 carries the branch's centre.
    const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
    const doc = await llamarApi<{ Id: number }>(page, '/api/contabilidad/v1/documentoContable', 'POST', {
      IdTipoDocumento: 1003, IdSerie: f001.Id, IdMoneda: 1, IdCondicionPago: 1, FechaEmision: hoy,
      ListaItems: [{ CodigoItem: `CV-${marca}`, ItemDescripcion: `ASESORÍA ${marca}`, CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: '100', TipoAfectacion: '10' }],
      ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100070970', RazonSocial: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', Direccion: 'CAL. MORELLI 181, SAN BORJA, LIMA' }],
    });
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
  } finally {
    // Later specs' sales of this branch post without a centre, as before.
    const s = await llamarApi<Record<string, unknown>>(page, `/api/entidades/v1/sucursales/${sucursal.body.Id}`);
    expect((await llamarApi(page, `/api/entidades/v1/sucursales/${sucursal.body.Id}`, 'PUT', { ...s.body, IdCentroCosto: null })).status).toBe(200);
  }

  // 3. A purchase with the centre, in its form: 3 x S/ 10.00 = S/ 30.00 + IGV.
  const item = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: `CV-B${marca}`, Descripcion: `PAPEL BOND ${marca}`, CodigoUnidad: 'NIU', Precio: '15', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(item.status, JSON.stringify(item.body)).toBe(201);
  const numero = String(Date.now() % 10_000_000);
  await menu.getByRole('link', { name: 'Compras' }).click();
  await expect(page.getByTestId('pagina-compras')).toBeVisible(CARGA);
  await page.getByRole('button', { name: 'Nueva compra' }).click();
  const cajon = page.getByRole('dialog', { name: 'Nueva compra' });
  await cajon.getByLabel('RUC del proveedor').fill('20100047218');
  await cajon.getByLabel('Razón social').fill(`DISTRIBUIDORA ${marca} S.A.C.`);
  await cajon.getByLabel('Serie').fill('F778');
  await cajon.getByLabel('Número').fill(numero);
  await elegirOpcion(page, cajon.getByLabel('Centro de costo'), codigo, `${codigo} Tienda ${codigo}`);
  const producto = cajon.getByRole('combobox', { name: 'Producto' });
  await expect(async () => {
    await producto.click();
    await producto.fill(`CV-B${marca}`);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `CV-B${marca}` }).first().click({ timeout: 3_000 });
    await expect(selectDe(producto)).toContainText(`PAPEL BOND ${marca}`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await cajon.getByLabel('Cantidad').fill('3');
  await cajon.getByLabel('Valor unitario (sin IGV)').fill('10.00');
  await cajon.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(page.getByText(`Compra F778-${numero} registrada: S/ 35.40`)).toBeVisible(CARGA);

  // 4. The report by cost centre: income 100.00 (70), expenses 30.00 (60), result 70.00.
  await menu.getByRole('link', { name: 'Centros de costo' }).click();
  await expect(page.getByTestId('pagina-centros-costo')).toBeVisible(CARGA);
  const fila = page.getByRole('row', { name: new RegExp(`${codigo} Tienda ${codigo}`) });
  await expect(fila).toContainText('100.00', CARGA);
  await expect(fila).toContainText('30.00');
  await expect(fila).toContainText('70.00');
  await fila.getByRole('button', { name: /Expandir|expand/i }).click();
  await expect(page.getByRole('row', { name: /^6011/ }).last()).toContainText('30.00', CARGA);
  await expect(page.getByRole('row', { name: /^70/ }).last()).toContainText('100.00', CARGA);
});
