import type { TServicio } from '@yupana/contracts';
import { App, Card, Input, Select, Space, Switch, Tag } from 'antd';
import { TablaAdaptable } from '../../../components/tabla-adaptable';
import { mensajeDeError } from '../../../lib/api-error';
import { usePermiso } from '../../../lib/permissions/use-permiso';
import { useEditarServicio, useServicios } from '../api/servicios';
import { OPCIONES_ESTADO, useFiltrosUrl } from '../components/use-filtros-url';
import { ControlesSeguridad } from '../permisos-seguridad';

const MODULOS = ['seguridad', 'contabilidad', 'entidades', 'logistica', 'finanzas', 'pagos', 'rrhh'];

/** The service catalogue the API routes declare (synchronised from code at start); roles grant them. */
export function ServiciosPage() {
  const [f, fijar] = useFiltrosUrl({ pagina: 1, regxpag: 10, estado: -1, filtro: undefined as string | undefined, modulo: undefined as string | undefined });
  const servicios = useServicios(f);
  const editable = usePermiso(ControlesSeguridad.SERVICIOS_GESTIONAR);
  const editar = useEditarServicio();
  const { message } = App.useApp();
  return (
    <Card data-testid="pagina-servicios">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search placeholder="Buscar por código o descripción" allowClear defaultValue={f.filtro} onSearch={(v) => fijar({ filtro: v.trim() })} style={{ width: 280 }} />
        <Select value={f.modulo ?? ''} onChange={(v) => fijar({ modulo: v })} style={{ width: 180 }} aria-label="Módulo" options={[{ value: '', label: 'Todos los módulos' }, ...MODULOS.map((m) => ({ value: m, label: m }))]} />
        <Select value={f.estado} onChange={(v) => fijar({ estado: v })} options={OPCIONES_ESTADO} style={{ width: 140 }} aria-label="Estado" />
      </Space>
      <TablaAdaptable<TServicio>
        rowKey="IdServicio"
        loading={servicios.isFetching}
        dataSource={servicios.data?.Data}
        locale={{ emptyText: servicios.isError ? mensajeDeError(servicios.error) : 'No hay servicios' }}
        pagination={{ current: f.pagina, pageSize: f.regxpag, total: servicios.data?.Count ?? 0, onChange: (pagina, regxpag) => fijar({ pagina, regxpag }) }}
        columns={[
          { title: 'Código', dataIndex: 'Codigo', render: (v: string) => <Tag>{v}</Tag> },
          { title: 'Descripción', dataIndex: 'Descripcion' },
          { title: 'Módulo', dataIndex: 'Modulo' },
          {
            title: 'Activo',
            dataIndex: 'LogEstado',
            render: (e: number, s) => (
              <Switch
                checked={e === 1}
                disabled={!editable}
                aria-label={`Activo ${s.Codigo}`}
                onChange={(v) =>
                  void editar.mutateAsync({ IdServicio: s.IdServicio, Descripcion: s.Descripcion, LogEstado: v ? 1 : 0 }).then(
                    () => void message.success('Servicio actualizado'),
                    (err: unknown) => void message.error(mensajeDeError(err)),
                  )
                }
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
