import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion, llamarApi } from './helpers';

// Issues 13 and 14: the supervisor registers a supplier's factura at /admin/compras, sees the stock rise at the
// purchase's cost, pays it from a cash box in the payables view (receipt included) and sees the balance go to 0.
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1366, height: 900 } });
const MARCA = Date.now().toString(36).toUpperCase();

test('compra al proveedor: el stock sube, se paga y el saldo queda en 0', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  // A product of its own, so the stock figures are this test's alone.
  const codigo = `CMP-${MARCA}`;
  const item = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: codigo, Descripcion: `GALLETAS DE SODA ${MARCA}`, CodigoUnidad: 'NIU', Precio: '1.50', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(item.status, JSON.stringify(item.body)).toBe(201);
  const numero = String(Date.now() % 10_000_000);
  const serieNumero = `F777-${numero}`;

  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Compras' }).click();
  await expect(page).toHaveURL(/\/admin\/compras$/);
  await expect(page.getByTestId('pagina-compras')).toBeVisible();

  // The purchase: 12 units at S/ 5.00 + IGV = S/ 70.80, cash, into the main warehouse (chosen by default).
  await page.getByRole('button', { name: 'Nueva compra' }).click();
  const cajon = page.getByRole('dialog', { name: 'Nueva compra' });
  await cajon.getByLabel('RUC del proveedor').fill('20100047218');
  await cajon.getByLabel('Razón social').fill(`DISTRIBUIDORA ${MARCA} S.A.C.`);
  await cajon.getByLabel('Serie').fill('F777');
  await cajon.getByLabel('Número').fill(numero);
  await cajon.getByRole('combobox', { name: 'Producto' }).click();
  await cajon.getByRole('combobox', { name: 'Producto' }).fill(codigo);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: codigo }).first().click();
  await cajon.getByLabel('Cantidad').fill('12');
  await cajon.getByLabel('Valor unitario (sin IGV)').fill('5.00');
  await cajon.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(page.getByText(`Compra ${serieNumero} registrada: S/ 70.80`)).toBeVisible();
  const fila = page.getByRole('row', { name: new RegExp(serieNumero) });
  await expect(fila).toContainText('Pendiente');
  await expect(page.getByTestId(`saldo-compra-${serieNumero}`)).toHaveText('S/ 70.80');

  // The same document again is refused in Spanish.
  await page.getByRole('button', { name: 'Nueva compra' }).click();
  await cajon.getByLabel('RUC del proveedor').fill('20100047218');
  await cajon.getByLabel('Serie').fill('F777');
  await cajon.getByLabel('Número').fill(numero);
  await cajon.getByRole('combobox', { name: 'Producto' }).click();
  await cajon.getByRole('combobox', { name: 'Producto' }).fill(codigo);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: codigo }).first().click();
  await cajon.getByLabel('Cantidad').fill('1');
  await cajon.getByLabel('Valor unitario (sin IGV)').fill('1');
  await cajon.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(cajon.getByTestId('error-compra')).toContainText(`La Factura ${serieNumero} del proveedor 20100047218 ya está registrada`);
  await cajon.locator('.ant-drawer-close').click();

  // The stock rose by 12 at S/ 5.0000.
  await menu.getByRole('link', { name: 'Stock' }).click();
  await expect(page.getByTestId('pagina-stock')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar producto' }).fill(codigo);
  await page.getByRole('searchbox', { name: 'Buscar producto' }).press('Enter');
  const stock = page.getByRole('row', { name: new RegExp(`GALLETAS DE SODA ${MARCA}`) });
  await expect(stock).toHaveCount(1);
  await expect(stock.getByRole('cell').nth(4)).toHaveText('12');
  await expect(stock).toContainText('S/ 5.0000');

  // Payables: the purchase owes S/ 70.80; it is paid in cash from the petty-cash box.
  await menu.getByRole('link', { name: 'Cuentas por pagar' }).click();
  await expect(page.getByTestId('pagina-cuentas-por-pagar')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Proveedor' }).fill('20100047218');
  await page.getByRole('searchbox', { name: 'Proveedor' }).press('Enter');
  const deuda = page.getByRole('row', { name: new RegExp(serieNumero) });
  await expect(page.getByTestId(`saldo-cxp-${serieNumero}`)).toHaveText('S/ 70.80');
  await deuda.getByRole('button', { name: `Pagar ${serieNumero}` }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Pagar ${serieNumero}`) });
  // The accounts load with the dialog: pick the cash box again until the select shows it.
  await expect(async () => {
    await modal.getByLabel('Caja').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="Caja chica tienda"]').click({ timeout: 3_000 });
    await expect(modal.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: 'Caja chica tienda' }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(modal.getByLabel('Monto de la cuota 1')).toHaveValue('70.80');
  await modal.getByLabel('Monto de la cuota 1').fill('70.81');
  await modal.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(modal.getByTestId('error-cobro')).toContainText('excede el saldo');
  await modal.getByLabel('Monto de la cuota 1').fill('70.80');
  await modal.getByRole('button', { name: 'Registrar pago' }).click();
  const hecho = page.getByRole('dialog', { name: 'Pago registrado' });
  await expect(hecho).toContainText('Recibo RP-');
  const pestana = page.waitForEvent('popup');
  await hecho.getByRole('button', { name: 'Ver recibo' }).click();
  expect((await pestana).url()).toMatch(/^blob:/);
  await hecho.getByRole('button', { name: 'Listo' }).click();
  await expect(page.getByRole('row', { name: new RegExp(serieNumero) })).toHaveCount(0);

  // Back in purchases: paid, balance 0.
  await menu.getByRole('link', { name: 'Compras' }).click();
  await expect(page.getByRole('row', { name: new RegExp(serieNumero) })).toContainText('Pagado');
  await expect(page.getByTestId(`saldo-compra-${serieNumero}`)).toHaveText('S/ 0.00');
});

// The supplier's XML fills the purchase; the line whose product the company does not know is matched on screen.
test('compra desde el XML del proveedor con un producto por emparejar', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const codigo = `XML-${MARCA}`;
  const item = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: codigo, Descripcion: `CAFÉ TOSTADO ${MARCA}`, CodigoUnidad: 'NIU', Precio: '20', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(item.status, JSON.stringify(item.body)).toBe(201);
  const numero = String(Date.now() % 10_000_000);
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
  const linea = (n: number, cod: string, desc: string, q: string, v: string, igv: string) =>
    `<cac:InvoiceLine><cbc:ID>${n}</cbc:ID><cbc:InvoicedQuantity unitCode="NIU">${q}</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="PEN">${v}</cbc:LineExtensionAmount>` +
    `<cac:TaxTotal><cbc:TaxAmount currencyID="PEN">${igv}</cbc:TaxAmount><cac:TaxSubtotal><cac:TaxCategory><cbc:TaxExemptionReasonCode>10</cbc:TaxExemptionReasonCode></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>` +
    `<cac:Item><cbc:Description>${desc}</cbc:Description><cac:SellersItemIdentification><cbc:ID>${cod}</cbc:ID></cac:SellersItemIdentification></cac:Item><cac:Price><cbc:PriceAmount currencyID="PEN">10</cbc:PriceAmount></cac:Price></cac:InvoiceLine>`;
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">' +
    `<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:ID>F778-${numero}</cbc:ID><cbc:IssueDate>${hoy}</cbc:IssueDate><cbc:InvoiceTypeCode listID="0101">01</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>PEN</cbc:DocumentCurrencyCode>` +
    '<cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">20131312955</cbc:ID></cac:PartyIdentification><cac:PartyLegalEntity><cbc:RegistrationName>CAFETALERA DEL NORTE S.A.C.</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>' +
    '<cac:AccountingCustomerParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">20600123450</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingCustomerParty>' +
    '<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Contado</cbc:PaymentMeansID></cac:PaymentTerms>' +
    '<cac:TaxTotal><cbc:TaxAmount currencyID="PEN">5.40</cbc:TaxAmount></cac:TaxTotal><cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="PEN">35.40</cbc:PayableAmount></cac:LegalMonetaryTotal>' +
    linea(1, codigo, `CAFÉ TOSTADO ${MARCA}`, '2', '20.00', '3.60') +
    linea(2, 'PROV-999', 'CAFÉ EN GRANO SACO PROVEEDOR', '1', '10.00', '1.80') +
    '</Invoice>';

  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Compras' }).click();
  await expect(page.getByTestId('pagina-compras')).toBeVisible();
  await page.getByRole('button', { name: 'Nueva compra' }).click();
  const cajon = page.getByRole('dialog', { name: 'Nueva compra' });
  // A file that is not a UBL invoice is refused in Spanish.
  await cajon.getByLabel('Archivo XML del proveedor').setInputFiles({ name: 'pedido.xml', mimeType: 'text/xml', buffer: Buffer.from('<pedido><id>1</id></pedido>') });
  await expect(cajon.getByTestId('error-compra')).toContainText('El archivo no es un comprobante electrónico UBL');
  await cajon.getByLabel('Archivo XML del proveedor').setInputFiles({ name: `F778-${numero}.xml`, mimeType: 'text/xml', buffer: Buffer.from(xml) });
  await expect(cajon).toContainText('1 producto(s) del XML no se reconocieron');
  await expect(cajon.getByLabel('RUC del proveedor')).toHaveValue('20131312955');
  await expect(cajon.getByLabel('Número')).toHaveValue(numero);
  // Saving before matching points at the line.
  await cajon.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(cajon).toContainText('Producto no reconocido: elija el de su catálogo');
  await expect(cajon).toContainText('En el XML: PROV-999 · CAFÉ EN GRANO SACO PROVEEDOR');
  const segundo = cajon.getByRole('combobox', { name: 'Producto' }).nth(1);
  await segundo.click();
  await segundo.fill(codigo);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: codigo }).first().click();
  await cajon.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(page.getByText(`Compra F778-${numero} registrada: S/ 35.40`)).toBeVisible();
  await expect(page.getByTestId(`saldo-compra-F778-${numero}`)).toHaveText('S/ 35.40');
});
