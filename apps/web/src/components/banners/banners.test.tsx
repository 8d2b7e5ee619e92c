import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TSaldoComprobantes } from '@yupana/contracts';
import { DebtBannerVista } from './debt-banner';
import { DocumentBalanceBannerVista } from './document-balance-banner';

const saldo = (disponibles: number, usados: number): TSaldoComprobantes => ({
  NumeroComprobantesContablesDisponibles: disponibles,
  NumeroComprobantesInternosDisponibles: 0,
  NumeroComprobantesContablesUsados: usados,
  NumeroComprobantesInternosUsados: 0,
  FechaVencimiento: '2027-03-31',
});

const conRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('banners del shell', () => {
  it('saldo agotado: rojo, mensaje de recarga y Renovar plan hacia la recarga', () => {
    conRouter(<DocumentBalanceBannerVista saldo={saldo(50, 50)} tipoEmpresa={0} />);
    expect(screen.getByTestId('banner-saldo')).toHaveAttribute('data-estado', '3');
    expect(screen.getByText('Se han agotado sus comprobantes, realice una recarga')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Renovar plan' })).toHaveAttribute('href', '/admin/pagos/recargastuboletape');
  });

  it('pocos comprobantes: amarillo con la vigencia; demo con Configura tu empresa ahora; promoción enlazada', () => {
    const { unmount } = conRouter(<DocumentBalanceBannerVista saldo={saldo(100, 95)} tipoEmpresa={0} diasPromo={1} />);
    expect(screen.getByTestId('banner-saldo')).toHaveAttribute('data-estado', '2');
    expect(screen.getByText('Le quedan pocos comprobantes: 5 disponibles · Vigencia del paquete hasta el 31/03/2027')).toBeInTheDocument();
    expect(screen.getByTestId('banner-promo')).toHaveTextContent('PAGO ÚNICO DE POR VIDA S/499 · Último día de oferta');
    unmount();
    conRouter(<DocumentBalanceBannerVista saldo={saldo(0, 2)} tipoEmpresa={1} />);
    expect(screen.getByText('Usted se encuentra en una cuenta DEMO')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configura tu empresa ahora' })).toHaveAttribute('href', '/inicializacion-tuboleta/tipo-configuracion');
  });

  it('deuda: una factura pendiente en amarillo con Subir mi pago', () => {
    conRouter(<DebtBannerVista resumen={[{ idMoneda: 1, monedaAbrev: 'S/', nroDocsDeuda: 1, montoDeuda: '59.90' }]} hoy="2026-11-22" />);
    expect(screen.getByTestId('banner-deuda')).toHaveAttribute('data-estado', 'una');
    expect(screen.getByText('Tienes una factura pendiente de pago por S/ 59.90')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subir mi pago' })).toHaveAttribute('href', '/admin/deudas/mis-deudas');
  });
});
