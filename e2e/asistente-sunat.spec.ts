import { expect, test, type Page } from '@playwright/test';
import { generarCertificadoPrueba } from '@yupana/sunat';
import { iniciarSesion } from './helpers';

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
    test.setTimeout(240_000);
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

  test('depósito: el proveedor registra su cuenta, CCI y Yape; una empresa nueva deja SUNAT para después, compra y ve esos datos al subir su pago', async ({ page }) => {
    test.setTimeout(240_000);
    // The provider's staff publish the deposit data (the form checks the CCI's 20 digits and the 9-digit phone).
    await iniciarSesion(page, 'proveedor');
    await page.goto('/admin/gestion-pagos');
    await esperar(page.getByTestId('pagina-gestion-pagos')).toBeVisible();
    await page.getByRole('button', { name: 'Datos para depósitos' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Datos para depósitos' });
    await dialogo.getByLabel('Banco').fill('Banco de Crédito del Perú');
    await dialogo.getByLabel('Número de cuenta').fill('193-2456789-0-12');
    await dialogo.getByLabel('CCI (código de cuenta interbancario)').fill('0021930024567890121');
    await dialogo.getByLabel('Titular de la cuenta').fill('Yupana Plataforma SAC');
    await dialogo.getByLabel('Celular Yape / Plin').fill('98765432');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await esperar(dialogo.getByText('El CCI tiene 20 dígitos')).toBeVisible();
    await esperar(dialogo.getByText('El número de Yape o Plin es un celular de 9 dígitos que empieza con 9')).toBeVisible();
    await dialogo.getByLabel('CCI (código de cuenta interbancario)').fill('00219300245678901215');
    await dialogo.getByLabel('Celular Yape / Plin').fill('987654321');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await esperar(page.getByText('Datos para depósitos guardados')).toBeVisible();
    await esperar(dialogo).toHaveCount(0);
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();

    // A new company with RUC leaves SUNAT for later: the wizard goes on to the series, also after a reload.
    await registrar(page, 'tomas.vega@ejemplo.pe');
    await hastaPasoSunat(page, '20100070970', 'Vega Distribuciones SA', 'tomas.vega@ejemplo.pe');
    await page.getByTestId('paso-vinculacion-sunat').getByRole('button', { name: 'Configurar después' }).click();
    await esperar(page).toHaveURL(/wizard-config\/series-electronicas$/);
    await page.reload();
    await esperar(page).toHaveURL(/wizard-config\/series-electronicas$/);
    await page.getByRole('button', { name: 'Guardar series y continuar' }).click();
    await esperar(page).toHaveURL(/wizard-config\/opciones-configuracion$/);

    // It buys a package and pays by deposit: the upload dialog shows where to pay.
    await page.goto('/admin/pagos/recargastuboletape');
    await esperar(page.getByTestId('pagina-recargas')).toBeVisible();
    await page.getByRole('button', { name: 'Comprar Paquete Emprendedor' }).click();
    await page.getByRole('button', { name: 'Confirmar compra' }).click();
    const subir = page.getByRole('dialog', { name: 'Subir comprobante de pago' });
    const datos = subir.getByTestId('datos-deposito');
    await esperar(datos).toContainText('Banco de Crédito del Perú');
    await esperar(datos).toContainText('193-2456789-0-12');
    await esperar(datos).toContainText('00219300245678901215');
    await esperar(datos).toContainText('Yupana Plataforma SAC');
    await esperar(datos).toContainText('987654321');
  });
});
