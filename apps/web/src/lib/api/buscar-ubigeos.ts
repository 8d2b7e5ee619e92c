import type { TUbigeo } from '@yupana/contracts';
import { api } from '../session';

export function buscarUbigeos(filtro: string, signal?: AbortSignal) {
  return api.get<{ Data: TUbigeo[]; Count: number }>('/entidades/v1/ubigeos', { query: { filtro: filtro.trim(), pagina: 1, regxpag: 20 }, signal });
}

export function obtenerUbigeo(id: string) {
  return api.get<TUbigeo>(`/entidades/v1/ubigeo/${id}`);
}
