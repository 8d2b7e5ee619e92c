import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, InputNumber, Popconfirm, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import type { TPeriodoContable } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useCambiarPeriodo, useCerrarAnio, usePeriodos } from '../api/libros';
import { nombrePeriodo, periodoActual } from '../formato';

/** The months of a year: closing one blocks every new entry dated in it (manual or automatic) until it is reopened. */
export function PeriodosPage() {
  const [params, setParams] = useSearchParams();
  const anio = Number(params.get('anio')) || Number(periodoActual().slice(0, 4));
  const consulta = usePeriodos(anio);
  const cambiar = useCambiarPeriodo();
  const cerrarAnio = useCerrarAnio();
  const { message } = App.useApp();
  const accion = (p: TPeriodoContable, cerrar: boolean) =>
    cambiar.mutateAsync({ periodo: p.Periodo, cerrar }).then(
      () => message.success(`${nombrePeriodo(p.Periodo)} ${cerrar ? 'cerrado' : 'reabierto'}`),
      (e: unknown) => message.error(mensajeDeError(e)),
    );

  return (
    <Card data-testid="pagina-periodos">
      <Space style={{ marginBottom: 12 }}>
        Año:
        <InputNumber aria-label="Año" min={2000} max={2099} value={anio} onChange={(v) => v && setParams({ anio: String(v) }, { replace: true })} />
        <Popconfirm
          title={`¿Cerrar el ejercicio ${anio}? Las cuentas de resultados pasan a la 89 y a resultados acumulados, y se genera el asiento de apertura de ${anio + 1}.`}
          okText="Cerrar ejercicio"
          cancelText="Cancelar"
          onConfirm={() =>
            cerrarAnio.mutateAsync(anio).then(
              (r) => message.success(`Ejercicio ${anio} cerrado; resultado: ${r.Resultado}`),
              (e: unknown) => message.error(mensajeDeError(e)),
            )
          }
        >
          <Button icon={<LockOutlined />} loading={cerrarAnio.isPending}>
            Cerrar ejercicio {anio}
          </Button>
        </Popconfirm>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TPeriodoContable>
        rowKey="Periodo"
        size="middle"
        pagination={false}
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        columns={[
          { title: 'Periodo', key: 'p', render: (_, p) => nombrePeriodo(p.Periodo) },
          { title: 'Estado', dataIndex: 'Estado', render: (v: string) => (v === 'CERRADO' ? <Tag color="red">Cerrado</Tag> : <Tag color="green">Abierto</Tag>) },
          { title: 'Asientos', dataIndex: 'Asientos', align: 'right' },
          { title: 'Cerrado el', dataIndex: 'FechaCierre', render: (v: string | null) => (v ? dayjs(v).format('DD/MM/YYYY HH:mm') : '') },
          {
            title: '',
            key: 'acciones',
            render: (_, p) =>
              p.Estado === 'ABIERTO' ? (
                <Popconfirm title={`¿Cerrar ${nombrePeriodo(p.Periodo)}? No se podrán registrar asientos en el mes.`} okText="Cerrar periodo" cancelText="Cancelar" onConfirm={() => accion(p, true)}>
                  <Button size="small" icon={<LockOutlined />}>
                    Cerrar
                  </Button>
                </Popconfirm>
              ) : (
                <Button size="small" icon={<UnlockOutlined />} onClick={() => accion(p, false)}>
                  Reabrir
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}
