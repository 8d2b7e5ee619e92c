import { expect, test, type Page } from '@playwright/test';
import { generarCertificadoPrueba } from '@yupana/sunat';

// Issue 11: the setup wizard's SUNAT link step (companies with RUC) and the deposit data the provider publishes.

const esperar = expect.configure({ timeout: 20_000 });
const CONTRASENHA = 'Sunat.Paso.2026';

async function registrar(page: Page, correo: string) {
  await page.goto('/auth/registro');
  await esperar(page.getByTestId('pagina-registro')).toBeVisible();
  await page.getByLabel('Nombres').fill('Julia');
  await page.getByLabel('Apellidos').fill('Mendoza');
  await page.getByLabel('Correo').fill(correo);
  await page.getByLabel('Celular').fill('987000222');
  await page.getByLabel('Contraseña', { exact: true }).fill(CONTRASENHA);
  await page.getByLabel('Confirmar contraseña').fill(CONTRASENHA);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await esperar(page).toHaveURL(/\/inicializacion-tuboleta\/tipo-configuracion$/);
}

async function hastaPasoSunat(page: Page, ruc: string, razonSocial: string, correo: string) {
  await page.getByRole('radio', { name: 'Empresa con RUC' }).click();
  await page.getByLabel('RUC', { exact: true }).fill(ruc);
  await page.getByLabel('Razón social').fill(razonSocial);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await esperar(page).toHaveURL(/wizard-config\/persona-de-contacto$/);
  await page.getByLabel('Nombre de la persona de contacto').fill('Julia Mendoza');
  await page.getByLabel('Celular').fill('987000222');
  await page.getByLabel('Correo').fill(correo);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await esperar(page).toHaveURL(/wizard-config\/vinculacion-sunat$/);
}

test.describe('asistente: vinculación con SUNAT', () => {
  test('empresa con RUC: sube su certificado y usuario SOL, prueba la conexión (error y luego correcta) y sigue a las series', async ({ page }) => {
    test.setTimeout(120_000);
    const ruc = '20100047218';
    await registrar(page, 'julia.mendoza@ejemplo.pe');
    await hastaPasoSunat(page, ruc, 'Mendoza Importaciones SAC', 'julia.mendoza@ejemplo.pe');
    const asistente = page.getByTestId('asistente-configuracion');
    // The step shows in the progress between the contact person and the series.
    await esperar(asistente.getByText('Vinculación SUNAT')).toBeVisible();
    const paso = page.getByTestId('paso-vinculacion-sunat');

    const { pfx, password } = generarCertificadoPrueba({ ruc, razonSocial: 'MENDOZA IMPORTACIONES SAC' });
    await paso.locator('input[type=file]').setInputFiles({ name: 'certificado.pfx', mimeType: 'application/x-pkcs12', buffer: Buffer.from(pfx) });
    await paso.getByLabel('Contraseña del certificado').fill(password);
    await paso.getByLabel('Usuario SOL').fill('MODDATOS');
    await paso.getByLabel('Clave SOL').fill('equivocada');
    await paso.getByRole('button', { name: 'Guardar y probar conexión' }).click();
    const resultado = paso.getByTestId('resultado-conexion-sunat');
    await esperar(resultado).toContainText('La conexión con SUNAT no se pudo comprobar');
    await esperar(resultado).toContainText('rechazó el usuario o la clave SOL (código 0102');

    // The right password: the stand-in accepts the user.
    await paso.locator('input[type=file]').setInputFiles({ name: 'certificado.pfx', mimeType: 'application/x-pkcs12', buffer: Buffer.from(pfx) });
    await paso.getByLabel('Contraseña del certificado').fill(password);
    await paso.getByLabel('Clave SOL').fill('moddatos');
    await paso.getByRole('button', { name: 'Guardar y probar conexión' }).click();
    await esperar(resultado).toContainText('Conexión con SUNAT correcta');
    await esperar(resultado).toContainText('el certificado digital se abrió con su contraseña');
    await paso.getByRole('button', { name: 'Continuar' }).click();
    await esperar(page).toHaveURL(/wizard-config\/series-electronicas$/);
    await esperar(page.getByLabel('Serie de Facturas electrónicas')).toHaveValue('F001');
  });

  test('"Configurar después" deja el paso para luego y el asistente sigue a las series', async ({ page }) => {
    test.setTimeout(90_000);
    await registrar(page, 'tomas.vega@ejemplo.pe');
    await hastaPasoSunat(page, '20100070970', 'Vega Distribuciones SA', 'tomas.vega@ejemplo.pe');
    await page.getByTestId('paso-vinculacion-sunat').getByRole('button', { name: 'Configurar después' }).click();
    await esperar(page).toHaveURL(/wizard-config\/series-electronicas$/);
    // The server knows the step: signing in again resumes at the series, not at the SUNAT step.
    await page.reload();
    await esperar(page).toHaveURL(/wizard-config\/series-electronicas$/);
  });
});
