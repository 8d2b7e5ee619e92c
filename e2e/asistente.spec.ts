import { expect, test } from '@playwright/test';
import { iniciarSesion } from './helpers';

// Issue 11: the 'Asistente Virtual' (seed: Smarty) and the help articles of the AYUDA panel. Without a webhook of the
// company's own, the server answers from the product's help (PostgreSQL full-text search over the articles).

test('el asistente saluda, recibe la pregunta en mayúsculas y responde con el artículo de ayuda', async ({ page }) => {
  await iniciarSesion(page, 'supervisor');
  const saludo = page.getByTestId('saludo-asistente');
  await expect(saludo).toContainText('¡Hola! ¿Te puedo ayudar?');
  await saludo.getByRole('button', { name: '¡Hola! ¿Te puedo ayudar?' }).click();

  const chat = page.getByTestId('chat-asistente');
  await expect(chat.getByTestId('mensaje-bot').first()).toHaveText('¡Hola! ¿Te puedo ayudar?');
  const entrada = chat.getByLabel('Mensaje para el asistente');
  await expect(entrada).toHaveAttribute('placeholder', 'Escribe un mensaje');
  // An empty message cannot be sent.
  await expect(chat.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await entrada.fill('   ');
  await entrada.press('Enter');
  await expect(chat.getByTestId('mensaje-usuario')).toHaveCount(0);

  // Shift+Enter is a new line; the text is upper case; Enter sends.
  await entrada.fill('');
  await entrada.pressSequentially('como anulo');
  await entrada.press('Shift+Enter');
  await entrada.pressSequentially('una factura');
  await expect(entrada).toHaveValue('COMO ANULO\nUNA FACTURA');
  // The answer is held 2 s on its way back, so the typing indicator can be seen whatever the machine's speed.
  await page.route('**/api/sistema/v1/asistente/mensajes', async (ruta) => {
    await new Promise((ok) => setTimeout(ok, 2000));
    await ruta.continue();
  });
  await entrada.press('Enter');
  await expect(chat.getByTestId('escribiendo')).toBeVisible();
  await expect(chat.getByTestId('mensaje-usuario')).toHaveText('COMO ANULO\nUNA FACTURA');
  // While the bot is typing nothing else is sent.
  await entrada.fill('otra');
  await expect(chat.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await entrada.fill('');
  const respuesta = chat.getByTestId('mensaje-bot').nth(1);
  await expect(respuesta).toContainText('Cómo anular un comprobante (comunicación de baja)');
  // Markdown: bold marks are bold, no asterisks are shown.
  await expect(respuesta.locator('strong').first()).toHaveText('Cómo anular un comprobante (comunicación de baja)');
  await expect(respuesta).not.toContainText('**');
  await expect(chat.getByTestId('escribiendo')).toHaveCount(0);
  await chat.getByRole('button', { name: 'Cerrar el chat' }).click();
  await expect(chat).toHaveCount(0);
  await expect(page.getByTestId('icono-asistente')).toBeVisible();
});

test('el panel AYUDA busca artículos sin distinguir tildes y lleva a la pantalla', async ({ page }) => {
  await iniciarSesion(page, 'supervisor');
  await page.getByTestId('boton-ayuda').click();
  const panel = page.getByTestId('panel-ayuda');
  await panel.getByLabel('Buscar en la ayuda').fill('CERTIFICADO DIGITAL');
  await panel.getByRole('button', { name: 'Configurar SUNAT: certificado digital y usuario SOL' }).click();
  const articulo = page.getByRole('dialog', { name: 'Configurar SUNAT: certificado digital y usuario SOL' });
  await expect(articulo.getByTestId('articulo-ayuda')).toContainText('usuario secundario SOL');
  await articulo.getByRole('button', { name: 'Ir a la pantalla' }).click();
  await expect(page).toHaveURL(/\/admin\/configuraciones\/sunat$/);
  await page.getByTestId('boton-ayuda').click();
  await page.getByTestId('panel-ayuda').getByLabel('Buscar en la ayuda').fill('zzzqqq');
  await expect(page.getByTestId('panel-ayuda')).toContainText('Ningún artículo responde a esa búsqueda');
});

test('en el teléfono el icono se arrastra y se pega al borde más cercano, a 6 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await iniciarSesion(page, 'supervisor');
  await page.getByTestId('saludo-asistente').getByRole('button', { name: 'Cerrar el saludo' }).click();
  const icono = page.getByTestId('icono-asistente');
  await expect(page.getByTestId('asistente-virtual')).toHaveAttribute('data-estado', '3');
  const caja = (await icono.boundingBox())!;
  await page.mouse.move(caja.x + caja.width / 2, caja.y + caja.height / 2);
  await page.mouse.down();
  await page.mouse.move(120, 300, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await icono.boundingBox())!.x)).toBe(6);
  // A drag does not open the chat; a tap does.
  await expect(page.getByTestId('chat-asistente')).toHaveCount(0);
  await icono.click();
  await expect(page.getByTestId('chat-asistente')).toBeVisible();
});

test('el supervisor apaga el asistente en los parámetros y deja de mostrarse', async ({ page }) => {
  await iniciarSesion(page, 'supervisor');
  await expect(page.getByTestId('icono-asistente')).toBeVisible();
  await page.goto('/admin/configuraciones/parametros');
  const pagina = page.getByTestId('pagina-configuracion-parametros');
  // A webhook on a host the platform does not allow is refused under its field.
  await pagina.getByLabel('Webhook del asistente').fill('https://169.254.169.254/chat');
  await pagina.getByRole('button', { name: 'Guardar' }).click();
  await expect(pagina.getByText('no está entre los permitidos para el asistente')).toBeVisible();
  await pagina.getByLabel('Webhook del asistente').fill('');
  const elegir = async (texto: string) => {
    await page.getByRole('combobox', { name: 'Asistente Virtual' }).click();
    await page.keyboard.type(texto);
    await page.keyboard.press('Enter');
  };
  await elegir('No mostrar');
  await pagina.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Parámetros de facturación guardados')).toBeVisible();
  await expect(page.getByTestId('asistente-virtual')).toHaveCount(0);
  // Back on for the other tests of this run.
  await elegir('Mostrar');
  await pagina.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByTestId('icono-asistente')).toBeVisible();
});
