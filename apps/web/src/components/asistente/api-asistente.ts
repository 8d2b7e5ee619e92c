import { useQuery } from '@tanstack/react-query';
import type { TArticuloAyuda, TArticuloAyudaResumen, TMensajeAsistente, TRespuestaAsistente } from '@yupana/contracts';
import { api } from '../../lib/session';

export function useAsistenteActivo(consultar: boolean) {
  return useQuery({
    queryKey: ['ayuda', 'asistente'],
    queryFn: ({ signal }) => api.get<{ Activo: boolean }>('/sistema/v1/asistente', { signal }),
    enabled: consultar,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export const enviarMensaje = (m: TMensajeAsistente) => api.post<TRespuestaAsistente>('/sistema/v1/asistente/mensajes', m);

export function useArticulos(buscar: string, activo: boolean) {
  const q = buscar.trim();
  return useQuery({
    queryKey: ['ayuda', 'articulos', q],
    queryFn: ({ signal }) => api.get<{ Data: TArticuloAyudaResumen[] }>(`/sistema/v1/ayuda/articulos${q ? `?buscar=${encodeURIComponent(q)}` : ''}`, { signal }),
    enabled: activo,
    staleTime: 5 * 60_000,
    placeholderData: (previo) => previo,
  });
}

export function useArticulo(slug: string | null) {
  return useQuery({
    queryKey: ['ayuda', 'articulo', slug],
    queryFn: ({ signal }) => api.get<TArticuloAyuda>(`/sistema/v1/ayuda/articulos/${slug}`, { signal }),
    enabled: !!slug,
    staleTime: 5 * 60_000,
  });
}
