import { useQuery } from '@tanstack/react-query';
import type { TImportacionItems } from '@yupana/contracts';
import { archivoABase64 } from '../../../lib/api/configuracion-sunat';
import { descargarArchivo, subirConAvance } from '../../../lib/archivos';
import { api } from '../../../lib/session';

const BASE = '/logistica/v1/items';

/** The import's progress and result; polled twice a second while the server works on it. */
export function useImportacionCatalogo(id: number | null) {
  return useQuery({
    queryKey: ['importacion-catalogo', id],
    queryFn: ({ signal }) => api.get<TImportacionItems>(`${BASE}/importacion/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.Estado !== 'PROCESANDO' ? false : 500),
  });
}

/** Uploads the workbook (base64 in JSON, like the other Excel uploads) reporting the upload's progress; 202 starts the job. */
export async function subirCatalogo(
  archivo: File,
  opciones: { SoloValidar: boolean; AplicarValidas: boolean },
  alAvanzar: (porcentaje: number) => void,
): Promise<TImportacionItems> {
  const Archivo = await archivoABase64(archivo);
  // A cheap authenticated call first: the client refreshes an expiring token before the long upload.
  await api.get(`${BASE}?regxpag=1`);
  const cuerpo = JSON.stringify({ NombreArchivo: archivo.name, Archivo, ...opciones });
  return subirConAvance<TImportacionItems>(`/api${BASE}/importacion`, cuerpo, 'application/json', alAvanzar);
}

export const descargarPlantillaCatalogo = () => descargarArchivo(`${BASE}/importacion/plantilla`, {}, 'plantilla-productos.xlsx');

export const exportarCatalogo = (filtros: { filtro: string; soloFavoritos: boolean; tipoexistencia: string }) =>
  descargarArchivo(
    `${BASE}/exportacion`,
    { filtro: filtros.filtro, soloFavoritos: String(filtros.soloFavoritos), tipoexistencia: filtros.tipoexistencia, estado: -1 },
    'catalogo-productos.xlsx',
  );
