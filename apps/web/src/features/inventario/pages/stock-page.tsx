import { Alert, Card, Checkbox, Empty, Input, Select, Space, Table } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { TStockFila, TStockMinimoFila } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useAlmacenes, useBajoMinimo, useStock } from '../api/inventario';
import { numero, soles } from '../formato';
import { AlertasVencimiento } from '../components/alertas-vencimiento';

/** Stock per item and warehouse, with its weighted-average cost and value; filters live in the URL. */
export function StockPage() {
  const [params, setParams] = useSearchParams();
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const idalmacen = Number(params.get('almacen')) || undefined;
  const filtro = params.get('filtro') ?? '';
  const sinstock = params.get('sinstock') === '1';
  const almacenes = useAlmacenes();
  const bajoMinimo = params.get('minimo') === '1';
  const consulta = useStock({ idalmacen, filtro, sinstock, pagina });
  const minimos = useBajoMinimo({ idalmacen, pagina }, bajoMinimo);
  const cambiar = (cambios: Record<string, string | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(cambios)) if (v) p.set(k, v); else p.delete(k);
    if (!('pagina' in cambios)) p.delete('pagina');
    setParams(p, { replace: true });
  };

  return (
    <>
    <AlertasVencimiento idalmacen={idalmacen} />
    <Card data-testid="pagina-stock">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="Almacén"
          allowClear
          placeholder="Todos los almacenes"
          style={{ minWidth: 240 }}
          value={idalmacen}
          onChange={(v?: number) => cambiar({ almacen: v ? String(v) : undefined })}
          options={(almacenes.data?.Data ?? []).map((a) => ({ value: a.Id, label: a.Nombre }))}
        />
        <Input.Search aria-label="Buscar producto" placeholder="Código o descripción" allowClear defaultValue={filtro} onSearch={(v) => cambiar({ filtro: v || undefined })} style={{ width: 280 }} />
        <Checkbox checked={sinstock} onChange={(e) => cambiar({ sinstock: e.target.checked ? '1' : undefined })}>
          Solo sin stock
        </Checkbox>
        <Checkbox checked={bajoMinimo} onChange={(e) => cambiar({ minimo: e.target.checked ? '1' : undefined })}>
          Bajo el stock mínimo
        </Checkbox>
      </Space>
      {bajoMinimo ? (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={
              idalmacen
                ? 'Productos cuyo stock en el almacén elegido está por debajo de su stock mínimo (el del almacén si lo tiene, si no el del producto)'
                : 'Productos cuyo stock sumado en todos los almacenes está por debajo de su stock mínimo, y los almacenes por debajo de su propio mínimo'
            }
          />
          {minimos.isError && <Alert type="error" showIcon title={mensajeDeError(minimos.error)} style={{ marginBottom: 12 }} />}
          <Table<TStockMinimoFila>
            rowKey={(f) => `${f.IdItem}-${f.IdAlmacen ?? 'todos'}`}
            size="middle"
            data-testid="tabla-bajo-minimo"
            loading={minimos.isFetching}
            dataSource={minimos.data?.Data ?? []}
            scroll={{ x: 700 }}
            locale={{ emptyText: <Empty description="Ningún producto está por debajo de su stock mínimo" /> }}
            pagination={{ current: pagina, pageSize: 20, total: minimos.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => cambiar({ pagina: String(p) }) }}
            columns={[
              { title: 'Código', dataIndex: 'Codigo' },
              { title: 'Producto', dataIndex: 'Descripcion' },
              { title: 'Marca', dataIndex: 'Marca', render: (v: string | null) => v ?? '—' },
              { title: 'Unidad', dataIndex: 'CodigoUnidad' },
              { title: 'Almacén', dataIndex: 'Almacen', render: (v: string | null) => v ?? 'Todos' },
              { title: 'Stock', dataIndex: 'Stock', align: 'right', render: (v: string) => numero(v) },
              { title: 'Stock mínimo', dataIndex: 'StockMinimo', align: 'right', render: (v: string) => numero(v) },
              { title: 'Faltante', dataIndex: 'Faltante', align: 'right', render: (v: string) => numero(v) },
            ]}
          />
        </>
      ) : (
        <>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TStockFila>
        rowKey={(f) => `${f.IdAlmacen}-${f.IdItem}`}
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 800 }}
        locale={{ emptyText: <Empty description="Sin stock registrado: registre un ingreso en Movimientos" /> }}
        pagination={{ current: pagina, pageSize: 20, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => cambiar({ pagina: String(p) }) }}
        columns={[
          { title: 'Código', dataIndex: 'Codigo' },
          { title: 'Producto', dataIndex: 'Descripcion' },
          { title: 'Unidad', dataIndex: 'CodigoUnidad' },
          { title: 'Almacén', dataIndex: 'Almacen' },
          { title: 'Stock', dataIndex: 'Cantidad', align: 'right', render: (v: string) => numero(v) },
          // Held by orders "Por facturar" of the branch (issue 12): what the shop can still promise is the available.
          { title: 'Reservado', dataIndex: 'Reservado', align: 'right', render: (v: string) => numero(v) },
          { title: 'Disponible', dataIndex: 'Disponible', align: 'right', render: (v: string) => numero(v) },
          { title: 'Costo promedio', dataIndex: 'CostoPromedio', align: 'right', render: (v: string) => `S/ ${v}` },
          { title: 'Valor', dataIndex: 'Valor', align: 'right', render: (v: string) => soles.format(Number(v)) },
          { title: '', key: 'k', render: (_, f) => <Link to={`/admin/kardex?item=${f.IdItem}&almacen=${f.IdAlmacen}`}>Kardex</Link> },
        ]}
      />
        </>
      )}
    </Card>
    </>
  );
}
