import { Button, Modal, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { RutasWizard } from '@yupana/contracts';
import { cerrarSesion } from '../../lib/session';

export const TEXTO_DEMO_VENCIDO = 'Su tiempo en la cuenta demo a finalizado, por favor configure su empresa ahora.';

/** Blocks the app once the demo trial is over: the only ways out are configuring the company or signing out. */
export function DemoVencidoOverlay() {
  const navegar = useNavigate();
  return (
    <Modal open closable={false} maskClosable={false} keyboard={false} footer={null} centered title="Cuenta demo finalizada" data-testid="demo-vencido">
      <Typography.Paragraph>{TEXTO_DEMO_VENCIDO}</Typography.Paragraph>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={() => void cerrarSesion()}>Cerrar Sesión</Button>
        <Button type="primary" onClick={() => navegar(RutasWizard.TIPO_CONFIGURACION)}>
          Configurar empresa
        </Button>
      </Space>
    </Modal>
  );
}
