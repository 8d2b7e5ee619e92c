import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, AutoComplete, Button, Card, Col, Divider, Empty, Form, Input, Row, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import type { TPresentacion } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useGuardarPresentaciones, usePresentaciones } from '../api/presentaciones';

type TFila = { CodigoUnidad?: string; Descripcion?: string; Factor?: string; CodigoBarras?: string; Precio?: string };
type TValores = { Presentaciones: TFila[] };

// Units of catálogo 03 a shop packs in; any other 2-3 letter code may be typed.
const UNIDADES_PRESENTACION = [
  { value: 'BX', label: 'BX - Caja' },
  { value: 'PK', label: 'PK - Paquete' },
  { value: 'DZN', label: 'DZN - Docena' },
  { value: 'BG', label: 'BG - Bolsa' },
  { value: 'BO', label: 'BO - Botella' },
  { value: 'CA', label: 'CA - Lata' },
  { value: 'SET', label: 'SET - Juego' },
  { value: 'PR', label: 'PR - Par' },
];

const vacioANulo = (v?: string) => (v === undefined || v.trim() === '' ? undefined : v.trim());

/**
 * The item's presentations (CAJA x 12...): unit code, description, base units it holds, barcode and price with IGV
 * (kept in the standard price list). Saved all at once; the server's field messages show under each field.
 */
export function PresentacionesItem({ idItem, unidadBase }: { idItem: number; unidadBase: string }) {
  const [form] = Form.useForm<TValores>();
  const { message } = App.useApp();
  const consulta = usePresentaciones(idItem);
  const guardar = useGuardarPresentaciones(idItem);

  useEffect(() => {
    if (consulta.data) form.setFieldsValue({ Presentaciones: consulta.data.Data.map((p) => ({ ...p })) });
  }, [consulta.data, form]);

  async function enviar(v: TValores) {
    const filas: TPresentacion[] = (v.Presentaciones ?? []).map((p) => ({
      CodigoUnidad: (p.CodigoUnidad ?? '').trim().toUpperCase(),
      Descripcion: (p.Descripcion ?? '').trim(),
      Factor: (p.Factor ?? '').trim(),
      ...(vacioANulo(p.CodigoBarras) ? { CodigoBarras: vacioANulo(p.CodigoBarras) } : {}),
      ...(vacioANulo(p.Precio) ? { Precio: vacioANulo(p.Precio) } : {}),
    }));
    // Clear the previous server messages before a new try.
    form.setFields(filas.flatMap((_, i) => (['CodigoUnidad', 'Descripcion', 'Factor', 'CodigoBarras', 'Precio'] as const).map((c) => ({ name: ['Presentaciones', i, c], errors: [] }))));
    try {
      await guardar.mutateAsync(filas);
      message.success('Presentaciones guardadas');
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) {
        const generales: string[] = [];
        const deCampo = Object.entries(e.errores).flatMap(([campo, error]) => {
          const partes = campo.split('.');
          if (partes[0] === 'Presentaciones' && partes.length === 3) return [{ name: ['Presentaciones', Number(partes[1]), partes[2] as keyof TFila] as ['Presentaciones', number, keyof TFila], errors: [error] }];
          generales.push(error);
          return [];
        });
        form.setFields(deCampo);
        if (generales.length) message.error(generales.join('. '));
      } else message.error(mensajeDeError(e));
    }
  }

  return (
    <section aria-label="Presentaciones" data-testid="presentaciones-item">
      <Divider titlePlacement="start">Presentaciones</Divider>
      <Typography.Paragraph type="secondary">
        Cómo se vende o compra además de la unidad base ({unidadBase}): una CAJA x 12 mueve 12 unidades del stock. El precio (con IGV) queda en la lista Estándar.
      </Typography.Paragraph>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      {consulta.isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" onFinish={enviar} requiredMark="optional" data-testid="form-presentaciones">
          <Form.List name="Presentaciones">
            {(campos, { add, remove }) => (
              <>
                {campos.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin presentaciones: se vende solo por unidad" />}
                {campos.map((c, i) => (
                  <Card
                    key={c.key}
                    size="small"
                    style={{ marginBottom: 8 }}
                    title={`Presentación ${i + 1}`}
                    data-testid={`presentacion-${i}`}
                    extra={<Button type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar presentación ${i + 1}`} onClick={() => remove(c.name)} />}
                  >
                    <Row gutter={8}>
                      <Col xs={12} sm={8}>
                        <Form.Item name={[c.name, 'CodigoUnidad']} label="Unidad" rules={[{ required: true, whitespace: true, message: 'Indique la unidad (p. ej. BX)' }]}>
                          <AutoComplete options={UNIDADES_PRESENTACION} maxLength={3} aria-label={`Unidad de la presentación ${i + 1}`} filterOption={(t, o) => (o?.label ?? '').toUpperCase().includes(t.toUpperCase())} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} sm={16}>
                        <Form.Item name={[c.name, 'Descripcion']} label="Descripción" rules={[{ required: true, whitespace: true, message: 'Indique la descripción de la presentación' }]}>
                          <Input maxLength={60} placeholder="CAJA X 12" aria-label={`Descripción de la presentación ${i + 1}`} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} sm={6}>
                        <Form.Item name={[c.name, 'Factor']} label={`Factor (${unidadBase})`} rules={[{ required: true, whitespace: true, message: 'Indique el factor' }]}>
                          <Input inputMode="decimal" aria-label={`Factor de la presentación ${i + 1}`} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} sm={9}>
                        <Form.Item name={[c.name, 'CodigoBarras']} label="Código de barras">
                          <Input maxLength={14} inputMode="numeric" aria-label={`Código de barras de la presentación ${i + 1}`} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} sm={9}>
                        <Form.Item name={[c.name, 'Precio']} label="Precio (con IGV)">
                          <Input inputMode="decimal" prefix="S/" aria-label={`Precio de la presentación ${i + 1}`} />
                        </Form.Item>
                      </Col>
                    </Row>
                  </Card>
                ))}
                <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ CodigoUnidad: '', Descripcion: '', Factor: '' })} style={{ marginBottom: 12 }}>
                  Agregar presentación
                </Button>
              </>
            )}
          </Form.List>
          <Button type="primary" htmlType="submit" loading={guardar.isPending}>
            Guardar presentaciones
          </Button>
        </Form>
      )}
    </section>
  );
}
