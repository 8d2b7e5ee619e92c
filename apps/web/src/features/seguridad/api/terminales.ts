import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTerminal, TTerminalGuardar } from '@yupana/contracts';
import { authStorage } from '../../../lib/auth-storage';
import { api } from '../../../lib/session';

export type TFiltroTerminales = { pagina: number; regxpag: number; filtro?: string; logestado: number };

export function useTerminales(f: TFiltroTerminales) {
  const idEmpresa = authStorage.dataUser()?.IdEntidadEmpresa ?? 0;
  return useQuery({
    queryKey: ['seguridad', 'terminales', f],
    queryFn: ({ signal }) => api.get<{ Data: TTerminal[]; Count: number }>(`/seguridad/v1/entidades/${idEmpresa}/terminales`, { query: f, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGuardarTerminal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: TTerminalGuardar) => (v.IdTerminal ? api.put<TTerminal>('/seguridad/v1/entidades/terminales', v) : api.post<TTerminal>('/seguridad/v1/entidades/terminales', v)),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['seguridad', 'terminales'] }),
  });
}
