import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion, llamarApi, rucPropio } from './helpers';

// Issue 14, the finance board (seed smartreasons/...): a customer of this run with an overdue credit factura shows
// among the largest overdue debts with its days overdue, a credit factura of today among the period's credit sales,
// and the demo bank account with its balance.
const expect = expectBase.configure({ timeout: 20_000 });
const enDias = (n: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date(Date.now() + n * 86_400_000));

test('tablero financiero: deuda vencida por cliente, ventas al crédito del periodo y saldos en bancos', async ({ page }) => {
  test.setTimeout(180_000);
  await iniciarSesion(page, 'supervisor');
  const ruc = rucPropio();
  const nombre = `TABLERO ${ruc} S.A.C.`;
  const series = await llamarApi<{ Data: { Id: number; Serie: string }[] }>(page, '/api/entidades/v2/entidades/series?idtipodocumento=1003');
  const f001 = series.body.Data.find((s) => s.Serie === 'F001')!;
  const credito = (valor: string, emision: string, vence: string) =>
    llamarApi(page, '/api/contabilidad/v1/documentoContable', 'POST', {
      IdTipoDocumento: 1003, IdSerie: f001.Id, FechaEmision: emision, IdMoneda: 1, IdCondicionPago: 2,
      ListaItems: [{ ItemDescripcion: 'SERVICIO DE ASESORÍA', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: valor, TipoAfectacion: '10' }],
      ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: ruc, RazonSocial: nombre, Direccion: 'AV. JAVIER PRADO 100, LIMA' }],
      ListaCuotas: [{ Monto: (Number(valor) * 1.18).toFixed(2), FechaVencimiento: vence }],
    });
  // A large overdue debt (so it is among the ten largest whatever else the demo company owes) and a sale of today.
  const vencida = await credito('50000', enDias(-3), enDias(-1));
  expect(vencida.status, JSON.stringify(vencida.body)).toBe(201);
  const deHoy = await credito('100', enDias(0), enDias(30));
  expect(deHoy.status, JSON.stringify(deHoy.body)).toBe(201);

  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Tablero financiero' }).click();
  await expect(page).toHaveURL(/\/admin\/finanzas\/tablero$/);
  await expect(page.getByTestId('pagina-tablero-finanzas')).toBeVisible();
  const deudor = page.getByTestId('tablero-deudores').getByRole('row', { name: new RegExp(ruc) });
  // 59,000.00 overdue of 59,118.00 owed, one day.
  await expect(deudor).toContainText('59,118.00');
  await expect(deudor).toContainText('59,000.00');
  await expect(deudor.getByRole('cell', { name: '1', exact: true }).last()).toBeVisible();
  const venta = page.getByTestId('tablero-montos').getByRole('row', { name: new RegExp(ruc) });
  await expect(venta).toContainText('118.00');
  await expect(page.getByTestId('tablero-bancos').getByRole('row', { name: /Interbank soles/ })).toBeVisible();

  // Dollars: a board of its own, without this customer.
  await page.getByRole('radiogroup', { name: 'Moneda del tablero' }).getByText('Dólares').click();
  await expect(page.getByTestId('tablero-deudores').getByRole('row', { name: new RegExp(ruc) })).toHaveCount(0);
});
