import { expect as expectBase, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { iniciarSesion } from './helpers';

// Shared cores: issuing and PDF rendering get more room than the default 7 s.
const expect = expectBase.configure({ timeout: 30_000 });
const DESCARGAS = mkdtempSync(path.join(tmpdir(), 'yupana-configuracion-'));

/** A real PNG logo, as a user would pick it. */
function logoPng(): Buffer {
  const png = new PNG({ width: 180, height: 60 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([15, 76, 129, 255], i);
  return PNG.sync.write(png);
}

async function guardarPlantilla(page: Page) {
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Plantilla de comprobantes guardada')).toBeVisible();
}

test.describe('configuración de la empresa', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(240_000);

  test('cabecera verde en el ambiente de pruebas (simulador), sin aviso de certificado vigente; una URL de OSE interna se rechaza', async ({ page }) => {
    await iniciarSesion(page, 'supervisor');
    const cabecera = page.getByTestId('cabecera');
    await expect(cabecera).toHaveAttribute('data-ambiente', 'SIMULADOR');
    await expect(cabecera).toHaveClass(/yp-header--prueba/);
    await expect(cabecera).toHaveCSS('background-color', 'rgb(232, 246, 238)');
    await expect(page.getByTestId('aviso-certificado')).toHaveCount(0);
    // The OSE URL cannot point inside the network (the SOL password travels with each document): the form says why
    // and the company keeps sending to the stand-in.
    await page.goto('/admin/configuraciones/sunat');
    const pagina = page.getByTestId('pagina-configuracion-sunat');
    await pagina.getByLabel('Ambiente de envío').click();
    await page.getByTitle('Operador de servicios electrónicos (OSE)').click();
    await pagina.getByLabel('URL del OSE').fill('http://169.254.169.254/latest/meta-data');
    await pagina.getByRole('button', { name: 'Guardar' }).click();
    await expect(pagina.getByText('El servidor 169.254.169.254 no está entre los permitidos para el envío', { exact: false })).toBeVisible();
    await expect(page.getByTestId('ambiente-actual')).toHaveText('Simulador local (pruebas)');
  });

  test('plantilla: logo y texto adicional salen en el PDF de un documento nuevo; se restaura al final', async ({ page }) => {
    const marca = `Cuenta BCP ${Date.now().toString(36).toUpperCase()}`;
    await iniciarSesion(page, 'supervisor');
    await page.goto('/admin/configuraciones/plantilla');
    await expect(page.getByTestId('pagina-configuracion-plantilla')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'A4' })).toBeChecked();

    // A file that is not PNG/JPG is refused before anything is sent.
    await page.locator('input[type=file]').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('El logo debe ser una imagen PNG o JPG')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    await expect(page.getByTestId('logo-vista')).toBeVisible();
    await page.getByTestId('texto-adicional').fill(`${marca}\nNo se aceptan devoluciones`);
    await guardarPlantilla(page);

    try {
      // A new factura: its PDF (the page's download, in the company's default format) carries the logo and the text.
      await page.goto('/admin/documentos/emitir/factura');
      await expect(page.getByTestId('formulario-factura')).toBeVisible();
      await page.getByRole('combobox', { name: 'Serie' }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await page.getByLabel('Número de documento').fill('20100070970');
      await page.getByLabel('Razón social o nombre').fill('SUPERMERCADOS DEL SUR S.A.C.');
      await page.getByLabel('Dirección').fill('Av. Los Próceres 123, Lima');
      await page.getByLabel('Descripción del ítem 1').fill('Servicio de instalación');
      await page.getByLabel('Cantidad del ítem 1').fill('1');
      await page.getByLabel('Precio del ítem 1').fill('59');
      await expect(page.getByTestId('importe-total')).toHaveText('S/ 59.00');
      await page.getByTestId('emitir').click();
      await expect(page).toHaveURL(/\/admin\/documentos\/\d+$/, { timeout: 60_000 });
      await expect(page.getByTestId('pagina-documento')).toBeVisible();
      const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByTestId('descargar-pdf').click()]);
      const pdf = path.join(DESCARGAS, descarga.suggestedFilename());
      await descarga.saveAs(pdf);
      const texto = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      expect(texto).toContain(marca);
      expect(texto).toContain('No se aceptan devoluciones');
      const imagenes = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(imagenes.length).toBeGreaterThan(0);
    } finally {
      // Leave the demo company's template as it was: A4, no logo, no text.
      await page.goto('/admin/configuraciones/plantilla');
      await expect(page.getByTestId('logo-vista')).toBeVisible();
      await page.getByRole('button', { name: 'Quitar logo' }).click();
      await page.getByTestId('texto-adicional').fill('');
      await guardarPlantilla(page);
      await expect(page.getByText('Sin logo')).toBeVisible();
    }
  });

  test('parámetros de facturación: la moneda y la condición de pago por defecto abren los formularios de emisión', async ({ page }) => {
    const campo = (etiqueta: string) => page.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${etiqueta}(Predeterminado)?$`) }) });
    const elegir = async (etiqueta: string, texto: string) => {
      await page.getByRole('combobox', { name: etiqueta }).click();
      await page.keyboard.type(texto);
      await page.keyboard.press('Enter');
    };
    await iniciarSesion(page, 'supervisor');
    await page.goto('/admin/configuraciones/parametros');
    await expect(page.getByTestId('pagina-configuracion-parametros')).toBeVisible();
    await expect(campo('Moneda por defecto')).toContainText('Soles (PEN)');
    await elegir('Moneda por defecto', 'Dólares');
    await expect(campo('Moneda por defecto')).toContainText('Dólares (USD)');
    await elegir('Condición de pago por defecto', 'Varias');
    await expect(campo('Condición de pago por defecto')).toContainText('Crédito - Varias Letras');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Parámetros de facturación guardados')).toBeVisible();
    try {
      await page.goto('/admin/documentos/emitir/factura');
      await expect(page.getByTestId('formulario-factura')).toBeVisible();
      await expect(campo('Moneda')).toContainText('USD - Dólares');
      await expect(campo('Condición de pago')).toContainText('Crédito - Varias Letras');
      // A boleta takes the currency but is always al contado.
      await page.goto('/admin/documentos/emitir/boleta');
      await expect(campo('Moneda')).toContainText('USD - Dólares');
      await expect(campo('Condición de pago')).toContainText('Contado');
    } finally {
      await page.goto('/admin/configuraciones/parametros');
      await page.getByRole('button', { name: 'Restablecer predeterminados' }).click();
      await page.getByRole('button', { name: 'Sí, restablecer' }).click();
      await expect(page.getByText('Parámetros restablecidos')).toBeVisible();
      await expect(campo('Moneda por defecto')).toContainText('Soles (PEN)');
    }
  });
});
