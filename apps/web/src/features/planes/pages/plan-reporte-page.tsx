import { Alert, Card, DatePicker, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { mensajeDeError } from '../../../lib/api-error';
import { useReportePagos, type TFilaReporte } from '../api/reporte';
import { importe } from '../../../lib/formato';

const COLOR: Record<number, string> = { 1: 'gold', 2: 'blue', 4: 'green', 5: 'green', 6: 'red', 7: 'default' };

/** Provider report: payments per package and status in a date range (the range lives in the URL). */
export function PlanReportePage() {
  const [params, setParams] = useSearchParams();
  const desde = params.get('desde') ?? dayjs().startOf('month').format('YYYY-MM-DD');
  const hasta = params.get('hasta') ?? dayjs().format('YYYY-MM-DD');
  const q = useReportePagos(desde, hasta);
  return (
    <Card data-testid="pagina-plan-reporte" title="Reporte de pagos">
      <DatePicker.RangePicker
        value={[dayjs(desde), dayjs(hasta)]}
        format="DD/MM/YYYY"
        allowClear={false}
        onChange={(r) => r?.[0] && r[1] && setParams({ desde: r[0].format('YYYY-MM-DD'), hasta: r[1].format('YYYY-MM-DD') }, { replace: true })}
        style={{ marginBottom: 12 }}
      />
      {q.isError && <Alert type="error" showIcon title={mensajeDeError(q.error)} />}
      <Table<TFilaReporte>
        rowKey={(f) => `${f.NombrePaquete}-${f.Moneda}-${f.Estado}`}
        loading={q.isFetching}
        dataSource={q.data?.Data ?? []}
        pagination={false}
        locale={{ emptyText: 'No hay pagos en el rango elegido' }}
        columns={[
          { title: 'Paquete', dataIndex: 'NombrePaquete' },
          { title: 'Estado', key: 'e', render: (_, f) => <Tag color={COLOR[f.Estado]}>{f.DescripcionEstado}</Tag> },
          { title: 'Pagos', dataIndex: 'Cantidad', align: 'right' },
          { title: 'Monto', key: 'm', align: 'right', render: (_, f) => importe(f.Moneda, f.Monto) },
        ]}
      />
    </Card>
  );
}
