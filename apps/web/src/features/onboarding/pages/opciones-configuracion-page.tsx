import { Button, Result, Space } from 'antd';
import { Link } from 'react-router';
import { useInfoUniversal } from '../../../components/banners/api-banners';

/** The wizard's end: where to go next. */
export function OpcionesConfiguracionPage() {
  const info = useInfoUniversal();
  const demo = info.data?.TipoEmpresa === 1;
  return (
    <Result
      status="success"
      title="¡Tu empresa está lista!"
      subTitle={demo ? 'Estás en una cuenta DEMO: tus comprobantes se envían al simulador de SUNAT.' : 'Ya puedes emitir tus comprobantes.'}
      extra={
        <Space wrap>
          <Link to="/admin">
            <Button type="primary">Ir al inicio</Button>
          </Link>
          {!demo && (
            <Link to="/admin/pagos/recargastuboletape">
              <Button>Comprar un paquete</Button>
            </Link>
          )}
        </Space>
      }
      data-testid="paso-listo"
    />
  );
}
