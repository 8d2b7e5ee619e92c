import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TextosAsistente } from '@yupana/contracts';
import { MarkdownChat } from './markdown-chat';

// Issue 11, the 'Asistente Virtual' (seed: Smarty): what the e2e of asistente.spec.ts does not reach. The bot's
// Markdown (escaped, then bold/italic/code/line breaks/'Ver video' buttons), the main brand only, the input's 80 px
// growth limit and the seed's connection-error text.
const estado = vi.hoisted(() => ({ variante: 'erp', falla: false }));
vi.mock('../../lib/api/get-config-publica', () => ({ useConfigPublica: () => ({ data: { Variante: estado.variante } }) }));
vi.mock('./api-asistente', () => ({
  useAsistenteActivo: (consultar: boolean) => ({ data: consultar ? { Activo: true } : undefined }),
  enviarMensaje: () => (estado.falla ? Promise.reject(new Error('red caída')) : Promise.resolve({ output: '**Listo**', Fuente: 'ayuda', Articulos: [] })),
}));
const { AsistenteVirtual } = await import('./asistente-virtual');

describe('Markdown del asistente', () => {
  it('escapa el HTML y dibuja negrita, cursiva, código, saltos de línea, botones de video y enlaces de la aplicación', () => {
    const { container } = render(
      <MemoryRouter>
        <MarkdownChat texto={'**Paso 1** y *con cuidado* en `F001`\n<img src=x onerror="alert(1)"> [Ver video](https://www.youtube.com/watch?v=abc) [Emitir factura](/admin/documentos/emitir/factura)'} />
      </MemoryRouter>,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Paso 1');
    expect(container.querySelector('em')?.textContent).toBe('con cuidado');
    expect(container.querySelector('code')?.textContent).toBe('F001');
    expect(container.querySelectorAll('br')).toHaveLength(1);
    // The tag is text on screen, never an element.
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.textContent).not.toContain('**');
    const video = screen.getByRole('link', { name: /Ver video/ });
    expect(video).toHaveClass('ant-btn');
    expect(video).toHaveAttribute('href', 'https://www.youtube.com/watch?v=abc');
    expect(video).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Emitir factura' })).toHaveAttribute('href', '/admin/documentos/emitir/factura');
  });
});

describe('widget del asistente', () => {
  beforeEach(() => {
    // jsdom has no element scrolling; the chat scrolls its list to the last message.
    Element.prototype.scrollTo ??= () => undefined;
    sessionStorage.clear();
    estado.variante = 'erp';
    estado.falla = false;
  });

  it('solo en la marca principal: la variante de boletas no lo muestra ni lo consulta', () => {
    estado.variante = 'boletas';
    const { container } = render(<AsistenteVirtual />);
    expect(container).toBeEmptyDOMElement();
    estado.variante = 'erp';
    render(<AsistenteVirtual />);
    expect(screen.getByTestId('asistente-virtual')).toHaveAttribute('data-estado', '1');
    expect(screen.getByTestId('saludo-asistente')).toHaveTextContent(TextosAsistente.SALUDO);
  });

  it('la entrada crece hasta 80 px y, si el servidor no responde, muestra el texto de error de conexión del seed', async () => {
    render(
      <MemoryRouter>
        <AsistenteVirtual />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: TextosAsistente.SALUDO }));
    const entrada = screen.getByLabelText('Mensaje para el asistente');
    expect(entrada).toHaveAttribute('placeholder', 'Escribe un mensaje');
    expect(entrada.style.maxHeight).toBe('80px');
    estado.falla = true;
    fireEvent.change(entrada, { target: { value: 'hola' } });
    expect(entrada).toHaveValue('HOLA');
    fireEvent.keyDown(entrada, { key: 'Enter' });
    expect(await screen.findByTestId('escribiendo')).toBeInTheDocument();
    const respuesta = await screen.findByText(TextosAsistente.ERROR_CONEXION, {}, { timeout: 5_000 });
    expect(respuesta.closest('[data-testid="mensaje-bot"]')).not.toBeNull();
    expect(screen.queryByTestId('escribiendo')).toBeNull();
  });
});
