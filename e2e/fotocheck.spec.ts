import { execFileSync } from 'node:child_process';
import { expect as expectBase, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { elegirOpcion, iniciarSesion, llamarApi } from './helpers';

const expect = expectBase.configure({ timeout: 20_000 });

const pdfTexto = (archivo: string) => execFileSync('pdftotext', ['-layout', archivo, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
const pdfTamano = (archivo: string) => {
  const info = execFileSync('pdfinfo', [archivo], { encoding: 'utf8' });
  const [, paginas] = /^Pages:\s+(\d+)/m.exec(info)!;
  const [, ancho, alto] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  return { paginas: Number(paginas), ancho: Number(ancho), alto: Number(alto) };
};

// Issue 16 (fotocheck): a worker of our own, with a photo, printed as a CR80 card and on an A4 sheet of their area.
test('fotocheck de un trabajador propio: foto, tarjeta CR80 y hoja A4 de su área en PDF', async ({ page }) => {
  test.setTimeout(180_000);
  const sufijo = Math.random().toString(36).slice(2, 7);
  const dni = `7${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const nombreArea = `Despacho ${sufijo}`;
  await iniciarSesion(page, 'supervisor');

  const area = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/areas', 'POST', { Nombre: nombreArea });
  expect(area.status).toBe(201);
  const cargo = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/entidades/cargo', 'POST', { Nombre: `Despachador ${sufijo}` });
  expect(cargo.status).toBe(201);
  const t = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/entidades', 'POST', { IdTipoDocumento: 1, Documento: dni, Nombres: 'Killa', ApePat: `Mayta${sufijo}`, ApeMat: 'Suyo' });
  expect(t.status).toBe(201);
  const c = await llamarApi(page, '/api/rrhh/v1/contratos/colaborador', 'POST', {
    IdTrabajador: t.body.Id,
    Regimen: 1,
    FechaInicio: '2026-01-01',
    Remuneracion: '1800',
    SistemaPension: 'ONP',
    IdArea: area.body.Id,
    IdCargo: cargo.body.Id,
  });
  expect(c.status).toBe(201);

  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Fotochecks' }).click();
  await expect(page).toHaveURL(/\/admin\/rrhh\/fotochecks$/);
  await expect(page.getByTestId('pagina-fotochecks')).toBeVisible();
  await page.getByLabel('Buscar trabajadores').fill(dni);
  await page.getByLabel('Buscar trabajadores').press('Enter');
  const fila = page.getByRole('row', { name: new RegExp(`Mayta${sufijo}`) });
  await expect(fila).toContainText(nombreArea);

  // The photo, from a PNG file.
  await fila.getByRole('button', { name: /Foto de/ }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Foto de Mayta${sufijo}`) });
  await expect(modal.getByText('Nunca impreso')).toBeVisible();
  const img = new PNG({ width: 30, height: 40 });
  img.data.fill(180);
  await modal.locator('input[type=file]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG.sync.write(img) });
  await expect(page.getByText('Foto guardada')).toBeVisible();
  await expect(modal.getByRole('img', { name: 'Foto del trabajador' })).toBeVisible();
  await modal.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(modal).toBeHidden();

  // One card per page for a card printer.
  await fila.getByRole('checkbox').check();
  await page.getByRole('radio', { name: /Una tarjeta CR80/ }).check();
  let descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  let archivo = await (await descarga).path();
  let tamano = pdfTamano(archivo);
  expect(tamano.paginas).toBe(1);
  expect(tamano.ancho).toBeCloseTo((53.98 / 25.4) * 72, 1);
  expect(tamano.alto).toBeCloseTo((85.6 / 25.4) * 72, 1);
  let texto = pdfTexto(archivo);
  expect(texto).toContain(`Mayta${sufijo} Suyo`);
  expect(texto).toContain(`DNI ${dni}`);
  expect(texto).toContain(`Área: ${nombreArea}`);

  // The whole area on A4 sheets with cut marks.
  await page.locator('label').filter({ hasText: 'Un área' }).click();
  await expect(page.getByRole('radio', { name: 'Un área' })).toBeChecked();
  await elegirOpcion(page, page.getByLabel('Área', { exact: true }), nombreArea, nombreArea);
  await page.getByRole('radio', { name: /Hoja A4/ }).check();
  descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  archivo = await (await descarga).path();
  tamano = pdfTamano(archivo);
  expect(tamano.paginas).toBe(1);
  expect(tamano.ancho).toBeCloseTo(595.28, 1);
  expect(tamano.alto).toBeCloseTo(841.89, 1);
  texto = pdfTexto(archivo);
  expect(texto).toContain(`DNI ${dni}`);
  expect(texto.match(/DNI \d{8}/g)).toHaveLength(1);

  // The badge date is recorded.
  await fila.getByRole('button', { name: /Foto de/ }).click();
  await expect(page.getByRole('dialog').getByText(/2 impresión\(es\)/)).toBeVisible();
});
