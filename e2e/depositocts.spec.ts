import { expect, test } from '@playwright/test';
import { elegirOpcion, iniciarSesion, llamarApi } from './helpers';

const CARGA = { timeout: 30_000 };

// Issues 15 and 16 (Depositar CTS): the CTS of an approved November run is deposited in the browser from a bank account
// in soles, shows as deposited and in the run's deposits, and a void frees it again. Its own worker, bank account and
// run: a far November of its own (runs are one per month), so the spec runs again on the same database.
test('planilla de noviembre aprobada: se deposita la CTS desde un banco en soles y se anula el depósito', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const marca = Date.now();
  const dni = String(30_000_000 + ((marca + 7) % 60_000_000)).padStart(8, '0');

  const t = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/entidades', 'POST', { IdTipoDocumento: 1, Documento: dni, Nombres: 'Carmen', ApePat: 'Depósitos', ApeMat: `Cts${marca % 100000}` });
  expect(t.status).toBe(201);
  const c = await llamarApi(page, '/api/rrhh/v1/contratos/colaborador', 'POST', { IdTrabajador: t.body.Id, Regimen: 1, FechaInicio: '2025-01-01', Remuneracion: '2400.00', SistemaPension: 'ONP' });
  expect(c.status).toBe(201);
  const nombreBanco = `Banco CTS ${marca}`;
  const cuenta = await llamarApi(page, '/api/finanzas/v1/cuentasfinancieras', 'POST', { IdTipoCuenta: 3, Nombre: nombreBanco, Banco: 'BCP', NumeroCuenta: `191-${marca % 10_000_000}`, IdMoneda: 1 });
  expect(cuenta.status).toBe(201);

  // A November of its own between 2040 and 2099 (a free one is looked for).
  let idNomina = 0;
  for (let i = 0; i < 30 && !idNomina; i++) {
    const n = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/nominas', 'POST', { Anio: 2040 + ((marca + i * 7919) % 60), Mes: 11 });
    if (n.status === 201) idNomina = n.body.Id;
  }
  expect(idNomina).toBeGreaterThan(0);
  expect((await llamarApi(page, `/api/rrhh/v1/nominas/${idNomina}/calculo`, 'POST', {})).status).toBe(200);
  expect((await llamarApi(page, `/api/rrhh/v1/nominas/${idNomina}/aprobacion`, 'POST')).status).toBe(200);

  await page.goto(`/admin/rrhh/nominas/${idNomina}`);
  await expect(page.getByTestId('pagina-nomina')).toBeVisible(CARGA);
  await expect(page.getByTestId('estado-nomina')).toHaveText('Aprobada', CARGA);
  // Her CTS for May-October: (2400 + 1/6 of the July gratificación 2400) / 12 × 6 = 2800 / 2 = 1400.00.
  const fila = page.getByTestId(`depcts-${dni}`);
  await expect(fila).toContainText('1,400.00', CARGA);
  await expect(fila).toContainText('Por depositar');

  await page.getByRole('button', { name: 'Depositar CTS' }).click();
  const modal = page.getByRole('dialog', { name: 'Depositar CTS' });
  await expect(modal).toBeVisible();
  await elegirOpcion(page, modal.getByLabel('Cuenta bancaria'), nombreBanco, nombreBanco);
  await modal.getByLabel('Número de operación').fill(`OP-${marca % 1_000_000}`);
  await modal.getByRole('button', { name: /^Depositar S\// }).click();
  await expect(page.getByText(/Depósito de CTS registrado: S\//)).toBeVisible(CARGA);
  await expect(modal).toBeHidden();

  await expect(fila).toContainText('Depositada', CARGA);
  await expect(page.getByRole('button', { name: 'Depositar CTS' })).toHaveCount(0);
  const depositos = page.getByTestId('depositos-cts');
  await expect(depositos).toContainText(nombreBanco);
  await expect(depositos).toContainText('Vigente');

  // The bank account's balance counts the deposit as money out.
  const idCuenta = (cuenta.body as { Id: number }).Id;
  const s = await llamarApi<{ Saldo: string }>(page, `/api/finanzas/v1/cuentasfinancieras/${idCuenta}/saldo`);
  expect(Number(s.body.Saldo)).toBeLessThanOrEqual(-1400);

  // The void (supervisor): the payslip is not deposited again and the balance is back to zero.
  await depositos.getByRole('button', { name: 'Anular' }).click();
  const anular = page.getByRole('dialog', { name: 'Anular el depósito de CTS' });
  await anular.getByLabel('Motivo de la anulación del depósito').fill('Cuenta equivocada');
  await anular.getByRole('button', { name: 'Anular depósito' }).click();
  await expect(page.getByText('Depósito anulado: sus boletas vuelven a quedar por depositar')).toBeVisible(CARGA);
  await expect(fila).toContainText('Por depositar', CARGA);
  await expect(depositos).toContainText('Anulado');
  await expect(page.getByRole('button', { name: 'Depositar CTS' })).toBeVisible();
  expect((await llamarApi<{ Saldo: string }>(page, `/api/finanzas/v1/cuentasfinancieras/${idCuenta}/saldo`)).body.Saldo).toBe('0.00');
});
