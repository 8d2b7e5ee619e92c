import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCargoResultado, TPasarelaConfig, TTarjetaTokenizar, TTokenTarjeta } from '@yupana/contracts';
import { ApiError } from '../../../lib/api-error';
import { authStorage } from '../../../lib/auth-storage';
import { api } from '../../../lib/session';

/** Where the card is tokenized (the gateway's endpoint) and whether the gateway is the test one. */
export function usePasarela(activa: boolean) {
  const idEmpresa = authStorage.dataUser()?.IdEntidadEmpresa ?? 0;
  return useQuery({
    queryKey: ['pagos', 'pasarela', idEmpresa],
    queryFn: () => api.get<TPasarelaConfig>(`/pagos/v1/entidades/integraciones/${idEmpresa}`),
    enabled: activa,
    staleTime: Infinity,
  });
}

/**
 * The card goes to the gateway's tokenization endpoint, without our session, as a gateway's card form does: our
 * payments API only ever receives the token that comes back.
 */
export async function tokenizarTarjeta(url: string, tarjeta: TTarjetaTokenizar): Promise<TTokenTarjeta> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(tarjeta) });
  const cuerpo = (await r.json().catch(() => null)) as (TTokenTarjeta & { ErrorId?: number }) | null;
  if (!r.ok) throw new ApiError(r.status, url, cuerpo as never);
  return cuerpo as TTokenTarjeta;
}

/** Charges a token to a pending payment, or to a subscription cycle through the seed's cycle call. */
export function usePagarConTarjeta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ idPago, idCiclo, Token }: { idPago: number; idCiclo?: number; Token: string }) =>
      idCiclo
        ? api.post<TCargoResultado>('/pagos/v1/contratos/pagos/ciclos', { IdCiclo: idCiclo, Token })
        : api.post<TCargoResultado>('/pagos/v1/contratos/prepago/pasarela', { IdPrepago: idPago, Token }),
    // The payment, the balance banner and the debts change.
    onSuccess: () => qc.invalidateQueries(),
  });
}
