import { useMutation } from '@tanstack/react-query';
import type { TConsultaReceptor, TConsultaReceptorRespuesta } from '@yupana/contracts';
import { ApiError } from '../../../lib/api-error';
import { api } from '../../../lib/session';

/** Public: no session needed; every one of the six fields must match one issued document. */
export function useConsultaReceptor() {
  return useMutation({
    mutationFn: (c: TConsultaReceptor) => api.post<TConsultaReceptorRespuesta>('/contabilidad/v1/consultareceptor', c, { auth: false }),
  });
}

/** A file of the document found (1 PDF, 2 XML, 3 CDR), asked again with the same six fields. */
export async function descargarArchivoPublico(c: TConsultaReceptor, tipoArchivo: number): Promise<{ blob: Blob; nombre: string | null }> {
  const q = new URLSearchParams(Object.entries(c).map(([k, v]) => [k, String(v)]));
  const destino = `/api/contabilidad/v1/consultareceptor/archivos/${tipoArchivo}?${q}`;
  const r = await fetch(destino).catch(() => {
    throw new ApiError(0, destino, null);
  });
  if (!r.ok) {
    const cuerpo = (await r.json().catch(() => null)) as ApiError['cuerpo'];
    throw new ApiError(r.status, destino, cuerpo && typeof cuerpo === 'object' && 'ErrorId' in cuerpo ? cuerpo : null);
  }
  const cd = r.headers.get('Content-Disposition') ?? '';
  const nombre = /filename="?([^";]+)"?/i.exec(cd)?.[1] ?? null;
  return { blob: await r.blob(), nombre };
}
