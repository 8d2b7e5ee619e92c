import { rmSync } from 'node:fs';
import { expect as expectBase, test, type Page } from '@playwright/test';
import { elegirQueContenga, iniciarSesion, llamarApi, ServidorAdicional } from './helpers';

// Branch guiaalm (issue 13): a warehouse gets an address of its own in the warehouses screen; a transfer between two
// warehouses of the SAME branch then gets its GRE remitente (motivo 04). SUNAT (the stand-in) rejects that guide: the
// row shows "Rechazado", "Emitir otra guía" issues a new one, and the row keeps "Antes: T001-n (Rechazado)".
// The stand-in's fault drill (/admin/fallas) needs its port: a server of its own, with SUNAT_SIMULADOR_PUERTO.
const expect = expectBase.configure({ timeout: 20_000 });
const servidor = new ServidorAdicional(90, {});
const PUERTO_SIMULADOR = Number(process.env.E2E_PORT || 3100) + 91;
const SIMULADOR = `http://127.0.0.1:${PUERTO_SIMULADOR}`;

test.use({ viewport: { width: 1280, height: 900 }, baseURL: servidor.url });

test.beforeAll(async () => {
  test.setTimeout(360_000);
  await servidor.iniciar({ SUNAT_SIMULADOR_PUERTO: String(PUERTO_SIMULADOR) }, 300_000);
});
test.afterAll(async () => {
  await fetch(`${SIMULADOR}/admin/fallas`, { method: 'DELETE' }).catch(() => undefined);
  await servidor.detener();
  rmSync(servidor.datos, { recursive: true, force: true });
});

const LOG = '/api/logistica/v1';
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());

async function llenarTransporte(page: Page) {
  const modal = page.getByRole('dialog', { name: /Guía de remisión de la transferencia/ });
  await expect(modal).toBeVisible();
  await modal.getByLabel('Peso bruto (kg)').fill('4');
  await modal.getByLabel('Placa del vehículo').fill('ABC-123');
  await modal.getByLabel('DNI del conductor').fill('41234567');
  await modal.getByLabel('Nombres del conductor').fill('JUAN CARLOS');
  await modal.getByLabel('Apellidos del conductor').fill('RAMOS TORRES');
  await modal.getByLabel('Licencia de conducir').fill('Q41234567');
  await modal.getByRole('button', { name: 'Emitir guía' }).click();
  await expect(modal).toBeHidden({ timeout: 45_000 });
}

test('guía entre almacenes de la misma sucursal, rechazada por SUNAT y emitida otra vez', async ({ page }) => {
  test.setTimeout(300_000);
  await iniciarSesion(page, 'supervisor');
  const marca = `${Date.now()}`.slice(-6);
  const almacenes = (await llamarApi<{ Data: { Id: number; Nombre: string; IdSucursal: number; EsPredeterminado: boolean }[] }>(page, `${LOG}/almacenes`)).body.Data;
  const principal = almacenes.find((a) => a.Nombre === 'Almacén principal')!;
  const nombre = `Depósito ${marca}`;
  const dep = await llamarApi<{ Id: number }>(page, `${LOG}/almacenes`, 'POST', { IdSucursal: principal.IdSucursal, Nombre: nombre });
  expect(dep.status).toBe(201);

  // The warehouses screen: its own address, with a field error first (an address without its district).
  await page.goto('/admin/logisconfig');
  await expect(page.getByTestId('pagina-logisconfig')).toBeVisible();
  const fila = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(fila).toContainText('La de la sucursal');
  await fila.getByRole('button', { name: `Editar ${nombre}` }).click();
  const modal = page.getByRole('dialog', { name: `Editar almacén ${nombre}` });
  await modal.getByLabel('Dirección del almacén').fill('AV. LOS FRUTALES 820, ATE');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Indique el distrito (ubigeo) de la dirección del almacén')).toBeVisible();
  await elegirQueContenga(page, modal.getByRole('combobox', { name: 'Distrito (ubigeo)' }), '(150103)', '150103');
  await modal.getByLabel('Código de establecimiento anexo (SUNAT)').fill('0007');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeHidden();
  await expect(fila).toContainText('AV. LOS FRUTALES 820, ATE');
  await expect(fila).toContainText('Anexo 0007');

  // A transfer from the branch's main warehouse to that one (same branch).
  const it = await llamarApi<{ Id: number }>(page, `${LOG}/items`, 'POST', { Codigo: `GA-${marca}`, Descripcion: `LENTEJAS ${marca}`, CodigoUnidad: 'NIU', Precio: '6.00', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(it.status).toBe(201);
  expect((await llamarApi(page, `${LOG}/movimientos`, 'POST', { Clase: 'I', TipoOperacion: '02', Fecha: hoy(), IdAlmacen: principal.Id, Lineas: [{ IdItem: it.body.Id, Cantidad: '10', CostoUnitario: '3' }] })).status).toBe(201);
  const t = await llamarApi<{ Id: number }>(page, `${LOG}/movimientos`, 'POST', { Clase: 'T', Fecha: hoy(), IdAlmacen: principal.Id, IdAlmacenDestino: dep.body.Id, Lineas: [{ IdItem: it.body.Id, Cantidad: '4' }] });
  expect(t.status).toBe(201);

  // SUNAT will reject the next guide (the stand-in answers its CDR with 3371, the code not matching the ubigeo).
  const regla = await fetch(`${SIMULADOR}/admin/fallas`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ tipo: 'rechazo', codigo: '3371', tipoDocumento: '09', operacion: 'greEnvio', veces: 1 }) });
  expect(regla.status).toBe(201);

  await page.goto('/admin/movimientos');
  await expect(page.getByTestId('pagina-movimientos')).toBeVisible();
  await page.getByTestId(`emitir-guia-${t.body.Id}`).click();
  await llenarTransporte(page);
  const guia = page.getByTestId(`guia-${t.body.Id}`);
  await expect(guia).toHaveText(/^T001-\d+$/);
  const primera = (await guia.textContent())!;
  // The stand-in answers the ticket with the rejection: the row shows it and offers another guide.
  const filaMov = page.getByRole('row', { name: new RegExp(`Transferencia.*${nombre}`) });
  await expect(async () => {
    await page.reload();
    await expect(filaMov).toBeVisible({ timeout: 30_000 });
    await expect(filaMov.getByText('Rechazado', { exact: true })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 150_000 });
  await expect(page.getByTestId(`emitir-guia-${t.body.Id}`)).toHaveText('Emitir otra guía');

  await page.getByTestId(`emitir-guia-${t.body.Id}`).click();
  await llenarTransporte(page);
  await expect(guia).toHaveText(/^T001-\d+$/);
  await expect(guia).not.toHaveText(primera);
  await expect(filaMov).toContainText(`Antes: ${primera} (Rechazado)`);
  await expect(page.getByTestId(`emitir-guia-${t.body.Id}`)).toHaveCount(0);

  // The new guide goes to the warehouse's own address with its code (the guide's page).
  await guia.click();
  await expect(page).toHaveURL(/\/admin\/documentos\/\d+$/);
  await expect(page.getByTestId('guia-motivo')).toContainText('Traslado entre establecimientos de la misma empresa');
  await expect(page.getByTestId('guia-llegada')).toContainText('AV. LOS FRUTALES 820, ATE');
  await expect(page.getByTestId('guia-llegada')).toContainText('Establecimiento anexo 0007');
  await expect(page.getByTestId('guia-partida')).toContainText('Establecimiento anexo 0000');
});
