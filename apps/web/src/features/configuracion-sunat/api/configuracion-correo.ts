import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TConfiguracionCorreo, TConfiguracionCorreoGuardar } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** The company's SMTP server; null while none is configured. */
export function useConfiguracionCorreo() {
  return useQuery({
    queryKey: ['configuracion-correo'],
    queryFn: ({ signal }) => api.get<TConfiguracionCorreo | null>('/contabilidad/v1/configuraciones/correo', { signal }),
  });
}

export function useGuardarConfiguracionCorreo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: TConfiguracionCorreoGuardar) => api.put<TConfiguracionCorreo>('/contabilidad/v1/configuraciones/correo', c),
    onSuccess: (r) => qc.setQueryData(['configuracion-correo'], r),
  });
}
