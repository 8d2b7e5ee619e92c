import { Alert, App, Card, Input, Switch, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import type { TUnidadEmpresa } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useGuardarUnidad, useUnidades } from '../api/unidades';
import { Lista } from '../components/marcas-categorias';

/** Units of measure of catálogo 03 the item forms offer: search, switch on or off (NIU stays on). */
function Unidades() {
  const [buscar, setBuscar] = useState('');
  const [estado, setEstado] = useState<1 | -1>(-1);
  const consulta = useUnidades(estado, buscar.trim());
  const guardar = useGuardarUnidad();
  const { message } = App.useApp();

  const cambiar = (u: TUnidadEmpresa, activa: boolean) =>
    guardar
      .mutateAsync({ codigo: u.Codigo, activa })
      .then(() => message.success(activa ? `Unidad ${u.Codigo} activada` : `Unidad ${u.Codigo} desactivada`))
      .catch((e: unknown) => message.error(e instanceof ApiError && e.errores.Activa ? e.errores.Activa : mensajeDeError(e)));

  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="Las unidades activas se ofrecen al registrar productos. NIU es la unidad por defecto. Desactivar una unidad no la quita de los productos que ya la usan."
      />
      <div style={{ display: 'flex', gap: 12, marginBottom: 12, alignItems: 'center' }}>
        <Input.Search aria-label="Buscar unidad" placeholder="Código o descripción (p. ej. KGM, box)" allowClear style={{ maxWidth: 360 }} onSearch={(v) => setBuscar(v)} />
        <Switch aria-label="Solo activas" checked={estado === 1} onChange={(c) => setEstado(c ? 1 : -1)} checkedChildren="Solo activas" unCheckedChildren="Todas" />
      </div>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} />}
      <Table<TUnidadEmpresa>
        rowKey="Codigo"
        size="small"
        data-testid="tabla-unidades"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: 'Ninguna unidad coincide' }}
        columns={[
          { title: 'Código', dataIndex: 'Codigo', width: 100, render: (c: string) => <Tag>{c}</Tag> },
          { title: 'Descripción (catálogo 03)', dataIndex: 'Descripcion' },
          { title: 'Productos', dataIndex: 'Items', align: 'right', width: 100 },
          {
            title: 'Activa',
            dataIndex: 'Activa',
            width: 100,
            render: (v: boolean, u) => (
              <Switch size="small" aria-label={`Activa ${u.Codigo}`} checked={v} disabled={u.Codigo === 'NIU'} loading={guardar.isPending && guardar.variables?.codigo === u.Codigo} onChange={(c) => void cambiar(u, c)} />
            ),
          },
        ]}
      />
    </>
  );
}

/** logisticasoporte: the supporting catalogues of the items (units, categories and brands). */
export function LogisticaSoportePage() {
  return (
    <Card data-testid="pagina-logisticasoporte">
      <Tabs
        items={[
          { key: 'unidades', label: 'Unidades de medida', children: <Unidades /> },
          { key: 'categorias', label: 'Categorías', children: <Lista clase="categorias" /> },
          { key: 'marcas', label: 'Marcas', children: <Lista clase="marcas" /> },
        ]}
      />
    </Card>
  );
}
