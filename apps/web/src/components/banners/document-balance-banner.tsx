import { GiftOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { estadoBannerSaldo, type TSaldoComprobantes } from '@yupana/contracts';
import { useSaldo } from './api-banners';
import { DemoVencidoOverlay } from './demo-vencido-overlay';

const TIPO_ALERTA = { '1': 'info', '2': 'warning', '3': 'error' } as const;

/** The document-balance banner as the seed draws it (states and texts from the shared function). */
export function DocumentBalanceBannerVista({ saldo, tipoEmpresa, diasPromo }: { saldo: TSaldoComprobantes; tipoEmpresa: 0 | 1 | 2; diasPromo?: number | null }) {
  const e = estadoBannerSaldo(saldo, tipoEmpresa, diasPromo);
  return (
    <Alert
      banner
      showIcon={e.tipoSaldo !== '1'}
      type={TIPO_ALERTA[e.tipoSaldo]}
      title={
        <Space wrap>
          <span data-testid="banner-saldo-principal">{e.mensajePrincipal}</span>
          {e.promo && (
            <Link to="/admin/pagos/recargastuboletape?promocion=true">
              <Tag icon={<GiftOutlined />} color="orange" data-testid="banner-promo">
                {e.promo.texto} · {e.promo.detalle}
              </Tag>
            </Link>
          )}
        </Space>
      }
      description={e.mensajeSecundario}
      action={
        <Link to={e.boton.ruta}>
          <Button size="small" type="primary">
            {e.boton.texto}
          </Button>
        </Link>
      }
      className="yp-banner"
      data-testid="banner-saldo"
      data-estado={e.tipoSaldo}
    />
  );
}

/**
 * The balance banner of the shell, fed by the company's allowance. It also hosts what depends on the same data and
 * must be on every shell page: the demo-expired overlay. (A pending wizard is the route guard's job: app/guards.ts.)
 */
export function DocumentBalanceBanner() {
  const saldo = useSaldo();
  if (!saldo.data) return null;
  const s = saldo.data;
  return (
    <>
      <DocumentBalanceBannerVista saldo={s} tipoEmpresa={s.TipoEmpresa} diasPromo={s.DiasPromocion} />
      {s.Demo?.Vencido && <DemoVencidoOverlay />}
    </>
  );
}
