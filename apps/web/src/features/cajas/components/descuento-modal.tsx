import { Button, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

export type TDescuento = { tipo: '%' | 'S/'; valor: string };

/** A line's or the sale's discount, as a percentage or an amount in soles (with IGV). Enter applies, Esc cancels. */
export function DescuentoModal({
  titulo,
  actual,
  maximo,
  onAplicar,
  onCerrar,
}: {
  titulo: string;
  actual?: TDescuento | null;
  /** The most it can take off, in soles (the line's or the sale's amount). */
  maximo: string;
  onAplicar: (d: TDescuento | null) => void;
  onCerrar: () => void;
}) {
  const [tipo, setTipo] = useState<TDescuento['tipo']>(actual?.tipo ?? '%');
  const [valor, setValor] = useState<string | null>(actual?.valor ?? null);
  const [error, setError] = useState<string | null>(null);
  const campo = useRef<{ focus: () => void } | null>(null);
  useEffect(() => {
    const t = setTimeout(() => campo.current?.focus(), 50);
    return () => clearTimeout(t);
  }, []);
  const aplicar = () => {
    const v = Number(valor ?? 0);
    if (!valor || !(v > 0)) return void setError('Indique un descuento mayor que cero');
    if (tipo === '%' && v >= 100) return void setError('El porcentaje debe ser menor que 100');
    if (tipo === 'S/' && v >= Number(maximo)) return void setError(`El descuento debe ser menor que S/ ${maximo}`);
    onAplicar({ tipo, valor });
  };
  return (
    <Modal
      open
      title={titulo}
      onCancel={onCerrar}
      destroyOnHidden
      footer={[
        actual ? (
          <Button key="q" danger onClick={() => onAplicar(null)}>
            Quitar descuento
          </Button>
        ) : null,
        <Button key="c" onClick={onCerrar}>
          Cancelar
        </Button>,
        <Button key="ok" type="primary" onClick={aplicar} data-testid="aplicar-descuento">
          Aplicar
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group aria-label="Tipo de descuento" optionType="button" value={tipo} onChange={(e) => setTipo(e.target.value as TDescuento['tipo'])} options={[{ value: '%', label: 'Porcentaje (%)' }, { value: 'S/', label: 'Monto (S/)' }]} />
        <InputNumber<string>
          ref={campo as never}
          aria-label="Descuento"
          stringMode
          min="0"
          precision={2}
          value={valor}
          style={{ width: 160 }}
          addonAfter={tipo}
          onChange={(v) => setValor(v)}
          onPressEnter={aplicar}
        />
        <Typography.Text type="secondary">El monto en soles incluye el IGV.</Typography.Text>
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Space>
    </Modal>
  );
}
