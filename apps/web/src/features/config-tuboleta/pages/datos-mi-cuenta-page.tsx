import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Row, Skeleton } from 'antd';
import { useEffect } from 'react';
import type { TDatosMiCuentaActualizar } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { authStorage } from '../../../lib/auth-storage';
import { fecha, NOMBRE_TIPO_EMPRESA } from '../../../lib/formato';
import { useDatosMiCuenta, useGuardarDatosMiCuenta } from '../api/datos-mi-cuenta';

type TValores = { [K in keyof TDatosMiCuentaActualizar]-?: string };

/**
 * "Datos de mi cuenta" (receipt variant): the user's own names and e-mail and the company's contact data, saved on the
 * server. The sign-in name, the company's name and tax data are shown read-only (they change in the setup wizard).
 */
export function DatosMiCuentaPage() {
  const id = authStorage.dataUser()?.IdUsuario ?? 0;
  const datos = useDatosMiCuenta(id);
  const guardar = useGuardarDatosMiCuenta(id);
  const [form] = Form.useForm<TValores>();
  const { message } = App.useApp();
  const d = datos.data;

  useEffect(() => {
    if (d)
      form.setFieldsValue({
        Nombres: d.Nombres,
        Apellidos: d.Apellidos,
        Correo: d.Correo ?? '',
        Telefono: d.Telefono ?? '',
        Direccion: d.Direccion ?? '',
        CorreoEmpresa: d.CorreoEmpresa ?? '',
      });
  }, [d, form]);

  if (datos.isError) return <Alert type="error" showIcon title="No se pudieron cargar los datos de su cuenta" description={mensajeDeError(datos.error)} />;
  if (!d) return <Skeleton active paragraph={{ rows: 8 }} />;

  const enviar = async (v: TValores) => {
    try {
      await guardar.mutateAsync(v);
      void message.success('Datos de su cuenta guardados');
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length)
        form.setFields(Object.entries(e.errores).map(([name, m]) => ({ name: name as keyof TValores, errors: [m] })));
      void message.error(mensajeDeError(e));
    }
  };

  return (
    <Row gutter={[16, 16]} data-testid="pagina-datos-mi-cuenta">
      <Col xs={24} xl={10}>
        <Card title="Mi cuenta">
          <Descriptions column={1} size="small" colon={false} layout="vertical">
            <Descriptions.Item label="Usuario">{d.Usuario}</Descriptions.Item>
            <Descriptions.Item label="Empresa">
              <span data-testid="cuenta-empresa">{d.RazonSocial}</span>
            </Descriptions.Item>
            <Descriptions.Item label="RUC">{d.DocumentoEmpresa ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Tipo de cuenta">{NOMBRE_TIPO_EMPRESA[d.TipoEmpresa]}</Descriptions.Item>
            <Descriptions.Item label="Cuenta creada el">{fecha(d.LogFechacrea)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card title="Datos de mi cuenta">
          <Form form={form} layout="vertical" onFinish={enviar} requiredMark={false}>
            <Row gutter={12}>
              <Col xs={24} md={12}>
                <Form.Item name="Nombres" label="Nombres" rules={[{ required: true, min: 2, whitespace: true, message: 'Ingrese sus nombres' }]}>
                  <Input maxLength={150} autoComplete="given-name" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="Apellidos" label="Apellidos">
                  <Input maxLength={150} autoComplete="family-name" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="Correo" label="Correo personal" rules={[{ type: 'email', message: 'Ingrese un correo válido' }]}>
                  <Input maxLength={150} autoComplete="email" />
                </Form.Item>
              </Col>
              {!d.PuedeEditarEmpresa && (
                <Col xs={24}>
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginBottom: 12 }}
                    title="Los datos de la empresa (dirección, correo y celular) salen en cada comprobante: solo el administrador de su empresa los puede cambiar."
                  />
                </Col>
              )}
              <Col xs={24} md={12}>
                <Form.Item name="Telefono" label="Celular de la empresa" rules={[{ pattern: /^\d{9}$/, message: 'Ingrese un celular de 9 dígitos' }]}>
                  <Input maxLength={9} autoComplete="tel" disabled={!d.PuedeEditarEmpresa} />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item name="Direccion" label="Dirección de la empresa">
                  <Input maxLength={250} autoComplete="street-address" disabled={!d.PuedeEditarEmpresa} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="CorreoEmpresa" label="Correo de la empresa" rules={[{ type: 'email', message: 'Ingrese un correo válido' }]}>
                  <Input maxLength={150} disabled={!d.PuedeEditarEmpresa} />
                </Form.Item>
              </Col>
            </Row>
            <Button type="primary" htmlType="submit" loading={guardar.isPending}>
              Guardar cambios
            </Button>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
