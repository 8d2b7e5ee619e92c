import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion, llamarApi } from './helpers';

// Branch tesoreria: the supervisor voids a supplier payment from the payables' "Pagos a proveedores" tab; the
// purchase owes its total again and can then be voided.
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1366, height: 900 } });
const MARCA = Date.now().toString(36).toUpperCase();

test('anular un pago a proveedor repone la deuda y deja anular la compra', async ({ page }) => {
  test.setTimeout(300_000);
  await iniciarSesion(page, 'supervisor');
  const item = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: `TES-${MARCA}`, Descripcion: `AZUCAR RUBIA ${MARCA}`, CodigoUnidad: 'NIU', Precio: '4', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(item.status, JSON.stringify(item.body)).toBe(201);
  const almacenes = await llamarApi<{ Data: { Id: number; EsPredeterminado: boolean }[] }>(page, '/api/logistica/v1/almacenes');
  const numero = Date.now() % 10_000_000;
  const serieNumero = `F778-${numero}`;
  // 5 units at S/ 10.00 + IGV = S/ 59.00, on credit.
  const compra = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/compras', 'POST', {
    RucProveedor: '20100047218',
    RazonSocialProveedor: `DISTRIBUIDORA ${MARCA} S.A.C.`,
    TipoDocumento: '01',
    Serie: 'F778',
    Numero: numero,
    FechaEmision: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date()),
    Lineas: [{ IdItem: item.body.Id, IdAlmacen: almacenes.body.Data.find((a) => a.EsPredeterminado)!.Id, Cantidad: '5', ValorUnitario: '10', AfectacionIgv: '10' }],
  });
  expect(compra.status, JSON.stringify(compra.body)).toBe(201);
  const cuenta = await llamarApi<{ Cuotas: { IdCuota: number }[] }>(page, `/api/finanzas/v1/cuentasporpagar/${compra.body.Id}`);
  const cuentas = await llamarApi<{ Data: { Id: number; IdTipoCuenta: number; LogEstado?: number }[] }>(page, '/api/finanzas/v1/cuentasfinancieras');
  const pago = await llamarApi<{ Id: number; NumeroRecibo: string }>(page, '/api/finanzas/v1/pagos/efectivos', 'POST', {
    IdCuentaFinanciera: cuentas.body.Data.find((c) => c.IdTipoCuenta !== 3)!.Id,
    Detalle: [{ IdCuota: cuenta.body.Cuotas[0].IdCuota, Monto: '59.00' }],
  });
  expect(pago.status, JSON.stringify(pago.body)).toBe(201);
  const recibo = pago.body.NumeroRecibo;

  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Cuentas por pagar' }).click();
  await expect(page.getByTestId('pagina-cuentas-por-pagar')).toBeVisible();
  await page.getByRole('tab', { name: 'Pagos a proveedores' }).click();
  await page.getByRole('searchbox', { name: 'Proveedor de los pagos' }).fill('20100047218');
  await page.getByRole('searchbox', { name: 'Proveedor de los pagos' }).press('Enter');
  const fila = page.getByRole('row', { name: new RegExp(`${recibo}\\b`) });
  await expect(fila).toContainText('Vigente');
  await expect(fila).toContainText(serieNumero);
  await fila.getByRole('button', { name: `Anular ${recibo}` }).click();
  const modal = page.getByRole('dialog', { name: `Anular el pago ${recibo}` });
  await expect(modal).toContainText('Se repondrá el saldo de la cuota pagada por S/ 59.00');
  await modal.getByLabel('Motivo').fill('x');
  await modal.getByRole('button', { name: 'Anular pago' }).click();
  await expect(modal).toContainText('mínimo 3 caracteres');
  await modal.getByLabel('Motivo').fill('Pago registrado dos veces');
  await modal.getByRole('button', { name: 'Anular pago' }).click();
  await expect(page.getByText(`Pago ${recibo} anulado: el saldo volvió a las compras y su asiento quedó revertido`)).toBeVisible();
  await expect(fila).toContainText('Anulado');
  await expect(fila.getByRole('button', { name: `Anular ${recibo}` })).toHaveCount(0);

  // The purchase owes its total again.
  await page.getByRole('tab', { name: 'Documentos por pagar' }).click();
  await page.getByRole('searchbox', { name: 'Proveedor', exact: true }).fill('20100047218');
  await page.getByRole('searchbox', { name: 'Proveedor', exact: true }).press('Enter');
  await expect(page.getByTestId(`saldo-cxp-${serieNumero}`)).toHaveText('S/ 59.00');

  // With no payment left, voiding the purchase is accepted.
  const anulada = await llamarApi<{ Anulado: boolean }>(page, `/api/logistica/v1/compras/${compra.body.Id}/anulaciones`, 'PUT', { Motivo: 'Devuelta al proveedor' });
  expect(anulada.status, JSON.stringify(anulada.body)).toBe(200);
  expect(anulada.body.Anulado).toBe(true);
});
