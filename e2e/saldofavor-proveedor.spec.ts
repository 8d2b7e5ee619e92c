import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion, llamarApi, rucPropio } from './helpers';

// Branch provnc (issue 14): a supplier's credit note (a purchase of type 07) leaves a credit in favour of the company;
// a purchase al crédito of that supplier is then partly settled with it from the payables' payment dialog (no cash
// box, no bank), and the purchase owes the rest.
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1366, height: 900 } });
const MARCA = Date.now().toString(36).toUpperCase();
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
const enDias = (dias: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date(Date.now() + dias * 86_400_000));

test('saldo a favor del proveedor: su nota de crédito se aplica a la cuota de una compra al crédito', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const ruc = rucPropio();
  const item = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: `PNC-${MARCA}`, Descripcion: `ACEITE DE OLIVA ${MARCA}`, CodigoUnidad: 'NIU', Precio: '20', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(item.status, JSON.stringify(item.body)).toBe(201);
  const almacenes = await llamarApi<{ Data: { Id: number; EsPredeterminado: boolean }[] }>(page, '/api/logistica/v1/almacenes');
  const idAlmacen = almacenes.body.Data.find((a) => a.EsPredeterminado)!.Id;
  const numero = Date.now() % 10_000_000;
  const documento = (TipoDocumento: '01' | '07', Serie: string, Cantidad: string, credito: boolean) =>
    llamarApi<{ Id: number; Total: string }>(page, '/api/logistica/v1/compras', 'POST', {
      RucProveedor: ruc,
      RazonSocialProveedor: `PROVEEDOR NOTA ${MARCA} S.A.C.`,
      TipoDocumento,
      Serie,
      Numero: numero,
      FechaEmision: hoy(),
      Lineas: [{ IdItem: item.body.Id, IdAlmacen: idAlmacen, Cantidad, ValorUnitario: '10', AfectacionIgv: '10' }],
      ...(credito ? { IdCondicionPago: 2, Cuotas: [{ Monto: '118.00', FechaVencimiento: enDias(30) }] } : { IdCondicionPago: 1 }),
    });
  // 10 units at S/ 10.00 + IGV = S/ 118.00 al crédito; the supplier's credit note returns 2 of them: S/ 23.60.
  const compra = await documento('01', 'F779', '10', true);
  expect(compra.status, JSON.stringify(compra.body)).toBe(201);
  const nota = await documento('07', 'FC79', '2', false);
  expect(nota.status, JSON.stringify(nota.body)).toBe(201);
  expect(nota.body.Total).toBe('23.60');
  const serieNumero = `F779-${numero}`;

  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Cuentas por pagar' }).click();
  await expect(page.getByTestId('pagina-cuentas-por-pagar')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Proveedor', exact: true }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Proveedor', exact: true }).press('Enter');
  await expect(page.getByTestId(`saldo-cxp-${serieNumero}`)).toHaveText('S/ 118.00');

  await page.getByRole('button', { name: `Pagar ${serieNumero}` }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Pagar ${serieNumero}`) });
  const opcion = modal.getByRole('radio', { name: /Saldo a favor del proveedor \(disponible S\/ 23\.60\)/ });
  await expect(opcion).toBeEnabled();
  await opcion.check();
  await expect(modal.getByTestId('saldo-a-favor-disponible')).toContainText('S/ 23.60');
  await expect(modal.getByLabel('Caja')).toHaveCount(0);
  // More than the credit: refused in Spanish, nothing applied.
  await modal.getByLabel('Monto de la cuota 1').fill('30.00');
  await modal.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(modal.getByTestId('error-cobro')).toContainText('El saldo a favor disponible del proveedor es S/ 23.60');
  await modal.getByLabel('Monto de la cuota 1').fill('23.60');
  await modal.getByRole('button', { name: 'Registrar pago' }).click();
  const hecho = page.getByRole('dialog', { name: 'Pago registrado' });
  await expect(hecho).toContainText('Aplicación de saldo a favor: S/ 23.60 del saldo a favor del proveedor');
  await hecho.getByRole('button', { name: 'Listo' }).click();

  // The purchase now owes 94.40 and the supplier's credit is used up.
  await expect(page.getByTestId(`saldo-cxp-${serieNumero}`)).toHaveText('S/ 94.40');
  const saldo = await llamarApi<{ Disponible: string }>(page, `/api/finanzas/v1/saldosafavor/proveedores?proveedor=${ruc}&idmoneda=1`);
  expect(saldo.body.Disponible).toBe('0.00');
});
