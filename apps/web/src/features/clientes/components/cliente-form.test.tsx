import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '../../../lib/auth-storage';
import { ClienteForm } from './cliente-form';

// antd in jsdom on a shared two-core machine can take seconds per interaction.
const ESPERA = { timeout: 8000 };

type TLlamada = { url: string; metodo: string; cuerpo: unknown };

/** The API as the browser sees it: the lookup answers from the padrón; registering echoes the entity. */
function servidorFalso(llamadas: TLlamada[]) {
  return vi.fn(async (entrada: RequestInfo | URL, init?: RequestInit) => {
    const url = String(entrada);
    const metodo = init?.method ?? 'GET';
    const cuerpo = init?.body ? JSON.parse(String(init.body)) : null;
    llamadas.push({ url, metodo, cuerpo });
    const entidad = {
      Id: 0, IdEntidadEmpresa: 1, TipoEntidad: 6, IdTipoDocumento: 2, Documento: '20609876540', RazonSocial: 'FERRETERÍA EL ÑANDÚ S.A.C.', Nombre: null, ApePat: null,
      ApeMat: null, IdUbigeo: '150122', Correo: null, Telefono: null, Direccion: 'AV. JOSÉ LARCO NRO. 345, LIMA - LIMA - MIRAFLORES', EstadoContribuyente: 'ACTIVO',
      CondicionDomicilio: 'HABIDO', EsGenerico: false, LogEstado: 1, LogFechacrea: '2026-01-01T00:00:00Z',
    };
    if (url === '/api/entidades/v1/entidad/consulta') return Response.json({ Collection: [entidad], Count: 1, Origen: 'SUNAT', Mensaje: null });
    if (url.startsWith('/api/entidades/v1/ubigeo/')) return Response.json({ IdUbigeo: '150122', Departamento: 'LIMA', Provincia: 'LIMA', Distrito: 'MIRAFLORES', Descripcion: 'LIMA - LIMA - MIRAFLORES' });
    if (url === '/api/entidades/v1/entidades' && metodo === 'POST') return Response.json({ ...entidad, ...cuerpo, Id: 41 }, { status: 201 });
    return Response.json({ ErrorId: 600007, Mensaje: 'No encontrado' }, { status: 404 });
  });
}

function pintar(onGuardado = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <ClienteForm entidad={null} onGuardado={onGuardado} onCancelar={() => undefined} />
      </App>
    </QueryClientProvider>,
  );
  return onGuardado;
}

describe('formulario de cliente', { timeout: 30_000 }, () => {
  const llamadas: TLlamada[] = [];
  beforeEach(() => {
    llamadas.length = 0;
    authStorage.guardarTokens({ AccessToken: 'token', RefreshToken: 'refresh', ExpiresIn: 3600, TimeLogIn: new Date().toISOString() });
    vi.stubGlobal('fetch', servidorFalso(llamadas));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('un RUC con dígito verificador errado no se consulta; uno válido llena razón social y dirección desde el padrón y se registra', async () => {
    const onGuardado = pintar();
    const documento = screen.getByLabelText('Número de documento');
    fireEvent.change(documento, { target: { value: '20609876541' } });
    fireEvent.click(screen.getByRole('button', { name: /Consultar/ }));
    expect(await screen.findByText('El RUC no es válido (dígito verificador incorrecto)', undefined, ESPERA)).toBeInTheDocument();
    expect(llamadas.filter((l) => l.url.includes('consulta'))).toHaveLength(0);

    fireEvent.change(documento, { target: { value: '20609876540' } });
    fireEvent.click(screen.getByRole('button', { name: /Consultar/ }));
    await waitFor(() => expect(screen.getByLabelText('Razón social o nombre')).toHaveValue('FERRETERÍA EL ÑANDÚ S.A.C.'), ESPERA);
    expect(screen.getByLabelText(/^Dirección/)).toHaveValue('AV. JOSÉ LARCO NRO. 345, LIMA - LIMA - MIRAFLORES');
    expect(screen.getByText('Datos obtenidos del padrón reducido del RUC de SUNAT')).toBeInTheDocument();
    expect(llamadas.find((l) => l.url.includes('consulta'))?.cuerpo).toMatchObject({ idTipoDocumento: 2, numeroDocumento: '20609876540', consultasunat: true });

    fireEvent.click(screen.getByRole('button', { name: /Registrar/ }));
    await waitFor(() => expect(onGuardado).toHaveBeenCalled(), ESPERA);
    const alta = llamadas.find((l) => l.metodo === 'POST' && l.url === '/api/entidades/v1/entidades');
    expect(alta?.cuerpo).toMatchObject({ IdTipoDocumento: 2, Documento: '20609876540', RazonSocial: 'FERRETERÍA EL ÑANDÚ S.A.C.', IdUbigeo: '150122', TipoEntidad: 6 });
  });

  it("un DNI de 7 dígitos muestra 'Se espera 8 dígitos' y no se envía", async () => {
    pintar();
    fireEvent.mouseDown(screen.getByLabelText('Tipo de documento'));
    fireEvent.click(await screen.findByTitle('DNI', undefined, ESPERA));
    fireEvent.change(screen.getByLabelText('Número de documento'), { target: { value: '4567891' } });
    fireEvent.change(screen.getByLabelText('Razón social o nombre'), { target: { value: 'JUAN PÉREZ' } });
    fireEvent.click(screen.getByRole('button', { name: /Registrar/ }));
    expect(await screen.findByText('Se espera 8 dígitos', undefined, ESPERA)).toBeInTheDocument();
    expect(llamadas.filter((l) => l.metodo === 'POST')).toHaveLength(0);
  });
});
