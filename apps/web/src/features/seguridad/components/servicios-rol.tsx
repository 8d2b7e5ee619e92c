import { App, Input, Switch, Tag } from 'antd';
import { TablaAdaptable } from '../../../components/tabla-adaptable';
import type { TServicio } from '@yupana/contracts';
import { useState } from 'react';
import { mensajeDeError } from '../../../lib/api-error';
import { useRolesServicios, useServicios, useVincularRolServicio } from '../api/servicios';

/** Role-service links: every service of the catalogue with a switch saying whether the role grants it. */
export function ServiciosRol({ idRol, editable }: { idRol: number; editable: boolean }) {
  const [filtro, setFiltro] = useState('');
  const [pagina, setPagina] = useState(1);
  const servicios = useServicios({ pagina, regxpag: 10, filtro: filtro || undefined, estado: 1 });
  const delRol = useRolesServicios({ idRol, pagina: 1, regxpag: 200, estado: 1 });
  const vincular = useVincularRolServicio();
  const { message } = App.useApp();
  const concedidos = new Set((delRol.data?.Data ?? []).filter((v) => v.LogEstado === 1).map((v) => v.IdServicio));
  return (
    <>
      <Input.Search placeholder="Buscar servicio" allowClear onSearch={(v) => { setFiltro(v.trim()); setPagina(1); }} style={{ marginBottom: 12, maxWidth: 320 }} />
      <TablaAdaptable<TServicio>
        rowKey="IdServicio"
        size="small"
        loading={servicios.isFetching || delRol.isFetching}
        dataSource={servicios.data?.Data}
        pagination={{ current: pagina, pageSize: 10, total: servicios.data?.Count ?? 0, onChange: setPagina, showSizeChanger: false }}
        columns={[
          { title: 'Servicio', dataIndex: 'Descripcion', render: (v: string, s) => (<>{v}<div><Tag>{s.Codigo}</Tag></div></>) },
          { title: 'Módulo', dataIndex: 'Modulo' },
          {
            title: 'Concedido',
            key: 'concedido',
            render: (_, s) => (
              <Switch
                checked={concedidos.has(s.IdServicio)}
                disabled={!editable}
                aria-label={`Conceder ${s.Codigo}`}
                onChange={(v) =>
                  void vincular.mutateAsync({ IdRol: idRol, IdServicio: s.IdServicio, LogEstado: v ? 1 : 0 }).then(
                    () => void message.success(v ? 'Servicio concedido' : 'Servicio retirado'),
                    (e: unknown) => void message.error(mensajeDeError(e)),
                  )
                }
              />
            ),
          },
        ]}
      />
    </>
  );
}
