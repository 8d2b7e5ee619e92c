import { Alert, App, Button, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import type { TDeudaDocumento } from '@yupana/contracts';
import { useMisDeudas } from '../../../components/banners/api-banners';
import { DebtBannerVista } from '../../../components/banners/debt-banner';
import { mensajeDeError } from '../../../lib/api-error';
import { fecha } from '../../../lib/formato';
import { abrirPdfPago } from '../api/pdf-pago';
import { SubirVoucherModal } from '../components/subir-voucher-modal';

const PENDIENTES = new Set([1, 2, 3, 6]);
const COLOR: Record<number, string> = { 1: 'gold', 2: 'blue', 3: 'gold', 4: 'green', 5: 'green', 6: 'red', 7: 'default' };

/** Documents owed to the provider (pending ones first in the summary), with the payment upload. */
export function MisDeudasPage() {
  const deudas = useMisDeudas();
  const [voucher, setVoucher] = useState<TDeudaDocumento | null>(null);
  const { message } = App.useApp();
  return (
    <Card data-testid="pagina-mis-deudas" title="Mis deudas">
      {deudas.data && (
        <div style={{ marginBottom: 16 }}>
          <DebtBannerVista resumen={deudas.data.Resumen} hoy={deudas.data.Hoy} />
        </div>
      )}
      {deudas.isError && <Alert type="error" showIcon title={mensajeDeError(deudas.error)} />}
      <Table<TDeudaDocumento>
        rowKey="IdPago"
        loading={deudas.isFetching}
        dataSource={deudas.data?.Documentos ?? []}
        pagination={false}
        scroll={{ x: 700 }}
        locale={{ emptyText: 'No tiene documentos con el proveedor' }}
        columns={[
          { title: 'Fecha', dataIndex: 'FechaEmision', render: (f: string) => fecha(f) },
          { title: 'Concepto', dataIndex: 'Concepto' },
          {
            title: 'Comprobante',
            key: 'comprobante',
            render: (_, d) =>
              d.IdDocContable ? (
                <Button type="link" onClick={() => abrirPdfPago(d.IdPago).catch((e: unknown) => message.error(mensajeDeError(e)))} aria-label={`PDF de ${d.Comprobante}`}>
                  {d.Comprobante} (PDF)
                </Button>
              ) : (
                'Por emitir'
              ),
          },
          { title: 'Monto', key: 'monto', align: 'right', render: (_, d) => `${d.MonedaAbrev} ${d.Monto}` },
          { title: 'Estado', key: 'estado', render: (_, d) => <Tag color={COLOR[d.Estado]}>{d.DescripcionEstado}</Tag> },
          {
            title: 'Acciones',
            key: 'acciones',
            render: (_, d) =>
              PENDIENTES.has(d.Estado) ? (
                <Button type="link" onClick={() => setVoucher(d)}>
                  Subir mi pago
                </Button>
              ) : null,
          },
        ]}
      />
      <SubirVoucherModal idPago={voucher?.IdPago ?? null} concepto={voucher?.Concepto} onCerrar={() => setVoucher(null)} />
    </Card>
  );
}
