import { RedoOutlined } from '@ant-design/icons';
import { NombreEstadoSunat, NombreTipoDocumento, type TRegularizacion } from '@yupana/contracts';
import { Alert, App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { mensajeDeError } from '../../../lib/api-error';
import { fecha } from '../../../lib/formato';
import { useRegularizaciones, useRegularizar } from '../api/regularizaciones';

/** /admin/regularizaciones: documents stuck in exceptions are sent again with the same number. */
export function RegularizacionesPage() {
  const [pagina, setPagina] = useState(1);
  const lista = useRegularizaciones(pagina);
  const regularizar = useRegularizar();
  const [enCurso, setEnCurso] = useState<number | 'todos' | null>(null);
  const { message } = App.useApp();

  async function reenviar(id: number | null) {
    setEnCurso(id ?? 'todos');
    try {
      const r = await regularizar.mutateAsync(id);
      void message.success(r.Regularizados === 1 ? 'Un documento volvió a la cola de envío' : `${r.Regularizados} documentos volvieron a la cola de envío`);
    } catch (e) {
      void message.error(mensajeDeError(e));
    } finally {
      setEnCurso(null);
    }
  }

  const hay = (lista.data?.Count ?? 0) > 0;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="pagina-regularizaciones">
      <Card size="small">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          Un documento con excepción de SUNAT (códigos 0100 a 1999) o con error de envío no fue procesado: corrija la causa (certificado, usuario SOL, conexión) y vuelva a
          enviarlo. Se envía con el mismo número; nunca se numera de nuevo.
        </Typography.Paragraph>
        <Button type="primary" icon={<RedoOutlined />} disabled={!hay} loading={enCurso === 'todos'} onClick={() => void reenviar(null)}>
          Reenviar todos
        </Button>
      </Card>
      {lista.isError && <Alert type="error" showIcon title={mensajeDeError(lista.error)} />}
      <Card size="small">
        <Table<TRegularizacion>
          rowKey="IdDocumento"
          size="small"
          scroll={{ x: 720 }}
          dataSource={lista.data?.Data ?? []}
          loading={lista.isFetching && !lista.data}
          locale={{ emptyText: 'No hay documentos detenidos: todo se envió a SUNAT' }}
          pagination={{ current: pagina, pageSize: 20, total: lista.data?.Count ?? 0, onChange: setPagina, showSizeChanger: false }}
          columns={[
            { title: 'Fecha', dataIndex: 'FechaEmision', render: (f: string) => fecha(f) },
            {
              title: 'Documento',
              dataIndex: 'SerieNumero',
              render: (s: string, d) => (
                <div>
                  <Link to={`/admin/documentos/${d.IdDocumento}`}>{s}</Link>
                  <div style={{ color: '#64748b', fontSize: 12 }}>{NombreTipoDocumento[d.IdTipoDocumento as keyof typeof NombreTipoDocumento] ?? ''}</div>
                </div>
              ),
            },
            { title: 'Total', dataIndex: 'MontoTotal', align: 'right' },
            { title: 'Estado', dataIndex: 'IdestadoSunat', render: (e: number) => <Tag color={e === 7 ? 'volcano' : 'gold'}>{NombreEstadoSunat[e] ?? e}</Tag> },
            {
              title: 'Causa',
              key: 'causa',
              render: (_, d) => (
                <div style={{ maxWidth: 360 }}>
                  {d.CodigoSunat ? <strong>{d.CodigoSunat} </strong> : null}
                  {d.MensajeSunat ?? d.UltimoError ?? '—'}
                  <div style={{ color: '#64748b', fontSize: 12 }}>{d.Intentos} intento(s)</div>
                </div>
              ),
            },
            {
              title: '',
              key: 'accion',
              render: (_, d) => (
                <Button size="small" icon={<RedoOutlined />} loading={enCurso === d.IdDocumento} onClick={() => void reenviar(d.IdDocumento)}>
                  Reenviar
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
