import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TAmbienteSunatRespuesta } from '@yupana/contracts';
import { CLAVE_AMBIENTE_SUNAT } from '../../lib/api/ambiente-sunat';
import { AvisoCertificado } from './aviso-certificado';

function conAmbiente(a: TAmbienteSunatRespuesta) {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData(CLAVE_AMBIENTE_SUNAT, a);
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <AvisoCertificado />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('aviso de certificado por vencer', () => {
  it('vence en 10 días: aviso con la fecha y enlace a la configuración SUNAT', () => {
    conAmbiente({ Ambiente: 'BETA', EsPrueba: true, Certificado: { ValidoHasta: '2026-12-02T15:00:00.000Z', DiasRestantes: 10, PorVencer: true, Vencido: false } });
    expect(screen.getByTestId('aviso-certificado')).toHaveTextContent('El certificado digital de la empresa vence el 02/12/2026 (quedan 10 días)');
    expect(screen.getByRole('link', { name: 'Configuración SUNAT' })).toHaveAttribute('href', '/admin/configuraciones/sunat');
  });

  it('vencido: aviso de error; vigente o sin certificado: nada', () => {
    const { unmount } = conAmbiente({ Ambiente: 'PRODUCCION', EsPrueba: false, Certificado: { ValidoHasta: '2026-11-01T15:00:00.000Z', DiasRestantes: -21, PorVencer: true, Vencido: true } });
    expect(screen.getByTestId('aviso-certificado')).toHaveTextContent('venció el 01/11/2026');
    unmount();
    const v = conAmbiente({ Ambiente: 'BETA', EsPrueba: true, Certificado: { ValidoHasta: '2027-11-01T15:00:00.000Z', DiasRestantes: 344, PorVencer: false, Vencido: false } });
    expect(screen.queryByTestId('aviso-certificado')).toBeNull();
    v.unmount();
    conAmbiente({ Ambiente: 'SIMULADOR', EsPrueba: true, Certificado: null });
    expect(screen.queryByTestId('aviso-certificado')).toBeNull();
  });
});
