import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MENSAJES_BUSQUEDA_ITEM, type TItem } from '@yupana/contracts';
import { AutoComplete, Button, Card, Col, Form, Input, InputNumber, Row, Select, Switch, type FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { buscarItems } from '../api/buscar-items';
import { opcionesAfectacion, UNIDADES } from './catalogos-ui';
import type { TLineaFormulario } from './modelo-comprobante';
import { CamposLote, controlDe } from '../../../components/campos-lote';
import { SelectorLoteVenta } from './selector-lote-venta';

export const LINEA_VACIA: TLineaFormulario = { CodigoUnidad: 'NIU', Cantidad: '1', IncluyeIgv: true, Afectacion: '10' };

type TProps = {
  form: FormInstance;
  /** GRE lines carry no prices. */
  conPrecios: boolean;
  /** Sales (not notes): lots and serials are picked from the stock of this branch's default warehouse. */
  idSucursalVenta?: number;
};

/** Item lines: picked from the catalogue (3 letters) or typed freely. One card per line so a phone can fill it. */
export function LineasItems({ form, conPrecios, idSucursalVenta }: TProps) {
  // One search at a time: the line being typed owns the suggestions and the hint.
  const [busqueda, setBusqueda] = useState<{ linea: number; opciones: TItem[]; aviso: string | null }>({ linea: -1, opciones: [], aviso: null });
  const control = useRef<AbortController | null>(null);
  const afectaciones = opcionesAfectacion();

  async function buscar(linea: number, texto: string) {
    control.current?.abort();
    if (texto.trim().length < 3) {
      setBusqueda({ linea, opciones: [], aviso: null });
      return;
    }
    const c = new AbortController();
    control.current = c;
    try {
      const r = await buscarItems(texto, c.signal);
      setBusqueda({
        linea,
        opciones: r.Data,
        aviso: r.Data.length ? null : `${MENSAJES_BUSQUEDA_ITEM.SIN_RESULTADOS} en el catálogo: puede escribirlo como ítem libre.`,
      });
    } catch {
      // Cancelled by the next keystroke, or the catalogue is unavailable: the line can still be typed freely.
      setBusqueda({ linea, opciones: [], aviso: null });
    }
  }

  function elegir(indice: number, item: TItem) {
    const lineas = [...((form.getFieldValue('Items') as TLineaFormulario[] | undefined) ?? [])];
    lineas[indice] = {
      ...lineas[indice],
      IdItem: item.Id,
      CodigoItem: item.Codigo,
      ItemDescripcion: item.Descripcion,
      CodigoUnidad: item.CodigoUnidad,
      Precio: item.PrecioIncluyeIgv ? item.PrecioUnitario : item.ValorUnitario,
      IncluyeIgv: item.PrecioIncluyeIgv,
      Afectacion: item.AfectacionIgv,
      Control: controlDe(item),
      Lote: undefined,
      Series: undefined,
    };
    form.setFieldValue('Items', lineas);
    setBusqueda({ linea: -1, opciones: [], aviso: null });
  }

  return (
    <Form.List name="Items" rules={[{ validator: async (_, v: unknown[]) => (v?.length ? undefined : Promise.reject(new Error('Agregue al menos un ítem'))) }]}>
      {(campos, { add, remove }, { errors }) => (
        <>
          {campos.map((campo, i) => (
            <Card
              key={campo.key}
              size="small"
              style={{ marginBottom: 12 }}
              title={`Ítem ${i + 1}`}
              data-testid={`linea-${i}`}
              extra={
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar ítem ${i + 1}`} onClick={() => remove(campo.name)} disabled={campos.length === 1} />
              }
            >
              <Form.Item name={[campo.name, 'IdItem']} hidden>
                <Input />
              </Form.Item>
              <Row gutter={12}>
                <Col xs={24} md={6}>
                  <Form.Item label="Código" name={[campo.name, 'CodigoItem']}>
                    <Input maxLength={30} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={conPrecios ? 18 : 10}>
                  <Form.Item
                    label="Descripción"
                    name={[campo.name, 'ItemDescripcion']}
                    rules={[{ required: true, whitespace: true, message: 'Indique la descripción' }]}
                    extra={busqueda.linea === i && busqueda.aviso ? busqueda.aviso : undefined}
                  >
                    <AutoComplete
                      options={(busqueda.linea === i ? busqueda.opciones : []).map((it) => ({ key: it.Id, value: it.Descripcion, label: `${it.Codigo} · ${it.Descripcion} · ${it.PrecioUnitario}`, item: it }))}
                      onSearch={(t) => void buscar(i, t)}
                      onSelect={(_: string, o: { item?: TItem }) => o.item && elegir(i, o.item)}
                      placeholder="3 letras para buscar en el catálogo, o texto libre"
                      aria-label={`Descripción del ítem ${i + 1}`}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={conPrecios ? 6 : 4}>
                  <Form.Item label="Unidad" name={[campo.name, 'CodigoUnidad']} rules={[{ required: true, message: 'Unidad' }]}>
                    <Select options={UNIDADES} showSearch popupMatchSelectWidth={false} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={conPrecios ? 6 : 4}>
                  <Form.Item label="Cantidad" name={[campo.name, 'Cantidad']} rules={[{ required: true, message: 'Cantidad' }]}>
                    <InputNumber stringMode min="0.0000000001" precision={undefined} style={{ width: '100%' }} inputMode="decimal" aria-label={`Cantidad del ítem ${i + 1}`} />
                  </Form.Item>
                </Col>
                {conPrecios && (
                  <>
                    <Col xs={12} md={6}>
                      <Form.Item label="Precio" name={[campo.name, 'Precio']} rules={[{ required: true, message: 'Precio' }]}>
                        <InputNumber stringMode min="0" style={{ width: '100%' }} inputMode="decimal" aria-label={`Precio del ítem ${i + 1}`} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item label="Incluye IGV" name={[campo.name, 'IncluyeIgv']} valuePropName="checked">
                        <Switch checkedChildren="Sí" unCheckedChildren="No" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item label="Afectación IGV" name={[campo.name, 'Afectacion']} rules={[{ required: true, message: 'Afectación' }]}>
                        <Select options={afectaciones} showSearch optionFilterProp="label" popupMatchSelectWidth={false} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item label="Descuento" name={[campo.name, 'Descuento']} tooltip="Monto sin IGV que se descuenta de la línea">
                        <InputNumber stringMode min="0" precision={2} style={{ width: '100%' }} inputMode="decimal" />
                      </Form.Item>
                    </Col>
                  </>
                )}
                {conPrecios && (
                  <Form.Item
                    noStyle
                    shouldUpdate={(a, b) =>
                      a.Items?.[campo.name]?.Control !== b.Items?.[campo.name]?.Control ||
                      a.Items?.[campo.name]?.IdItem !== b.Items?.[campo.name]?.IdItem ||
                      a.Items?.[campo.name]?.Cantidad !== b.Items?.[campo.name]?.Cantidad ||
                      a.Items?.[campo.name]?.CodigoUnidad !== b.Items?.[campo.name]?.CodigoUnidad
                    }
                  >
                    {() => {
                      const control = form.getFieldValue(['Items', campo.name, 'Control']) as TLineaFormulario['Control'];
                      const idItem = form.getFieldValue(['Items', campo.name, 'IdItem']) as number | undefined;
                      if (control && idItem && idSucursalVenta)
                        return (
                          <SelectorLoteVenta
                            key={idItem}
                            nombre={[campo.name]}
                            control={control}
                            idItem={idItem}
                            idSucursal={idSucursalVenta}
                            indice={i}
                            codigoUnidad={form.getFieldValue(['Items', campo.name, 'CodigoUnidad']) as string | undefined}
                          />
                        );
                      return <CamposLote nombre={[campo.name]} control={control} entrada={false} indice={i} />;
                    }}
                  </Form.Item>
                )}
              </Row>
              <Form.Item name={[campo.name, 'Control']} hidden>
                <Input />
              </Form.Item>
            </Card>
          ))}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ ...LINEA_VACIA })} data-testid="agregar-item">
            Agregar ítem
          </Button>
        </>
      )}
    </Form.List>
  );
}
