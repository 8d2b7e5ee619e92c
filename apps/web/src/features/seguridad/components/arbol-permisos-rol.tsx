import { Alert, App, Button, Empty, Space, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import type { TPermisoNodo } from '@yupana/contracts';
import { useMemo, useState } from 'react';
import { mensajeDeError } from '../../../lib/api-error';
import { useAgregarPermisosRol, useArbolPermisosRol, useEstadoPermisoRol } from '../api/roles';

const TIPOS: Record<number, string> = { 0: 'raíz', 1: 'control', 2: 'componente' };

function aNodos(nodos: TPermisoNodo[]): TreeDataNode[] {
  return nodos.map((n) => ({
    key: n.IdPermiso,
    title: (
      <span data-testid={`permiso-${n.IdPermiso}`}>
        {n.Descripcion} <Typography.Text type="secondary" style={{ fontSize: 12 }}>({TIPOS[n.Tipo] ?? n.Tipo})</Typography.Text>
      </span>
    ),
    // The seed's rule: what the role already has is shown checked and cannot be ticked again here.
    disableCheckbox: n.Habilitado,
    children: aNodos(n.Hijos),
  }));
}

function habilitados(nodos: TPermisoNodo[], acc: number[] = []): number[] {
  for (const n of nodos) {
    if (n.Habilitado) acc.push(n.IdPermiso);
    habilitados(n.Hijos, acc);
  }
  return acc;
}

function nombres(nodos: TPermisoNodo[], acc = new Map<number, string>()): Map<number, string> {
  for (const n of nodos) {
    acc.set(n.IdPermiso, n.Descripcion);
    nombres(n.Hijos, acc);
  }
  return acc;
}

/** The role-permission checkbox tree: tick new nodes and add them; a granted node can be withdrawn. */
export function ArbolPermisosRol({ idRol, editable }: { idRol: number; editable: boolean }) {
  const arbol = useArbolPermisosRol(idRol);
  const agregar = useAgregarPermisosRol();
  const estado = useEstadoPermisoRol();
  const { message, modal } = App.useApp();
  const [nuevos, setNuevos] = useState<number[]>([]);
  const datos = useMemo(() => aNodos(arbol.data?.Data ?? []), [arbol.data]);
  const yaTiene = useMemo(() => habilitados(arbol.data?.Data ?? []), [arbol.data]);
  const nombre = useMemo(() => nombres(arbol.data?.Data ?? []), [arbol.data]);

  if (arbol.isLoading) return <Spin />;
  if (arbol.isError) return <Alert type="error" showIcon title={mensajeDeError(arbol.error)} />;
  if (!datos.length) return <Empty description="No hay permisos" />;

  const guardar = () =>
    void agregar.mutateAsync({ IdRol: idRol, Permisos: nuevos }).then(
      () => {
        setNuevos([]);
        void message.success('Permisos agregados al rol');
      },
      (e: unknown) => void message.error(mensajeDeError(e)),
    );

  const retirar = (idPermiso: number, nombre: string) =>
    modal.confirm({
      title: `¿Quitar "${nombre}" del rol?`,
      content: 'También se quitan los permisos que dependen de él.',
      okText: 'Quitar',
      cancelText: 'Cancelar',
      onOk: () =>
        estado.mutateAsync({ IdRol: idRol, IdPermiso: idPermiso, LogEstado: 0 }).then(
          () => void message.success('Permiso retirado'),
          (e: unknown) => void message.error(mensajeDeError(e)),
        ),
    });

  return (
    <>
      <Tree
        checkable={editable}
        checkStrictly
        defaultExpandAll
        selectable={editable}
        treeData={datos}
        checkedKeys={{ checked: [...yaTiene, ...nuevos], halfChecked: [] }}
        onCheck={(v) => {
          const marcados = (Array.isArray(v) ? v : v.checked).map(Number);
          setNuevos(marcados.filter((k) => !yaTiene.includes(k)));
        }}
        onSelect={(_, info) => {
          const id = Number(info.node.key);
          if (editable && yaTiene.includes(id)) retirar(id, nombre.get(id) ?? String(id));
        }}
        style={{ marginBottom: 16 }}
      />
      {editable && (
        <Space>
          <Button type="primary" disabled={!nuevos.length} loading={agregar.isPending} onClick={guardar} data-testid="agregar-permisos">
            Agregar {nuevos.length || ''} permiso{nuevos.length === 1 ? '' : 's'}
          </Button>
          <Typography.Text type="secondary">Los permisos que el rol ya tiene aparecen marcados y bloqueados; haga clic en su nombre para quitarlo.</Typography.Text>
        </Space>
      )}
    </>
  );
}
