import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion, llamarApi } from './helpers';

const expect = expectBase.configure({ timeout: 30_000 });
const enDias = (dias: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date(Date.now() + dias * 86_400_000));

/** A RUC of its own (20 + 8 random digits + check digit), so no other spec's documents enter this customer's credit. */
function rucPropio(): string {
  const diez = `20${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const pesos = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const suma = pesos.reduce((s, p, i) => s + p * Number(diez[i]), 0);
  return `${diez}${(11 - (suma % 11)) % 10}`;
}

// Branch detracciones (issue 14): a factura al crédito subject to detracción owes its total (the net cuota plus the
// detracción); registering the customer's deposit (constancia) from Cuentas por cobrar lowers the balance by the
// detracción, and voiding it gives the balance back.
test('detracción: la constancia de depósito del cliente baja el saldo de la factura al crédito y su anulación lo repone', async ({ page }) => {
  test.setTimeout(180_000);
  await iniciarSesion(page, 'supervisor');
  const ruc = rucPropio();
  const constancia = String(Date.now()).slice(-10);
  const series = await llamarApi<{ Data: { Id: number; Serie: string }[] }>(page, '/api/entidades/v2/entidades/series?idtipodocumento=1003');
  // 1000.00 + IGV = 1180.00; detracción 12 % (catálogo 54 código 037) = 141.60, deposited in whole soles: 142.00.
  const r = await llamarApi<{ Id: number; Serie: string; Correlativo: number }>(page, '/api/contabilidad/v1/documentoContable', 'POST', {
    IdTipoDocumento: 1003,
    IdSerie: series.body.Data.find((s) => s.Serie === 'F001')!.Id,
    FechaEmision: enDias(0),
    IdMoneda: 1,
    IdCondicionPago: 2,
    ListaItems: [{ ItemDescripcion: 'MANTENIMIENTO DE MAQUINARIA', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: '1000', TipoAfectacion: '10' }],
    ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: ruc, RazonSocial: `CLIENTE DETRACCION ${constancia}`, Direccion: 'AV. COLONIAL 1200, LIMA' }],
    ListaCuotas: [{ Monto: '1038.00', FechaVencimiento: enDias(30) }],
    Detraccion: { CodigoBien: '037', Porcentaje: '12', CuentaBancoNacion: '00-000-123456' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const numero = `${r.body.Serie}-${r.body.Correlativo}`;

  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Cuentas por cobrar' }).click();
  await expect(page.getByTestId('pagina-cuentas-por-cobrar')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Cliente' }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Cliente' }).press('Enter');
  const fila = page.getByRole('row', { name: new RegExp(`${numero}\\b`) });
  await expect(fila).toContainText('1,180.00');

  await fila.getByRole('button', { name: `Detracción o retención de ${numero}` }).click();
  const modal = page.getByRole('dialog', { name: `Detracciones y retenciones de ${numero}` });
  await expect(modal).toContainText('pendiente de depósito: S/ 142.00');
  await expect(modal.getByTestId('saldo-deducciones')).toHaveText('S/ 1,180.00');
  await modal.getByRole('button', { name: 'Registrar detracción' }).click();
  const form = modal.getByRole('form', { name: 'Registrar detracción' });
  await expect(form.getByLabel('Monto')).toHaveValue('142.00');
  // More than the detracción: refused in Spanish.
  await form.getByLabel('Número de constancia de depósito').fill(constancia);
  await form.getByLabel('Monto').fill('150.00');
  await form.getByRole('button', { name: 'Guardar detracción' }).click();
  await expect(modal.getByTestId('error-deduccion')).toContainText('El monto excede la detracción pendiente del documento');
  await form.getByLabel('Monto').fill('142.00');
  await form.getByRole('button', { name: 'Guardar detracción' }).click();
  await expect(modal.getByTestId('saldo-deducciones')).toHaveText('S/ 1,038.00');
  const registro = modal.getByRole('row', { name: new RegExp(constancia) });
  await expect(registro).toContainText('Vigente');
  await expect(registro).toContainText('142.00');
  await expect(modal).toContainText('pendiente de depósito: S/ 0.00');

  // The receivables list shows the lower balance.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(fila).toContainText('1,038.00');

  // Voiding it gives the balance back.
  await fila.getByRole('button', { name: `Detracción o retención de ${numero}` }).click();
  await registro.getByRole('button', { name: `Anular detracción ${constancia}` }).click();
  const anular = page.getByRole('dialog', { name: `Anular la detracción ${constancia}` });
  await anular.getByLabel('Motivo').fill('CONSTANCIA DE OTRA FACTURA');
  await anular.getByRole('button', { name: 'Anular', exact: true }).click();
  await expect(modal.getByTestId('saldo-deducciones')).toHaveText('S/ 1,180.00');
  await expect(registro).toContainText('Anulada');
});
