import { EstadoPedido, NombreEstadoPedido, type TItem, type TPedido, type TPedidoFila, type TPedidoGuardar } from '@yupana/contracts';
import { calcularTotales, Decimal } from '@yupana/sunat/isomorfico';
import { App, Button, Card, DatePicker, Drawer, Form, Input, Modal, Radio, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useUsuarioActual } from '../../../lib/api/get-usuario';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { fecha, monto } from '../../../lib/formato';
import { useSucursalActiva } from '../../../lib/permissions/sucursal-activa';
import {
  abrirPdfPedido,
  buscarItems,
  preciosDeItem,
  useConvertirEnPedido,
  useEstadoPedido,
  useFacturarPedido,
  useGuardarPedido,
  useListasPrecios,
  usePedido,
  usePedidos,
  useSeries,
} from '../api/pedidos';

const COLOR_ESTADO: Record<number, string> = { 13: 'gold', 18: 'blue', 14: 'green', 15: 'default', 16: 'red' };
const hoy = () => dayjs().format('YYYY-MM-DD');
const TIPOS_DOC = [
  { value: 1004, label: 'Boleta' },
  { value: 1003, label: 'Factura' },
  { value: 1008, label: 'Nota de venta' },
];

type TLinea = { clave: string; IdItem?: number; CodigoItem?: string; ItemDescripcion: string; CodigoUnidad: string; Cantidad: string; PrecioUnitario: string; Descuento: string; Porcentaje: boolean; TipoAfectacion: string; Unidades?: { CodigoUnidad: string; Precio: string }[] };
let secuencia = 0;
const nuevaClave = () => `l${++secuencia}`;
const decimalValido = (v: string) => /^\d+(\.\d+)?$/.test(v.trim());

/** Prices of an item for a list: the list's own, else the standard list's, per presentation. */
async function preciosPara(idItem: number, idLista: number | undefined) {
  const p = await preciosDeItem(idItem);
  const propios = p.Data.filter((x) => x.IdListaPrecio === idLista);
  const estandar = p.Data.filter((x) => x.TipoLista === 0);
  const unidades = new Map<string, string>();
  for (const x of [...estandar, ...propios]) unidades.set(x.CodigoUnidad, x.Precio);
  if (!unidades.size) unidades.set(p.CodigoUnidad, p.PrecioBase);
  return [...unidades.entries()].map(([CodigoUnidad, Precio]) => ({ CodigoUnidad, Precio }));
}

function FormularioPedido({ tipo, pedido, onCerrar }: { tipo: number; pedido: TPedido | null; onCerrar: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const guardar = useGuardarPedido();
  const listas = useListasPrecios();
  const sucursales = useUsuarioActual().data?.Sucursales ?? [];
  const activa = useSucursalActiva();
  const [lineas, setLineas] = useState<TLinea[]>(() =>
    (pedido?.Lineas ?? []).map((l) => ({
      clave: nuevaClave(),
      IdItem: l.IdItem ?? undefined,
      CodigoItem: l.CodigoItem ?? undefined,
      ItemDescripcion: l.ItemDescripcion,
      CodigoUnidad: l.CodigoUnidad,
      Cantidad: l.Cantidad,
      PrecioUnitario: l.PrecioUnitario,
      // Stored as SUNAT's discount (without IGV): shown back as an amount with IGV for gravado lines.
      Descuento: new Decimal(l.Descuento).gt(0) ? new Decimal(l.Descuento).times(l.TipoAfectacion === '10' ? '1.18' : '1').toDecimalPlaces(2).toFixed(2) : '0',
      Porcentaje: false,
      TipoAfectacion: l.TipoAfectacion,
    })),
  );
  const [opciones, setOpciones] = useState<TItem[]>([]);
  const idLista: number | undefined = Form.useWatch('IdListaPrecio', form);

  const totales = useMemo(() => {
    const validas = lineas.filter((l) => decimalValido(l.Cantidad) && decimalValido(l.PrecioUnitario) && new Decimal(l.Cantidad).gt(0));
    if (!validas.length) return null;
    try {
      return calcularTotales({
        fechaEmision: hoy(),
        moneda: 'PEN',
        items: validas.map((l) => {
          const bruto = new Decimal(l.Cantidad).times(l.PrecioUnitario);
          const d = decimalValido(l.Descuento) ? new Decimal(l.Descuento) : new Decimal(0);
          const conIgv = l.Porcentaje ? bruto.times(d).dividedBy(100) : d;
          const sin = (l.TipoAfectacion === '10' ? conIgv.dividedBy('1.18') : conIgv).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
          return { cantidad: l.Cantidad, precioUnitario: l.PrecioUnitario, afectacion: l.TipoAfectacion, ...(sin.gt(0) ? { descuentos: [{ codigo: '00', monto: sin.toFixed(2) }] } : {}) };
        }),
        formaPago: { tipo: 'Contado' },
      });
    } catch {
      return null;
    }
  }, [lineas]);

  const cambiar = (clave: string, cambios: Partial<TLinea>) => setLineas((ls) => ls.map((l) => (l.clave === clave ? { ...l, ...cambios } : l)));

  async function agregarItem(it: TItem) {
    try {
      const unidades = await preciosPara(it.Id, idLista);
      const base = unidades.find((u) => u.CodigoUnidad === it.CodigoUnidad) ?? unidades[0];
      setLineas((ls) => [
        ...ls,
        { clave: nuevaClave(), IdItem: it.Id, CodigoItem: it.Codigo, ItemDescripcion: it.Descripcion, CodigoUnidad: base.CodigoUnidad, Cantidad: '1', PrecioUnitario: base.Precio, Descuento: '0', Porcentaje: true, TipoAfectacion: it.AfectacionIgv, Unidades: unidades },
      ]);
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  }

  // Another list: the catalogue lines take that list's price.
  useEffect(() => {
    let vivo = true;
    void (async () => {
      const conItem = lineas.filter((l) => l.IdItem);
      if (!conItem.length || idLista === pedido?.IdListaPrecio) return;
      for (const l of conItem) {
        const unidades = await preciosPara(l.IdItem!, idLista);
        const u = unidades.find((x) => x.CodigoUnidad === l.CodigoUnidad);
        if (vivo && u) cambiar(l.clave, { PrecioUnitario: u.Precio, Unidades: unidades });
      }
    })().catch(() => undefined);
    return () => {
      vivo = false;
    };
  }, [idLista]);

  async function enviar(v: { IdSucursal: number; Fechas: [dayjs.Dayjs, dayjs.Dayjs | null]; FechaEmision: dayjs.Dayjs; FechaValidez?: dayjs.Dayjs; IdListaPrecio?: number; IdTipoDocumento: number; NumeroDocumento: string; RazonSocial: string; Direccion?: string; Correo?: string; Observaciones?: string }) {
    const datos: TPedidoGuardar = {
      Tipo: tipo as 1 | 2,
      IdSucursal: v.IdSucursal,
      FechaEmision: v.FechaEmision.format('YYYY-MM-DD'),
      ...(v.FechaValidez ? { FechaValidez: v.FechaValidez.format('YYYY-MM-DD') } : {}),
      ...(v.IdListaPrecio ? { IdListaPrecio: v.IdListaPrecio } : {}),
      Cliente: { IdTipoDocumento: v.IdTipoDocumento, NumeroDocumento: v.NumeroDocumento ?? '', RazonSocial: v.RazonSocial, ...(v.Direccion ? { Direccion: v.Direccion } : {}), ...(v.Correo ? { Correo: v.Correo } : {}) },
      ...(v.Observaciones ? { Observaciones: v.Observaciones } : {}),
      Lineas: lineas.map((l) => ({
        ...(l.IdItem ? { IdItem: l.IdItem } : {}),
        ...(l.CodigoItem ? { CodigoItem: l.CodigoItem } : {}),
        ItemDescripcion: l.ItemDescripcion,
        CodigoUnidad: l.CodigoUnidad,
        Cantidad: l.Cantidad,
        PrecioUnitario: l.PrecioUnitario,
        Descuento: l.Descuento || '0',
        DescuentoEsPorcentaje: l.Porcentaje,
        TipoAfectacion: l.TipoAfectacion,
      })),
    };
    try {
      const r = await guardar.mutateAsync({ datos, id: pedido?.Id });
      message.success(`${r.TipoNombre} ${r.Numero} guardada${r.Tipo === 2 ? '' : ''}`);
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) {
        const campos = Object.entries(e.errores).filter(([k]) => !k.startsWith('Lineas') && !k.startsWith('Cliente'));
        form.setFields(campos.map(([name, error]) => ({ name, errors: [error] })));
        const cliente = Object.entries(e.errores).filter(([k]) => k.startsWith('Cliente.'));
        form.setFields(cliente.map(([name, error]) => ({ name: name.slice(8), errors: [error] })));
        const deLineas = Object.entries(e.errores).filter(([k]) => k.startsWith('Lineas'));
        if (deLineas.length) message.error(deLineas.map(([k, m]) => `${k.replace(/^Lineas\.?(\d+)?\.?/, (_x, n) => (n !== undefined ? `Ítem ${Number(n) + 1}: ` : ''))}${m}`).join(' · '));
      } else message.error(mensajeDeError(e));
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={enviar}
      initialValues={{
        IdSucursal: pedido?.IdSucursal ?? activa?.Id ?? sucursales[0]?.Id,
        FechaEmision: dayjs(pedido?.FechaEmision ?? hoy()),
        FechaValidez: pedido?.FechaValidez ? dayjs(pedido.FechaValidez) : tipo === 1 ? dayjs().add(15, 'day') : undefined,
        IdListaPrecio: pedido?.IdListaPrecio ?? undefined,
        IdTipoDocumento: pedido?.Cliente.IdTipoDocumento ?? 1,
        NumeroDocumento: pedido?.Cliente.NumeroDocumento,
        RazonSocial: pedido?.Cliente.RazonSocial,
        Direccion: pedido?.Cliente.Direccion ?? undefined,
        Correo: pedido?.Cliente.Correo ?? undefined,
        Observaciones: pedido?.Observaciones ?? undefined,
      }}
      data-testid="form-pedido"
    >
      <Space wrap align="start">
        <Form.Item name="IdSucursal" label="Sucursal" rules={[{ required: true, message: 'Seleccione la sucursal' }]}>
          <Select style={{ width: 220 }} options={sucursales.map((s) => ({ value: s.Id, label: s.Descripcion || s.RazonSocial }))} />
        </Form.Item>
        <Form.Item name="FechaEmision" label="Fecha" rules={[{ required: true, message: 'Indique la fecha' }]}>
          <DatePicker format="DD/MM/YYYY" allowClear={false} />
        </Form.Item>
        <Form.Item name="FechaValidez" label={tipo === 1 ? 'Válida hasta' : 'Fecha de entrega'}>
          <DatePicker format="DD/MM/YYYY" />
        </Form.Item>
        <Form.Item name="IdListaPrecio" label="Lista de precios">
          <Select allowClear placeholder="Estándar" style={{ width: 180 }} aria-label="Lista de precios" options={(listas.data?.Data ?? []).filter((l) => l.Estado === 1).map((l) => ({ value: l.Id, label: l.Nombre }))} />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="IdTipoDocumento" label="Documento">
          <Select
            style={{ width: 120 }}
            options={[
              { value: 1, label: 'DNI' },
              { value: 2, label: 'RUC' },
              { value: 3, label: 'C. extranjería' },
              { value: 4, label: 'Pasaporte' },
              { value: 6, label: 'Sin documento' },
            ]}
          />
        </Form.Item>
        <Form.Item name="NumeroDocumento" label="Número">
          <Input style={{ width: 150 }} aria-label="Número de documento del cliente" maxLength={15} />
        </Form.Item>
        <Form.Item name="RazonSocial" label="Cliente" rules={[{ required: true, message: 'Indique el cliente' }]}>
          <Input style={{ width: 320 }} aria-label="Cliente" maxLength={250} />
        </Form.Item>
        <Form.Item name="Correo" label="Correo" rules={[{ type: 'email', message: 'Correo no válido' }]}>
          <Input style={{ width: 220 }} maxLength={150} />
        </Form.Item>
      </Space>
      <Form.Item name="Direccion" label="Dirección">
        <Input maxLength={250} />
      </Form.Item>

      <Select
        showSearch
        value={null}
        placeholder="Agregar ítem: escriba al menos 3 letras"
        filterOption={false}
        style={{ width: '100%', marginBottom: 12 }}
        aria-label="Buscar ítem"
        data-testid="buscar-item-pedido"
        notFoundContent={null}
        onSearch={async (t) => {
          if (t.trim().length < 3) return setOpciones([]);
          try {
            setOpciones((await buscarItems(t)).Data);
          } catch {
            setOpciones([]);
          }
        }}
        onChange={(id: number) => {
          const it = opciones.find((o) => o.Id === id);
          if (it) void agregarItem(it);
        }}
        options={opciones.map((o) => ({ value: o.Id, label: `${o.Codigo} · ${o.Descripcion} · S/ ${monto(o.PrecioUnitario)}` }))}
      />
      <Table<TLinea>
        size="small"
        rowKey="clave"
        dataSource={lineas}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: 'Agregue ítems del catálogo o una línea libre' }}
        columns={[
          { title: 'Descripción', key: 'd', render: (_, l) => <Input value={l.ItemDescripcion} onChange={(e) => cambiar(l.clave, { ItemDescripcion: e.target.value })} aria-label="Descripción" /> },
          {
            title: 'Unidad',
            key: 'u',
            width: 100,
            render: (_, l) =>
              l.Unidades && l.Unidades.length > 1 ? (
                <Select
                  value={l.CodigoUnidad}
                  style={{ width: 90 }}
                  onChange={(u) => cambiar(l.clave, { CodigoUnidad: u, PrecioUnitario: l.Unidades!.find((x) => x.CodigoUnidad === u)!.Precio })}
                  options={l.Unidades.map((u) => ({ value: u.CodigoUnidad, label: u.CodigoUnidad }))}
                />
              ) : (
                <Input value={l.CodigoUnidad} maxLength={3} onChange={(e) => cambiar(l.clave, { CodigoUnidad: e.target.value.toUpperCase() })} aria-label="Unidad" />
              ),
          },
          { title: 'Cantidad', key: 'c', width: 100, render: (_, l) => <Input value={l.Cantidad} onChange={(e) => cambiar(l.clave, { Cantidad: e.target.value })} aria-label="Cantidad" inputMode="decimal" /> },
          { title: 'P. unit. (con IGV)', key: 'p', width: 120, render: (_, l) => <Input value={l.PrecioUnitario} onChange={(e) => cambiar(l.clave, { PrecioUnitario: e.target.value })} aria-label="Precio unitario" inputMode="decimal" /> },
          {
            title: 'Descuento',
            key: 'ds',
            width: 150,
            render: (_, l) => (
              <Space.Compact>
                <Input value={l.Descuento} style={{ width: 80 }} onChange={(e) => cambiar(l.clave, { Descuento: e.target.value })} aria-label="Descuento" inputMode="decimal" />
                <Select value={l.Porcentaje ? '%' : 'S/'} style={{ width: 64 }} onChange={(v) => cambiar(l.clave, { Porcentaje: v === '%' })} options={[{ value: '%' }, { value: 'S/' }]} />
              </Space.Compact>
            ),
          },
          {
            title: 'IGV',
            key: 'a',
            width: 110,
            render: (_, l) => (
              <Select
                value={l.TipoAfectacion}
                style={{ width: 100 }}
                onChange={(v) => cambiar(l.clave, { TipoAfectacion: v })}
                options={[
                  { value: '10', label: 'Gravado' },
                  { value: '20', label: 'Exonerado' },
                  { value: '30', label: 'Inafecto' },
                ]}
              />
            ),
          },
          { title: '', key: 'x', width: 60, render: (_, l) => <Button type="link" danger onClick={() => setLineas((ls) => ls.filter((x) => x.clave !== l.clave))}>Quitar</Button> },
        ]}
      />
      <Button
        style={{ marginTop: 8 }}
        onClick={() => setLineas((ls) => [...ls, { clave: nuevaClave(), ItemDescripcion: '', CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: '0', Descuento: '0', Porcentaje: false, TipoAfectacion: '10' }])}
      >
        Agregar línea libre
      </Button>
      <div style={{ textAlign: 'right', margin: '12px 0' }} data-testid="pedido-total">
        <Typography.Text type="secondary">Valor de venta S/ {monto(totales?.valorVenta ?? '0')} · IGV S/ {monto(totales?.totalImpuestos ?? '0')}</Typography.Text>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Total S/ {monto(totales?.importeTotal ?? '0')}
        </Typography.Title>
      </div>
      <Form.Item name="Observaciones" label="Observaciones">
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
      <Space>
        <Button onClick={onCerrar}>Cancelar</Button>
        <Button type="primary" htmlType="submit" loading={guardar.isPending} disabled={!lineas.length}>
          Guardar
        </Button>
      </Space>
    </Form>
  );
}

function EmitirComprobante({ p, onCerrar }: { p: TPedidoFila; onCerrar: () => void }) {
  const { message } = App.useApp();
  const [tipo, setTipo] = useState(p.Cliente.IdTipoDocumento === 2 ? 1003 : 1004);
  const series = useSeries(tipo, p.IdSucursal);
  const [idSerie, setIdSerie] = useState<number>();
  const facturar = useFacturarPedido();
  useEffect(() => setIdSerie(series.data?.Data[0]?.Id), [series.data]);
  return (
    <Modal
      open
      title={`Emitir comprobante de ${p.TipoNombre.toLowerCase()} ${p.Numero}`}
      okText="Emitir"
      okButtonProps={{ disabled: !idSerie, loading: facturar.isPending }}
      onCancel={onCerrar}
      onOk={async () => {
        try {
          const r = await facturar.mutateAsync({ id: p.Id, datos: { IdTipoDocumento: tipo, IdSerie: idSerie!, FechaEmision: hoy() } });
          message.success(`Se emitió ${r.SerieNumero} por S/ ${monto(r.MontoTotal)}`);
          onCerrar();
        } catch (e) {
          message.error(e instanceof ApiError && Object.keys(e.errores).length ? Object.values(e.errores).join(' · ') : mensajeDeError(e));
        }
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          {p.Cliente.RazonSocial} · Total S/ {monto(p.Total)}
        </Typography.Text>
        <Radio.Group value={tipo} onChange={(e) => setTipo(e.target.value)} optionType="button" options={TIPOS_DOC} aria-label="Tipo de comprobante" />
        <Select
          value={idSerie}
          onChange={setIdSerie}
          style={{ width: 200 }}
          aria-label="Serie"
          placeholder="Serie"
          loading={series.isLoading}
          options={(series.data?.Data ?? []).map((s) => ({ value: s.Id, label: s.Serie }))}
          notFoundContent="No hay series de este tipo en la sucursal"
        />
        <Typography.Text type="secondary">El comprobante descuenta el stock; el pedido pasa a Facturado y no se puede emitir dos veces.</Typography.Text>
      </Space>
    </Modal>
  );
}

function Listado({ tipo }: { tipo: number }) {
  const { message, modal } = App.useApp();
  const [filtro, setFiltro] = useState({ estado: 0, filtro: '', desde: undefined as string | undefined, hasta: undefined as string | undefined, pagina: 1, regxpag: 10 });
  const lista = usePedidos({ tipo, ...filtro, filtro: filtro.filtro || undefined });
  const [editando, setEditando] = useState<number | 'nuevo' | null>(null);
  const detalle = usePedido(typeof editando === 'number' ? editando : null);
  const [emitiendo, setEmitiendo] = useState<TPedidoFila | null>(null);
  const estado = useEstadoPedido();
  const convertir = useConvertirEnPedido();
  const nombre = tipo === 1 ? 'cotización' : 'pedido';

  const accion = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      message.success(ok);
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  };
  const abierto = (p: TPedidoFila) => (p.Estado === EstadoPedido.PENDIENTE || p.Estado === EstadoPedido.POR_FACTURAR) && !p.IdDocumento && !p.IdPedidoGenerado;

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditando('nuevo')}>
          {tipo === 1 ? 'Nueva cotización' : 'Nuevo pedido'}
        </Button>
        <Select
          value={filtro.estado}
          style={{ width: 160 }}
          aria-label="Estado"
          onChange={(v) => setFiltro((f) => ({ ...f, estado: v, pagina: 1 }))}
          options={[{ value: 0, label: 'Todos los estados' }, ...[13, 18, 14, 15, 16].filter((e) => tipo === 2 || ![18, 14].includes(e)).map((e) => ({ value: e, label: NombreEstadoPedido[e] }))]}
        />
        <DatePicker.RangePicker
          format="DD/MM/YYYY"
          placeholder={['Desde', 'Hasta']}
          onChange={(r) => setFiltro((f) => ({ ...f, desde: r?.[0]?.format('YYYY-MM-DD'), hasta: r?.[1]?.format('YYYY-MM-DD'), pagina: 1 }))}
        />
        <Input.Search allowClear placeholder="Cliente, documento o número" style={{ width: 260 }} onSearch={(t) => setFiltro((f) => ({ ...f, filtro: t, pagina: 1 }))} />
      </Space>
      {lista.isError && <Typography.Paragraph type="danger">{mensajeDeError(lista.error)}</Typography.Paragraph>}
      <Table<TPedidoFila>
        rowKey="Id"
        loading={lista.isFetching}
        dataSource={lista.data?.Data}
        scroll={{ x: 900 }}
        locale={{ emptyText: tipo === 1 ? 'No hay cotizaciones' : 'No hay pedidos' }}
        pagination={{ current: filtro.pagina, pageSize: filtro.regxpag, total: lista.data?.Count ?? 0, onChange: (p, r) => setFiltro((f) => ({ ...f, pagina: p, regxpag: r })) }}
        columns={[
          { title: 'Número', dataIndex: 'Numero' },
          { title: 'Fecha', dataIndex: 'FechaEmision', render: (v: string) => fecha(v) },
          { title: 'Cliente', key: 'c', render: (_, p) => `${p.Cliente.RazonSocial}${p.Cliente.NumeroDocumento ? ` (${p.Cliente.NumeroDocumento})` : ''}` },
          { title: 'Total', dataIndex: 'Total', align: 'right', render: (v: string) => `S/ ${monto(v)}` },
          {
            title: 'Estado',
            key: 'e',
            render: (_, p) => (
              <Space size={4} wrap>
                <Tag color={COLOR_ESTADO[p.Estado]}>{p.EstadoNombre}</Tag>
                {p.Vencida && <Tag color="red">Vencida</Tag>}
              </Space>
            ),
          },
          { title: tipo === 1 ? 'Válida hasta' : 'Entrega', dataIndex: 'FechaValidez', render: (v: string | null) => fecha(v) },
          { title: 'Atendido con', key: 'doc', render: (_, p) => p.Documento ?? (p.IdPedidoGenerado ? 'Pedido' : p.Origen ? `de ${p.Origen}` : '') },
          {
            title: 'Acciones',
            key: 'acc',
            render: (_, p) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => abrirPdfPedido(p.Id).catch((e) => message.error(mensajeDeError(e)))}>
                  PDF
                </Button>
                {abierto(p) && (
                  <Button type="link" size="small" onClick={() => setEditando(p.Id)}>
                    Editar
                  </Button>
                )}
                {abierto(p) && tipo === 1 && (
                  <Button type="link" size="small" onClick={() => accion(() => convertir.mutateAsync(p.Id), `Se creó el pedido de la cotización ${p.Numero}`)}>
                    Convertir en pedido
                  </Button>
                )}
                {abierto(p) && (
                  <Button type="link" size="small" onClick={() => setEmitiendo(p)}>
                    Emitir comprobante
                  </Button>
                )}
                {tipo === 2 && p.Estado === EstadoPedido.PENDIENTE && (
                  <Button type="link" size="small" onClick={() => accion(() => estado.mutateAsync({ id: p.Id, Estado: 18 }), `${p.Numero}: por facturar`)}>
                    Por facturar
                  </Button>
                )}
                {tipo === 2 && p.Estado === EstadoPedido.FACTURADO && (
                  <Button type="link" size="small" onClick={() => accion(() => estado.mutateAsync({ id: p.Id, Estado: 15 }), `${p.Numero}: concluido`)}>
                    Concluir
                  </Button>
                )}
                {abierto(p) && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      modal.confirm({
                        title: `¿Anular ${nombre} ${p.Numero}?`,
                        okText: 'Anular',
                        cancelText: 'Cancelar',
                        okButtonProps: { danger: true },
                        onOk: () => accion(() => estado.mutateAsync({ id: p.Id, Estado: 16 }), `${p.Numero} anulado`),
                      })
                    }
                  >
                    Anular
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={editando !== null}
        width={Math.min(1000, window.innerWidth)}
        title={editando === 'nuevo' ? (tipo === 1 ? 'Nueva cotización' : 'Nuevo pedido') : `Editar ${detalle.data?.Numero ?? ''}`}
        onClose={() => setEditando(null)}
        destroyOnHidden
      >
        {editando === 'nuevo' && <FormularioPedido tipo={tipo} pedido={null} onCerrar={() => setEditando(null)} />}
        {typeof editando === 'number' && detalle.data && <FormularioPedido tipo={tipo} pedido={detalle.data} onCerrar={() => setEditando(null)} />}
      </Drawer>
      {emitiendo && <EmitirComprobante p={emitiendo} onCerrar={() => setEmitiendo(null)} />}
    </>
  );
}

/** /admin/pedidos: quotations and sales orders (seed statuses 13, 18, 14, 15, 16). */
export function PedidosPage() {
  const [tab, setTab] = useState('1');
  return (
    <div data-testid="pagina-pedidos">
    <Card>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: '1', label: 'Cotizaciones', children: <Listado tipo={1} /> },
          { key: '2', label: 'Pedidos', children: <Listado tipo={2} /> },
        ]}
      />
    </Card>
    </div>
  );
}
