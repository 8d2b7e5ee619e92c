import { MailOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { authStorage } from '../../../lib/auth-storage';
import { useUsuarioActual } from '../../../lib/api/get-usuario';
// eslint-disable-next-line yupana/no-cross-import -- the sale's document, read as the document page reads it
import { useDocumento } from '../../documentos/api/get-documento';
// eslint-disable-next-line yupana/no-cross-import -- the same WhatsApp text (lookup link, or the nota de venta's lines) as the document page
import { enlaceWhatsAppDocumento } from '../../documentos/components/enlace-consulta';
// eslint-disable-next-line yupana/no-cross-import -- the same e-mail dialog as the document page
import { CorreoModal } from '../../documentos/components/correo-documento-modal';

/** After a sale at the till: send its document by WhatsApp (the customer's lookup link) or by e-mail (ticket PDF). */
export function CompartirVenta({ idDocumento, ancho }: { idDocumento: number; ancho: number }) {
  const doc = useDocumento(idDocumento).data;
  const ruc = authStorage.dataUser()?.DocumentoEmpresa ?? '';
  const empresa = useUsuarioActual().data?.RazonSocialEmpresa ?? null;
  const [correo, setCorreo] = useState(false);
  return (
    <Space wrap>
      <Button icon={<WhatsAppOutlined />} disabled={!doc} href={doc ? enlaceWhatsAppDocumento(doc, ruc, null, empresa) : undefined} target="_blank" rel="noopener noreferrer" data-testid="pv-whatsapp">
        WhatsApp
      </Button>
      {/* The point of sale's route carries no document controls to test here: the server checks DOC_CORREO and the
          dialog shows its Spanish refusal to a user without it. */}
      <Button icon={<MailOutlined />} disabled={!doc} onClick={() => setCorreo(true)}>
        Correo
      </Button>
      {correo && doc && <CorreoModal doc={doc} formato={ancho === 58 ? 'TICKET58' : 'TICKET'} onCerrar={() => setCorreo(false)} />}
    </Space>
  );
}
