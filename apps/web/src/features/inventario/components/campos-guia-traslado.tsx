import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TGuiaTraslado, TSerieDocumento } from '@yupana/contracts';
import { api } from '../../../lib/session';

/** The form's values of the transfer guide's transport data (dates as dayjs). */
export type TGuiaForm = Omit<TGuiaTraslado, 'FechaTraslado'> & { FechaTraslado: Dayjs };

export const aGuiaTraslado = (g: TGuiaForm): TGuiaTraslado => {
  const publico = g.ModalidadTraslado === '01';
  return {
    ...(g.IdSerie ? { IdSerie: g.IdSerie } : {}),
    FechaTraslado: g.FechaTraslado.format('YYYY-MM-DD'),
    ModalidadTraslado: g.ModalidadTraslado,
    PesoBrutoTotal: String(g.PesoBrutoTotal ?? '').trim(),
    UnidadPeso: 'KGM',
    ...(g.NumeroBultos ? { NumeroBultos: g.NumeroBultos } : {}),
    ...(publico
      ? { RucTransportista: g.RucTransportista?.trim(), RazonSocialTransportista: g.RazonSocialTransportista?.trim(), ...(g.RegistroMtc?.trim() ? { RegistroMtc: g.RegistroMtc.trim() } : {}) }
      : { Placa: g.Placa?.trim(), Conductor: g.Conductor ? { ...g.Conductor, IdTipoDocumento: 1 } : undefined }),
  };
};

/**
 * Transport data of a transfer's GRE remitente (motivo 04): the points, the destinatario (the company itself) and the
 * goods come from the transfer. `prefijo` is where the fields live in the surrounding form (['Guia'] inside the transfer).
 */
export function CamposGuiaTraslado({ prefijo, idSucursal }: { prefijo: string[]; idSucursal?: number }) {
  const n = (...p: string[]) => [...prefijo, ...p];
  const modalidad = Form.useWatch(n('ModalidadTraslado')) as string | undefined;
  // Branch logpres: the guide's series, among the origin branch's active GRE remitente series (empty: the first one).
  const series = useQuery({
    queryKey: ['series', 'tipo', 1007, idSucursal ?? null],
    queryFn: ({ signal }) => api.get<{ Data: TSerieDocumento[] }>('/entidades/v2/entidades/series', { query: { idtipodocumento: 1007, idsucursal: idSucursal, logestado: 1 }, signal }),
    select: (r) => r.Data.filter((x) => x.IdSucursal === idSucursal),
    enabled: idSucursal !== undefined,
    staleTime: 60_000,
  });
  return (
    <Row gutter={12} data-testid="campos-guia-traslado">
      <Col xs={24} sm={8}>
        <Form.Item name={n('IdSerie')} label="Serie de la guía" extra={series.data && !series.data.length ? 'La sucursal de origen no tiene series de guía de remisión remitente' : undefined}>
          <Select
            aria-label="Serie de la guía"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="La primera de la sucursal de origen"
            loading={series.isLoading}
            options={(series.data ?? []).map((x) => ({ value: x.Id, label: x.Serie }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item name={n('FechaTraslado')} label="Inicio del traslado" rules={[{ required: true, message: 'Indique la fecha de inicio del traslado' }]}>
          <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={8}>
        <Form.Item name={n('PesoBrutoTotal')} label="Peso bruto (kg)" rules={[{ required: true, message: 'Indique el peso bruto' }]}>
          <Input aria-label="Peso bruto (kg)" inputMode="decimal" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={8}>
        <Form.Item name={n('NumeroBultos')} label="Bultos">
          <InputNumber aria-label="Bultos" min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name={n('ModalidadTraslado')} label="Modalidad de traslado">
          <Radio.Group options={[{ value: '02', label: 'Transporte privado' }, { value: '01', label: 'Transporte público' }]} />
        </Form.Item>
      </Col>
      {modalidad === '01' ? (
        <>
          <Col xs={24} sm={8}>
            <Form.Item name={n('RucTransportista')} label="RUC del transportista" rules={[{ required: true, message: 'Indique el RUC del transportista' }]}>
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name={n('RazonSocialTransportista')} label="Razón social del transportista" rules={[{ required: true, message: 'Indique la razón social del transportista' }]}>
              <Input maxLength={250} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={6}>
            <Form.Item name={n('RegistroMtc')} label="Registro MTC">
              <Input maxLength={20} />
            </Form.Item>
          </Col>
        </>
      ) : (
        <>
          <Col xs={24} sm={6}>
            <Form.Item name={n('Placa')} label="Placa del vehículo" rules={[{ required: true, message: 'Indique la placa' }]}>
              <Input maxLength={7} placeholder="ABC-123" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={6}>
            <Form.Item name={n('Conductor', 'NumeroDocumento')} label="DNI del conductor" rules={[{ required: true, message: 'Indique el DNI del conductor' }]}>
              <Input maxLength={8} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={6}>
            <Form.Item name={n('Conductor', 'Nombres')} label="Nombres del conductor" rules={[{ required: true, message: 'Indique los nombres' }]}>
              <Input maxLength={250} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={6}>
            <Form.Item name={n('Conductor', 'Apellidos')} label="Apellidos del conductor" rules={[{ required: true, message: 'Indique los apellidos' }]}>
              <Input maxLength={250} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={6}>
            <Form.Item name={n('Conductor', 'Licencia')} label="Licencia de conducir" rules={[{ required: true, message: 'Indique la licencia' }]}>
              <Input maxLength={10} />
            </Form.Item>
          </Col>
        </>
      )}
    </Row>
  );
}
