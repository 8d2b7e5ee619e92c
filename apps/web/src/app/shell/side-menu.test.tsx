import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMenuNode } from '@yupana/contracts';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { menuQuery } from '../../lib/api/get-menu';
import { authStorage } from '../../lib/auth-storage';
import { SideMenu } from './side-menu';

const base = { Ruta: null, IconMenu: null, Tipo: 1, EstadoPrincipal: null, Estado: null, SubMenu: false, Hijos: [], Orden: 1 } as const;
const n = (p: Partial<TMenuNode> & Pick<TMenuNode, 'Id' | 'Descripcion'>): TMenuNode => ({ ...base, IdPermiso: p.Id, TipoEnlace: null, ...p }) as TMenuNode;

// The demo data's shape: groups (Tipo 0) with entries; one control (Tipo 2) that must not show.
const arbol: TMenuNode[] = [
  n({ Id: 1, Descripcion: 'Principal', Tipo: 0, Hijos: [n({ Id: 2, Descripcion: 'Inicio', TipoEnlace: 'link', Ruta: '/admin', EstadoPrincipal: 'admin', IconMenu: 'HomeOutlined' })] }),
  n({
    Id: 3,
    Descripcion: 'Mi cuenta',
    Tipo: 0,
    Orden: 2,
    Hijos: [
      n({
        Id: 4,
        Descripcion: 'Usuario',
        TipoEnlace: 'sub',
        SubMenu: true,
        EstadoPrincipal: 'admin',
        Estado: 'usuario',
        Hijos: [
          n({ Id: 5, Descripcion: 'Mi perfil', TipoEnlace: 'admin', Estado: 'perfil' }),
          n({ Id: 6, Descripcion: 'Cambiar contraseña', Tipo: 2, TipoEnlace: 'admin', Estado: 'x', Orden: 2 }),
          n({ Id: 7, Descripcion: 'Manual de usuario', TipoEnlace: 'external', Ruta: 'https://ayuda.example.pe/manual', Orden: 3 }),
        ],
      }),
      n({ Id: 8, Descripcion: 'Consulta RUC SUNAT', TipoEnlace: 'extLink', Ruta: 'https://e-consultaruc.sunat.gob.pe', Orden: 2 }),
    ],
  }),
];

function montar(ruta: string) {
  authStorage.guardarInicioSesion({
    tokens: { AccessToken: 'a', RefreshToken: 'r', ExpiresIn: 900, TimeLogIn: '2026-01-01T00:00:00Z' },
    logIn: 1,
    logInFormat: 'usuario',
    usuario: { IdUsuario: 9, Usuario: 'supervisor', IdEntidadEmpresa: 1, DocumentoEmpresa: '20600123450', TimeLogIn: '2026-01-01T00:00:00Z' },
  });
  const qc = new QueryClient();
  qc.setQueryData(menuQuery(9, 'usuario').queryKey, { Data: arbol, Count: arbol.length });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[ruta]}>
        <SideMenu />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('menú lateral', () => {
  it('muestra los grupos y enlaces permitidos, con la forma de enlace de cada tipo', async () => {
    montar('/admin/usuario/perfil');

    expect(screen.getByText('Principal')).toBeInTheDocument();
    expect(screen.getByText('Mi cuenta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/admin');

    const ruc = screen.getByRole('link', { name: 'Consulta RUC SUNAT' });
    expect(ruc).toHaveAttribute('href', 'https://e-consultaruc.sunat.gob.pe');
    expect(ruc).toHaveAttribute('target', '_blank');
    expect(ruc.getAttribute('rel')).toContain('noopener');

    // The submenu holding the current page starts open, with that page selected.
    const perfil = screen.getByRole('link', { name: 'Mi perfil' });
    expect(perfil).toHaveAttribute('href', '/admin/usuario/perfil');
    expect(perfil.closest('li')).toHaveClass('ant-menu-item-selected');
    const manual = screen.getByRole('link', { name: 'Manual de usuario' });
    expect(manual).toHaveAttribute('target', '_blank');
    expect(manual.getAttribute('rel')).toContain('noopener');

    expect(screen.queryByText('Cambiar contraseña')).not.toBeInTheDocument();
  });

  it('un submenú cerrado se abre al hacer clic', async () => {
    montar('/admin');
    expect(screen.queryByRole('link', { name: 'Mi perfil' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Usuario'));
    expect(await screen.findByRole('link', { name: 'Mi perfil' })).toHaveAttribute('href', '/admin/usuario/perfil');
  });
});
