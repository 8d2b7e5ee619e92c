import { expect, test, type Page } from '@playwright/test';
import { iniciarSesion, leerStorage } from './helpers';

// Issue 5 (H3): the modules screen, the security parameters screen, the sales page /admin/ventas (permission 120)
// scoped by the branch chosen in 'Seleccionar Sucursal', and its guard. Independent of the other specs; shared
// settings (cajero's single session) are left as found.
test.describe.configure({ timeout: 120_000 });

const MARCA = Date.now().toString(36);
const MENSAJE_EXPULSADA = 'Su sesión se cerró porque su usuario ingresó desde otro equipo o navegador';

/** A JSON call to the API with this page's stored session. */
async function llamarApi<T>(page: Page, ruta: string, metodo = 'GET', cuerpo?: unknown): Promise<{ status: number; body: T }> {
  const token = await leerStorage(page, 'AccessToken');
  return page.evaluate(
    async ({ ruta, metodo, cuerpo, token }) => {
      const r = await fetch(ruta, {
        method: metodo,
        headers: { Authorization: `Bearer ${token}`, ...(cuerpo ? { 'Content-Type': 'application/json' } : {}) },
        body: cuerpo ? JSON.stringify(cuerpo) : undefined,
      });
      return { status: r.status, body: (await r.json()) as T };
    },
    { ruta, metodo, cuerpo, token },
  );
}

test('el Soporte del proveedor crea un módulo y lo edita desde la pantalla de módulos', async ({ page }) => {
  await iniciarSesion(page, 'proveedor');
  await page.goto('/seguridad/modulos');
  const pagina = page.getByTestId('pagina-modulos');
  await expect(pagina).toBeVisible();
  await expect(pagina.getByRole('cell', { name: 'ERP', exact: false }).first()).toBeVisible();

  const nombre = `Modulo e2e ${MARCA}`;
  await page.getByRole('button', { name: 'Nuevo módulo' }).click();
  const modal = page.getByRole('dialog', { name: 'Nuevo módulo' });
  await modal.getByLabel('Nombre').fill(nombre);
  await modal.getByLabel('Descripción').fill('Creado por la prueba');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeHidden();

  await page.getByLabel('Buscar módulo').fill(nombre);
  await page.getByLabel('Buscar módulo').press('Enter');
  const fila = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(fila).toContainText('Creado por la prueba');
  await fila.getByRole('button', { name: `Editar ${nombre}` }).click();
  const editar = page.getByRole('dialog', { name: `Editar módulo ${nombre}` });
  await editar.getByLabel('Descripción').fill('Descripción editada');
  await editar.getByRole('button', { name: 'Guardar' }).click();
  await expect(editar).toBeHidden();
  await expect(fila).toContainText('Descripción editada');
  // Deactivate from the list: the active filter no longer shows it.
  await fila.getByRole('switch', { name: `Estado de ${nombre}` }).click();
  await expect(fila.getByRole('switch', { name: `Estado de ${nombre}` })).not.toBeChecked();
  const inactivos = await llamarApi<{ Data: { Nombre: string; Descripcion: string; LogEstado: number }[] }>(page, `/api/seguridad/v1/modulos/paginas?estado=0&filtro=${encodeURIComponent(nombre)}`);
  expect(inactivos.body.Data).toEqual([expect.objectContaining({ Nombre: nombre, Descripcion: 'Descripción editada', LogEstado: 0 })]);
});

test('el supervisor activa la sesión única solo para cajero y surte efecto en su siguiente ingreso', async ({ browser }) => {
  const adm = await browser.newContext();
  const admin = await adm.newPage();
  await iniciarSesion(admin, 'supervisor');
  await admin.goto('/seguridad/parametros');
  await expect(admin.getByTestId('pagina-parametros')).toBeVisible();
  const usuario = admin.getByLabel('Usuario');
  await usuario.click();
  await usuario.fill('cajero');
  await expect(admin.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toContainText('cajero');
  await usuario.press('Enter');
  await expect(admin.getByTestId('pagina-parametros')).toContainText('cajero (');
  await expect(admin.getByRole('columnheader', { name: 'Aplicado' })).toBeVisible();
  await expect(admin.getByTestId('aplicado-SesionUnica')).toHaveText('No');
  await admin.getByRole('switch', { name: 'Sesión única del usuario' }).click();
  await expect(admin.getByTestId('aplicado-SesionUnica')).toHaveText('Sí');
  try {
    const a = await browser.newContext();
    const b = await browser.newContext();
    const pa = await a.newPage();
    const pb = await b.newPage();
    await iniciarSesion(pa, 'cajero');
    await expect.poll(() => leerStorage(pa, 'HubToken')).toBeTruthy();
    await iniciarSesion(pb, 'cajero');
    await expect(pa).toHaveURL(/\/auth\/login/);
    await expect(pa.getByTestId('motivo-salida')).toHaveText(MENSAJE_EXPULSADA);
    await a.close();
    await b.close();
  } finally {
    // Back to the company's value.
    await admin.getByRole('button', { name: 'Usar el de la empresa' }).click();
    await expect(admin.getByText('Usa el de la empresa')).toBeVisible();
    await adm.close();
  }
});

test('el supervisor abre /admin/ventas y ve las ventas de la sucursal seleccionada', async ({ page }) => {
  await iniciarSesion(page, 'supervisor');
  const idUsuario = (JSON.parse((await leerStorage(page, 'DataUser')) ?? '{}') as { IdUsuario: number }).IdUsuario;
  const yo = await llamarApi<{ Sucursales: { Id: number; Descripcion: string | null; RazonSocial: string }[] }>(page, `/api/seguridad/v2/usuarios/${idUsuario}`);
  const [primera, segunda] = yo.body.Sucursales;
  expect(segunda).toBeTruthy();
  // Choose the second branch in the 'Seleccionar Sucursal' dialog.
  await page.getByTestId('boton-sucursal').click();
  await page.getByRole('dialog', { name: 'Seleccionar Sucursal' }).getByTestId(`sucursal-${segunda.Id}`).click();
  await expect.poll(async () => (JSON.parse((await leerStorage(page, 'Sucursal')) ?? '{}') as { Id?: number }).Id).toBe(segunda.Id);

  // One boleta in each branch (demo series: B001 first branch, B002 second).
  const series = await llamarApi<{ Data: { Id: number; Serie: string }[] }>(page, '/api/entidades/v2/entidades/series?idtipodocumento=1004');
  const cliente = `CLIENTE VENTAS ${MARCA}`.toUpperCase();
  const emitir = async (serie: string, precio: string) => {
    const s = series.body.Data.find((x) => x.Serie === serie)!;
    const r = await llamarApi<{ Serie: string; Correlativo: number; MontoTotal: string }>(page, '/api/contabilidad/v1/documentoContable', 'POST', {
      IdTipoDocumento: 1004,
      IdSerie: s.Id,
      FechaEmision: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date()),
      IdMoneda: 1,
      IdCondicionPago: 1,
      ListaItems: [{ ItemDescripcion: 'PRODUCTO E2E', CodigoUnidad: 'NIU', Cantidad: '1', PrecioUnitario: precio, TipoAfectacion: '10' }],
      ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 1, NumeroDocumento: '45678912', RazonSocial: cliente }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const enSegunda = await emitir('B002', '11.80');
  const enPrimera = await emitir('B001', '23.60');
  // A credit note of 1.18 on the second branch's boleta: listed negative, with the boleta it modifies (issue 11 item 5).
  const seriesNc = await llamarApi<{ Data: { Id: number; Serie: string }[] }>(page, '/api/entidades/v2/entidades/series?idtipodocumento=1005');
  const nc = await llamarApi<{ Serie: string; Correlativo: number }>(page, '/api/contabilidad/v1/documentoContable', 'POST', {
    IdTipoDocumento: 1005,
    IdSerie: seriesNc.body.Data.find((x) => x.Serie === 'B002')!.Id,
    FechaEmision: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date()),
    ListaItems: [{ ItemDescripcion: 'DEVOLUCIÓN PARCIAL', CodigoUnidad: 'NIU', Cantidad: '1', PrecioUnitario: '1.18', TipoAfectacion: '10' }],
    ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 1, NumeroDocumento: '45678912', RazonSocial: cliente }],
    ListaReferencias: [{ IdTipoDocumento: 1004, Serie: enSegunda.Serie, Correlativo: enSegunda.Correlativo, CodigoMotivo: '07', DescripcionMotivo: 'DEVOLUCIÓN POR ÍTEM' }],
  });
  expect(nc.status, JSON.stringify(nc.body)).toBe(201);

  await page.goto('/admin/ventas');
  const pagina = page.getByTestId('pagina-ventas');
  await expect(pagina).toBeVisible();
  await expect(page.getByTestId('ventas-sucursal')).toContainText(segunda.Descripcion || segunda.RazonSocial);
  await expect(pagina.getByRole('row', { name: new RegExp(`${enSegunda.Serie}-${enSegunda.Correlativo}\\b.*Boleta`) })).toContainText('S/ 11.80');
  const filaNc = pagina.getByRole('row', { name: new RegExp(`${nc.body.Serie}-${nc.body.Correlativo}\\b.*Nota de crédito`) });
  await expect(filaNc).toContainText('S/ -1.18');
  // Raw text (assertions normalise spaces): the symbol is joined to its amount by a non-breaking space.
  expect(await filaNc.getByRole('cell').last().textContent()).toBe('S/\u00a0-1.18');
  await expect(filaNc).toContainText(`Modifica ${enSegunda.Serie}-${enSegunda.Correlativo}`);
  await expect(pagina.getByRole('row', { name: new RegExp(`${enPrimera.Serie}-${enPrimera.Correlativo}\\b`) })).toHaveCount(0);
  await expect(page.getByTestId('ventas-por-condicion')).toContainText('Contado');
  await expect(page.getByTestId('ventas-por-dia')).toContainText('S/');
  expect(primera).toBeTruthy();

  // The documents listing also starts on the selected branch (numbers as everywhere: B002-1).
  await page.goto('/admin/documentos');
  await expect(page.getByTestId('documentos-sucursal')).toContainText(segunda.Descripcion || segunda.RazonSocial);
  const numero = (d: { Serie: string; Correlativo: number }) => `${d.Serie}-${d.Correlativo}`;
  // (the credit note of B002 may carry the same number: the boleta's row is the one to find)
  await expect(page.getByRole('row').filter({ hasText: 'Boleta de venta' }).getByRole('link', { name: numero(enSegunda), exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: numero(enPrimera), exact: true })).toHaveCount(0);
});

test('un usuario sin el permiso 120 (Soporte) no entra a /admin/ventas y la API le responde 403', async ({ page }) => {
  await iniciarSesion(page, 'soporte');
  await page.goto('/admin/ventas');
  await expect(page).toHaveURL(/\/admin\?acceso=denegado/);
  await expect(page.getByTestId('pagina-ventas')).toHaveCount(0);
  const hoy = new Date().toISOString().slice(0, 10);
  const r = await llamarApi<{ ErrorId: number }>(page, `/api/contabilidad/v1/ventas?desde=${hoy}&hasta=${hoy}`);
  expect(r.status).toBe(403);
});
