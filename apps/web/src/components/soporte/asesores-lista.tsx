import { WhatsAppOutlined } from '@ant-design/icons';
import { Avatar, Typography } from 'antd';
import type { TConfigPublica } from '@yupana/contracts';
import { enlaceWhatsApp, telefonoLegible } from '../../lib/whatsapp';

/** Advisers of the help panel and the support page: a click opens a WhatsApp chat with that adviser. */
export function AsesoresLista({ asesores, mensaje }: { asesores: TConfigPublica['Asesores']; mensaje: string }) {
  if (!asesores.length) return <Typography.Text type="secondary">No hay asesores disponibles en este momento.</Typography.Text>;
  return (
    <ul className="yp-lista yp-asesores">
      {asesores.map((a) => (
        <li key={`${a.Nombre}-${a.Telefono}`}>
          <a
            className="yp-asesor"
            href={enlaceWhatsApp(a.Telefono, mensaje)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Escribir a ${a.Nombre} por WhatsApp`}
          >
            <Avatar style={{ background: '#25d366' }} icon={<WhatsAppOutlined />} />
            <span className="yp-asesor-texto">
              <Typography.Text strong>{a.Nombre}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {telefonoLegible(a.Telefono)} · Escríbenos por WhatsApp
              </Typography.Text>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
