import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TSucursal } from '@yupana/contracts';
import { api } from '../../../lib/session';

export function listarSucursales(f: { pagina: number; estado: number }, signal?: AbortSignal) {
  return api.get<{ Data: TSucursal[]; Count: number }>('/entidades/v1/sucursales', { query: { ...f, regxpag: 10 }, signal });
}

export function useSucursales(f: { pagina: number; estado: number }) {
  return useQuery({ queryKey: ['sucursales', f], queryFn: ({ signal }) => listarSucursales(f, signal), placeholderData: keepPreviousData });
}
