import { Alert, Card, Select, Space, Table, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import type { TCentrosCostoReporte } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useReporteCentrosCosto } from '../api/libros';
import { monto, nombrePeriodo, periodoActual, periodosRecientes } from '../formato';

type TFila = TCentrosCostoReporte['Data'][number];

/**
 * Report by cost centre: for a range of months, what the entry lines assigned to each centre add up to per account,
 * with the centre's expenses (classes 6 and 9), income (class 7) and result, and what was left without a centre.
 */
export function CentrosCostoPage() {
  const [params, setParams] = useSearchParams();
  const desde = params.get('desde') ?? periodoActual();
  const hasta = params.get('hasta') ?? periodoActual();
  const consulta = useReporteCentrosCosto({ desde, hasta });
  const opciones = periodosRecientes().map((p) => ({ value: p, label: nombrePeriodo(p) }));
  const sinCentro = consulta.data?.SinCentro ?? '0.00';

  return (
    <Card data-testid="pagina-centros-costo">
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text>Desde</Typography.Text>
        <Select aria-label="Periodo desde" value={desde} style={{ width: 180 }} options={opciones} onChange={(v) => setParams({ desde: v, hasta: v > hasta ? v : hasta }, { replace: true })} />
        <Typography.Text>hasta</Typography.Text>
        <Select aria-label="Periodo hasta" value={hasta} style={{ width: 180 }} options={opciones} onChange={(v) => setParams({ desde: v < desde ? v : desde, hasta: v }, { replace: true })} />
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TFila>
        rowKey="IdCentroCosto"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        pagination={false}
        scroll={{ x: 700 }}
        locale={{ emptyText: 'Ningún asiento del rango lleva centro de costo. Asígnelo en las líneas de los asientos.' }}
        expandable={{
          expandedRowRender: (c) => (
            <Table
              rowKey="IdCuenta"
              size="small"
              pagination={false}
              dataSource={c.Cuentas}
              columns={[
                { title: 'Cuenta', dataIndex: 'Codigo', width: 110 },
                { title: 'Denominación', dataIndex: 'Cuenta' },
                { title: 'Debe', dataIndex: 'Debe', align: 'right', render: (v: string) => monto(v) },
                { title: 'Haber', dataIndex: 'Haber', align: 'right', render: (v: string) => monto(v) },
                { title: 'Saldo', dataIndex: 'Saldo', align: 'right', render: (v: string) => monto(v) },
              ]}
            />
          ),
        }}
        columns={[
          { title: 'Código', dataIndex: 'Codigo', width: 110 },
          { title: 'Centro de costo', dataIndex: 'Nombre' },
          { title: 'Gastos', dataIndex: 'Gastos', align: 'right', width: 140, render: (v: string) => monto(v) },
          { title: 'Ingresos', dataIndex: 'Ingresos', align: 'right', width: 140, render: (v: string) => monto(v) },
          { title: 'Resultado', dataIndex: 'Resultado', align: 'right', width: 140, render: (v: string) => <Typography.Text type={Number(v) < 0 ? 'danger' : undefined}>{monto(v)}</Typography.Text> },
        ]}
      />
      {Number(sinCentro) !== 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          data-testid="sin-centro"
          title={`Movimientos de gastos e ingresos (clases 6, 7 y 9) sin centro de costo en el rango: saldo ${monto(sinCentro)} (debe - haber).`}
        />
      )}
    </Card>
  );
}
