import type { TEntidadConsulta, TEntidadConsultaRespuesta, TEntidades } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** The seed's lookup by document: the company's customers first, then the imported SUNAT padrón. */
export function consultarEntidad(cuerpo: TEntidadConsulta) {
  return api.post<TEntidadConsultaRespuesta>('/entidades/v1/entidad/consulta', cuerpo);
}

/** Customers by document or name (trimmed, paged 10). */
export function buscarEntidades(filtro: string, signal?: AbortSignal) {
  return api.get<TEntidades>('/entidades/v1/entidades', { query: { filtro: filtro.trim(), pagina: 1, regxpag: 10, estado: 1 }, signal });
}
