import { Alert, App, Button, Col, Divider, Form, Input, Row, Select, Space, Typography } from 'antd';
import { BancosCci, errorCci, type TCuentaTrabajador, type TCuentaTrabajadorGuardar, type TTrabajador } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useCuentasTrabajador, useGuardarCuentasTrabajador } from '../api/rrhh';

type TCampos = Partial<Record<'Banco' | 'NumeroCuenta' | 'Cci', string>> & { IdMoneda?: 1 | 2 };
type TValores = { Sueldo: TCampos; Cts: TCampos };

const bancos = Object.entries(BancosCci).map(([value, label]) => ({ value, label }));
const monedas = [
  { value: 1, label: 'Soles' },
  { value: 2, label: 'Dólares' },
];
const aCampos = (c: TCuentaTrabajador | null): TCampos => (c ? { Banco: c.Banco, NumeroCuenta: c.NumeroCuenta, Cci: c.Cci, IdMoneda: c.IdMoneda as 1 | 2 } : { IdMoneda: 1 });
const vacia = (c: TCampos) => !c.Banco && !c.NumeroCuenta?.trim() && !c.Cci?.trim();

/** The worker's salary and CTS accounts (bank, number, CCI with its check digits, currency); an empty section removes it. */
export function CuentasTrabajador({ trabajador, onGuardado }: { trabajador: TTrabajador; onGuardado: () => void }) {
  const consulta = useCuentasTrabajador(trabajador.Id);
  const guardar = useGuardarCuentasTrabajador(trabajador.Id);
  const { message } = App.useApp();
  const [form] = Form.useForm<TValores>();

  async function enviar(v: TValores) {
    const cuenta = (c: TCampos): TCuentaTrabajadorGuardar | null =>
      vacia(c) ? null : { Banco: c.Banco as TCuentaTrabajadorGuardar['Banco'], NumeroCuenta: c.NumeroCuenta?.trim() ?? '', Cci: c.Cci?.trim() ?? '', IdMoneda: c.IdMoneda ?? 1 };
    try {
      await guardar.mutateAsync({ Sueldo: cuenta(v.Sueldo), Cts: cuenta(v.Cts) });
      message.success('Cuentas bancarias guardadas');
      onGuardado();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name.split('.') as never, errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }

  if (consulta.isError) return <Alert type="error" showIcon title={mensajeDeError(consulta.error)} />;
  if (!consulta.data) return null;

  const seccion = (clave: 'Sueldo' | 'Cts', titulo: string, ayuda: string) => {
    const requerido = (campo: string) => ({
      validator: (_: unknown, valor: unknown) => {
        const c = (form.getFieldValue(clave) ?? {}) as TCampos;
        return vacia(c) || (typeof valor === 'string' ? valor.trim() : valor) ? Promise.resolve() : Promise.reject(new Error(`Ingrese ${campo}`));
      },
    });
    return (
      <>
        <Divider titlePlacement="start">{titulo}</Divider>
        <Typography.Paragraph type="secondary">{ayuda}</Typography.Paragraph>
        <Row gutter={12}>
          <Col span={14}>
            <Form.Item name={[clave, 'Banco']} label="Banco" rules={[requerido('el banco')]}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={bancos} aria-label={`Banco de la ${titulo.toLowerCase()}`} placeholder="Elija el banco" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name={[clave, 'IdMoneda']} label="Moneda">
              <Select options={monedas} aria-label={`Moneda de la ${titulo.toLowerCase()}`} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name={[clave, 'NumeroCuenta']} label="Número de cuenta" rules={[requerido('el número de cuenta')]}>
          <Input maxLength={30} aria-label={`Número de la ${titulo.toLowerCase()}`} />
        </Form.Item>
        <Form.Item
          name={[clave, 'Cci']}
          label="CCI (20 dígitos)"
          dependencies={[[clave, 'Banco']]}
          rules={[
            requerido('el CCI'),
            {
              validator: (_: unknown, valor: string | undefined) => {
                const c = (form.getFieldValue(clave) ?? {}) as TCampos;
                if (vacia(c) || !valor?.trim()) return Promise.resolve();
                const e = errorCci(valor.replace(/[\s-]/g, ''), c.Banco);
                return e ? Promise.reject(new Error(e)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input maxLength={26} aria-label={`CCI de la ${titulo.toLowerCase()}`} placeholder="002-191-003123456789-54" />
        </Form.Item>
      </>
    );
  };

  return (
    <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ Sueldo: aCampos(consulta.data.Sueldo), Cts: aCampos(consulta.data.Cts) }} requiredMark="optional">
      {seccion('Sueldo', 'Cuenta sueldo', 'Donde se abona la remuneración. Deje la sección vacía si no tiene.')}
      {seccion('Cts', 'Cuenta CTS', 'La entidad depositaria que eligió el trabajador: se usa en el archivo de la CTS para el banco.')}
      <Space>
        <Button type="primary" htmlType="submit" loading={guardar.isPending}>
          Guardar cuentas
        </Button>
      </Space>
    </Form>
  );
}
