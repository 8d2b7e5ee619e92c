import { expect, test, type Page } from '@playwright/test';
import { iniciarSesion, leerStorage } from './helpers';

const CARGA = { timeout: 20_000 };
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
const agrupar = (centimos: bigint) => {
  const neg = centimos < 0n;
  const a = neg ? -centimos : centimos;
  const entero = (a / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${entero}.${(a % 100n).toString().padStart(2, '0')}`;
};
const centimos = (v: string) => BigInt(v.replace('.', ''));

async function ventasDelMes(page: Page, auth: Record<string, string>) {
  const p = hoy().slice(0, 7);
  const r = await page.request.get(`/api/finanzas/v1/libros/estados/resultados?desde=${p}&hasta=${p}`, { headers: auth });
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as { Ventas: string }).Ventas;
}

// Issue 15 (automatic entries): an issued factura has its entry in the journal at once (no posting run), and its
// income is in the estado de resultados of the month; the statements screen downloads its Excel and PDF.
test('una factura emitida aparece en el diario con su asiento y su venta en el estado de resultados', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  const auth = { Authorization: `Bearer ${await leerStorage(page, 'AccessToken')}` };
  const antes = await ventasDelMes(page, auth);
  const series = await (await page.request.get('/api/entidades/v2/entidades/series?idtipodocumento=1003', { headers: auth })).json();
  const idSerie = (series.Data as { Id: number; Serie: string }[]).find((x) => x.Serie === 'F001')!.Id;
  const r = await page.request.post('/api/contabilidad/v1/documentoContable', {
    headers: auth,
    data: {
      IdTipoDocumento: 1003, IdSerie: idSerie, IdMoneda: 1, IdCondicionPago: 1, FechaEmision: hoy(),
      ListaItems: [{ CodigoItem: 'S001', ItemDescripcion: 'ASESORÍA CONTABLE MENSUAL', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: '1250', TipoAfectacion: '10' }],
      ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100070970', RazonSocial: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', Direccion: 'CAL. MORELLI 181, SAN BORJA, LIMA' }],
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  const { SerieNumero } = (await r.json()) as { SerieNumero: string };

  // The journal: the entry is there without pressing "Contabilizar ventas": 1212 1,475.00 / 40111 225.00 / 70111 1,250.00.
  const menu = page.getByRole('menu', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Asientos contables' }).click();
  await expect(page.getByTestId('pagina-asientos')).toBeVisible(CARGA);
  const fila = page.getByRole('row', { name: new RegExp(`Venta ${SerieNumero}`) });
  await expect(fila).toContainText('1,475.00', CARGA);

  // The statements: the month's sales grew by the factura's 1,250.00 and the balance sheet balances.
  await menu.getByRole('link', { name: 'Estados financieros' }).click();
  await expect(page.getByTestId('pagina-estados-financieros')).toBeVisible(CARGA);
  await expect(page.getByText('Activo = Pasivo + Patrimonio')).toBeVisible(CARGA);
  await page.getByRole('tab', { name: 'Resultados por naturaleza' }).click();
  const ventas = agrupar(centimos(antes) + 125000n);
  await expect(page.getByTestId('tabla-estado-resultados').getByRole('row', { name: /^Ventas 70/ })).toContainText(ventas, CARGA);
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^estado-resultados-naturaleza-.*\.pdf$/);
  await page.getByRole('tab', { name: 'Resultados por función' }).click();
  await expect(page.getByTestId('tabla-estado-resultados').getByRole('row', { name: /^Ventas netas/ })).toContainText(ventas, CARGA);
  const excel = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  expect((await excel).suggestedFilename()).toMatch(/^estado-resultados-funcion-.*\.xlsx$/);

  // The settings screen lists every concept with its account.
  await menu.getByRole('link', { name: 'Configuración contable' }).click();
  await expect(page.getByTestId('pagina-configuracion-contable')).toBeVisible(CARGA);
  await expect(page.getByRole('row', { name: /IGV de ventas/ })).toContainText('40111');
});
