import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ErrorCodes } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import type { TVentaLocal } from '../offline/ventas-sin-conexion';
import { useMiAutorizacion } from '../api/cajas';
import { AutorizacionSupervisorModal } from './autorizacion-supervisor-modal';

/**
 * Discarding a queued offline sale the server refused (issue 12, branch posfix): a required reason; the server records
 * the device number as discarded (no document, no stock, no payment) and the Z report lists it.
 */
export function DescartarVentaModal({
  venta,
  descartar,
  cerrar,
}: {
  venta: TVentaLocal;
  descartar: (v: TVentaLocal, motivo: string, autorizacion?: string) => Promise<void>;
  cerrar: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ Motivo: string }>();
  const [enviando, setEnviando] = useState(false);
  // Without CAJA_DESCARTAR a supervisor authorizes this very sale with the PIN (branch pospin).
  const mia = useMiAutorizacion();
  const [pidiendoPin, setPidiendoPin] = useState<string | null>(null);
  const tipo = venta.Tipo === 1004 ? 'boleta' : 'nota de venta';
  const enviar = async (autorizacion?: string, motivoDado?: string) => {
    // After the PIN the form is no longer mounted: the reason typed before travels with the token.
    const Motivo = motivoDado ?? (await form.validateFields()).Motivo;
    if (!autorizacion && mia.data && !mia.data.Descarte) return void setPidiendoPin(Motivo.trim());
    setEnviando(true);
    try {
      await descartar(venta, Motivo.trim(), autorizacion);
      message.success(`Número ${venta.Serie}-${venta.Numero} descartado`);
      cerrar();
    } catch (e) {
      if (e instanceof ApiError && e.errorId === ErrorCodes.AUTORIZACION_REQUERIDA) setPidiendoPin(Motivo.trim());
      else message.error(mensajeDeError(e));
    } finally {
      setEnviando(false);
    }
  };
  if (pidiendoPin !== null)
    return (
      <AutorizacionSupervisorModal
        accion="DESCARTE"
        referencia={venta.Uuid}
        detalle={`Usted no tiene permiso para descartar ventas sin conexión. Un supervisor autoriza el descarte de ${venta.Serie}-${venta.Numero} (S/ ${venta.Total}) con su PIN.`}
        onCancelar={() => setPidiendoPin(null)}
        onAutorizado={(a) => {
          const motivo = pidiendoPin;
          setPidiendoPin(null);
          void enviar(a.Token, motivo);
        }}
      />
    );
  return (
    <Modal open title={`Descartar la venta ${venta.Serie}-${venta.Numero}`} okText="Descartar" okButtonProps={{ danger: true, loading: enviando }} cancelText="Cancelar" onOk={() => void enviar()} onCancel={cerrar} destroyOnHidden>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title={`La ${tipo} ${venta.Serie}-${venta.Numero} por S/ ${venta.Total} no se registrará: su número queda anotado como descartado (sin comprobante, sin stock ni cobro) y figura en el cierre de caja. Si se cobró en efectivo, explica la diferencia del arqueo.`}
      />
      {venta.Error && <Typography.Paragraph type="danger">Motivo del rechazo: {venta.Error}</Typography.Paragraph>}
      <Form form={form} layout="vertical">
        <Form.Item name="Motivo" label="Motivo del descarte" rules={[{ required: true, whitespace: true, min: 5, message: 'Indique el motivo del descarte (mínimo 5 caracteres)' }]}>
          <Input.TextArea rows={3} maxLength={300} data-testid="pv-descartar-motivo" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
