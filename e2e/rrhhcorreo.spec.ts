import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion, llamarApi } from './helpers';

const expect = expectBase.configure({ timeout: 20_000 });

// Issue 16 (rrhhcorreo): "Enviar por correo" from the badges screen and its summary. A worker of our own without an
// e-mail is reported back per worker; no message leaves, so the demo company's mail settings are never touched (the
// sending itself, with its PDF attachment, is tested by the API tests against a local SMTP server).
test('fotocheck por correo: el resumen informa al trabajador sin correo', async ({ page }) => {
  test.setTimeout(120_000);
  const sufijo = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const dni = `6${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await iniciarSesion(page, 'supervisor');
  const t = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/entidades', 'POST', { IdTipoDocumento: 1, Documento: dni, Nombres: 'Amaru', ApePat: `Quispe${sufijo}` });
  expect(t.status).toBe(201);

  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Fotochecks' }).click();
  await expect(page.getByTestId('pagina-fotochecks')).toBeVisible();
  await page.getByLabel('Buscar trabajadores').fill(dni);
  await page.getByLabel('Buscar trabajadores').press('Enter');
  const fila = page.getByRole('row', { name: new RegExp(`Quispe${sufijo}`) });
  await expect(fila).toBeVisible();
  const enviar = page.getByRole('button', { name: 'Enviar por correo' });
  await expect(enviar).toBeDisabled();
  await fila.getByRole('checkbox').check();
  await expect(enviar).toBeEnabled();
  await enviar.click();
  const resumen = page.getByTestId('resumen-envio-fotocheck');
  await expect(resumen).toContainText('Fotochecks enviados: 0; no enviados: 1');
  await expect(resumen).toContainText(`Amaru Quispe${sufijo}: no enviado (El trabajador no tiene correo registrado)`);
});
