import { expect as expectBase, test } from '@playwright/test';
import { elegirOpcion, iniciarSesion, llamarApi, rucPropio } from './helpers';

// Branch letraspagar (issue 14): a purchase al crédito in two cuotas is exchanged (canje) for two letras we accept to
// the supplier from the payables screen; the purchase stops owing and the letras owe instead; the first letra is paid
// from a cash box, the canje can then no longer be voided; a second purchase's canje is voided and the purchase owes
// again. Unique supplier, names and numbers per run (the spec passes twice on one server).
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1366, height: 900 } });
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
const enDias = (dias: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date(Date.now() + dias * 86_400_000));

test('letras por pagar: canje de una compra, pago de una letra y anulación de un canje', async ({ page }) => {
  test.setTimeout(240_000);
  const MARCA = Date.now().toString(36).toUpperCase();
  await iniciarSesion(page, 'supervisor');
  const ruc = rucPropio();
  const item = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: `LPG-${MARCA}`, Descripcion: `CEMENTO ${MARCA}`, CodigoUnidad: 'NIU', Precio: '30', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(item.status, JSON.stringify(item.body)).toBe(201);
  const almacenes = await llamarApi<{ Data: { Id: number; EsPredeterminado: boolean }[] }>(page, '/api/logistica/v1/almacenes');
  const idAlmacen = almacenes.body.Data.find((a) => a.EsPredeterminado)!.Id;
  const numero = Date.now() % 10_000_000;
  const compra = (Numero: number, cuotas: string[], unidades: string) =>
    llamarApi<{ Id: number; Total: string }>(page, '/api/logistica/v1/compras', 'POST', {
      RucProveedor: ruc, RazonSocialProveedor: `PROVEEDOR LETRAS ${MARCA} S.A.C.`, TipoDocumento: '01', Serie: 'F881', Numero, FechaEmision: hoy(),
      Lineas: [{ IdItem: item.body.Id, IdAlmacen: idAlmacen, Cantidad: unidades, ValorUnitario: '10', AfectacionIgv: '10' }],
      IdCondicionPago: 2, Cuotas: cuotas.map((Monto, i) => ({ Monto, FechaVencimiento: enDias(30 * (i + 1)) })),
    });
  // 10 units x S/ 10.00 + IGV = S/ 118.00 in two cuotas (70.00 + 48.00); a second purchase of S/ 59.00.
  const c1 = await compra(numero, ['70.00', '48.00'], '10');
  expect(c1.status, JSON.stringify(c1.body)).toBe(201);
  const c2 = await compra(numero + 1, ['59.00'], '5');
  expect(c2.status, JSON.stringify(c2.body)).toBe(201);
  const doc1 = `F881-${numero}`;
  const doc2 = `F881-${numero + 1}`;
  const caja = `Caja letras pagar ${MARCA}`;
  const cc = await llamarApi(page, '/api/finanzas/v1/cuentasfinancieras', 'POST', { IdTipoCuenta: 2, Nombre: caja, IdMoneda: 1 });
  expect(cc.status, JSON.stringify(cc.body)).toBe(201);

  // Payables: "Canje por letras" proposes one letra per cuota; a wrong split is refused in Spanish.
  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Cuentas por pagar' }).click();
  await expect(page.getByTestId('pagina-cuentas-por-pagar')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Proveedor', exact: true }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Proveedor', exact: true }).press('Enter');
  await expect(page.getByTestId(`saldo-cxp-${doc1}`)).toHaveText('S/ 118.00');
  await page.getByRole('button', { name: `Canje por letras de ${doc1}` }).click();
  const modal = page.getByRole('dialog', { name: `Canje por letras de ${doc1}` });
  await expect(modal.getByTestId('total-canje-pagar')).toContainText('118.00');
  await modal.getByLabel('Importe de la letra 2').fill('40.00');
  await modal.getByRole('button', { name: 'Registrar canje' }).click();
  await expect(modal).toContainText('El total de las letras (S/ 110.00) debe ser igual al saldo canjeado de las cuotas (S/ 118.00)');
  await modal.getByLabel('Importe de la letra 2').fill('48.00');
  await modal.getByLabel('Número del proveedor de la letra 1').fill(`L${MARCA}`.slice(0, 20));
  await expect(modal.getByTestId('suma-letras-pagar')).toHaveText(/Total de las letras: S\/\s118\.00$/);
  await modal.getByRole('button', { name: 'Registrar canje' }).click();
  await expect(modal).toBeHidden();

  // The purchase no longer owes: the two letras do (not pending twice).
  const letras = await llamarApi<{ Data: { Id: number; Numero: string; Monto: string }[] }>(page, `/api/finanzas/v1/proveedores/documentos/pagares?proveedor=${ruc}`);
  expect(letras.body.Data.map((l) => l.Monto)).toEqual(['70.00', '48.00']);
  const [l1, l2] = letras.body.Data;
  await expect(page.getByTestId(`saldo-cxp-${doc1}`)).toHaveCount(0);
  await expect(page.getByTestId(`saldo-cxp-${l1.Numero}`)).toHaveText('S/ 70.00');
  await expect(page.getByTestId(`saldo-cxp-${l2.Numero}`)).toHaveText('S/ 48.00');

  // Letras por pagar: pay the first from the cash box.
  await page.getByRole('tab', { name: 'Letras por pagar' }).click();
  await page.getByRole('searchbox', { name: 'Proveedor de las letras' }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Proveedor de las letras' }).press('Enter');
  await expect(page.getByTestId(`estado-letra-${l1.Numero}`)).toHaveText('Pendiente');
  await page.getByRole('button', { name: `Pagar letra ${l1.Numero}` }).click();
  const pago = page.getByRole('dialog', { name: `Pagar letra ${l1.Numero}` });
  await elegirOpcion(page, pago.getByLabel('Cuenta'), caja, caja);
  await pago.getByRole('button', { name: 'Registrar' }).click();
  await expect(pago).toBeHidden();
  await expect(page.getByTestId(`estado-letra-${l1.Numero}`)).toHaveText('Pagada');
  await expect(page.getByTestId(`saldo-letra-${l1.Numero}`)).toHaveText('S/ 0.00');

  // The canje of a letra already paid cannot be voided.
  await page.getByRole('button', { name: `Anular canje de ${l2.Numero}` }).click();
  const anular = page.getByRole('dialog', { name: `Anular canje de la letra ${l2.Numero}` });
  await anular.getByLabel('Motivo').fill('Canje equivocado');
  await anular.getByRole('button', { name: 'Registrar' }).click();
  await expect(anular).toContainText(`La letra ${l1.Numero} del mismo canje ya tiene pagos`);
  await anular.getByRole('button', { name: 'Cancel' }).or(anular.getByRole('button', { name: 'Cancelar' })).first().click();
  await expect(anular).toBeHidden();

  // Renew the second letra: a new one for its balance plus the supplier's interest, later maturity.
  await page.getByRole('button', { name: `Renovar letra ${l2.Numero}` }).click();
  const renovar = page.getByRole('dialog', { name: `Renovar letra ${l2.Numero}` });
  const vence = enDias(90);
  await renovar.getByLabel('Nuevo vencimiento').fill(vence.split('-').reverse().join('/'));
  await renovar.getByLabel('Nuevo vencimiento').press('Enter');
  await renovar.getByLabel('Interés').fill('2.00');
  await renovar.getByRole('button', { name: 'Registrar' }).click();
  await expect(renovar).toBeHidden();
  await expect(page.getByTestId(`estado-letra-${l2.Numero}`)).toHaveText('Renovada');
  const tras = await llamarApi<{ Data: { Numero: string; Monto: string; IdLetraOrigen: number | null; FechaVencimiento: string }[] }>(page, `/api/finanzas/v1/proveedores/documentos/pagares?proveedor=${ruc}`);
  const l4 = tras.body.Data.find((l) => l.IdLetraOrigen === l2.Id)!;
  expect([l4.Monto, l4.FechaVencimiento]).toEqual(['50.00', vence]);
  await expect(page.getByTestId(`saldo-letra-${l4.Numero}`)).toHaveText('S/ 50.00');

  // Second purchase: canje for one letra, then its canje voided; the purchase owes again.
  await page.getByRole('tab', { name: 'Documentos por pagar' }).click();
  await page.getByRole('searchbox', { name: 'Proveedor', exact: true }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Proveedor', exact: true }).press('Enter');
  await page.getByRole('button', { name: `Canje por letras de ${doc2}` }).click();
  const modal2 = page.getByRole('dialog', { name: `Canje por letras de ${doc2}` });
  await modal2.getByRole('button', { name: 'Registrar canje' }).click();
  await expect(modal2).toBeHidden();
  await expect(page.getByTestId(`saldo-cxp-${doc2}`)).toHaveCount(0);
  const todas = await llamarApi<{ Data: { Numero: string; Monto: string; Documentos: string }[] }>(page, `/api/finanzas/v1/proveedores/documentos/pagares?proveedor=${ruc}`);
  const l3 = todas.body.Data.find((l) => l.Documentos === doc2)!;
  expect(l3.Monto).toBe('59.00');
  await page.getByRole('tab', { name: 'Letras por pagar' }).click();
  await page.getByRole('searchbox', { name: 'Proveedor de las letras' }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Proveedor de las letras' }).press('Enter');
  await page.getByRole('button', { name: `Anular canje de ${l3.Numero}` }).click();
  const anular2 = page.getByRole('dialog', { name: `Anular canje de la letra ${l3.Numero}` });
  await anular2.getByLabel('Motivo').fill('Proveedor no aceptó la letra');
  await anular2.getByRole('button', { name: 'Registrar' }).click();
  await expect(anular2).toBeHidden();
  await expect(page.getByTestId(`estado-letra-${l3.Numero}`)).toHaveText('Anulada');
  await page.getByRole('tab', { name: 'Documentos por pagar' }).click();
  await page.getByRole('searchbox', { name: 'Proveedor', exact: true }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Proveedor', exact: true }).press('Enter');
  await expect(page.getByTestId(`saldo-cxp-${doc2}`)).toHaveText('S/ 59.00');
  await expect(page.getByTestId(`saldo-cxp-${l2.Numero}`)).toHaveCount(0);
});

// The receivables' "canje por letras" window of a factura with detracción offers the net cuota only: the detracción
// cuota is deposited by the customer into our Banco de la Nación account.
test('canje por letras por cobrar: la cuota de detracción no se ofrece', async ({ page }) => {
  test.setTimeout(180_000);
  const MARCA = Date.now().toString(36).toUpperCase();
  await iniciarSesion(page, 'supervisor');
  const ruc = rucPropio();
  const series = await llamarApi<{ Data: { Id: number; Serie: string }[] }>(page, '/api/entidades/v2/entidades/series?idtipodocumento=1003');
  const f = await llamarApi<{ Id: number; Serie: string; Correlativo: number }>(page, '/api/contabilidad/v1/documentoContable', 'POST', {
    IdTipoDocumento: 1003,
    IdSerie: series.body.Data.find((s) => s.Serie === 'F001')!.Id,
    FechaEmision: enDias(0),
    IdMoneda: 1,
    IdCondicionPago: 2,
    ListaItems: [{ ItemDescripcion: 'SERVICIO DE MANTENIMIENTO DE MAQUINARIA', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: '1000', TipoAfectacion: '10' }],
    ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: ruc, RazonSocial: `CLIENTE DETRACCION ${MARCA}`, Direccion: 'AV. AREQUIPA 200, LIMA' }],
    ListaCuotas: [{ Monto: '1038.00', FechaVencimiento: enDias(30) }],
    Detraccion: { CodigoBien: '037', Porcentaje: '12', CuentaBancoNacion: '00-000-123456' },
  });
  expect(f.status, JSON.stringify(f.body)).toBe(201);
  const numero = `${f.body.Serie}-${f.body.Correlativo}`;
  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Cuentas por cobrar' }).click();
  await expect(page.getByTestId('pagina-cuentas-por-cobrar')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Cliente' }).fill(ruc);
  await page.getByRole('searchbox', { name: 'Cliente' }).press('Enter');
  const fila = page.getByRole('row', { name: new RegExp(`${numero}\\b`) });
  await expect(fila).toContainText('1,180.00');
  await fila.getByRole('button', { name: `Canjear ${numero} por letras` }).click();
  const modal = page.getByRole('dialog', { name: `Canjear ${numero} por letras` });
  await expect(modal.getByTestId('total-canje')).toContainText('1,038.00');
  await expect(modal.getByTestId('aviso-detraccion-canje')).toContainText('La cuota de detracción (S/ 142.00) no se canjea por letras');
  await expect(modal.getByLabel('Importe de la letra 2')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Registrar canje' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(`${numero}\\b`) })).toContainText('142.00');
});
