import { App, Button, Col, Form, Input, Radio, Row, Select, Space, Switch, Typography } from 'antd';
import { useMarcas } from '../api/marcas';
import { useUnidades } from '../api/unidades';
import { useEffect } from 'react';
import { descripcionCatalogo } from '@yupana/sunat/isomorfico';
import { AfectacionesIgv, EstandaresCodigoProducto, MAX_CODIGOS_BARRAS, validarCodigoBarras, TiposExistencia, UnidadesItem, validarCodigoProducto, type TEstandarCodigoProducto, type TItem, type TItemGuardar } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useGuardarItem } from '../api/guardar-item';
import { PresentacionesItem } from './presentaciones-item';
import { ImagenesItem } from './imagenes-item';
import { MinimosAlmacen } from './minimos-almacen';

type Valores = Omit<TItemGuardar, 'LogEstado'>;

const opcionesTipoExistencia = Object.entries(TiposExistencia).map(([value, label]) => ({ value, label: `${value} - ${label}` }));
const opcionesAfectacion = AfectacionesIgv.map((c) => ({ value: c, label: `${c} - ${descripcionCatalogo('07', c) ?? ''}` }));

type Props = { item: TItem | null; onGuardado: () => void; onCancelar: () => void };

export function ItemForm({ item, onGuardado, onCancelar }: Props) {
  const [form] = Form.useForm<Valores>();
  const { message } = App.useApp();
  const guardar = useGuardarItem();
  const estandar = Form.useWatch('EstandarCodigoProducto', form);
  const marcas = useMarcas('marcas');
  const categorias = useMarcas('categorias');
  // The company's active units (logisticasoporte), plus the item's own when it was deactivated since.
  const unidades = useUnidades(1);
  const opcionesUnidad = (() => {
    const o = (unidades.data?.Data ?? []).map((u) => ({ value: u.Codigo, label: `${u.Codigo} · ${u.Codigo in UnidadesItem ? UnidadesItem[u.Codigo as keyof typeof UnidadesItem] : u.Descripcion}` }));
    return item && !o.some((x) => x.value === item.CodigoUnidad) ? [...o, { value: item.CodigoUnidad, label: item.CodigoUnidad }] : o;
  })();
  // Active ones, plus the item's own when it was deactivated since.
  const opciones = (lista: { Id: number; Nombre: string }[] | undefined, id: number | null | undefined, nombre: string | null | undefined) => {
    const o = (lista ?? []).map((m) => ({ value: m.Id, label: m.Nombre }));
    return id && nombre && !o.some((x) => x.value === id) ? [...o, { value: id, label: nombre }] : o;
  };

  useEffect(() => {
    form.setFieldsValue(
      item
        ? { ...item, AfectacionIgv: item.AfectacionIgv as Valores['AfectacionIgv'], TipoExistencia: item.TipoExistencia as Valores['TipoExistencia'], EstandarCodigoProducto: item.EstandarCodigoProducto as TEstandarCodigoProducto | null }
        : { CodigosBarras: [], IdMarca: null, IdCategoria: null, CodigoMarca: null, StockMinimo: null, CodigoUnidad: 'NIU', PrecioIncluyeIgv: true, AfectacionIgv: '10', TipoExistencia: '01', EsFavorito: false, ControlLote: false, ControlSerie: false, Codigo: '', Descripcion: '', Precio: '' },
    );
  }, [item, form]);

  async function enviar(v: Valores) {
    try {
      await guardar.mutateAsync({
        datos: {
          ...v,
          EstandarCodigoProducto: v.EstandarCodigoProducto || null,
          CodigoProducto: v.CodigoProducto || null,
          IdMarca: v.IdMarca ?? null,
          IdCategoria: v.IdCategoria ?? null,
          CodigoMarca: v.CodigoMarca || null,
          StockMinimo: v.StockMinimo === '' || v.StockMinimo === undefined ? null : v.StockMinimo,
          CodigosBarras: v.CodigosBarras ?? [],
        },
        id: item?.Id,
      });
      message.success(item ? 'Producto o servicio actualizado' : 'Producto o servicio registrado');
      onGuardado();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length)
        form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: (name.startsWith('CodigosBarras') ? 'CodigosBarras' : name) as keyof Valores, errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }

  return (
    <>
    <Form form={form} layout="vertical" onFinish={enviar} requiredMark="optional" data-testid="form-item">
      <Row gutter={12}>
        <Col xs={24} sm={10}>
          <Form.Item name="Codigo" label="Código" rules={[{ required: true, whitespace: true, message: 'Ingrese el código' }]}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item name="CodigoUnidad" label="Unidad" rules={[{ required: true, message: 'Seleccione la unidad' }]}>
            <Select aria-label="Unidad" showSearch={{ optionFilterProp: 'label' }} loading={unidades.isLoading} options={opcionesUnidad} data-testid="item-unidad" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="Descripcion" label="Descripción" rules={[{ required: true, whitespace: true, message: 'Ingrese la descripción' }]}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={10}>
          <Form.Item
            name="Precio"
            label="Precio"
            rules={[
              { required: true, message: 'Ingrese el precio' },
              { pattern: /^\d{1,12}(\.\d{1,10})?$/, message: 'Precio no válido (hasta 10 decimales)' },
            ]}
          >
            <Input inputMode="decimal" prefix="S/" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item name="PrecioIncluyeIgv" label="El precio" >
            <Radio.Group
              options={[
                { value: true, label: 'Incluye IGV' },
                { value: false, label: 'No incluye IGV' },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={14}>
          <Form.Item name="AfectacionIgv" label="Afectación del IGV (catálogo 07)" rules={[{ required: true, message: 'Seleccione la afectación del IGV' }]}>
            <Select options={opcionesAfectacion} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="TipoExistencia"
            label="Tipo de existencia (tabla 5)"
            tooltip="Tabla 5 de SUNAT: se informa en el registro de inventario permanente (PLE 12.1 y 13.1)"
            rules={[{ required: true, message: 'Seleccione el tipo de existencia (tabla 5 de SUNAT)' }]}
          >
            <Select options={opcionesTipoExistencia} showSearch={{ optionFilterProp: 'label' }} data-testid="tipo-existencia" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={10}>
          <Form.Item name="EstandarCodigoProducto" label="Estándar del código de producto">
            <Select allowClear placeholder="Ninguno" options={EstandaresCodigoProducto.map((e) => ({ value: e, label: e }))} onChange={() => form.validateFields(['CodigoProducto']).catch(() => undefined)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item
            name="CodigoProducto"
            label="Código de producto"
            dependencies={['EstandarCodigoProducto']}
            rules={[
              {
                validator: async (_r, valor: string | undefined) => {
                  if (!estandar && !valor) return;
                  if (estandar && !valor) throw new Error('Ingrese el código de producto');
                  if (!estandar) throw new Error('Seleccione el estándar del código de producto');
                  const m = validarCodigoProducto(estandar as TEstandarCodigoProducto, valor!.trim());
                  if (m) throw new Error(m);
                },
              },
            ]}
          >
            <Input maxLength={14} inputMode="numeric" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="IdMarca" label="Marca">
            <Select allowClear placeholder="Sin marca" aria-label="Marca" showSearch={{ optionFilterProp: 'label' }} options={opciones(marcas.data?.Data, item?.IdMarca, item?.Marca)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="IdCategoria" label="Categoría">
            <Select allowClear placeholder="Sin categoría" aria-label="Categoría" showSearch={{ optionFilterProp: 'label' }} options={opciones(categorias.data?.Data, item?.IdCategoria, item?.Categoria)} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="CodigoMarca" label="Código marca / alternativo" tooltip="El código del fabricante o un código alternativo: la búsqueda «Código Marca/Alternativo» lo usa">
            <Input maxLength={30} aria-label="Código marca" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="StockMinimo"
            label="Stock mínimo"
            tooltip="Se compara con el stock sumado de todos los almacenes y con el de cada almacén que no tenga su propio mínimo (sección «Stock mínimo por almacén»); Inventario › Stock lista los productos por debajo"
            rules={[{ pattern: /^\d{1,12}(\.\d{1,4})?$/, message: 'Stock mínimo: número no negativo de hasta 4 decimales' }]}
          >
            <Input inputMode="decimal" aria-label="Stock mínimo" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="CodigosBarras"
        label="Códigos de barras adicionales"
        tooltip="Escriba o escanee cada código y presione Enter. Un código de 8, 12, 13 o 14 dígitos se valida como GTIN."
        rules={[
          {
            validator: async (_r, lista: string[] | undefined) => {
              if ((lista ?? []).length > MAX_CODIGOS_BARRAS) throw new Error(`Máximo ${MAX_CODIGOS_BARRAS} códigos de barras`);
              for (const c of lista ?? []) {
                const m = validarCodigoBarras(c.trim());
                if (m) throw new Error(m);
              }
            },
          },
        ]}
      >
        <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ', '|']} placeholder="Escanee o escriba y presione Enter" aria-label="Códigos de barras adicionales" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={8}>
          <Form.Item name="EsFavorito" label="Favorito" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={8}>
          <Form.Item name="ControlLote" label="Lotes y vencimiento" valuePropName="checked" tooltip="Cada ingreso pide lote y vencimiento; las ventas toman primero el lote que vence antes (FEFO)">
            <Switch aria-label="Controla lotes" onChange={(v) => v && form.setFieldValue('ControlSerie', false)} />
          </Form.Item>
        </Col>
        <Col xs={8}>
          <Form.Item name="ControlSerie" label="Series" valuePropName="checked" tooltip="Cada unidad lleva su número de serie; una serie se vende una sola vez">
            <Switch aria-label="Controla series" onChange={(v) => v && form.setFieldValue('ControlLote', false)} />
          </Form.Item>
        </Col>
      </Row>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancelar}>Cancelar</Button>
        <Button type="primary" htmlType="submit" loading={guardar.isPending}>
          {item ? 'Guardar cambios' : 'Registrar'}
        </Button>
      </Space>
    </Form>
    {item && item.CodigoUnidad !== 'ZZ' && <PresentacionesItem idItem={item.Id} unidadBase={item.CodigoUnidad} />}
    {item && item.CodigoUnidad !== 'ZZ' && <MinimosAlmacen idItem={item.Id} />}
    {item ? <ImagenesItem idItem={item.Id} descripcion={item.Descripcion} /> : <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12 }}>Las imágenes se agregan después de registrar el producto.</Typography.Text>}
    </>
  );
}
