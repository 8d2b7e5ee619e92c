import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion } from './helpers';

// Issue 11: a company without RUC (Bodega Doña Rosa, type 2) issues internal sale notes from its own page, prints them
// marked as internal and voids them; its menu shows no SUNAT screens. Lazy pages on a shared 2-core machine: more room.
const expect = expectBase.configure({ timeout: 30_000 });

test.use({ viewport: { width: 1280, height: 900 } });

test('una bodega sin RUC emite, descarga y anula una nota de venta; su menú no tiene pantallas de SUNAT', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'sinruc.supervisor');
  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByText('Emitir', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Nota de venta' })).toBeVisible();
  for (const pantalla of ['Factura', 'Boleta de venta', 'Guía de remisión remitente', 'Configuración SUNAT', 'Regularizaciones'])
    await expect(menu.getByRole('link', { name: pantalla, exact: true })).toHaveCount(0);

  // The balance banner counts internal documents: read it before issuing (issue 11, item 9: it must move without a reload).
  const contador = page.getByTestId('banner-saldo-principal');
  await expect(contador).toContainText(/no tributarios?/);
  const emitidos = async () => Number((/emitido (\d+)/.exec(await contador.innerText()) ?? [])[1]);
  const antes = await emitidos();
  expect(antes).toBeGreaterThanOrEqual(0);

  await menu.getByRole('link', { name: 'Nota de venta' }).click();
  await expect(page).toHaveURL(/\/admin\/documentos\/emitir\/nota-venta$/);
  await expect(page.getByTestId('formulario-nota-venta')).toBeVisible();
  await expect(page.getByTestId('aviso-no-tributario')).toContainText('NO TRIBUTARIO');
  // The only series of the company (NV01) comes chosen, and the customer is the generic one.
  await expect(page.getByTestId('formulario-nota-venta')).toContainText('NV01');
  await expect(page.getByLabel('Razón social o nombre')).toHaveValue('CLIENTES VARIOS');
  await page.getByLabel('Descripción del ítem 1').fill('Pan francés');
  await page.getByLabel('Cantidad del ítem 1').fill('20');
  await page.getByLabel('Precio del ítem 1').fill('0.30');
  await expect(page.getByTestId('importe-total')).toHaveText('S/ 6.00');
  await page.getByTestId('emitir').click();

  await expect(page).toHaveURL(/\/admin\/documentos\/\d+$/);
  await expect(page.getByTestId('serie-numero')).toHaveText(/^NV01-\d+$/);
  await expect(page.getByTestId('total-documento')).toHaveText('S/ 6.00');
  await expect.poll(emitidos).toBe(antes + 1);
  // No XML nor CDR: it is not an electronic receipt.
  await expect(page.getByTestId('descargar-xml')).toHaveCount(0);
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('descargar-pdf').click()]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);

  // The preview frame shows the PDF: the app's own Content-Security-Policy must not block it (issue 11, item 2).
  const bloqueos: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (frame|load)/i.test(m.text())) bloqueos.push(m.text());
  });
  await page.getByTestId('vista-previa-boton').click();
  await expect(page.getByTestId('vista-previa')).toBeVisible();
  await expect(page.getByTestId('vista-previa')).toHaveAttribute('src', /^blob:/);
  // A frame the policy refuses becomes an error page; an allowed one keeps its blob: address.
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('blob:'))).toBe(true);
  expect(bloqueos).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('vista-previa')).toHaveCount(0);

  await page.getByTestId('anular').click();
  await expect(page.getByText('La nota de venta es un documento interno')).toBeVisible();
  await page.getByLabel('Motivo de la anulación').fill('Cliente devolvió el pan');
  await page.getByTestId('confirmar-anulacion').click();
  await expect(page.getByText('Documento anulado')).toBeVisible();
  await expect(page.getByTestId('estado-sunat').first()).toHaveText(/Anulado/);
});

test('un cajero emite una nota de venta pero no ve Anular: solo se ofrece lo que su rol permite (issue 11, item 10)', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'cajero');
  await page.goto('/admin/documentos/emitir/nota-venta');
  await expect(page.getByTestId('formulario-nota-venta')).toBeVisible();
  await expect(page.getByTestId('formulario-nota-venta')).toContainText(/NV\d{2}/);
  await page.getByLabel('Descripción del ítem 1').fill('Gaseosa 500 ml');
  await page.getByLabel('Cantidad del ítem 1').fill('2');
  await page.getByLabel('Precio del ítem 1').fill('2.50');
  await expect(page.getByTestId('importe-total')).toHaveText('S/ 5.00');
  await page.getByTestId('emitir').click();
  await expect(page).toHaveURL(/\/admin\/documentos\/\d+$/);
  await expect(page.getByTestId('descargar-pdf')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar por correo' })).toBeVisible();
  await expect(page.getByTestId('anular')).toHaveCount(0);
  // The list still offers the daily summary, which the Cajero role sends.
  await page.goto('/admin/documentos');
  await expect(page.getByTestId('resumen-diario')).toBeVisible();
});
