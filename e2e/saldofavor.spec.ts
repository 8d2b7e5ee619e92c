import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion, llamarApi, rucPropio } from './helpers';

const expect = expectBase.configure({ timeout: 30_000 });
const MARCA = Date.now().toString(36).toUpperCase();
const enDias = (dias: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date(Date.now() + dias * 86_400_000));

// Branch saldofavor (issue 14): a credit note larger than a factura's debt leaves a credit in favour of the customer;
// a second factura al crédito is then settled with that credit from the collection dialog (no cash box, no bank).
test('saldo a favor del cliente: la nota de crédito mayor a la deuda se aplica a la cuota de otra factura', async ({ page }) => {
  test.setTimeout(180_000);
  await iniciarSesion(page, 'supervisor');
  const ruc = rucPropio();
  const cliente = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: ruc, RazonSocial: `CLIENTE SALDO A FAVOR ${MARCA}`, Direccion: 'AV. AREQUIPA 100, LIMA' };
  const serie = async (tipo: number) =>
    (await llamarApi<{ Data: { Id: number; Serie: string }[] }>(page, `/api/entidades/v2/entidades/series?idtipodocumento=${tipo}`)).body.Data.find((s) => s.Serie === 'F001')!.Id;
  const facturaCredito = async (monto: string) => {
    const r = await llamarApi<{ Id: number; Serie: string; Correlativo: number }>(page, '/api/contabilidad/v1/documentoContable', 'POST', {
      IdTipoDocumento: 1003,
      IdSerie: await serie(1003),
      FechaEmision: enDias(0),
      IdMoneda: 1,
      IdCondicionPago: 2,
      ListaItems: [{ ItemDescripcion: 'SERVICIO AL CRÉDITO', CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: monto, TipoAfectacion: '10' }],
      ListaEntidades: [cliente],
      ListaCuotas: [{ Monto: monto, FechaVencimiento: enDias(30) }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };

  // Factura A for 50.00 and a credit note of 80.00 on it: A owes nothing and 30.00 are in the customer's favour.
  const a = await facturaCredito('50.00');
  const nota = await llamarApi(page, '/api/contabilidad/v1/documentoContable', 'POST', {
    IdTipoDocumento: 1005,
    IdSerie: await serie(1005),
    FechaEmision: enDias(0),
    IdMoneda: 1,
    ListaEntidades: [cliente],
    ListaItems: [{ ItemDescripcion: 'DESCUENTO POR VOLUMEN', CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: '80.00', TipoAfectacion: '10' }],
    ListaReferencias: [{ IdDocumentoReferencia: a.Id, CodigoMotivo: '09', DescripcionMotivo: 'DESCUENTO ACORDADO' }],
  });
  expect(nota.status, JSON.stringify(nota.body)).toBe(201);
  // Factura B for 45.00: 30.00 of it will be settled with the credit.
  const b = await facturaCredito('45.00');
  const numero = `${b.Serie}-${b.Correlativo}`;

  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Cuentas por cobrar' }).click();
  await expect(page.getByTestId('pagina-cuentas-por-cobrar')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Cliente' }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Cliente' }).press('Enter');
  const fila = page.getByRole('row', { name: new RegExp(`${numero}\\b`) });
  await expect(fila).toContainText('45.00');

  await fila.getByRole('button', { name: `Cobrar ${numero}` }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Cobrar ${numero}`) });
  const opcion = modal.getByRole('radio', { name: /Saldo a favor del cliente \(disponible S\/ 30\.00\)/ });
  await expect(opcion).toBeEnabled();
  await opcion.check();
  await expect(modal.getByTestId('saldo-a-favor-disponible')).toContainText('S/ 30.00');
  await expect(modal.getByLabel('Caja')).toHaveCount(0);
  // More than the credit: refused in Spanish, nothing applied.
  await modal.getByLabel('Monto de la cuota 1').fill('45.00');
  await modal.getByRole('button', { name: 'Registrar cobro' }).click();
  await expect(modal.getByTestId('error-cobro')).toContainText('El saldo a favor disponible del cliente es S/ 30.00');
  await modal.getByLabel('Monto de la cuota 1').fill('30.00');
  await modal.getByRole('button', { name: 'Registrar cobro' }).click();
  const hecho = page.getByRole('dialog', { name: 'Cobro registrado' });
  await expect(hecho).toContainText('Aplicación de saldo a favor: S/ 30.00 del saldo a favor del cliente');
  await hecho.getByRole('button', { name: 'Listo' }).click();

  // B now owes 15.00 and the customer has no credit left.
  await expect(fila).toContainText('15.00');
  const saldo = await llamarApi<{ Disponible: string }>(page, `/api/finanzas/v1/saldosafavor?cliente=${ruc}&idmoneda=1`);
  expect(saldo.body.Disponible).toBe('0.00');
});
