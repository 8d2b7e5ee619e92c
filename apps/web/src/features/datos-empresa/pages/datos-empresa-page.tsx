import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Row, Skeleton } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { RutasWizard, type TDatosEmpresaActualizar } from '@yupana/contracts';
import { UbigeoSelect } from '../../../components/ubigeo-select';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { NOMBRE_TIPO_EMPRESA } from '../../../lib/formato';
import { useDatosEmpresa, useGuardarDatosEmpresa } from '../api/datos-empresa';

type TValores = { [K in keyof TDatosEmpresaActualizar]-?: string | null };

/**
 * "Datos de la empresa": the issuer printed on every document. The administrator edits the name, address, district,
 * e-mail and phone (each change goes to the audit log); the RUC and the company type are shown read-only.
 */
export function DatosEmpresaPage() {
  const datos = useDatosEmpresa();
  const guardar = useGuardarDatosEmpresa();
  const [form] = Form.useForm<TValores>();
  const { message } = App.useApp();
  const d = datos.data;

  useEffect(() => {
    if (d) form.setFieldsValue({ RazonSocial: d.RazonSocial, Direccion: d.Direccion, IdUbigeo: d.IdUbigeo, Correo: d.Correo, Telefono: d.Telefono });
  }, [d, form]);

  if (datos.isError) return <Alert type="error" showIcon title="No se pudieron cargar los datos de la empresa" description={mensajeDeError(datos.error)} />;
  if (!d) return <Skeleton active paragraph={{ rows: 6 }} />;

  const enviar = async (v: TValores) => {
    try {
      await guardar.mutateAsync({ ...v, RazonSocial: v.RazonSocial ?? '' });
      void message.success('Datos de la empresa guardados');
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length)
        form.setFields(Object.entries(e.errores).map(([name, m]) => ({ name: name as keyof TValores, errors: [m] })));
      void message.error(mensajeDeError(e));
    }
  };

  return (
    <Row gutter={[16, 16]} data-testid="pagina-datos-empresa">
      <Col xs={24} xl={8}>
        <Card title="Identidad tributaria">
          <Descriptions column={1} size="small" colon={false} layout="vertical">
            <Descriptions.Item label="RUC">
              <span data-testid="empresa-ruc">{d.Documento ?? '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="Tipo de empresa">{NOMBRE_TIPO_EMPRESA[d.TipoEmpresa]}</Descriptions.Item>
          </Descriptions>
          {d.TipoEmpresa === 2 ? (
            // A business without RUC that obtained one converts through the wizard's type 0 path (issue 11).
            <Alert
              type="info"
              showIcon
              title="¿Su negocio ya tiene RUC?"
              description="Conviértalo en empresa con RUC para emitir facturas y boletas electrónicas. Conserva sus notas de venta, clientes, ítems y stock."
              action={
                d.PuedeEditar ? (
                  <Link to={RutasWizard.TIPO_CONFIGURACION}>
                    <Button type="primary" data-testid="convertir-a-ruc">
                      Ya tengo RUC
                    </Button>
                  </Link>
                ) : undefined
              }
            />
          ) : (
            <Alert
              type="info"
              showIcon
              title="El RUC no se cambia: todos sus comprobantes se firmaron con él. Un RUC distinto corresponde a otra empresa."
            />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={16}>
        <Card title="Datos que salen en sus comprobantes">
          {!d.PuedeEditar && (
            <Alert type="info" showIcon style={{ marginBottom: 12 }} title="Solo el administrador de su empresa puede cambiar estos datos." />
          )}
          <Form form={form} layout="vertical" onFinish={enviar} requiredMark={false} disabled={!d.PuedeEditar}>
            <Row gutter={12}>
              <Col xs={24}>
                <Form.Item name="RazonSocial" label="Razón social" rules={[{ required: true, min: 3, whitespace: true, message: 'Ingrese la razón social' }]}>
                  <Input maxLength={250} />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item name="Direccion" label="Dirección fiscal">
                  <Input maxLength={250} autoComplete="street-address" />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item name="IdUbigeo" label="Distrito">
                  <UbigeoSelect />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="Correo" label="Correo de la empresa" rules={[{ type: 'email', message: 'Ingrese un correo válido' }]}>
                  <Input maxLength={150} autoComplete="email" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="Telefono" label="Teléfono" rules={[{ pattern: /^\d{6,15}$/, message: 'Ingrese un teléfono de 6 a 15 dígitos' }]}>
                  <Input maxLength={15} autoComplete="tel" />
                </Form.Item>
              </Col>
            </Row>
            {d.PuedeEditar && (
              <Button type="primary" htmlType="submit" loading={guardar.isPending}>
                Guardar cambios
              </Button>
            )}
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
