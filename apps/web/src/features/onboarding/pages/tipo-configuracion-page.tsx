import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import type { TContribuyentePadron } from '@yupana/contracts';
import { useNavigate } from 'react-router';
import { motivoRucInvalido, RutasWizard, rutaInicializacion, type TTipoConfiguracion } from '@yupana/contracts';
import { useInfoUniversal } from '../../../components/banners/api-banners';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useConfigPublica } from '../../../lib/api/get-config-publica';
import { api } from '../../../lib/session';
import { useTipoConfiguracion } from '../api/pasos';

const OPCIONES: { tipo: 0 | 1 | 2; titulo: string; texto: string }[] = [
  { tipo: 0, titulo: 'Empresa con RUC', texto: 'Emite facturas y boletas electrónicas válidas ante SUNAT.' },
  { tipo: 1, titulo: 'Cuenta DEMO', texto: 'Prueba el sistema sin RUC: los comprobantes van al simulador, no a SUNAT.' },
  { tipo: 2, titulo: 'Negocio sin RUC', texto: 'Emite solo comprobantes internos (notas de venta).' },
];

/** Step 1: configuration type (0 with RUC, 1 demo, 2 without RUC) and the company's data. */
export function TipoConfiguracionPage() {
  const info = useInfoUniversal();
  const config = useConfigPublica();
  const guardar = useTipoConfiguracion();
  const navegar = useNavigate();
  const [form] = Form.useForm<TTipoConfiguracion>();
  // A business without RUC already configured (the wizard does not hold it) that obtained a RUC converts: only the
  // "Empresa con RUC" path, keeping its notas de venta, customers, items and stock.
  const conversion = !!info.data && info.data.TipoEmpresa === 2 && !info.data.RutaInicializacion;
  const [tipo, setTipo] = useState<0 | 1 | 2 | null>(conversion ? 0 : null);
  const [error, setError] = useState<string | null>(null);
  const [padron, setPadron] = useState<string | null>(null);
  const configurada = info.data && info.data.TipoEmpresa !== 1;

  /** With a valid RUC typed, the padrón RUC (when loaded) fills the razón social and fiscal address. */
  const buscarEnPadron = async (ruc: string) => {
    setPadron(null);
    if (!/^\d{11}$/.test(ruc) || motivoRucInvalido(ruc)) return;
    try {
      const c = await api.get<TContribuyentePadron>(`/entidades/v1/padron-ruc/contribuyentes/${ruc}`);
      form.setFieldsValue({ RazonSocial: c.RazonSocial, ...(c.Direccion ? { Direccion: c.Direccion } : {}) });
      setPadron(`Datos del padrón RUC de SUNAT: ${c.RazonSocial} (${c.EstadoContribuyente}, ${c.CondicionDomicilio})`);
    } catch {
      // Not in the padrón (or the padrón is not loaded): the user types the data.
    }
  };

  const enviar = async (v: Omit<TTipoConfiguracion, 'TipoEmpresa'>) => {
    if (tipo === null) return;
    setError(null);
    try {
      const r = await guardar.mutateAsync({ ...v, TipoEmpresa: tipo });
      navegar(rutaInicializacion({ pasos: r.Pasos, idUsuario: info.data?.IdUsuario, variante: config.data?.Variante ?? 'tuboleta' }) ?? RutasWizard.OPCIONES_CONFIGURACION);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, m]) => ({ name: name as keyof TTipoConfiguracion, errors: [m] })));
      setError(mensajeDeError(e));
    }
  };

  return (
    <div data-testid="paso-tipo-configuracion">
      {conversion ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="aviso-conversion-ruc"
          title="Convertir mi negocio en empresa con RUC"
          description="Ingrese el RUC que le dio SUNAT, su razón social y su dirección fiscal. Conserva sus notas de venta, clientes, ítems y stock; luego vinculará SUNAT y creará las series de facturas y boletas. La conversión se hace una sola vez."
        />
      ) : (
        <Typography.Paragraph>¿Cómo vas a usar el sistema?</Typography.Paragraph>
      )}
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
        {OPCIONES.filter((o) => !(configurada && o.tipo === 1) && !(conversion && o.tipo !== 0)).map((o) => (
          <Col key={o.tipo} xs={24} md={8}>
            <Card
              hoverable
              onClick={() => setTipo(o.tipo)}
              style={{ borderColor: tipo === o.tipo ? '#1677ff' : undefined, borderWidth: tipo === o.tipo ? 2 : 1, height: '100%' }}
              role="radio"
              aria-checked={tipo === o.tipo}
              aria-label={o.titulo}
            >
              <Typography.Text strong>{o.titulo}</Typography.Text>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {o.texto}
              </Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
      {tipo !== null && (
        <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ RazonSocial: info.data?.TipoEmpresa === 1 ? '' : info.data?.RazonSocial }}>
          {tipo === 0 && (
            <Form.Item name="Documento" label="RUC" rules={[
                { required: true, pattern: /^\d{11}$/, message: 'Ingrese un RUC válido de 11 dígitos' },
                // With 11 digits typed, the same reason the server gives (prefix, check digit).
                { validator: (_, v?: string) => (v && /^\d{11}$/.test(v) && motivoRucInvalido(v) ? Promise.reject(new Error(motivoRucInvalido(v)!)) : Promise.resolve()) },
              ]}
            >
              <Input maxLength={11} inputMode="numeric" onChange={(e) => void buscarEnPadron(e.target.value.trim())} />
            </Form.Item>
          )}
          {tipo === 0 && padron && <Alert type="success" showIcon style={{ marginBottom: 12 }} title={padron} data-testid="padron-encontrado" />}
          <Form.Item name="RazonSocial" label={tipo === 0 ? 'Razón social' : 'Nombre del negocio'} rules={[{ required: true, min: 3, message: 'Ingrese la razón social o el nombre del negocio' }]}>
            <Input maxLength={250} />
          </Form.Item>
          <Form.Item
            name="Direccion"
            label={tipo === 0 ? 'Dirección fiscal' : 'Dirección'}
            rules={conversion ? [{ required: true, whitespace: true, message: 'Ingrese la dirección fiscal que figura en su ficha RUC' }] : []}
          >
            <Input maxLength={250} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
          <Button type="primary" htmlType="submit" loading={guardar.isPending}>
            {conversion ? 'Convertir a empresa con RUC' : 'Continuar'}
          </Button>
        </Form>
      )}
    </div>
  );
}
