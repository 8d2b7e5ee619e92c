import { readFile } from 'node:fs/promises';
import { type Download, expect, test } from '@playwright/test';
import { iniciarSesion, llamarApi } from './helpers';

const CARGA = { timeout: 20_000 };
const RUC = '20600123450';

// Issue 16 (planilla2): the PLAME files of an approved run are downloaded with SUNAT's names and layouts.
// September 2025 on a fresh database; when the same server already has it (a second run), the September of the first
// free year from 2031 on: the parameters in force are the same (open-ended since 2025) and so is every figure checked.
test('planilla de setiembre aprobada: se descargan los archivos .rem, .jor y .snl del PLAME', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  let anio = 0;
  for (const candidato of [2025, ...Array.from({ length: 60 }, (_, i) => 2031 + i)]) {
    const r = await llamarApi<{ Data: { Mes: number; IdTipoNomina: number }[] }>(page, `/api/rrhh/v1/nominas?anio=${candidato}&regxpag=100`);
    expect(r.status).toBe(200);
    if (!r.body.Data.some((n) => n.Mes === 9)) {
      anio = candidato;
      break;
    }
  }
  expect(anio).toBeGreaterThan(0);
  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Planillas' }).click();
  await expect(page.getByTestId('pagina-nominas')).toBeVisible(CARGA);
  await page.getByRole('button', { name: 'Nueva planilla' }).click();
  const modal = page.getByRole('dialog', { name: 'Nueva planilla mensual' });
  // The pick counts once the select shows it: in CI a click on the option was lost, the run was created for the
  // default month and its title was not "Setiembre".
  const mes = modal.getByLabel('Mes').locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    await modal.getByLabel('Mes').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Setiembre"]').click({ timeout: 3_000 });
    await expect(mes).toContainText('Setiembre', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await modal.getByLabel('Año').fill(String(anio));
  await modal.getByRole('button', { name: 'Crear' }).click();
  await expect(page).toHaveURL(/\/admin\/rrhh\/nominas\/\d+$/);
  await expect(page.getByText(`Planilla de Setiembre ${anio}`, { exact: true })).toBeVisible(CARGA);
  // A draft has no export yet.
  await expect(page.getByRole('button', { name: 'Exportar PLAME' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByText(/Planilla calculada: \d+ trabajadores/)).toBeVisible(CARGA);
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByTestId('estado-nomina')).toHaveText('Aprobada');

  // The approval's toast sits over the menu for 3 s (in CI it took the click and the menu closed under the mouse):
  // wait for it to go, and hover again until the option shows.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, CARGA);
  const descargar = async (opcion: RegExp) => {
    const item = page.getByRole('menuitem', { name: opcion });
    // A click on the hover menu while it opens or closes can start nothing (seen on a loaded machine after the first
    // file): hover and click again until the download starts, as a person would.
    let d: Download | undefined;
    await expect(async () => {
      if (!(await item.isVisible())) await page.getByRole('button', { name: 'Exportar PLAME' }).hover();
      await expect(item).toBeVisible({ timeout: 2_000 });
      [d] = await Promise.all([page.waitForEvent('download', { timeout: 5_000 }), item.click({ timeout: 2_000 })]);
    }).toPass(CARGA);
    if (!d) throw new Error(`No se descargó ${opcion}`);
    // The menu closes after the pick; the next option is looked for only once it is gone (a click on a closing menu
    // did nothing).
    await page.mouse.move(0, 0);
    await expect(item).toBeHidden(CARGA);
    return { nombre: d.suggestedFilename(), texto: await readFile(await d.path(), 'utf8') };
  };

  const rem = await descargar(/\.rem/);
  expect(rem.nombre).toBe(`0601${anio}09${RUC}.rem`);
  const lineas = rem.texto.split('\r\n');
  expect(lineas.pop()).toBe('');
  expect(lineas.every((l) => /^01\|\d{8}\|\d{4}\|\d+\.\d{2}\|\d+\.\d{2}\|$/.test(l))).toBe(true);
  // Carmen Rojas (demo, AFP Habitat, 3,500 with asignación familiar): básico and asignación familiar, accrued = paid;
  // her AFP fund 10 % × 3,613 as a deduction (accrued 0.00).
  expect(lineas).toEqual(expect.arrayContaining(['01|45871236|0121|3500.00|3500.00|', '01|45871236|0201|113.00|113.00|', '01|45871236|0608|0.00|361.30|']));
  // EsSalud and ONP are computed by the PDT: never in the file.
  expect(lineas.some((l) => /\|(0804|0607)\|/.test(l))).toBe(false);

  const jor = await descargar(/\.jor/);
  expect(jor.nombre).toBe(`0601${anio}09${RUC}.jor`);
  expect(jor.texto.split('\r\n')).toContain('01|45871236|240|0|0|0|');

  const snl = await descargar(/\.snl/);
  expect(snl.nombre).toBe(`0601${anio}09${RUC}.snl`);
  expect(snl.texto === '' || snl.texto.endsWith('|\r\n')).toBe(true);
});

// Issue 16 (planilla2): a worker's request goes through its two-step approval flow; once approved, its days are not
// faltas in the attendance report.
test('solicitud de vacaciones con flujo de dos pasos: aprobada, sus días no son faltas en la asistencia', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  // Wednesday to Friday of 12-14 August 2026 on a fresh database; on a second run the nearest earlier week (while Luis
  // has his schedule) without a holiday and without another request of his, and a motive of its own.
  const marca = Date.now();
  const motivo = `Viaje familiar ${marca % 1_000_000}`;
  const t = await llamarApi<{ Data: { Id: number; NombreCompleto: string }[] }>(page, '/api/rrhh/v1/entidades?filtro=Torres%20Quispe');
  const luis = t.body.Data.find((x) => x.NombreCompleto.startsWith('Torres Quispe, Luis'));
  expect(luis).toBeTruthy();
  const suyas = (await llamarApi<{ Data: { FechaDesde: string; FechaHasta: string; Estado: number }[] }>(page, `/api/rrhh/v1/solicitud?idTrabajador=${luis!.Id}&regxpag=100`)).body.Data.filter((x) => x.Estado !== 2);
  const feriados = new Set<string>();
  for (const anio of [2025, 2026]) for (const f of (await llamarApi<{ Data: { Fecha: string }[] }>(page, `/api/rrhh/v1/feriados?anio=${anio}`)).body.Data) feriados.add(f.Fecha);
  const dia = (base: string, n: number) => new Date(Date.parse(`${base}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  let desde = '';
  for (let semana = 0; semana < 70 && !desde; semana++) {
    const miercoles = dia('2026-08-12', -7 * semana);
    const viernes = dia(miercoles, 2);
    if ([0, 1, 2].some((n) => feriados.has(dia(miercoles, n)))) continue;
    if (suyas.some((x) => x.FechaDesde <= viernes && x.FechaHasta >= miercoles)) continue;
    desde = miercoles;
  }
  expect(desde).not.toBe('');
  const hasta = dia(desde, 2);
  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Solicitudes' }).click();
  await expect(page).toHaveURL(/\/admin\/rrhh\/solicitudes$/);
  await expect(page.getByTestId('pagina-solicitudes')).toBeVisible(CARGA);

  // The vacation flow: the supervisor's role approves both steps here (the API tests cover steps of other roles).
  await page.getByRole('button', { name: 'Flujos de aprobación' }).click();
  const flujos = page.getByRole('dialog', { name: 'Flujos de aprobación' });
  await flujos.getByLabel('Nombre del flujo').fill('Vacaciones con visto de RR. HH.');
  await flujos.getByLabel('Nombre del paso 1').fill('Jefe inmediato');
  const elegirRol = async (paso: number) =>
    expect(async () => {
      await flujos.getByLabel(`Rol del paso ${paso}`).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Supervisor"]').click({ timeout: 3_000 });
      // The chosen role shows in each step's select (the list itself opens outside the dialog).
      await expect(flujos.locator('.ant-select', { has: page.getByLabel(`Rol del paso ${paso}`) })).toContainText('Supervisor', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  await elegirRol(1);
  await flujos.getByRole('button', { name: 'Agregar paso' }).click();
  await flujos.getByLabel('Nombre del paso 2').fill('Recursos humanos');
  await elegirRol(2);
  await flujos.getByRole('button', { name: 'Guardar flujo' }).click();
  await expect(page.getByText('Flujo de Vacaciones guardado')).toBeVisible();
  await expect(flujos.getByRole('row', { name: /Vacaciones con visto de RR\. HH\./ })).toContainText('2. Recursos humanos');
  await flujos.getByRole('button', { name: 'Cerrar' }).click();

  // Luis (demo worker with the warehouse schedule) asks for Wednesday to Friday of that week.
  await page.getByRole('button', { name: 'Nueva solicitud' }).click();
  const nueva = page.getByRole('dialog', { name: 'Nueva solicitud' });
  // The pick counts once the select shows it (in CI a click on the option was once lost and "Registrar" met "Elija el
  // trabajador"); it is checked again right before registering.
  const trabajador = nueva.getByLabel('Trabajador').locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const elegirLuis = async () =>
    expect(async () => {
      await nueva.getByLabel('Trabajador').click();
      await nueva.getByLabel('Trabajador').fill('Torres');
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="Torres Quispe, Luis"]').click({ timeout: 3_000 });
      await expect(trabajador).toContainText('Torres Quispe, Luis', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  await elegirLuis();
  await nueva.getByLabel('Desde').fill(desde);
  await nueva.getByLabel('Hasta').fill(hasta);
  await nueva.getByLabel('Motivo').fill(motivo);
  if (!(await trabajador.innerText()).includes('Torres Quispe, Luis')) await elegirLuis();
  await nueva.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText(/Solicitud \d+ registrada: pasa a Jefe inmediato/)).toBeVisible();
  const fila = page.getByRole('row', { name: new RegExp(motivo) });
  await expect(fila).toContainText('Pendiente: Jefe inmediato');

  for (const [paso, aviso] of [
    ['Jefe inmediato', 'Paso aprobado: pasa al siguiente'],
    ['Recursos humanos', 'Solicitud aprobada'],
  ] as const) {
    await fila.getByRole('button', { name: /Resolver la solicitud/ }).click();
    const dialogo = page.getByRole('dialog', { name: /Solicitud \d+: Vacaciones/ });
    await expect(dialogo).toContainText(`Paso actual: ${paso}`);
    await dialogo.getByLabel('Comentario').fill(`Visto bueno de ${paso}`);
    await dialogo.getByRole('button', { name: 'Aprobar' }).click();
    await expect(page.getByText(aviso)).toBeVisible();
    await expect(dialogo).toBeHidden();
  }
  await expect(fila).toContainText('Aprobada');

  // The attendance report of those days: justified by the approved vacation, not faltas.
  await menu.getByRole('link', { name: 'Reporte de asistencia' }).click();
  await expect(page.getByTestId('pagina-asistencia')).toBeVisible(CARGA);
  await page.getByLabel('Desde').fill(desde);
  await expect(page).toHaveURL(new RegExp(`desde=${desde}`));
  await page.getByLabel('Hasta').fill(hasta);
  await expect(page).toHaveURL(new RegExp(`hasta=${hasta}`));
  await expect(async () => {
    await page.getByRole('combobox').first().click();
    await page.getByRole('combobox').first().fill('Torres');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="Torres Quispe, Luis"]').click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('Vacaciones (solicitud aprobada)')).toHaveCount(3, CARGA);
  await expect(page.getByTestId('faltas-asistencia')).toHaveText('0');
});
