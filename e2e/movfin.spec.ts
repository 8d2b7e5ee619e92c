import { expect as expectBase, test } from '@playwright/test';
import { elegirOpcion, iniciarSesion, llamarApi } from './helpers';

const expect = expectBase.configure({ timeout: 30_000 });
const MARCA = Date.now().toString(36).toUpperCase();
const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());

// Branch movfin (issue 14): "a deposit moves cash from the box to the bank and the bank statement import reconciles it".
test('movfin: un depósito mueve el efectivo de la caja al banco y el extracto bancario lo concilia', async ({ page }) => {
  test.setTimeout(180_000);
  await iniciarSesion(page, 'supervisor');
  const caja = `Caja dep ${MARCA}`;
  const banco = `BCP dep ${MARCA}`;
  const c = await llamarApi<{ Id: number }>(page, '/api/finanzas/v1/cuentasfinancieras', 'POST', { IdTipoCuenta: 2, Nombre: caja, IdMoneda: 1 });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  // contabilidad-libros.spec gives 1041 (the bank's default account) a subaccount on this shared server, and no entry
  // may post to an account with subaccounts. So the bank gets its own ledger account (a leaf subaccount of 1041) in the
  // financial account's form (branch cuentabanco), and the company's BANCO mapping is left alone.
  const cuentas = await llamarApi<{ Data: { Id: number; Codigo: string }[] }>(page, '/api/finanzas/v1/cuentascontables?filtro=104109');
  if (!cuentas.body.Data.some((x) => x.Codigo === '104109')) {
    const sub = await llamarApi<{ Id: number }>(page, '/api/finanzas/v1/cuentascontables', 'POST', { Codigo: '104109', Descripcion: 'BCP depósitos de caja' });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
  }
  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Datos maestros' }).click();
  await expect(page.getByTestId('pagina-maestros-finanzas')).toBeVisible();
  await page.getByRole('button', { name: 'Nueva cuenta' }).click();
  const modalCuenta = page.getByRole('dialog', { name: 'Nueva cuenta financiera' });
  const tipo = modalCuenta.getByLabel('Tipo de cuenta');
  await expect(async () => {
    await tipo.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Banco"]').click({ timeout: 3_000 });
    await expect(modalCuenta.getByLabel('Número de cuenta')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await modalCuenta.getByLabel('Nombre').fill(banco);
  await modalCuenta.getByLabel('Banco', { exact: true }).fill('BCP');
  await modalCuenta.getByLabel('Número de cuenta').fill('191-0000000-0-01');
  await elegirOpcion(page, modalCuenta.getByLabel('Cuenta contable'), '104109', '104109 BCP depósitos de caja');
  await modalCuenta.getByRole('button', { name: 'Guardar' }).click();
  await expect(modalCuenta).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(banco) })).toContainText('104109 BCP depósitos de caja');
  const lista = await llamarApi<{ Data: { Id: number; Nombre: string }[] }>(page, '/api/finanzas/v1/cuentasfinancieras');
  const idBanco = lista.body.Data.find((x) => x.Nombre === banco)?.Id;
  expect(idBanco).toBeTruthy();
  // The cash the box holds: a nota de ingreso of S/ 2,000.00.
  const n = await llamarApi(page, '/api/finanzas/v1/notas/ingresos', 'POST', { IdCuentaFinanciera: c.body.Id, Monto: '2000.00', Motivo: 'Ventas en efectivo' });
  expect(n.status, JSON.stringify(n.body)).toBe(201);

  await page.getByRole('link', { name: 'Tesorería y conciliación' }).first().click();
  await expect(page.getByTestId('pagina-tesoreria')).toBeVisible();
  await expect(page.getByTestId(`saldo-${caja}`)).toContainText('2,000.00');

  // The deposit, from the screen.
  const operacion = String(100000 + Math.floor(Math.random() * 899999));
  await page.getByRole('button', { name: 'Nuevo movimiento' }).click();
  const modal = page.getByRole('dialog', { name: 'Nuevo movimiento' });
  await elegirOpcion(page, modal.getByLabel('Operación', { exact: true }), 'Depósito', 'Depósito de caja a banco');
  await elegirOpcion(page, modal.getByLabel('Cuenta de origen'), caja, `${caja} (S/)`);
  await elegirOpcion(page, modal.getByLabel('Cuenta de destino'), banco, `${banco} (S/)`);
  await modal.getByLabel('Importe (en la moneda de origen)').fill('1234.56');
  await modal.getByLabel('Motivo', { exact: true }).fill('Depósito de la venta del día');
  await modal.getByLabel('Número de operación bancaria').fill(operacion);
  await modal.getByRole('button', { name: 'Registrar' }).click();
  await expect(modal).toBeHidden();
  // Cash left the box; the bank got it less its ITF (0.005 % of 1,234.56 truncated to 0.05).
  await expect(page.getByTestId(`saldo-${caja}`)).toContainText('765.44');
  await expect(page.getByTestId(`saldo-${banco}`)).toContainText('1,234.51');

  // The bank's statement (BCP's export): the deposit and its ITF are proposed, confirmed and reconciled.
  await page.getByRole('tab', { name: 'Conciliación bancaria' }).click();
  await elegirOpcion(page, page.getByLabel('Cuenta bancaria'), banco, banco);
  const fecha = hoy.split('-').reverse().join('/');
  const csv = [
    'Fecha;Fecha valuta;Descripción operación;Monto;Saldo;Sucursal - agencia;Operación - Número;Operación - Hora',
    `${fecha};${fecha};DEPOSITO EN EFECTIVO;1,234.56;1,234.56;LIMA;${operacion};10:15`,
    `${fecha};${fecha};IMPUESTO ITF;-0.05;1,234.51;LIMA;;10:15`,
    `${fecha};${fecha};COMISION MANTENIMIENTO;-12.00;1,222.51;LIMA;;23:59`,
  ].join('\r\n');
  await page.getByLabel('Archivo del extracto').setInputFiles({ name: `bcp-${MARCA}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Importar extracto' }).click();
  const lineas = page.getByTestId('lineas-extracto');
  await expect(lineas.getByText(/Propuesta: MF-\d+ ·/)).toBeVisible();
  await expect(lineas.getByText(/Propuesta: MF-\d+ \(ITF\)/)).toBeVisible();
  await expect(lineas.getByText('Sin operación en libros')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar todas las propuestas' }).click();
  await expect(lineas.getByText(/Conciliada con MF-\d+/)).toHaveCount(2);
  await expect(page.getByText(/2 de 3 conciliadas/)).toBeVisible();

  // The reconciled deposit cannot be deleted: no button on the screen, and the API refuses it in Spanish.
  const movs = await llamarApi<{ Data: { Id: number; Conciliado: boolean }[] }>(page, `/api/finanzas/v1/movimientos/busquedas?idcuenta=${idBanco}&tipo=5`);
  expect(movs.body.Data).toHaveLength(1);
  expect(movs.body.Data[0].Conciliado).toBe(true);
  const d = await llamarApi<{ Mensaje: string }>(page, `/api/finanzas/v1/movimientos/${movs.body.Data[0].Id}`, 'DELETE');
  expect(d.status).toBe(409);
  expect(d.body.Mensaje).toMatch(/conciliado con el extracto bancario: no se puede eliminar/);
  await page.getByRole('tab', { name: 'Movimientos de cuentas' }).click();
  await elegirOpcion(page, page.getByLabel('Filtrar por cuenta'), banco, banco);
  const fila = page.getByRole('row', { name: /Depósito de la venta del día/ });
  await expect(fila.getByText('Conciliado')).toBeVisible();
  await expect(fila.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
});
