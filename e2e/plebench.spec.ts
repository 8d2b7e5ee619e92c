import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { iniciarSesion, llamarApi } from './helpers';

const CARGA = { timeout: 20_000 };

// Issue 15: a cash entry of this month appears in the PLE 1.1 libro caja y bancos downloaded from the books screen,
// with SUNAT's file name (010100, indicator 1 "con información") and the entry's line in the 19-field layout.
test('descarga el libro caja y bancos 1.1 del mes desde la pantalla de libros, con el nombre de SUNAT y el movimiento', async ({ page }) => {
  test.setTimeout(180_000);
  await iniciarSesion(page, 'supervisor');
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
  const periodo = hoy.slice(0, 7);
  const unico = `${Date.now()}`.slice(-7);
  const importe = `${Number(unico.slice(-4)) + 1}.${unico.slice(0, 2)}`;
  const glosa = `Aporte en efectivo PLE ${unico}`;

  const cuentas = await llamarApi<{ Data: { Id: number; Codigo: string }[] }>(page, '/api/finanzas/v1/cuentascontables');
  const id = (c: string) => cuentas.body.Data.find((x) => x.Codigo === c)!.Id;
  const r = await llamarApi<{ Id: number; Periodo: string }>(page, '/api/finanzas/v1/libros/asientos', 'POST', {
    IdDiario: 5,
    Fecha: hoy,
    Glosa: glosa,
    Lineas: [
      { IdCuenta: id('101'), Debe: importe, Haber: '0' },
      { IdCuenta: id('5011'), Debe: '0', Haber: importe },
    ],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const cuo = r.body.Id;

  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Balance y libro mayor' }).click();
  await expect(page.getByTestId('pagina-reportes-contables')).toBeVisible(CARGA);
  await page.getByRole('tab', { name: 'Libros electrónicos (PLE)' }).click();
  const fila = page.getByRole('row', { name: /010100/ });
  await expect(fila).toContainText('Con información', CARGA);
  await expect(fila).toContainText(`${periodo.replace('-', '')}00010100001111.TXT`);

  const descarga = page.waitForEvent('download');
  await fila.getByRole('button', { name: /Descargar/ }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(new RegExp(`^LE\\d{11}${periodo.replace('-', '')}00010100001111\\.TXT$`));
  const texto = readFileSync((await archivo.path())!, 'utf8');
  const [a, m, d] = hoy.split('-');
  const fecha = `${d}/${m}/${a}`;
  const esperada = [`${periodo.replace('-', '')}00`, String(cuo), 'M1', '101', '', '', 'PEN', '', '', '', fecha, '', fecha, glosa, '', importe, '0.00', '', '1'].join('|') + '|';
  expect(texto.split('\r\n')).toContain(esperada);
  expect(esperada.split('|')).toHaveLength(20);
});
