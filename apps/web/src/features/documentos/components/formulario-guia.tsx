import { PATRON_PLACA, TipoDocumentoContable, type TDocumentoContableCrear } from '@yupana/contracts';
import { Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { UbigeoSelect } from '../../../components/ubigeo-select';
import { useEmitirDocumento } from '../api/emitir-documento';
import { useSeriesDeTipo } from '../api/get-series';
import { opcionesModalidadTraslado, opcionesMotivoTraslado, type TTipoEmision } from './catalogos-ui';
import { ClienteCampos } from './cliente-campos';
import { nuevaClaveIdempotencia } from './clave-idempotencia';
import { ErroresApi } from './errores-api';
import { LINEA_VACIA, LineasItems } from './lineas-items';
import type { TClienteFormulario, TLineaFormulario } from './modelo-comprobante';

type TPunto = { IdUbigeo?: string; Direccion?: string };
type TValoresGuia = {
  IdSerie?: number;
  FechaEmision?: Dayjs;
  Cliente?: TClienteFormulario;
  Remitente?: TClienteFormulario;
  Items?: TLineaFormulario[];
  Observaciones?: string;
  Traslado?: {
    FechaTraslado?: Dayjs;
    MotivoTraslado?: string;
    ModalidadTraslado?: '01' | '02';
    PesoBrutoTotal?: string;
    UnidadPeso?: 'KGM' | 'TNE';
    NumeroBultos?: number;
    PuntoPartida?: TPunto;
    PuntoLlegada?: TPunto;
    RucTransportista?: string;
    RazonSocialTransportista?: string;
    RegistroMtc?: string;
    Placa?: string;
    Tuc?: string;
  };
  Conductor?: { IdTipoDocumento?: number; NumeroDocumento?: string; Nombres?: string; Apellidos?: string; Licencia?: string };
};

/** A start or arrival point: the district picked by name from INEI's catalogue (it sets the 6-digit ubigeo) and the address. */
function PuntoCampos({ nombre, titulo }: { nombre: 'PuntoPartida' | 'PuntoLlegada'; titulo: string }) {
  return (
    <Row gutter={12}>
      <Col xs={24} sm={10}>
        <Form.Item
          label={`${titulo}: ubigeo`}
          name={['Traslado', nombre, 'IdUbigeo']}
          tooltip="Escriba el distrito (o departamento, provincia y distrito) y elíjalo de la lista"
          rules={[{ required: true, message: 'Elija el distrito' }]}
        >
          <UbigeoSelect />
        </Form.Item>
      </Col>
      <Col xs={24} sm={14}>
        <Form.Item label={`${titulo}: dirección`} name={['Traslado', nombre, 'Direccion']} rules={[{ required: true, whitespace: true, message: 'Indique la dirección' }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** GRE remitente (09) and GRE transportista (31): the seed's transport fields; carrier data only for public transport. */
export function FormularioGuia({ tipo }: { tipo: TTipoEmision }) {
  const [form] = Form.useForm<TValoresGuia>();
  const navigate = useNavigate();
  const emitir = useEmitirDocumento();
  const series = useSeriesDeTipo(tipo.id);
  const clave = useRef(nuevaClaveIdempotencia());
  // Both clicks of a double click pass validation before the button shows it is busy: only the first one sends.
  const enviando = useRef(false);
  const esTransportista = tipo.id === TipoDocumentoContable.GRE_TRANSPORTISTA;
  const modalidad = Form.useWatch(['Traslado', 'ModalidadTraslado'], form) ?? '02';
  const publico = !esTransportista && modalidad === '01';

  const primeraSerie = series.data?.[0]?.Id;
  useEffect(() => {
    if (primeraSerie !== undefined && !form.getFieldValue('IdSerie')) form.setFieldValue('IdSerie', primeraSerie);
  }, [primeraSerie, form]);

  function aSolicitud(v: TValoresGuia): TDocumentoContableCrear {
    const t = v.Traslado ?? {};
    const c = v.Cliente ?? {};
    const r = v.Remitente ?? {};
    const placa = t.Placa?.trim().toUpperCase();
    const conductor = v.Conductor;
    return {
      IdTipoDocumento: tipo.id,
      IdSerie: v.IdSerie as number,
      IdMoneda: 1,
      IdCondicionPago: 1,
      FechaEmision: (v.FechaEmision ?? dayjs()).format('YYYY-MM-DD'),
      Observaciones: v.Observaciones?.trim() || undefined,
      ListaItems: (v.Items ?? []).map((l) => ({
        CodigoItem: l.CodigoItem?.trim() || undefined,
        ItemDescripcion: (l.ItemDescripcion ?? '').trim(),
        CodigoUnidad: l.CodigoUnidad ?? 'NIU',
        Cantidad: l.Cantidad ?? '',
      })),
      ListaEntidades: [
        {
          TipoEntidad: 2,
          IdEntidad: c.IdEntidad ? Number(c.IdEntidad) : undefined,
          IdTipoDocumento: c.IdTipoDocumento ?? 2,
          NumeroDocumento: (c.NumeroDocumento ?? '').trim(),
          RazonSocial: (c.RazonSocial ?? '').trim(),
          Direccion: c.Direccion?.trim() || undefined,
          CorreoEntidadReceptor: c.Correo?.trim() || undefined,
        },
      ],
      Traslado: {
        PuntoPartida: { IdUbigeo: t.PuntoPartida?.IdUbigeo ?? '', Direccion: t.PuntoPartida?.Direccion ?? '' },
        PuntoLlegada: { IdUbigeo: t.PuntoLlegada?.IdUbigeo ?? '', Direccion: t.PuntoLlegada?.Direccion ?? '' },
        FechaTraslado: (t.FechaTraslado ?? dayjs()).format('YYYY-MM-DD'),
        MotivoTraslado: esTransportista ? undefined : t.MotivoTraslado,
        ModalidadTraslado: esTransportista ? undefined : t.ModalidadTraslado,
        PesoBrutoTotal: t.PesoBrutoTotal ?? '',
        UnidadPeso: t.UnidadPeso ?? 'KGM',
        NumeroBultos: t.NumeroBultos ?? undefined,
        RucTransportista: publico ? t.RucTransportista?.trim() : undefined,
        RazonSocialTransportista: publico ? t.RazonSocialTransportista?.trim() : undefined,
        RegistroMtc: publico || esTransportista ? t.RegistroMtc?.trim() || undefined : undefined,
        Placas: !publico && placa ? [placa] : undefined,
        Tuc: esTransportista ? t.Tuc?.trim() || undefined : undefined,
        Remitente: esTransportista
          ? { IdTipoDocumento: r.IdTipoDocumento ?? 2, NumeroDocumento: (r.NumeroDocumento ?? '').trim(), RazonSocial: (r.RazonSocial ?? '').trim() }
          : undefined,
      },
      ListaConductores:
        !publico && conductor?.NumeroDocumento
          ? [
              {
                IdTipoDocumento: conductor.IdTipoDocumento ?? 1,
                NumeroDocumento: conductor.NumeroDocumento.trim(),
                Nombres: (conductor.Nombres ?? '').trim(),
                Apellidos: (conductor.Apellidos ?? '').trim(),
                Licencia: (conductor.Licencia ?? '').trim().toUpperCase(),
              },
            ]
          : undefined,
    };
  }

  async function enviar(v: TValoresGuia) {
    if (enviando.current) return;
    enviando.current = true;
    try {
      const creado = await emitir.mutateAsync({ cuerpo: aSolicitud(v), clave: clave.current });
      clave.current = nuevaClaveIdempotencia();
      navigate(`/admin/documentos/${creado.Id}`);
    } finally {
      enviando.current = false;
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{
        FechaEmision: dayjs(),
        Items: [{ ...LINEA_VACIA }],
        Cliente: { IdTipoDocumento: 2 },
        Remitente: { IdTipoDocumento: 2 },
        Traslado: { FechaTraslado: dayjs(), MotivoTraslado: '01', ModalidadTraslado: '02', UnidadPeso: 'KGM' },
        Conductor: { IdTipoDocumento: 1 },
      }}
      onValuesChange={() => {
        if (emitir.isError) emitir.reset();
        if (!enviando.current) clave.current = nuevaClaveIdempotencia();
      }}
      onFinish={(v) => void enviar(v).catch(() => undefined)}
      scrollToFirstError
      data-testid={`formulario-${tipo.slug}`}
    >
      <Card title="Guía" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item label="Serie" name="IdSerie" rules={[{ required: true, message: 'Seleccione la serie' }]}>
              <Select options={(series.data ?? []).map((s) => ({ value: s.Id, label: s.Serie }))} loading={series.isLoading} aria-label="Serie" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item label="Fecha de emisión" name="FechaEmision" rules={[{ required: true, message: 'Indique la fecha' }]}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} inputReadOnly allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item label="Inicio del traslado" name={['Traslado', 'FechaTraslado']} rules={[{ required: true, message: 'Indique la fecha' }]}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} inputReadOnly allowClear={false} />
            </Form.Item>
          </Col>
          {!esTransportista && (
            <>
              <Col xs={24} sm={12}>
                <Form.Item label="Motivo de traslado" name={['Traslado', 'MotivoTraslado']} rules={[{ required: true, message: 'Seleccione el motivo' }]}>
                  <Select options={opcionesMotivoTraslado()} showSearch optionFilterProp="label" popupMatchSelectWidth={false} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Modalidad de traslado" name={['Traslado', 'ModalidadTraslado']} rules={[{ required: true, message: 'Seleccione la modalidad' }]}>
                  <Select options={opcionesModalidadTraslado()} aria-label="Modalidad de traslado" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={12} sm={8}>
            <Form.Item label="Peso bruto total" name={['Traslado', 'PesoBrutoTotal']} rules={[{ required: true, message: 'Indique el peso' }]}>
              <InputNumber stringMode min="0.001" precision={3} style={{ width: '100%' }} inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item label="Unidad de peso" name={['Traslado', 'UnidadPeso']}>
              <Select options={[{ value: 'KGM', label: 'Kilogramos' }, { value: 'TNE', label: 'Toneladas' }]} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item label="Número de bultos" name={['Traslado', 'NumeroBultos']}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} inputMode="numeric" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      {esTransportista && (
        <Card title="Remitente" size="small" style={{ marginBottom: 16 }}>
          <ClienteCampos form={form} tiposPermitidos={[2, 1, 3, 4]} nombreCampo="Remitente" />
        </Card>
      )}

      <Card title="Destinatario" size="small" style={{ marginBottom: 16 }}>
        <ClienteCampos form={form} tiposPermitidos={[2, 1, 3, 4]} />
      </Card>

      <Card title="Puntos de partida y llegada" size="small" style={{ marginBottom: 16 }}>
        <PuntoCampos nombre="PuntoPartida" titulo="Partida" />
        <PuntoCampos nombre="PuntoLlegada" titulo="Llegada" />
      </Card>

      <Card title={publico ? 'Empresa de transporte' : 'Vehículo y conductor'} size="small" style={{ marginBottom: 16 }}>
        {publico ? (
          <Row gutter={12}>
            <Col xs={24} sm={8}>
              <Form.Item label="RUC del transportista" name={['Traslado', 'RucTransportista']} rules={[{ required: true, pattern: /^\d{11}$/, message: 'RUC de 11 dígitos' }]}>
                <Input inputMode="numeric" maxLength={11} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={10}>
              <Form.Item label="Razón social del transportista" name={['Traslado', 'RazonSocialTransportista']} rules={[{ required: true, whitespace: true, message: 'Indique la razón social' }]}>
                <Input maxLength={250} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={6}>
              <Form.Item label="Registro MTC" name={['Traslado', 'RegistroMtc']}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
          </Row>
        ) : (
          <>
            <Row gutter={12}>
              <Col xs={24} sm={8}>
                <Form.Item
                  label="Placa del vehículo"
                  name={['Traslado', 'Placa']}
                  normalize={(v: string) => v?.toUpperCase()}
                  rules={[{ required: true, message: 'ABC123 O ABC-123' }, { pattern: PATRON_PLACA, message: 'ABC123 O ABC-123' }]}
                >
                  <Input placeholder="ABC123 O ABC-123" maxLength={7} />
                </Form.Item>
              </Col>
              {esTransportista && (
                <>
                  <Col xs={12} sm={8}>
                    <Form.Item label="Registro MTC" name={['Traslado', 'RegistroMtc']} rules={[{ required: true, message: 'Indique el registro MTC' }]}>
                      <Input maxLength={20} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={8}>
                    <Form.Item label="TUC / certificado vehicular" name={['Traslado', 'Tuc']}>
                      <Input maxLength={15} />
                    </Form.Item>
                  </Col>
                </>
              )}
            </Row>
            <Row gutter={12}>
              <Col xs={12} sm={6}>
                <Form.Item label="Doc. conductor" name={['Conductor', 'IdTipoDocumento']}>
                  <Select options={[{ value: 1, label: 'DNI' }, { value: 3, label: 'Carnet de extranjería' }, { value: 4, label: 'Pasaporte' }]} />
                </Form.Item>
              </Col>
              <Col xs={12} sm={6}>
                <Form.Item label="Número" name={['Conductor', 'NumeroDocumento']} rules={[{ required: true, message: 'Indique el documento' }]}>
                  <Input maxLength={15} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Licencia de conducir" name={['Conductor', 'Licencia']} rules={[{ required: true, min: 9, max: 10, message: 'Licencia de 9 a 10 caracteres' }]}>
                  <Input maxLength={10} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Nombres" name={['Conductor', 'Nombres']} rules={[{ required: true, whitespace: true, message: 'Indique los nombres' }]}>
                  <Input maxLength={250} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Apellidos" name={['Conductor', 'Apellidos']} rules={[{ required: true, whitespace: true, message: 'Indique los apellidos' }]}>
                  <Input maxLength={250} />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
      </Card>

      <Card title="Bienes trasladados" size="small" style={{ marginBottom: 16 }}>
        <LineasItems form={form} conPrecios={false} />
      </Card>

      <Card size="small" style={{ marginBottom: 16 }}>
        <Form.Item label="Observaciones" name="Observaciones">
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <ErroresApi error={emitir.error} />
        <Space wrap>
          <Button type="primary" htmlType="submit" size="large" loading={emitir.isPending} data-testid="emitir">
            Emitir {tipo.nombre.toLowerCase()}
          </Button>
          <Button onClick={() => navigate('/admin/documentos')}>Cancelar</Button>
        </Space>
      </Card>
    </Form>
  );
}
