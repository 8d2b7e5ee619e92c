import { ArrowRightOutlined, BankOutlined, ClockCircleOutlined, EnvironmentOutlined, ExportOutlined, ShopOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { TipoEmpresa } from '@yupana/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { MenuIcon } from '../../../components/menu-icon';
import { useMenuPermitido } from '../../../lib/api/get-menu';
import { useUsuarioActual } from '../../../lib/api/get-usuario';
import { mensajeDeError } from '../../../lib/api-error';
import { authStorage } from '../../../lib/auth-storage';
import { fechaHora, NOMBRE_TIPO_EMPRESA } from '../../../lib/formato';
import { buildMenu, type TEnlace } from '../../../lib/permissions/build-menu';

type TAcceso = { id: number; nombre: string; grupo: string | null; icono: string | null; enlace: TEnlace };

/** Every page the user may open, flattened from the menu, except the home page itself. */
function useAccesos(): TAcceso[] {
  const menu = useMenuPermitido().data;
  return useMemo(() => {
    const grupos = buildMenu(menu?.Data ?? []);
    return grupos.flatMap((g) =>
      g.main.flatMap((e) =>
        e.type === 'sub'
          ? e.children.map((h) => ({ id: h.id, nombre: h.name, grupo: e.name, icono: h.icon ?? e.icon, enlace: h.enlace }))
          : [{ id: e.id, nombre: e.name, grupo: g.label, icono: e.icon, enlace: e.enlace! }],
      ),
    ).filter((a) => a.enlace.href !== '/admin');
  }, [menu]);
}

function Acceso({ a }: { a: TAcceso }) {
  const cuerpo = (
    <Card size="small" className="yp-acceso" hoverable>
      <div className="yp-acceso-fila">
        <span className="yp-acceso-icono">
          <MenuIcon nombre={a.icono} />
        </span>
        <span style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong style={{ display: 'block' }}>
            {a.nombre}
          </Typography.Text>
          {a.grupo && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {a.grupo}
            </Typography.Text>
          )}
        </span>
        {a.enlace.externo ? <ExportOutlined style={{ color: '#94a3b8' }} /> : <ArrowRightOutlined style={{ color: '#94a3b8' }} />}
      </div>
    </Card>
  );
  return a.enlace.externo ? (
    <a href={a.enlace.href} target="_blank" rel="noopener noreferrer">
      {cuerpo}
    </a>
  ) : (
    <Link to={a.enlace.href}>{cuerpo}</Link>
  );
}

export function InicioPage() {
  const usuario = useUsuarioActual();
  const accesos = useAccesos();
  const u = usuario.data;
  if (usuario.isError) return <Alert type="error" showIcon title="No se pudieron cargar sus datos" description={mensajeDeError(usuario.error)} />;
  if (!u) return <Skeleton active paragraph={{ rows: 8 }} />;

  const nombre = u.Nombres || u.Usuario;
  return (
    <div data-testid="pagina-inicio">
      <section className="yp-bienvenida">
        <h2>Hola, {nombre}</h2>
        <Typography.Text>
          Está trabajando en <strong style={{ color: '#fff' }}>{u.RazonSocialEmpresa}</strong>
          {u.DocumentoEmpresa ? ` · RUC ${u.DocumentoEmpresa}` : ''}
        </Typography.Text>
        <div style={{ marginTop: 10 }}>
          <Space wrap size={[6, 6]}>
            {u.Roles.map((r) => (
              <Tag key={r.Id} color="gold" variant="filled">
                {r.Nombre}
              </Tag>
            ))}
            <Typography.Text style={{ fontSize: 12.5 }}>
              <ClockCircleOutlined /> Sesión iniciada el {fechaHora(authStorage.dataUser()?.TimeLogIn)}
            </Typography.Text>
          </Space>
        </div>
      </section>

      {u.TipoEmpresa === TipoEmpresa.DEMO && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Usted se encuentra en una cuenta DEMO"
          description="Los comprobantes que emita aquí son de prueba y no se envían a SUNAT."
        />
      )}

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="Accesos rápidos" size="small" styles={{ body: { padding: 16 } }}>
            {accesos.length ? (
              <Row gutter={[12, 12]}>
                {accesos.map((a) => (
                  <Col key={a.id} xs={24} sm={12} xl={8}>
                    <Acceso a={a} />
                  </Col>
                ))}
              </Row>
            ) : (
              <Empty description="Su usuario aún no tiene módulos asignados. Pida acceso al supervisor de su empresa." />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <div className="yp-columna">
            <Card
              title={
                <span>
                  <BankOutlined /> Su empresa
                </span>
              }
              size="small"
            >
              <Typography.Paragraph strong style={{ marginBottom: 4 }}>
                {u.RazonSocialEmpresa}
              </Typography.Paragraph>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                {u.DocumentoEmpresa ? `RUC ${u.DocumentoEmpresa}` : 'Sin RUC'}
              </Typography.Paragraph>
              <Tag color={u.TipoEmpresa === TipoEmpresa.DEMO ? 'purple' : u.TipoEmpresa === TipoEmpresa.SIN_RUC ? 'orange' : 'blue'}>
                {NOMBRE_TIPO_EMPRESA[u.TipoEmpresa]}
              </Tag>
            </Card>
            <Card
              title={
                <span>
                  <ShopOutlined /> Sus sucursales
                </span>
              }
              size="small"
            >
              {u.Sucursales.length ? (
                <ul className="yp-lista yp-lista--separada">
                  {u.Sucursales.map((s) => (
                    <li key={s.Id}>
                      <Typography.Text strong>{s.Descripcion || s.RazonSocial}</Typography.Text>
                      {s.Direccion && (
                        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                          <EnvironmentOutlined /> {s.Direccion}
                        </Typography.Text>
                      )}
                    </li>
                  ))}
                </ul>
              ) : (
                <Typography.Text type="secondary">No tiene sucursales asignadas.</Typography.Text>
              )}
            </Card>
          </div>
        </Col>
      </Row>
    </div>
  );
}
