import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { iniciarSesion } from './helpers';

// The generated sample padrón shipped with the API tests; its first taxpayer is a fixed RUC.
const MUESTRA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/test/entidades/padron-muestra.txt');
const RUC_MUESTRA = '20609876540';
const RAZON_MUESTRA = 'FERRETERÍA EL ÑANDÚ S.A.C.';

test.use({ viewport: { width: 1280, height: 900 } });

// Pages are lazy chunks: on a machine shared with other runs the first load of one can take several seconds.
const CARGA = { timeout: 20_000 };

test('maestros: importa el padrón de muestra, registra un cliente por consulta de RUC, valida el DNI y busca un ítem por tres letras', async ({ page }) => {
  test.setTimeout(240_000);
  // 1. The padrón is the platform's: the provider's staff upload the sample and watch the progress bar reach COMPLETADA.
  await iniciarSesion(page, 'proveedor');
  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Padrón RUC SUNAT' }).click();
  await expect(page).toHaveURL(/\/admin\/padron-ruc$/);
  await expect(page.getByTestId('pagina-padron')).toBeVisible(CARGA);
  await page.getByTestId('pagina-padron').locator('input[type=file]').setInputFiles(MUESTRA);
  await expect(page.getByTestId('estado-importacion')).toHaveText('COMPLETADA', { timeout: 30_000 });
  await expect(page.getByTestId('progreso-padron')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('padron-muestra.txt')).toBeVisible();

  // A customer company's supervisor consults it but does not see the import screen in the menu.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await iniciarSesion(page, 'supervisor');
  await expect(menu.getByRole('link', { name: 'Clientes' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Padrón RUC SUNAT' })).toHaveCount(0);

  // 2. Clientes: a new customer by RUC; "Consultar" fills the name and address from the padrón.
  await menu.getByRole('link', { name: 'Clientes' }).click();
  await expect(page).toHaveURL(/\/admin\/entidades$/);
  await expect(page.getByTestId('pagina-clientes')).toContainText('CLIENTES VARIOS', CARGA);
  await page.getByRole('button', { name: 'Nuevo cliente' }).click();
  const form = page.getByTestId('form-cliente');
  await form.getByLabel('Número de documento').fill(RUC_MUESTRA);
  await form.getByRole('button', { name: 'Consultar' }).click();
  await expect(form.getByLabel('Razón social o nombre')).toHaveValue(RAZON_MUESTRA);
  await expect(form.getByLabel('Dirección')).toHaveValue(/AV\. JOSÉ LARCO NRO\. 345/);
  await expect(page.getByTestId('aviso-consulta')).toContainText('padrón reducido del RUC');
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Cliente registrado')).toBeVisible();
  // The drawer gives focus back to the button that opened it when its closing animation ends: search after that, as a
  // person would, or the Enter key can land on that button instead of the search box.
  await expect(form).toBeHidden();
  await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(`  ${RUC_MUESTRA} `);
  await page.getByRole('searchbox', { name: 'Buscar clientes' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`filtro=${RUC_MUESTRA}`));
  await expect(page.getByRole('row', { name: new RegExp(RAZON_MUESTRA) })).toBeVisible();

  // Looking the same RUC up again warns that it is already registered.
  await page.getByRole('button', { name: 'Nuevo cliente' }).click();
  await form.getByLabel('Número de documento').fill(RUC_MUESTRA);
  await form.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('aviso-consulta')).toContainText('Este cliente ya está registrado');

  // 3. A DNI of 7 digits gets the seed's message.
  await form.getByLabel('Tipo de documento').click();
  await page.locator('.ant-select-item-option[title="DNI"]').click();
  await form.getByLabel('Número de documento').fill('4567891');
  await form.getByLabel('Razón social o nombre').fill('CLIENTE CON DNI CORTO');
  await form.getByRole('button', { name: /Registrar|Guardar cambios/ }).click();
  await expect(form.getByText('Se espera 8 dígitos')).toBeVisible();
  // Close the drawer with its X (Escape goes to the focused field, and a field with suggestions keeps it for itself).
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(form).toBeHidden();

  // 4. Items: create one and find it by three letters (fewer letters only show the hint).
  const sufijo = Date.now().toString(36).toUpperCase();
  const descripcion = `YERBA MATE ${sufijo}`;
  await menu.getByRole('link', { name: 'Productos y servicios' }).click();
  await expect(page).toHaveURL(/\/admin\/items$/);
  await expect(page.getByTestId('pagina-items')).toBeVisible(CARGA);
  await page.getByRole('button', { name: 'Nuevo producto o servicio' }).click();
  const formItem = page.getByTestId('form-item');
  await formItem.getByLabel('Código', { exact: true }).fill(`YM-${sufijo}`);
  await formItem.getByLabel('Descripción', { exact: true }).fill(descripcion);
  await formItem.getByLabel('Precio', { exact: true }).fill('12.50');
  await formItem.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Producto o servicio registrado')).toBeVisible();
  await expect(formItem).toBeHidden();

  const buscar = page.getByRole('searchbox', { name: 'Buscar productos o servicios' });
  await buscar.fill('ye');
  await expect(page.getByText('Ingrese al menos tres letras para buscar')).toBeVisible();
  await buscar.fill('yer');
  await buscar.press('Enter');
  await expect(page).toHaveURL(/filtro=yer/);
  await expect(page.getByRole('row', { name: new RegExp(descripcion) })).toBeVisible();
  await buscar.fill('qqzzxx');
  await buscar.press('Enter');
  await expect(page.getByText('NO SE ENCONTRÓ NINGUN PRODUCTO O SERVICIO')).toBeVisible();
  await expect(page.getByText('REVISE SUS CRITERIOS DE BUSQUEDA Y VUELVA A INTENTARLO')).toBeVisible();
});
