import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Drawer, Table, Tag } from 'antd';
import { useState } from 'react';
import type { TPlan } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useTodosLosPlanes } from '../api/planes';
import { PlanForm } from '../components/plan-form';
import { importe } from '../../../lib/formato';

/** The provider's plan and package configuration. */
export function PlanConfigPage() {
  const planes = useTodosLosPlanes();
  const [edicion, setEdicion] = useState<{ plan: TPlan | null } | null>(null);
  return (
    <Card
      data-testid="pagina-plan-config"
      title="Planes y paquetes"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdicion({ plan: null })}>
          Nuevo plan
        </Button>
      }
    >
      {planes.isError && <Alert type="error" showIcon title={mensajeDeError(planes.error)} />}
      <Table<TPlan>
        rowKey="Id"
        loading={planes.isFetching}
        dataSource={planes.data?.Data ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          { title: 'Nombre', key: 'n', render: (_, p) => <Tag color={p.Color ?? undefined}>{p.Nombre}</Tag> },
          { title: 'Grupo', dataIndex: 'Grupo' },
          { title: 'Tipo', dataIndex: 'TipoPlanDesc' },
          { title: 'Precio', key: 'p', align: 'right', render: (_, p) => (p.Gratuito ? 'Gratuito' : importe(p.Moneda, p.Precio)) },
          { title: 'Comprobantes', dataIndex: 'CantidadMaxima', align: 'right', render: (n: number) => new Intl.NumberFormat('es-PE').format(n) },
          { title: 'Tiempo de pago', dataIndex: 'TiempoPago' },
          { title: 'Estado', dataIndex: 'LogEstado', render: (e: number) => (e === 1 ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>) },
          { title: 'Acciones', key: 'a', render: (_, p) => <Button type="link" onClick={() => setEdicion({ plan: p })}>Editar</Button> },
        ]}
      />
      <Drawer open={!!edicion} title={edicion?.plan ? 'Editar plan' : 'Nuevo plan'} size={560} onClose={() => setEdicion(null)} destroyOnHidden>
        {edicion && <PlanForm plan={edicion.plan} onListo={() => setEdicion(null)} />}
      </Drawer>
    </Card>
  );
}
