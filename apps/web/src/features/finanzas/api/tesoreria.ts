import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TConciliar,
  TElementoGasto,
  TElementoGastoGuardar,
  TExtracto,
  TExtractoImportar,
  TMovimientoFinanciero,
  TNotaMovimiento,
  TSaldoCuenta,
  TTransferencia,
} from '@yupana/contracts';
import { api } from '../../../lib/session';

const BASE = '/finanzas/v1';
const invalidar = (qc: ReturnType<typeof useQueryClient>) => qc.invalidateQueries({ queryKey: ['finanzas'] });

export function useSaldosCuentas() {
  return useQuery({
    queryKey: ['finanzas', 'saldos'],
    queryFn: ({ signal }) => api.get<{ Data: TSaldoCuenta[]; Count: number }>(`${BASE}/cuentasfinancieras/saldos`, { signal }),
  });
}

export type TFiltroMovimientos = { idcuenta: number; tipo: number; pagina: number };
export function useMovimientos(f: TFiltroMovimientos) {
  return useQuery({
    queryKey: ['finanzas', 'movimientos', f],
    queryFn: ({ signal }) => api.get<{ Data: TMovimientoFinanciero[]; Count: number }>(`${BASE}/movimientos/busquedas`, { query: { ...f, regxpag: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The five kinds of movement the screen registers, with the seed's path of each. */
export const OPERACIONES = {
  ingreso: { ruta: 'notas/ingresos', nombre: 'Nota de ingreso' },
  salida: { ruta: 'notas/salidas', nombre: 'Nota de salida' },
  deposito: { ruta: 'movimientos/depositos', nombre: 'Depósito de caja a banco' },
  cajas: { ruta: 'movimientos/cajas', nombre: 'Transferencia entre cajas' },
  cuentas: { ruta: 'movimientos/cuentasbancarias', nombre: 'Transferencia entre cuentas' },
} as const;
export type TOperacion = keyof typeof OPERACIONES;

export function useRegistrarMovimiento() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ operacion, datos }: { operacion: TOperacion; datos: TNotaMovimiento | TTransferencia }) => api.post<TMovimientoFinanciero>(`${BASE}/${OPERACIONES[operacion].ruta}`, datos),
    onSuccess: () => invalidar(qc),
  });
}

export function useEliminarMovimiento() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.solicitar<TMovimientoFinanciero>(`${BASE}/movimientos/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidar(qc),
  });
}

export function useElementosGasto() {
  return useQuery({
    queryKey: ['finanzas', 'elementos'],
    queryFn: ({ signal }) => api.get<{ Data: TElementoGasto[]; Count: number }>(`${BASE}/elementosgastos`, { signal }),
  });
}
export function useGuardarElemento() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ datos, id }: { datos: TElementoGastoGuardar; id?: number }) =>
      id ? api.put<TElementoGasto>(`${BASE}/elementosgastos/${id}`, datos) : api.post<TElementoGasto>(`${BASE}/elementosgastos`, datos),
    onSuccess: () => invalidar(qc),
  });
}

export function useExtracto(id: number | null) {
  return useQuery({
    queryKey: ['finanzas', 'extracto', id],
    queryFn: ({ signal }) => api.get<TExtracto>(`${BASE}/conciliaciones/extractos/${id}`, { signal }),
    enabled: !!id,
  });
}
export function useExtractos(idcuenta: number) {
  return useQuery({
    queryKey: ['finanzas', 'extractos', idcuenta],
    queryFn: ({ signal }) =>
      api.get<{ Data: { Id: number; CuentaFinanciera: string; NombreArchivo: string; FechaDesde: string; FechaHasta: string; Lineas: number; Conciliadas: number }[]; Count: number }>(
        `${BASE}/conciliaciones/extractos`,
        { query: { idcuenta }, signal },
      ),
  });
}
export function useImportarExtracto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TExtractoImportar) => api.post<TExtracto>(`${BASE}/conciliaciones/extractos`, datos),
    onSuccess: () => invalidar(qc),
  });
}
export function useConciliar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: TConciliar }) => api.post<TExtracto>(`${BASE}/conciliaciones/extractos/${id}/conciliaciones`, datos),
    onSuccess: () => invalidar(qc),
  });
}
export function useDeshacerConciliacion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idLinea }: { id: number; idLinea: number }) => api.solicitar<TExtracto>(`${BASE}/conciliaciones/extractos/${id}/lineas/${idLinea}`, { method: 'DELETE' }),
    onSuccess: () => invalidar(qc),
  });
}
