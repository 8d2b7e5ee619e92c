import { ClockCircleOutlined, CloseOutlined, QuestionCircleOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { Button, Popover, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ArticulosAyuda } from '../../components/asistente/articulos-ayuda';
import { AsesoresLista } from '../../components/soporte/asesores-lista';
import { useConfigPublica } from '../../lib/api/get-config-publica';
import { useUsuarioActual } from '../../lib/api/get-usuario';
import { authStorage } from '../../lib/auth-storage';
import { enlaceWhatsApp, HORARIO_ATENCION, mensajeSoporte } from '../../lib/whatsapp';

/** Floating AYUDA button with the '¿NECESITAS AYUDA?' panel, and the WhatsApp support button above it. */
export function HelpButtons() {
  const config = useConfigPublica().data;
  const usuario = useUsuarioActual().data;
  const [abierto, setAbierto] = useState(false);
  const mensaje = mensajeSoporte({
    ruc: usuario?.DocumentoEmpresa ?? authStorage.dataUser()?.DocumentoEmpresa ?? null,
    razonSocial: usuario?.RazonSocialEmpresa,
  });

  const panel = (
    <div className="yp-ayuda-panel" data-testid="panel-ayuda">
      <div className="yp-ayuda-cabecera">
        <Typography.Title level={5} style={{ margin: 0, color: '#fff' }}>
          ¿NECESITAS AYUDA?
        </Typography.Title>
        <Button type="text" size="small" icon={<CloseOutlined style={{ color: '#fff' }} />} aria-label="Cerrar ayuda" onClick={() => setAbierto(false)} />
      </div>
      <div className="yp-ayuda-cuerpo">
        <ArticulosAyuda activo={abierto} alNavegar={() => setAbierto(false)} />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          Haz clic en un asesor para recibir ayuda por WhatsApp.
        </Typography.Paragraph>
        <AsesoresLista asesores={config?.Asesores ?? []} mensaje={mensaje} />
        <div className="yp-ayuda-horario">
          <ClockCircleOutlined /> Horario de atención: {config?.HorarioAtencion ?? HORARIO_ATENCION}
        </div>
      </div>
    </div>
  );

  return (
    <div className="yp-flotantes">
      {config?.TelefonoSoporte && (
        <Tooltip title="Soporte por WhatsApp" placement="left">
          <a
            className="yp-whatsapp"
            href={enlaceWhatsApp(config.TelefonoSoporte, mensaje)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Chatear con soporte por WhatsApp"
            data-testid="boton-whatsapp"
          >
            <WhatsAppOutlined />
          </a>
        </Tooltip>
      )}
      <Popover content={panel} trigger="click" open={abierto} onOpenChange={setAbierto} placement="topRight" arrow={false} styles={{ container: { padding: 0 } }}>
        <Button type="primary" shape="round" size="large" icon={<QuestionCircleOutlined />} className="yp-ayuda-boton" data-testid="boton-ayuda">
          AYUDA
        </Button>
      </Popover>
    </div>
  );
}
