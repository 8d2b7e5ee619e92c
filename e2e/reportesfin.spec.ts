import { readFileSync } from 'node:fs';
import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion, llamarApi, rucPropio } from './helpers';

const expect = expectBase.configure({ timeout: 30_000 });
const MARCA = Date.now().toString(36).toUpperCase();
const enDias = (dias: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date(Date.now() + dias * 86_400_000));

// Finance reports (issue 14): a factura al crédito in two cuotas appears in the aging per customer and in the weekly
// collections forecast; the customer statement downloads as Excel and offers PDF, e-mail and WhatsApp.
test('reportes de finanzas: antigüedad por cliente, proyección de cobros y estado de cuenta en Excel', async ({ page }) => {
  test.setTimeout(180_000);
  await iniciarSesion(page, 'supervisor');
  const ruc = rucPropio();
  const nombre = `CLIENTE REPORTES ${MARCA}`;
  const series = await llamarApi<{ Data: { Id: number; Serie: string }[] }>(page, '/api/entidades/v2/entidades/series?idtipodocumento=1003');
  const f = await llamarApi<{ Id: number; Serie: string; Correlativo: number }>(page, '/api/contabilidad/v1/documentoContable', 'POST', {
    IdTipoDocumento: 1003,
    IdSerie: series.body.Data.find((s) => s.Serie === 'F001')!.Id,
    FechaEmision: enDias(0),
    IdMoneda: 1,
    IdCondicionPago: 2,
    ListaItems: [{ ItemDescripcion: 'SERVICIO AL CRÉDITO', CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: '250.00', TipoAfectacion: '10' }],
    ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: ruc, RazonSocial: nombre, Direccion: 'AV. ARENALES 300, LIMA' }],
    ListaCuotas: [{ Monto: '150.00', FechaVencimiento: enDias(3) }, { Monto: '100.00', FechaVencimiento: enDias(400) }],
  });
  expect(f.status, JSON.stringify(f.body)).toBe(201);

  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Cuentas por cobrar' }).click();
  await expect(page.getByTestId('pagina-cuentas-por-cobrar')).toBeVisible();

  // Aging per customer: both cuotas are not yet due; one row for the customer, 250.00 in total.
  await page.getByRole('tab', { name: 'Antigüedad por cliente' }).click();
  const antiguedad = page.getByTestId('antiguedad-clientes');
  await antiguedad.getByRole('searchbox', { name: 'Cliente del reporte' }).fill(ruc);
  await antiguedad.getByRole('searchbox', { name: 'Cliente del reporte' }).press('Enter');
  const fila = antiguedad.getByRole('row', { name: new RegExp(`${nombre} \\(${ruc}\\)`) });
  await expect(fila).toContainText('250.00');
  await expect(fila).toContainText('Al día');
  await expect(antiguedad.getByTestId('total-antiguedad-clientes')).toHaveText(/S\/\s250\.00/);
  const [excel] = await Promise.all([page.waitForEvent('download'), antiguedad.getByRole('button', { name: 'Excel' }).click()]);
  expect(excel.suggestedFilename()).toMatch(/^antiguedad-clientes-\d{4}-\d{2}-\d{2}\.xlsx$/);

  // Forecast: 150.00 falls due within the next weeks, 100.00 later; the total is 250.00.
  await page.getByRole('tab', { name: 'Proyección de cobros' }).click();
  const proyeccion = page.getByTestId('proyeccion-clientes');
  await proyeccion.getByRole('searchbox', { name: 'cliente de la proyección' }).fill(ruc);
  await proyeccion.getByRole('searchbox', { name: 'cliente de la proyección' }).press('Enter');
  await expect(proyeccion.getByTestId('total-proyeccion-clientes')).toHaveText(/S\/\s250\.00/);
  await expect(proyeccion.getByTestId('barra-posterior')).toContainText('100.00');
  await expect(proyeccion.getByRole('listitem').filter({ hasText: '150.00' })).toHaveCount(1);

  // The statement, from the documents tab: its Excel holds the charge; PDF, e-mail and WhatsApp are offered.
  await page.getByRole('tab', { name: 'Documentos por cobrar' }).click();
  await page.getByRole('searchbox', { name: 'Cliente', exact: true }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Cliente', exact: true }).press('Enter');
  await page.getByRole('button', { name: `Estado de cuenta de ${nombre}` }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Estado de cuenta: ${nombre}`) });
  await expect(modal.getByTestId('saldo-estado-cuenta')).toHaveText(/S\/\s250\.00/);
  await expect(modal.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=.*Saldo%20pendiente%3A%20S%2F/);
  const [estado] = await Promise.all([page.waitForEvent('download'), modal.getByRole('button', { name: 'Excel' }).click()]);
  expect(estado.suggestedFilename()).toBe(`estado-de-cuenta-${ruc}-PEN.xlsx`);
  const bytes = readFileSync((await estado.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  // The e-mail dialog asks for at least one address before it sends anything (the sending itself is tested by the API
  // tests against a local SMTP server).
  await modal.getByRole('button', { name: 'Enviar por correo' }).click();
  const correo = page.getByRole('dialog', { name: 'Enviar estado de cuenta por correo' });
  await correo.getByRole('button', { name: 'Enviar' }).click();
  await expect(correo).toContainText('Indique al menos un correo');
});
