import { DownOutlined, UserAddOutlined } from '@ant-design/icons';
import { EstadoUsuario, ParametrosSeguridad, type TUsuarioEmpresa } from '@yupana/contracts';
import { App, Button, Card, Dropdown, Input, Modal, Select, Space, Switch, Tag, Tooltip, Typography, type MenuProps } from 'antd';
import { TablaAdaptable } from '../../../components/tabla-adaptable';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { mensajeDeError } from '../../../lib/api-error';
import { authStorage } from '../../../lib/auth-storage';
import { usePermiso } from '../../../lib/permissions/use-permiso';
import { EnlaceCompartir } from '../components/enlace-compartir';
import { InvitarUsuarioModal } from '../components/invitar-usuario-modal';
import {
  useAsignarRoles,
  useAsignarSucursales,
  useCambiarEstadoUsuario,
  useCerrarSesionesUsuario,
  useGuardarParametro,
  useParametroEmpresa,
  useRestablecerContrasenha,
  useSucursalesEmpresa,
  useRolesAsignables,
  useUsuarios,
  type TRestablecerRespuesta,
} from '../api/usuarios';
import { ControlesUsuarios } from './controles';

const ESTADOS: Record<number, { texto: string; color: string }> = {
  [EstadoUsuario.ACTIVO]: { texto: 'Activo', color: 'green' },
  [EstadoUsuario.INACTIVO]: { texto: 'Inactivo', color: 'default' },
  [EstadoUsuario.ELIMINADO]: { texto: 'Eliminado', color: 'red' },
  [EstadoUsuario.INVITACION_PENDIENTE]: { texto: 'Invitación pendiente', color: 'gold' },
};

type TEdicion = { tipo: 'roles' | 'sucursales'; usuario: TUsuarioEmpresa } | null;

function AsignacionModal({ edicion, roles, onCerrar }: { edicion: NonNullable<TEdicion>; roles: { value: number; label: string }[]; onCerrar: () => void }) {
  const { usuario, tipo } = edicion;
  const sucursales = useSucursalesEmpresa().data?.Data ?? [];
  const [valor, setValor] = useState<number[]>(tipo === 'roles' ? usuario.Roles.map((r) => r.Id) : usuario.Sucursales.map((s) => s.Id));
  const asignarRoles = useAsignarRoles();
  const asignarSucursales = useAsignarSucursales();
  const m = tipo === 'roles' ? asignarRoles : asignarSucursales;
  const { message } = App.useApp();
  const guardar = async () => {
    try {
      if (tipo === 'roles') await asignarRoles.mutateAsync({ IdUsuario: usuario.IdUsuario, Roles: valor });
      else await asignarSucursales.mutateAsync({ IdUsuario: usuario.IdUsuario, Sucursales: valor });
      void message.success(tipo === 'roles' ? 'Roles actualizados' : 'Sucursales actualizadas');
      onCerrar();
    } catch {
      // The error is shown in the dialog below.
    }
  };
  const opciones = tipo === 'roles' ? roles : sucursales.map((s) => ({ value: s.Id, label: s.Descripcion || s.RazonSocial }));
  return (
    <Modal open title={`${tipo === 'roles' ? 'Roles' : 'Sucursales'} de ${usuario.Usuario}`} okText="Guardar" cancelText="Cancelar" onOk={() => void guardar()} confirmLoading={m.isPending} onCancel={onCerrar}>
      <Select mode="multiple" style={{ width: '100%' }} value={valor} onChange={setValor} options={opciones} optionFilterProp="label" aria-label={tipo === 'roles' ? 'Roles' : 'Sucursales'} />
      {m.error && <Typography.Paragraph type="danger" style={{ marginTop: 8 }}>{mensajeDeError(m.error)}</Typography.Paragraph>}
    </Modal>
  );
}

function SesionUnicaSwitch({ puedeEditar }: { puedeEditar: boolean }) {
  const parametro = useParametroEmpresa(ParametrosSeguridad.SESION_UNICA);
  const guardar = useGuardarParametro();
  const { message } = App.useApp();
  const activa = parametro.data?.Valor === '1';
  return (
    <Tooltip title="Con sesión única, al ingresar un usuario desde otro equipo o navegador se cierran sus sesiones anteriores.">
      <Space>
        <Switch
          checked={activa}
          loading={parametro.isLoading || guardar.isPending}
          disabled={!puedeEditar || parametro.isError}
          aria-label="Sesión única"
          data-testid="sesion-unica"
          onChange={(v) =>
            void guardar.mutateAsync({ IdUsuario: 0, Codigo: ParametrosSeguridad.SESION_UNICA, Valor: v ? '1' : '0' }).then(
              () => void message.success(v ? 'Sesión única activada' : 'Sesión única desactivada'),
              (e: unknown) => void message.error(mensajeDeError(e)),
            )
          }
        />
        <span>Sesión única</span>
      </Space>
    </Tooltip>
  );
}

export function UsuariosPage() {
  const [params, setParams] = useSearchParams();
  const filtro = { pagina: Number(params.get('pagina') || 1), regxpag: Number(params.get('regxpag') || 10), filtro: params.get('filtro') || undefined, estado: Number(params.get('estado') ?? -1), idRol: Number(params.get('idRol') || 0) };
  const fijar = (cambios: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(cambios)) if (v === undefined || v === '') p.delete(k); else p.set(k, String(v));
    if (!('pagina' in cambios)) p.delete('pagina');
    setParams(p, { replace: true });
  };
  const usuarios = useUsuarios(filtro);
  const roles = (useRolesAsignables().data?.Data ?? []).map((r) => ({ value: r.IdRol, label: r.Nombre }));
  const puedeInvitar = usePermiso(ControlesUsuarios.INVITAR);
  const puedeGestionar = usePermiso(ControlesUsuarios.GESTIONAR);
  const [invitando, setInvitando] = useState(false);
  const [edicion, setEdicion] = useState<TEdicion>(null);
  const [enlace, setEnlace] = useState<TRestablecerRespuesta | null>(null);
  const estado = useCambiarEstadoUsuario();
  const restablecer = useRestablecerContrasenha();
  const cerrarSesiones = useCerrarSesionesUsuario();
  const { message, modal } = App.useApp();
  const yo = authStorage.dataUser()?.IdUsuario;

  const ejecutar = (p: Promise<unknown>, exito: string) => void p.then(() => void message.success(exito), (e: unknown) => void message.error(mensajeDeError(e)));

  const acciones = (u: TUsuarioEmpresa): MenuProps['items'] => [
    u.Estado === EstadoUsuario.ACTIVO
      ? { key: 'desactivar', label: 'Desactivar', disabled: u.IdUsuario === yo, onClick: () => ejecutar(estado.mutateAsync({ IdUsuario: u.IdUsuario, Estado: 0 }), 'Usuario desactivado') }
      : { key: 'activar', label: 'Activar', disabled: u.Estado === EstadoUsuario.INVITACION_PENDIENTE, onClick: () => ejecutar(estado.mutateAsync({ IdUsuario: u.IdUsuario, Estado: 1 }), 'Usuario activado') },
    { key: 'roles', label: 'Roles', onClick: () => setEdicion({ tipo: 'roles', usuario: u }) },
    { key: 'sucursales', label: 'Sucursales', onClick: () => setEdicion({ tipo: 'sucursales', usuario: u }) },
    { key: 'restablecer', label: 'Restablecer contraseña', onClick: () => void restablecer.mutateAsync(u.IdUsuario).then(setEnlace, (e: unknown) => void message.error(mensajeDeError(e))) },
    {
      key: 'cerrar-sesion',
      label: 'Cerrar sesión',
      disabled: u.IdUsuario === yo,
      onClick: () =>
        modal.confirm({
          title: `¿Cerrar todas las sesiones de ${u.Usuario}?`,
          content: 'El usuario saldrá de inmediato en todos sus equipos y deberá ingresar de nuevo.',
          okText: 'Cerrar sesión',
          cancelText: 'Cancelar',
          onOk: () => ejecutar(cerrarSesiones.mutateAsync(u.IdUsuario), 'Se cerraron las sesiones del usuario'),
        }),
    },
    { type: 'divider' },
    {
      key: 'eliminar',
      label: 'Eliminar',
      danger: true,
      disabled: u.IdUsuario === yo || u.Estado === EstadoUsuario.ELIMINADO,
      onClick: () =>
        modal.confirm({
          title: `¿Eliminar al usuario ${u.Usuario}?`,
          content: 'Ya no podrá ingresar. Su historial se conserva.',
          okText: 'Eliminar',
          okButtonProps: { danger: true },
          cancelText: 'Cancelar',
          onOk: () => ejecutar(estado.mutateAsync({ IdUsuario: u.IdUsuario, Estado: 2 }), 'Usuario eliminado'),
        }),
    },
  ];

  return (
    <Card data-testid="pagina-usuarios">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search placeholder="Buscar por usuario, nombre o correo" allowClear defaultValue={filtro.filtro} onSearch={(v) => fijar({ filtro: v.trim() })} style={{ width: 280 }} />
          <Select
            value={filtro.estado}
            onChange={(v) => fijar({ estado: v })}
            style={{ width: 190 }}
            aria-label="Estado"
            options={[{ value: -1, label: 'Todos los estados' }, ...[1, 0, 3, 2].map((e) => ({ value: e, label: ESTADOS[e].texto }))]}
          />
          <Select value={filtro.idRol} onChange={(v) => fijar({ idRol: v })} style={{ width: 180 }} aria-label="Rol" options={[{ value: 0, label: 'Todos los roles' }, ...roles]} />
        </Space>
        <Space wrap>
          <SesionUnicaSwitch puedeEditar={puedeGestionar} />
          {puedeInvitar && (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInvitando(true)}>
              Invitar usuario
            </Button>
          )}
        </Space>
      </Space>
      <TablaAdaptable<TUsuarioEmpresa>
        rowKey="IdUsuario"
        loading={usuarios.isFetching}
        dataSource={usuarios.data?.Data}
        scroll={{ x: 900 }}
        locale={{ emptyText: usuarios.isError ? mensajeDeError(usuarios.error) : 'No hay usuarios para este filtro' }}
        pagination={{
          current: filtro.pagina,
          pageSize: filtro.regxpag,
          total: usuarios.data?.Count ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `${t} usuarios`,
          onChange: (pagina, regxpag) => fijar({ pagina, regxpag }),
        }}
        onRow={(u) => ({ 'data-testid': `usuario-${u.Usuario}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: 'Usuario', dataIndex: 'Usuario', render: (v: string, u) => (<><strong>{v}</strong><div style={{ color: '#64748b', fontSize: 12 }}>{`${u.Nombres} ${u.Apellidos}`.trim()}</div></>) },
          { title: 'Correo', dataIndex: 'Correo', render: (v: string | null) => v ?? '—' },
          { title: 'Estado', dataIndex: 'Estado', render: (e: number) => <Tag color={ESTADOS[e]?.color}>{ESTADOS[e]?.texto ?? e}</Tag> },
          { title: 'Roles', dataIndex: 'Roles', render: (rs: TUsuarioEmpresa['Roles']) => rs.map((r) => <Tag key={r.Id}>{r.Nombre}</Tag>) },
          { title: 'Sucursales', dataIndex: 'Sucursales', render: (ss: TUsuarioEmpresa['Sucursales']) => ss.map((s) => s.Descripcion || s.RazonSocial).join(', ') || '—' },
          { title: 'Último ingreso', dataIndex: 'FechaUltimoIngreso', render: (v: string | null) => (v ? new Date(v).toLocaleString('es-PE', { timeZone: 'America/Lima' }) : 'Nunca') },
          {
            title: 'Acciones',
            key: 'acciones',
            fixed: 'right',
            render: (_, u) =>
              puedeGestionar ? (
                <Dropdown menu={{ items: acciones(u) }} trigger={['click']}>
                  <Button size="small" data-testid={`acciones-${u.Usuario}`}>
                    Acciones <DownOutlined />
                  </Button>
                </Dropdown>
              ) : null,
          },
        ]}
      />
      {invitando && <InvitarUsuarioModal roles={roles} onCerrar={() => setInvitando(false)} />}
      {edicion && <AsignacionModal edicion={edicion} roles={roles} onCerrar={() => setEdicion(null)} />}
      {enlace && (
        <Modal open title="Enlace para restablecer la contraseña" onCancel={() => setEnlace(null)} footer={<Button type="primary" onClick={() => setEnlace(null)}>Listo</Button>}>
          <p>Las sesiones del usuario se cerraron. Con este enlace elegirá una nueva contraseña.</p>
          <EnlaceCompartir enlace={enlace.Enlace} expiraEn={enlace.ExpiraEn} correoEnviado={enlace.CorreoEnviado} />
        </Modal>
      )}
    </Card>
  );
}
