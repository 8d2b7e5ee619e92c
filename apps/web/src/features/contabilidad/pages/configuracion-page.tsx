import { SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { TMapeoContable } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useCuentas, useGuardarMapeos, useMapeos } from '../api/libros';

/**
 * Which account each automatic entry posts to (taxes, payment means, document types, sales, cost of sales, cash
 * movements, purchases): only accounts of the lowest level of the company's chart can be chosen.
 */
export function ConfiguracionContablePage() {
  const mapeos = useMapeos();
  const cuentas = useCuentas({ movimiento: true });
  const guardar = useGuardarMapeos();
  const { message } = App.useApp();
  const [cambios, setCambios] = useState<Record<string, number>>({});
  useEffect(() => setCambios({}), [mapeos.data]);
  const opciones = useMemo(() => (cuentas.data?.Data ?? []).map((c) => ({ value: c.Id, label: `${c.Codigo} ${c.Descripcion}` })), [cuentas.data]);
  const filas = mapeos.data?.Data ?? [];
  const pendientes = Object.entries(cambios).map(([Clave, IdCuenta]) => ({ Clave, IdCuenta }));
  const onGuardar = () =>
    guardar.mutateAsync(pendientes).then(
      () => message.success('Configuración contable guardada'),
      (e: unknown) => message.error(mensajeDeError(e)),
    );

  return (
    <Card data-testid="pagina-configuracion-contable">
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text type="secondary">Cuentas a las que van los asientos automáticos de ventas, cobros, caja, costo de ventas y compras.</Typography.Text>
        <Button type="primary" icon={<SaveOutlined />} disabled={pendientes.length === 0} loading={guardar.isPending} onClick={onGuardar}>
          Guardar cambios
        </Button>
      </Space>
      {mapeos.isError && <Alert type="error" showIcon title={mensajeDeError(mapeos.error)} style={{ marginBottom: 12 }} />}
      <Table<TMapeoContable>
        rowKey="Clave"
        size="middle"
        pagination={false}
        loading={mapeos.isFetching}
        dataSource={filas}
        columns={[
          { title: 'Grupo', dataIndex: 'Grupo', width: 170, onCell: (f, i) => ({ rowSpan: i !== undefined && i > 0 && filas[i - 1]?.Grupo === f.Grupo ? 0 : filas.filter((x) => x.Grupo === f.Grupo).length }) },
          { title: 'Concepto', dataIndex: 'Descripcion' },
          {
            title: 'Cuenta',
            key: 'cuenta',
            width: 420,
            render: (_, f) => (
              <Space>
                <Select
                  showSearch
                  aria-label={`Cuenta de ${f.Descripcion}`}
                  style={{ width: 340 }}
                  optionFilterProp="label"
                  placeholder={f.Codigo ? `${f.Codigo} (no está en el plan)` : 'Elija la cuenta'}
                  value={cambios[f.Clave] ?? f.IdCuenta ?? undefined}
                  onChange={(v: number) => setCambios((c) => ({ ...c, [f.Clave]: v }))}
                  options={opciones}
                />
                {f.PorDefecto && !cambios[f.Clave] && <Tag>PCGE</Tag>}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
