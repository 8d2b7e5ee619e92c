import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { mensajeDeError } from '../../../lib/api-error';
import type { TVentaLocal } from '../offline/ventas-sin-conexion';

/**
 * Discarding a queued offline sale the server refused (issue 12, branch posfix): a required reason; the server records
 * the device number as discarded (no document, no stock, no payment) and the Z report lists it.
 */
export function DescartarVentaModal({ venta, descartar, cerrar }: { venta: TVentaLocal; descartar: (v: TVentaLocal, motivo: string) => Promise<void>; cerrar: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ Motivo: string }>();
  const [enviando, setEnviando] = useState(false);
  const tipo = venta.Tipo === 1004 ? 'boleta' : 'nota de venta';
  const enviar = async () => {
    const { Motivo } = await form.validateFields();
    setEnviando(true);
    try {
      await descartar(venta, Motivo.trim());
      message.success(`Número ${venta.Serie}-${venta.Numero} descartado`);
      cerrar();
    } catch (e) {
      message.error(mensajeDeError(e));
    } finally {
      setEnviando(false);
    }
  };
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
