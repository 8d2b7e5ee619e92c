import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { elegirOpcion, iniciarSesion, llamarApi } from './helpers';

const CARGA = { timeout: 30_000 };
const CCI_BCP = '00219100312345678954';

// rrhhbanco: a worker's CTS account is registered in the browser (the CCI's check digits refused first), then the CTS of
// an approved November run is downloaded as the BCP file, with a worker without a CTS account listed as left out. Its
// own workers and a far November of its own, so the spec runs again on the same database.
test('cuenta CTS del trabajador y archivo de la CTS para el banco', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const marca = Date.now();
  const dni = (k: number) => String(30_000_000 + ((marca + k) % 60_000_000)).padStart(8, '0');
  const crear = async (k: number, nombres: string) => {
    const t = await llamarApi<{ Id: number; NombreCompleto: string }>(page, '/api/rrhh/v1/entidades', 'POST', { IdTipoDocumento: 1, Documento: dni(k), Nombres: nombres, ApePat: 'Bancos', ApeMat: `Cts${marca % 100000}` });
    expect(t.status).toBe(201);
    const c = await llamarApi(page, '/api/rrhh/v1/contratos/colaborador', 'POST', { IdTrabajador: t.body.Id, Regimen: 1, FechaInicio: '2025-01-01', Remuneracion: '2400.00', SistemaPension: 'ONP' });
    expect(c.status).toBe(201);
    return t.body;
  };
  const conCuenta = await crear(11, 'Rosa');
  const sinCuenta = await crear(13, 'Tomás');

  // The CTS account in the worker screen.
  await page.goto(`/admin/rrhh/trabajadores?filtro=${dni(11)}`);
  await expect(page.getByTestId('pagina-trabajadores')).toBeVisible(CARGA);
  await page.getByRole('button', { name: `Cuentas bancarias de ${conCuenta.NombreCompleto}` }).click();
  const cajon = page.getByRole('dialog', { name: `Cuentas bancarias de ${conCuenta.NombreCompleto}` });
  await expect(cajon.getByRole('button', { name: 'Guardar cuentas' })).toBeVisible(CARGA);
  await elegirOpcion(page, cajon.getByLabel('Banco de la cuenta cts'), 'BCP', 'BCP');
  await cajon.getByLabel('Número de la cuenta cts').fill('191-00312345-6-78');
  await cajon.getByLabel('CCI de la cuenta cts').fill('00219100312345678955');
  await cajon.getByRole('button', { name: 'Guardar cuentas' }).click();
  await expect(cajon.getByText('El CCI no es válido: revise sus dígitos de control')).toBeVisible();
  await cajon.getByLabel('CCI de la cuenta cts').fill(CCI_BCP);
  await cajon.getByRole('button', { name: 'Guardar cuentas' }).click();
  await expect(page.getByText('Cuentas bancarias guardadas')).toBeVisible(CARGA);
  await expect(cajon).toBeHidden();
  const guardadas = await llamarApi<{ Cts: { Banco: string; Cci: string } | null; Sueldo: unknown }>(page, `/api/rrhh/v1/entidades/${conCuenta.Id}/cuentas`);
  expect(guardadas.body).toMatchObject({ Sueldo: null, Cts: { Banco: '002', Cci: CCI_BCP } });

  // A November of its own between 2040 and 2099 (a free one is looked for), computed and approved.
  let idNomina = 0;
  for (let i = 0; i < 30 && !idNomina; i++) {
    const n = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/nominas', 'POST', { Anio: 2040 + ((marca + i * 7919 + 13) % 60), Mes: 11 });
    if (n.status === 201) idNomina = n.body.Id;
  }
  expect(idNomina).toBeGreaterThan(0);
  expect((await llamarApi(page, `/api/rrhh/v1/nominas/${idNomina}/calculo`, 'POST', {})).status).toBe(200);
  expect((await llamarApi(page, `/api/rrhh/v1/nominas/${idNomina}/aprobacion`, 'POST')).status).toBe(200);

  await page.goto(`/admin/rrhh/nominas/${idNomina}`);
  await expect(page.getByTestId('estado-nomina')).toHaveText('Aprobada', CARGA);
  await page.getByRole('button', { name: 'Descargar archivo para el banco' }).click();
  const modal = page.getByRole('dialog', { name: 'Archivos de la CTS para el banco' });
  await expect(modal).toBeVisible();
  // The worker without a CTS account is left out, with the reason.
  await expect(modal.getByTestId('cts-omitidos')).toContainText(`${sinCuenta.NombreCompleto} (${dni(13)}), S/ 1,400.00: No tiene registrada su cuenta CTS`, CARGA);
  await expect(modal.getByTestId('cts-omitidos')).not.toContainText(conCuenta.NombreCompleto);
  const nombreArchivo = /^CTS_20\d{2}11_BCP\.csv$/;
  const boton = modal.getByRole('button', { name: /^Descargar CTS_20\d{2}11_BCP\.csv$/ });
  await expect(boton).toBeVisible();
  const [descarga] = await Promise.all([page.waitForEvent('download'), boton.click()]);
  expect(descarga.suggestedFilename()).toMatch(nombreArchivo);
  const contenido = await readFile((await descarga.path())!, 'utf8');
  const lineas = contenido.split('\r\n');
  expect(lineas[0]).toBe('TipoDocumento;NumeroDocumento;Trabajador;MonedaCuenta;NumeroCuenta;CCI;MontoSoles');
  // Her CTS for May-October: (2400 + 1/6 of the July gratificación 2400) / 12 × 6 = 1400.00.
  expect(lineas).toContain(`DNI;${dni(11)};${conCuenta.NombreCompleto};PEN;191-00312345-6-78;${CCI_BCP};1400.00`);
  expect(contenido).not.toContain(dni(13));
});
