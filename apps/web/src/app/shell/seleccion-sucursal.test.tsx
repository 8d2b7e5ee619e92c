import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usuarioQuery } from '../../lib/api/get-usuario';
import { authStorage } from '../../lib/auth-storage';
import { CLAVE_SUCURSAL, sucursalActiva } from '../../lib/permissions/sucursal-activa';
import { colorDeInicial, SelectorSucursal } from './seleccion-sucursal';

const sucursales = [
  { Id: 11, RazonSocial: 'Comercial Andina SAC', Direccion: 'Av. Arequipa 123, Lima', Descripcion: 'Sede principal' },
  { Id: 12, RazonSocial: 'Tienda Miraflores', Direccion: 'Calle Berlín 456, Miraflores', Descripcion: null },
];

function montar() {
  authStorage.guardarInicioSesion({
    tokens: { AccessToken: 'a', RefreshToken: 'r', ExpiresIn: 3600, TimeLogIn: 't' },
    logIn: 1,
    logInFormat: 'usuario',
    usuario: { IdUsuario: 3, Usuario: 'supervisor', IdEntidadEmpresa: 1, DocumentoEmpresa: null, TimeLogIn: 't' },
  });
  const qc = new QueryClient();
  qc.setQueryData(usuarioQuery(3).queryKey, { IdUsuario: 3, Sucursales: sucursales } as never);
  render(
    <QueryClientProvider client={qc}>
      <SelectorSucursal />
    </QueryClientProvider>,
  );
}

describe('Seleccionar Sucursal', () => {
  it('usa la primera sucursal hasta que el usuario elige; un clic en una fila la guarda como Sucursal', async () => {
    montar();
    expect(await screen.findByTestId('boton-sucursal')).toHaveTextContent('Sede principal');
    expect(sucursalActiva()?.Id).toBe(11);

    await userEvent.click(screen.getByTestId('boton-sucursal'));
    // The dialog is loaded on first open (issue 17), after the button's tooltip: under test every rc-component id is
    // 'test-id', so its aria-labelledby finds the tooltip first; the title is checked inside the dialog instead.
    const dialogo = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    expect(within(dialogo).getByText('Seleccionar Sucursal')).toBeInTheDocument();
    expect(within(dialogo).getByRole('columnheader', { name: 'Razon Social' })).toBeInTheDocument();
    expect(within(dialogo).getByRole('columnheader', { name: 'Direccion' })).toBeInTheDocument();
    // The coloured initial letter of each branch.
    expect(within(screen.getByTestId('sucursal-12')).getByText('T').closest('.ant-avatar')).toHaveStyle({ background: colorDeInicial('Tienda Miraflores') });

    await userEvent.click(within(screen.getByTestId('sucursal-12')).getByText('Calle Berlín 456, Miraflores'));
    expect(sucursalActiva()).toMatchObject({ Id: 12, RazonSocial: 'Tienda Miraflores' });
    expect(localStorage.getItem(CLAVE_SUCURSAL)).not.toBeNull();
    expect(await screen.findByTestId('boton-sucursal')).toHaveTextContent('Tienda Miraflores');
  }, 30_000);
});
