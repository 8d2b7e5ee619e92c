import { render, screen } from '@testing-library/react';
import type { TMenuNode } from '@yupana/contracts';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { menuQuery } from '../lib/api/get-menu';
import { configPublicaQuery } from '../lib/api/get-config-publica';
import { authStorage } from '../lib/auth-storage';
import { usePermiso } from '../lib/permissions/use-permiso';
import { guardPermiso, guardSoloRecibo } from './guards';
import { queryClient } from './query-client';

const nodo = (IdPermiso: number, Tipo: number, extra: Partial<TMenuNode> & { Componente?: string } = {}): TMenuNode =>
  ({ Id: IdPermiso, IdPermiso, Descripcion: `N${IdPermiso}`, Ruta: null, IconMenu: null, Tipo, TipoEnlace: null, EstadoPrincipal: null, Estado: null, SubMenu: false, Hijos: [], Orden: 0, ...extra }) as TMenuNode;

function Pagina() {
  const registrar = usePermiso(121);
  const anular = usePermiso(122);
  return (
    <div>
      <span>pagina ventas</span>
      {registrar && <button>Registrar venta</button>}
      <button disabled={!anular}>Anular venta</button>
    </div>
  );
}

function Inicio() {
  const { search } = useLocation();
  return <span>inicio{search}</span>;
}

function montar(arbol: TMenuNode[], ruta: string) {
  queryClient.setQueryData(menuQuery(7, 'usuario').queryKey, { Data: arbol, Count: arbol.length });
  // The guard reads the brand first (it decides the refresh call a menu request may trigger).
  if (!queryClient.getQueryData(configPublicaQuery.queryKey)) queryClient.setQueryData(configPublicaQuery.queryKey, { Marca: 'Yupana', Variante: 'erp' } as never);
  const router = createMemoryRouter(
    [
      { path: '/admin', element: <Inicio /> },
      { path: '/admin/ventas', loader: guardPermiso({ idPermiso: 120, componente: 'ventas' }), element: <Pagina /> },
      { path: '/admin/usuarios', loader: guardPermiso({ idPermiso: 4010, componente: 'usuarioadmin' }), element: <span>pagina usuarios</span> },
      { path: '/recibo', loader: guardSoloRecibo, element: <span>area recibo</span> },
      { path: '/auth/login', element: <span>login</span> },
    ],
    { initialEntries: [ruta] },
  );
  render(<RouterProvider router={router} />);
}

describe('guard de permisos en el router y usePermiso', () => {
  beforeEach(() => {
    queryClient.clear();
    authStorage.guardarInicioSesion({
      tokens: { AccessToken: 'a', RefreshToken: 'r', ExpiresIn: 3600, TimeLogIn: '2026-01-01T00:00:00Z' },
      logIn: 1,
      logInFormat: 'usuario',
      usuario: { IdUsuario: 7, Usuario: 'u', IdEntidadEmpresa: 1, DocumentoEmpresa: null, TimeLogIn: '2026-01-01T00:00:00Z' },
    });
  });

  it('/admin/ventas (permiso 120, componente ventas): muestra lo concedido y deshabilita lo demás', async () => {
    montar([nodo(100, 0, { Hijos: [nodo(120, 1, { Componente: 'ventas', Hijos: [nodo(121, 2)] })] })], '/admin/ventas');
    expect(await screen.findByText('pagina ventas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar venta' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Anular venta' })).toBeDisabled();
  });

  it('sin el permiso de la ruta se niega y se vuelve al inicio avisando', async () => {
    montar([nodo(100, 0, { Hijos: [nodo(130, 1, { Componente: 'compras' })] })], '/admin/ventas');
    expect(await screen.findByText('inicio?acceso=denegado')).toBeInTheDocument();
    expect(screen.queryByText('pagina ventas')).not.toBeInTheDocument();
  });

  it('usuarioadmin pasa aunque no haya entradas', async () => {
    montar([], '/admin/usuarios');
    expect(await screen.findByText('pagina usuarios')).toBeInTheDocument();
  });

  it('una única entrada con IdPermiso 0 cierra la sesión', async () => {
    montar([nodo(0, 1)], '/admin/ventas');
    expect(await screen.findByText('login')).toBeInTheDocument();
    expect(authStorage.haySesion()).toBe(false);
  });

  it('el área solo recibo deja pasar a la marca tuboleta y manda al login a las demás', async () => {
    queryClient.setQueryData(configPublicaQuery.queryKey, { Marca: 'Yupana', Variante: 'erp' } as never);
    montar([], '/recibo');
    expect(await screen.findByText('login')).toBeInTheDocument();
  });

  it('con la marca tuboleta se entra al área solo recibo', async () => {
    queryClient.setQueryData(configPublicaQuery.queryKey, { Marca: 'TuBoleta', Variante: 'tuboleta' } as never);
    montar([], '/recibo');
    expect(await screen.findByText('area recibo')).toBeInTheDocument();
  });
});
