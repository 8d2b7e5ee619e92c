import { expect, test } from '@playwright/test';
import { CONTRASENHA_DEMO, iniciarSesion, leerStorage } from './helpers';

test.describe('escritorio (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('el supervisor ingresa, ve su menú, navega con título y migas, y cierra sesión', async ({ page }) => {
    // Guarded: without a session the shell sends to the login page.
    await page.goto('/admin/usuario/perfil');
    await expect(page).toHaveURL(/\/auth\/login/);

    await iniciarSesion(page, 'supervisor');
    await expect(page).toHaveTitle('Yupana | Inicio');
    await expect(page.getByTestId('titulo-pagina')).toHaveText('Inicio');
    await expect(page.getByText('COMERCIAL ANDINA YUPANA S.A.C.').first()).toBeVisible();

    const menu = page.getByRole('menu', { name: 'Menú principal' });
    await expect(menu.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Comunícate con Soporte' })).toBeVisible();
    const ruc = menu.getByRole('link', { name: 'Consulta RUC SUNAT' });
    await expect(ruc).toHaveAttribute('target', '_blank');
    await expect(ruc).toHaveAttribute('rel', /noopener/);
    await expect(ruc).toHaveAttribute('href', /^https:\/\/e-consultaruc\.sunat\.gob\.pe\//);

    // The password is never stored; tokens and the seed's keys are.
    const todo = await page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
    expect(todo).not.toContain('Demo.2026');
    expect(todo).not.toContain(Buffer.from('Demo.2026').toString('base64'));
    expect(await leerStorage(page, 'TipoToken')).toBe('Bearer');
    expect(await leerStorage(page, 'RefreshToken')).toBeTruthy();

    // Submenu entry of kind 'admin': /admin/{parent state}/{child state}.
    await menu.getByText('Usuario', { exact: true }).click();
    await menu.getByRole('link', { name: 'Mi perfil' }).click();
    await expect(page).toHaveURL(/\/admin\/usuario\/perfil$/);
    await expect(page).toHaveTitle('Yupana | Mi perfil');
    await expect(page.getByTestId('titulo-pagina')).toHaveText('Mi perfil');
    await expect(page.getByTestId('subtitulo-pagina')).toHaveText('Sus datos y su contraseña');
    await expect(page.getByTestId('migas')).toHaveText(/Inicio\s*\/\s*Usuario\s*\/\s*Mi perfil/);
    await expect(page.getByTestId('pagina-perfil')).toContainText('supervisor');

    await menu.getByRole('link', { name: 'Comunícate con Soporte' }).click();
    await expect(page).toHaveURL(/\/admin\/ayuda-soporte\/comunicate$/);
    await expect(page).toHaveTitle('Yupana | Comunícate con Soporte');
    await expect(page.getByTestId('titulo-pagina')).toHaveText('Comunícate con Soporte');
    await expect(page.getByTestId('migas')).toHaveText(/Inicio\s*\/\s*Ayuda y soporte\s*\/\s*Comunícate con Soporte/);
    await expect(page.getByTestId('horario-atencion')).toHaveText('Lunes a viernes de 09:00 a 18:00');

    // WhatsApp support: +51 prefix and the company's RUC in the message.
    const whatsapp = page.getByTestId('boton-whatsapp');
    const href = decodeURIComponent((await whatsapp.getAttribute('href')) ?? '');
    expect(href).toMatch(/^https:\/\/wa\.me\/51\d{9}\?text=/);
    expect(href).toContain('asistencia');
    expect(href).toContain('20600123450');

    // The AYUDA panel lists the advisers (each opens a WhatsApp chat) and the service hours.
    await page.getByTestId('boton-ayuda').click();
    const panel = page.getByTestId('panel-ayuda');
    await expect(panel).toContainText('¿NECESITAS AYUDA?');
    await expect(panel).toContainText('Lunes a viernes de 09:00 a 18:00');
    await expect(panel.getByRole('link').first()).toHaveAttribute('href', /^https:\/\/wa\.me\/51\d{9}\?text=/);
    await page.getByRole('button', { name: 'Cerrar ayuda' }).click();

    // The breadcrumb's home link goes back to the home page.
    await page.getByTestId('migas').getByRole('link', { name: 'Inicio' }).click();
    await expect(page).toHaveTitle('Yupana | Inicio');

    // User menu: the seed's entries, two of them present but hidden.
    await page.getByTestId('menu-usuario').click();
    const opciones = page.locator('.ant-dropdown-menu');
    await expect(opciones.getByRole('menuitem', { name: 'Configuración' })).toBeVisible();
    await expect(opciones.getByRole('menuitem', { name: 'Comunícate con Soporte' })).toBeVisible();
    await expect(opciones.getByRole('menuitem', { name: 'Actualizar aplicación', includeHidden: true })).toBeAttached();
    await expect(opciones.getByRole('menuitem', { name: 'Actualizar aplicación', includeHidden: true })).toBeHidden();
    await expect(opciones.getByRole('menuitem', { name: 'Refrescar página', includeHidden: true })).toBeAttached();
    await expect(opciones.getByRole('menuitem', { name: 'Refrescar página', includeHidden: true })).toBeHidden();
    await opciones.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();

    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await leerStorage(page, 'AccessToken')).toBeNull();
    expect(await leerStorage(page, 'RefreshToken')).toBeNull();
    expect(Date.parse((await leerStorage(page, 'LogOut')) ?? '')).not.toBeNaN();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('una contraseña incorrecta muestra el mensaje en español y no inicia sesión', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('Ingrese su usuario')).toBeVisible();
    await expect(page.getByText('Ingrese su contraseña')).toBeVisible();

    await page.getByLabel('Usuario').fill('cajero');
    await page.getByLabel('Contraseña').fill('NoEsLaClave1');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByTestId('error-login')).toHaveText('Usuario o contraseña incorrectos');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await leerStorage(page, 'AccessToken')).toBeNull();
  });

  test('una dirección desconocida muestra "Página no encontrada"; con sesión, /auth lleva al shell', async ({ page }) => {
    await page.goto('/no-existe');
    await expect(page.getByText('Página no encontrada')).toBeVisible();

    await iniciarSesion(page, 'soporte');
    await page.goto('/admin/no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' }).first()).toBeVisible();
    await expect(page.getByTestId('titulo-pagina')).toHaveText('Página no encontrada');
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('el cambio de contraseña muestra bajo el campo el error que devuelve la API', async ({ page }) => {
    await iniciarSesion(page, 'soporte');
    await page.goto('/admin/usuario/perfil');
    await page.getByLabel('Contraseña actual').fill('NoEsLaActual9');
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('corta');
    await page.getByLabel('Repita la nueva contraseña').fill('corta');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    // Client-side rule from the shared contract first.
    await expect(page.getByText('La contraseña debe tener al menos 10 caracteres')).toBeVisible();

    await page.getByLabel('Nueva contraseña', { exact: true }).fill('OtraClave2026');
    await page.getByLabel('Repita la nueva contraseña').fill('OtraClave2026');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    // The API's field message (Errores.ContrasenhaActual) appears under that field.
    const campoActual = page.locator('.ant-form-item').filter({ has: page.locator('#ContrasenhaActual') });
    await expect(campoActual).toContainText('La contraseña actual es incorrecta');

    // The server's policy: long enough, but a common password; its message appears under the new password.
    await page.getByLabel('Contraseña actual').fill(CONTRASENHA_DEMO);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('password123');
    await page.getByLabel('Repita la nueva contraseña').fill('password123');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const campoNueva = page.locator('.ant-form-item').filter({ has: page.locator('#Contrasenha') });
    await expect(campoNueva).toContainText('La contraseña es fácil de adivinar');
  });
});

test.describe('teléfono (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('el menú se abre como capa superpuesta y se cierra al navegar o al tocar fuera', async ({ page }) => {
    await iniciarSesion(page, 'supervisor');
    const contenido = page.locator('.yp-contenido');
    const xAntes = (await contenido.boundingBox())!.x;
    const menu = page.getByRole('menu', { name: 'Menú principal' });
    await expect(menu).toBeHidden();

    await page.getByTestId('alternar-menu').click();
    await expect(menu).toBeVisible();
    // Overlay, not push: the page stays where it was, under a mask.
    expect((await contenido.boundingBox())!.x).toBe(xAntes);
    await expect(page.locator('.ant-drawer-mask')).toBeVisible();

    await menu.getByRole('link', { name: 'Comunícate con Soporte' }).click();
    await expect(page).toHaveURL(/\/admin\/ayuda-soporte\/comunicate$/);
    await expect(menu).toBeHidden();
    await expect(page.getByTestId('titulo-pagina')).toHaveText('Comunícate con Soporte');

    // Outside click closes it too.
    await page.getByTestId('alternar-menu').click();
    await expect(menu).toBeVisible();
    await page.mouse.click(360, 400);
    await expect(menu).toBeHidden();

    // The back button and the vertical options menu of the phone header.
    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    // Until the page signs out: in CI a click landed on the opening menu and did nothing (as elegirEnMenuUsuario).
    const salir = page.getByRole('menuitem', { name: 'Cerrar Sesión' });
    await expect(async () => {
      if (!(await salir.isVisible())) await page.getByRole('button', { name: 'Más opciones' }).click();
      await expect(salir).toBeVisible({ timeout: 5_000 });
      await salir.click({ timeout: 5_000 });
      await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
  });
});

test.describe('tableta (900 px)', () => {
  test.use({ viewport: { width: 900, height: 800 } });

  test('el menú fuera de pantalla empuja el contenido y se cierra al navegar', async ({ page }) => {
    await iniciarSesion(page, 'supervisor');
    const contenido = page.locator('.yp-contenido');
    const xAntes = (await contenido.boundingBox())!.x;
    const menu = page.getByRole('menu', { name: 'Menú principal' });
    await expect(menu).toBeHidden();
    await page.getByTestId('alternar-menu').click();
    await expect(menu).toBeVisible();
    await expect.poll(async () => (await contenido.boundingBox())!.x).toBeGreaterThan(xAntes + 200);
    await menu.getByRole('link', { name: 'Comunícate con Soporte' }).click();
    await expect(page).toHaveURL(/\/admin\/ayuda-soporte\/comunicate$/);
    await expect(menu).toBeHidden();
  });
});
