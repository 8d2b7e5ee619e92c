import { Alert, Button, Menu, Skeleton, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { MenuIcon } from '../../components/menu-icon';
import { useMenuPermitido } from '../../lib/api/get-menu';
import { mensajeDeError } from '../../lib/api-error';
import { buildMenu, type TEnlace, type TMenuGrupo } from '../../lib/permissions/build-menu';

type TItem = Required<MenuProps>['items'][number];

function Enlace({ enlace, texto }: { enlace: TEnlace; texto: string }) {
  if (enlace.externo) {
    return (
      <a href={enlace.href} target="_blank" rel="noopener noreferrer">
        {texto}
      </a>
    );
  }
  return <Link to={enlace.href}>{texto}</Link>;
}

/** antd menu items from the built menu; the key of a link is its path so the current page is selected. */
export function itemsDeMenu(grupos: TMenuGrupo[], colapsado: boolean): TItem[] {
  const entradas = (g: TMenuGrupo): TItem[] =>
    g.main.map((e) => {
      if (e.type === 'sub') {
        return {
          key: `sub-${e.id}`,
          icon: <MenuIcon nombre={e.icon} />,
          label: e.name,
          children: e.children.map((h) => ({ key: h.enlace.externo ? `ext-${h.id}` : h.enlace.href, label: <Enlace enlace={h.enlace} texto={h.name} /> })),
        };
      }
      return {
        key: e.enlace!.externo ? `ext-${e.id}` : e.enlace!.href,
        icon: <MenuIcon nombre={e.icon} />,
        label: <Enlace enlace={e.enlace!} texto={e.name} />,
      };
    });
  // Collapsed to icons there is no room for group labels: groups are separated by a divider instead.
  if (colapsado) return grupos.flatMap((g, i) => [...(i > 0 ? [{ type: 'divider' as const, key: `div-${g.id}` }] : []), ...entradas(g)]);
  return grupos.flatMap((g): TItem[] => (g.label ? [{ type: 'group', key: `grupo-${g.id}`, label: g.label, children: entradas(g) }] : entradas(g)));
}

/** Key of the entry to highlight: the longest menu path that is a prefix of the current path. */
function claveSeleccionada(grupos: TMenuGrupo[], ruta: string): { seleccionada: string | null; submenu: string | null } {
  let mejor: { seleccionada: string | null; submenu: string | null; largo: number } = { seleccionada: null, submenu: null, largo: -1 };
  const probar = (href: string, submenu: string | null) => {
    const coincide = ruta === href || (href !== '/admin' && ruta.startsWith(href + '/'));
    if (coincide && href.length > mejor.largo) mejor = { seleccionada: href, submenu, largo: href.length };
  };
  for (const g of grupos)
    for (const e of g.main) {
      if (e.enlace && !e.enlace.externo) probar(e.enlace.href, null);
      for (const h of e.children) if (!h.enlace.externo) probar(h.enlace.href, `sub-${e.id}`);
    }
  return mejor;
}

export function SideMenu({ colapsado = false, tema = 'dark' }: { colapsado?: boolean; tema?: 'dark' | 'light' }) {
  const menu = useMenuPermitido();
  const { pathname } = useLocation();
  const grupos = useMemo(() => buildMenu(menu.data?.Data ?? []), [menu.data]);
  const items = useMemo(() => itemsDeMenu(grupos, colapsado), [grupos, colapsado]);
  const { seleccionada, submenu } = claveSeleccionada(grupos, pathname);

  if (menu.isPending) {
    return (
      <div style={{ padding: 16 }} aria-label="Cargando menú">
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (menu.isError) {
    return (
      <div style={{ padding: 12 }}>
        <Alert
          type="error"
          showIcon
          title="No se pudo cargar el menú"
          description={mensajeDeError(menu.error)}
          action={
            <Button size="small" onClick={() => menu.refetch()}>
              Reintentar
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <Menu
      // Remount when the page changes section so the submenu of the new page opens.
      key={submenu ?? 'raiz'}
      mode="inline"
      theme={tema}
      inlineCollapsed={colapsado}
      items={items}
      selectedKeys={seleccionada ? [seleccionada] : []}
      defaultOpenKeys={submenu ? [submenu] : []}
      aria-label="Menú principal"
      className="yp-menu"
    />
  );
}
