import { App, Button, Input, Space, Switch, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import type { TMarca } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useGuardarMarca, useMarcas, type TClaseMarca } from '../api/marcas';

/** One list (brands or categories): add by name, rename in place, activate or deactivate. */
export function Lista({ clase }: { clase: TClaseMarca }) {
  const consulta = useMarcas(clase, -1);
  const guardar = useGuardarMarca(clase);
  const { message } = App.useApp();
  const [nombre, setNombre] = useState('');
  const [error, setError] = useState<string | null>(null);
  const singular = clase === 'marcas' ? 'marca' : 'categoría';

  async function agregar() {
    setError(null);
    try {
      await guardar.mutateAsync({ datos: { Nombre: nombre } });
      message.success(clase === 'marcas' ? 'Marca registrada' : 'Categoría registrada');
      setNombre('');
    } catch (e) {
      setError(e instanceof ApiError && e.errores.Nombre ? e.errores.Nombre : mensajeDeError(e));
    }
  }
  const editar = (m: TMarca, datos: { Nombre?: string; LogEstado?: 0 | 1 }) =>
    guardar
      .mutateAsync({ id: m.Id, datos: { Nombre: datos.Nombre ?? m.Nombre, LogEstado: datos.LogEstado ?? (m.LogEstado as 0 | 1) } })
      .catch((e: unknown) => message.error(e instanceof ApiError && e.errores.Nombre ? e.errores.Nombre : mensajeDeError(e)));

  return (
    <>
      <Space.Compact style={{ width: '100%', marginBottom: 4 }}>
        <Input aria-label={`Nombre de la nueva ${singular}`} placeholder={`Nueva ${singular}`} maxLength={100} value={nombre} onChange={(e) => setNombre(e.target.value)} onPressEnter={() => void agregar()} status={error ? 'error' : undefined} />
        <Button type="primary" onClick={() => void agregar()} loading={guardar.isPending} disabled={!nombre.trim()}>
          Agregar
        </Button>
      </Space.Compact>
      <div style={{ minHeight: 22, color: '#cf1322' }} role={error ? 'alert' : undefined}>{error}</div>
      <Table<TMarca>
        rowKey="Id"
        size="small"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: clase === 'marcas' ? 'Aún no hay marcas' : 'Aún no hay categorías' }}
        columns={[
          { title: 'Nombre', dataIndex: 'Nombre', render: (v: string, m) => <Typography.Text editable={{ onChange: (n) => n.trim() && n !== v && void editar(m, { Nombre: n }), triggerType: ['icon', 'text'] }}>{v}</Typography.Text> },
          { title: 'Productos', dataIndex: 'Items', align: 'right', width: 100 },
          { title: 'Activa', dataIndex: 'LogEstado', width: 90, render: (v: number, m) => <Switch size="small" aria-label={`Activa ${m.Nombre}`} checked={v === 1} onChange={(c) => void editar(m, { LogEstado: c ? 1 : 0 })} /> },
        ]}
      />
    </>
  );
}

/** Brands and categories of the items (the seed's logisticasoporte data): shown in a drawer of the items screen. */
export function MarcasCategorias() {
  return (
    <Tabs
      items={[
        { key: 'marcas', label: 'Marcas', children: <Lista clase="marcas" /> },
        { key: 'categorias', label: 'Categorías', children: <Lista clase="categorias" /> },
      ]}
    />
  );
}
