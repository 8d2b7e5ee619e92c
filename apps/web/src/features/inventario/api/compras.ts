import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCompra, TCompraGuardar, TCompraXmlLeida } from '@yupana/contracts';
import { api } from '../../../lib/session';

const BASE = '/logistica/v1';

export function useCompras(f: { proveedor: string; pagina: number }) {
  return useQuery({
    queryKey: ['inventario', 'compras', f],
    queryFn: ({ signal }) => api.get<{ Data: Omit<TCompra, 'Detalle'>[]; Count: number }>(`${BASE}/compras`, { query: { proveedor: f.proveedor.trim(), pagina: f.pagina, regxpag: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The supplier's purchases a note can modify (facturas, boletas, liquidaciones not voided), newest first. */
export function useComprasDelProveedor(ruc: string | undefined, activo: boolean) {
  return useQuery({
    queryKey: ['inventario', 'compras', 'proveedor', ruc],
    queryFn: ({ signal }) => api.get<{ Data: Omit<TCompra, 'Detalle'>[]; Count: number }>(`${BASE}/compras`, { query: { proveedor: ruc ?? '', pagina: 1, regxpag: 100 }, signal }),
    enabled: activo && !!ruc && /^\d{11}$/.test(ruc),
    select: (r) => r.Data.filter((c) => !c.Anulado && ['01', '03', '04'].includes(c.TipoDocumento)),
  });
}

export function useCompra(id: number | null) {
  return useQuery({ queryKey: ['inventario', 'compra', id], queryFn: ({ signal }) => api.get<TCompra>(`${BASE}/compras/${id}`, { signal }), enabled: !!id });
}

export function useRegistrarCompra() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TCompraGuardar) => api.post<TCompra>(`${BASE}/compras`, datos),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['inventario'] }), qc.invalidateQueries({ queryKey: ['finanzas'] })]),
  });
}

export function useAnularCompra() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: number; motivo: string }) => api.put<TCompra>(`${BASE}/compras/${id}/anulaciones`, { Motivo: motivo }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['inventario'] }), qc.invalidateQueries({ queryKey: ['finanzas'] })]),
  });
}

/** Sends the supplier's XML (as text; nothing is saved) and gets the purchase draft with the items recognised. */
export function leerXmlCompra(xml: string) {
  return api.post<TCompraXmlLeida>(`${BASE}/compras/xml`, { Xml: xml });
}
