import { expect, test } from '@playwright/test';
import { iniciarSesion, leerStorage } from './helpers';

const CARGA = { timeout: 20_000 };

// Issue 16 (seed `contratos/masivo`): the same contract for two workers at once; a rejected batch names each worker.
test('contratos masivos: un lote con errores no registra ninguno y dice el error de cada trabajador; corregido, registra los dos', async ({ page }) => {
  test.setTimeout(180_000);
  await iniciarSesion(page, 'supervisor');
  const auth = { Authorization: `Bearer ${await leerStorage(page, 'AccessToken')}` };
  // Fresh workers on every run (the e2e database is shared and kept between runs): a surname of random letters.
  const letras = Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
  const apellido = `Lote${letras.toLowerCase()}`;
  const creados: { Id: number; NombreCompleto: string }[] = [];
  for (const [i, nombre] of ['Ana', 'Bruno'].entries()) {
    const documento = String(70_000_000 + Math.floor(Math.random() * 9_000_000) + i);
    const r = await page.request.post('/api/rrhh/v1/entidades', { headers: auth, data: { IdTipoDocumento: 1, Documento: documento, Nombres: nombre, ApePat: apellido } });
    expect(r.status(), await r.text()).toBe(201);
    creados.push(await r.json());
  }

  await page.goto(`/admin/rrhh/trabajadores?filtro=${apellido}`);
  await expect(page.getByTestId('pagina-trabajadores')).toBeVisible(CARGA);
  for (const t of creados) await expect(page.getByRole('row', { name: new RegExp(t.NombreCompleto) })).toContainText('Sin contrato', CARGA);

  await page.getByRole('button', { name: 'Contratos masivos' }).click();
  const form = page.getByTestId('form-contratos-masivo');
  for (const t of creados) await form.getByRole('checkbox', { name: new RegExp(t.NombreCompleto) }).check();
  await form.getByLabel('Remuneración mensual (S/)').fill('100');
  await form.getByLabel('Fecha de inicio').fill('2026-03-01');
  await form.getByRole('button', { name: 'Registrar contratos' }).click();
  const errores = form.getByRole('list', { name: 'Errores por trabajador' });
  await expect(errores).toBeVisible(CARGA);
  for (const t of creados) await expect(errores).toContainText(`${t.NombreCompleto}: La remuneración no puede ser menor a la remuneración mínima vital`);
  // Nothing was registered.
  const antes = await (await page.request.get(`/api/rrhh/v1/entidades/${creados[0].Id}/contratos`, { headers: auth })).json();
  expect(antes.Data).toEqual([]);

  await form.getByLabel('Remuneración mensual (S/)').fill('2000');
  await form.getByRole('button', { name: 'Registrar contratos' }).click();
  await expect(page.getByText('2 contratos registrados')).toBeVisible(CARGA);
  await expect(form).toBeHidden();
  for (const t of creados) {
    const fila = page.getByRole('row', { name: new RegExp(t.NombreCompleto) });
    await expect(fila).toContainText('General (D. Leg. 728)', CARGA);
    await expect(fila).toContainText('2,000.00');
    await expect(fila).toContainText('ONP');
  }
  const despues = await (await page.request.get(`/api/rrhh/v1/entidades/${creados[1].Id}/contratos`, { headers: auth })).json();
  expect(despues.Data).toEqual([expect.objectContaining({ FechaInicio: '2026-03-01', Remuneracion: '2000.00', SistemaPension: 'ONP', Regimen: 1 })]);
});
