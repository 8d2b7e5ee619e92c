import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MENSAJE_FECHA_CUOTA } from '@yupana/sunat/isomorfico';
import { Button, Col, DatePicker, Form, InputNumber, Row } from 'antd';
import type { Dayjs } from 'dayjs';

/** Installments of a credit sale: each due date must be after the issue date (the seed's message). */
export function CuotasCampos() {
  return (
    <Form.List
      name="Cuotas"
      rules={[{ validator: async (_, v: unknown[]) => (v?.length ? undefined : Promise.reject(new Error('Una venta al crédito necesita al menos una cuota'))) }]}
    >
      {(campos, { add, remove }, { errors }) => (
        <>
          {campos.map((campo, i) => (
            <Row key={campo.key} gutter={8} align="top" data-testid={`cuota-${i}`}>
              <Col xs={10} sm={8}>
                <Form.Item name={[campo.name, 'Monto']} label={i === 0 ? 'Monto' : undefined} rules={[{ required: true, message: 'Monto' }]}>
                  <InputNumber stringMode min="0.01" precision={2} style={{ width: '100%' }} inputMode="decimal" aria-label={`Monto de la cuota ${i + 1}`} />
                </Form.Item>
              </Col>
              <Col xs={11} sm={8}>
                <Form.Item
                  name={[campo.name, 'FechaVencimiento']}
                  label={i === 0 ? 'Vencimiento' : undefined}
                  dependencies={['FechaEmision']}
                  rules={[
                    { required: true, message: 'Fecha' },
                    ({ getFieldValue }) => ({
                      validator(_, f: Dayjs | undefined) {
                        const emision = getFieldValue('FechaEmision') as Dayjs | undefined;
                        if (f && emision && !f.isAfter(emision, 'day')) return Promise.reject(new Error(MENSAJE_FECHA_CUOTA));
                        return Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} inputReadOnly aria-label={`Vencimiento de la cuota ${i + 1}`} />
                </Form.Item>
              </Col>
              <Col xs={3} sm={2} style={{ paddingTop: i === 0 ? 30 : 0 }}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar cuota ${i + 1}`} onClick={() => remove(campo.name)} />
              </Col>
            </Row>
          ))}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} data-testid="agregar-cuota">
            Agregar cuota
          </Button>
        </>
      )}
    </Form.List>
  );
}
