import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { iniciarSesion, leerStorage } from './helpers';

const CARGA = { timeout: 60_000 };
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());

type TComparacion = { Resumen: Record<'IGUAL' | 'DIFERENTE' | 'FALTA_EN_YUPANA' | 'FALTA_EN_SUNAT', number> };

async function emitir(page: Page, auth: Record<string, string>, idTipo: number, serie: string, valor: string) {
  const series = await (await page.request.get(`/api/entidades/v2/entidades/series?idtipodocumento=${idTipo}`, { headers: auth })).json();
  const idSerie = (series.Data as { Id: number; Serie: string }[]).find((x) => x.Serie === serie)!.Id;
  const r = await page.request.post('/api/contabilidad/v1/documentoContable', {
    headers: auth,
    data: {
      IdTipoDocumento: idTipo, IdSerie: idSerie, IdMoneda: 1, IdCondicionPago: 1, FechaEmision: hoy(),
      ListaItems: [{ CodigoItem: 'S001', ItemDescripcion: 'ASESORÍA CONTABLE MENSUAL', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: valor, TipoAfectacion: '10' }],
      ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100070970', RazonSocial: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', Direccion: 'CAL. MORELLI 181, SAN BORJA, LIMA' }],
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  return (await r.json()) as { Id: number; SerieNumero: string };
}

// Issue 15 (SIRE): SUNAT's RVIE proposal (from the stand-in, which holds the facturas it received) against Yupana's
// sales: a boleta not yet informed to SUNAT (it waits for the resumen diario) is the one document missing in SUNAT,
// and the replacement file generated from Yupana includes it.
test('la comparación RVIE con el simulador muestra un documento faltante y el archivo de reemplazo lo incluye', async ({ page }) => {
  test.setTimeout(300_000);
  await iniciarSesion(page, 'supervisor');
  const auth = { Authorization: `Bearer ${await leerStorage(page, 'AccessToken')}` };
  const periodo = hoy().slice(0, 7);

  // What SUNAT already lacks in this period (documents of other specs when the whole suite shares the server).
  const base = await page.request.post(`/api/contabilidad/v1/sire/rvie/${periodo}/propuesta`, { headers: auth });
  expect(base.status(), await base.text()).toBe(200);
  const antes = ((await (await page.request.get(`/api/contabilidad/v1/sire/rvie/${periodo}/comparacion`, { headers: auth })).json()) as TComparacion).Resumen;

  const factura = await emitir(page, auth, 1003, 'F001', '500');
  const boleta = await emitir(page, auth, 1004, 'B001', '80');
  // The factura reaches the stand-in (the sending worker): accepted.
  await expect(async () => {
    const d = await (await page.request.get(`/api/contabilidad/v1/documentoContable/${factura.Id}`, { headers: auth })).json();
    expect(d.IdestadoSunat).toBe(2);
  }).toPass({ timeout: 90_000, intervals: [1000] });

  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'SIRE', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/contabilidad\/sire/);
  await expect(page.getByTestId('pagina-sire')).toBeVisible(CARGA);
  await expect(page.getByRole('tab', { name: 'Ventas (RVIE)' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Descargar propuesta' }).click();
  await expect(page.getByText('Propuesta de SUNAT descargada')).toBeVisible(CARGA);

  const filtro = page.getByTestId('filtro-estado');
  await expect(filtro).toContainText(`Falta en SUNAT (${antes.FALTA_EN_SUNAT + 1})`, CARGA);
  await expect(filtro).toContainText(`Falta en Yupana (${antes.FALTA_EN_YUPANA})`);
  await filtro.getByText(/^Falta en SUNAT/).click();
  const tabla = page.getByTestId('tabla-comparacion');
  const [serieB, numeroB] = boleta.SerieNumero.split('-');
  const filaBoleta = tabla.getByRole('row', { name: new RegExp(`03 ${serieB}-${Number(numeroB)}\\b`) });
  await expect(filaBoleta).toContainText('Falta en SUNAT', CARGA);
  await expect(filaBoleta).toContainText('94.40');
  const [serieF, numeroF] = factura.SerieNumero.split('-');
  await expect(tabla.getByRole('row', { name: new RegExp(`01 ${serieF}-${Number(numeroF)}\\b`) })).toHaveCount(0);
  await filtro.getByText(/^Igual/).click();
  await expect(tabla.getByRole('row', { name: new RegExp(`01 ${serieF}-${Number(numeroF)}\\b`) })).toContainText('Igual', CARGA);

  // "Generar reemplazo": SUNAT's file name, and the boleta's line is in it.
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generar reemplazo' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(new RegExp(`^LE\\d{11}${periodo.replace('-', '')}00140400021112\\.txt$`));
  const contenido = readFileSync((await archivo.path())!, 'utf8');
  const linea = contenido.split('\r\n').find((l) => l.split('|')[6] === '03' && l.split('|')[7] === serieB && l.split('|')[8] === String(Number(numeroB)));
  expect(linea, contenido).toBeTruthy();
  expect(linea!.split('|').slice(14, 17)).toEqual(['80.00', '0.00', '14.40']);
  expect(linea!.split('|')[25]).toBe('94.40');

  // "Enviar reemplazo": SUNAT (the stand-in) processes it; the history shows both requests.
  await page.getByRole('button', { name: 'Enviar reemplazo' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Enviar reemplazo' }).click();
  await expect(page.getByText('SUNAT recibió el reemplazo sin errores')).toBeVisible(CARGA);
  const historial = page.getByTestId('tabla-historial');
  await expect(historial.getByRole('row', { name: /Reemplazo/ }).first()).toContainText('Terminado', CARGA);
  await expect(historial.getByRole('row', { name: /Descarga de propuesta/ })).toHaveCount(2);
});
