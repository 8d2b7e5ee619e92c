import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '../../../lib/auth-storage';
import { tipoEmisionPorSlug, type TTipoEmision } from './catalogos-ui';
import { FormularioComprobante } from './formulario-comprobante';

type TLlamada = { url: string; metodo: string; cuerpo: unknown; clave: string | null };

/** The API as the browser sees it: the series lookup and a slow issuing call (the window a double click hits). */
function servidorFalso(llamadas: TLlamada[]) {
  return vi.fn(async (entrada: RequestInfo | URL, init?: RequestInit) => {
    const url = String(entrada);
    const metodo = init?.method ?? 'GET';
    const cabeceras = new Headers(init?.headers);
    llamadas.push({ url, metodo, cuerpo: init?.body ? JSON.parse(String(init.body)) : null, clave: cabeceras.get('Idempotency-Key') });
    if (url.startsWith('/api/entidades/v2/entidades/series'))
      return Response.json({ Data: [{ Id: 7, Serie: 'F001', IdTipoDocumento: 1003, IdSucursal: 1, Descripcion: null }], Count: 1 });
    if (url === '/api/contabilidad/v1/documentoContable' && metodo === 'POST') {
      await new Promise((r) => setTimeout(r, 150));
      return Response.json({ Id: 99, IdTipoDocumento: 1003, Serie: 'F001', Correlativo: 1, SerieNumero: 'F001-1', IdestadoSunat: 1, MontoTotal: '118.00', Hash: 'abc' }, { status: 201 });
    }
    return Response.json({ ErrorId: 404, Mensaje: 'No encontrado' }, { status: 404 });
  });
}

describe('formulario de factura', () => {
  const llamadas: TLlamada[] = [];
  beforeEach(() => {
    llamadas.length = 0;
    authStorage.guardarTokens({ AccessToken: 'token', RefreshToken: 'refresh', ExpiresIn: 3600, TimeLogIn: new Date().toISOString() });
    vi.stubGlobal('fetch', servidorFalso(llamadas));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('muestra el total en vivo, y un doble clic emite una sola vez, con Idempotency-Key', async () => {
    const usuario = userEvent.setup();
    const router = createMemoryRouter(
      [
        { path: '/admin/documentos/emitir/factura', element: <FormularioComprobante tipo={tipoEmisionPorSlug('factura') as TTipoEmision} /> },
        { path: '/admin/documentos/:id', element: <p>detalle del documento</p> },
      ],
      { initialEntries: ['/admin/documentos/emitir/factura'] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <RouterProvider router={router} />
        </App>
      </QueryClientProvider>,
    );

    // The only series of the type comes chosen.
    await waitFor(() => expect(screen.getByText('F001')).toBeInTheDocument());
    // A RUC with a wrong length gets the seed's message.
    const escribir = (etiqueta: string, valor: string) => fireEvent.change(screen.getByLabelText(etiqueta), { target: { value: valor } });
    escribir('Número de documento', '2010007097');
    await usuario.click(screen.getByTestId('buscar-cliente'));
    expect(await screen.findByText('Se espera 11 dígitos')).toBeInTheDocument();
    escribir('Número de documento', '20100070970');
    escribir('Razón social o nombre', 'SUPERMERCADOS DEL SUR S.A.C.');
    escribir('Descripción del ítem 1', 'Servicio de mantenimiento');
    escribir('Cantidad del ítem 1', '2');
    escribir('Precio del ítem 1', '59');
    await waitFor(() => expect(screen.getByTestId('importe-total')).toHaveTextContent('S/ 118.00'));

    await usuario.dblClick(screen.getByTestId('emitir'));
    expect(await screen.findByText('detalle del documento', {}, { timeout: 10_000 })).toBeInTheDocument();

    const emisiones = llamadas.filter((l) => l.metodo === 'POST' && l.url === '/api/contabilidad/v1/documentoContable');
    expect(emisiones).toHaveLength(1);
    expect(emisiones[0].clave).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(emisiones[0].cuerpo).toMatchObject({
      IdTipoDocumento: 1003,
      IdSerie: 7,
      ListaItems: [{ ItemDescripcion: 'Servicio de mantenimiento', Cantidad: '2', PrecioUnitario: '59', TipoAfectacion: '10' }],
      ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100070970' }],
    });
  }, 90_000);
});
