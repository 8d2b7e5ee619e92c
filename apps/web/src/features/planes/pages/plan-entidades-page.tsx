import { Alert, Card, Table, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import type { TPlanEntidad } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { fecha, NOMBRE_TIPO_EMPRESA } from '../../../lib/formato';
import { usePlanesEntidades } from '../api/planes';

/** Which company has which plan, with its allowance and validity (provider side). */
export function PlanEntidadesPage() {
  const [params, setParams] = useSearchParams();
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const q = usePlanesEntidades(pagina);
  return (
    <Card data-testid="pagina-plan-entidades" title="Planes por empresa">
      {q.isError && <Alert type="error" showIcon title={mensajeDeError(q.error)} />}
      <Table<TPlanEntidad>
        rowKey="IdEmpresa"
        loading={q.isFetching}
        dataSource={q.data?.Data ?? []}
        scroll={{ x: 800 }}
        pagination={{ current: pagina, pageSize: 10, total: q.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => setParams({ pagina: String(p) }, { replace: true }) }}
        columns={[
          { title: 'Empresa', dataIndex: 'RazonSocial' },
          { title: 'RUC', dataIndex: 'Documento', render: (d: string | null) => d ?? '—' },
          { title: 'Tipo', dataIndex: 'TipoEmpresa', render: (t: number) => NOMBRE_TIPO_EMPRESA[t] },
          { title: 'Plan', dataIndex: 'NombrePlan', render: (n: string | null) => (n ? <Tag color="blue">{n}</Tag> : 'Sin plan') },
          { title: 'Comprobantes', key: 'c', align: 'right', render: (_, e) => `${e.NumeroComprobantesContablesUsados} / ${e.NumeroComprobantesContablesDisponibles}` },
          { title: 'Vigencia', dataIndex: 'FechaVencimiento', render: (f: string | null) => fecha(f) },
        ]}
      />
    </Card>
  );
}
