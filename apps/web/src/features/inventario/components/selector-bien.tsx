import { Select } from 'antd';
import { useEffect, useState } from 'react';
import type { TItem } from '@yupana/contracts';
import { buscarBienes } from '../api/inventario';

/** Picks a good of the catalogue by description or code (services carry no stock and are left out). */
/** `etiqueta`: the text of a value set from outside (e.g. an item recognised in a supplier's XML). */
/** `onElegir`: the picked item (its lot and serial flags decide which fields the line shows). */
export function SelectorBien({ value, onChange, id, etiqueta, onElegir }: { value?: number; onChange?: (v: number) => void; id?: string; etiqueta?: string; onElegir?: (i: TItem | null) => void }) {
  const [texto, setTexto] = useState('');
  const [opciones, setOpciones] = useState<TItem[]>([]);
  const [elegido, setElegido] = useState<TItem | null>(null);
  const base = elegido && !opciones.some((i) => i.Id === elegido.Id) ? [elegido, ...opciones] : opciones;
  const lista = value && etiqueta && !base.some((i) => i.Id === value) ? [{ Id: value, Codigo: '', Descripcion: etiqueta } as TItem, ...base] : base;
  useEffect(() => {
    if (texto.trim().length < 3) return;
    let vigente = true;
    const t = setTimeout(() => {
      buscarBienes(texto)
        .then((r) => vigente && setOpciones(r.Data.filter((i) => i.CodigoUnidad !== 'ZZ')))
        .catch(() => vigente && setOpciones([]));
    }, 250);
    return () => {
      vigente = false;
      clearTimeout(t);
    };
  }, [texto]);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTexto }}
      value={value}
      onChange={(v: number) => {
        const i = lista.find((x) => x.Id === v) ?? null;
        setElegido(i);
        onElegir?.(i);
        onChange?.(v);
      }}
      placeholder="Escriba al menos tres letras del producto"
      notFoundContent={texto.trim().length < 3 ? 'Escriba al menos tres letras' : 'Sin resultados'}
      options={lista.map((i) => ({ value: i.Id, label: i.Codigo ? `${i.Codigo} - ${i.Descripcion}` : i.Descripcion }))}
      style={{ minWidth: 'min(280px, 100%)' }}
    />
  );
}
