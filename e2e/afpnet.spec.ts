import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { iniciarSesion, llamarApi } from './helpers';

const CARGA = { timeout: 30_000 };

// Issue 16 (afpnet): from an approved run's page, the AFPnet file of one AFP is downloaded with its name and holds the
// worker's row (17 columns). Its own worker and a far month of its own, so the spec runs again on the same database.
test('planilla aprobada: descarga el archivo de AFPnet de una AFP con la fila del afiliado', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const marca = Date.now();
  const dni = String(30_000_000 + (marca % 60_000_000)).padStart(8, '0');
  const cuspp = `E2E${String(marca).slice(-9)}`;
  const apeMat = `Afp${marca % 100000}`;

  const t = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/entidades', 'POST', { IdTipoDocumento: 1, Documento: dni, Nombres: 'Rosa', ApePat: 'Aportes', ApeMat: apeMat });
  expect(t.status).toBe(201);
  const c = await llamarApi(page, '/api/rrhh/v1/contratos/colaborador', 'POST', {
    IdTrabajador: t.body.Id,
    Regimen: 1,
    FechaInicio: '2025-01-01',
    Remuneracion: '2500.00',
    SistemaPension: 'PROFUTURO',
    TipoComision: 'MIXTA',
    Cuspp: cuspp,
  });
  expect(c.status).toBe(201);

  // A month of its own between 2040 and 2099 (a free month is looked for).
  let idNomina = 0;
  let periodo = '';
  for (let i = 0; i < 20 && !idNomina; i++) {
    const k = (marca + i * 7919) % 720;
    const anio = 2040 + Math.floor(k / 12);
    const mes = (k % 12) + 1;
    const n = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/nominas', 'POST', { Anio: anio, Mes: mes });
    if (n.status === 201) {
      idNomina = n.body.Id;
      periodo = `${anio}${String(mes).padStart(2, '0')}`;
    }
  }
  expect(idNomina).toBeGreaterThan(0);
  expect((await llamarApi(page, `/api/rrhh/v1/nominas/${idNomina}/calculo`, 'POST', {})).status).toBe(200);
  expect((await llamarApi(page, `/api/rrhh/v1/nominas/${idNomina}/aprobacion`, 'POST')).status).toBe(200);

  await page.goto(`/admin/rrhh/nominas/${idNomina}`);
  await expect(page.getByTestId('pagina-nomina')).toBeVisible(CARGA);
  await expect(page.getByTestId('estado-nomina')).toHaveText('Aprobada', CARGA);

  await page.getByRole('button', { name: 'Archivo AFPnet' }).hover();
  const opcion = page.getByRole('menuitem', { name: 'Solo AFP Profuturo' });
  await expect(async () => {
    if (!(await opcion.isVisible())) await page.getByRole('button', { name: 'Archivo AFPnet' }).hover();
    await expect(opcion).toBeVisible({ timeout: 2_000 });
  }).toPass(CARGA);
  const [descarga] = await Promise.all([page.waitForEvent('download', CARGA), opcion.click()]);
  expect(descarga.suggestedFilename()).toMatch(new RegExp(`^AFPNET_\\d{11}_${periodo}_PROFUTURO\\.xlsx$`));

  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load((await readFile((await descarga.path())!)) as unknown as ArrayBuffer);
  const lineas: string[] = [];
  libro.worksheets[0].eachRow((fila) => {
    const celdas: string[] = [];
    for (let i = 1; i <= 17; i++) celdas.push(String(fila.getCell(i).value ?? ''));
    lineas.push(celdas.join('|'));
  });
  // Sequence | CUSPP | 0 (DNI) | DNI | names | S N N | no exception | 2500.00 asegurable | 0 0 0 | N | AFP empty.
  const suya = lineas.find((l) => l.includes(`|${cuspp}|`));
  expect(suya).toMatch(new RegExp(`^\\d+\\|${cuspp}\\|0\\|${dni}\\|Aportes\\|${apeMat}\\|Rosa\\|S\\|N\\|N\\|\\|2500\\.00\\|0\\|0\\|0\\|N\\|$`));
});
