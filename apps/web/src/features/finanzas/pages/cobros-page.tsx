import { Alert, App, Button, Card, Empty, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TCobro } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { abrirRecibo, useAnularCobro, useCobros } from '../api/finanzas';
import { dinero, fechaPe } from '../formato';

/** Collections of the company: receipt, detail of the dues each one settled, reversal. */
export function CobrosPage() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const cliente = params.get('cliente') ?? '';
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const [texto, setTexto] = useState(cliente);
  const consulta = useCobros({ cliente, pagina });
  const [anulando, setAnulando] = useState<TCobro | null>(null);

  return (
    <Card data-testid="pagina-cobros">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="Cliente"
          placeholder="RUC, DNI o nombre del cliente"
          allowClear
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          onSearch={(v) => setParams(v.trim() ? { cliente: v.trim() } : {}, { replace: true })}
          style={{ width: 280 }}
        />
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TCobro>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description="Aún no hay cobros registrados" /> }}
        pagination={{
          current: pagina,
          pageSize: 20,
          total: consulta.data?.Count ?? 0,
          showSizeChanger: false,
          onChange: (p) => setParams({ ...(cliente ? { cliente } : {}), pagina: String(p) }, { replace: true }),
        }}
        expandable={{
          expandedRowRender: (c) => (
            <Table
              rowKey="IdCuota"
              size="small"
              pagination={false}
              dataSource={c.Detalle}
              columns={[
                { title: 'Documento', dataIndex: 'SerieNumero' },
                { title: 'Cuota', dataIndex: 'NumeroCuota' },
                { title: 'Importe aplicado', dataIndex: 'Monto', align: 'right', render: (v: string, d) => dinero(v, d.IdMoneda) },
                { title: 'Importe recibido', dataIndex: 'MontoCuenta', align: 'right', render: (v: string) => dinero(v, c.IdMoneda) },
              ]}
            />
          ),
        }}
        columns={[
          { title: 'Recibo', dataIndex: 'NumeroRecibo' },
          { title: 'Fecha', dataIndex: 'Fecha', render: (v: string) => fechaPe(v) },
          { title: 'Cliente', key: 'cliente', render: (_, c) => `${c.RazonSocialCliente} (${c.NumeroDocumentoCliente})` },
          { title: 'Forma', key: 'forma', render: (_, c) => (c.NumeroOperacion ? `${c.TipoCobro} · Op. ${c.NumeroOperacion}` : c.TipoCobro) },
          { title: 'Cuenta', dataIndex: 'CuentaFinanciera' },
          { title: 'Monto', dataIndex: 'Monto', align: 'right', render: (v: string, c) => dinero(v, c.IdMoneda) },
          { title: 'Estado', key: 'estado', render: (_, c) => (c.Anulado ? <Tag color="red" title={c.MotivoAnulacion ?? ''}>Anulado</Tag> : <Tag color="green">Vigente</Tag>) },
          {
            title: 'Acciones',
            key: 'acciones',
            fixed: 'right',
            render: (_, c) => (
              <Space size={0}>
                <Button type="link" aria-label={`Recibo ${c.NumeroRecibo}`} onClick={() => abrirRecibo(c.Id).catch((e: unknown) => message.error(mensajeDeError(e)))}>
                  Recibo
                </Button>
                {!c.Anulado && (
                  <Button type="link" danger aria-label={`Anular ${c.NumeroRecibo}`} onClick={() => setAnulando(c)}>
                    Anular
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {anulando && <AnularModal cobro={anulando} onCerrar={() => setAnulando(null)} />}
    </Card>
  );
}

function AnularModal({ cobro, onCerrar }: { cobro: TCobro; onCerrar: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ Motivo: string }>();
  const anular = useAnularCobro();
  async function enviar(v: { Motivo: string }) {
    try {
      await anular.mutateAsync({ id: cobro.Id, motivo: v.Motivo });
      message.success(`Cobro ${cobro.NumeroRecibo} anulado: el saldo volvió a los documentos`);
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && e.errores.Motivo) form.setFields([{ name: 'Motivo', errors: [e.errores.Motivo] }]);
      else message.error(mensajeDeError(e));
    }
  }
  return (
    <Modal open title={`Anular el cobro ${cobro.NumeroRecibo}`} okText="Anular cobro" okButtonProps={{ danger: true }} cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={anular.isPending} onCancel={onCerrar} destroyOnHidden>
      <p>
        Se repondrá el saldo de {cobro.Detalle.length === 1 ? 'la cuota cobrada' : `las ${cobro.Detalle.length} cuotas cobradas`} por {dinero(cobro.Monto, cobro.IdMoneda)}.
      </p>
      <Form form={form} layout="vertical" onFinish={enviar}>
        <Form.Item name="Motivo" label="Motivo" rules={[{ required: true, min: 3, message: 'Indique el motivo de la anulación (mínimo 3 caracteres)' }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
