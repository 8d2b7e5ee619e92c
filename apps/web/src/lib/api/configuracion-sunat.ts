import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TConfiguracionSunat, TConfiguracionSunatGuardar, TPruebaConexionSunat } from '@yupana/contracts';
import { CLAVE_AMBIENTE_SUNAT } from './ambiente-sunat';
import { api } from '../session';

export function useConfiguracionSunat() {
  return useQuery({
    queryKey: ['configuracion-sunat'],
    queryFn: ({ signal }) => api.get<TConfiguracionSunat>('/contabilidad/v1/configuraciones/sunat', { signal }),
  });
}

export function useGuardarConfiguracionSunat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: TConfiguracionSunatGuardar) => api.put<TConfiguracionSunat>('/contabilidad/v1/configuraciones/sunat', c),
    onSuccess: (r) => {
      qc.setQueryData(['configuracion-sunat'], r);
      void qc.invalidateQueries({ queryKey: CLAVE_AMBIENTE_SUNAT });
    },
  });
}

/** The .pfx as base64 for the JSON body (the file never leaves the request: the answer only describes it). */
export async function archivoABase64(archivo: File): Promise<string> {
  const bytes = new Uint8Array(await archivo.arrayBuffer());
  let binario = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binario += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binario);
}

/** Tests the saved settings against SUNAT (or the stand-in): the answer says, in Spanish, what happened. */
export function useProbarConexionSunat() {
  return useMutation({ mutationFn: () => api.post<TPruebaConexionSunat>('/contabilidad/v1/configuraciones/sunat/conexion') });
}
