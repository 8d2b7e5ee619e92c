import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion, llamarApi } from './helpers';

// Branch finret: the supervisor designates the company as agente de retención, pays a supplier's factura of
// S/ 1,180.00 from the payables' dialog (which shows the 3 % it will withhold: S/ 35.40, S/ 1,144.60 out of the box)
// and finds the comprobante de retención in Finanzas > Retenciones emitidas with its XML, then accepted by the SUNAT
// stand-in with its CDR (branch crenvio). The designation is
// removed at the end (other specs' payments must not withhold).
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1366, height: 900 } });
const MARCA = Date.now().toString(36).toUpperCase();
const RUC = '20100070970';

test('un pago de factura mayor a S/ 700 como agente retiene el 3 % y emite el comprobante de retención', async ({ page }) => {
  test.setTimeout(300_000);
  await iniciarSesion(page, 'supervisor');
  try {
    const item = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: `CRE-${MARCA}`, Descripcion: `FIERRO 1/2 ${MARCA}`, CodigoUnidad: 'NIU', Precio: '30', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    const almacenes = await llamarApi<{ Data: { Id: number; EsPredeterminado: boolean }[] }>(page, '/api/logistica/v1/almacenes');
    const numero = Date.now() % 10_000_000;
    const serieNumero = `F779-${numero}`;
    const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
    // 100 units at S/ 10.00 + IGV = S/ 1,180.00.
    const compra = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/compras', 'POST', {
      RucProveedor: RUC, RazonSocialProveedor: `SUMINISTROS ${MARCA} S.A.C.`, TipoDocumento: '01', Serie: 'F779', Numero: numero, FechaEmision: hoy,
      Lineas: [{ IdItem: item.body.Id, IdAlmacen: almacenes.body.Data.find((a) => a.EsPredeterminado)!.Id, Cantidad: '100', ValorUnitario: '10', AfectacionIgv: '10' }],
    });
    expect(compra.status, JSON.stringify(compra.body)).toBe(201);

    // The designation, from the retentions' screen.
    const menu = page.getByRole('menu', { name: 'Menú principal' });
    await menu.getByRole('link', { name: 'Retenciones emitidas' }).click();
    await expect(page.getByTestId('pagina-retenciones')).toBeVisible();
    const fecha = page.getByLabel('Agente de retención desde');
    await fecha.click();
    await fecha.fill(hoy.split('-').reverse().join('/'));
    await fecha.press('Enter');
    await page.getByRole('button', { name: 'Guardar designación' }).click();
    await expect(page.getByText('Designación como agente de retención guardada')).toBeVisible();
    await expect(page.getByText(`Designado desde el ${hoy.split('-').reverse().join('/')}`)).toBeVisible();

    // The payment: the dialog shows the retention before registering it.
    await menu.getByRole('link', { name: 'Cuentas por pagar' }).click();
    await expect(page.getByTestId('pagina-cuentas-por-pagar')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Proveedor' }).fill(RUC);
    await page.getByRole('searchbox', { name: 'Proveedor' }).press('Enter');
    await expect(page.getByTestId(`saldo-cxp-${serieNumero}`)).toHaveText('S/ 1,180.00');
    await page.getByRole('row', { name: new RegExp(serieNumero) }).getByRole('button', { name: `Pagar ${serieNumero}` }).click();
    const modal = page.getByRole('dialog', { name: new RegExp(`Pagar ${serieNumero}`) });
    await expect(async () => {
      await modal.getByLabel('Caja').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="Caja chica tienda"]').click({ timeout: 3_000 });
      await expect(modal.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: 'Caja chica tienda' }).first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(modal.getByTestId('retencion-pago')).toContainText('Retención del IGV (3 %): S/ 35.40. Sale de la cuenta 1144.60 de 1180.00');
    await modal.getByRole('button', { name: 'Registrar pago' }).click();
    const hecho = page.getByRole('dialog', { name: 'Pago registrado' });
    await expect(hecho).toContainText('S/ 1,144.60');
    await hecho.getByRole('button', { name: 'Listo' }).click();
    await expect(hecho).toHaveCount(0);

    // The CRE in its list, with its XML.
    await menu.getByRole('link', { name: 'Retenciones emitidas' }).click();
    await page.getByRole('searchbox', { name: 'Proveedor' }).fill(`SUMINISTROS ${MARCA}`);
    await page.getByRole('searchbox', { name: 'Proveedor' }).press('Enter');
    const fila = page.getByRole('row', { name: new RegExp(`SUMINISTROS ${MARCA}`) });
    await expect(fila).toHaveCount(1);
    await expect(fila).toContainText(/R\d{3}-\d+/);
    await expect(fila).toContainText('S/ 35.40');
    await expect(fila).toContainText('S/ 1,144.60');
    const serie = (await fila.getByRole('cell').nth(1).textContent())!.trim();
    const descarga = page.waitForEvent('download');
    await fila.getByRole('button', { name: `XML ${serie}` }).click();
    expect((await descarga).suggestedFilename()).toMatch(new RegExp(`-20-${serie}\\.xml$`));
    // Branch crenvio: the sending job takes it to the SUNAT stand-in's otros-CPE service; the list (which polls while
    // it is pending) shows it accepted, and its CDR downloads.
    await expect(fila.getByTestId('estado-sunat')).toHaveText('Aceptado', { timeout: 60_000 });
    const cdr = page.waitForEvent('download');
    await fila.getByRole('button', { name: `CDR ${serie}` }).click();
    expect((await cdr).suggestedFilename()).toMatch(new RegExp(`^R-\\d{11}-20-${serie}\\.zip$`));
  } finally {
    const fin = await llamarApi(page, '/api/finanzas/v1/retenciones-emitidas/agente', 'PUT', { AgenteRetencionDesde: null });
    expect(fin.status).toBe(200);
  }
});
