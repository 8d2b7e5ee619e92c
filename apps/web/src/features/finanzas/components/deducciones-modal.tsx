import { Alert, App, Button, DatePicker, Descriptions, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { TDeduccion } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useCuentasFinancieras } from '../api/finanzas';
import { useAnularDeduccion, useDeducciones, useRegistrarDeduccion, type TLadoDeduccion } from '../api/deducciones';
import { dinero, fechaPe } from '../formato';

type TValores = { Numero: string; Fecha: Dayjs; Monto: string; IdCuentaFinanciera?: number; Observacion?: string };
const MONTO = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * Detracciones (constancia de depósito) and retenciones suffered (comprobante de retención) of one document: what the
 * document expects, what was recorded (each voidable) and the forms to record them; each one lowers the balance.
 * `lado` C a sales document (detracción into our Banco de la Nación account, retención of the customer), P a purchase
 * (our deposit into the supplier's BN account; no retention suffered there).
 */
export function DeduccionesModal({ lado, idDocumento, serieNumero, onCerrar }: { lado: TLadoDeduccion; idDocumento: number; serieNumero: string; onCerrar: () => void }) {
  const { message } = App.useApp();
  const consulta = useDeducciones(lado, idDocumento);
  const registrar = useRegistrarDeduccion(lado, idDocumento);
  const anular = useAnularDeduccion();
  const cuentas = useCuentasFinancieras(1);
  const [form] = Form.useForm<TValores>();
  const [formAnular] = Form.useForm<{ Motivo: string }>();
  const [tipo, setTipo] = useState<'D' | 'R' | null>(null);
  const [anulando, setAnulando] = useState<TDeduccion | null>(null);
  const [error, setError] = useState<string | null>(null);
  const d = consulta.data;
  const m = d?.IdMoneda ?? 1;
  const bancos = (cuentas.data?.Data ?? []).filter((c) => c.IdTipoCuenta === 3 && c.IdMoneda === 1);

  function abrir(t: 'D' | 'R') {
    setError(null);
    setTipo(t);
    const sugerido = t === 'D' ? (d?.Detraccion && Number(d.Detraccion.Pendiente) > 0 ? d.Detraccion.Pendiente : '') : (d?.RetencionSugerida ?? '');
    form.resetFields();
    form.setFieldsValue({ Fecha: dayjs(), Monto: sugerido });
  }

  async function enviar(v: TValores) {
    setError(null);
    const comun = { Fecha: v.Fecha.format('YYYY-MM-DD'), Monto: v.Monto.trim(), Observacion: v.Observacion?.trim() || undefined };
    try {
      if (tipo === 'D') await registrar.mutateAsync({ tipo: 'D', datos: { ...comun, NumeroConstancia: v.Numero.trim(), IdCuentaFinanciera: v.IdCuentaFinanciera ?? null } });
      else await registrar.mutateAsync({ tipo: 'R', datos: { ...comun, SerieNumero: v.Numero.trim() } });
      message.success(tipo === 'D' ? 'Detracción registrada: el saldo del documento bajó' : 'Retención registrada: el saldo del documento bajó');
      setTipo(null);
    } catch (e) {
      setError(mensajeDeError(e));
      if (e instanceof ApiError) {
        const campos: Record<string, keyof TValores> = { NumeroConstancia: 'Numero', SerieNumero: 'Numero', Fecha: 'Fecha', Monto: 'Monto', IdCuentaFinanciera: 'IdCuentaFinanciera' };
        form.setFields(Object.entries(e.errores).filter(([k]) => campos[k]).map(([k, msg]) => ({ name: campos[k], errors: [msg] })));
      }
    }
  }

  async function confirmarAnulacion(v: { Motivo: string }) {
    if (!anulando) return;
    try {
      await anular.mutateAsync({ tipo: anulando.Tipo, id: anulando.Id, motivo: v.Motivo });
      message.success(`${anulando.TipoDescripcion} ${anulando.Numero} anulada: el saldo volvió al documento`);
      setAnulando(null);
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  }

  return (
    <Modal open title={`Detracciones y retenciones de ${serieNumero}`} onCancel={onCerrar} footer={null} width={860} destroyOnHidden>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} />}
      {d && (
        <Descriptions size="small" column={2} bordered style={{ marginBottom: 12 }}>
          <Descriptions.Item label="Total">{dinero(d.Total, m)}</Descriptions.Item>
          <Descriptions.Item label="Saldo pendiente">
            <strong data-testid="saldo-deducciones">{dinero(d.Saldo, m)}</strong>
          </Descriptions.Item>
          {d.Detraccion && (
            <Descriptions.Item label="Detracción del documento" span={2}>
              {d.Detraccion.CodigoBien ? `Código ${d.Detraccion.CodigoBien}, ${d.Detraccion.Porcentaje} %: ` : ''}
              {dinero(d.Detraccion.Monto, m)} (pendiente de depósito: {dinero(d.Detraccion.Pendiente, m)})
            </Descriptions.Item>
          )}
          {d.RetencionSugerida && (
            <Descriptions.Item label="Retención (3 %) si el cliente es agente de retención" span={2}>
              {dinero(d.RetencionSugerida, m)}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => abrir('D')} disabled={!d || Number(d.Saldo) <= 0}>
          Registrar detracción
        </Button>
        {lado === 'C' && (
          <Button onClick={() => abrir('R')} disabled={!d || Number(d.Saldo) <= 0}>
            Registrar retención
          </Button>
        )}
      </Space>
      {tipo && (
        <Form form={form} layout="vertical" onFinish={enviar} aria-label={tipo === 'D' ? 'Registrar detracción' : 'Registrar retención'} style={{ marginBottom: 12 }}>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="error-deduccion" />}
          <Space wrap align="start">
            <Form.Item
              name="Numero"
              label={tipo === 'D' ? 'Número de constancia de depósito' : 'Comprobante de retención (serie-número)'}
              rules={[{ required: true, whitespace: true, message: tipo === 'D' ? 'Indique el número de constancia' : 'Indique la serie y número, por ejemplo R001-123' }]}
            >
              <Input maxLength={30} style={{ width: 240 }} placeholder={tipo === 'D' ? 'Ej. 12345678' : 'Ej. R001-123'} />
            </Form.Item>
            <Form.Item name="Fecha" label={tipo === 'D' ? 'Fecha del depósito' : 'Fecha de la retención'} rules={[{ required: true, message: 'Indique la fecha' }]}>
              <DatePicker format="DD/MM/YYYY" allowClear={false} disabledDate={(f) => f.isAfter(dayjs(), 'day')} />
            </Form.Item>
            <Form.Item name="Monto" label="Monto" rules={[{ required: true, pattern: MONTO, message: 'Monto con hasta 2 decimales' }]}>
              <Input style={{ width: 140 }} inputMode="decimal" />
            </Form.Item>
            {tipo === 'D' && lado === 'C' && (
              <Form.Item name="IdCuentaFinanciera" label="Cuenta del Banco de la Nación (opcional)">
                <Select allowClear style={{ width: 240 }} placeholder="Sin cuenta registrada" options={bancos.map((c) => ({ value: c.Id, label: c.Nombre }))} />
              </Form.Item>
            )}
            <Form.Item name="Observacion" label="Observación">
              <Input maxLength={250} style={{ width: 240 }} />
            </Form.Item>
          </Space>
          <Space>
            <Button type="primary" htmlType="submit" loading={registrar.isPending}>
              {tipo === 'D' ? 'Guardar detracción' : 'Guardar retención'}
            </Button>
            <Button onClick={() => setTipo(null)}>Cancelar</Button>
          </Space>
        </Form>
      )}
      <Table<TDeduccion>
        rowKey="Id"
        size="small"
        loading={consulta.isFetching}
        pagination={false}
        dataSource={d?.Data ?? []}
        locale={{ emptyText: 'Sin detracciones ni retenciones registradas' }}
        columns={[
          { title: 'Tipo', dataIndex: 'TipoDescripcion' },
          { title: 'Constancia / comprobante', dataIndex: 'Numero' },
          { title: 'Fecha', dataIndex: 'Fecha', render: (v: string) => fechaPe(v) },
          { title: 'Monto', dataIndex: 'Monto', align: 'right', render: (v: string, r) => dinero(v, r.IdMoneda) },
          { title: 'Cuenta', dataIndex: 'CuentaFinanciera', render: (v: string | null) => v ?? '' },
          { title: 'Estado', key: 'estado', render: (_, r) => (r.Anulado ? <Tag color="red">Anulada</Tag> : <Tag color="green">Vigente</Tag>) },
          {
            title: 'Acciones',
            key: 'acciones',
            render: (_, r) =>
              r.Anulado ? null : (
                <Button type="link" danger aria-label={`Anular ${r.TipoDescripcion.toLowerCase()} ${r.Numero}`} onClick={() => { formAnular.resetFields(); setAnulando(r); }}>
                  Anular
                </Button>
              ),
          },
        ]}
      />
      {anulando && (
        <Modal
          open
          title={`Anular la ${anulando.TipoDescripcion.toLowerCase()} ${anulando.Numero}`}
          okText="Anular"
          okButtonProps={{ danger: true }}
          cancelText="Cancelar"
          confirmLoading={anular.isPending}
          onOk={() => formAnular.submit()}
          onCancel={() => setAnulando(null)}
          destroyOnHidden
        >
          <p>Se repondrá {dinero(anulando.Monto, anulando.IdMoneda)} al saldo del documento y se revertirá su asiento.</p>
          <Form form={formAnular} layout="vertical" onFinish={confirmarAnulacion}>
            <Form.Item name="Motivo" label="Motivo" rules={[{ required: true, min: 3, message: 'Indique el motivo de la anulación (mínimo 3 caracteres)' }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </Modal>
  );
}
