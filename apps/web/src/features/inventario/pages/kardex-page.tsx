import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Descriptions, Empty, Form, Select, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import { type TKardexFila, TiposOperacionInventario } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { descargarPleInventario } from '../api/conteos';
import { descargarKardexExcel, useAlmacenes, useKardex } from '../api/inventario';
import { SelectorBien } from '../components/selector-bien';
import { numero, soles } from '../formato';

/** Valued kardex (formato 13.1 columns) of one item in one warehouse over a date range; the query lives in the URL. */
export function KardexPage() {
  const [params, setParams] = useSearchParams();
  const almacenes = useAlmacenes();
  const { message } = App.useApp();
  const iditem = Number(params.get('item')) || 0;
  const idalmacen = Number(params.get('almacen')) || 0;
  const desde = params.get('desde') ?? dayjs().startOf('month').format('YYYY-MM-DD');
  const hasta = params.get('hasta') ?? dayjs().format('YYYY-MM-DD');
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const filtro = iditem && idalmacen ? { iditem, idalmacen, desde, hasta, pagina } : null;
  const consulta = useKardex(filtro);
  const k = consulta.data;
  const [mesPle, setMesPle] = useState<Dayjs>(() => dayjs(desde));

  function consultar(v: { IdItem?: number; IdAlmacen?: number; Rango: [Dayjs, Dayjs] }) {
    const p = new URLSearchParams();
    if (v.IdItem ?? iditem) p.set('item', String(v.IdItem ?? iditem));
    if (v.IdAlmacen) p.set('almacen', String(v.IdAlmacen));
    p.set('desde', v.Rango[0].format('YYYY-MM-DD'));
    p.set('hasta', v.Rango[1].format('YYYY-MM-DD'));
    setParams(p, { replace: true });
  }

  return (
    <Card data-testid="pagina-kardex">
      <Form layout="inline" onFinish={consultar} initialValues={{ IdAlmacen: idalmacen || undefined, Rango: [dayjs(desde), dayjs(hasta)] }} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="IdItem" label="Producto" rules={iditem ? [] : [{ required: true, message: 'Seleccione el producto' }]}>
          <SelectorBien />
        </Form.Item>
        <Form.Item name="IdAlmacen" label="Almacén" rules={[{ required: true, message: 'Seleccione el almacén' }]}>
          <Select style={{ width: 220 }} options={(almacenes.data?.Data ?? []).map((a) => ({ value: a.Id, label: a.Nombre }))} />
        </Form.Item>
        <Form.Item name="Rango" label="Periodo" rules={[{ required: true, message: 'Indique el periodo' }]}>
          <DatePicker.RangePicker format="DD/MM/YYYY" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            Consultar
          </Button>
          <Button
            icon={<FileExcelOutlined />}
            disabled={!filtro}
            onClick={() => filtro && descargarKardexExcel({ iditem, idalmacen, desde, hasta }).catch((e) => message.error(mensajeDeError(e)))}
          >
            Exportar a Excel
          </Button>
        </Space>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text>Libros PLE del mes</Typography.Text>
        <DatePicker picker="month" aria-label="Periodo PLE" format="MM/YYYY" value={mesPle} onChange={(d) => d && setMesPle(d)} allowClear={false} />
        {(['fisico', 'valorizado'] as const).map((tipo) => (
          <Button
            key={tipo}
            icon={<FileTextOutlined />}
            onClick={() => descargarPleInventario(tipo, mesPle.format('YYYY-MM'), idalmacen || undefined).catch((e) => message.error(mensajeDeError(e)))}
          >
            {tipo === 'fisico' ? 'PLE 12.1 (unidades físicas)' : 'PLE 13.1 (valorizado)'}
          </Button>
        ))}
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      {k && (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="Producto">{`${k.Item.Codigo} - ${k.Item.Descripcion} (${k.Item.CodigoUnidad})`}</Descriptions.Item>
          <Descriptions.Item label="Almacén">{k.Almacen}</Descriptions.Item>
          <Descriptions.Item label="Saldo inicial">{`${numero(k.SaldoInicial.Cantidad)} u. · ${soles.format(Number(k.SaldoInicial.Valor))}`}</Descriptions.Item>
        </Descriptions>
      )}
      <Table<TKardexFila>
        rowKey={(f) => `${f.IdMovimiento}-${f.TipoOperacion}-${f.SaldoCantidad}-${f.Fecha}`}
        size="small"
        loading={consulta.isFetching}
        dataSource={k?.Data ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <Empty description={filtro ? 'Sin movimientos en el periodo' : 'Seleccione un producto y un almacén'} /> }}
        pagination={{ current: pagina, pageSize: 100, total: k?.Count ?? 0, showSizeChanger: false, onChange: (p) => { const q = new URLSearchParams(params); q.set('pagina', String(p)); setParams(q, { replace: true }); } }}
        columns={[
          { title: 'Fecha', dataIndex: 'Fecha', render: (v: string) => dayjs(v).format('DD/MM/YYYY') },
          { title: 'Operación', dataIndex: 'TipoOperacion', render: (v: string) => `${v} ${TiposOperacionInventario[v as keyof typeof TiposOperacionInventario] ?? ''}` },
          { title: 'Lote', dataIndex: 'Lote', render: (v: string | null) => v ?? '' },
          { title: 'Entradas', children: [
            { title: 'Cant.', dataIndex: 'EntradaCantidad', align: 'right', render: numero },
            { title: 'C. unit.', dataIndex: 'EntradaCostoUnitario', align: 'right' },
            { title: 'Total', dataIndex: 'EntradaCostoTotal', align: 'right' },
          ] },
          { title: 'Salidas', children: [
            { title: 'Cant.', dataIndex: 'SalidaCantidad', align: 'right', render: numero },
            { title: 'C. unit.', dataIndex: 'SalidaCostoUnitario', align: 'right' },
            { title: 'Total', dataIndex: 'SalidaCostoTotal', align: 'right' },
          ] },
          { title: 'Saldo', children: [
            { title: 'Cant.', dataIndex: 'SaldoCantidad', align: 'right', render: numero },
            { title: 'C. prom.', dataIndex: 'SaldoCostoPromedio', align: 'right' },
            { title: 'Valor', dataIndex: 'SaldoValor', align: 'right' },
          ] },
        ]}
      />
    </Card>
  );
}
