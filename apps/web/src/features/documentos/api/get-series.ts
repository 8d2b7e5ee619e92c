import { useQuery } from '@tanstack/react-query';
import type { TSerieDocumento } from '@yupana/contracts';
import { useSucursalActiva } from '../../../lib/permissions/sucursal-activa';
import { api } from '../../../lib/session';

/** Active series of one document type in the branch the user works in (the seed's v2 lookup). */
export function useSeriesDeTipo(idTipoDocumento: number) {
  const idsucursal = useSucursalActiva()?.Id;
  return useQuery({
    queryKey: ['series', 'tipo', idTipoDocumento, idsucursal ?? null],
    queryFn: ({ signal }) =>
      api.get<{ Data: TSerieDocumento[] }>('/entidades/v2/entidades/series', { query: { idtipodocumento: idTipoDocumento, idsucursal, logestado: 1 }, signal }),
    select: (r) => r.Data,
    staleTime: 60_000,
  });
}
