import type { TPermisoNodo, TServicio } from '@yupana/contracts';
import { Alert, App, Card, Col, Empty, Row, Select, Spin, Switch, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { TablaAdaptable } from '../../../components/tabla-adaptable';
import { useMemo, useState } from 'react';
import { mensajeDeError } from '../../../lib/api-error';
import { usePermiso } from '../../../lib/permissions/use-permiso';
import { useArbolPermisos } from '../api/permisos';
import { usePermisosServicios, useServicios, useVincularPermisoServicio, type TPermisoServicio } from '../api/servicios';
import { ControlesSeguridad } from '../permisos-seguridad';

const TIPOS: Record<number, { texto: string; color: string }> = { 0: { texto: 'Raíz', color: 'blue' }, 1: { texto: 'Control', color: 'green' }, 2: { texto: 'Componente', color: 'purple' } };

function aNodos(nodos: TPermisoNodo[]): TreeDataNode[] {
  return nodos.map((n) => ({
    key: n.IdPermiso,
    title: (
      <span>
        {n.Descripcion} <Tag color={TIPOS[n.Tipo]?.color}>{TIPOS[n.Tipo]?.texto ?? n.Tipo}</Tag>
        {n.LogEstado !== 1 && <Tag>Inactivo</Tag>}
      </span>
    ),
    children: aNodos(n.Hijos),
  }));
}

function buscar(nodos: TPermisoNodo[], id: number): TPermisoNodo | null {
  for (const n of nodos) {
    if (n.IdPermiso === id) return n;
    const h = buscar(n.Hijos, id);
    if (h) return h;
  }
  return null;
}

/** Services a permission node brings with it (permission-service links): holders of the node get them too. */
function ServiciosDePermiso({ permiso, editable }: { permiso: TPermisoNodo; editable: boolean }) {
  const vinculos = usePermisosServicios({ idPermiso: permiso.IdPermiso, pagina: 1, regxpag: 200, estado: 1 });
  const catalogo = useServicios({ pagina: 1, regxpag: 200, estado: 1 });
  const vincular = useVincularPermisoServicio();
  const { message } = App.useApp();
  const activos = (vinculos.data?.Data ?? []).filter((v) => v.LogEstado === 1);
  const cambiar = (IdServicio: number, LogEstado: 0 | 1) =>
    void vincular.mutateAsync({ IdPermiso: permiso.IdPermiso, IdServicio, LogEstado }).then(
      () => void message.success(LogEstado ? 'Servicio vinculado' : 'Vínculo retirado'),
      (e: unknown) => void message.error(mensajeDeError(e)),
    );
  return (
    <>
      <Typography.Title level={5}>{permiso.Descripcion}</Typography.Title>
      <Typography.Paragraph type="secondary">
        Ruta: {permiso.Ruta ?? '—'} · Componente: {permiso.Componente ?? '—'} · Id {permiso.IdPermiso}
      </Typography.Paragraph>
      {editable && (
        <Select<number>
          showSearch
          placeholder="Vincular un servicio"
          style={{ width: '100%', marginBottom: 12 }}
          optionFilterProp="label"
          value={null as unknown as number}
          options={(catalogo.data?.Data ?? []).filter((s: TServicio) => !activos.some((a) => a.IdServicio === s.IdServicio)).map((s) => ({ value: s.IdServicio, label: `${s.Codigo} · ${s.Descripcion}` }))}
          onChange={(id) => cambiar(id, 1)}
        />
      )}
      <TablaAdaptable<TPermisoServicio>
        rowKey="IdServicio"
        size="small"
        loading={vinculos.isFetching}
        dataSource={activos}
        pagination={false}
        locale={{ emptyText: 'Este permiso no trae servicios' }}
        columns={[
          { title: 'Servicio', dataIndex: 'Descripcion', render: (v: string, s) => (<>{v} <Tag>{s.Codigo}</Tag></>) },
          { title: 'Vinculado', key: 'v', render: (_, s) => <Switch checked disabled={!editable} onChange={() => cambiar(s.IdServicio, 0)} aria-label={`Desvincular ${s.Codigo}`} /> },
        ]}
      />
    </>
  );
}

export function PermisosPage() {
  const arbol = useArbolPermisos();
  const editable = usePermiso(ControlesSeguridad.PERMISOS_SERVICIOS_GESTIONAR);
  const [elegido, setElegido] = useState<number | null>(null);
  const datos = useMemo(() => aNodos(arbol.data?.Data ?? []), [arbol.data]);
  const nodo = elegido ? buscar(arbol.data?.Data ?? [], elegido) : null;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <Card title="Árbol de permisos" data-testid="pagina-permisos">
          {arbol.isLoading ? <Spin /> : arbol.isError ? <Alert type="error" showIcon title={mensajeDeError(arbol.error)} /> : <Tree treeData={datos} defaultExpandAll onSelect={(k) => setElegido(k.length ? Number(k[0]) : null)} />}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Servicios del permiso">{nodo ? <ServiciosDePermiso permiso={nodo} editable={editable} /> : <Empty description="Elija un permiso del árbol" />}</Card>
      </Col>
    </Row>
  );
}
