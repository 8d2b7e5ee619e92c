import { expect, test, type Locator, type Page } from '@playwright/test';
import { iniciarSesion, leerStorage } from './helpers';

const CARGA = { timeout: 20_000 };
const MARCA = Date.now().toString(36).toUpperCase();

/** A JSON call to the API with this page's stored session. */
async function llamarApi<T>(page: Page, ruta: string, metodo = 'GET', cuerpo?: unknown): Promise<{ status: number; body: T }> {
  const token = await leerStorage(page, 'AccessToken');
  return page.evaluate(
    async ({ ruta, metodo, cuerpo, token }) => {
      const r = await fetch(ruta, {
        method: metodo,
        headers: { Authorization: `Bearer ${token}`, ...(cuerpo ? { 'Content-Type': 'application/json' } : {}) },
        body: cuerpo ? JSON.stringify(cuerpo) : undefined,
      });
      return { status: r.status, body: (await r.json()) as T };
    },
    { ruta, metodo, cuerpo, token },
  );
}

const enDias = (dias: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date(Date.now() + dias * 86_400_000));

// Issue 14: a factura al crédito in 2 cuotas shows in receivables; a cash box is created in master data; the first
// cuota is collected partly, then the rest; the balance ends at 0 and the receipt opens.
/**
 * The cash box of this run in the collection dialog. The pick counts once the select shows it: in CI a click on the
 * option was lost and "Registrar cobro" met "Seleccione la cuenta que recibe el cobro".
 */
async function elegirCaja(modal: Locator) {
  const page = modal.page();
  const caja = modal.getByLabel('Caja').locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    await modal.getByLabel('Caja').click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title^="Caja ${MARCA}"]`).click({ timeout: 3_000 });
    await expect(caja).toContainText(`Caja ${MARCA}`, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('factura al crédito: cuentas por cobrar, cobro parcial y total, saldo 0 y recibo', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const cliente = `CLIENTE CREDITO ${MARCA}`;
  const series = await llamarApi<{ Data: { Id: number; Serie: string }[] }>(page, '/api/entidades/v2/entidades/series?idtipodocumento=1003');
  const f001 = series.body.Data.find((s) => s.Serie === 'F001')!;
  const factura = await llamarApi<{ Id: number; Serie: string; Correlativo: number; MontoTotal: string }>(page, '/api/contabilidad/v1/documentoContable', 'POST', {
    IdTipoDocumento: 1003,
    IdSerie: f001.Id,
    FechaEmision: enDias(0),
    IdMoneda: 1,
    IdCondicionPago: 3,
    ListaItems: [{ ItemDescripcion: 'MERCADERÍA AL CRÉDITO', CodigoUnidad: 'NIU', Cantidad: '1', PrecioUnitario: '236.00', TipoAfectacion: '10' }],
    ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100047218', RazonSocial: cliente, Direccion: 'JR. CENTENARIO 156, LA MOLINA, LIMA' }],
    ListaCuotas: [
      { Monto: '118.00', FechaVencimiento: enDias(15) },
      { Monto: '118.00', FechaVencimiento: enDias(45) },
    ],
  });
  expect(factura.status, JSON.stringify(factura.body)).toBe(201);
  const numero = `${factura.body.Serie}-${factura.body.Correlativo}`;

  // A cash box in master data.
  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Datos maestros' }).click();
  await expect(page.getByTestId('pagina-maestros-finanzas')).toBeVisible(CARGA);
  await page.getByRole('button', { name: 'Nueva cuenta' }).click();
  const modalCuenta = page.getByRole('dialog', { name: 'Nueva cuenta financiera' });
  await modalCuenta.getByLabel('Nombre').fill(`Caja ${MARCA}`);
  await modalCuenta.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cuenta guardada')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Caja ${MARCA}`) })).toContainText('Caja');

  // Receivables: the factura with its two cuotas, not yet due.
  await menu.getByRole('link', { name: 'Cuentas por cobrar' }).click();
  await expect(page.getByTestId('pagina-cuentas-por-cobrar')).toBeVisible(CARGA);
  await page.getByRole('searchbox', { name: 'Cliente' }).fill(cliente);
  await page.getByRole('searchbox', { name: 'Cliente' }).press('Enter');
  const fila = page.getByRole('row', { name: new RegExp(`${numero}\\b`) });
  await expect(fila).toContainText('236.00', CARGA);
  await expect(fila).toContainText('Por vencer');
  await expect(page.getByTestId('resumen-1')).toContainText('236.00');

  // First collection: 100.00 of cuota 1 in cash.
  await fila.getByRole('button', { name: `Cobrar ${numero}` }).click();
  let modal = page.getByRole('dialog', { name: new RegExp(`Cobrar ${numero}`) });
  await elegirCaja(modal);
  await modal.getByLabel('Monto de la cuota 1').fill('100.00');
  await modal.getByLabel('Monto de la cuota 2').fill('');
  await modal.getByRole('button', { name: 'Registrar cobro' }).click();
  const hecho = page.getByRole('dialog', { name: 'Cobro registrado' });
  await expect(hecho).toContainText('Recibo RC-');
  await hecho.getByRole('button', { name: 'Listo' }).click();
  await expect(fila).toContainText('136.00');

  // Over the balance: refused with the pending amount.
  await fila.getByRole('button', { name: `Cobrar ${numero}` }).click();
  modal = page.getByRole('dialog', { name: new RegExp(`Cobrar ${numero}`) });
  await elegirCaja(modal);
  await expect(modal.getByLabel('Monto de la cuota 1')).toHaveValue('18.00');
  await modal.getByLabel('Monto de la cuota 1').fill('18.01');
  await modal.getByRole('button', { name: 'Registrar cobro' }).click();
  await expect(modal.getByTestId('error-cobro')).toContainText('excede el saldo');
  await expect(modal).toContainText('Saldo pendiente: S/ 18.00');

  // The rest of both cuotas in one collection: the balance is 0 and the receipt opens.
  await modal.getByLabel('Monto de la cuota 1').fill('18.00');
  await modal.getByRole('button', { name: 'Registrar cobro' }).click();
  await expect(hecho).toContainText('S/ 136.00');
  const pestana = page.waitForEvent('popup');
  await hecho.getByRole('button', { name: 'Ver recibo' }).click();
  expect((await pestana).url()).toMatch(/^blob:/);
  await hecho.getByRole('button', { name: 'Listo' }).click();
  await expect(page.getByText('No hay documentos al crédito con saldo pendiente')).toBeVisible();
  const saldo = await llamarApi<{ Saldo: string; Cobrado: string }>(page, `/api/finanzas/v1/cuentasporcobrar/${factura.body.Id}`);
  expect(saldo.body).toMatchObject({ Saldo: '0.00', Cobrado: '236.00' });

  // Collections list: both receipts; the last one's receipt opens from the list too.
  await menu.getByRole('link', { name: 'Cobros' }).click();
  await expect(page.getByTestId('pagina-cobros')).toBeVisible(CARGA);
  await page.getByRole('searchbox', { name: 'Cliente' }).fill(cliente);
  await page.getByRole('searchbox', { name: 'Cliente' }).press('Enter');
  await expect(page.getByRole('row', { name: /RC-\d+.*136\.00/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /RC-\d+.*100\.00/ })).toBeVisible();
});
