import { Select, type SelectProps } from 'antd';
import { useCentrosCosto } from '../lib/api/centros-costo';

/**
 * A cost-centre picker for a form field: the active centres, plus the inactive one the record already has (so it still
 * shows by name). The Form.Item's id and other props reach the select, so its label names it. Someone without
 * permission to read the centres sees why the list is empty.
 */
export function CentroCostoSelect({
  value,
  onChange,
  actual,
  ...resto
}: Omit<SelectProps<number>, 'value' | 'onChange' | 'options'> & { value?: number | null; onChange?: (v: number | null) => void; actual?: number | null }) {
  const centros = useCentrosCosto();
  return (
    <Select<number>
      {...resto}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="Sin centro de costo"
      loading={centros.isFetching}
      options={(centros.data?.Data ?? []).filter((c) => c.LogEstado === 1 || c.Id === actual).map((c) => ({ value: c.Id, label: `${c.Codigo} ${c.Nombre}` }))}
      notFoundContent={centros.isError ? 'No tiene permiso para ver los centros de costo' : 'Sin centros de costo: créelos en Finanzas > Datos maestros'}
    />
  );
}
