import { App, Button, Col, Divider, Form, Input, Row, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import {
  NombresSistemaPension,
  RegimenesLaborales,
  SistemasPension,
  TiposComisionAfp,
  TiposDocumentoTrabajador,
  type TContratoLaboralGuardar,
  type TTrabajador,
  type TTrabajadorGuardar,
} from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useCatalogo, useGuardarContrato, useGuardarTrabajador } from '../api/rrhh';
import { CentroCostoSelect } from '../../../components/centro-costo-select';

type Contrato = Omit<TContratoLaboralGuardar, 'IdTrabajador'>;
type Valores = TTrabajadorGuardar & { Contrato: Contrato };

type Props = { trabajador: TTrabajador | null; onGuardado: () => void; onCancelar: () => void };

const hoy = () => new Date().toISOString().slice(0, 10);
const primeroDelMes = () => `${hoy().slice(0, 8)}01`;

/** A worker and their contract in one form: the worker is saved first, then the contract. */
export function TrabajadorForm({ trabajador, onGuardado, onCancelar }: Props) {
  const [form] = Form.useForm<Valores>();
  const { message } = App.useApp();
  const guardarTrabajador = useGuardarTrabajador();
  const guardarContrato = useGuardarContrato();
  const areas = useCatalogo('areas');
  const cargos = useCatalogo('cargos');
  // Finance's cost centres: the payroll entries carry the worker's pay expense to the contract's centre.
  // Once the worker is saved (even if the contract is then refused), further saves edit it.
  const [idGuardado, setIdGuardado] = useState<number | null>(trabajador?.Id ?? null);
  const sistema = Form.useWatch(['Contrato', 'SistemaPension'], form);
  const regimen = Form.useWatch(['Contrato', 'Regimen'], form);

  useEffect(() => {
    const c = trabajador?.Contrato;
    form.setFieldsValue({
      IdTipoDocumento: (trabajador?.IdTipoDocumento ?? 1) as 1,
      Documento: trabajador?.Documento ?? '',
      Nombres: trabajador?.Nombres ?? '',
      ApePat: trabajador?.ApePat ?? '',
      ApeMat: trabajador?.ApeMat ?? '',
      Correo: trabajador?.Correo ?? '',
      Telefono: trabajador?.Telefono ?? '',
      Contrato: c
        ? {
            Regimen: c.Regimen as 1,
            FechaInicio: c.FechaInicio,
            FechaFin: c.FechaFin,
            Remuneracion: c.Remuneracion,
            SistemaPension: c.SistemaPension as Contrato['SistemaPension'],
            TipoComision: c.TipoComision as Contrato['TipoComision'],
            Cuspp: c.Cuspp,
            AsignacionFamiliar: c.AsignacionFamiliar,
            IdArea: c.IdArea,
            IdCargo: c.IdCargo,
            IdCentroCosto: c.IdCentroCosto,
          }
        : { Regimen: 1, FechaInicio: primeroDelMes(), FechaFin: null, Remuneracion: '', SistemaPension: 'ONP', TipoComision: null, Cuspp: null, AsignacionFamiliar: false, IdArea: null, IdCargo: null, IdCentroCosto: null },
    });
  }, [trabajador, form]);

  function mostrarErrores(e: unknown, prefijo?: 'Contrato') {
    if (e instanceof ApiError && Object.keys(e.errores).length)
      form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: (prefijo ? [prefijo, name] : name) as never, errors: [error] })));
    else message.error(mensajeDeError(e));
  }

  async function enviar(v: Valores) {
    const { Contrato: c, ...persona } = v;
    let id = idGuardado;
    try {
      const t = await guardarTrabajador.mutateAsync({ datos: { ...persona, ApeMat: persona.ApeMat || null, Correo: persona.Correo || null, Telefono: persona.Telefono || null }, id: id ?? undefined });
      id = t.Id;
      setIdGuardado(t.Id);
    } catch (e) {
      mostrarErrores(e);
      return;
    }
    try {
      const esAfp = c.SistemaPension !== 'ONP';
      await guardarContrato.mutateAsync({
        datos: { ...c, IdTrabajador: id, FechaFin: c.FechaFin || null, TipoComision: esAfp ? c.TipoComision : null, Cuspp: esAfp ? c.Cuspp || null : null, AsignacionFamiliar: c.Regimen === 1 && !!c.AsignacionFamiliar },
        id: trabajador?.Contrato?.Id,
      });
    } catch (e) {
      message.warning('El trabajador se guardó, pero el contrato no: revise sus datos');
      mostrarErrores(e, 'Contrato');
      return;
    }
    message.success(trabajador ? 'Trabajador actualizado' : 'Trabajador registrado con su contrato');
    onGuardado();
  }

  const opciones = (d?: { Data: { Id: number; Nombre: string }[] }) => (d?.Data ?? []).map((x) => ({ value: x.Id, label: x.Nombre }));

  return (
    <Form form={form} layout="vertical" onFinish={enviar} requiredMark="optional" data-testid="form-trabajador">
      <Row gutter={12}>
        <Col xs={24} sm={10}>
          <Form.Item name="IdTipoDocumento" label="Tipo de documento" rules={[{ required: true, message: 'Seleccione el tipo de documento' }]}>
            <Select options={Object.entries(TiposDocumentoTrabajador).map(([value, label]) => ({ value: Number(value), label }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item name="Documento" label="Número de documento" rules={[{ required: true, whitespace: true, message: 'Ingrese el número de documento' }]}>
            <Input maxLength={15} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="Nombres" label="Nombres" rules={[{ required: true, whitespace: true, message: 'Ingrese los nombres' }]}>
        <Input maxLength={150} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="ApePat" label="Apellido paterno" rules={[{ required: true, whitespace: true, message: 'Ingrese el apellido paterno' }]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="ApeMat" label="Apellido materno">
            <Input maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={14}>
          <Form.Item name="Correo" label="Correo" rules={[{ type: 'email', message: 'Correo no válido' }]}>
            <Input maxLength={150} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item name="Telefono" label="Teléfono">
            <Input maxLength={30} />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">Contrato</Divider>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name={['Contrato', 'Regimen']} label="Régimen laboral" rules={[{ required: true, message: 'Seleccione el régimen laboral' }]}>
            <Select options={Object.entries(RegimenesLaborales).map(([value, label]) => ({ value: Number(value), label }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={['Contrato', 'Remuneracion']} label="Remuneración mensual (S/)" rules={[{ required: true, message: 'Ingrese la remuneración' }, { pattern: /^\d{1,9}(\.\d{1,2})?$/, message: 'Monto no válido (hasta 2 decimales)' }]}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name={['Contrato', 'FechaInicio']} label="Fecha de inicio" rules={[{ required: true, message: 'Ingrese la fecha de inicio' }]}>
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={['Contrato', 'FechaFin']} label="Fecha de fin (vacía si es indeterminado)">
            <Input type="date" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name={['Contrato', 'SistemaPension']} label="Sistema de pensiones" rules={[{ required: true, message: 'Seleccione el sistema de pensiones' }]}>
            <Select aria-label="Sistema de pensiones" options={SistemasPension.map((c) => ({ value: c, label: NombresSistemaPension[c] }))} />
          </Form.Item>
        </Col>
        {sistema && sistema !== 'ONP' && (
          <Col xs={24} sm={12}>
            <Form.Item name={['Contrato', 'TipoComision']} label="Tipo de comisión" rules={[{ required: true, message: 'Seleccione el tipo de comisión de la AFP' }]}>
              <Select aria-label="Tipo de comisión" options={Object.entries(TiposComisionAfp).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
          </Col>
        )}
      </Row>
      {sistema && sistema !== 'ONP' && (
        <Form.Item name={['Contrato', 'Cuspp']} label="CUSPP">
          <Input maxLength={12} />
        </Form.Item>
      )}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name={['Contrato', 'IdArea']} label="Área">
            <Select allowClear options={opciones(areas.data)} placeholder="Sin área" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={['Contrato', 'IdCargo']} label="Cargo">
            <Select allowClear options={opciones(cargos.data)} placeholder="Sin cargo" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={['Contrato', 'IdCentroCosto']} label="Centro de costo" extra="El gasto de su remuneración se registra en este centro de costo en los asientos de la planilla.">
            <CentroCostoSelect actual={trabajador?.Contrato?.IdCentroCosto} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name={['Contrato', 'AsignacionFamiliar']}
        label="Asignación familiar (tiene hijos menores o estudiando)"
        valuePropName="checked"
        extra={regimen && regimen !== 1 ? 'No aplica en el régimen de micro y pequeña empresa' : '10 % de la remuneración mínima vital'}
      >
        <Switch disabled={!!regimen && regimen !== 1} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={guardarTrabajador.isPending || guardarContrato.isPending}>
          Guardar
        </Button>
        <Button onClick={onCancelar}>Cancelar</Button>
      </Space>
    </Form>
  );
}
