import { Alert, App, Button, Checkbox, Col, Empty, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { NombresSistemaPension, RegimenesLaborales, SistemasPension, TiposComisionAfp, type TSistemaPension, type TTrabajador } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useContratosMasivo } from '../api/contratos-masivo';

type Valores = { Trabajadores: number[]; Regimen: 1 | 2 | 3; Remuneracion: string; FechaInicio: string; FechaFin?: string; SistemaPension: TSistemaPension; TipoComision?: 'FLUJO' | 'MIXTA' };

/**
 * The same contract for several workers without one (seed `contratos/masivo`): all are registered or none, and a
 * rejected batch lists each worker's error.
 */
export function ContratosMasivo({ trabajadores, onGuardado }: { trabajadores: TTrabajador[]; onGuardado: () => void }) {
  const [form] = Form.useForm<Valores>();
  const guardar = useContratosMasivo();
  const { message } = App.useApp();
  const [errores, setErrores] = useState<string[]>([]);
  const sistema = Form.useWatch('SistemaPension', form);
  const sinContrato = trabajadores.filter((t) => !t.Contrato);

  async function enviar(v: Valores) {
    setErrores([]);
    const elegidos = sinContrato.filter((t) => v.Trabajadores.includes(t.Id));
    try {
      const r = await guardar.mutateAsync({
        Contratos: elegidos.map((t) => ({
          IdTrabajador: t.Id,
          Regimen: v.Regimen,
          Remuneracion: v.Remuneracion,
          FechaInicio: v.FechaInicio,
          FechaFin: v.FechaFin || null,
          SistemaPension: v.SistemaPension,
          TipoComision: v.SistemaPension === 'ONP' ? null : v.TipoComision,
        })),
      });
      message.success(r.Registrados === 1 ? '1 contrato registrado' : `${r.Registrados} contratos registrados`);
      onGuardado();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) {
        // Errors come as Contratos.<row>.<field>: show them with the worker's name.
        setErrores(
          Object.entries(e.errores).map(([clave, texto]) => {
            const fila = /^Contratos\.(\d+)\./.exec(clave);
            const t = fila ? elegidos[Number(fila[1])] : undefined;
            return t ? `${t.NombreCompleto}: ${texto}` : texto;
          }),
        );
        message.error(e.message);
      } else message.error(mensajeDeError(e));
    }
  }

  if (!sinContrato.length) return <Empty description="Todos los trabajadores de esta página ya tienen contrato" />;
  return (
    <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ Trabajadores: [], Regimen: 1, SistemaPension: 'ONP' }} requiredMark="optional" data-testid="form-contratos-masivo">
      <Form.Item name="Trabajadores" label="Trabajadores sin contrato (de esta página)" rules={[{ required: true, type: 'array', min: 1, message: 'Elija al menos un trabajador' }]}>
        <Checkbox.Group>
          <Space orientation="vertical">
            {sinContrato.map((t) => (
              <Checkbox key={t.Id} value={t.Id}>
                {t.NombreCompleto} ({t.Documento})
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      </Form.Item>
      <Typography.Text type="secondary">El mismo contrato para todos los elegidos: se registran todos o ninguno.</Typography.Text>
      <Row gutter={12} style={{ marginTop: 12 }}>
        <Col span={12}>
          <Form.Item name="Regimen" label="Régimen laboral" rules={[{ required: true, message: 'Seleccione el régimen laboral' }]}>
            <Select aria-label="Régimen laboral" options={Object.entries(RegimenesLaborales).map(([value, label]) => ({ value: Number(value), label }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="Remuneracion" label="Remuneración mensual (S/)" rules={[{ required: true, message: 'Ingrese la remuneración' }, { pattern: /^\d{1,9}(\.\d{1,2})?$/, message: 'Monto no válido (hasta 2 decimales)' }]}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="FechaInicio" label="Fecha de inicio" rules={[{ required: true, message: 'Ingrese la fecha de inicio' }]}>
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="FechaFin" label="Fecha de fin (vacía si es indeterminado)">
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="SistemaPension" label="Sistema de pensiones" rules={[{ required: true, message: 'Seleccione el sistema de pensiones' }]}>
            <Select aria-label="Sistema de pensiones" options={SistemasPension.map((c) => ({ value: c, label: NombresSistemaPension[c] }))} />
          </Form.Item>
        </Col>
        {sistema && sistema !== 'ONP' && (
          <Col span={12}>
            <Form.Item name="TipoComision" label="Tipo de comisión" rules={[{ required: true, message: 'Seleccione el tipo de comisión de la AFP' }]}>
              <Select aria-label="Tipo de comisión" options={Object.entries(TiposComisionAfp).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
          </Col>
        )}
      </Row>
      {errores.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="No se registró ningún contrato"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }} aria-label="Errores por trabajador">
              {errores.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <Button type="primary" htmlType="submit" loading={guardar.isPending}>
        Registrar contratos
      </Button>
    </Form>
  );
}
