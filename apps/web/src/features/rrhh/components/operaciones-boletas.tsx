import { App, Button, Col, Form, Input, Modal, Row, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { TBoleta } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useCuentasDePago } from '../api/rrhh';
import { soles } from '../formato';

const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());

/** A refusal's field messages in one line, or its Spanish message. */
function avisarError(message: ReturnType<typeof App.useApp>['message'], e: unknown) {
  if (e instanceof ApiError && Object.keys(e.errores).length) message.error(Object.values(e.errores).join('. '));
  else message.error(mensajeDeError(e));
}

type TCuentaPago = NonNullable<ReturnType<typeof useCuentasDePago>['data']>['Data'][number];
type ValoresOperacion = { IdCuentaFinanciera?: number; Fecha: string; NumeroOperacion?: string };
export type TOperacionBoletas = { IdCuentaFinanciera: number; Fecha: string; NumeroOperacion?: string; Boletas: number[] };

/**
 * A money operation over some payslips of a run (Pagar planilla, Depositar CTS): the pending payslips, all chosen at
 * first, out of one of the company's accounts in soles, with its date and bank operation number. `Boletas` goes empty
 * when every pending payslip is chosen (the server takes them all).
 */
export function OperacionBoletasModal(p: {
  abierto: boolean;
  onCerrar: () => void;
  titulo: string;
  /** "Pagar" / "Depositar": the button says it with the total. */
  verbo: string;
  pendientes: TBoleta[];
  importe: (b: TBoleta) => string;
  columnaImporte: string;
  /** Which of the company's soles accounts can be used, and how the field is named. */
  cuentas: (c: TCuentaPago) => boolean;
  etiquetaCuenta: (c: TCuentaPago) => string;
  campoCuenta: { label: string; placeholder: string; requerido: string };
  etiquetaFecha: string;
  requerirFecha: string;
  /** Whether the bank operation number is required for the chosen account. */
  exigeOperacion: (c: TCuentaPago | undefined) => boolean;
  placeholderOperacion?: (exigida: boolean) => string;
  guardando: boolean;
  enviar: (datos: TOperacionBoletas) => Promise<unknown>;
  exito: (total: string) => string;
}) {
  const cuentas = useCuentasDePago();
  const [form] = Form.useForm<ValoresOperacion>();
  const { message } = App.useApp();
  const [elegidas, setElegidas] = useState<number[] | null>(null);
  const seleccion = elegidas ?? p.pendientes.map((b) => b.Id);
  const total = p.pendientes.filter((b) => seleccion.includes(b.Id)).reduce((s, b) => s + Math.round(Number(p.importe(b)) * 100), 0) / 100;
  const usables = (cuentas.data?.Data ?? []).filter((c) => c.IdMoneda === 1 && p.cuentas(c));
  const idCuenta = Form.useWatch('IdCuentaFinanciera', form);
  const exigida = p.exigeOperacion(usables.find((c) => c.Id === idCuenta));
  const cerrar = () => {
    setElegidas(null);
    p.onCerrar();
  };

  async function enviar(v: ValoresOperacion) {
    if (!v.IdCuentaFinanciera) return;
    try {
      const todas = seleccion.length === p.pendientes.length;
      await p.enviar({ IdCuentaFinanciera: v.IdCuentaFinanciera, Fecha: v.Fecha, NumeroOperacion: v.NumeroOperacion?.trim() || undefined, Boletas: todas ? [] : seleccion });
      message.success(p.exito(soles.format(total)));
      cerrar();
    } catch (e) {
      avisarError(message, e);
    }
  }

  return (
    <Modal
      open={p.abierto}
      title={p.titulo}
      okText={`${p.verbo} ${soles.format(total)}`}
      cancelText="Cancelar"
      okButtonProps={{ disabled: !seleccion.length }}
      onOk={() => form.submit()}
      confirmLoading={p.guardando}
      onCancel={cerrar}
      destroyOnHidden
      width={720}
    >
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ Fecha: hoy() }}>
        <Form.Item name="IdCuentaFinanciera" label={p.campoCuenta.label} rules={[{ required: true, message: p.campoCuenta.requerido }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={cuentas.isLoading}
            placeholder={p.campoCuenta.placeholder}
            options={usables.map((c) => ({ value: c.Id, label: p.etiquetaCuenta(c), title: p.etiquetaCuenta(c) }))}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="Fecha" label={p.etiquetaFecha} rules={[{ required: true, message: p.requerirFecha }]}>
              <Input type="date" max={hoy()} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="NumeroOperacion"
              label="Número de operación"
              rules={[{ required: exigida, message: 'Indique el número de operación bancaria' }, { pattern: /^[A-Za-z0-9-]{1,30}$/, message: 'De 1 a 30 letras, dígitos o guiones' }]}
            >
              <Input placeholder={p.placeholderOperacion?.(exigida)} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Table<TBoleta>
        rowKey="Id"
        size="small"
        pagination={false}
        dataSource={p.pendientes}
        rowSelection={{ selectedRowKeys: seleccion, onChange: (k) => setElegidas(k.map(Number)) }}
        columns={[
          { title: 'Trabajador', dataIndex: 'Trabajador' },
          { title: 'Documento', dataIndex: 'Documento' },
          { title: p.columnaImporte, key: 'i', align: 'right', render: (_, b) => soles.format(Number(p.importe(b))) },
        ]}
      />
    </Modal>
  );
}

type TOperacionRegistrada = {
  Id: number;
  Fecha: string;
  CuentaFinanciera: string;
  NumeroOperacion: string | null;
  NumeroBoletas: number;
  Monto: string;
  Anulado: boolean;
  MotivoAnulacion: string | null;
};

/** The run's operations of one kind (payments, CTS deposits); a supervisor voids one with a reason. */
export function OperacionesRegistradas<T extends TOperacionRegistrada>(p: {
  titulo: string;
  testId: string;
  datos: T[];
  anulacion: { titulo: string; boton: string; explicacion: string; etiquetaMotivo: string; exito: string };
  anulando: boolean;
  anular: (o: T, motivo: string) => Promise<unknown>;
}) {
  const [operacion, setOperacion] = useState<T | null>(null);
  const [motivo, setMotivo] = useState('');
  const { message } = App.useApp();

  async function confirmar() {
    if (!operacion) return;
    try {
      await p.anular(operacion, motivo);
      message.success(p.anulacion.exito);
      setOperacion(null);
      setMotivo('');
    } catch (e) {
      avisarError(message, e);
    }
  }

  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {p.titulo}
      </Typography.Title>
      <Table<T>
        rowKey="Id"
        size="small"
        pagination={false}
        dataSource={p.datos}
        data-testid={p.testId}
        columns={[
          { title: 'Fecha', dataIndex: 'Fecha', render: (v: string) => v.split('-').reverse().join('/') },
          { title: 'Cuenta', dataIndex: 'CuentaFinanciera' },
          { title: 'Operación', dataIndex: 'NumeroOperacion', render: (v: string | null) => v ?? '' },
          { title: 'Boletas', dataIndex: 'NumeroBoletas', align: 'right' },
          { title: 'Monto', dataIndex: 'Monto', align: 'right', render: (v: string) => soles.format(Number(v)) },
          { title: 'Estado', key: 'e', render: (_, o) => (o.Anulado ? <Tooltip title={o.MotivoAnulacion}><Tag color="red">Anulado</Tag></Tooltip> : <Tag color="green">Vigente</Tag>) },
          {
            title: 'Acciones',
            key: 'a',
            render: (_, o) =>
              !o.Anulado && (
                <Button type="link" danger onClick={() => setOperacion(o)}>
                  Anular
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={!!operacion}
        title={p.anulacion.titulo}
        okText={p.anulacion.boton}
        okButtonProps={{ danger: true, disabled: motivo.trim().length < 3 }}
        cancelText="Cancelar"
        onOk={confirmar}
        confirmLoading={p.anulando}
        onCancel={() => setOperacion(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{p.anulacion.explicacion}</Typography.Paragraph>
        <Input aria-label={p.anulacion.etiquetaMotivo} placeholder="Motivo (mínimo 3 caracteres)" value={motivo} onChange={(e) => setMotivo(e.target.value)} maxLength={200} />
      </Modal>
    </>
  );
}
