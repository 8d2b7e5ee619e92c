import { App, Form, Input, Modal } from 'antd';
import type { TCobro, TPago } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useAnularRecibo } from '../api/finanzas';
import { dinero } from '../formato';

const TEXTOS = {
  cobros: { nombre: 'cobro', aplicadas: 'cobradas', ok: 'el saldo volvió a los documentos' },
  pagos: { nombre: 'pago', aplicadas: 'pagadas', ok: 'el saldo volvió a las compras y su asiento quedó revertido' },
} as const;

/** Asks the reason and voids a collection or a supplier payment; the dues get their balance back. */
export function AnularReciboModal({ ruta, recibo, onCerrar }: { ruta: 'cobros' | 'pagos'; recibo: TCobro | TPago; onCerrar: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ Motivo: string }>();
  const anular = useAnularRecibo(ruta);
  const t = TEXTOS[ruta];
  async function enviar(v: { Motivo: string }) {
    try {
      await anular.mutateAsync({ id: recibo.Id, motivo: v.Motivo });
      message.success(`${t.nombre === 'cobro' ? 'Cobro' : 'Pago'} ${recibo.NumeroRecibo} anulado: ${t.ok}`);
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && e.errores.Motivo) form.setFields([{ name: 'Motivo', errors: [e.errores.Motivo] }]);
      else message.error(mensajeDeError(e));
    }
  }
  return (
    <Modal open title={`Anular el ${t.nombre} ${recibo.NumeroRecibo}`} okText={`Anular ${t.nombre}`} okButtonProps={{ danger: true }} cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={anular.isPending} onCancel={onCerrar} destroyOnHidden>
      <p>
        Se repondrá el saldo de {recibo.Detalle.length === 1 ? `la cuota ${t.aplicadas.slice(0, -1)}` : `las ${recibo.Detalle.length} cuotas ${t.aplicadas}`} por {dinero(recibo.Monto, recibo.IdMoneda)}.
      </p>
      <Form form={form} layout="vertical" onFinish={enviar}>
        <Form.Item name="Motivo" label="Motivo" rules={[{ required: true, min: 3, message: 'Indique el motivo de la anulación (mínimo 3 caracteres)' }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
