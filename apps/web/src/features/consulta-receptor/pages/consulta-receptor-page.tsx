import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { NombreEstadoSunat, SimboloMoneda, type TConsultaReceptor } from '@yupana/contracts';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Form, Input, InputNumber, Row, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Logo } from '../../../components/logo';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { authStorage } from '../../../lib/auth-storage';
import { fecha, importe } from '../../../lib/formato';
import { descargarArchivoPublico, useConsultaReceptor } from '../api/consulta-receptor';

const TIPOS = [
  { value: 1003, label: 'Factura' },
  { value: 1004, label: 'Boleta de venta' },
  { value: 1005, label: 'Nota de crédito' },
  { value: 1006, label: 'Nota de débito' },
  { value: 1007, label: 'Guía de remisión remitente' },
  { value: 3005, label: 'Guía de remisión transportista' },
];
const ARCHIVOS: Record<number, { texto: string; ext: string }> = { 1: { texto: 'PDF', ext: 'pdf' }, 2: { texto: 'XML', ext: 'xml' }, 3: { texto: 'CDR', ext: 'zip' } };

type TValores = { RucEmisor?: string; IdTipoDocumento?: number; Serie?: string; Correlativo?: number; FechaEmision?: Dayjs; MontoTotal?: string };

function Formulario({ lugarAcceso }: { lugarAcceso: 'publico' | 'admin' }) {
  const [params] = useSearchParams();
  const consulta = useConsultaReceptor();
  const [enviado, setEnviado] = useState<TConsultaReceptor | null>(null);
  const [errorArchivo, setErrorArchivo] = useState<unknown>(null);
  const errores = consulta.error instanceof ApiError ? consulta.error.errores : {};
  const inicial: TValores = {
    RucEmisor: params.get('ruc') ?? (lugarAcceso === 'admin' ? (authStorage.dataUser()?.DocumentoEmpresa ?? undefined) : undefined),
    IdTipoDocumento: params.get('tipo') ? Number(params.get('tipo')) : 1003,
    Serie: params.get('serie') ?? undefined,
    Correlativo: params.get('numero') ? Number(params.get('numero')) : undefined,
    FechaEmision: params.get('fecha') ? dayjs(params.get('fecha')) : undefined,
    MontoTotal: params.get('total') ?? undefined,
  };

  function enviar(v: TValores) {
    const c: TConsultaReceptor = {
      RucEmisor: (v.RucEmisor ?? '').trim(),
      IdTipoDocumento: v.IdTipoDocumento ?? 1003,
      Serie: (v.Serie ?? '').trim().toUpperCase(),
      Correlativo: v.Correlativo ?? 0,
      FechaEmision: v.FechaEmision?.format('YYYY-MM-DD') ?? '',
      MontoTotal: String(v.MontoTotal ?? ''),
    };
    setEnviado(c);
    setErrorArchivo(null);
    consulta.mutate(c);
  }

  async function descargar(tipo: number) {
    if (!enviado || !consulta.data) return;
    setErrorArchivo(null);
    try {
      const a = await descargarArchivoPublico(enviado, tipo);
      const url = URL.createObjectURL(a.blob);
      const enlace = document.createElement('a');
      enlace.href = url;
      enlace.download = a.nombre ?? `${enviado.RucEmisor}-${consulta.data.SerieNumero}.${ARCHIVOS[tipo]?.ext ?? 'bin'}`;
      document.body.append(enlace);
      enlace.click();
      enlace.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      setErrorArchivo(e);
    }
  }

  const campo = (n: string) => (errores[n] ? { validateStatus: 'error' as const, help: errores[n] } : {});
  const r = consulta.data;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="consulta-receptor">
      <Card size="small" title="Datos del comprobante">
        <Form<TValores> layout="vertical" initialValues={inicial} onFinish={enviar} onValuesChange={() => consulta.isError && consulta.reset()}>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item label="RUC del emisor" name="RucEmisor" rules={[{ required: true, pattern: /^\d{11}$/, message: 'Se espera 11 dígitos' }]} {...campo('RucEmisor')}>
                <Input inputMode="numeric" maxLength={11} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Tipo de comprobante" name="IdTipoDocumento" rules={[{ required: true, message: 'Seleccione el tipo' }]}>
                <Select options={TIPOS} aria-label="Tipo de comprobante" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item label="Serie" name="Serie" normalize={(v: string) => v?.toUpperCase()} rules={[{ required: true, pattern: /^[A-Za-z0-9]{4}$/, message: 'Serie de 4 caracteres' }]} {...campo('Serie')}>
                <Input maxLength={4} placeholder="F001" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item label="Número" name="Correlativo" rules={[{ required: true, message: 'Indique el número' }]} {...campo('Correlativo')}>
                <InputNumber min={1} max={99999999} precision={0} style={{ width: '100%' }} inputMode="numeric" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item label="Fecha de emisión" name="FechaEmision" rules={[{ required: true, message: 'Indique la fecha' }]} {...campo('FechaEmision')}>
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} inputReadOnly />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item label="Importe total" name="MontoTotal" rules={[{ required: true, message: 'Indique el importe' }]} {...campo('MontoTotal')}>
                <InputNumber stringMode min="0" precision={2} style={{ width: '100%' }} inputMode="decimal" />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={consulta.isPending} data-testid="consultar">
            Consultar
          </Button>
        </Form>
      </Card>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} data-testid="consulta-error" />}
      {r && (
        <Card size="small" title={`${r.TipoDocumento} ${r.SerieNumero}`} data-testid="consulta-resultado">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} colon={false} layout="vertical">
            <Descriptions.Item label="Emisor">{r.RazonSocialEmisor}</Descriptions.Item>
            <Descriptions.Item label="Fecha de emisión">{fecha(r.FechaEmision)}</Descriptions.Item>
            <Descriptions.Item label="Importe total">
              {importe(SimboloMoneda[r.IdMoneda] ?? '', r.MontoTotal)}
            </Descriptions.Item>
            <Descriptions.Item label="Estado en SUNAT">
              <Tag color={r.IdestadoSunat === 2 || r.IdestadoSunat === 3 ? 'green' : r.IdestadoSunat === 10 ? 'default' : 'gold'}>{r.EstadoSunat || NombreEstadoSunat[r.IdestadoSunat]}</Tag>
            </Descriptions.Item>
          </Descriptions>
          <Space wrap>
            {r.Archivos.map((a) => (
              <Button key={a.TipoArchivo} icon={<DownloadOutlined />} onClick={() => void descargar(a.TipoArchivo)} data-testid={`descargar-publico-${a.TipoArchivo}`}>
                {ARCHIVOS[a.TipoArchivo]?.texto ?? a.Nombre}
              </Button>
            ))}
          </Space>
          {errorArchivo ? <Alert type="error" showIcon title={mensajeDeError(errorArchivo)} style={{ marginTop: 12 }} /> : null}
        </Card>
      )}
    </Space>
  );
}

/** /consultareceptor (public) and /admin/consultareceptor (lugarAcceso=admin: inside the shell, own RUC prefilled). */
export function ConsultaReceptorPage({ lugarAcceso = 'publico' }: { lugarAcceso?: 'publico' | 'admin' }) {
  if (lugarAcceso === 'admin') return <Formulario lugarAcceso="admin" />;
  return (
    <div style={{ minHeight: '100vh', background: '#f1f5f9', padding: '24px 12px' }}>
      <div style={{ maxWidth: 760, margin: '0 auto' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16 }}>
          <Logo size={36} showName />
        </div>
        <Typography.Title level={1} style={{ fontSize: 22 }}>
          Consulta de comprobantes electrónicos
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Ingrese los datos tal como figuran en su comprobante para ver su estado y descargar el PDF, el XML y la constancia de recepción (CDR) de SUNAT.
        </Typography.Paragraph>
        <Formulario lugarAcceso="publico" />
      </div>
    </div>
  );
}
