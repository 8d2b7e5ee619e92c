import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { InputRef } from 'antd';
import type { TAccionAutorizable, TAutorizacionOtorgada } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { solicitarAutorizacion, useSupervisores } from '../api/cajas';

/**
 * "Autorización de supervisor": a supervisor of the till's branch picks their name and types their PIN on the cashier's
 * screen; the server answers a single-use token for this action, session and amount (or queued sale). Keyboard: the
 * PIN box has the focus, Enter confirms, Esc cancels.
 */
export function AutorizacionSupervisorModal({
  accion,
  monto,
  referencia,
  detalle,
  onAutorizado,
  onCancelar,
}: {
  accion: TAccionAutorizable;
  monto?: string;
  referencia?: string;
  detalle: string;
  onAutorizado: (a: TAutorizacionOtorgada) => void;
  onCancelar: () => void;
}) {
  const supervisores = useSupervisores(accion);
  const [idSupervisor, setIdSupervisor] = useState<number | undefined>();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const campoPin = useRef<InputRef>(null);
  const lista = supervisores.data?.Data ?? [];
  useEffect(() => {
    if (idSupervisor === undefined && lista.length) setIdSupervisor(lista[0].IdUsuario);
  }, [lista, idSupervisor]);
  useEffect(() => {
    const t = setTimeout(() => campoPin.current?.focus(), 50);
    return () => clearTimeout(t);
  }, []);

  async function confirmar() {
    if (enviando) return;
    if (!idSupervisor) return void setError('Seleccione el supervisor');
    if (!/^\d{4,8}$/.test(pin)) return void setError('El PIN tiene de 4 a 8 dígitos');
    setError(null);
    setEnviando(true);
    try {
      onAutorizado(await solicitarAutorizacion({ IdSupervisor: idSupervisor, Pin: pin, Accion: accion, ...(monto ? { Monto: monto } : {}), ...(referencia ? { Referencia: referencia } : {}) }));
    } catch (e) {
      setError(mensajeDeError(e));
      setPin('');
      campoPin.current?.focus();
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Modal
      open
      title="Autorización de supervisor"
      onCancel={onCancelar}
      maskClosable={false}
      destroyOnHidden
      // The next dialog (the charge) takes the focus: giving it back to the page would leave it on that dialog's close
      // button, where the cashier's Enter would cancel the charge.
      focusTriggerAfterClose={false}
      footer={[
        <Button key="c" onClick={onCancelar}>
          Cancelar (Esc)
        </Button>,
        <Button key="ok" type="primary" loading={enviando} onClick={() => void confirmar()} data-testid="autorizar-supervisor">
          Autorizar
        </Button>,
      ]}
    >
      <Typography.Paragraph>{detalle}</Typography.Paragraph>
      {supervisores.isSuccess && !lista.length ? (
        <Alert type="warning" showIcon title="No hay supervisores de esta sucursal con el permiso y un PIN configurado (se configura en Mi perfil)." />
      ) : (
        <Form layout="vertical" component="div" requiredMark={false}>
          <Form.Item label="Supervisor">
            <Select
              aria-label="Supervisor"
              loading={supervisores.isLoading}
              value={idSupervisor}
              onChange={(v: number) => {
                setIdSupervisor(v);
                campoPin.current?.focus();
              }}
              options={lista.map((s) => ({ value: s.IdUsuario, label: s.Nombre }))}
            />
          </Form.Item>
          <Form.Item label="PIN del supervisor">
            <Input.Password
              ref={campoPin}
              aria-label="PIN del supervisor"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              value={pin}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
              onPressEnter={() => void confirmar()}
            />
          </Form.Item>
        </Form>
      )}
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
