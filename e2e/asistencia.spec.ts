import { expect, test } from '@playwright/test';
import { iniciarSesion } from './helpers';

const CARGA = { timeout: 20_000 };
const SERIE = 'E2EASIS0001';

// Issue 16 (attendance): register a device and a schedule, assign it to a worker, the device pushes a week of marks
// over the ZKTeco protocol, and the attendance report shows the one late arrival.
test('horario asignado, el huellero envía la semana y el reporte muestra la tardanza', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const menu = page.getByRole('menu', { name: 'Menú principal' });

  // The device, by its serial number.
  await menu.getByRole('link', { name: 'Huelleros' }).click();
  await expect(page.getByTestId('pagina-huelleros')).toBeVisible(CARGA);
  await page.getByRole('button', { name: 'Nuevo huellero' }).click();
  const dlgH = page.getByRole('dialog', { name: 'Nuevo huellero' });
  await dlgH.getByLabel('Número de serie (SN)').fill(SERIE);
  await dlgH.getByLabel('Nombre o ubicación').fill('Puerta del almacén');
  await dlgH.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Huellero registrado')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(SERIE) })).toContainText('Nunca');

  // A Monday-to-Friday schedule 08:00-17:00, 60 min break, 10 min tolerance (the form's defaults but the name).
  await menu.getByRole('link', { name: 'Horarios' }).click();
  await expect(page.getByTestId('pagina-horarios')).toBeVisible(CARGA);
  await page.getByRole('button', { name: 'Nuevo horario' }).click();
  const dlg = page.getByRole('dialog', { name: 'Nuevo horario' });
  await dlg.getByLabel('Nombre').fill('Turno almacén');
  await dlg.getByLabel('Tolerancia (minutos)').fill('10');
  await dlg.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Horario registrado')).toBeVisible();
  await expect(page.getByRole('row', { name: /Turno almacén/ })).toContainText('Lun 08:00-17:00 (refr. 60 min)');

  await page.getByRole('button', { name: 'Asignar a un trabajador' }).click();
  const dlgA = page.getByRole('dialog', { name: 'Asignar horario a un trabajador' });
  await expect(async () => {
    await dlgA.getByLabel('Trabajador').click();
    await dlgA.getByLabel('Trabajador').fill('Torres');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="Torres Quispe, Luis"]').click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await dlgA.getByLabel('Horario').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Turno almacén"]').click();
  await dlgA.getByLabel('Desde').fill('2026-03-01');
  await dlgA.getByRole('button', { name: 'Asignar' }).click();
  await expect(page.getByText('Horario "Turno almacén" asignado desde el 2026-03-01')).toBeVisible();

  // The device: handshake, then the week's ATTLOG (Tuesday 08:27 is the only late arrival; Monday's mark is resent).
  const base = `/iclock/cdata?SN=${SERIE}`;
  const inicio = await page.request.get(`${base}&options=all&pushver=2.4.1`);
  expect(inicio.status()).toBe(200);
  expect(await inicio.text()).toContain(`GET OPTION FROM: ${SERIE}`);
  const semana = [
    ['02', '07:58', '17:02'],
    ['03', '08:27', '17:00'],
    ['04', '08:05', '17:10'],
    ['05', '08:10', '17:00'],
    ['06', '07:50', '17:05'],
  ].flatMap(([d, e, s]) => [`46290518\t2026-03-${d} ${e}:00\t0\t1\t0\t0\t0`, `46290518\t2026-03-${d} ${s}:00\t1\t1\t0\t0\t0`]);
  semana.push('46290518\t2026-03-02 07:58:00\t0\t1\t0\t0\t0');
  const envio = await page.request.post(`${base}&table=ATTLOG&Stamp=1`, { data: semana.join('\n'), headers: { 'content-type': 'text/plain' } });
  expect(await envio.text()).toBe('OK:11');
  expect((await page.request.get(`/iclock/getrequest?SN=NOREGISTRADO`)).status()).toBe(403);

  // The report for that week.
  await menu.getByRole('link', { name: 'Reporte de asistencia' }).click();
  await expect(page.getByTestId('pagina-asistencia')).toBeVisible(CARGA);
  // Each date is kept in the address; the next one is typed once the first is there (a fast second change would
  // otherwise start from the address before it).
  await page.getByLabel('Desde').fill('2026-03-02');
  await expect(page).toHaveURL(/desde=2026-03-02/);
  await page.getByLabel('Hasta').fill('2026-03-08');
  await expect(page).toHaveURL(/hasta=2026-03-08/);
  await expect(async () => {
    await page.getByRole('combobox').first().click();
    await page.getByRole('combobox').first().fill('Torres');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="Torres Quispe, Luis"]').click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  const totales = page.getByTestId('totales-asistencia');
  await expect(totales).toContainText('Tardanzas1', CARGA);
  await expect(totales).toContainText('Minutos de tardanza17');
  await expect(totales).toContainText('Faltas0');
  await expect(totales).toContainText('Días laborados5');
  const martes = page.getByRole('row', { name: /Mar 03\/03/ });
  await expect(martes).toContainText('08:27 · 17:00');
  await expect(martes).toContainText('17');
  await expect(page.getByRole('row', { name: /Lun 02\/03/ })).toContainText('07:58 · 17:02');
  await expect(page.getByRole('row', { name: /Sáb 07\/03/ })).toContainText('Descanso');

  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  expect((await descarga).suggestedFilename()).toMatch(/^asistencia-46290518-2026-03-02-2026-03-08\.xlsx$/);

  // The device now shows a last connection.
  await menu.getByRole('link', { name: 'Huelleros' }).click();
  await expect(page.getByRole('row', { name: new RegExp(SERIE) })).not.toContainText('Nunca', CARGA);

  // Send the workers to the device: it takes them on its next poll and answers; the drawer shows the answer.
  await page.getByRole('button', { name: 'Comandos de Puerta del almacén' }).click();
  const cajon = page.getByRole('dialog', { name: `Comandos de Puerta del almacén (${SERIE})` });
  await cajon.getByRole('button', { name: 'Enviar al huellero' }).click();
  await expect(page.getByText(/\d+ comando\(s\) en cola: el huellero los tomará en su próxima consulta/)).toBeVisible();
  const pedido = await (await page.request.get(`/iclock/getrequest?SN=${SERIE}`)).text();
  const linea = pedido.split('\n').find((l) => l.includes('PIN=46290518\tName=Torres Quispe'));
  expect(linea, pedido).toMatch(/^C:\d+:DATA UPDATE USERINFO PIN=46290518\tName=Torres Quispe/);
  const id = linea!.split(':')[1];
  expect(await (await page.request.post(`/iclock/devicecmd?SN=${SERIE}`, { data: `ID=${id}&Return=0&CMD=DATA`, headers: { 'content-type': 'text/plain' } })).text()).toBe('OK');
  await expect(cajon.getByRole('row', { name: /PIN=46290518/ })).toContainText('Ejecutado', { timeout: 25_000 });
});

// Issue 16: a company's non-working day is not a falta, and the payroll takes the month's attendance (faltas) into
// the payslip. Runs after the test above (one worker, in order): Luis Torres has "Turno almacén" (Mon-Fri) since March.
test('un día no laborable de la empresa no es falta, y la planilla de junio toma las faltas de la asistencia', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const menu = page.getByRole('menu', { name: 'Menú principal' });

  await menu.getByRole('link', { name: 'Horarios' }).click();
  const feriados = page.getByTestId('feriados');
  await expect(feriados).toBeVisible(CARGA);
  await feriados.getByLabel('Año').fill('2026');
  await expect(feriados.getByRole('row', { name: /Jueves Santo/ })).toContainText('Feriado nacional', CARGA);
  await feriados.getByLabel('Fecha del día no laborable').fill('2026-06-15');
  await feriados.getByLabel('Motivo del día no laborable').fill('Inventario anual');
  await feriados.getByRole('button', { name: 'Agregar día no laborable' }).click();
  await expect(page.getByText('Día no laborable registrado: 2026-06-15')).toBeVisible();
  await expect(feriados.getByRole('row', { name: /Inventario anual/ })).toContainText('De la empresa');

  // The report: Monday 15 June is the company's day (no falta), Tuesday without punches is a falta.
  await menu.getByRole('link', { name: 'Reporte de asistencia' }).click();
  await expect(page.getByTestId('pagina-asistencia')).toBeVisible(CARGA);
  // Each date is kept in the address; the next one is typed once the first is there (a fast second change would
  // otherwise start from the address before it).
  await page.getByLabel('Desde').fill('2026-06-15');
  await expect(page).toHaveURL(/desde=2026-06-15/);
  await page.getByLabel('Hasta').fill('2026-06-16');
  await expect(page).toHaveURL(/hasta=2026-06-16/);
  await expect(async () => {
    await page.getByRole('combobox').first().click();
    await page.getByRole('combobox').first().fill('Torres');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="Torres Quispe, Luis"]').click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('row', { name: /Lun 15\/06/ })).toContainText('Feriado: Inventario anual', CARGA);
  await expect(page.getByRole('row', { name: /Mar 16\/06/ })).toContainText('Falta');
  await expect(page.getByTestId('totales-asistencia')).toContainText('Faltas1');
  // The whole of June: the faltas the payroll must take (20 with the Mon-Fri schedule of the test above: 22 weekdays,
  // 29 June national holiday, 15 June the company's day).
  await page.getByLabel('Desde').fill('2026-06-01');
  await expect(page).toHaveURL(/desde=2026-06-01/);
  await page.getByLabel('Hasta').fill('2026-06-30');
  await expect(page).toHaveURL(/hasta=2026-06-30/);
  // The report of the whole month is on screen (its last day), not the previous range's.
  await expect(page.getByRole('row', { name: /Mar 30\/06/ })).toBeVisible(CARGA);
  const faltasJunio = Number((await page.getByTestId('faltas-asistencia').innerText()).trim());
  expect(faltasJunio).toBeGreaterThan(15);

  await menu.getByRole('link', { name: 'Planillas' }).click();
  await expect(page.getByTestId('pagina-nominas')).toBeVisible(CARGA);
  await page.getByRole('button', { name: 'Nueva planilla' }).click();
  const modal = page.getByRole('dialog', { name: 'Nueva planilla mensual' });
  // The month counts once the select shows it (in CI a lost click created the current month's payroll instead).
  const mes = modal.getByLabel('Mes').locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    await modal.getByLabel('Mes').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Junio"]').click({ timeout: 3_000 });
    await expect(mes).toContainText('Junio', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await modal.getByLabel('Año').fill('2026');
  await modal.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Planilla de Junio 2026', { exact: true })).toBeVisible(CARGA);
  await page.getByRole('button', { name: 'Tomar asistencia' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Tomar asistencia' }).click();
  await expect(page.getByText(/Asistencia tomada de \d+ trabajador\(es\) con horario; planilla recalculada/)).toBeVisible(CARGA);
  const fila = page.getByRole('row', { name: /Torres Quispe, Luis/ });
  await expect(fila).toContainText(String(faltasJunio));
  await fila.getByRole('button', { name: /Expandir|expand/i }).click();
  // Basic 2200 / 30 a day (exact cents): 20 faltas are 1,466.67.
  const monto = ((Math.round((2200 * 100 * faltasJunio) / 30) / 100).toFixed(2)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  await expect(page.getByTestId('lineas-46290518').getByRole('row', { name: /Inasistencias/ })).toContainText(`${monto}2200.00 / 30 × ${faltasJunio} día(s)`);
});
