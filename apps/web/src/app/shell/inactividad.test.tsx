import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStorage } from '../../lib/auth-storage';
import { DialogoTiempoCaducado, duracionEnTexto, segundosInactividad } from './inactividad';

describe('límite de inactividad', () => {
  it('viene de la configuración pública; sin dato válido, los 900 s de la semilla', () => {
    expect(segundosInactividad({ InactividadSegundos: 120 })).toBe(120);
    expect(segundosInactividad({ InactividadSegundos: 0 })).toBe(900);
    expect(segundosInactividad(undefined)).toBe(900);
    expect(duracionEnTexto(900)).toBe('15 minutos');
    expect(duracionEnTexto(60)).toBe('1 minuto');
    expect(duracionEnTexto(45)).toBe('45 segundos');
  });
});

describe('Tiempo Caducado!!!', () => {
  it('al volver a la pestaña con el acceso vencido pregunta; NO cierra la sesión', async () => {
    // The access token expired while the tab was away (received an hour ago, valid for 15 minutes).
    authStorage.guardarTokens({ AccessToken: 'a', RefreshToken: 'r', ExpiresIn: 900, TimeLogIn: 't' }, Date.now() - 3_600_000);
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DialogoTiempoCaducado />
      </QueryClientProvider>,
    );
    expect(screen.queryByText('Tiempo Caducado!!!')).not.toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('focus')));
    const dialogo = await screen.findByRole('dialog', { name: 'Tiempo Caducado!!!' });
    expect(dialogo).toHaveTextContent('Se vencio su tiempo de acceso. Desea permanecer en la pagina?');
    expect(screen.getByRole('button', { name: 'SI' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'NO' }));
    await vi.waitFor(() => expect(authStorage.haySesion()).toBe(false));
    expect(authStorage.logOut()).not.toBeNull();
    expect(fetchMock.mock.calls.some((llamada: unknown[]) => String(llamada[0]).endsWith('/seguridad/v2/usuarios/logout'))).toBe(true);
    vi.unstubAllGlobals();
  }, 30_000);

  it('con el acceso vigente no pregunta', async () => {
    authStorage.guardarTokens({ AccessToken: 'a', RefreshToken: 'r', ExpiresIn: 900, TimeLogIn: 't' });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DialogoTiempoCaducado />
      </QueryClientProvider>,
    );
    act(() => void window.dispatchEvent(new Event('focus')));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Tiempo Caducado!!!')).not.toBeInTheDocument();
  });
});
