import type { TEntidadConsulta, TEntidadConsultaRespuesta } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** The seed's `entidad/consulta`: the company's entities first, then the imported SUNAT padrón. */
export function consultarDocumento(cuerpo: TEntidadConsulta) {
  return api.post<TEntidadConsultaRespuesta>('/entidades/v1/entidad/consulta', cuerpo);
}
