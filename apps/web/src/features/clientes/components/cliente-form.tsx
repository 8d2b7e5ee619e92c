import { SearchOutlined } from '@ant-design/icons';
import { Alert, App, Button, Col, Form, Input, Row, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import {
  MensajesConsultaEntidad,
  TipoDocumentoIdentidad,
  TiposDocumentoIdentidad,
  TiposEntidad,
  validarDocumentoIdentidad,
  type TEntidad,
  type TEntidadGuardar,
} from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { consultarDocumento } from '../api/consultar-documento';
import { useGuardarEntidad } from '../api/guardar-entidad';
import { UbigeoSelect } from '../../../components/ubigeo-select';

type Valores = {
  TipoEntidad: number;
  IdTipoDocumento: number;
  Documento: string;
  RazonSocial: string;
  Direccion?: string | null;
  IdUbigeo?: string | null;
  Correo?: string | null;
  Telefono?: string | null;
};

const opcionesTipoDocumento = Object.entries(TiposDocumentoIdentidad).map(([id, t]) => ({ value: Number(id), label: t.Descripcion }));
const opcionesTipoEntidad = Object.entries(TiposEntidad).map(([id, nombre]) => ({ value: Number(id), label: nombre }));

type Props = { entidad: TEntidad | null; onGuardado: (e: TEntidad) => void; onCancelar: () => void };

/**
 * Create / edit form of a customer (or supplier...). "Consultar" looks the document up among the company's
 * entities and, for a RUC, in the imported SUNAT padrón, and fills the name and address.
 */
export function ClienteForm({ entidad, onGuardado, onCancelar }: Props) {
  const [form] = Form.useForm<Valores>();
  const { message } = App.useApp();
  const guardar = useGuardarEntidad();
  const [consultando, setConsultando] = useState(false);
  const [aviso, setAviso] = useState<{ tipo: 'info' | 'warning'; texto: string } | null>(null);
  const [sunat, setSunat] = useState<{ estado: string | null; condicion: string | null } | null>(null);
  // Editing through the lookup: a registered entity found by document becomes the one being edited.
  const [idEdicion, setIdEdicion] = useState<number | undefined>(entidad?.Id);
  const tipoDocumento = Form.useWatch('IdTipoDocumento', form);

  useEffect(() => {
    form.setFieldsValue(
      entidad
        ? { ...entidad, Direccion: entidad.Direccion, IdUbigeo: entidad.IdUbigeo }
        : { TipoEntidad: 6, IdTipoDocumento: TipoDocumentoIdentidad.RUC, Documento: '', RazonSocial: '' },
    );
    setIdEdicion(entidad?.Id);
    if (entidad?.EstadoContribuyente) setSunat({ estado: entidad.EstadoContribuyente, condicion: entidad.CondicionDomicilio });
  }, [entidad, form]);

  async function consultar() {
    try {
      await form.validateFields(['IdTipoDocumento', 'Documento']);
    } catch {
      return;
    }
    const { IdTipoDocumento, Documento } = form.getFieldsValue(['IdTipoDocumento', 'Documento']) as Valores;
    setConsultando(true);
    setAviso(null);
    try {
      const r = await consultarDocumento({ idTipoDocumento: IdTipoDocumento, numeroDocumento: Documento.trim(), consultasunat: true, paginaActual: 1, insertarEntidad: false });
      const hallada = r.Collection.find((e) => e.TipoEntidad === form.getFieldValue('TipoEntidad')) ?? r.Collection[0];
      if (!hallada) {
        setAviso({ tipo: 'warning', texto: r.Mensaje ?? MensajesConsultaEntidad.NO_HAY });
        return;
      }
      form.setFieldsValue({
        RazonSocial: hallada.RazonSocial,
        Direccion: hallada.Direccion ?? form.getFieldValue('Direccion'),
        IdUbigeo: hallada.IdUbigeo ?? form.getFieldValue('IdUbigeo'),
        ...(r.Origen === 'ENTIDAD' ? { Correo: hallada.Correo, Telefono: hallada.Telefono, TipoEntidad: hallada.TipoEntidad } : {}),
      });
      setSunat(hallada.EstadoContribuyente ? { estado: hallada.EstadoContribuyente, condicion: hallada.CondicionDomicilio } : null);
      if (r.Origen === 'ENTIDAD') {
        setIdEdicion(hallada.Id);
        setAviso({ tipo: 'info', texto: r.Mensaje ?? MensajesConsultaEntidad.YA_REGISTRADO });
      } else setAviso({ tipo: 'info', texto: 'Datos obtenidos del padrón reducido del RUC de SUNAT' });
    } catch (e) {
      setAviso({ tipo: 'warning', texto: mensajeDeError(e) });
    } finally {
      setConsultando(false);
    }
  }

  async function enviar(v: Valores) {
    const datos: TEntidadGuardar = { ...v, Documento: v.IdTipoDocumento === TipoDocumentoIdentidad.SIN_DOCUMENTO ? '' : v.Documento.trim() };
    try {
      const e = await guardar.mutateAsync({ datos, id: idEdicion });
      message.success(idEdicion ? 'Cliente actualizado' : 'Cliente registrado');
      onGuardado(e);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) {
        form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as keyof Valores, errors: [error] })));
      } else message.error(mensajeDeError(e));
    }
  }

  const sinDocumento = tipoDocumento === TipoDocumentoIdentidad.SIN_DOCUMENTO;

  return (
    <Form form={form} layout="vertical" onFinish={enviar} requiredMark="optional" data-testid="form-cliente">
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="TipoEntidad" label="Tipo de entidad" rules={[{ required: true, message: 'Seleccione el tipo de entidad' }]}>
            <Select options={opcionesTipoEntidad} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="IdTipoDocumento" label="Tipo de documento" rules={[{ required: true, message: 'Seleccione el tipo de documento' }]}>
            <Select options={opcionesTipoDocumento} onChange={() => form.validateFields(['Documento']).catch(() => undefined)} />
          </Form.Item>
        </Col>
      </Row>
      {!sinDocumento && (
        <Form.Item label="Número de documento" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="Documento"
              noStyle
              validateFirst
              rules={[
                {
                  validator: async (_r, valor: string | undefined) => {
                    const m = validarDocumentoIdentidad(form.getFieldValue('IdTipoDocumento'), valor ?? '');
                    if (m) throw new Error(m);
                  },
                },
              ]}
            >
              <Input placeholder="Número de documento" maxLength={15} onPressEnter={(e) => (e.preventDefault(), void consultar())} aria-label="Número de documento" />
            </Form.Item>
            <Button icon={<SearchOutlined />} onClick={consultar} loading={consultando}>
              Consultar
            </Button>
          </Space.Compact>
        </Form.Item>
      )}
      {aviso && <Alert style={{ marginBottom: 12 }} type={aviso.tipo} showIcon title={aviso.texto} data-testid="aviso-consulta" />}
      {sunat && (
        <Space style={{ marginBottom: 12 }}>
          <span>SUNAT:</span>
          <Tag color={sunat.estado === 'ACTIVO' ? 'green' : 'red'}>{sunat.estado}</Tag>
          {sunat.condicion && <Tag color={sunat.condicion === 'HABIDO' ? 'green' : 'orange'}>{sunat.condicion}</Tag>}
        </Space>
      )}
      <Form.Item name="RazonSocial" label="Razón social o nombre" rules={[{ required: true, whitespace: true, message: 'Ingrese la razón social o nombre' }]}>
        <Input maxLength={250} />
      </Form.Item>
      <Form.Item name="Direccion" label="Dirección">
        <Input maxLength={250} />
      </Form.Item>
      <Form.Item name="IdUbigeo" label="Distrito (ubigeo)">
        <UbigeoSelect />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={14}>
          <Form.Item name="Correo" label="Correo electrónico" rules={[{ type: 'email', message: 'Correo electrónico no válido' }]}>
            <Input maxLength={150} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item name="Telefono" label="Teléfono">
            <Input maxLength={30} />
          </Form.Item>
        </Col>
      </Row>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancelar}>Cancelar</Button>
        <Button type="primary" htmlType="submit" loading={guardar.isPending}>
          {idEdicion ? 'Guardar cambios' : 'Registrar'}
        </Button>
      </Space>
    </Form>
  );
}
