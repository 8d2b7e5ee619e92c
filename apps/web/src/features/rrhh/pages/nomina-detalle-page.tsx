import { ArrowLeftOutlined, CalculatorOutlined, CheckCircleOutlined, ClockCircleOutlined, DollarOutlined, DownloadOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Dropdown, Empty, Form, Input, Modal, Popconfirm, Row, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { NombresSistemaPension, RegimenesLaborales, type TBoleta, type TLineaBoleta, type TNominaDepositoCts, type TNominaDetalle, type TNominaPago, type TSistemaPension } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { abrirBoletaPdf, descargarAfpnet, descargarArchivoBancoCts, useArchivosBancoCts, descargarPlame, useAnularDepositoCts, useAnularPagoNomina, useAprobarNomina, useAsistenciaEnNomina, useCalcularNomina, useDepositarCts, useNomina, usePagarNomina } from '../api/rrhh';
import { periodo, soles } from '../formato';
import { OperacionBoletasModal, OperacionesRegistradas } from '../components/operaciones-boletas';

const TIPOS: Record<TLineaBoleta['Tipo'], { texto: string; color: string }> = {
  INGRESO: { texto: 'Ingreso', color: 'green' },
  DESCUENTO: { texto: 'Descuento', color: 'red' },
  APORTE: { texto: 'Aporte del empleador', color: 'blue' },
  INFORMATIVO: { texto: 'Informativo', color: 'default' },
};

/** A payroll run: compute (with overtime hours), approve, and every worker's payslip lines with their rule. */
export function NominaDetallePage() {
  const id = Number(useParams().id);
  const consulta = useNomina(id);
  const calcular = useCalcularNomina(id);
  const aprobar = useAprobarNomina(id);
  const asistencia = useAsistenciaEnNomina(id);
  const { message } = App.useApp();
  const [horas, setHoras] = useState<TBoleta | null>(null);
  const [pagando, setPagando] = useState(false);
  const [depositando, setDepositando] = useState(false);
  const [archivosBanco, setArchivosBanco] = useState(false);
  const n = consulta.data;
  const aprobada = n?.Estado === 1;
  // May and November runs carry the CTS deposit (an informative line per payslip).
  const mesCts = n?.Mes === 5 || n?.Mes === 11;
  const ctsPorDepositar = !!n?.Boletas.some((b) => Number(b.Cts) > 0 && !b.DepositoCts);

  async function recalcular() {
    try {
      const d = await calcular.mutateAsync({ Novedades: [] });
      message.success(`Planilla calculada: ${d.Boletas.length} trabajadores`);
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  }

  async function tomarAsistencia() {
    try {
      const d = await asistencia.mutateAsync();
      message.success(
        d.TrabajadoresConAsistencia
          ? `Asistencia tomada de ${d.TrabajadoresConAsistencia} trabajador(es) con horario; planilla recalculada`
          : 'Ningún trabajador con contrato vigente tiene horario asignado: se recalculó con lo ingresado a mano',
      );
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  }

  async function aprobarla() {
    try {
      await aprobar.mutateAsync();
      message.success('Planilla aprobada: ya no se puede recalcular');
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  }

  if (consulta.isError) return <Alert type="error" showIcon title={mensajeDeError(consulta.error)} />;

  return (
    <Card
      data-testid="pagina-nomina"
      loading={!n}
      title={
        n && (
          <Space>
            <Link to="/admin/rrhh/nominas" aria-label="Volver a planillas">
              <ArrowLeftOutlined />
            </Link>
            <span>Planilla de {periodo(n)}</span>
            <Tag color={n.Pagada ? 'gold' : aprobada ? 'green' : 'blue'} icon={aprobada ? <CheckCircleOutlined /> : <ClockCircleOutlined />} data-testid="estado-nomina">
              {n.EstadoDescripcion}
            </Tag>
          </Space>
        )
      }
      extra={
        n && (
          <Space>
            <Popconfirm
              title="¿Tomar la asistencia del mes?"
              description="Las faltas, tardanzas, horas extra y horas en feriado del reporte de asistencia reemplazan lo ingresado a mano para los trabajadores con horario."
              okText="Tomar asistencia"
              cancelText="Cancelar"
              onConfirm={tomarAsistencia}
              disabled={aprobada}
            >
              <Button icon={<FieldTimeOutlined />} loading={asistencia.isPending} disabled={aprobada}>
                Tomar asistencia
              </Button>
            </Popconfirm>
            <Button icon={<CalculatorOutlined />} onClick={recalcular} loading={calcular.isPending} disabled={aprobada}>
              {n.FechaCalculo ? 'Recalcular' : 'Calcular'}
            </Button>
            {aprobada && (
              <Dropdown
                menu={{
                  items: [
                    { key: 'rem', label: 'Ingresos, tributos y descuentos (.rem)' },
                    { key: 'jor', label: 'Jornada laboral (.jor)' },
                    { key: 'snl', label: 'Días no laborados (.snl)' },
                    { key: 'toc', label: 'Otras condiciones del trabajador (.toc)' },
                    { key: 'for', label: 'Personal en formación (.for)' },
                  ],
                  onClick: ({ key }) => descargarPlame(id, key as 'rem' | 'jor' | 'snl' | 'toc' | 'for').catch((e: unknown) => message.error(mensajeDeError(e))),
                }}
              >
                <Button icon={<DownloadOutlined />}>Exportar PLAME</Button>
              </Dropdown>
            )}
            {aprobada && (
              <Dropdown
                menu={{
                  items: [
                    { key: '', label: 'Todas las AFP' },
                    { key: 'HABITAT', label: 'Solo AFP Habitat' },
                    { key: 'INTEGRA', label: 'Solo AFP Integra' },
                    { key: 'PRIMA', label: 'Solo AFP Prima' },
                    { key: 'PROFUTURO', label: 'Solo AFP Profuturo' },
                  ],
                  onClick: ({ key }) => descargarAfpnet(id, key || undefined).catch((e: unknown) => message.error(mensajeDeError(e))),
                }}
              >
                <Button icon={<DownloadOutlined />}>Archivo AFPnet</Button>
              </Dropdown>
            )}
            {aprobada && !n.Pagada && (
              <Button icon={<DollarOutlined />} onClick={() => setPagando(true)}>
                Pagar planilla
              </Button>
            )}
            {aprobada && mesCts && ctsPorDepositar && (
              <Button icon={<DownloadOutlined />} onClick={() => setArchivosBanco(true)}>
                Descargar archivo para el banco
              </Button>
            )}
            {aprobada && mesCts && ctsPorDepositar && (
              <Button icon={<DollarOutlined />} onClick={() => setDepositando(true)}>
                Depositar CTS
              </Button>
            )}
            <Popconfirm title="¿Aprobar la planilla?" description="Una vez aprobada no se puede recalcular ni modificar." okText="Aprobar" cancelText="Cancelar" onConfirm={aprobarla} disabled={aprobada || !n.FechaCalculo}>
              <Button type="primary" icon={<CheckCircleOutlined />} loading={aprobar.isPending} disabled={aprobada || !n.FechaCalculo}>
                Aprobar
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {n && (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col xs={12} md={6}>
              <Statistic title="Trabajadores" value={n.NumeroTrabajadores} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Total ingresos" value={soles.format(Number(n.TotalIngresos))} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Neto a pagar" value={soles.format(Number(n.TotalNeto))} data-testid="total-neto" />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Aportes del empleador" value={soles.format(Number(n.TotalAportes))} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Provisión de CTS del mes" value={soles.format(Number(n.TotalProvisionCts))} data-testid="total-provision-cts" />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={`Pagado (${n.BoletasPagadas} de ${n.NumeroTrabajadores} boletas)`} value={soles.format(Number(n.TotalPagado))} data-testid="total-pagado" />
            </Col>
          </Row>
          {!n.FechaCalculo && <Alert type="info" showIcon title="La planilla aún no se calcula: pulse Calcular para generar las boletas de los trabajadores con contrato vigente en el mes." style={{ marginBottom: 12 }} />}
          <Table<TBoleta>
            rowKey="Id"
            size="middle"
            dataSource={n.Boletas}
            scroll={{ x: 900 }}
            pagination={false}
            locale={{ emptyText: <Empty description="Sin boletas" /> }}
            expandable={{ expandedRowRender: (b) => <Lineas boleta={b} />, expandRowByClick: false }}
            columns={[
              { title: 'Trabajador', key: 't', render: (_, b) => <span data-testid={`boleta-${b.Documento}`}>{b.Trabajador}</span> },
              { title: 'Documento', dataIndex: 'Documento' },
              { title: 'Régimen', key: 'r', render: (_, b) => RegimenesLaborales[b.Regimen as 1] },
              { title: 'Pensión', key: 'p', render: (_, b) => NombresSistemaPension[b.SistemaPension as TSistemaPension] ?? b.SistemaPension },
              { title: 'Días', dataIndex: 'DiasLaborados', align: 'right' },
              { title: 'Faltas', dataIndex: 'Faltas', align: 'right', render: (v: number) => v || '' },
              { title: 'Tardanza (min)', dataIndex: 'MinutosTardanza', align: 'right', render: (v: number) => v || '' },
              { title: 'H. extra', key: 'he', align: 'right', render: (_, b) => `${b.HorasExtra25} / ${b.HorasExtra35}` },
              { title: 'H. feriado', dataIndex: 'HorasFeriado', align: 'right', render: (v: string) => (Number(v) ? v : '') },
              { title: 'H. nocturnas', dataIndex: 'HorasNocturnas', align: 'right', render: (v: string) => (Number(v) ? v : '') },
              { title: 'Ingresos', dataIndex: 'TotalIngresos', align: 'right', render: (v: string) => soles.format(Number(v)) },
              { title: 'Descuentos', dataIndex: 'TotalDescuentos', align: 'right', render: (v: string) => soles.format(Number(v)) },
              { title: 'Neto', dataIndex: 'Neto', align: 'right', render: (v: string, b) => <strong data-testid={`neto-${b.Documento}`}>{soles.format(Number(v))}</strong> },
              {
                title: 'Provisión CTS',
                dataIndex: 'ProvisionCts',
                align: 'right',
                render: (v: string, b) => (
                  <Tooltip title={b.ProvisionCtsRegla || 'Sin CTS en su régimen'}>
                    <span data-testid={`cts-${b.Documento}`}>{soles.format(Number(v))}</span>
                  </Tooltip>
                ),
              },
              ...(mesCts
                ? [
                    {
                      title: 'CTS',
                      key: 'depcts',
                      align: 'right' as const,
                      render: (_: unknown, b: TBoleta) =>
                        Number(b.Cts) > 0 ? (
                          <Space size={4} data-testid={`depcts-${b.Documento}`}>
                            <span>{soles.format(Number(b.Cts))}</span>
                            {b.DepositoCts ? (
                              <Tooltip title={`${b.DepositoCts.CuentaFinanciera}, operación ${b.DepositoCts.NumeroOperacion}`}>
                                <Tag color="green">Depositada {b.DepositoCts.Fecha.split('-').reverse().join('/')}</Tag>
                              </Tooltip>
                            ) : aprobada ? (
                              <Tag>Por depositar</Tag>
                            ) : null}
                          </Space>
                        ) : null,
                    },
                  ]
                : []),
              {
                title: 'Pago',
                key: 'pago',
                render: (_, b) =>
                  b.Pago ? (
                    <Tooltip title={`${b.Pago.CuentaFinanciera}${b.Pago.NumeroOperacion ? `, operación ${b.Pago.NumeroOperacion}` : ''}`}>
                      <Tag color="green" data-testid={`pago-${b.Documento}`}>
                        Pagada {b.Pago.Fecha.split('-').reverse().join('/')}
                      </Tag>
                    </Tooltip>
                  ) : aprobada ? (
                    <Tag data-testid={`pago-${b.Documento}`}>Por pagar</Tag>
                  ) : null,
              },
              {
                title: 'Acciones',
                key: 'a',
                render: (_, b) => (
                  <Space size={0}>
                    <Button type="link" disabled={aprobada} onClick={() => setHoras(b)}>
                      Novedades
                    </Button>
                    <Button type="link" aria-label={`Boleta PDF de ${b.Trabajador}`} onClick={() => abrirBoletaPdf(id, b.Id).catch((e: unknown) => message.error(mensajeDeError(e)))}>
                      Boleta PDF
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
          {n.Pagos.length > 0 && <Pagos nomina={n} />}
          {n.DepositosCts.length > 0 && <DepositosCts nomina={n} />}
          {archivosBanco && <ArchivosBancoCts nomina={n} onCerrar={() => setArchivosBanco(false)} />}
        </>
      )}
      <HorasExtra boleta={horas} idNomina={id} onCerrar={() => setHoras(null)} />
      {n && <PagarPlanilla nomina={n} abierto={pagando} onCerrar={() => setPagando(false)} />}
      {n && <DepositarCts nomina={n} abierto={depositando} onCerrar={() => setDepositando(false)} />}
    </Card>
  );
}

function Lineas({ boleta }: { boleta: TBoleta }) {
  return (
    <Table<TLineaBoleta>
      rowKey={(l) => `${l.Tipo}-${l.Codigo}`}
      size="small"
      pagination={false}
      dataSource={boleta.Lineas}
      data-testid={`lineas-${boleta.Documento}`}
      columns={[
        { title: 'Concepto', dataIndex: 'Concepto', width: 260 },
        { title: 'Tipo', dataIndex: 'Tipo', width: 170, render: (t: TLineaBoleta['Tipo']) => <Tag color={TIPOS[t].color}>{TIPOS[t].texto}</Tag> },
        { title: 'Monto', dataIndex: 'Monto', align: 'right', width: 130, render: (v: string) => soles.format(Number(v)) },
        { title: 'Cálculo (regla y parámetros)', dataIndex: 'Regla', render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text> },
      ]}
    />
  );
}

type ValoresNovedad = { HorasExtra25: string; HorasExtra35: string; HorasFeriado: string; HorasNocturnas: string; Faltas: string; DiasSinGoce: string; MinutosTardanza: string };

function HorasExtra({ boleta, idNomina, onCerrar }: { boleta: TBoleta | null; idNomina: number; onCerrar: () => void }) {
  const calcular = useCalcularNomina(idNomina);
  const [form] = Form.useForm<ValoresNovedad>();
  const { message } = App.useApp();

  async function enviar(v: ValoresNovedad) {
    if (!boleta) return;
    try {
      await calcular.mutateAsync({
        Novedades: [
          {
            IdTrabajador: boleta.IdTrabajador,
            HorasExtra25: v.HorasExtra25 || '0',
            HorasExtra35: v.HorasExtra35 || '0',
            Faltas: Number(v.Faltas || 0),
            MinutosTardanza: Number(v.MinutosTardanza || 0),
            HorasFeriado: v.HorasFeriado || '0',
            HorasNocturnas: v.HorasNocturnas || '0',
            DiasSinGoce: Number(v.DiasSinGoce || 0),
          },
        ],
      });
      message.success('Novedades registradas y planilla recalculada');
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) message.error(Object.values(e.errores).join('. '));
      else message.error(mensajeDeError(e));
    }
  }

  return (
    <Modal
      open={!!boleta}
      title={boleta ? `Novedades del mes de ${boleta.Trabajador}` : ''}
      okText="Guardar y recalcular"
      cancelText="Cancelar"
      onOk={() => form.submit()}
      confirmLoading={calcular.isPending}
      onCancel={onCerrar}
      destroyOnHidden
    >
      {boleta && (
        <Form
          form={form}
          layout="vertical"
          onFinish={enviar}
          initialValues={{ HorasExtra25: boleta.HorasExtra25, HorasExtra35: boleta.HorasExtra35, Faltas: String(boleta.Faltas), MinutosTardanza: String(boleta.MinutosTardanza), HorasFeriado: boleta.HorasFeriado, HorasNocturnas: boleta.HorasNocturnas, DiasSinGoce: String(boleta.DiasSinGoce) }}
        >
          <Typography.Paragraph type="secondary">Horas del mes: las dos primeras horas de cada día van al 25 %, las siguientes al 35 % (DS 007-2002-TR).</Typography.Paragraph>
          <Form.Item name="HorasExtra25" label="Horas al 25 %" rules={[{ pattern: /^\d{1,3}(\.\d{1,2})?$/, message: 'Horas no válidas (hasta 2 decimales)' }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="HorasExtra35" label="Horas al 35 %" rules={[{ pattern: /^\d{1,3}(\.\d{1,2})?$/, message: 'Horas no válidas (hasta 2 decimales)' }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="HorasFeriado" label="Horas en feriado o día de descanso (sobretasa 100 %)" rules={[{ pattern: /^\d{1,3}(\.\d{1,2})?$/, message: 'Horas no válidas (hasta 2 decimales)' }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="HorasNocturnas" label="Horas nocturnas, 22:00 a 06:00 (sobretasa 35 % de la RMV)" rules={[{ pattern: /^\d{1,3}(\.\d{1,2})?$/, message: 'Horas no válidas (hasta 2 decimales)' }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="DiasSinGoce" label="Días de licencia sin goce de haber" rules={[{ pattern: /^([0-9]|[12][0-9]|3[01])$/, message: 'Días no válidos (0 a 31)' }]}>
            <Input inputMode="numeric" />
          </Form.Item>
          <Form.Item name="Faltas" label="Faltas injustificadas (días)" rules={[{ pattern: /^([0-9]|[12][0-9]|3[01])$/, message: 'Días no válidos (0 a 31)' }]}>
            <Input inputMode="numeric" />
          </Form.Item>
          <Form.Item name="MinutosTardanza" label="Minutos de tardanza" rules={[{ pattern: /^\d{1,5}$/, message: 'Minutos no válidos' }]}>
            <Input inputMode="numeric" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Pagar planilla: the unpaid payslips (all chosen at first) out of a cash box or bank account in soles. */
function PagarPlanilla({ nomina, abierto, onCerrar }: { nomina: TNominaDetalle; abierto: boolean; onCerrar: () => void }) {
  const pagar = usePagarNomina(nomina.Id);
  return (
    <OperacionBoletasModal
      abierto={abierto}
      onCerrar={onCerrar}
      titulo="Pagar planilla"
      verbo="Pagar"
      pendientes={nomina.Boletas.filter((b) => !b.Pago)}
      importe={(b) => b.Neto}
      columnaImporte="Neto"
      cuentas={() => true}
      etiquetaCuenta={(c) => `${c.Nombre} (${c.TipoCuenta})`}
      campoCuenta={{ label: 'Cuenta de pago', placeholder: 'Caja o cuenta bancaria en soles', requerido: 'Elija la caja o cuenta bancaria (en soles)' }}
      etiquetaFecha="Fecha de pago"
      requerirFecha="Indique la fecha de pago"
      exigeOperacion={(c) => c?.IdTipoCuenta === 3}
      placeholderOperacion={(exigida) => (exigida ? 'Obligatorio para un pago por banco' : 'Opcional')}
      guardando={pagar.isPending}
      enviar={(d) => pagar.mutateAsync(d)}
      exito={(total) => `Pago registrado: ${total}`}
    />
  );
}

/** The run's payment operations; a supervisor voids one (its payslips are unpaid again). */
function Pagos({ nomina }: { nomina: TNominaDetalle }) {
  const anular = useAnularPagoNomina(nomina.Id);
  return (
    <OperacionesRegistradas<TNominaPago>
      titulo="Pagos de la planilla"
      testId="pagos-nomina"
      datos={nomina.Pagos}
      anulacion={{
        titulo: 'Anular el pago',
        boton: 'Anular pago',
        explicacion: 'Las boletas de este pago vuelven a quedar por pagar y se revierte su asiento contable.',
        etiquetaMotivo: 'Motivo de la anulación',
        exito: 'Pago anulado: sus boletas vuelven a quedar por pagar',
      }}
      anulando={anular.isPending}
      anular={(p, Motivo) => anular.mutateAsync({ idPago: p.Id, Motivo })}
    />
  );
}

/** Depositar CTS: the payslips with CTS not deposited (all chosen at first) out of a bank account in soles. */
function DepositarCts({ nomina, abierto, onCerrar }: { nomina: TNominaDetalle; abierto: boolean; onCerrar: () => void }) {
  const depositar = useDepositarCts(nomina.Id);
  return (
    <OperacionBoletasModal
      abierto={abierto}
      onCerrar={onCerrar}
      titulo="Depositar CTS"
      verbo="Depositar"
      pendientes={nomina.Boletas.filter((b) => Number(b.Cts) > 0 && !b.DepositoCts)}
      importe={(b) => b.Cts}
      columnaImporte="CTS"
      cuentas={(c) => c.IdTipoCuenta === 3}
      etiquetaCuenta={(c) => c.Nombre}
      campoCuenta={{ label: 'Cuenta bancaria', placeholder: 'Cuenta bancaria en soles', requerido: 'Elija la cuenta bancaria en soles' }}
      etiquetaFecha="Fecha del depósito"
      requerirFecha="Indique la fecha del depósito"
      exigeOperacion={() => true}
      guardando={depositar.isPending}
      enviar={(d) => depositar.mutateAsync({ ...d, NumeroOperacion: d.NumeroOperacion ?? '' })}
      exito={(total) => `Depósito de CTS registrado: ${total}`}
    />
  );
}

/** The run's CTS deposits; a supervisor voids one (its payslips are not deposited again). */
function DepositosCts({ nomina }: { nomina: TNominaDetalle }) {
  const anular = useAnularDepositoCts(nomina.Id);
  return (
    <OperacionesRegistradas<TNominaDepositoCts>
      titulo="Depósitos de CTS"
      testId="depositos-cts"
      datos={nomina.DepositosCts}
      anulacion={{
        titulo: 'Anular el depósito de CTS',
        boton: 'Anular depósito',
        explicacion: 'Las boletas de este depósito vuelven a quedar por depositar y se revierte su asiento contable.',
        etiquetaMotivo: 'Motivo de la anulación del depósito',
        exito: 'Depósito anulado: sus boletas vuelven a quedar por depositar',
      }}
      anulando={anular.isPending}
      anular={(d, Motivo) => anular.mutateAsync({ idDeposito: d.Id, Motivo })}
    />
  );
}

/** The CTS still to deposit, one file per bank of the workers' CTS accounts; the workers without one are listed. */
function ArchivosBancoCts({ nomina, onCerrar }: { nomina: TNominaDetalle; onCerrar: () => void }) {
  const consulta = useArchivosBancoCts(nomina.Id, true);
  const { message } = App.useApp();
  const a = consulta.data;
  return (
    <Modal open title="Archivos de la CTS para el banco" onCancel={onCerrar} footer={<Button onClick={onCerrar}>Cerrar</Button>} width={720} destroyOnHidden>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} />}
      {a && (
        <>
          <Typography.Paragraph type="secondary">
            Un archivo CSV por banco con la CTS por depositar (documento, nombre, cuenta, CCI y monto). Verifique con su banco el formato de carga que acepta.
          </Typography.Paragraph>
          <Table
            rowKey="Banco"
            size="small"
            pagination={false}
            dataSource={a.Bancos}
            locale={{ emptyText: 'Ningún trabajador con CTS por depositar tiene su cuenta CTS registrada' }}
            columns={[
              { title: 'Banco', dataIndex: 'NombreBanco' },
              { title: 'Trabajadores', dataIndex: 'Trabajadores', align: 'right' },
              { title: 'Monto', key: 'monto', align: 'right', render: (_, b) => soles.format(Number(b.Monto)) },
              {
                title: 'Archivo',
                key: 'archivo',
                render: (_, b) => (
                  <Button
                    icon={<DownloadOutlined />}
                    aria-label={`Descargar ${b.NombreArchivo}`}
                    onClick={() => descargarArchivoBancoCts(nomina.Id, b.Banco, b.NombreArchivo).catch((e: unknown) => message.error(mensajeDeError(e)))}
                  >
                    {b.NombreArchivo}
                  </Button>
                ),
              },
            ]}
          />
          {a.Omitidos.length > 0 && (
            <Alert
              style={{ marginTop: 16 }}
              type="warning"
              showIcon
              data-testid="cts-omitidos"
              title={`${a.Omitidos.length} trabajador(es) quedan fuera de los archivos`}
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {a.Omitidos.map((o) => (
                    <li key={o.IdTrabajador}>
                      {o.Trabajador} ({o.Documento}), {soles.format(Number(o.Monto))}: {o.Motivo}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
        </>
      )}
    </Modal>
  );
}
