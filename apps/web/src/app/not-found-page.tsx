import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { Logo } from '../components/logo';
import { useEncabezadoPagina } from '../components/page-header';

function Contenido() {
  const { pathname } = useLocation();
  return (
    <Result
      status="404"
      title="Página no encontrada"
      subTitle={
        <>
          La dirección <code>{pathname}</code> no existe o fue movida. Revise el enlace o vuelva al inicio.
        </>
      }
      extra={
        <Link to="/admin">
          <Button type="primary">Ir al inicio</Button>
        </Link>
      }
    />
  );
}

function EnShell() {
  useEncabezadoPagina('Página no encontrada');
  return <Contenido />;
}

/** A real page for unknown addresses: inside the shell for signed-in users, on its own elsewhere. */
export function NotFoundPage({ fueraDelShell = false }: { fueraDelShell?: boolean }) {
  if (!fueraDelShell) return <EnShell />;
  document.title = 'Yupana | Página no encontrada';
  return (
    <div className="yp-pagina-suelta">
      <Logo size={40} />
      <Contenido />
    </div>
  );
}
