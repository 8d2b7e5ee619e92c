import { Button, Result, Space } from 'antd';
import { isRouteErrorResponse, useNavigate, useRevalidator, useRouteError } from 'react-router';
import { ApiError, mensajeDeError } from '../lib/api-error';
import { cerrarSesion } from '../lib/session';

/**
 * What the user sees when a route cannot be entered: the guard's failed user lookup (navigation blocked, with the
 * seed's 'Error status code {status} en {url}' text when the API sent no message) or an unexpected page error.
 */
export function ErrorDeRuta() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <Result status="404" title="Página no encontrada" extra={<Button onClick={() => navigate('/admin')}>Ir al inicio</Button>} />;
  }
  const deLaApi = error instanceof ApiError;
  return (
    <div className="yp-error-ruta">
      <Result
        status={deLaApi && error.status === 0 ? 'warning' : 'error'}
        title={deLaApi ? 'No se pudo verificar su usuario' : 'Ocurrió un error al mostrar esta página'}
        subTitle={<span data-testid="error-ruta">{mensajeDeError(error)}</span>}
        extra={
          <Space wrap>
            <Button type="primary" loading={revalidator.state === 'loading'} onClick={() => revalidator.revalidate()}>
              Reintentar
            </Button>
            <Button onClick={() => void cerrarSesion()}>Cerrar Sesión</Button>
          </Space>
        }
      />
    </div>
  );
}
