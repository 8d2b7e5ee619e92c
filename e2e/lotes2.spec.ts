import { expect as expectBase, test } from '@playwright/test';
import { iniciarSesion, llamarApi } from './helpers';

// Branch lotes2 (issue 13): the item's Presentaciones section (add with a server-side Spanish error under the field,
// save with price, remove), and the lot picker of a boleta line (expired lot disabled, a chosen lot sold from).
const expect = expectBase.configure({ timeout: 20_000 });
test.use({ viewport: { width: 1366, height: 900 } });
const MARCA = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
const masDias = (n: number) => new Date(Date.parse(`${hoy()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const opcion = (page: import('@playwright/test').Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option');

test('presentaciones del producto y lote elegido en una boleta', async ({ page }) => {
  test.setTimeout(180_000);
  await iniciarSesion(page, 'supervisor');
  const codigo = `L2-${MARCA}`;
  const descripcion = `LECHE EN CAJA ${MARCA}`;
  const creado = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: codigo, Descripcion: descripcion, CodigoUnidad: 'NIU', Precio: '4.50', ControlLote: true });
  expect(creado.status, JSON.stringify(creado.body)).toBe(201);
  const idItem = creado.body.Id;
  const almacenes = await llamarApi<{ Data: { Id: number; Nombre: string }[] }>(page, '/api/logistica/v1/almacenes');
  const principal = almacenes.body.Data.find((a) => a.Nombre === 'Almacén principal')!;
  const saldo = await llamarApi(page, '/api/logistica/v1/movimientos', 'POST', {
    Clase: 'I', TipoOperacion: '16', Fecha: masDias(-10), IdAlmacen: principal.Id,
    Lineas: [
      { IdItem: idItem, Cantidad: '2', CostoUnitario: '3', Lote: `V-${MARCA}`, FechaVencimiento: masDias(-1) },
      { IdItem: idItem, Cantidad: '3', CostoUnitario: '3', Lote: `A-${MARCA}`, FechaVencimiento: masDias(10) },
      { IdItem: idItem, Cantidad: '5', CostoUnitario: '3', Lote: `B-${MARCA}`, FechaVencimiento: masDias(60) },
    ],
  });
  expect(saldo.status, JSON.stringify(saldo.body)).toBe(201);

  // Presentations from the item's form.
  await page.goto(`/admin/items?filtro=${codigo}`);
  await expect(page.getByTestId('pagina-items')).toBeVisible();
  await page.getByRole('row', { name: new RegExp(codigo) }).getByRole('button', { name: 'Editar' }).click();
  const seccion = page.getByTestId('presentaciones-item');
  await expect(seccion.getByText('Sin presentaciones: se vende solo por unidad')).toBeVisible();
  await seccion.getByRole('button', { name: 'Agregar presentación' }).click();
  await seccion.getByLabel('Unidad de la presentación 1').fill('BX');
  await seccion.getByLabel('Descripción de la presentación 1').fill('CAJA X 12');
  await seccion.getByLabel('Factor de la presentación 1').fill('0');
  await seccion.getByRole('button', { name: 'Guardar presentaciones' }).click();
  await expect(seccion.getByText('Factor: debe ser mayor que cero')).toBeVisible();
  await seccion.getByLabel('Factor de la presentación 1').fill('12');
  await seccion.getByLabel('Precio de la presentación 1').fill('48.00');
  await seccion.getByRole('button', { name: 'Agregar presentación' }).click();
  await seccion.getByLabel('Unidad de la presentación 2').fill('PK');
  await seccion.getByLabel('Descripción de la presentación 2').fill('PAQUETE X 6');
  await seccion.getByLabel('Factor de la presentación 2').fill('6');
  await seccion.getByRole('button', { name: 'Guardar presentaciones' }).click();
  await expect(page.getByText('Presentaciones guardadas')).toBeVisible();
  const pres = await llamarApi<{ Data: unknown[] }>(page, `/api/logistica/v1/items/${idItem}/presentaciones`);
  expect(pres.body.Data).toEqual([
    { CodigoUnidad: 'PK', Descripcion: 'PAQUETE X 6', Factor: '6' },
    { CodigoUnidad: 'BX', Descripcion: 'CAJA X 12', Factor: '12', Precio: '48.00' },
  ]);
  // Saved sorted by factor: PK first now. Remove it.
  await seccion.getByRole('button', { name: 'Quitar presentación 1' }).click();
  await seccion.getByRole('button', { name: 'Guardar presentaciones' }).click();
  await expect.poll(async () => (await llamarApi<{ Data: { CodigoUnidad: string }[] }>(page, `/api/logistica/v1/items/${idItem}/presentaciones`)).body.Data.map((p) => p.CodigoUnidad)).toEqual(['BX']);
  await expect(seccion.getByLabel('Descripción de la presentación 1')).toHaveValue('CAJA X 12');
  await expect(seccion.getByLabel('Precio de la presentación 1')).toHaveValue('48.00');

  // A boleta line of the lot item: the picker lists the warehouse's lots, the expired one disabled.
  await page.goto('/admin/documentos/emitir/boleta');
  // The emit page is a lazy chunk: on a loaded machine it takes longer than the default wait.
  await expect(page.getByLabel('Razón social o nombre')).toHaveValue('CLIENTES VARIOS', { timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Serie' }).click();
  await opcion(page).filter({ hasText: 'B001' }).first().click();
  await page.getByLabel('Descripción del ítem 1').fill(codigo.toLowerCase());
  await opcion(page).filter({ hasText: codigo }).first().click();
  await expect(page.getByText(`Vacío: el que vence primero (FEFO), A-${MARCA}`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Lote de la línea 1' }).click();
  await expect(opcion(page).filter({ hasText: `V-${MARCA}` })).toHaveClass(/ant-select-item-option-disabled/);
  await expect(opcion(page).filter({ hasText: `A-${MARCA}` })).toContainText('disp. 3');
  await opcion(page).filter({ hasText: `B-${MARCA}` }).click();
  await page.getByLabel('Cantidad del ítem 1').fill('2');
  await page.getByTestId('emitir').click();
  await expect(page).toHaveURL(/\/admin\/documentos\/\d+$/, { timeout: 45_000 });

  // Lot B gave the 2 units (FEFO would have taken lot A); the kardex says so.
  const f = await llamarApi<{ Data: { CodigoLote: string; Disponible: string }[] }>(page, `/api/logistica/v1/inventarios/stock/lotes/${idItem}/${principal.Id}?modulo=V`);
  expect(f.body.Data.map((x) => [x.CodigoLote, x.Disponible])).toEqual([[`A-${MARCA}`, '3'], [`B-${MARCA}`, '3']]);
  const k = await llamarApi<{ Data: { TipoOperacion: string; Lote: string | null }[] }>(page, `/api/logistica/v1/kardex?iditem=${idItem}&idalmacen=${principal.Id}&desde=${masDias(-30)}&hasta=${hoy()}`);
  expect(k.body.Data.filter((x) => x.TipoOperacion === '01').map((x) => x.Lote)).toEqual([`B-${MARCA}`]);
  await page.goto(`/admin/kardex?item=${idItem}&almacen=${principal.Id}&desde=${masDias(-30)}&hasta=${hoy()}`);
  await expect(page.getByRole('columnheader', { name: 'Lote' })).toBeVisible();
});
