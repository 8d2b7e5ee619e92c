import { conPunto } from '@yupana/contracts';
import { Alert, Typography } from 'antd';

/** A single-use link for the user (invitation or password reset), shown so the administrator can share it. */
export function EnlaceCompartir({ enlace, expiraEn, correoEnviado }: { enlace: string; expiraEn: string; correoEnviado: boolean }) {
  const absoluto = new URL(enlace, window.location.origin).toString();
  return (
    <>
      <Alert
        type={correoEnviado ? 'success' : 'info'}
        showIcon
        title={correoEnviado ? 'Se envió el enlace por correo.' : 'No hay un servidor de correo configurado: comparta usted el enlace.'}
        style={{ marginBottom: 12 }}
      />
      <Typography.Paragraph copyable={{ text: absoluto, tooltips: ['Copiar enlace', 'Copiado'] }} code data-testid="enlace-invitacion" style={{ wordBreak: 'break-all' }}>
        {absoluto}
      </Typography.Paragraph>
      {/* es-PE times end in "a. m." / "p. m.": the sentence takes no second period. */}
      <Typography.Text type="secondary">{`${conPunto(`Vence el ${new Date(expiraEn).toLocaleString('es-PE', { timeZone: 'America/Lima' })}`)} Solo puede usarse una vez.`}</Typography.Text>
    </>
  );
}
