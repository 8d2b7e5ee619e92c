import { Drawer, Layout } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DebtBanner } from '../../components/banners/debt-banner';
import { DocumentBalanceBanner } from '../../components/banners/document-balance-banner';
import { Logo } from '../../components/logo';
import { useMarca } from '../../lib/api/get-config-publica';
import { tituloPagina } from '../../lib/marca';
import { PageHeaderProvider, useEncabezadoPropio } from '../../components/page-header';
import { conectarTiempoReal, desconectarTiempoReal } from '../../lib/tiempo-real';
import { useMigas } from '../route-handle';
import { AppHeader } from './app-header';
import { AvisoCertificado } from './aviso-certificado';
import { BreadcrumbBar } from './breadcrumb-bar';
import { AsistenteVirtual } from '../../components/asistente/asistente-virtual';
import { HelpButtons } from './help-buttons';
import { DialogoTiempoCaducado, VigilanteInactividad } from './inactividad';
import { SideMenu } from './side-menu';
import { usePantalla } from './use-viewport';

const ANCHO_MENU = 256;
const ANCHO_MENU_COLAPSADO = 80;

function Shell() {
  const pantalla = usePantalla();
  const { pathname } = useLocation();
  const migas = useMigas();
  const propio = useEncabezadoPropio();
  const actual = migas[migas.length - 1];
  const { marca } = useMarca();
  const encabezado = propio ?? { titulo: actual?.etiqueta ?? marca, subtitulo: actual?.descripcion };

  // Desktop: expanded unless the user collapses it. Tablet and phone: off-canvas, closed until asked for.
  const [expandido, setExpandido] = useState(true);
  const [offcanvasAbierto, setOffcanvasAbierto] = useState(false);
  const escritorio = pantalla === 'escritorio';
  const menuAbierto = escritorio ? expandido : offcanvasAbierto;

  // Off-canvas menus close on navigation, and when the screen grows out of their range.
  useEffect(() => setOffcanvasAbierto(false), [pathname, pantalla]);

  // One socket to the realtime hub per tab, for as long as the signed-in shell is open.
  useEffect(() => {
    conectarTiempoReal();
    return () => desconectarTiempoReal();
  }, []);

  useEffect(() => {
    document.title = tituloPagina(marca, actual?.etiqueta ?? 'Inicio');
  }, [marca, actual?.etiqueta]);

  const alternar = () => (escritorio ? setExpandido((v) => !v) : setOffcanvasAbierto((v) => !v));
  const anchoLogo = escritorio ? (expandido ? ANCHO_MENU : ANCHO_MENU_COLAPSADO) : ANCHO_MENU_COLAPSADO;

  return (
    <Layout className={`yp-shell yp-shell--${pantalla}`}>
      <AppHeader pantalla={pantalla} encabezado={encabezado} menuAbierto={menuAbierto} onAlternarMenu={alternar} anchoLogo={anchoLogo} />
      <Layout className="yp-cuerpo" hasSider={pantalla !== 'movil'}>
        {pantalla === 'movil' ? (
          <Drawer
            placement="left"
            open={offcanvasAbierto}
            onClose={() => setOffcanvasAbierto(false)}
            size={ANCHO_MENU}
            closable={false}
            className="yp-menu-overlay"
            styles={{ body: { padding: 0, background: 'var(--yp-menu-fondo)' } }}
            rootClassName="yp-menu-overlay-raiz"
            data-testid="menu-overlay"
          >
            <div className="yp-menu-overlay-cabecera">
              <Logo size={30} light />
            </div>
            <SideMenu />
          </Drawer>
        ) : (
          <Layout.Sider
            width={ANCHO_MENU}
            collapsedWidth={escritorio ? ANCHO_MENU_COLAPSADO : 0}
            collapsed={!menuAbierto}
            trigger={null}
            className="yp-sider"
            data-testid="menu-lateral"
          >
            {(escritorio || offcanvasAbierto) && <SideMenu colapsado={escritorio && !expandido} />}
          </Layout.Sider>
        )}
        <Layout.Content
          className="yp-contenido"
          // Tablet push menu: a click on the page beside it closes it, as an outside click does on a phone.
          onPointerDown={pantalla === 'tableta' && offcanvasAbierto ? () => setOffcanvasAbierto(false) : undefined}
        >
          <DebtBanner />
          <DocumentBalanceBanner />
          <AvisoCertificado />
          <BreadcrumbBar migas={migas} />
          <main className="yp-pagina">
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
      <HelpButtons />
      <AsistenteVirtual />
      <VigilanteInactividad />
      <DialogoTiempoCaducado />
    </Layout>
  );
}

export function AdminLayout() {
  return (
    <PageHeaderProvider>
      <Shell />
    </PageHeaderProvider>
  );
}
