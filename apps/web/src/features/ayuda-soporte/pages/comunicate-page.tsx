import { ClockCircleOutlined, MailOutlined, PhoneOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Row, Skeleton, Typography } from 'antd';
import { AsesoresLista } from '../../../components/soporte/asesores-lista';
import { useConfigPublica } from '../../../lib/api/get-config-publica';
import { useUsuarioActual } from '../../../lib/api/get-usuario';
import { mensajeDeError } from '../../../lib/api-error';
import { enlaceWhatsApp, HORARIO_ATENCION, mensajeSoporte, telefonoLegible } from '../../../lib/whatsapp';

const ANTES_DE_ESCRIBIR = [
  'El RUC de su empresa y su usuario de Yupana.',
  'La serie y el número del comprobante, si la consulta es sobre uno.',
  'Qué intentaba hacer y el mensaje que vio, de preferencia con una captura de pantalla.',
];

export function ComunicatePage() {
  const config = useConfigPublica();
  const usuario = useUsuarioActual().data;
  if (config.isError) return <Alert type="error" showIcon title="No se pudo cargar la información de soporte" description={mensajeDeError(config.error)} />;
  if (!config.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const c = config.data;
  const mensaje = mensajeSoporte({ ruc: usuario?.DocumentoEmpresa ?? null, razonSocial: usuario?.RazonSocialEmpresa });

  return (
    <Row gutter={[16, 16]} data-testid="pagina-comunicate">
      <Col xs={24} lg={14}>
        <Card title="Escríbanos por WhatsApp">
          <Typography.Paragraph>
            Nuestro equipo de soporte le atiende por WhatsApp. Al abrir el chat, el mensaje ya incluye el RUC de su empresa para que
            podamos ubicarla de inmediato.
          </Typography.Paragraph>
          <Typography.Paragraph>
            <PhoneOutlined /> Línea de soporte: <Typography.Text strong>{telefonoLegible(c.TelefonoSoporte)}</Typography.Text>
          </Typography.Paragraph>
          <Button
            type="primary"
            size="large"
            icon={<WhatsAppOutlined />}
            href={enlaceWhatsApp(c.TelefonoSoporte, mensaje)}
            target="_blank"
            rel="noopener noreferrer"
            style={{ background: '#25d366', borderColor: '#25d366' }}
            data-testid="whatsapp-soporte"
          >
            Abrir chat de soporte
          </Button>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            Asesores
          </Typography.Title>
          <AsesoresLista asesores={c.Asesores} mensaje={mensaje} />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card
          title={
            <span>
              <ClockCircleOutlined /> Horario de atención
            </span>
          }
          style={{ marginBottom: 16 }}
        >
          <Typography.Text strong data-testid="horario-atencion">
            {c.HorarioAtencion || HORARIO_ATENCION}
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            Fuera de este horario puede dejarnos su mensaje: le responderemos el siguiente día hábil.
          </Typography.Paragraph>
        </Card>
        <Card
          title={
            <span>
              <MailOutlined /> Antes de escribirnos, tenga a la mano
            </span>
          }
        >
          <ul className="yp-lista yp-lista--separada">
            {ANTES_DE_ESCRIBIR.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </Card>
      </Col>
    </Row>
  );
}
