import { ShopOutlined } from '@ant-design/icons';
import { Avatar, Button, Modal, Table, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import type { TSucursalResumen } from '@yupana/contracts';
import { useUsuarioActual } from '../../lib/api/get-usuario';
import { guardarSucursalActiva, useSucursalActiva } from '../../lib/permissions/sucursal-activa';

const COLORES = ['#1677ff', '#13a8a8', '#fa8c16', '#722ed1', '#eb2f96', '#52c41a', '#2f54eb', '#d4380d'];

/** A stable colour per branch name, so a branch keeps its colour between visits. */
export function colorDeInicial(nombre: string): string {
  let h = 0;
  for (const c of nombre) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return COLORES[h % COLORES.length];
}

type TProps = { abierto: boolean; sucursales: TSucursalResumen[]; onElegir: (s: TSucursalResumen) => void; onCerrar?: () => void };

/** The seed's 'Seleccionar Sucursal' dialog: one row per branch; a click on a row chooses it. */
export function DialogoSeleccionSucursal({ abierto, sucursales, onElegir, onCerrar }: TProps) {
  return (
    <Modal open={abierto} title="Seleccionar Sucursal" footer={null} onCancel={onCerrar} closable={!!onCerrar} mask={{ closable: !!onCerrar }} keyboard={!!onCerrar} width={640} centered>
      <Table<TSucursalResumen>
        rowKey="Id"
        size="middle"
        pagination={false}
        dataSource={sucursales}
        onRow={(s) => ({ onClick: () => onElegir(s), style: { cursor: 'pointer' }, 'data-testid': `sucursal-${s.Id}` })}
        columns={[
          {
            title: 'Razon Social',
            dataIndex: 'RazonSocial',
            render: (v: string, s) => (
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
                <Avatar style={{ background: colorDeInicial(v || s.Descripcion || '?') }}>{(v || '?').trim().charAt(0).toUpperCase()}</Avatar>
                <span>
                  {v}
                  {s.Descripcion && <div style={{ fontSize: 12, color: '#64748b' }}>{s.Descripcion}</div>}
                </span>
              </span>
            ),
          },
          { title: 'Direccion', dataIndex: 'Direccion', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </Modal>
  );
}

/**
 * The branch the user works in. Until the user chooses (or when the stored one is no longer assigned) the first
 * assigned branch is used, so nobody is stopped by a dialog right after signing in; the header button opens the
 * dialog to change it.
 */
export function SelectorSucursal({ compacto = false }: { compacto?: boolean }) {
  const sucursales = useUsuarioActual().data?.Sucursales ?? [];
  const activa = useSucursalActiva();
  const [pedido, setPedido] = useState(false);
  const valida = !!activa && sucursales.some((s) => s.Id === activa.Id);

  useEffect(() => {
    if (!valida && sucursales.length > 0) guardarSucursalActiva(sucursales[0]);
  }, [valida, sucursales]);

  if (sucursales.length === 0) return null;
  const elegir = (s: TSucursalResumen) => {
    guardarSucursalActiva(s);
    setPedido(false);
  };
  return (
    <>
      {sucursales.length > 1 && (
        <Tooltip title="Cambiar de sucursal">
          <Button type="text" className={compacto ? "yp-header-boton" : undefined} style={compacto ? undefined : { height: 40, color: "#334155" }} icon={<ShopOutlined />} onClick={() => setPedido(true)} data-testid="boton-sucursal" aria-label="Seleccionar sucursal">
            {!compacto && <span className="yp-sucursal-nombre">{valida ? activa.Descripcion || activa.RazonSocial : 'Sucursal'}</span>}
          </Button>
        </Tooltip>
      )}
      <DialogoSeleccionSucursal abierto={pedido} sucursales={sucursales} onElegir={elegir} onCerrar={() => setPedido(false)} />
    </>
  );
}
