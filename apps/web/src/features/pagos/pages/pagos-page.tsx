import { IdcardOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { estadoPrepagoVista, type TPrepago } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { fecha, importe } from '../../../lib/formato';
import { useCancelarPago } from '../api/cancelar-pago';
import { usePrepagos } from '../api/prepagos';
import { PagoTarjetaModal } from '../components/pago-tarjeta-modal';
import { DatosFacturacionModal } from '../components/datos-facturacion-modal';
import { SubirVoucherModal } from '../components/subir-voucher-modal';
import { SuscripcionCard } from '../components/suscripcion-card';

const COLOR_ESTADO: Record<1 | 2 | 3, string> = { 1: 'green', 2: 'gold', 3: 'red' };
const montoTexto = (p: TPrepago) => importe(p.Moneda, new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2 }).format(Number(p.Monto)));

/** The company's subscription (if any) and its payments, paged; pending ones are paid by card or with a voucher, or annulled. */
export function PagosPage() {
  const [params, setParams] = useSearchParams();
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const consulta = usePrepagos(pagina);
  const cancelar = useCancelarPago();
  const { message } = App.useApp();
  const [voucher, setVoucher] = useState<TPrepago | null>(null);
  const [tarjeta, setTarjeta] = useState<TPrepago | null>(null);
  const [facturacion, setFacturacion] = useState(false);

  return (
    <>
    <SuscripcionCard />
    <Card
      data-testid="pagina-pagos"
      title="Mis pagos"
      extra={
        <Space wrap>
          <Button icon={<IdcardOutlined />} onClick={() => setFacturacion(true)}>
            Datos de facturación
          </Button>
          <Link to="/admin/pagos/recargastuboletape">
            <Button type="primary" icon={<ShoppingCartOutlined />}>
              Comprar paquete
            </Button>
          </Link>
        </Space>
      }
    >
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TPrepago>
        rowKey="IdPrepago"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 800 }}
        locale={{ emptyText: 'Aún no ha comprado paquetes' }}
        pagination={{
          current: pagina,
          pageSize: 10,
          total: consulta.data?.Count ?? 0,
          showSizeChanger: false,
          showTotal: (t) => `${t} pagos`,
          onChange: (p) => setParams({ pagina: String(p) }, { replace: true }),
        }}
        columns={[
          { title: 'Orden', dataIndex: 'Orden', width: 80 },
          { title: 'Paquete', dataIndex: 'NombrePaquete' },
          { title: 'Fecha', dataIndex: 'FechaPago', render: (f: string) => fecha(f) },
          { title: 'Comprobante', dataIndex: 'Comprobante', render: (c: string | null) => c ?? '—' },
          { title: 'Monto', key: 'monto', align: 'right', render: (_, p) => montoTexto(p) },
          {
            title: 'Estado',
            key: 'estado',
            render: (_, p) => (
              <Space direction="vertical" size={0}>
                <Tag color={COLOR_ESTADO[estadoPrepagoVista(p.Estado)]}>{p.DescripcionEstado}</Tag>
                {p.MotivoRechazo && <small>Motivo: {p.MotivoRechazo}</small>}
              </Space>
            ),
          },
          {
            title: 'Acciones',
            key: 'acciones',
            render: (_, p) =>
              estadoPrepagoVista(p.Estado) === 2 || (estadoPrepagoVista(p.Estado) === 3 && p.DescripcionEstado === 'Rechazado') ? (
                <Space>
                  <Button type="link" onClick={() => setTarjeta(p)} data-testid={`pagar-tarjeta-${p.IdPrepago}`}>
                    Pagar con tarjeta
                  </Button>
                  <Button type="link" onClick={() => setVoucher(p)}>
                    {p.TieneVoucher ? 'Cambiar comprobante' : 'Subir comprobante'}
                  </Button>
                  <Popconfirm
                    title="¿Anular este pago?"
                    okText="Sí, anular"
                    cancelText="No"
                    onConfirm={() => cancelar.mutateAsync(p.IdPrepago).catch((e: unknown) => message.error(mensajeDeError(e)))}
                  >
                    <Button type="link" danger>
                      Anular
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]}
      />
      <SubirVoucherModal idPago={voucher?.IdPrepago ?? null} concepto={voucher?.NombrePaquete} onCerrar={() => setVoucher(null)} />
      <PagoTarjetaModal pago={tarjeta} onCerrar={() => setTarjeta(null)} />
      <DatosFacturacionModal abierto={facturacion} onCerrar={() => setFacturacion(false)} />
    </Card>
    </>
  );
}
