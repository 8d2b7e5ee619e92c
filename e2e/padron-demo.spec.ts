import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { CONTRASENHA_DEMO } from './helpers';

// Issue 11, item 8: a fresh demo's RUC lookup finds taxpayers of the demo padrón; the provider uploads the padrón from
// the browser with a progress bar, and a file that is not the padrón is refused in Spanish.
const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// CONTRIBUYENTE_DEMO of apps/api/src/modules/entidades/padron-demo.ts: in the demo padrón, nobody's customer.
const RUC_DEMO = '20612345679';
const RAZON_DEMO = 'TEXTILES GAMARRA DEL PERÚ S.A.C.';
const CARGA = { timeout: 60_000 };

/** The sign-in of helpers.ts with room for a loaded shared machine (argon2 and the home page's chunk). */
async function iniciarSesion(page: Page, usuario: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByLabel('Contraseña').fill(CONTRASENHA_DEMO);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByTestId('pagina-inicio')).toBeVisible({ timeout: 120_000 });
}

test.use({ viewport: { width: 1280, height: 900 } });

test('la consulta de RUC de un cliente nuevo encuentra al contribuyente en el padrón de la demostración', async ({ page }) => {
  test.setTimeout(300_000);
  await iniciarSesion(page, 'supervisor');
  await page.goto('/admin/entidades');
  await expect(page.getByTestId('pagina-clientes')).toContainText('CLIENTES VARIOS', CARGA);
  await page.getByRole('button', { name: 'Nuevo cliente' }).click();
  const form = page.getByTestId('form-cliente');
  await form.getByLabel('Número de documento').fill(RUC_DEMO);
  await form.getByRole('button', { name: 'Consultar' }).click();
  await expect(form.getByLabel('Razón social o nombre')).toHaveValue(RAZON_DEMO);
  await expect(form.getByLabel('Dirección')).toHaveValue(/JR\. GAMARRA NRO\. 1050 INT\. 305/);
  await expect(page.getByTestId('aviso-consulta')).toContainText('padrón reducido del RUC');
});

test('el proveedor sube el padrón desde el navegador con barra de avance y se rechaza lo que no es el padrón', async ({ page }) => {
  test.setTimeout(400_000);
  // The demo padrón written by the repository's generator (3,009 taxpayers, Latin-1, CRLF).
  const archivo = path.join(mkdtempSync(path.join(tmpdir(), 'yupana-padron-e2e-')), 'padron_demo_yupana.txt');
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/src/modules/entidades/generar-padron-muestra.ts', archivo, 'demo'], { cwd: RAIZ });

  await iniciarSesion(page, 'proveedor');
  await page.goto('/admin/padron-ruc');
  const pagina = page.getByTestId('pagina-padron');
  await expect(pagina).toBeVisible(CARGA);
  // No server path is typed anywhere: the file is picked in the browser.
  await expect(pagina.getByRole('textbox')).toHaveCount(0);
  const entrada = pagina.locator('input[type=file]');

  // Not a padrón: refused before anything is sent, in Spanish.
  await entrada.setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from('RUC;Nombre\r\n20100070970;SUPERMERCADOS PERUANOS\r\n') });
  await expect(page.getByTestId('rechazo-padron')).toContainText('clientes.csv: El archivo no es el padrón reducido del RUC de SUNAT');
  await entrada.setInputFiles({ name: 'padron_reducido_ruc.zip', mimeType: 'application/zip', buffer: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(500, 1)]) });
  await expect(page.getByTestId('rechazo-padron')).toContainText('descomprima padron_reducido_ruc.zip');

  // The real file: the upload is slowed to about 64 KB/s so its own progress bar is seen, then the import's (polled).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
  // Another spec on a shared server may be importing: then the page says so, and the file is sent again once it ended.
  for (let intento = 1; ; intento++) {
    await entrada.setInputFiles(archivo);
    await expect(page.getByTestId('progreso-subida')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('progreso-subida')).toContainText(/Subiendo \d+%|Recibiendo/);
    await expect(page.getByTestId('progreso-subida')).toBeHidden({ timeout: 60_000 });
    const enCurso = await page.getByTestId('rechazo-padron').filter({ hasText: 'en curso' }).count();
    if (!enCurso || intento === 3) break;
    await expect(page.getByTestId('estado-importacion')).not.toHaveText('PROCESANDO', { timeout: 60_000 });
  }
  await expect(page.getByTestId('rechazo-padron')).toBeHidden();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.getByTestId('estado-importacion')).toHaveText('COMPLETADA', { timeout: 30_000 });
  await expect(page.getByTestId('progreso-padron')).toHaveAttribute('aria-valuenow', '100');
  await expect(pagina.getByText('padron_demo_yupana.txt')).toBeVisible();
  await expect(pagina.getByText('Líneas importadas')).toBeVisible();
});
