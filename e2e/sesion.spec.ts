import { expect, test, type Page } from '@playwright/test';
import { iniciarSesion, leerStorage, elegirEnMenuUsuario } from './helpers';

async function escribirStorage(page: Page, clave: string, valor: string) {
  await page.evaluate(
    ([k, v]) => localStorage.setItem(k, btoa(String.fromCharCode(...new TextEncoder().encode(v)))),
    [clave, valor] as const,
  );
}

test.use({ viewport: { width: 1280, height: 800 } });

const claimsDe = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { jti?: string; sid: number; exp: number };

test('con el token de acceso vencido, el guard lo renueva antes de navegar', async ({ page }) => {
  await iniciarSesion(page, 'supervisor');
  const accesoAntes = await leerStorage(page, 'AccessToken');
  const refreshAntes = await leerStorage(page, 'RefreshToken');

  // Inside the 60 s safety margin: the token is no longer treated as valid.
  await escribirStorage(page, 'ExpiresInToken', String(Date.now() + 10_000));
  const refresco = page.waitForRequest((r) => r.url().endsWith('/api/seguridad/v2/usuarios/refreshtoken'));
  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Comunícate con Soporte' }).click();
  await refresco;

  await expect(page).toHaveURL(/\/admin\/ayuda-soporte\/comunicate$/);
  await expect(page.getByTestId('pagina-comunicate')).toBeVisible();
  // What the product guarantees, whatever the clock: a token of the same session with its own jti, expiring no
  // earlier than the one it replaced (both can fall in the same second on a fast machine).
  const accesoDespues = (await leerStorage(page, 'AccessToken'))!;
  const [antes, despues] = [claimsDe(accesoAntes!), claimsDe(accesoDespues)];
  expect(despues.jti).toBeTruthy();
  expect(despues.jti).not.toBe(antes.jti);
  expect(despues.sid).toBe(antes.sid);
  expect(despues.exp).toBeGreaterThanOrEqual(antes.exp);
  expect(await leerStorage(page, 'RefreshToken')).not.toBe(refreshAntes);
  expect(Number(await leerStorage(page, 'ExpiresInToken'))).toBeGreaterThan(Date.now() + 60_000);
});

test('un refresh token ya usado (5028) cierra la sesión y lleva al login', async ({ page }) => {
  await iniciarSesion(page, 'supervisor');
  const refreshViejo = (await leerStorage(page, 'RefreshToken'))!;

  // First renewal spends the refresh token (it rotates)...
  await escribirStorage(page, 'ExpiresInToken', String(Date.now()));
  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Comunícate con Soporte' }).click();
  await expect(page.getByTestId('pagina-comunicate')).toBeVisible();
  expect(await leerStorage(page, 'RefreshToken')).not.toBe(refreshViejo);

  // ...so presenting the old one again is reuse: the server answers 5028 and the browser signs out.
  await escribirStorage(page, 'RefreshToken', refreshViejo);
  await escribirStorage(page, 'ExpiresInToken', String(Date.now()));
  const respuesta = page.waitForResponse((r) => r.url().endsWith('/api/seguridad/v2/usuarios/refreshtoken'));
  await page.getByTestId('migas').getByRole('link', { name: 'Inicio' }).click();
  expect(await (await respuesta).json()).toMatchObject({ ErrorId: 5028 });

  await expect(page).toHaveURL(/\/auth\/login/);
  expect(await leerStorage(page, 'AccessToken')).toBeNull();
  expect(await leerStorage(page, 'LogOut')).toBeTruthy();
});

test('si no se puede consultar el usuario, la navegación se bloquea con un error en español', async ({ page }) => {
  await iniciarSesion(page, 'cajero');
  await page.route('**/api/seguridad/v2/usuarios/*', (route) =>
    route.request().url().includes('/permisos/') ? route.continue() : route.fulfill({ status: 503, body: 'no disponible' }),
  );
  // A fresh load (empty cache) makes the guard look the user up again.
  await page.goto('/admin/usuario/perfil');
  await expect(page.getByText('No se pudo verificar su usuario')).toBeVisible();
  await expect(page.getByTestId('error-ruta')).toHaveText(/Error status code 503 en \/api\/seguridad\/v2\/usuarios\/\d+/);
  await expect(page.getByTestId('pagina-perfil')).toHaveCount(0);
  await expect(page.getByTestId('spinner-navegacion')).toBeHidden();

  await page.unroute('**/api/seguridad/v2/usuarios/*');
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByTestId('pagina-perfil')).toBeVisible();
});

test('cerrar sesión en otra pestaña cierra esta también', async ({ page, context }) => {
  await iniciarSesion(page, 'soporte');
  const otra = await context.newPage();
  await otra.goto('/admin');
  await expect(otra.getByTestId('pagina-inicio')).toBeVisible();
  await elegirEnMenuUsuario(otra, 'Cerrar Sesión');
  await expect(otra).toHaveURL(/\/auth\/login$/);
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('tras 15 minutos sin actividad pregunta si continuar y sin respuesta en 10 s cierra la sesión', async ({ page }) => {
  await page.clock.install();
  await iniciarSesion(page, 'cajero');
  const modal = page.getByRole('dialog', { name: '¿Desea continuar?' });

  await page.clock.fastForward('14:50');
  await expect(modal).toBeHidden();
  await page.clock.fastForward('00:15');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Continuar' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/admin$/);

  await page.clock.fastForward('15:05');
  await expect(modal).toBeVisible();
  await page.clock.runFor(11_000);
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await leerStorage(page, 'AccessToken')).toBeNull();
});

test('en el primer ingreso (LogIn 0) un usuario que ya no está activo es desconectado', async ({ page }) => {
  await iniciarSesion(page, 'soporte');
  await escribirStorage(page, 'LogIn', '0');
  // The account was deactivated after the sign-in: the user record now says Estado 0.
  await page.route(/\/api\/seguridad\/v2\/usuarios\/\d+$/, async (route) => {
    const real = await route.fetch();
    await route.fulfill({ response: real, json: { ...(await real.json()), Estado: 0 } });
  });
  const logout = page.waitForRequest((r) => r.url().endsWith('/api/seguridad/v2/usuarios/logout'));
  await page.goto('/admin/usuario/perfil');
  await logout;
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await leerStorage(page, 'AccessToken')).toBeNull();
});

test('dos pestañas con el token vencido renuevan una sola vez y ninguna pierde la sesión', async ({ page, context }) => {
  await iniciarSesion(page, 'supervisor');
  const otra = await context.newPage();
  await otra.goto('/admin');
  await expect(otra.getByTestId('pagina-inicio')).toBeVisible();

  const refrescos: string[] = [];
  context.on('request', (r) => {
    if (r.url().endsWith('/api/seguridad/v2/usuarios/refreshtoken')) refrescos.push(r.url());
  });
  // The tabs share localStorage: the access token now looks expired to both at once.
  await escribirStorage(page, 'ExpiresInToken', String(Date.now()));
  const ir = (p: typeof page) => p.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Comunícate con Soporte' }).click();
  await Promise.all([ir(page), ir(otra)]);

  await expect(page.getByTestId('pagina-comunicate')).toBeVisible();
  await expect(otra.getByTestId('pagina-comunicate')).toBeVisible();
  // A second refresh with the same token would be reuse (5028) and sign both tabs out.
  expect(refrescos).toHaveLength(1);
  expect(await leerStorage(otra, 'AccessToken')).toBeTruthy();
});

test('iniciar sesión en otra pestaña lleva esta al shell', async ({ page, context }) => {
  await page.goto('/auth/login');
  const otra = await context.newPage();
  await iniciarSesion(otra, 'cajero');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('pagina-inicio')).toBeVisible();
});

test('el spinner de página cubre la navegación (velo de opacidad 0.4) y desaparece al terminar', async ({ page }) => {
  await iniciarSesion(page, 'supervisor');
  // A slow renewal keeps the navigation in progress long enough to see it.
  await page.route('**/api/seguridad/v2/usuarios/refreshtoken', async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await escribirStorage(page, 'ExpiresInToken', String(Date.now()));
  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Comunícate con Soporte' }).click();

  const spinner = page.getByTestId('spinner-navegacion');
  await expect(spinner).toBeVisible();
  expect(await spinner.locator('.yp-spinner-velo').evaluate((el) => getComputedStyle(el).opacity)).toBe('0.4');
  await expect(page.getByTestId('pagina-comunicate')).toBeVisible();
  await expect(spinner).toBeHidden();
});
