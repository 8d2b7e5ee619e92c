import { Alert, App, Button, Card, DatePicker, Descriptions, Empty, Input, Space, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EstadoSunat, type TComprobanteRetencion } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import {
  abrirPdfRetencion,
  descargarCdrReversion,
  descargarCdrRetencion,
  descargarXmlReversion,
  descargarXmlRetencion,
  useAgenteRetencion,
  useComprobantesRetencion,
  useGuardarAgente,
  useReenviarRetencion,
} from '../api/retenciones';
import { dinero, fechaPe } from '../formato';

const COLOR_ESTADO: Record<number, string> = { 1: 'gold', 2: 'green', 3: 'lime', 4: 'processing', 5: 'red', 7: 'volcano', 11: 'processing', 12: 'purple' };

/** The CRE's SUNAT state; observed, rejected or erróneo show SUNAT's code, and the message on hover. */
function EstadoCre({ c }: { c: TComprobanteRetencion }) {
  const conCodigo = c.CodigoSunat && [3, 5, 7].includes(c.IdEstadoSunat);
  const tag = (
    <Tag color={COLOR_ESTADO[c.IdEstadoSunat] ?? 'default'} data-testid="estado-sunat" data-estado={c.IdEstadoSunat}>
      {c.EstadoSunat}
      {conCodigo ? ` (${c.CodigoSunat})` : ''}
    </Tag>
  );
  return c.MensajeSunat ? <Tooltip title={c.MensajeSunat}>{tag}</Tooltip> : tag;
}

/** A CRE whose sending stopped (erróneo) or that is still pending after a failed attempt: the user may send it again. */
const reenviable = (c: TComprobanteRetencion) => !c.Anulado && (c.IdEstadoSunat === EstadoSunat.ERRONEO || (c.IdEstadoSunat === EstadoSunat.PENDIENTE_ENVIO && Boolean(c.MensajeSunat)));

/** The company as agente de retención: its designation date and the comprobantes de retención its payments issued. */
export function RetencionesPage() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const proveedor = params.get('proveedor') ?? '';
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const [texto, setTexto] = useState(proveedor);
  const agente = useAgenteRetencion();
  const guardar = useGuardarAgente();
  const reenviar = useReenviarRetencion();
  const [desde, setDesde] = useState<string | null>(null);
  const consulta = useComprobantesRetencion({ proveedor, pagina });
  const error = (e: unknown) => message.error(mensajeDeError(e));
  const actual = agente.data?.AgenteRetencionDesde ?? null;

  return (
    <Card data-testid="pagina-retenciones">
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Agente de retención del IGV">
          {agente.isLoading ? '…' : actual ? <Tag color="blue">Designado desde el {fechaPe(actual)}</Tag> : <Tag>No designado</Tag>}
        </Descriptions.Item>
      </Descriptions>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker
          aria-label="Agente de retención desde"
          format="DD/MM/YYYY"
          placeholder="Designado desde"
          value={desde ? dayjs(desde) : null}
          onChange={(d) => setDesde(d ? d.format('YYYY-MM-DD') : null)}
        />
        <Button
          type="primary"
          disabled={!desde}
          loading={guardar.isPending}
          onClick={() => guardar.mutateAsync(desde).then(() => message.success('Designación como agente de retención guardada'), error)}
        >
          Guardar designación
        </Button>
        {actual && (
          <Button danger onClick={() => guardar.mutateAsync(null).then(() => message.success('La empresa ya no retiene en sus pagos'), error)}>
            Dejar de ser agente
          </Button>
        )}
      </Space>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="Los pagos a proveedores de facturas mayores a S/ 700.00 retienen el 3 % del importe pagado y emiten un comprobante de retención electrónico (serie R###)."
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="Proveedor"
          placeholder="RUC o nombre del proveedor"
          allowClear
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          onSearch={(v) => setParams(v.trim() ? { proveedor: v.trim() } : {}, { replace: true })}
          style={{ width: 280 }}
        />
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TComprobanteRetencion>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description="Aún no hay comprobantes de retención emitidos" /> }}
        pagination={{
          current: pagina,
          pageSize: 20,
          total: consulta.data?.Count ?? 0,
          showSizeChanger: false,
          onChange: (p) => setParams({ ...(proveedor ? { proveedor } : {}), pagina: String(p) }, { replace: true }),
        }}
        expandable={{
          expandedRowRender: (c) => (
            <Table
              rowKey="SerieNumero"
              size="small"
              pagination={false}
              dataSource={c.Detalle}
              columns={[
                { title: 'Documento', dataIndex: 'SerieNumero' },
                { title: 'Emisión', dataIndex: 'FechaEmision', render: (v: string) => fechaPe(v) },
                { title: 'Total', dataIndex: 'TotalDocumento', align: 'right', render: (v: string, d) => dinero(v, d.IdMoneda) },
                { title: 'N.° pago', dataIndex: 'NumeroPago' },
                { title: 'Pagado', dataIndex: 'ImportePagado', align: 'right', render: (v: string, d) => dinero(v, d.IdMoneda) },
                { title: 'Retenido', dataIndex: 'Retenido', align: 'right', render: (v: string) => dinero(v, 1) },
                { title: 'Neto pagado', dataIndex: 'NetoPagado', align: 'right', render: (v: string) => dinero(v, 1) },
              ]}
            />
          ),
        }}
        columns={[
          { title: 'Serie-número', dataIndex: 'SerieNumero' },
          { title: 'Fecha', dataIndex: 'FechaEmision', render: (v: string) => fechaPe(v) },
          { title: 'Proveedor', key: 'proveedor', render: (_, c) => `${c.RazonSocialProveedor} (${c.RucProveedor})` },
          { title: 'Pago', dataIndex: 'NumeroRecibo' },
          { title: 'Retenido', dataIndex: 'TotalRetenido', align: 'right', render: (v: string) => dinero(v, 1) },
          { title: 'Pagado (neto)', dataIndex: 'TotalPagado', align: 'right', render: (v: string) => dinero(v, 1) },
          {
            title: 'Estado',
            key: 'estado',
            render: (_, c) => (
              <Space size={4} wrap>
                <EstadoCre c={c} />
                {c.Anulado && <Tag color="red">Pago anulado</Tag>}
                {c.Reversion && (
                  <Tag color={c.Reversion.Estado === 'Rechazado' ? 'red' : 'default'} title={c.Reversion.MensajeSunat ?? ''} data-testid="reversion">
                    {c.Reversion.Nombre.slice(12)}: {c.Reversion.Estado}
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            title: 'Acciones',
            key: 'acciones',
            fixed: 'right',
            render: (_, c) => (
              <Space size={0}>
                <Button type="link" aria-label={`PDF ${c.SerieNumero}`} onClick={() => abrirPdfRetencion(c.Id).catch(error)}>
                  PDF
                </Button>
                <Button type="link" aria-label={`XML ${c.SerieNumero}`} onClick={() => descargarXmlRetencion(c).catch(error)}>
                  XML
                </Button>
                <Button type="link" aria-label={`CDR ${c.SerieNumero}`} disabled={!c.TieneCdr} onClick={() => descargarCdrRetencion(c).catch(error)}>
                  CDR
                </Button>
                {reenviable(c) && (
                  <Button
                    type="link"
                    aria-label={`Reenviar ${c.SerieNumero}`}
                    loading={reenviar.isPending && reenviar.variables === c.Id}
                    onClick={() => reenviar.mutateAsync(c.Id).then(() => message.success(`${c.SerieNumero} se enviará nuevamente a SUNAT`), error)}
                  >
                    Reenviar
                  </Button>
                )}
                {c.Reversion && (
                  <>
                    <Button type="link" aria-label={`XML reversión ${c.SerieNumero}`} onClick={() => descargarXmlReversion(c).catch(error)}>
                      XML RR
                    </Button>
                    <Button type="link" aria-label={`CDR reversión ${c.SerieNumero}`} disabled={c.Reversion.Estado !== 'Aceptado' && c.Reversion.Estado !== 'Rechazado'} onClick={() => descargarCdrReversion(c).catch(error)}>
                      CDR RR
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
