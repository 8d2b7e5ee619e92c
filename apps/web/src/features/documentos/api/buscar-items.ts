import type { TItem } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** Items of the catalogue by description or code (at least three letters, page of 10). */
export function buscarItems(filtro: string, signal?: AbortSignal) {
  return api.get<{ Data: TItem[]; Count: number }>('/logistica/v1/items', { query: { filtro: filtro.trim(), pagina: 1, regxpag: 10 }, signal });
}
