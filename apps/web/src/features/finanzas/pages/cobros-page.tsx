import { Alert, App, Button, Card, Empty, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TCobro } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { abrirRecibo, useCobros } from '../api/finanzas';
import { AnularReciboModal } from '../components/anular-recibo-modal';
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
      {anulando && <AnularReciboModal ruta="cobros" recibo={anulando} onCerrar={() => setAnulando(null)} />}
    </Card>
  );
}
