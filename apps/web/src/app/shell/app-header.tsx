import {
  ArrowLeftOutlined,
  CustomerServiceOutlined,
  DownOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  MoreOutlined,
  ReloadOutlined,
  SettingOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, Tooltip, Typography, type MenuProps } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/logo';
import type { TEncabezado } from '../../components/page-header';
import { useAmbienteSunat } from '../../lib/api/ambiente-sunat';
import { useMarca } from '../../lib/api/get-config-publica';
import { useUsuarioActual } from '../../lib/api/get-usuario';
import { authStorage } from '../../lib/auth-storage';
import { rutaConfiguracionUsuario } from '../../lib/marca';
import { cerrarSesion } from '../../lib/session';
import { SelectorSucursal } from './seleccion-sucursal';
import { usePantallaCompleta } from './use-pantalla-completa';
import type { TPantalla } from './use-viewport';

type TProps = {
  pantalla: TPantalla;
  encabezado: TEncabezado;
  menuAbierto: boolean;
  onAlternarMenu: () => void;
  anchoLogo: number;
};

async function actualizarAplicacion() {
  // A new build has new file names: drop any cached copies and load index.html again from the server.
  if ('caches' in window) for (const k of await caches.keys()) await caches.delete(k);
  window.location.reload();
}

/** Back within the app: the previous entry when this app put one in the tab's history, else the home page. */
function volver(navigate: ReturnType<typeof useNavigate>) {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) void navigate(-1);
  else void navigate('/admin');
}

export function AppHeader({ pantalla, encabezado, menuAbierto, onAlternarMenu, anchoLogo }: TProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const usuario = useUsuarioActual().data;
  const nombre = usuario ? `${usuario.Nombres} ${usuario.Apellidos}`.trim() || usuario.Usuario : (authStorage.dataUser()?.Usuario ?? '');
  const pantallaCompleta = usePantallaCompleta();
  const movil = pantalla === 'movil';
  const { marca, variante } = useMarca();
  // The seed's rule: a test environment (BETA, simulator) gives the green header, any other the red one.
  const ambiente = useAmbienteSunat().data;
  const claseAmbiente = ambiente ? ` yp-header--${ambiente.EsPrueba ? 'prueba' : 'produccion'}` : '';

  const opcionesUsuario: MenuProps['items'] = [
    { key: 'configuracion', icon: <SettingOutlined />, label: 'Configuración', onClick: () => navigate(rutaConfiguracionUsuario(variante)) },
    { key: 'soporte', icon: <CustomerServiceOutlined />, label: 'Comunícate con Soporte', onClick: () => navigate('/admin/ayuda-soporte/comunicate') },
    // Present but hidden, as in the seed (kept for the app-update flow of a later release).
    { key: 'actualizar', icon: <SyncOutlined />, label: 'Actualizar aplicación', style: { display: 'none' }, onClick: () => void actualizarAplicacion() },
    { key: 'refrescar', icon: <ReloadOutlined />, label: 'Refrescar página', style: { display: 'none' }, onClick: () => window.location.reload() },
    { type: 'divider' },
    { key: 'salir', icon: <LogoutOutlined />, label: 'Cerrar Sesión', danger: true, onClick: () => void cerrarSesion() },
  ];

  // On a phone the header has no room: full screen and the user's options move to one vertical options menu.
  const opcionesMovil: MenuProps['items'] = [
    { key: 'usuario', label: nombre, disabled: true, style: { fontWeight: 600, color: 'rgba(0,0,0,.75)', cursor: 'default' } },
    { type: 'divider' },
    ...(pantallaCompleta.disponible
      ? [{ key: 'pantalla', icon: pantallaCompleta.activa ? <FullscreenExitOutlined /> : <FullscreenOutlined />, label: pantallaCompleta.activa ? 'Salir de pantalla completa' : 'Pantalla completa', onClick: () => void pantallaCompleta.alternar() }]
      : []),
    ...opcionesUsuario,
  ];

  const iniciales = (nombre || '?')
    .split(/\s+/)
    .slice(0, 2)
    .map((p) => p[0])
    .join('')
    .toUpperCase();

  return (
    <header className={`yp-header yp-header--${pantalla}${claseAmbiente}`} data-testid="cabecera" data-ambiente={ambiente?.Ambiente}>
      <Link to="/admin" className="yp-header-logo" style={{ width: movil ? undefined : anchoLogo }} aria-label={`${marca}: ir al inicio`}>
        <Logo size={30} showName={!movil && anchoLogo > 120} light />
      </Link>
      <div className="yp-header-barra">
        {/* "Volver" never leaves the app (issue 11, item 13): not offered on the home page, and a page opened directly (no
            earlier entry of this app in the tab's history: react-router's idx 0) goes back to the home page. */}
        {movil && pathname !== '/admin' && (
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label="Volver" onClick={() => volver(navigate)} className="yp-header-boton" data-testid="volver" />
        )}
        <Button
          type="text"
          className="yp-header-boton"
          aria-label={menuAbierto ? 'Ocultar menú' : 'Mostrar menú'}
          aria-expanded={menuAbierto}
          data-testid="alternar-menu"
          icon={pantalla === 'escritorio' ? menuAbierto ? <MenuFoldOutlined /> : <MenuUnfoldOutlined /> : <MenuOutlined />}
          onClick={onAlternarMenu}
        />
        <div className="yp-header-titulo">
          <Typography.Title level={1} className="yp-titulo" ellipsis data-testid="titulo-pagina">
            {encabezado.titulo}
          </Typography.Title>
          {encabezado.subtitulo && !movil && (
            <Typography.Text type="secondary" className="yp-subtitulo" ellipsis data-testid="subtitulo-pagina">
              {encabezado.subtitulo}
            </Typography.Text>
          )}
        </div>
        {movil && <SelectorSucursal compacto />}
        {movil ? (
          <Dropdown menu={{ items: opcionesMovil }} trigger={['click']} placement="bottomRight">
            <Button type="text" className="yp-header-boton" icon={<MoreOutlined />} aria-label="Más opciones" />
          </Dropdown>
        ) : (
          <div className="yp-header-acciones">
            <SelectorSucursal compacto={pantalla !== 'escritorio'} />
            {pantallaCompleta.disponible && (
              <Tooltip title={pantallaCompleta.activa ? 'Salir de pantalla completa' : 'Pantalla completa'}>
                <Button
                  type="text"
                  className="yp-header-boton"
                  aria-label={pantallaCompleta.activa ? 'Salir de pantalla completa' : 'Pantalla completa'}
                  icon={pantallaCompleta.activa ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                  onClick={() => void pantallaCompleta.alternar()}
                />
              </Tooltip>
            )}
            <Dropdown menu={{ items: opcionesUsuario }} trigger={['click']} placement="bottomRight">
              <Button type="text" className="yp-usuario" data-testid="menu-usuario">
                <Avatar size={30} className="yp-avatar">
                  {iniciales}
                </Avatar>
                <span className="yp-usuario-nombre">{nombre}</span>
                <DownOutlined style={{ fontSize: 11 }} />
              </Button>
            </Dropdown>
          </div>
        )}
      </div>
    </header>
  );
}
