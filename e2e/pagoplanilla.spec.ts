import { expect, test } from '@playwright/test';
import { elegirOpcion, iniciarSesion, llamarApi } from './helpers';

const CARGA = { timeout: 30_000 };

// Issue 16 (Pagar planilla): an approved run is paid in the browser from a cash box and shows as paid; the CTS
// provision of each worker is on the page. Its own worker, account and run: a far year and month of its own (runs are
// one per month), so the spec runs again on the same database.
test('planilla aprobada: se paga desde una caja y queda Pagada, con la provisión de CTS', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const marca = Date.now();
  const dni = String(30_000_000 + (marca % 60_000_000)).padStart(8, '0');

  const t = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/entidades', 'POST', { IdTipoDocumento: 1, Documento: dni, Nombres: 'Paola', ApePat: 'Pagos', ApeMat: `E2e${marca % 100000}` });
  expect(t.status).toBe(201);
  const c = await llamarApi(page, '/api/rrhh/v1/contratos/colaborador', 'POST', { IdTrabajador: t.body.Id, Regimen: 1, FechaInicio: '2025-01-01', Remuneracion: '2400.00', SistemaPension: 'ONP' });
  expect(c.status).toBe(201);
  const nombreCaja = `Caja planilla ${marca}`;
  const cuenta = await llamarApi(page, '/api/finanzas/v1/cuentasfinancieras', 'POST', { IdTipoCuenta: 2, Nombre: nombreCaja, IdMoneda: 1 });
  expect(cuenta.status).toBe(201);

  // A month of its own between 2040 and 2099 (parameters in force; a free month is looked for).
  let idNomina = 0;
  for (let i = 0; i < 20 && !idNomina; i++) {
    const k = (marca + i * 7919) % 720;
    const n = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/nominas', 'POST', { Anio: 2040 + Math.floor(k / 12), Mes: (k % 12) + 1 });
    if (n.status === 201) idNomina = n.body.Id;
  }
  expect(idNomina).toBeGreaterThan(0);
  expect((await llamarApi(page, `/api/rrhh/v1/nominas/${idNomina}/calculo`, 'POST', {})).status).toBe(200);
  expect((await llamarApi(page, `/api/rrhh/v1/nominas/${idNomina}/aprobacion`, 'POST')).status).toBe(200);

  await page.goto(`/admin/rrhh/nominas/${idNomina}`);
  await expect(page.getByTestId('pagina-nomina')).toBeVisible(CARGA);
  await expect(page.getByTestId('estado-nomina')).toHaveText('Aprobada', CARGA);
  // Her CTS provision: (2400 + 1/6 of a full gratificación 2400) / 12 = 233.33 in any month of a far year.
  await expect(page.getByTestId(`cts-${dni}`)).toContainText('233.33', CARGA);
  await expect(page.getByTestId(`pago-${dni}`)).toHaveText('Por pagar');

  await page.getByRole('button', { name: 'Pagar planilla' }).click();
  const modal = page.getByRole('dialog', { name: 'Pagar planilla' });
  await expect(modal).toBeVisible();
  await elegirOpcion(page, modal.getByLabel('Cuenta de pago'), nombreCaja, `${nombreCaja} (Caja)`);
  await modal.getByRole('button', { name: /^Pagar S\// }).click();
  await expect(page.getByText(/Pago registrado: S\//)).toBeVisible(CARGA);
  await expect(modal).toBeHidden();

  await expect(page.getByTestId('estado-nomina')).toHaveText('Pagada', CARGA);
  await expect(page.getByTestId(`pago-${dni}`)).toContainText('Pagada');
  await expect(page.getByRole('button', { name: 'Pagar planilla' })).toHaveCount(0);
  await expect(page.getByTestId('pagos-nomina')).toContainText(nombreCaja);

  // The API agrees: every payslip paid, and paying again is refused in Spanish.
  const d = await llamarApi<{ Pagada: boolean; BoletasPagadas: number; NumeroTrabajadores: number }>(page, `/api/rrhh/v1/nominas/${idNomina}`);
  expect(d.body.Pagada).toBe(true);
  expect(d.body.BoletasPagadas).toBe(d.body.NumeroTrabajadores);
  const otra = await llamarApi<{ Mensaje: string }>(page, `/api/rrhh/v1/nominas/${idNomina}/pagos`, 'POST', { IdCuentaFinanciera: (cuenta.body as { Id: number }).Id });
  expect(otra.status).toBe(409);
  expect(otra.body.Mensaje).toBe('La planilla ya está pagada: todas sus boletas tienen pago');
});
