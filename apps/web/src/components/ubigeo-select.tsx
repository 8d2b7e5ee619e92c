import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { TUbigeo } from '@yupana/contracts';
import { buscarUbigeos, obtenerUbigeo } from '../lib/api/buscar-ubigeos';

type Props = { value?: string | null; onChange?: (v: string | null) => void; id?: string };

/** District picker searching the server's INEI catalogue as the user types ("lima miraflores", "150122"). */
export function UbigeoSelect({ value, onChange, id }: Props) {
  const [opciones, setOpciones] = useState<TUbigeo[]>([]);
  const [cargando, setCargando] = useState(false);
  const peticion = useRef<AbortController | null>(null);

  // A value set from outside (lookup in the padrón, editing) needs its label.
  useEffect(() => {
    if (value && !opciones.some((o) => o.IdUbigeo === value)) {
      obtenerUbigeo(value)
        .then((u) => setOpciones((prev) => [u, ...prev.filter((p) => p.IdUbigeo !== u.IdUbigeo)]))
        .catch(() => undefined);
    }
  }, [value, opciones]);

  function buscar(texto: string) {
    peticion.current?.abort();
    if (texto.trim().length < 2) return;
    const c = new AbortController();
    peticion.current = c;
    setCargando(true);
    buscarUbigeos(texto, c.signal)
      .then((r) => setOpciones(r.Data))
      .catch(() => undefined)
      .finally(() => setCargando(false));
  }

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: buscar }}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={cargando}
      placeholder="Escriba el distrito o el código"
      notFoundContent={cargando ? 'Buscando...' : 'Escriba al menos dos letras'}
      options={opciones.map((u) => ({ value: u.IdUbigeo, label: `${u.Descripcion} (${u.IdUbigeo})` }))}
    />
  );
}
