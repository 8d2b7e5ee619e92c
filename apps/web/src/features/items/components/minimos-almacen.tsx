import { App, Button, Card, Empty, Input, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { TMinimoAlmacen } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useGuardarMinimos, useMinimosAlmacen } from '../api/imagenes';

const PATRON = /^\d{1,12}(\.\d{1,4})?$/;

/**
 * The item's minimum stock per warehouse (branch imagenes): empty = the item's general minimum applies there. Saved at
 * once; Inventario › Stock › "Bajo el mínimo" compares each warehouse with its own figure.
 */
export function MinimosAlmacen({ idItem }: { idItem: number }) {
  const { message } = App.useApp();
  const consulta = useMinimosAlmacen(idItem);
  const guardar = useGuardarMinimos(idItem);
  const [valores, setValores] = useState<Record<number, string>>({});
  const [errores, setErrores] = useState<Record<number, string>>({});

  useEffect(() => {
    if (consulta.data) setValores(Object.fromEntries(consulta.data.Data.map((m) => [m.IdAlmacen, m.StockMinimo ?? ''])));
  }, [consulta.data]);

  async function enviar() {
    const filas = consulta.data?.Data ?? [];
    const locales: Record<number, string> = {};
    for (const m of filas) {
      const v = (valores[m.IdAlmacen] ?? '').trim();
      if (v && !PATRON.test(v)) locales[m.IdAlmacen] = 'Número no negativo de hasta 4 decimales';
    }
    setErrores(locales);
    if (Object.keys(locales).length) return;
    try {
      await guardar.mutateAsync({ Minimos: filas.map((m) => ({ IdAlmacen: m.IdAlmacen, StockMinimo: (valores[m.IdAlmacen] ?? '').trim() || null })) });
      message.success('Stock mínimo por almacén guardado');
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) message.error(Object.values(e.errores).join('; '));
      else message.error(mensajeDeError(e));
    }
  }

  const general = consulta.data?.StockMinimoItem;
  return (
    <Card size="small" title="Stock mínimo por almacén" style={{ marginTop: 16 }} data-testid="minimos-almacen">
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        Si lo indica, reemplaza al stock mínimo del producto ({general ?? 'sin definir'}) en ese almacén. Vacío: rige el del producto.
      </Typography.Text>
      {consulta.isError && <Typography.Text type="danger">{mensajeDeError(consulta.error)}</Typography.Text>}
      <Table<TMinimoAlmacen>
        rowKey="IdAlmacen"
        size="small"
        pagination={false}
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="La empresa no tiene almacenes" /> }}
        columns={[
          { title: 'Almacén', dataIndex: 'Almacen', render: (v: string, m) => (m.Sucursal ? `${v} (${m.Sucursal})` : v) },
          {
            title: 'Stock mínimo',
            key: 'minimo',
            width: 180,
            render: (_, m) => (
              <>
                <Input
                  size="small"
                  inputMode="decimal"
                  aria-label={`Stock mínimo en ${m.Almacen}`}
                  placeholder={general ?? '—'}
                  status={errores[m.IdAlmacen] ? 'error' : undefined}
                  value={valores[m.IdAlmacen] ?? ''}
                  onChange={(e) => setValores((v) => ({ ...v, [m.IdAlmacen]: e.target.value }))}
                />
                {errores[m.IdAlmacen] && <Typography.Text type="danger" style={{ fontSize: 12 }}>{errores[m.IdAlmacen]}</Typography.Text>}
              </>
            ),
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 8 }}>
        <Button onClick={() => void enviar()} loading={guardar.isPending} disabled={!consulta.data?.Data.length}>
          Guardar mínimos por almacén
        </Button>
      </div>
    </Card>
  );
}
