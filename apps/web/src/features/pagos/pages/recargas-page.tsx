import { CheckOutlined, GiftOutlined } from '@ant-design/icons';
import { Alert, App, Badge, Button, Card, Col, Empty, Modal, Radio, Row, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { TEXTO_PROMO, textoPromo, TIPOS_PLAN_SUSCRIBIBLES, type TPlan, type TPrepago } from '@yupana/contracts';
import { useSaldo } from '../../../components/banners/api-banners';
import { mensajeDeError } from '../../../lib/api-error';
import { useComprarPaquete } from '../api/comprar-paquete';
import { useEntidadPago } from '../api/entidad-pago';
import { usePaquetesComprables } from '../api/paquetes';
import { useSuscribir } from '../api/suscripcion';
import { SubirVoucherModal } from '../components/subir-voucher-modal';
import { importe } from '../../../lib/formato';

const PLAN_DE_POR_VIDA = 5;

/** The plan purchase list (paid packages of plan type 1, 2 or 5); with ?promocion=true the lifetime offer leads. */
export function RecargasPage() {
  const [params] = useSearchParams();
  const promocion = params.get('promocion') === 'true';
  const paquetes = usePaquetesComprables();
  const saldo = useSaldo();
  const comprar = useComprarPaquete();
  const navegar = useNavigate();
  const { message } = App.useApp();
  const suscribir = useSuscribir();
  const [elegido, setElegido] = useState<TPlan | null>(null);
  // The same plan can be bought once (a package) or subscribed to (renewed every cycle).
  const [modo, setModo] = useState<'compra' | 'suscripcion'>('compra');
  const [factura, setFactura] = useState(false);
  const [compra, setCompra] = useState<TPrepago | null>(null);
  // Receipts go to the company's billing data (its own data until it saves other): a factura needs a RUC there.
  const facturacion = useEntidadPago();
  const tieneRuc = facturacion.data?.IdTipoDocumento === 2 && !!facturacion.data.Documento;
  const detallePromo = textoPromo(saldo.data?.DiasPromocion);

  let lista = paquetes.data?.Data ?? [];
  if (promocion) lista = [...lista].sort((a, b) => Number(b.TipoPlan === PLAN_DE_POR_VIDA) - Number(a.TipoPlan === PLAN_DE_POR_VIDA));

  return (
    <div data-testid="pagina-recargas">
      {promocion && detallePromo && (
        <Alert type="warning" showIcon icon={<GiftOutlined />} title={TEXTO_PROMO} description={detallePromo} style={{ marginBottom: 16 }} />
      )}
      {paquetes.isError && <Alert type="error" showIcon title={mensajeDeError(paquetes.error)} />}
      {paquetes.isLoading ? (
        <Spin />
      ) : lista.length === 0 ? (
        <Empty description="No hay paquetes a la venta" />
      ) : (
        <Row gutter={[16, 16]}>
          {lista.map((p) => {
            const tarjeta = (
              <Card
                title={p.Nombre}
                styles={{ header: { background: p.Color ?? undefined, color: p.Color ? '#fff' : undefined } }}
                actions={[
                  <Button
                    key="comprar"
                    type="primary"
                    onClick={() => {
                      setModo('compra');
                      setFactura(tieneRuc && facturacion.data?.TipoComprobante === 'Factura');
                      setElegido(p);
                    }}
                    aria-label={`Comprar ${p.Nombre}`}
                  >
                    Comprar
                  </Button>,
                  ...((TIPOS_PLAN_SUSCRIBIBLES as readonly number[]).includes(p.TipoPlan)
                    ? [
                        <Button
                          key="suscribir"
                          onClick={() => {
                            setModo('suscripcion');
                            setFactura(tieneRuc && facturacion.data?.TipoComprobante === 'Factura');
                            setElegido(p);
                          }}
                          aria-label={`Suscribirme a ${p.Nombre}`}
                        >
                          Suscribirme
                        </Button>,
                      ]
                    : []),
                ]}
                data-testid={`paquete-${p.Id}`}
              >
                <Typography.Title level={3} style={{ marginTop: 0 }}>
                  {importe(p.Moneda, p.Precio)}
                </Typography.Title>
                <Typography.Text type="secondary">{p.TiempoPago}</Typography.Text>
                {p.Descripcion && <Typography.Paragraph style={{ marginTop: 8 }}>{p.Descripcion}</Typography.Paragraph>}
                <Space direction="vertical" size={2}>
                  {p.Caracteristicas.map((c) => (
                    <span key={c}>
                      <CheckOutlined style={{ color: '#52c41a' }} /> {c}
                    </span>
                  ))}
                  {p.CaracteristicasSecundarias.map((c) => (
                    <Typography.Text key={c} type="secondary">
                      {c}
                    </Typography.Text>
                  ))}
                </Space>
              </Card>
            );
            return (
              <Col key={p.Id} xs={24} sm={12} lg={6}>
                {promocion && p.TipoPlan === PLAN_DE_POR_VIDA ? <Badge.Ribbon text="Promoción">{tarjeta}</Badge.Ribbon> : tarjeta}
              </Col>
            );
          })}
        </Row>
      )}
      <Modal
        open={!!elegido}
        title={`${modo === 'compra' ? 'Comprar' : 'Suscribirme a'} ${elegido?.Nombre ?? ''}`}
        okText={modo === 'compra' ? 'Confirmar compra' : 'Confirmar suscripción'}
        cancelText="Cancelar"
        confirmLoading={comprar.isPending || suscribir.isPending}
        onCancel={() => setElegido(null)}
        onOk={() => {
          if (!elegido) return;
          if (modo === 'suscripcion')
            return suscribir
              .mutateAsync({ IdPlan: elegido.Id, RequiereFactura: factura })
              .then(() => {
                setElegido(null);
                message.success('Suscripción creada: pague su primer ciclo o active el cobro automático');
                navegar('/admin/pagos');
              })
              .catch((e: unknown) => message.error(mensajeDeError(e)));
          return comprar
            .mutateAsync({ IdPlan: elegido.Id, RequiereFactura: factura, Unico: elegido.TipoPlan === PLAN_DE_POR_VIDA })
            .then((c) => {
              setElegido(null);
              setCompra(c);
            })
            .catch((e: unknown) => message.error(mensajeDeError(e)));
        }}
      >
        {modo === 'compra' ? (
          <Typography.Paragraph>
            Total a pagar: {importe(elegido?.Moneda ?? '', elegido?.Precio ?? '')}. Luego suba su comprobante de pago (depósito o transferencia) para que lo aprobemos.
          </Typography.Paragraph>
        ) : (
          <Typography.Paragraph>
            {importe(elegido?.Moneda ?? '', elegido?.Precio ?? '')} cada {elegido?.TiempoPago}. El primer ciclo empieza cuando termine su paquete actual (o hoy, si ya terminó); pague cada ciclo
            con tarjeta o con un comprobante, o active el cobro automático.
          </Typography.Paragraph>
        )}
        <Radio.Group value={factura} onChange={(e) => setFactura(e.target.value as boolean)}>
          <Radio value={false}>Boleta</Radio>
          <Radio value={true} disabled={!tieneRuc}>
            Factura {tieneRuc ? `a ${facturacion.data?.RazonSocial} (RUC ${facturacion.data?.Documento})` : '(registre un RUC en Datos de facturación)'}
          </Radio>
        </Radio.Group>
      </Modal>
      <SubirVoucherModal
        idPago={compra?.IdPrepago ?? null}
        concepto={compra?.NombrePaquete}
        onCerrar={() => {
          setCompra(null);
          navegar('/admin/pagos');
        }}
      />
    </div>
  );
}
