import { SendOutlined } from '@ant-design/icons';
import { Alert, App, Button, DatePicker, Modal, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { mensajeDeError } from '../../../lib/api-error';
import { fechaHora } from '../../../lib/formato';
import { useLotesEnvio, useResumenDiario } from '../api/resumen-diario';

const COLOR_LOTE: Record<string, string> = { GENERADO: 'gold', ENVIADO: 'processing', ACEPTADO: 'green', RECHAZADO: 'red' };

/** Resumen diario on demand: pending boletas (and their notes and voids) go to SUNAT now. */
export function ResumenDiarioBoton() {
  const [abierto, setAbierto] = useState(false);
  const [hasta, setHasta] = useState(dayjs());
  const resumen = useResumenDiario();
  const lotes = useLotesEnvio(abierto);
  const { message } = App.useApp();

  async function enviar() {
    try {
      const r = await resumen.mutateAsync(hasta.format('YYYY-MM-DD'));
      void message.success(r.Mensaje);
    } catch {
      // Shown in the dialog below.
    }
  }

  return (
    <>
      <Button icon={<SendOutlined />} onClick={() => setAbierto(true)} data-testid="resumen-diario">
        Resumen diario
      </Button>
      <Modal
        open={abierto}
        title="Resumen diario de boletas"
        okText="Enviar ahora"
        cancelText="Cerrar"
        onOk={() => void enviar()}
        confirmLoading={resumen.isPending}
        onCancel={() => {
          setAbierto(false);
          resumen.reset();
        }}
        width={640}
      >
        <Typography.Paragraph>
          Las boletas, sus notas y sus anulaciones pendientes, emitidas hasta la fecha elegida, se envían ahora a SUNAT en un resumen diario (además del envío
          automático de cada día).
        </Typography.Paragraph>
        <DatePicker
          value={hasta}
          onChange={(d) => d && setHasta(d)}
          format="DD/MM/YYYY"
          allowClear={false}
          inputReadOnly
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          aria-label="Emitidas hasta"
        />
        {resumen.error ? <Alert type="error" showIcon title={mensajeDeError(resumen.error)} style={{ marginTop: 12 }} /> : null}
        {resumen.data ? <Alert type="success" showIcon title={resumen.data.Mensaje} style={{ marginTop: 12 }} data-testid="resumen-resultado" /> : null}
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          Últimos envíos
        </Typography.Title>
        <Table
          size="small"
          rowKey="Id"
          pagination={false}
          scroll={{ x: 480 }}
          loading={lotes.isLoading}
          dataSource={lotes.data?.Data ?? []}
          locale={{ emptyText: 'Aún no se enviaron resúmenes ni comunicaciones de baja' }}
          columns={[
            { title: 'Lote', dataIndex: 'Nombre' },
            { title: 'Generado', dataIndex: 'FechaGeneracion', render: (f: string) => fechaHora(f) },
            { title: 'Docs.', dataIndex: 'Documentos', align: 'right' },
            {
              title: 'Estado',
              dataIndex: 'Estado',
              render: (e: string, l) => (
                <Tag color={COLOR_LOTE[e] ?? 'default'} title={l.MensajeSunat ?? undefined}>
                  {e}
                  {l.CodigoSunat && e === 'RECHAZADO' ? ` (${l.CodigoSunat})` : ''}
                </Tag>
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}
