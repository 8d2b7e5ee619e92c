import { Alert, App, Button, Card, Empty, Form, Input, Modal, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { PerfilesExtracto, TiposOperacionFinanciera, type TExtracto, type TLineaExtracto, type TMovimientoFinanciero, type TPerfilExtracto, type TTipoConciliable } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useCentrosCosto, useCuentasFinancieras } from '../api/finanzas';
import {
  OPERACIONES,
  type TOperacion,
  useConciliar,
  useDeshacerConciliacion,
  useElementosGasto,
  useEliminarMovimiento,
  useExtracto,
  useExtractos,
  useGuardarElemento,
  useImportarExtracto,
  useMovimientos,
  useRegistrarMovimiento,
  useSaldosCuentas,
} from '../api/tesoreria';
import { dinero, fechaPe } from '../formato';
import { FlujoDeCaja, GastosPorCentro } from '../components/reportes-tesoreria';
import { TablaAdaptable } from '../../../components/tabla-adaptable';

/**
 * Movements on financial accounts, their balances, expense elements, the bank reconciliation, the cash flow by account
 * and the expenses by cost centre (issue 14).
 */
export function TesoreriaPage() {
  return (
    <Card data-testid="pagina-tesoreria">
      <Saldos />
      <Tabs
        items={[
          { key: 'movimientos', label: 'Movimientos de cuentas', children: <Movimientos /> },
          { key: 'conciliacion', label: 'Conciliación bancaria', children: <Conciliacion /> },
          { key: 'elementos', label: 'Elementos de gasto', children: <Elementos /> },
          { key: 'flujo', label: 'Flujo de caja', children: <FlujoDeCaja /> },
          { key: 'gastos', label: 'Gastos por centro de costo', children: <GastosPorCentro /> },
        ]}
      />
    </Card>
  );
}

function Saldos() {
  const q = useSaldosCuentas();
  return (
    <Table
      rowKey="IdCuentaFinanciera"
      size="small"
      pagination={false}
      loading={q.isFetching}
      dataSource={q.data?.Data ?? []}
      style={{ marginBottom: 16 }}
      title={() => <strong>Saldos de las cuentas</strong>}
      scroll={{ x: 800 }}
      columns={[
        { title: 'Cuenta', dataIndex: 'Nombre' },
        { title: 'Tipo', dataIndex: 'TipoCuenta' },
        { title: 'Cobros', dataIndex: 'Cobros', align: 'right', render: (v: string, s) => dinero(v, s.IdMoneda) },
        { title: 'Pagos', dataIndex: 'Pagos', align: 'right', render: (v: string, s) => dinero(v, s.IdMoneda) },
        { title: 'Ingresos', dataIndex: 'Ingresos', align: 'right', render: (v: string, s) => dinero(v, s.IdMoneda) },
        { title: 'Egresos', dataIndex: 'Egresos', align: 'right', render: (v: string, s) => dinero(v, s.IdMoneda) },
        { title: 'ITF', dataIndex: 'Itf', align: 'right', render: (v: string, s) => dinero(v, s.IdMoneda) },
        { title: 'Saldo', dataIndex: 'Saldo', align: 'right', render: (v: string, s) => <strong data-testid={`saldo-${s.Nombre}`}>{dinero(v, s.IdMoneda)}</strong> },
      ]}
    />
  );
}

function Movimientos() {
  const { message } = App.useApp();
  const [filtro, setFiltro] = useState({ idcuenta: 0, tipo: 0, pagina: 1 });
  const q = useMovimientos(filtro);
  const cuentas = useCuentasFinancieras(1);
  const eliminar = useEliminarMovimiento();
  const [abierto, setAbierto] = useState(false);
  const opcionesCuenta = (cuentas.data?.Data ?? []).map((c) => ({ value: c.Id, label: c.Nombre }));
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select aria-label="Filtrar por cuenta" showSearch={{ optionFilterProp: 'label' }} style={{ width: 240 }} value={filtro.idcuenta} onChange={(v) => setFiltro({ ...filtro, idcuenta: v, pagina: 1 })} options={[{ value: 0, label: 'Todas las cuentas' }, ...opcionesCuenta]} />
        <Select
          aria-label="Filtrar por tipo"
          style={{ width: 220 }}
          value={filtro.tipo}
          onChange={(v) => setFiltro({ ...filtro, tipo: v, pagina: 1 })}
          options={[{ value: 0, label: 'Todos los tipos' }, ...[3, 4, 5, 6, 7].map((t) => ({ value: t, label: TiposOperacionFinanciera[t as 3] }))]}
        />
        <Button type="primary" onClick={() => setAbierto(true)}>
          Nuevo movimiento
        </Button>
      </Space>
      {q.isError && <Alert type="error" showIcon title={mensajeDeError(q.error)} style={{ marginBottom: 12 }} />}
      <TablaAdaptable<TMovimientoFinanciero>
        rowKey="Id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.Data ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <Empty description="No hay movimientos" /> }}
        pagination={{ current: filtro.pagina, pageSize: 20, total: q.data?.Count ?? 0, showSizeChanger: false, onChange: (p) => setFiltro({ ...filtro, pagina: p }) }}
        columns={[
          { title: 'Número', dataIndex: 'Numero' },
          { title: 'Fecha', dataIndex: 'Fecha', render: (v: string) => fechaPe(v) },
          { title: 'Operación', dataIndex: 'TipoOperacion' },
          { title: 'Cuenta', key: 'cuenta', render: (_, m) => `${m.CuentaFinanciera}${m.CuentaPar ? (m.IdTipoMovimiento === 1 ? ` ← ${m.CuentaPar}` : ` → ${m.CuentaPar}`) : ''}` },
          { title: 'Motivo', dataIndex: 'Motivo' },
          { title: 'Importe', key: 'monto', align: 'right', render: (_, m) => <span style={{ color: m.IdTipoMovimiento === 2 ? '#cf1322' : undefined }}>{m.IdTipoMovimiento === 2 ? '-' : ''}{dinero(m.Monto, m.IdMoneda)}</span> },
          { title: 'ITF', dataIndex: 'Itf', align: 'right', render: (v: string, m) => (v === '0.00' ? '' : dinero(v, m.IdMoneda)) },
          { title: 'Centro / elemento', key: 'cc', render: (_, m) => [m.CentroCosto, m.ElementoGasto].filter(Boolean).join(' · ') },
          { title: 'Estado', key: 'estado', render: (_, m) => (m.Conciliado ? <Tag color="green">Conciliado</Tag> : <Tag>Pendiente</Tag>) },
          {
            title: '',
            key: 'acciones',
            render: (_, m) =>
              m.Conciliado ? null : (
                <Popconfirm
                  title="¿Eliminar el movimiento?"
                  description="Se revierte su asiento contable (y el otro lado si es un depósito o transferencia)."
                  okText="Eliminar"
                  cancelText="Cancelar"
                  onConfirm={() =>
                    eliminar.mutateAsync(m.Id).then(
                      () => void message.success(`Movimiento ${m.Numero} eliminado`),
                      (e) => void message.error(mensajeDeError(e)),
                    )
                  }
                >
                  <Button size="small" danger>
                    Eliminar
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      {abierto && <NuevoMovimiento onCerrar={() => setAbierto(false)} />}
    </>
  );
}

type TFormMovimiento = {
  Operacion: TOperacion;
  IdCuentaFinanciera?: number;
  IdCuentaOrigen?: number;
  IdCuentaDestino?: number;
  Monto: string;
  Motivo: string;
  IdCentroCosto?: number;
  IdElementoGasto?: number;
  NumeroOperacion?: string;
};

function NuevoMovimiento({ onCerrar }: { onCerrar: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TFormMovimiento>();
  const operacion = Form.useWatch('Operacion', form) ?? 'ingreso';
  const cuentas = useCuentasFinancieras(1);
  const centros = useCentrosCosto();
  const elementos = useElementosGasto();
  const registrar = useRegistrarMovimiento();
  const [error, setError] = useState<string | null>(null);
  const todas = cuentas.data?.Data ?? [];
  const op = (c: (typeof todas)[number]) => ({ value: c.Id, label: `${c.Nombre} (${c.IdMoneda === 2 ? 'US$' : 'S/'})` });
  const cajas = todas.filter((c) => c.IdTipoCuenta !== 3).map(op);
  const bancos = todas.filter((c) => c.IdTipoCuenta === 3).map(op);
  const nota = operacion === 'ingreso' || operacion === 'salida';
  const origenes = operacion === 'cuentas' ? todas.map(op) : cajas;
  const destinos = operacion === 'deposito' ? bancos : operacion === 'cajas' ? cajas : todas.map(op);
  const guardar = async (v: TFormMovimiento) => {
    setError(null);
    const base = { Monto: v.Monto, Motivo: v.Motivo, NumeroOperacion: v.NumeroOperacion || null };
    const datos = nota
      ? { ...base, IdCuentaFinanciera: v.IdCuentaFinanciera!, IdCentroCosto: v.IdCentroCosto ?? null, IdElementoGasto: v.IdElementoGasto ?? null }
      : { ...base, IdCuentaOrigen: v.IdCuentaOrigen!, IdCuentaDestino: v.IdCuentaDestino! };
    try {
      const m = await registrar.mutateAsync({ operacion: v.Operacion, datos });
      message.success(`${OPERACIONES[v.Operacion].nombre} ${m.Numero} registrado${m.Itf !== '0.00' ? ` (ITF ${m.Itf})` : ''}`);
      onCerrar();
    } catch (e) {
      setError(mensajeDeError(e));
    }
  };
  return (
    <Modal open title="Nuevo movimiento" okText="Registrar" cancelText="Cancelar" onCancel={onCerrar} onOk={() => form.submit()} confirmLoading={registrar.isPending} destroyOnHidden>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" initialValues={{ Operacion: 'ingreso' }} onFinish={guardar}>
        <Form.Item name="Operacion" label="Operación" rules={[{ required: true }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={Object.entries(OPERACIONES).map(([k, o]) => ({ value: k, label: o.nombre }))} onChange={() => form.setFieldsValue({ IdCuentaOrigen: undefined, IdCuentaDestino: undefined })} />
        </Form.Item>
        {nota ? (
          <Form.Item name="IdCuentaFinanciera" label="Cuenta" rules={[{ required: true, message: 'Elija la cuenta' }]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={todas.map(op)} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="IdCuentaOrigen" label="Cuenta de origen" rules={[{ required: true, message: 'Elija la cuenta de origen' }]}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={origenes} />
            </Form.Item>
            <Form.Item name="IdCuentaDestino" label="Cuenta de destino" rules={[{ required: true, message: 'Elija la cuenta de destino' }]} extra="Si las monedas difieren se convierte al tipo de cambio del día (venta).">
              <Select showSearch={{ optionFilterProp: 'label' }} options={destinos} />
            </Form.Item>
          </>
        )}
        <Form.Item name="Monto" label={nota ? 'Importe' : 'Importe (en la moneda de origen)'} rules={[{ required: true, message: 'Ingrese el importe' }, { pattern: /^\d{1,12}(\.\d{1,2})?$/, message: 'Importe con hasta 2 decimales' }]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="Motivo" label="Motivo" rules={[{ required: true, min: 3, message: 'Indique el motivo (mínimo 3 caracteres)' }]}>
          <Input maxLength={200} />
        </Form.Item>
        {nota && (
          <>
            <Form.Item name="IdCentroCosto" label="Centro de costo">
              <Select allowClear options={(centros.data?.Data ?? []).filter((c) => c.LogEstado === 1).map((c) => ({ value: c.Id, label: `${c.Codigo} ${c.Nombre}` }))} />
            </Form.Item>
            <Form.Item name="IdElementoGasto" label="Elemento de gasto">
              <Select allowClear options={(elementos.data?.Data ?? []).filter((c) => c.LogEstado === 1).map((c) => ({ value: c.Id, label: `${c.Codigo} ${c.Nombre}` }))} />
            </Form.Item>
          </>
        )}
        <Form.Item name="NumeroOperacion" label="Número de operación bancaria">
          <Input maxLength={30} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const leerBase64 = (f: File) =>
  new Promise<string>((ok, mal) => {
    const r = new FileReader();
    r.onload = () => ok(String(r.result).split(',')[1] ?? '');
    r.onerror = () => mal(new Error('No se pudo leer el archivo'));
    r.readAsDataURL(f);
  });

function Conciliacion() {
  const { message } = App.useApp();
  const cuentas = useCuentasFinancieras(1);
  const bancos = (cuentas.data?.Data ?? []).filter((c) => c.IdTipoCuenta === 3);
  const [idCuenta, setIdCuenta] = useState<number | null>(null);
  const [perfil, setPerfil] = useState<TPerfilExtracto>('BCP');
  const [archivo, setArchivo] = useState<File | null>(null);
  const [columnas, setColumnas] = useState({ Fecha: '', Descripcion: '', NumeroOperacion: '', Monto: '', Cargo: '', Abono: '' });
  const [idExtracto, setIdExtracto] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importar = useImportarExtracto();
  const extractos = useExtractos(idCuenta ?? 0);
  const extracto = useExtracto(idExtracto);
  const enviar = async () => {
    setError(null);
    if (!idCuenta) return setError('Elija la cuenta bancaria');
    if (!archivo) return setError('Adjunte el archivo del extracto (CSV o Excel)');
    try {
      const x = await importar.mutateAsync({
        IdCuentaFinanciera: idCuenta,
        Perfil: perfil,
        NombreArchivo: archivo.name,
        ArchivoBase64: await leerBase64(archivo),
        ...(perfil === 'GENERICO' ? { Columnas: columnas } : {}),
      });
      setIdExtracto(x.Id);
      message.success(`Extracto importado: ${x.Lineas.length} líneas`);
    } catch (e) {
      setError(mensajeDeError(e));
    }
  };
  return (
    <>
      <Space wrap align="end" style={{ marginBottom: 12 }}>
        <Form.Item label="Cuenta bancaria" style={{ marginBottom: 0 }}>
          <Select aria-label="Cuenta bancaria" style={{ width: 240 }} value={idCuenta} onChange={(v) => { setIdCuenta(v); setIdExtracto(null); }} options={bancos.map((c) => ({ value: c.Id, label: c.Nombre }))} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item label="Formato del banco" style={{ marginBottom: 0 }}>
          <Select aria-label="Formato del banco" style={{ width: 180 }} value={perfil} onChange={setPerfil} options={Object.entries(PerfilesExtracto).map(([k, v]) => ({ value: k, label: v }))} />
        </Form.Item>
        <Form.Item label="Archivo (CSV o Excel)" style={{ marginBottom: 0 }}>
          <input aria-label="Archivo del extracto" type="file" accept=".csv,.txt,.xlsx" onChange={(e) => setArchivo(e.target.files?.[0] ?? null)} />
        </Form.Item>
        <Button type="primary" onClick={() => void enviar()} loading={importar.isPending}>
          Importar extracto
        </Button>
      </Space>
      {perfil === 'GENERICO' && (
        <Space wrap style={{ marginBottom: 12 }}>
          {(Object.keys(columnas) as (keyof typeof columnas)[]).map((k) => (
            <Input
              key={k}
              aria-label={`Columna ${k}`}
              addonBefore={{ Fecha: 'Fecha', Descripcion: 'Descripción', NumeroOperacion: 'N° operación', Monto: 'Importe', Cargo: 'Cargo', Abono: 'Abono' }[k]}
              placeholder="título o número"
              style={{ width: 230 }}
              value={columnas[k]}
              onChange={(e) => setColumnas({ ...columnas, [k]: e.target.value })}
            />
          ))}
        </Space>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {idCuenta && (extractos.data?.Data.length ?? 0) > 0 && (
        <Space style={{ marginBottom: 12 }}>
          <span>Extractos importados:</span>
          <Select
            aria-label="Extracto"
            style={{ width: 360 }}
            value={idExtracto}
            onChange={setIdExtracto}
            options={extractos.data!.Data.map((x) => ({ value: x.Id, label: `${x.NombreArchivo} · ${fechaPe(x.FechaDesde)}-${fechaPe(x.FechaHasta)} · ${x.Conciliadas}/${x.Lineas}` }))}
          />
        </Space>
      )}
      {extracto.data && <DetalleExtracto x={extracto.data} />}
    </>
  );
}

function DetalleExtracto({ x }: { x: TExtracto }) {
  const { message } = App.useApp();
  const conciliar = useConciliar();
  const deshacer = useDeshacerConciliacion();
  const [manual, setManual] = useState<Record<number, string>>({});
  const propuestas = x.Lineas.filter((l) => !l.Conciliada && l.Propuesta);
  const confirmar = (pares: { IdLinea: number; Tipo: TTipoConciliable; IdOperacion: number }[]) =>
    conciliar.mutateAsync({ id: x.Id, datos: { Pares: pares } }).then(
      () => void message.success(pares.length === 1 ? 'Línea conciliada' : `${pares.length} líneas conciliadas`),
      (e) => void message.error(mensajeDeError(e)),
    );
  const candidatas = (l: TLineaExtracto) => x.SinConciliarLibro.filter((o) => o.Monto === l.Monto);
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <strong>
          {x.CuentaFinanciera} · {x.NombreArchivo} ({x.Perfil}) · {x.Lineas.filter((l) => l.Conciliada).length} de {x.Lineas.length} conciliadas
        </strong>
        <Button disabled={!propuestas.length} loading={conciliar.isPending} onClick={() => void confirmar(propuestas.map((l) => ({ IdLinea: l.Id, Tipo: l.Propuesta!.Tipo, IdOperacion: l.Propuesta!.Id })))}>
          Confirmar todas las propuestas
        </Button>
      </Space>
      <Table<TLineaExtracto>
        rowKey="Id"
        size="small"
        pagination={false}
        dataSource={x.Lineas}
        scroll={{ x: 1000 }}
        data-testid="lineas-extracto"
        columns={[
          { title: 'Fila', dataIndex: 'Fila', width: 60 },
          { title: 'Fecha', dataIndex: 'Fecha', render: (v: string) => fechaPe(v) },
          { title: 'Descripción', dataIndex: 'Descripcion' },
          { title: 'N° operación', dataIndex: 'NumeroOperacion' },
          { title: 'Importe', dataIndex: 'Monto', align: 'right', render: (v: string) => v },
          {
            title: 'Conciliación',
            key: 'conc',
            render: (_, l) => {
              if (l.Operacion)
                return (
                  <Space>
                    <Tag color="green">Conciliada con {l.Operacion.Numero || l.Operacion.Id}{['I', 'J', 'K'].includes(l.Operacion.Tipo) ? ' (ITF)' : ''}</Tag>
                    <Button size="small" onClick={() => deshacer.mutate({ id: x.Id, idLinea: l.Id })}>
                      Deshacer
                    </Button>
                  </Space>
                );
              if (l.Propuesta)
                return (
                  <Space>
                    <Tag color="blue">
                      Propuesta: {l.Propuesta.Numero}{['I', 'J', 'K'].includes(l.Propuesta.Tipo) ? ' (ITF)' : ''} · {fechaPe(l.Propuesta.Fecha)}
                    </Tag>
                    <Button size="small" type="primary" onClick={() => void confirmar([{ IdLinea: l.Id, Tipo: l.Propuesta!.Tipo, IdOperacion: l.Propuesta!.Id }])}>
                      Confirmar
                    </Button>
                  </Space>
                );
              const opciones = candidatas(l);
              if (!opciones.length) return <Tag color="orange">Sin operación en libros</Tag>;
              return (
                <Space>
                  <Select
                    aria-label={`Operación para la fila ${l.Fila}`}
                    style={{ width: 260 }}
                    value={manual[l.Id]}
                    onChange={(v) => setManual({ ...manual, [l.Id]: v })}
                    options={opciones.map((o) => ({ value: `${o.Tipo}:${o.Id}`, label: `${o.Numero} · ${fechaPe(o.Fecha)} · ${o.Descripcion}` }))}
                  />
                  <Button
                    size="small"
                    disabled={!manual[l.Id]}
                    onClick={() => {
                      const [t, id] = manual[l.Id].split(':');
                      void confirmar([{ IdLinea: l.Id, Tipo: t as 'M', IdOperacion: Number(id) }]);
                    }}
                  >
                    Conciliar
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      <h4 style={{ marginTop: 16 }}>Operaciones de la cuenta sin conciliar en el periodo del extracto</h4>
      <Table
        rowKey={(o) => `${o.Tipo}:${o.Id}`}
        size="small"
        pagination={false}
        dataSource={x.SinConciliarLibro}
        locale={{ emptyText: 'Todas las operaciones del periodo están conciliadas' }}
        columns={[
          { title: 'Número', dataIndex: 'Numero' },
          { title: 'Fecha', dataIndex: 'Fecha', render: (v: string) => fechaPe(v) },
          { title: 'Descripción', dataIndex: 'Descripcion' },
          { title: 'N° operación', dataIndex: 'NumeroOperacion' },
          { title: 'Importe', dataIndex: 'Monto', align: 'right' },
        ]}
      />
    </>
  );
}

function Elementos() {
  const { message } = App.useApp();
  const q = useElementosGasto();
  const guardar = useGuardarElemento();
  const [form] = Form.useForm<{ Codigo: string; Nombre: string }>();
  return (
    <>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={(v) =>
          guardar.mutateAsync({ datos: { ...v, LogEstado: 1 } }).then(
            () => {
              message.success('Elemento de gasto registrado');
              form.resetFields();
            },
            (e) => void message.error(mensajeDeError(e)),
          )
        }
      >
        <Form.Item name="Codigo" rules={[{ required: true, message: 'Ingrese el código' }]}>
          <Input placeholder="Código" aria-label="Código del elemento" maxLength={20} />
        </Form.Item>
        <Form.Item name="Nombre" rules={[{ required: true, message: 'Ingrese el nombre' }]}>
          <Input placeholder="Nombre" aria-label="Nombre del elemento" maxLength={100} />
        </Form.Item>
        <Button htmlType="submit" loading={guardar.isPending}>
          Agregar elemento
        </Button>
      </Form>
      <Table
        rowKey="Id"
        size="small"
        pagination={false}
        loading={q.isFetching}
        dataSource={q.data?.Data ?? []}
        columns={[
          { title: 'Código', dataIndex: 'Codigo' },
          { title: 'Nombre', dataIndex: 'Nombre' },
          {
            title: 'Estado',
            key: 'estado',
            render: (_, el) => (
              <Button size="small" onClick={() => guardar.mutate({ id: el.Id, datos: { Codigo: el.Codigo, Nombre: el.Nombre, LogEstado: el.LogEstado === 1 ? 0 : 1 } })}>
                {el.LogEstado === 1 ? 'Activo (desactivar)' : 'Inactivo (activar)'}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
