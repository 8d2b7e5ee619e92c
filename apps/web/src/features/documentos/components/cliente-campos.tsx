import { SearchOutlined } from '@ant-design/icons';
import { TiposDocumentoIdentidad, validarDocumentoIdentidad, type TEntidad } from '@yupana/contracts';
import { Alert, AutoComplete, Button, Col, Form, Input, Row, Select, Space, type FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { mensajeDeError } from '../../../lib/api-error';
import { buscarEntidades, consultarEntidad } from '../api/consultar-entidad';

type TProps = {
  form: FormInstance;
  /** Identity document types allowed by the document (factura: RUC only). */
  tiposPermitidos: number[];
  titulo?: string;
  nombreCampo?: string;
};

const opcionesTipo = (permitidos: number[]) =>
  permitidos.map((id) => ({ value: id, label: TiposDocumentoIdentidad[id as keyof typeof TiposDocumentoIdentidad]?.Descripcion ?? String(id) }));

/** Receiver of a document: document type and number with the seed's rules, lookup by document, search by name. */
export function ClienteCampos({ form, tiposPermitidos, nombreCampo = 'Cliente' }: TProps) {
  const [aviso, setAviso] = useState<{ tipo: 'info' | 'warning' | 'error'; texto: string } | null>(null);
  const [buscando, setBuscando] = useState(false);
  const [sugerencias, setSugerencias] = useState<TEntidad[]>([]);
  const control = useRef<AbortController | null>(null);

  function llenar(e: TEntidad) {
    form.setFieldValue(nombreCampo, {
      IdEntidad: e.Id > 0 ? e.Id : undefined,
      IdTipoDocumento: e.IdTipoDocumento,
      NumeroDocumento: e.Documento,
      RazonSocial: e.RazonSocial,
      Direccion: e.Direccion ?? undefined,
      Correo: e.Correo ?? undefined,
    });
  }

  async function consultar() {
    const tipo = form.getFieldValue([nombreCampo, 'IdTipoDocumento']) as number | undefined;
    const numero = String(form.getFieldValue([nombreCampo, 'NumeroDocumento']) ?? '').trim();
    setAviso(null);
    if (!tipo) return;
    const problema = validarDocumentoIdentidad(tipo, numero);
    if (problema) {
      await form.validateFields([[nombreCampo, 'NumeroDocumento']]).catch(() => undefined);
      return;
    }
    setBuscando(true);
    try {
      const r = await consultarEntidad({ idTipoDocumento: tipo, numeroDocumento: numero, consultasunat: true, paginaActual: 1, insertarEntidad: false });
      const e = r.Collection[0];
      if (e) llenar(e);
      if (r.Mensaje) setAviso({ tipo: e ? 'info' : 'warning', texto: r.Mensaje });
    } catch (err) {
      setAviso({ tipo: 'error', texto: mensajeDeError(err) });
    } finally {
      setBuscando(false);
    }
  }

  async function buscarPorNombre(texto: string) {
    control.current?.abort();
    if (texto.trim().length < 3) return setSugerencias([]);
    const c = new AbortController();
    control.current = c;
    try {
      const r = await buscarEntidades(texto, c.signal);
      setSugerencias(r.Data.filter((e) => tiposPermitidos.includes(e.IdTipoDocumento)));
    } catch {
      // A cancelled or failed suggestion list just shows nothing; the lookup button reports errors.
      setSugerencias([]);
    }
  }

  return (
    <>
      <Form.Item name={[nombreCampo, 'IdEntidad']} hidden>
        <Input />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item label="Tipo de documento" name={[nombreCampo, 'IdTipoDocumento']} rules={[{ required: true, message: 'Seleccione el tipo de documento' }]}>
            <Select options={opcionesTipo(tiposPermitidos)} onChange={() => setAviso(null)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item label="Número de documento" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                noStyle
                name={[nombreCampo, 'NumeroDocumento']}
                dependencies={[[nombreCampo, 'IdTipoDocumento']]}
                rules={[
                  ({ getFieldValue }) => ({
                    validator(_, valor: string | undefined) {
                      const tipo = getFieldValue([nombreCampo, 'IdTipoDocumento']) as number | undefined;
                      const m = tipo ? validarDocumentoIdentidad(tipo, String(valor ?? '')) : null;
                      return m ? Promise.reject(new Error(m)) : Promise.resolve();
                    },
                  }),
                ]}
              >
                <Input inputMode="text" autoComplete="off" aria-label="Número de documento" onPressEnter={(e) => (e.preventDefault(), void consultar())} />
              </Form.Item>
              <Button icon={<SearchOutlined />} loading={buscando} onClick={() => void consultar()} data-testid="buscar-cliente">
                Buscar
              </Button>
            </Space.Compact>
          </Form.Item>
        </Col>
      </Row>
      {aviso && <Alert type={aviso.tipo} showIcon title={aviso.texto} style={{ marginBottom: 12 }} data-testid="aviso-cliente" />}
      <Form.Item label="Razón social o nombre" name={[nombreCampo, 'RazonSocial']} rules={[{ required: true, whitespace: true, message: 'Ingrese la razón social o nombre' }]}>
        <AutoComplete
          options={sugerencias.map((e) => ({ key: e.Id, value: e.RazonSocial, label: `${e.RazonSocial} · ${e.Documento}`, entidad: e }))}
          onSearch={(t) => void buscarPorNombre(t)}
          onSelect={(_: string, o: { entidad?: TEntidad }) => {
            if (o.entidad) llenar(o.entidad);
          }}
          placeholder="Escriba 3 letras para buscar entre sus clientes"
        />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} md={14}>
          <Form.Item label="Dirección" name={[nombreCampo, 'Direccion']}>
            <Input maxLength={250} />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item label="Correo" name={[nombreCampo, 'Correo']} rules={[{ type: 'email', message: 'Correo no válido' }]}>
            <Input inputMode="email" maxLength={150} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
