import { Col, DatePicker, Form, Input, Select } from 'antd';

/** What a line's item tracks: 'L' lots (with expiry), 'S' serials, nothing otherwise. */
export type TControl = 'L' | 'S' | undefined;
export const controlDe = (i: { ControlLote?: boolean; ControlSerie?: boolean } | null | undefined): TControl => (i?.ControlLote ? 'L' : i?.ControlSerie ? 'S' : undefined);

/**
 * Lot (and expiry) or serial fields of a form line, shown only for items that track them. `entrada`: stock comes in
 * (lot and expiry required, one serial per unit); otherwise the lot is optional (empty = FEFO) and so are serials.
 */
/** `compacto`: inside a narrow row (two equal columns). */
export function CamposLote({ nombre, control, entrada, indice, compacto }: { nombre: (string | number)[]; control: TControl; entrada: boolean; indice: number; compacto?: boolean }) {
  if (control === 'L')
    return (
      <>
        <Col xs={12} md={compacto ? 12 : entrada ? 4 : 8}>
          <Form.Item
            name={[...nombre, 'Lote']}
            label="Lote"
            rules={entrada ? [{ required: true, whitespace: true, message: 'Ingrese el lote' }] : []}
            extra={entrada ? undefined : 'Vacío: el que vence primero (FEFO)'}
          >
            <Input maxLength={30} aria-label={`Lote de la línea ${indice + 1}`} />
          </Form.Item>
        </Col>
        {entrada && (
          <Col xs={12} md={compacto ? 12 : 4}>
            <Form.Item name={[...nombre, 'FechaVencimiento']} label="Vencimiento" rules={[{ required: true, message: 'Ingrese el vencimiento' }]}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} aria-label={`Vencimiento de la línea ${indice + 1}`} />
            </Form.Item>
          </Col>
        )}
      </>
    );
  if (control === 'S')
    return (
      <Col xs={24} md={compacto ? 24 : 12}>
        <Form.Item
          name={[...nombre, 'Series']}
          label="Series"
          rules={entrada ? [{ required: true, type: 'array', min: 1, message: 'Ingrese una serie por unidad' }] : []}
          extra={entrada ? 'Una serie por unidad (Enter o coma entre series)' : 'Vacío: las series más antiguas en stock'}
        >
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} aria-label={`Series de la línea ${indice + 1}`} />
        </Form.Item>
      </Col>
    );
  return null;
}
