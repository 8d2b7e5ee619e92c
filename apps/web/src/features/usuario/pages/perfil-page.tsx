import { Alert, Card, Col, Descriptions, Row, Skeleton, Space, Tag } from 'antd';
import { useUsuarioActual } from '../../../lib/api/get-usuario';
import { mensajeDeError } from '../../../lib/api-error';
import { fecha, NOMBRE_ESTADO_USUARIO, NOMBRE_TIPO_EMPRESA } from '../../../lib/formato';
import { CambioContrasenhaForm } from '../components/cambio-contrasenha-form';
import { PinSupervisorForm } from '../components/pin-supervisor-form';

export function PerfilPage() {
  const usuario = useUsuarioActual();
  const u = usuario.data;
  if (usuario.isError) return <Alert type="error" showIcon title="No se pudieron cargar sus datos" description={mensajeDeError(usuario.error)} />;
  if (!u) return <Skeleton active paragraph={{ rows: 8 }} />;
  const estado = NOMBRE_ESTADO_USUARIO[u.Estado];

  return (
    <Row gutter={[16, 16]} data-testid="pagina-perfil">
      <Col xs={24} xl={14}>
        <Card title="Mis datos">
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" colon={false} layout="vertical">
            <Descriptions.Item label="Usuario">{u.Usuario}</Descriptions.Item>
            <Descriptions.Item label="Estado">
              <Tag color={estado.color}>{estado.texto}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Nombres">{u.Nombres || '—'}</Descriptions.Item>
            <Descriptions.Item label="Apellidos">{u.Apellidos || '—'}</Descriptions.Item>
            <Descriptions.Item label="Correo electrónico">{u.Correo || '—'}</Descriptions.Item>
            <Descriptions.Item label="Usuario desde">{fecha(u.LogFechacrea)}</Descriptions.Item>
            <Descriptions.Item label="Roles">
              <Space wrap size={[4, 4]}>
                {u.Roles.length ? u.Roles.map((r) => <Tag key={r.Id}>{r.Nombre}</Tag>) : '—'}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="Empresa">
              <div>
                <div>
                  {u.RazonSocialEmpresa}
                  {u.DocumentoEmpresa ? ` · RUC ${u.DocumentoEmpresa}` : ''}
                </div>
                <div style={{ color: '#64748b', fontSize: 12 }}>{NOMBRE_TIPO_EMPRESA[u.TipoEmpresa]}</div>
              </div>
            </Descriptions.Item>
            <Descriptions.Item label="Sucursales" span="filled">
              <Space wrap size={[4, 4]}>
                {u.Sucursales.length ? u.Sucursales.map((s) => <Tag key={s.Id} color="blue">{s.Descripcion || s.RazonSocial}</Tag>) : '—'}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title="Cambiar contraseña">
          <CambioContrasenhaForm idUsuario={u.IdUsuario} usuario={u.Usuario} />
        </Card>
        <PinSupervisorForm />
      </Col>
    </Row>
  );
}
