import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCentroCosto,
  TCentroCostoGuardar,
  TCobro,
  TCobroCrear,
  TCuentaContable,
  TCuentaFinanciera,
  TCuentaFinancieraGuardar,
  TCuentasPorCobrar,
  TCuentasPorPagar,
  TPago,
  TPagoCrear,
  TEstadoCuenta,
  TSaldoAFavor,
  TSaldoAFavorAplicar,
  TSaldoAFavorProveedor,
  TSaldoAFavorProveedorAplicar,
  TTipoCambio,
  TTipoCambioGuardar,
  TLetra,
  TLetraPagar,
} from '@yupana/contracts';
import { abrirArchivo } from '../../../lib/archivos';
import { api } from '../../../lib/session';

const BASE = '/finanzas/v1';

// ---- Receivables ----
export type TFiltroCxc = { cliente: string; idmoneda: number; tramo: string; fechacorte: string; pagina: number };
export function useCuentasPorCobrar(f: TFiltroCxc) {
  return useQuery({
    queryKey: ['finanzas', 'cxc', f],
    queryFn: ({ signal }) =>
      api.get<TCuentasPorCobrar>(`${BASE}/cuentasporcobrar`, {
        query: { cliente: f.cliente.trim(), idmoneda: f.idmoneda, tramo: f.tramo, pagina: f.pagina, regxpag: 20, ...(f.fechacorte ? { fechacorte: f.fechacorte } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useEstadoCuenta(cliente: string | null, idmoneda: number) {
  return useQuery({
    queryKey: ['finanzas', 'estado', cliente, idmoneda],
    queryFn: ({ signal }) => api.get<TEstadoCuenta>(`${BASE}/reportes/estadoscuentas`, { query: { cliente: cliente ?? '', idmoneda }, signal }),
    enabled: !!cliente,
  });
}

// ---- Collections ----
export function useCobros(f: { cliente: string; pagina: number }) {
  return useQuery({
    queryKey: ['finanzas', 'cobros', f],
    queryFn: ({ signal }) => api.get<{ Data: TCobro[]; Count: number }>(`${BASE}/cobros`, { query: { cliente: f.cliente.trim(), pagina: f.pagina, regxpag: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRegistrarCobro() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ tipo, datos }: { tipo: 1 | 2; datos: TCobroCrear }) => api.post<TCobro>(`${BASE}/cobros/${tipo === 1 ? 'efectivos' : 'bancarizados'}`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['finanzas'] }),
  });
}

/** The customer's credit in favour in one currency (left by credit notes beyond the debt), to apply at collection. */
export function useSaldoAFavor(cliente: string | null, idmoneda: number) {
  return useQuery({
    queryKey: ['finanzas', 'saldoafavor', cliente, idmoneda],
    queryFn: ({ signal }) => api.get<TSaldoAFavor>(`${BASE}/saldosafavor`, { query: { cliente: cliente ?? '', idmoneda }, signal }),
    enabled: !!cliente,
  });
}

/** Settles dues with the customer's credit in favour: a collection of kind 3, no account. */
export function useAplicarSaldoAFavor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TSaldoAFavorAplicar) => api.post<TCobro>(`${BASE}/cobros/saldosafavor`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['finanzas'] }),
  });
}

/** Voids a collection (`cobros`) or a supplier payment (`pagos`): the dues get their balance back (purchases too). */
export function useAnularRecibo(ruta: 'cobros' | 'pagos') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: number; motivo: string }) => api.put<TCobro | TPago>(`${BASE}/${ruta}/${id}/anulaciones`, { Motivo: motivo }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['finanzas'] }), qc.invalidateQueries({ queryKey: ['inventario'] })]),
  });
}

/** Opens the collection receipt PDF in a new tab. */
export async function abrirRecibo(id: number): Promise<void> {
  await abrirArchivo(`${BASE}/cobros/${id}/recibo`);
}

// ---- Master data ----
export function useTiposCambio(pagina: number) {
  return useQuery({
    queryKey: ['finanzas', 'tiposcambios', pagina],
    queryFn: ({ signal }) => api.get<{ Data: TTipoCambio[]; Count: number }>(`${BASE}/tiposcambios`, { query: { pagina, regxpag: 10 }, signal }),
    placeholderData: keepPreviousData,
  });
}
export function useGuardarTipoCambio() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TTipoCambioGuardar) => api.post<TTipoCambio>(`${BASE}/tiposcambios`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['finanzas', 'tiposcambios'] }),
  });
}

export function useCuentasFinancieras(estado = -1) {
  return useQuery({
    queryKey: ['finanzas', 'cuentas', estado],
    queryFn: ({ signal }) => api.get<{ Data: TCuentaFinanciera[]; Count: number }>(`${BASE}/cuentasfinancieras`, { query: { estado }, signal }),
  });
}
/** Leaf accounts of class 10 (caja y bancos) of the company's chart: the choices of a financial account's ledger account. */
export function useCuentasContablesCaja() {
  return useQuery({
    queryKey: ['libros', 'cuentas', 'clase10'],
    queryFn: async ({ signal }) => {
      const r = await api.get<{ Data: TCuentaContable[]; Count: number }>(`${BASE}/cuentascontables`, { query: { movimiento: '1', filtro: '10' }, signal });
      return r.Data.filter((c) => c.Codigo.startsWith('10'));
    },
    retry: false,
  });
}
/** Leaf accounts of element 9 (destination of expenses by function) for the cost centre form. */
export function useCuentasContablesDestino() {
  return useQuery({
    queryKey: ['libros', 'cuentas', 'clase9'],
    queryFn: async ({ signal }) => {
      const r = await api.get<{ Data: TCuentaContable[]; Count: number }>(`${BASE}/cuentascontables`, { query: { movimiento: '1', filtro: '9' }, signal });
      return r.Data.filter((c) => c.Codigo.startsWith('9'));
    },
    retry: false,
  });
}
export function useGuardarCuenta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ datos, id }: { datos: TCuentaFinancieraGuardar; id?: number }) =>
      id ? api.put<TCuentaFinanciera>(`${BASE}/cuentasfinancieras/${id}`, datos) : api.post<TCuentaFinanciera>(`${BASE}/cuentasfinancieras`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['finanzas', 'cuentas'] }),
  });
}

export { useCentrosCosto } from '../../../lib/api/centros-costo';
export function useGuardarCentro() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ datos, id }: { datos: TCentroCostoGuardar; id?: number }) =>
      id ? api.put<TCentroCosto>(`${BASE}/centroscostos/${id}`, datos) : api.post<TCentroCosto>(`${BASE}/centroscostos`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['finanzas', 'centros'] }),
  });
}

// ---- Payables and supplier payments ----
export type TFiltroCxp = { proveedor: string; idmoneda: number; tramo: string; fechacorte: string; pagina: number };
export function useCuentasPorPagar(f: TFiltroCxp) {
  return useQuery({
    queryKey: ['finanzas', 'cxp', f],
    queryFn: ({ signal }) =>
      api.get<TCuentasPorPagar>(`${BASE}/cuentasporpagar`, {
        query: { proveedor: f.proveedor.trim(), idmoneda: f.idmoneda, tramo: f.tramo, pagina: f.pagina, regxpag: 20, ...(f.fechacorte ? { fechacorte: f.fechacorte } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePagos(f: { proveedor: string; pagina: number }) {
  return useQuery({
    queryKey: ['finanzas', 'pagos', f],
    queryFn: ({ signal }) => api.get<{ Data: TPago[]; Count: number }>(`${BASE}/pagos`, { query: { proveedor: f.proveedor.trim(), pagina: f.pagina, regxpag: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRegistrarPago() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ tipo, datos }: { tipo: 1 | 2; datos: TPagoCrear }) => api.post<TPago>(`${BASE}/pagos/${tipo === 1 ? 'efectivos' : 'bancarizados'}`, datos),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['finanzas'] }), qc.invalidateQueries({ queryKey: ['inventario'] })]),
  });
}

/** The company's credit in favour before a supplier in one currency (the supplier's credit notes), to apply at payment. */
export function useSaldoAFavorProveedor(proveedor: string | null, idmoneda: number) {
  return useQuery({
    queryKey: ['finanzas', 'saldoafavor', 'proveedor', proveedor, idmoneda],
    queryFn: ({ signal }) => api.get<TSaldoAFavorProveedor>(`${BASE}/saldosafavor/proveedores`, { query: { proveedor: proveedor ?? '', idmoneda }, signal }),
    enabled: !!proveedor,
  });
}

/** Settles payable dues with the supplier's credit in favour: a supplier payment of kind 3, no account. */
export function useAplicarSaldoAFavorProveedor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TSaldoAFavorProveedorAplicar) => api.post<TPago>(`${BASE}/pagos/saldosafavor`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['finanzas'] }),
  });
}

/** Opens the supplier payment receipt PDF in a new tab. */
export async function abrirReciboPago(id: number): Promise<void> {
  await abrirArchivo(`${BASE}/pagos/${id}/recibo`);
}

// ---- Letras de cambio ----
export type TFiltroLetras = { estado: number; cliente: string; pagina: number };
export function useLetras(f: TFiltroLetras) {
  return useQuery({
    queryKey: ['finanzas', 'letras', f],
    queryFn: ({ signal }) => api.get<{ Data: TLetra[]; Count: number }>(`${BASE}/documentos/pagares`, { query: { estado: f.estado, cliente: f.cliente.trim(), pagina: f.pagina, regxpag: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}
/** Every write on a letra (canje, bank order, collection, protest, renewal, void) refreshes finance's queries. */
export function useOperacionLetra() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ metodo, ruta, datos }: { metodo: 'post' | 'put'; ruta: string; datos: unknown }) => (metodo === 'post' ? api.post<unknown>(`${BASE}${ruta}`, datos) : api.put<unknown>(`${BASE}${ruta}`, datos)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['finanzas'] }),
  });
}
export const abrirPdfLetra = (id: number) => abrirArchivo(`${BASE}/documentos/pagares/${id}/pdf`);

// ---- Letras de cambio por pagar (branch letraspagar) ----
export type TFiltroLetrasPagar = { estado: number; proveedor: string; pagina: number };
export function useLetrasPagar(f: TFiltroLetrasPagar) {
  return useQuery({
    queryKey: ['finanzas', 'letraspagar', f],
    queryFn: ({ signal }) =>
      api.get<{ Data: TLetraPagar[]; Count: number }>(`${BASE}/proveedores/documentos/pagares`, { query: { estado: f.estado, proveedor: f.proveedor.trim(), pagina: f.pagina, regxpag: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}
