import { expect, type Locator, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const CONTRASENHA_DEMO = 'Demo.2026';

/** Signs in through the login page, as a user would. */
/**
 * Chooses an option of the header's user menu: opens it, waits until the open dropdown shows the option, clicks it.
 * (Scoped to the open dropdown: a closed one stays in the page, hidden, and a click must not land while it animates.)
 */
/** The antd Select that holds a combobox (its shown value is there). */
export function selectDe(campo: Locator): Locator {
  return campo.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
}

/** Types into an antd Select with search and picks the option with that title (again until the list shows it). */
export async function elegirOpcion(page: Page, campo: Locator, texto: string, titulo: string) {
  // The select that holds the field: the pick counts only once it shows the option (a click that landed while the
  // list was still opening, or on another line's list, chose nothing; seen in CI with two account selects).
  const select = selectDe(campo);
  await expect(async () => {
    await campo.click();
    await campo.fill(texto);
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${titulo}"]`).click({ timeout: 3_000 });
    await expect(select).toContainText(titulo, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Picks the option of an antd Select that contains `opcion` (typing `texto` first when the select searches), again
 * until the select shows it: a click that landed while the list was opening, or while the options were still loading,
 * chose nothing (seen in CI on the purchase form's document type and "Documento que modifica").
 */
export async function elegirQueContenga(page: Page, campo: Locator, opcion: string, texto?: string) {
  const select = selectDe(campo);
  await expect(async () => {
    await campo.click();
    if (texto !== undefined) await campo.fill(texto);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: opcion }).first().click({ timeout: 3_000 });
    await expect(select).toContainText(opcion, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

export async function elegirEnMenuUsuario(page: Page, opcion: string) {
  const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu').getByRole('menuitem', { name: opcion });
  // Until the menu closes: in CI a click on "Cerrar Sesión" landed on the open menu and did nothing (no request left
  // the page), twice. Every option closes the menu, and each is safe to choose again (navigation, signing out).
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId('menu-usuario').click();
    await expect(item).toBeVisible({ timeout: 5_000 });
    await item.click({ timeout: 5_000 });
    await expect(item).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}

export async function iniciarSesion(page: Page, usuario: string, contrasenha = CONTRASENHA_DEMO) {
  await page.goto('/auth/login');
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByLabel('Contraseña').fill(contrasenha);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  // The password check (argon2) is slow on purpose; on a loaded machine it takes seconds.
  await expect(page).toHaveURL(/\/admin$/, { timeout: 60_000 });
  await expect(page.getByTestId('pagina-inicio')).toBeVisible({ timeout: 45_000 });
}

/** The decoded value of one of the seed's local-storage keys (they are stored base64-encoded). */
export async function leerStorage(page: Page, clave: string): Promise<string | null> {
  return page.evaluate((k) => {
    const v = localStorage.getItem(k);
    return v === null ? null : new TextDecoder().decode(Uint8Array.from(atob(v), (c) => c.charCodeAt(0)));
  }, clave);
}

/** A call to the API with the signed-in user's token, from the page (status and JSON body). */
export async function llamarApi<T>(page: Page, ruta: string, metodo = 'GET', cuerpo?: unknown): Promise<{ status: number; body: T }> {
  const token = await leerStorage(page, 'AccessToken');
  return page.evaluate(
    async ({ ruta, metodo, cuerpo, token }) => {
      const r = await fetch(ruta, { method: metodo, headers: { Authorization: `Bearer ${token}`, ...(cuerpo ? { 'Content-Type': 'application/json' } : {}) }, body: cuerpo ? JSON.stringify(cuerpo) : undefined });
      return { status: r.status, body: (await r.json()) as T };
    },
    { ruta, metodo, cuerpo, token },
  );
}

/**
 * A second server of the product for the specs that need a deployment setting the shared one does not have (the
 * receipt brand, a moved clock, a short inactivity limit): the same launch as `npm start`, on the embedded database
 * in a folder of its own, on the e2e port plus an offset.
 */
export class ServidorAdicional {
  proceso: ChildProcess | null = null;
  readonly puerto: number;
  readonly datos = mkdtempSync(path.join(tmpdir(), 'yupana-e2e-extra-'));

  constructor(
    desplazamiento: number,
    private readonly entorno: Record<string, string>,
  ) {
    this.puerto = Number(process.env.E2E_PORT || 3100) + desplazamiento;
  }

  get url() {
    return `http://127.0.0.1:${this.puerto}`;
  }

  /** `esperaMs`: how long to wait for /api/health (a fresh embedded database loads the demo data first; slow under load). */
  async iniciar(extra: Record<string, string> = {}, esperaMs = 90_000) {
    this.proceso = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: raiz,
      env: {
        ...process.env,
        PORT: String(this.puerto),
        HOST: '127.0.0.1',
        DATA_DIR: this.datos,
        DATABASE_URL: '',
        ...this.entorno,
        ...extra,
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      },
      stdio: 'ignore',
    });
    const limite = Date.now() + esperaMs;
    while (Date.now() < limite) {
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`el servidor adicional (${JSON.stringify(this.entorno)}) no arrancó`);
  }

  async detener() {
    const p = this.proceso;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGTERM');
    });
    this.proceso = null;
  }
}

/** A RUC of its own (20 + 8 random digits + check digit), so no other spec's documents enter this customer's or
 * supplier's rows on the shared e2e server. */
export function rucPropio(): string {
  const diez = `20${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const pesos = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const suma = pesos.reduce((s, p, i) => s + p * Number(diez[i]), 0);
  return `${diez}${(11 - (suma % 11)) % 10}`;
}
