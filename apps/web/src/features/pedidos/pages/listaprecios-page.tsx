import { App, Button, Card, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { monto } from '../../../lib/formato';
import { useGuardarLista, useGuardarPrecios, useListasPrecios, usePreciosLista } from '../api/pedidos';

type TFila = { IdItem: number; Codigo: string; Descripcion: string; PrecioBase: string; Precios: { CodigoUnidad: string; Factor: string; Precio: string }[] };

/** A price of one presentation (unit code and factor) being set for one item. */
function EditorPrecio({ idLista, fila, onCerrar }: { idLista: number; fila: TFila; onCerrar: () => void }) {
  const { message } = App.useApp();
  const guardar = useGuardarPrecios();
  const [precios, setPrecios] = useState(fila.Precios.length ? fila.Precios.map((p) => ({ ...p })) : [{ CodigoUnidad: 'NIU', Factor: '1', Precio: fila.PrecioBase }]);
  const quitados = fila.Precios.filter((p) => !precios.some((x) => x.CodigoUnidad === p.CodigoUnidad));
  return (
    <Modal
      open
      title={`Precios de ${fila.Descripcion}`}
      okText="Guardar"
      cancelText="Cancelar"
      onCancel={onCerrar}
      okButtonProps={{ loading: guardar.isPending }}
      onOk={async () => {
        try {
          await guardar.mutateAsync({
            idLista,
            Precios: [
              ...precios.map((p) => ({ IdItem: fila.IdItem, CodigoUnidad: p.CodigoUnidad, Factor: p.Factor, Precio: p.Precio })),
              ...quitados.map((p) => ({ IdItem: fila.IdItem, CodigoUnidad: p.CodigoUnidad, Precio: null })),
            ],
          });
          message.success('Precios guardados');
          onCerrar();
        } catch (e) {
          message.error(e instanceof ApiError && Object.keys(e.errores).length ? Object.values(e.errores).join(' · ') : mensajeDeError(e));
        }
      }}
    >
      <Typography.Paragraph type="secondary">Precio con IGV por presentación. Factor: unidades base que contiene (caja de 12 = 12).</Typography.Paragraph>
      {precios.map((p, i) => (
        <Space key={i} style={{ marginBottom: 8 }}>
          <Input value={p.CodigoUnidad} maxLength={3} style={{ width: 80 }} aria-label="Unidad" onChange={(e) => setPrecios((ps) => ps.map((x, j) => (j === i ? { ...x, CodigoUnidad: e.target.value.toUpperCase() } : x)))} />
          <Input value={p.Factor} style={{ width: 90 }} aria-label="Factor" inputMode="decimal" onChange={(e) => setPrecios((ps) => ps.map((x, j) => (j === i ? { ...x, Factor: e.target.value } : x)))} />
          <Input value={p.Precio} style={{ width: 120 }} aria-label="Precio" inputMode="decimal" prefix="S/" onChange={(e) => setPrecios((ps) => ps.map((x, j) => (j === i ? { ...x, Precio: e.target.value } : x)))} />
          <Button type="link" danger onClick={() => setPrecios((ps) => ps.filter((_, j) => j !== i))}>
            Quitar
          </Button>
        </Space>
      ))}
      <Button onClick={() => setPrecios((ps) => [...ps, { CodigoUnidad: 'BX', Factor: '12', Precio: '' }])}>Agregar presentación</Button>
    </Modal>
  );
}

/** /admin/listaprecios: the seed's static lists (Estándar, VIP, Mayorista) and named lists, prices per item and presentation. */
export function ListaPreciosPage() {
  const { message, modal } = App.useApp();
  const listas = useListasPrecios();
  const [idLista, setIdLista] = useState<number>();
  const [filtro, setFiltro] = useState('');
  const [pagina, setPagina] = useState(1);
  const precios = usePreciosLista(idLista, filtro, pagina);
  const [editando, setEditando] = useState<TFila | null>(null);
  const crear = useGuardarLista();
  const [nombre, setNombre] = useState('');
  useEffect(() => {
    if (!idLista && listas.data?.Data.length) setIdLista(listas.data.Data[0].Id);
  }, [listas.data, idLista]);
  const actual = listas.data?.Data.find((l) => l.Id === idLista);
  return (
    <div data-testid="pagina-listaprecios">
    <Card>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          value={idLista}
          style={{ width: 220 }}
          aria-label="Lista de precios"
          onChange={(v) => {
            setIdLista(v);
            setPagina(1);
          }}
          options={(listas.data?.Data ?? []).map((l) => ({ value: l.Id, label: `${l.Nombre}${l.Estado ? '' : ' (inactiva)'}` }))}
        />
        {actual && actual.Tipo !== 9 && <Tag>Lista {actual.Tipo === 0 ? 'estándar' : actual.Tipo === 1 ? 'VIP' : 'mayorista'}</Tag>}
        <Input.Search allowClear placeholder="Buscar ítem" style={{ width: 240 }} onSearch={(t) => (setFiltro(t), setPagina(1))} />
        <Button
          onClick={() =>
            modal.confirm({
              title: 'Nueva lista de precios',
              content: <Input autoFocus placeholder="Nombre de la lista" maxLength={100} onChange={(e) => setNombre(e.target.value)} aria-label="Nombre de la lista" />,
              okText: 'Crear',
              cancelText: 'Cancelar',
              onOk: async () => {
                try {
                  const l = await crear.mutateAsync({ Nombre: nombre });
                  setIdLista(l.Id);
                  message.success(`Lista ${l.Nombre} creada`);
                } catch (e) {
                  message.error(e instanceof ApiError && Object.keys(e.errores).length ? Object.values(e.errores).join(' · ') : mensajeDeError(e));
                  throw e;
                }
              },
            })
          }
        >
          Nueva lista
        </Button>
      </Space>
      <Table<TFila>
        rowKey="IdItem"
        loading={precios.isFetching}
        dataSource={precios.data?.Data}
        pagination={{ current: pagina, pageSize: 500, total: precios.data?.Count ?? 0, onChange: setPagina, showSizeChanger: false }}
        scroll={{ x: 700 }}
        locale={{ emptyText: 'No hay ítems activos en el catálogo' }}
        columns={[
          { title: 'Código', dataIndex: 'Codigo' },
          { title: 'Descripción', dataIndex: 'Descripcion' },
          { title: 'Precio del ítem', dataIndex: 'PrecioBase', align: 'right', render: (v: string) => `S/ ${monto(v)}` },
          {
            title: 'Precios en esta lista',
            key: 'p',
            render: (_, f) =>
              f.Precios.length ? (
                <Space size={4} wrap>
                  {f.Precios.map((p) => (
                    <Tag key={p.CodigoUnidad}>{`${p.CodigoUnidad}${p.Factor !== '1.00' ? ` x${Number(p.Factor)}` : ''}: S/ ${monto(p.Precio)}`}</Tag>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary">{actual?.Tipo === 0 ? 'Usa el precio del ítem' : 'Sin precio: usa la lista estándar'}</Typography.Text>
              ),
          },
          { title: '', key: 'e', render: (_, f) => <Button type="link" onClick={() => setEditando(f)}>Fijar precios</Button> },
        ]}
      />
      {editando && idLista && <EditorPrecio idLista={idLista} fila={editando} onCerrar={() => setEditando(null)} />}
    </Card>
    </div>
  );
}
