import { CreditCardOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { estadoCicloVista, TIPOS_PLAN_SUSCRIBIBLES, type TCiclo, type TContrato } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { fecha } from '../../../lib/formato';
import { usePaquetesComprables } from '../api/paquetes';
import { useActivarRecurrencia, useCancelarSuscripcion, useContrato, useDesactivarRecurrencia, useSolicitarPagoCiclo } from '../api/suscripcion';
import { PagoTarjetaModal, type TCobroTarjeta } from './pago-tarjeta-modal';
import { SubirVoucherModal } from './subir-voucher-modal';
import { TarjetaModal } from './tarjeta-modal';

const COLOR_CICLO: Record<ReturnType<typeof estadoCicloVista>, string> = { pendiente: 'gold', anulado: 'red', facturado: 'green', 'en proceso': 'blue' };
const monto = (moneda: string, m: string) => `${moneda} ${new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2 }).format(Number(m))}`;

/**
 * The company's subscription on the payments page: its plan, automatic charges with a saved card, the cycles with
 * their receipts, paying a cycle (card or voucher), paying the next one ahead or on another plan, and cancelling.
 * Nothing shows until the company subscribes (from the purchase list).
 */
export function SuscripcionCard() {
  const consulta = useContrato();
  const k = consulta.data?.Contrato ?? null;
  if (!k) return consulta.isError ? <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 16 }} /> : null;
  return <Suscripcion k={k} />;
}

function Suscripcion({ k }: { k: TContrato }) {
  const { message } = App.useApp();
  const planes = usePaquetesComprables();
  const solicitar = useSolicitarPagoCiclo();
  const activar = useActivarRecurrencia();
  const desactivar = useDesactivarRecurrencia();
  const cancelar = useCancelarSuscripcion();
  const [tarjeta, setTarjeta] = useState<TCobroTarjeta | null>(null);
  const [voucher, setVoucher] = useState<TCiclo | null>(null);
  const [guardarTarjeta, setGuardarTarjeta] = useState(false);
  const vigente = k.Estado === 1;
  const suscribibles = (planes.data?.Data ?? []).filter((p) => (TIPOS_PLAN_SUSCRIBIBLES as readonly number[]).includes(p.TipoPlan));
  const error = (e: unknown) => message.error(mensajeDeError(e));

  const cobroDe = (c: TCiclo): TCobroTarjeta => ({ IdPrepago: c.IdPrepago, IdCiclo: c.IdCiclo, NombrePaquete: `${k.NombrePlan}, ciclo ${c.Numero}`, Moneda: c.Moneda, Monto: c.Monto });

  return (
    <Card
      data-testid="suscripcion"
      title={
        <Space>
          <SyncOutlined /> Mi suscripción
        </Space>
      }
      style={{ marginBottom: 16 }}
      extra={
        vigente && (
          <Space wrap>
            <Button
              onClick={() =>
                solicitar
                  .mutateAsync({ idContrato: k.IdContrato, idPlan: k.IdPlan })
                  .then((c) => setTarjeta(cobroDe(c)))
                  .catch(error)
              }
              loading={solicitar.isPending}
            >
              Pagar siguiente ciclo
            </Button>
            <Popconfirm
              title="¿Cancelar la suscripción?"
              description="No se generarán ni cobrarán más ciclos; los ciclos ya pagados siguen vigentes."
              okText="Sí, cancelar"
              cancelText="No"
              onConfirm={() => cancelar.mutateAsync(k.IdContrato).then(() => message.success('Suscripción cancelada')).catch(error)}
            >
              <Button danger icon={<StopOutlined />}>
                Cancelar suscripción
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {k.UltimoRechazo && vigente && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`El último cobro automático fue rechazado: ${k.UltimoRechazo}`}
          description="Pague el ciclo pendiente con otra tarjeta o con un comprobante de pago, o cambie la tarjeta del cobro automático."
        />
      )}
      <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Plan">
          {vigente ? (
            <Select
              aria-label="Plan de la suscripción"
              value={k.IdPlan}
              style={{ minWidth: 220 }}
              loading={planes.isLoading || solicitar.isPending}
              options={(suscribibles.some((p) => p.Id === k.IdPlan) ? suscribibles : [{ Id: k.IdPlan, Nombre: k.NombrePlan, Moneda: k.Moneda, Precio: k.Precio, TiempoPago: k.TiempoPago }, ...suscribibles]).map((p) => ({
                value: p.Id,
                label: `${p.Nombre} (${monto(p.Moneda, p.Precio)} / ${p.TiempoPago})`,
              }))}
              onChange={(idPlan: number) =>
                solicitar
                  .mutateAsync({ idContrato: k.IdContrato, idPlan })
                  .then(() => message.success('Plan cambiado: se aplica al ciclo por pagar y a los siguientes'))
                  .catch(error)
              }
            />
          ) : (
            `${k.NombrePlan} (${monto(k.Moneda, k.Precio)} / ${k.TiempoPago})`
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Estado">
          <Tag color={vigente ? 'green' : 'red'}>{k.DescripcionEstado}</Tag>
          {k.FechaCancelacion && <Typography.Text type="secondary">desde el {fecha(k.FechaCancelacion)}</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label="Desde">{fecha(k.FechaInicio)}</Descriptions.Item>
        <Descriptions.Item label="Cobro automático">
          {k.Recurrencia ? (
            <Space wrap>
              <span data-testid="recurrencia">
                <CreditCardOutlined /> {k.Recurrencia.Marca} terminada en {k.Recurrencia.Ultimos4}
              </span>
              {vigente && (
                <>
                  <Button size="small" onClick={() => setGuardarTarjeta(true)}>
                    Cambiar tarjeta
                  </Button>
                  <Button size="small" danger loading={desactivar.isPending} onClick={() => desactivar.mutateAsync(k.IdContrato).catch(error)}>
                    Desactivar
                  </Button>
                </>
              )}
            </Space>
          ) : vigente ? (
            <Button size="small" type="primary" ghost onClick={() => setGuardarTarjeta(true)}>
              Activar cobro automático
            </Button>
          ) : (
            'No'
          )}
        </Descriptions.Item>
      </Descriptions>
      <Table<TCiclo>
        rowKey="IdCiclo"
        size="small"
        pagination={false}
        dataSource={k.Ciclos}
        scroll={{ x: 760 }}
        columns={[
          { title: 'Ciclo', dataIndex: 'Numero', width: 70 },
          { title: 'Periodo', key: 'periodo', render: (_, c) => `${fecha(c.FechaPago)} al ${fecha(c.FechaFin)}` },
          { title: 'Comprobante', dataIndex: 'Comprobante', render: (c: string | null) => c ?? '—' },
          { title: 'Monto', key: 'monto', align: 'right', render: (_, c) => monto(c.Moneda, c.Monto) },
          {
            title: 'Estado',
            key: 'estado',
            render: (_, c) => (
              <Space direction="vertical" size={0}>
                <Tag color={COLOR_CICLO[estadoCicloVista(c.Estado)]} data-testid={`ciclo-${c.Numero}-estado`}>
                  {c.DescripcionEstado}
                </Tag>
                {c.MotivoRechazo && <small>Motivo: {c.MotivoRechazo}</small>}
              </Space>
            ),
          },
          {
            title: 'Acciones',
            key: 'acciones',
            render: (_, c) =>
              vigente && estadoCicloVista(c.Estado) === 'pendiente' ? (
                <Space>
                  <Button type="link" onClick={() => setTarjeta(cobroDe(c))} data-testid={`pagar-ciclo-${c.Numero}`}>
                    Pagar con tarjeta
                  </Button>
                  <Button type="link" onClick={() => setVoucher(c)}>
                    {c.TieneVoucher ? 'Cambiar comprobante' : 'Subir comprobante'}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <PagoTarjetaModal pago={tarjeta} onCerrar={() => setTarjeta(null)} />
      <SubirVoucherModal idPago={voucher?.IdPrepago ?? null} concepto={voucher ? `${k.NombrePlan}, ciclo ${voucher.Numero}` : undefined} onCerrar={() => setVoucher(null)} />
      <TarjetaModal
        abierto={guardarTarjeta}
        titulo="Cobro automático de la suscripción"
        textoBoton="Guardar tarjeta"
        onCerrar={() => setGuardarTarjeta(false)}
        usarToken={async (Token) => {
          const r = await activar.mutateAsync({ IdContrato: k.IdContrato, Token });
          if (r.UltimoRechazo) message.warning(`Tarjeta guardada, pero el cobro del ciclo vencido fue rechazado: ${r.UltimoRechazo}`);
          else message.success(`Cobro automático activado con ${r.Recurrencia?.Marca} terminada en ${r.Recurrencia?.Ultimos4}`);
        }}
      >
        <Typography.Paragraph>
          Cada ciclo se cobrará a esta tarjeta el día en que empieza (y el ciclo ya vencido, ahora mismo). La tarjeta queda guardada en la pasarela de pagos; nosotros solo
          conservamos su marca y sus últimos 4 dígitos.
        </Typography.Paragraph>
      </TarjetaModal>
    </Card>
  );
}
