import { EventosSeguridad, type TAuditoriaEvento, type TEventoSeguridad } from '@yupana/contracts';
import { Card, DatePicker, InputNumber, Select, Space, Tag } from 'antd';
import { TablaAdaptable } from '../../../components/tabla-adaptable';
import dayjs from 'dayjs';
import { mensajeDeError } from '../../../lib/api-error';
import { useAuditoria } from '../api/auditoria';
import { useFiltrosUrl } from '../components/use-filtros-url';

const NOMBRES: Record<TEventoSeguridad, string> = {
  login: 'Ingreso',
  login_fallido: 'Ingreso fallido',
  bloqueo: 'Bloqueo',
  logout: 'Salida',
  sesion_expulsada: 'Sesión expulsada',
  cierre_forzado: 'Cierre de sesión forzado',
  invitacion: 'Invitación',
  invitacion_aceptada: 'Invitación aceptada',
  contrasenha_cambiada: 'Contraseña cambiada',
  contrasenha_restablecida: 'Contraseña restablecida',
  usuario_estado: 'Estado de usuario',
  usuario_roles: 'Roles de usuario',
  usuario_sucursales: 'Sucursales de usuario',
  rol_creado: 'Rol creado',
  rol_editado: 'Rol editado',
  rol_servicio: 'Servicio de rol',
  rol_permiso: 'Permiso de rol',
  empresa_configurada: 'Empresa configurada (asistente)',
  empresa_datos: 'Datos de la empresa',
  permiso_servicio: 'Servicio de permiso',
  parametro: 'Parámetro',
  acceso_denegado: 'Acceso denegado',
  modulo: 'Módulo',
};
const ROJOS = new Set(['login_fallido', 'bloqueo', 'acceso_denegado', 'cierre_forzado', 'sesion_expulsada']);

/** Search of the security audit log: who did what, when and from where. */
export function AuditoriaPage() {
  const [f, fijar] = useFiltrosUrl({ pagina: 1, regxpag: 20, idUsuario: 0, evento: undefined as string | undefined, desde: undefined as string | undefined, hasta: undefined as string | undefined });
  const eventos = useAuditoria({ ...f, evento: f.evento as TEventoSeguridad | undefined });
  return (
    <Card data-testid="pagina-auditoria">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          value={f.evento ?? ''}
          onChange={(v) => fijar({ evento: v })}
          style={{ width: 220 }}
          aria-label="Evento"
          options={[{ value: '', label: 'Todos los eventos' }, ...EventosSeguridad.map((e) => ({ value: e, label: NOMBRES[e] }))]}
        />
        <DatePicker.RangePicker
          format="DD/MM/YYYY"
          value={f.desde && f.hasta ? [dayjs(f.desde), dayjs(f.hasta)] : null}
          onChange={(r) => fijar({ desde: r?.[0]?.format('YYYY-MM-DD'), hasta: r?.[1]?.format('YYYY-MM-DD') })}
          placeholder={['Desde', 'Hasta']}
        />
        <InputNumber min={0} placeholder="Id de usuario" value={f.idUsuario || null} onChange={(v) => fijar({ idUsuario: v ?? undefined })} style={{ width: 150 }} aria-label="Id de usuario" />
      </Space>
      <TablaAdaptable<TAuditoriaEvento>
        rowKey="Id"
        size="middle"
        loading={eventos.isFetching}
        dataSource={eventos.data?.Data}
        scroll={{ x: 900 }}
        locale={{ emptyText: eventos.isError ? mensajeDeError(eventos.error) : 'No hay eventos para este filtro' }}
        pagination={{ current: f.pagina, pageSize: f.regxpag, total: eventos.data?.Count ?? 0, onChange: (pagina, regxpag) => fijar({ pagina, regxpag }) }}
        expandable={{ expandedRowRender: (e) => <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(e.Detalle, null, 2)}</pre>, rowExpandable: (e) => !!e.Detalle }}
        columns={[
          { title: 'Fecha', dataIndex: 'Fecha', render: (v: string) => new Date(v).toLocaleString('es-PE', { timeZone: 'America/Lima' }) },
          { title: 'Evento', dataIndex: 'Evento', render: (v: string) => <Tag color={ROJOS.has(v) ? 'red' : 'blue'}>{NOMBRES[v as TEventoSeguridad] ?? v}</Tag> },
          { title: 'Quién', dataIndex: 'Usuario', render: (v: string | null) => v ?? '—' },
          { title: 'Sobre quién', dataIndex: 'UsuarioObjetivo', render: (v: string | null) => v ?? '—' },
          { title: 'Desde (IP)', dataIndex: 'Ip', render: (v: string | null) => v ?? '—' },
          { title: 'Navegador', dataIndex: 'Agente', ellipsis: true, render: (v: string | null) => v ?? '—' },
        ]}
      />
    </Card>
  );
}
