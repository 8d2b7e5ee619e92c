import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect as expectBase, test } from '@playwright/test';
import { elegirOpcion, iniciarSesion, leerStorage, llamarApi } from './helpers';

// Issue 13: a transfer to another branch's warehouse with its GRE remitente (motivo 04) issued in the same operation;
// the transfer row shows the guide's number and opens it; the signed XML passes SUNAT's own rules (sunat-check --strict).
const expect = expectBase.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1280, height: 900 } });
const CHECKER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/tools/sunat-check');

test('transferencia a otra sucursal con su guía de remisión (motivo 04)', async ({ page }) => {
  test.setTimeout(240_000);
  await iniciarSesion(page, 'supervisor');
  // Data of this run: a branch registered with SUNAT under its own establishment code, its warehouse, an item with stock.
  const marca = `${Date.now()}`.slice(-7);
  const anexo = String(1 + (Number(marca) % 9000)).padStart(4, '0');
  const suc = await llamarApi<{ Id: number }>(page, '/api/entidades/v1/sucursales', 'POST', {
    RazonSocial: `SUCURSAL TRASLADO ${marca}`, Direccion: 'AV. LOS FRUTALES 250, ATE', IdUbigeo: '150103', CodigoAnexo: anexo,
  });
  expect(suc.status).toBe(201);
  const almacenDestino = `Almacén traslado ${marca}`;
  expect((await llamarApi(page, '/api/logistica/v1/almacenes', 'POST', { IdSucursal: suc.body.Id, Nombre: almacenDestino })).status).toBe(201);
  const codigo = `TG-${marca}`;
  const it = await llamarApi<{ Id: number }>(page, '/api/logistica/v1/items', 'POST', { Codigo: codigo, Descripcion: `MENESTRAS SURTIDAS ${marca}`, CodigoUnidad: 'NIU', Precio: '8.00', PrecioIncluyeIgv: true, AfectacionIgv: '10' });
  expect(it.status).toBe(201);
  const almacenes = (await llamarApi<{ Data: { Id: number; Nombre: string }[] }>(page, '/api/logistica/v1/almacenes')).body.Data;
  const principal = almacenes.find((a) => a.Nombre === 'Almacén principal')!;
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
  const ingreso = await llamarApi(page, '/api/logistica/v1/movimientos', 'POST', { Clase: 'I', TipoOperacion: '02', Fecha: hoy, IdAlmacen: principal.Id, Lineas: [{ IdItem: it.body.Id, Cantidad: '20', CostoUnitario: '5' }] });
  expect(ingreso.status).toBe(201);

  await page.goto('/admin/movimientos');
  await expect(page.getByTestId('pagina-movimientos')).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo movimiento' }).click();
  const modal = page.getByRole('dialog', { name: 'Nuevo movimiento de inventario' });
  await modal.getByText('Transferencia', { exact: true }).click();
  await expect(modal.getByRole('combobox', { name: 'Almacén de destino' })).toBeVisible();
  await elegirOpcion(page, modal.getByRole('combobox', { name: 'Almacén de origen' }), 'Almacén principal', 'Almacén principal');
  await elegirOpcion(page, modal.getByRole('combobox', { name: 'Almacén de destino' }), marca, almacenDestino);
  await modal.getByRole('combobox', { name: 'Producto' }).click();
  await modal.getByRole('combobox', { name: 'Producto' }).fill(codigo);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `MENESTRAS SURTIDAS ${marca}` }).first().click();
  await modal.getByLabel('Cantidad').fill('6');

  // The guide with the transfer: private transport, its vehicle and driver.
  await modal.getByText(/Emitir guía de remisión/).click();
  const guia = modal.getByTestId('campos-guia-traslado');
  await expect(guia).toBeVisible();
  await guia.getByLabel('Peso bruto (kg)').fill('6.5');
  await guia.getByLabel('Bultos').fill('2');
  await guia.getByLabel('Placa del vehículo').fill('ABC-123');
  await guia.getByLabel('DNI del conductor').fill('41234567');
  await guia.getByLabel('Nombres del conductor').fill('JUAN CARLOS');
  await guia.getByLabel('Apellidos del conductor').fill('RAMOS TORRES');
  await guia.getByLabel('Licencia de conducir').fill('Q41234567');
  await modal.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText(/Movimiento MOV-\d+ registrado con la guía de remisión T001-\d+/)).toBeVisible({ timeout: 45_000 });
  await expect(modal).toBeHidden();

  // The transfer row shows the guide's number; it opens the guide.
  const fila = page.getByRole('row', { name: new RegExp(almacenDestino) });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText('Transferencia');
  const enlace = fila.getByRole('link', { name: /^T001-\d+$/ });
  await expect(enlace).toBeVisible();
  const numero = (await enlace.textContent())!;
  await enlace.click();
  await expect(page).toHaveURL(/\/admin\/documentos\/\d+$/);
  await expect(page.getByTestId('serie-numero')).toHaveText(numero);
  await expect(page.getByTestId('guia-motivo')).toContainText('Traslado entre establecimientos de la misma empresa');
  await expect(page.getByTestId('guia-llegada')).toContainText('AV. LOS FRUTALES 250, ATE');
  await expect(page.getByTestId('guia-llegada')).toContainText(`Establecimiento anexo ${anexo}`);
  await expect(page.getByTestId('guia-partida')).toContainText('Establecimiento anexo 0000');

  // The signed XML passes SUNAT's own validation rules (when the checker's tools are on this machine, as in CI).
  const idGuia = Number(page.url().split('/').pop());
  const token = await leerStorage(page, 'AccessToken');
  const xml = await page.evaluate(async ({ id, token }) => {
    const r = await fetch(`/api/contabilidad/v1/documentoContable/${id}/archivos/2`, { headers: { Authorization: `Bearer ${token}` } });
    return { nombre: (r.headers.get('content-disposition') ?? '').match(/filename="(.+)"/)?.[1] ?? '', texto: await r.text() };
  }, { id: idGuia, token });
  expect(xml.texto).toContain('<cbc:HandlingCode>04</cbc:HandlingCode>');
  expect(xml.texto).toContain(`>${anexo}</cbc:AddressTypeCode>`);
  if (existsSync(CHECKER) && existsSync('/usr/share/java/Saxon-HE.jar')) {
    const archivo = path.join(mkdtempSync(path.join(tmpdir(), 'trasladoguia-')), xml.nombre);
    writeFileSync(archivo, xml.texto);
    const r = await promisify(execFile)(CHECKER, ['--strict', archivo]).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
    expect(r.stdout).toMatch(/^PASS/m);
  }

  // Back in Movimientos the guide is linked for good: no "Emitir guía" on that row.
  await page.goto('/admin/movimientos');
  await expect(page.getByRole('row', { name: new RegExp(almacenDestino) }).getByRole('link', { name: numero })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(almacenDestino) }).getByRole('button', { name: 'Emitir guía' })).toHaveCount(0);
});
