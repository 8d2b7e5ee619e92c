import { Col, Form, Select } from 'antd';
import dayjs from 'dayjs';
import { unidadesBase, useStockVenta } from '../api/stock-venta';

const fecha = (v: string | null) => (v ? dayjs(v).format('DD/MM/YYYY') : 'sin vencimiento');

/**
 * The lot or serial picker of a sale line (factura, boleta, nota de venta) for an item that tracks them, from the
 * stock of the selling branch's default warehouse. Lot: empty = the server's FEFO (the suggested lot is shown);
 * expired lots are listed but cannot be chosen. Serials: one per base unit sold (quantity x the presentation's factor:
 * 1 DZN is 12 serials), the count the server checks.
 */
export function SelectorLoteVenta({
  nombre,
  control,
  idItem,
  idSucursal,
  indice,
  codigoUnidad,
}: {
  nombre: (string | number)[];
  control: 'L' | 'S';
  idItem: number;
  idSucursal: number;
  indice: number;
  codigoUnidad: string | undefined;
}) {
  const stock = useStockVenta(idItem, idSucursal);
  const almacen = stock.data?.Almacen ? ` en ${stock.data.Almacen}` : '';
  if (control === 'L') {
    const lotes = stock.data?.Lotes ?? [];
    const fefo = lotes.find((l) => !l.Vencido);
    return (
      <Col xs={24} md={12}>
        <Form.Item
          name={[...nombre, 'Lote']}
          label="Lote"
          extra={stock.isSuccess ? (fefo ? `Vacío: el que vence primero (FEFO), ${fefo.CodigoLote}` : `No hay lotes vigentes con stock${almacen}`) : undefined}
        >
          <Select
            allowClear
            loading={stock.isLoading}
            placeholder="Automático (FEFO)"
            aria-label={`Lote de la línea ${indice + 1}`}
            popupMatchSelectWidth={false}
            notFoundContent={`Sin lotes con stock${almacen}`}
            options={lotes.map((l) => ({
              value: l.CodigoLote,
              disabled: l.Vencido,
              label: `${l.CodigoLote} · disp. ${l.Disponible} · ${l.Vencido ? 'VENCIDO ' : 'vence '}${fecha(l.FechaVencimiento)}${l === fefo ? ' (FEFO)' : ''}`,
            }))}
          />
        </Form.Item>
      </Col>
    );
  }
  const series = stock.data?.Series ?? [];
  const factor = stock.data?.Presentaciones.find((p) => p.CodigoUnidad === codigoUnidad)?.Factor;
  return (
    <Col xs={24} md={12}>
      <Form.Item
        name={[...nombre, 'Series']}
        label="Series"
        dependencies={[
          [...nombre, 'Cantidad'],
          [...nombre, 'CodigoUnidad'],
        ]}
        extra={`Una serie por unidad${factor ? ` (${codigoUnidad} = ${factor} unidades)` : ''}${almacen}`}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_r, v: string[] | undefined) => {
              // The line's current quantity and unit (this render's may be one keystroke behind).
              const q = getFieldValue(['Items', ...nombre, 'Cantidad']) as string | undefined;
              const u = getFieldValue(['Items', ...nombre, 'CodigoUnidad']) as string | undefined;
              const f = stock.data?.Presentaciones.find((p) => p.CodigoUnidad === u)?.Factor;
              const b = unidadesBase(q, u, stock.data?.Presentaciones);
              const n = b === null ? NaN : b.toNumber();
              const detalle = f ? `: ${q} ${u} × ${f}` : '';
              const elegidas = v?.length ?? 0;
              if (!Number.isInteger(n) || n <= 0) throw new Error('Las series se venden por unidades enteras');
              if (elegidas !== n) throw new Error(`Elija ${n} ${n === 1 ? 'serie' : 'series'} (una por unidad${detalle}); hay ${elegidas}`);
            },
          }),
        ]}
      >
        <Select
          mode="multiple"
          allowClear
          loading={stock.isLoading}
          placeholder="Elija las series vendidas"
          aria-label={`Series de la línea ${indice + 1}`}
          notFoundContent={`Sin series en stock${almacen}`}
          options={series.map((s) => ({ value: s.Numero, label: s.Numero }))}
        />
      </Form.Item>
    </Col>
  );
}
