import { expect, type Page } from '@playwright/test';

export const CONTRASENHA_DEMO = 'Demo.2026';

/** Signs in through the login page, as a user would. */
export async function iniciarSesion(page: Page, usuario: string, contrasenha = CONTRASENHA_DEMO) {
  await page.goto('/auth/login');
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByLabel('Contraseña').fill(contrasenha);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('pagina-inicio')).toBeVisible();
}

/** The decoded value of one of the seed's local-storage keys (they are stored base64-encoded). */
export async function leerStorage(page: Page, clave: string): Promise<string | null> {
  return page.evaluate((k) => {
    const v = localStorage.getItem(k);
    return v === null ? null : new TextDecoder().decode(Uint8Array.from(atob(v), (c) => c.charCodeAt(0)));
  }, clave);
}
