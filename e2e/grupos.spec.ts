import { expect as expectBase, test } from '@playwright/test';
import { elegirOpcion, iniciarSesion, llamarApi } from './helpers';

const expect = expectBase.configure({ timeout: 20_000 });

// Issue 16 (groups): a supervisor makes a group of their own workers on the Grupos screen: one worker picked by
// name, an area's workers copied, one removed, the group renamed and deleted. Everything with this run's own data.
test('grupos de trabajadores: crear, agregar por nombre, copiar un área, quitar, renombrar y eliminar', async ({ page }) => {
  test.setTimeout(240_000);
  const sufijo = Math.random().toString(36).slice(2, 7);
  const dni = () => `7${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const nombreArea = `Almacén ${sufijo}`;
  await iniciarSesion(page, 'supervisor');

  const area = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/areas', 'POST', { Nombre: nombreArea });
  expect(area.status).toBe(201);
  const trabajador = async (nombres: string, enArea: boolean) => {
    const documento = dni();
    const t = await llamarApi<{ Id: number }>(page, '/api/rrhh/v1/entidades', 'POST', { IdTipoDocumento: 1, Documento: documento, Nombres: nombres, ApePat: `Grupo${sufijo}`, ApeMat: 'Prueba' });
    expect(t.status).toBe(201);
    const c = await llamarApi(page, '/api/rrhh/v1/contratos/colaborador', 'POST', {
      IdTrabajador: t.body.Id,
      Regimen: 1,
      FechaInicio: '2026-01-01',
      Remuneracion: '1500',
      SistemaPension: 'ONP',
      ...(enArea ? { IdArea: area.body.Id } : {}),
    });
    expect(c.status).toBe(201);
    return { id: t.body.Id, documento };
  };
  const [ana, beto] = [await trabajador('Ana', true), await trabajador('Beto', true)];
  const ciro = await trabajador('Ciro', false);

  await page.getByRole('menu', { name: 'Menú principal' }).getByRole('link', { name: 'Grupos' }).click();
  await expect(page).toHaveURL(/\/admin\/rrhh\/grupos$/);
  const pagina = page.getByTestId('pagina-grupos');
  await expect(pagina).toBeVisible();

  // A new group: the name is required.
  await pagina.getByRole('button', { name: 'Nuevo grupo' }).click();
  const modal = page.getByRole('dialog', { name: 'Nuevo grupo' });
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Ingrese el nombre del grupo')).toBeVisible();
  await modal.getByLabel('Nombre').fill(`Turno noche ${sufijo}`);
  await modal.getByLabel('Descripción').fill('Personal de almacén de noche');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Grupo guardado')).toBeVisible();
  await expect(modal).toBeHidden();

  const item = pagina.locator('.ant-list-item', { hasText: `Turno noche ${sufijo}` });
  await expect(item).toContainText('0 integrante(s)');
  await item.locator('.ant-list-item-meta-title').click();
  await expect(pagina.getByText(`Integrantes de Turno noche ${sufijo}`)).toBeVisible();

  // Ciro (not in the area) by name.
  const buscar = pagina.getByLabel('Trabajadores a agregar');
  const candidatos = await llamarApi<{ Data: { Id: number; NombreCompleto: string; Documento: string }[] }>(page, `/api/rrhh/v1/entidades?filtro=${ciro.documento}`);
  const fichaCiro = candidatos.body.Data.find((t) => t.Id === ciro.id);
  expect(fichaCiro, JSON.stringify(candidatos.body)).toBeTruthy();
  await elegirOpcion(page, buscar, ciro.documento, `${fichaCiro!.NombreCompleto} (${ciro.documento})`);
  await pagina.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(page.getByText('Trabajadores agregados')).toBeVisible();
  const tabla = pagina.locator('.ant-table');
  await expect(tabla.getByRole('row', { name: new RegExp(ciro.documento) })).toBeVisible();

  // The area's two workers at once.
  await pagina.getByLabel('Área a copiar').click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${nombreArea}"]`).click();
  await pagina.getByRole('button', { name: 'Copiar área' }).click();
  await expect(page.getByText('Trabajadores del área copiados')).toBeVisible();
  for (const t of [ana, beto]) await expect(tabla.getByRole('row', { name: new RegExp(t.documento) })).toContainText(nombreArea);
  await expect(item).toContainText('3 integrante(s)');

  // Ciro leaves; the server agrees.
  await tabla.getByRole('row', { name: new RegExp(ciro.documento) }).getByRole('button', { name: 'Quitar' }).click();
  await expect(page.getByText('Trabajador quitado del grupo')).toBeVisible();
  await expect(tabla.getByRole('row', { name: new RegExp(ciro.documento) })).toHaveCount(0);
  await expect(item).toContainText('2 integrante(s)');
  const grupos = await llamarApi<{ Data: { Id: number; Nombre: string }[] }>(page, '/api/rrhh/v1/grupos');
  const grupo = grupos.body.Data.find((g) => g.Nombre === `Turno noche ${sufijo}`)!;
  const miembros = await llamarApi<{ Data: { IdTrabajador: number }[] }>(page, `/api/rrhh/v1/grupos/${grupo.Id}/colaboradores`);
  expect(miembros.body.Data.map((m) => m.IdTrabajador).sort((a, b) => a - b)).toEqual([ana.id, beto.id].sort((a, b) => a - b));

  // Renamed, then deleted.
  await item.getByRole('button', { name: 'Editar' }).click();
  const edicion = page.getByRole('dialog', { name: 'Editar grupo' });
  await edicion.getByLabel('Nombre').fill(`Turno tarde ${sufijo}`);
  await edicion.getByRole('button', { name: 'Guardar' }).click();
  await expect(edicion).toBeHidden();
  const renombrado = pagina.locator('.ant-list-item', { hasText: `Turno tarde ${sufijo}` });
  await expect(renombrado).toContainText('2 integrante(s)');
  await renombrado.getByRole('button', { name: 'Eliminar' }).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Grupo eliminado')).toBeVisible();
  await expect(renombrado).toHaveCount(0);
  expect((await llamarApi(page, `/api/rrhh/v1/grupos/${grupo.Id}`)).status).toBe(404);
});
