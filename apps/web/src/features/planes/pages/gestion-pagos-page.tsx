import { Alert, App, Button, Card, Input, Modal, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TPagoGestion } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { fecha, importe } from '../../../lib/formato';
import { DatosDepositoModal } from '../components/datos-deposito-modal';
import { abrirVoucher, useBandejaPagos, useReintentarComprobante, useResolverPago } from '../api/gestion-pagos';

const COLOR: Record<number, string> = { 1: 'gold', 2: 'blue', 4: 'green', 5: 'green', 6: 'red', 7: 'default' };

/** The provider's payments inbox: review each voucher and approve it (extends plan and allowance) or reject it. */
export function GestionPagosPage() {
  const [params, setParams] = useSearchParams();
  const estado = Number(params.get('estado') ?? 2);
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const bandeja = useBandejaPagos(estado, pagina);
  const resolver = useResolverPago();
  const reintentar = useReintentarComprobante();
  const { message, modal } = App.useApp();
  const [rechazo, setRechazo] = useState<TPagoGestion | null>(null);
  const [motivo, setMotivo] = useState('');
  const [deposito, setDeposito] = useState(false);

  const aprobar = (p: TPagoGestion) =>
    modal.confirm({
      title: `¿Aprobar el pago de ${p.RazonSocial}?`,
      content: `${p.NombrePaquete} por ${importe(p.Moneda, p.Monto)}. Se ampliará su plan y su saldo de comprobantes.`,
      okText: 'Aprobar',
      cancelText: 'Cancelar',
      onOk: () =>
        resolver
          .mutateAsync({ id: p.IdPago, aprobar: true })
          .then(() => message.success('Pago aprobado'))
          .catch((e: unknown) => message.error(mensajeDeError(e))),
    });

  return (
    <Card data-testid="pagina-gestion-pagos" title="Gestión de pagos" extra={<Button onClick={() => setDeposito(true)}>Datos para depósitos</Button>}>
      <DatosDepositoModal abierto={deposito} onCerrar={() => setDeposito(false)} />
      <Segmented
        value={estado}
        onChange={(v) => setParams({ estado: String(v), pagina: '1' }, { replace: true })}
        options={[
          { value: 2, label: 'Por revisar' },
          { value: 1, label: 'Sin comprobante' },
          { value: 4, label: 'Aprobados' },
          { value: 6, label: 'Rechazados' },
          { value: 0, label: 'Todos' },
        ]}
        style={{ marginBottom: 12 }}
      />
      {bandeja.isError && <Alert type="error" showIcon title={mensajeDeError(bandeja.error)} />}
      <Table<TPagoGestion>
        rowKey="IdPago"
        loading={bandeja.isFetching}
        dataSource={bandeja.data?.Data ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: 'No hay pagos en esta bandeja' }}
        pagination={{ current: pagina, pageSize: 10, total: bandeja.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => setParams({ estado: String(estado), pagina: String(p) }, { replace: true }) }}
        columns={[
          { title: 'Fecha', dataIndex: 'FechaPago', render: (f: string) => fecha(f) },
          { title: 'Empresa', key: 'empresa', render: (_, p) => `${p.RazonSocial}${p.Documento ? ` (${p.Documento})` : ''}` },
          { title: 'Paquete', dataIndex: 'NombrePaquete' },
          { title: 'Monto', key: 'monto', align: 'right', render: (_, p) => importe(p.Moneda, p.Monto) },
          { title: 'Comprobante', key: 'tc', render: (_, p) => (p.RequiereFactura ? 'Factura' : 'Boleta') },
          { title: 'Operación', dataIndex: 'NumeroOperacion', render: (n: string | null) => n ?? '—' },
          { title: 'Estado', key: 'estado', render: (_, p) => <Tag color={COLOR[p.Estado]}>{p.DescripcionEstado}</Tag> },
          {
            title: 'Acciones',
            key: 'acciones',
            render: (_, p) => (
              <Space>
                {p.TieneVoucher && (
                  <Button type="link" onClick={() => abrirVoucher(p.IdPago).catch((e: unknown) => message.error(mensajeDeError(e)))}>
                    Ver voucher
                  </Button>
                )}
                {/* Approved (4) but not invoiced (5): issuing the provider's receipt failed at approval; retry it. */}
                {p.Estado === 4 && (
                  <Button
                    type="link"
                    loading={reintentar.isPending && reintentar.variables === p.IdPago}
                    onClick={() =>
                      reintentar
                        .mutateAsync(p.IdPago)
                        .then((r) => message.success(`Comprobante ${r.Comprobante} emitido`))
                        .catch((e: unknown) => message.error(mensajeDeError(e)))
                    }
                  >
                    Reintentar comprobante
                  </Button>
                )}
                {(p.Estado === 1 || p.Estado === 2) && (
                  <>
                    <Button type="link" disabled={!p.TieneVoucher} onClick={() => aprobar(p)}>
                      Aprobar
                    </Button>
                    <Button type="link" danger onClick={() => setRechazo(p)}>
                      Rechazar
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!rechazo}
        title="Rechazar pago"
        okText="Rechazar"
        okButtonProps={{ danger: true, disabled: motivo.trim().length < 3, loading: resolver.isPending }}
        cancelText="Cancelar"
        onCancel={() => setRechazo(null)}
        onOk={() =>
          rechazo &&
          resolver
            .mutateAsync({ id: rechazo.IdPago, aprobar: false, motivo: motivo.trim() })
            .then(() => {
              message.success('Pago rechazado');
              setRechazo(null);
              setMotivo('');
            })
            .catch((e: unknown) => message.error(mensajeDeError(e)))
        }
      >
        <Input.TextArea value={motivo} onChange={(e) => setMotivo(e.target.value)} maxLength={300} rows={3} placeholder="Motivo del rechazo (lo verá el cliente)" aria-label="Motivo del rechazo" />
      </Modal>
    </Card>
  );
}
