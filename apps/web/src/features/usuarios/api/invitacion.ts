import { useMutation, useQuery } from '@tanstack/react-query';
import type { z, ZInvitacionAceptada, ZInvitacionConsulta } from '@yupana/contracts';
import { api } from '../../../lib/session';

export type TInvitacionConsulta = z.infer<typeof ZInvitacionConsulta>;
export type TInvitacionAceptada = z.infer<typeof ZInvitacionAceptada>;

/** What the link is for (invitation or reset), whose and until when; public (the token is the credential). */
export function useConsultaInvitacion(token: string) {
  return useQuery({
    queryKey: ['invitacion', token],
    queryFn: ({ signal }) => api.get<TInvitacionConsulta>('/seguridad/v1/usuarios/invitaciones', { query: { token }, auth: false, signal }),
    enabled: token.length >= 20,
    retry: false,
  });
}

export function useAceptarInvitacion() {
  return useMutation({
    mutationFn: (v: { Token: string; Contrasenha: string }) => api.post<TInvitacionAceptada>('/seguridad/v1/usuarios/invitaciones/aceptar', v, { auth: false }),
  });
}
