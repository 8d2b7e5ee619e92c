import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSucursal, TSucursalGuardar } from '@yupana/contracts';
import { api } from '../../../lib/session';

export function guardarSucursal(datos: TSucursalGuardar, id?: number) {
  return id ? api.put<TSucursal>(`/entidades/v1/sucursales/${id}`, datos) : api.post<TSucursal>('/entidades/v1/sucursales', datos);
}

export function useGuardarSucursal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ datos, id }: { datos: TSucursalGuardar; id?: number }) => guardarSucursal(datos, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sucursales'] }),
  });
}
