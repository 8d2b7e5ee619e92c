import { Avatar, Modal, Table } from 'antd';
import type { TSucursalResumen } from '@yupana/contracts';
import { colorDeInicial } from './color-sucursal';

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
