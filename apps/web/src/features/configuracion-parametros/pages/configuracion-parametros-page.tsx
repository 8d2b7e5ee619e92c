import { ID_PARAMETRO_ASISTENTE, ParametrosFacturacion } from '@yupana/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Select, Skeleton, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useGuardarParametrosFacturacion, useParametrosFacturacion, useRestablecerParametrosFacturacion } from '../../../lib/api/parametros-facturacion';

type TValores = Record<string, string>;

const ETIQUETA: Record<string, string> = {
  MonedaPorDefecto: 'Moneda por defecto',
  CondicionPagoPorDefecto: 'Condición de pago por defecto',
  AsistenteVirtual: 'Asistente Virtual',
};
/** The form field of a parameter's Auxiliar1 (only the assistant's webhook uses it on this page). */
const auxiliar = (id: number) => `aux-${id}`;

/** Billing parameters of the company: the values the issuing screens start with. */
export function ConfiguracionParametrosPage() {
  const parametros = useParametrosFacturacion();
  const guardar = useGuardarParametrosFacturacion();
  const restablecer = useRestablecerParametrosFacturacion();
  const [form] = Form.useForm<TValores>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (parametros.data)
      form.setFieldsValue(Object.fromEntries(parametros.data.Data.flatMap((p) => [[String(p.IdParametro), p.Valor], [auxiliar(p.IdParametro), p.Auxiliar1 ?? '']])));
  }, [parametros.data, form]);

  if (parametros.isError) return <Alert type="error" showIcon title="No se pudieron cargar los parámetros" description={mensajeDeError(parametros.error)} />;
  if (!parametros.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const actuales = parametros.data.Data;
  const errores = guardar.error instanceof ApiError ? guardar.error.errores : {};

  async function enviar(v: TValores) {
    await guardar.mutateAsync({
      Lista: ParametrosFacturacion.map((d) => ({
        IdParametro: d.IdParametro,
        Valor: v[String(d.IdParametro)],
        // Kept as saved unless this page edits it (the assistant's webhook).
        Auxiliar1: d.IdParametro === ID_PARAMETRO_ASISTENTE ? v[auxiliar(d.IdParametro)]?.trim() || null : (actuales.find((p) => p.IdParametro === d.IdParametro)?.Auxiliar1 ?? null),
      })),
    });
    void queryClient.invalidateQueries({ queryKey: ['ayuda'] });
    void message.success('Parámetros de facturación guardados');
  }

  return (
    <Card size="small" data-testid="pagina-configuracion-parametros">
      <Form<TValores> form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={(v) => void enviar(v).catch(() => undefined)}>
        {ParametrosFacturacion.map((d, i) => {
          const actual = actuales.find((p) => p.IdParametro === d.IdParametro);
          const error = errores[`Lista.${i}.Valor`];
          const errorAux = errores[`Lista.${i}.Auxiliar1`];
          return [
            <Form.Item
              key={d.IdParametro}
              name={String(d.IdParametro)}
              label={
                <Space>
                  {ETIQUETA[d.Codigo] ?? d.Codigo}
                  {actual?.PorDefecto && <Tag>Predeterminado</Tag>}
                </Space>
              }
              extra={d.Descripcion}
              rules={[{ required: true, message: 'Elija un valor' }]}
              {...(error ? { validateStatus: 'error' as const, help: error } : {})}
            >
              <Select aria-label={ETIQUETA[d.Codigo] ?? d.Codigo} showSearch optionFilterProp="label" options={d.Valores.map((x) => ({ value: x.Valor, label: x.Nombre }))} />
            </Form.Item>,
            d.IdParametro === ID_PARAMETRO_ASISTENTE && (
              <Form.Item
                key={auxiliar(d.IdParametro)}
                name={auxiliar(d.IdParametro)}
                label="Webhook del asistente (opcional)"
                extra="La URL https de su propio servicio de chat. Sin ella, el asistente responde con la ayuda de Yupana."
                {...(errorAux ? { validateStatus: 'error' as const, help: errorAux } : {})}
              >
                <Input aria-label="Webhook del asistente" placeholder="https://" maxLength={500} />
              </Form.Item>
            ),
          ];
        })}
        {guardar.error ? <Alert type="error" showIcon title={mensajeDeError(guardar.error)} style={{ marginBottom: 12 }} /> : null}
        <Space>
          <Button type="primary" htmlType="submit" loading={guardar.isPending}>
            Guardar
          </Button>
          <Popconfirm
            title="¿Volver a los valores predeterminados?"
            okText="Sí, restablecer"
            cancelText="No"
            onConfirm={() =>
              restablecer.mutateAsync().then(
                () => void message.success('Parámetros restablecidos'),
                (e: unknown) => void message.error(mensajeDeError(e)),
              )
            }
          >
            <Button loading={restablecer.isPending}>Restablecer predeterminados</Button>
          </Popconfirm>
        </Space>
      </Form>
    </Card>
  );
}
