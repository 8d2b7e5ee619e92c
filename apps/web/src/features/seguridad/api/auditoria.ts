import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAuditoriaEvento, TEventoSeguridad } from '@yupana/contracts';
import { api } from '../../../lib/session';

export type TFiltroAuditoria = { pagina: number; regxpag: number; idUsuario: number; evento?: TEventoSeguridad; desde?: string; hasta?: string };

export function useAuditoria(f: TFiltroAuditoria) {
  return useQuery({
    queryKey: ['seguridad', 'auditoria', f],
    queryFn: ({ signal }) => api.get<{ Data: TAuditoriaEvento[]; Count: number }>('/seguridad/v1/auditoria/eventos', { query: f, signal }),
    placeholderData: keepPreviousData,
  });
}
