import { expect as expectBase, test } from '@playwright/test';
import { elegirOpcion, iniciarSesion, llamarApi, rucPropio } from './helpers';

const expect = expectBase.configure({ timeout: 30_000 });
const MARCA = Date.now().toString(36).toUpperCase();
const enDias = (dias: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date(Date.now() + dias * 86_400_000));

// Branch letras (issue 14): the two cuotas of a factura al crédito are exchanged for two letras from the receivables
// screen; one letra is collected in cash from the Letras page and the customer's balance is the other letra.
test('letras: canje de las cuotas de una factura por dos letras, cobro de una y saldo de la otra', async ({ page }) => {
  test.setTimeout(180_000);
  await iniciarSesion(page, 'supervisor');
  const ruc = rucPropio();
  const cliente = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: ruc, RazonSocial: `CLIENTE LETRAS ${MARCA}`, Direccion: 'AV. AREQUIPA 200, LIMA' };
  const series = await llamarApi<{ Data: { Id: number; Serie: string }[] }>(page, '/api/entidades/v2/entidades/series?idtipodocumento=1003');
  const f = await llamarApi<{ Id: number; Serie: string; Correlativo: number }>(page, '/api/contabilidad/v1/documentoContable', 'POST', {
    IdTipoDocumento: 1003,
    IdSerie: series.body.Data.find((s) => s.Serie === 'F001')!.Id,
    FechaEmision: enDias(0),
    IdMoneda: 1,
    IdCondicionPago: 2,
    ListaItems: [{ ItemDescripcion: 'SERVICIO AL CRÉDITO', CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: '100.00', TipoAfectacion: '10' }],
    ListaEntidades: [cliente],
    ListaCuotas: [{ Monto: '60.00', FechaVencimiento: enDias(30) }, { Monto: '40.00', FechaVencimiento: enDias(60) }],
  });
  expect(f.status, JSON.stringify(f.body)).toBe(201);
  const numero = `${f.body.Serie}-${f.body.Correlativo}`;
  const caja = `Caja letras ${MARCA}`;
  const c = await llamarApi(page, '/api/finanzas/v1/cuentasfinancieras', 'POST', { IdTipoCuenta: 2, Nombre: caja, IdMoneda: 1 });
  expect(c.status, JSON.stringify(c.body)).toBe(201);

  // Receivables: the factura with its two cuotas; "Canjear por letras" proposes one letra per cuota (60 + 40).
  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Cuentas por cobrar' }).click();
  await expect(page.getByTestId('pagina-cuentas-por-cobrar')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Cliente' }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Cliente' }).press('Enter');
  const fila = page.getByRole('row', { name: new RegExp(`${numero}\\b`) });
  await expect(fila).toContainText('100.00');
  await fila.getByRole('button', { name: `Canjear ${numero} por letras` }).click();
  const modal = page.getByRole('dialog', { name: `Canjear ${numero} por letras` });
  await expect(modal.getByTestId('total-canje')).toContainText('100.00');
  // A wrong split is refused by the server in Spanish; the right one goes through.
  await modal.getByLabel('Importe de la letra 2').fill('30.00');
  await modal.getByRole('button', { name: 'Registrar canje' }).click();
  await expect(modal).toContainText('El total de las letras (S/ 90.00) debe ser igual al saldo canjeado de las cuotas (S/ 100.00)');
  await modal.getByLabel('Importe de la letra 2').fill('40.00');
  await expect(modal.getByTestId('suma-letras')).toHaveText(/Total de las letras: S\/\s100\.00$/);
  await modal.getByLabel('Aval', { exact: true }).fill('MARÍA GÓMEZ');
  await modal.getByRole('button', { name: 'Registrar canje' }).click();
  await expect(modal).toBeHidden();

  // The factura no longer owes: the debt is in the two letras.
  const letras = await llamarApi<{ Data: { Id: number; Numero: string; Monto: string }[] }>(page, `/api/finanzas/v1/documentos/pagares?cliente=${ruc}`);
  expect(letras.body.Data.map((l) => l.Monto)).toEqual(['60.00', '40.00']);
  const [l1, l2] = letras.body.Data;
  await expect(page.getByRole('row', { name: new RegExp(`${l1.Numero}\\b`) })).toContainText('60.00');
  await expect(page.getByRole('row', { name: new RegExp(`${numero}\\b`) })).toHaveCount(0);

  // Letras page: collect the first one in cash.
  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Letras' }).click();
  await expect(page.getByTestId('pagina-letras')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Cliente' }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Cliente' }).press('Enter');
  const fila1 = page.getByRole('row', { name: new RegExp(`${l1.Numero}\\b`) });
  await expect(fila1).toContainText('En cartera');
  await fila1.getByRole('button', { name: `Cobrar ${l1.Numero}` }).click();
  const cobro = page.getByRole('dialog', { name: `Cobrar letra ${l1.Numero}` });
  await elegirOpcion(page, cobro.getByLabel('Cuenta'), caja, caja);
  await cobro.getByRole('button', { name: 'Registrar' }).click();
  await expect(cobro).toBeHidden();
  await expect(fila1).toContainText('Cobrada');
  await expect(fila1).toContainText(/S\/\s0\.00/);
  await expect(page.getByRole('row', { name: new RegExp(`${l2.Numero}\\b`) })).toContainText('En cartera');

  // The customer's balance: the second letra only.
  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Cuentas por cobrar' }).click();
  await page.getByRole('searchbox', { name: 'Cliente' }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Cliente' }).press('Enter');
  await expect(page.getByTestId('resumen-1')).toContainText('40.00');
  await expect(page.getByRole('row', { name: new RegExp(`${l2.Numero}\\b`) })).toContainText('40.00');
  await expect(page.getByRole('row', { name: new RegExp(`${l1.Numero}\\b`) })).toHaveCount(0);
});
