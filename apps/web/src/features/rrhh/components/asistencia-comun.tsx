import { Select } from 'antd';
import { useState } from 'react';
import { useTrabajadoresSelector } from '../api/asistencia';

/** Minutes as h:mm ("7:35"). */
export const horas = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
/** Today in Lima as YYYY-MM-DD. */
export const hoyLima = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
export const sumarDias = (fecha: string, n: number) => new Date(Date.parse(`${fecha}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Picks a worker by name or document (server-side search). */
export function TrabajadorSelect({ value, onChange, id, placeholder = 'Busque por nombre o DNI', allowClear }: { value?: number | null; onChange?: (v: number | null) => void; id?: string; placeholder?: string; allowClear?: boolean }) {
  const [filtro, setFiltro] = useState('');
  const q = useTrabajadoresSelector(filtro);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setFiltro }}
      allowClear={allowClear}
      value={value ?? undefined}
      placeholder={placeholder}
      loading={q.isFetching}
      style={{ minWidth: 260 }}
      onChange={(v) => onChange?.(v ?? null)}
      options={(q.data?.Data ?? []).map((t) => ({ value: t.Id, label: `${t.NombreCompleto} (${t.Documento})` }))}
      notFoundContent={q.isFetching ? 'Buscando…' : 'Sin trabajadores'}
    />
  );
}
