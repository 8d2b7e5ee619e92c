import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import type { TMiga } from '../route-handle';

/** Home link plus the trail from route data; the last crumb is the page title (not a link). */
export function BreadcrumbBar({ migas }: { migas: TMiga[] }) {
  const enInicio = migas.length <= 1;
  const items = [
    {
      key: 'inicio',
      title: enInicio ? (
        <span>
          <HomeOutlined /> Inicio
        </span>
      ) : (
        <Link to="/admin">
          <HomeOutlined /> Inicio
        </Link>
      ),
    },
    ...migas.slice(1).map((m, i) => ({
      key: `${i}-${m.etiqueta}`,
      title: m.url ? <Link to={m.url}>{m.etiqueta}</Link> : <span aria-current={i === migas.length - 2 ? 'page' : undefined}>{m.etiqueta}</span>,
    })),
  ];
  return (
    <nav aria-label="Ruta de navegación" className="yp-migas" data-testid="migas">
      <Breadcrumb items={items} />
    </nav>
  );
}
