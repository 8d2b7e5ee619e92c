import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, DatePicker, Empty, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { TAntiguedadTercero, TSemanaProyeccion } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { TablaAdaptable } from '../../../components/tabla-adaptable';
import { descargarAntiguedad, descargarProyeccion, useAntiguedadTerceros, useProyeccion, type TLadoReporte } from '../api/reportes';
import { dinero, fechaPe, NOMBRE_MONEDA } from '../formato';

const MONEDAS = [
  { value: 1, label: 'Soles' },
  { value: 2, label: 'Dólares' },
];
const TRAMOS = [
  ['PorVencer', 'Por vencer'],
  ['De1a30', '1 a 30 días'],
  ['De31a60', '31 a 60 días'],
  ['De61a90', '61 a 90 días'],
  ['Mas90', 'Más de 90 días'],
] as const;

/** Aging per customer (receivables) or supplier (payables), in one currency, with its Excel. */
export function AntiguedadPorTercero({ lado }: { lado: TLadoReporte }) {
  const { message } = App.useApp();
  const quien = lado === 'clientes' ? 'Cliente' : 'Proveedor';
  const [texto, setTexto] = useState('');
  const [f, setF] = useState({ tercero: '', idmoneda: 1, fechacorte: '' });
  const consulta = useAntiguedadTerceros(lado, f);
  const m = f.idmoneda;
  const t = consulta.data?.Totales;
  return (
    <div data-testid={`antiguedad-${lado}`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label={`${quien} del reporte`}
          placeholder={`RUC, DNI o nombre del ${quien.toLowerCase()}`}
          allowClear
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          onSearch={(v) => setF({ ...f, tercero: v.trim() })}
          style={{ width: 280 }}
        />
        <Select aria-label="Moneda del reporte" value={f.idmoneda} style={{ width: 120 }} onChange={(v) => setF({ ...f, idmoneda: v })} options={MONEDAS} />
        <DatePicker
          aria-label="Fecha de corte del reporte"
          placeholder="Fecha de corte (hoy)"
          format="DD/MM/YYYY"
          value={f.fechacorte ? dayjs(f.fechacorte) : null}
          onChange={(d) => setF({ ...f, fechacorte: d ? d.format('YYYY-MM-DD') : '' })}
        />
        <Button icon={<DownloadOutlined />} onClick={() => descargarAntiguedad(lado, f).catch((e) => message.error(mensajeDeError(e)))}>
          Excel
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      {consulta.data && (
        <Typography.Paragraph type="secondary">
          Saldos pendientes en {NOMBRE_MONEDA[m].toLowerCase()} al {fechaPe(consulta.data.FechaCorte)}, de mayor a menor.
        </Typography.Paragraph>
      )}
      <TablaAdaptable<TAntiguedadTercero>
        rowKey="NumeroDocumento"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 1100 }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description="No hay saldos pendientes" /> }}
        columns={[
          { title: quien, key: 'tercero', render: (_, r) => `${r.RazonSocial} (${r.NumeroDocumento})` },
          { title: 'Docs.', dataIndex: 'Documentos', align: 'right' },
          ...TRAMOS.map(([k, titulo]) => ({
            title: titulo,
            dataIndex: k,
            align: 'right' as const,
            render: (v: string) => (Number(v) ? dinero(v, m) : <Typography.Text type="secondary">-</Typography.Text>),
          })),
          { title: 'Total', dataIndex: 'Total', align: 'right', render: (v: string) => <strong>{dinero(v, m)}</strong> },
          {
            title: 'Atraso',
            dataIndex: 'DiasMaximoVencido',
            align: 'right',
            render: (d: number) => (d > 90 ? <Tag color="red">{d} d</Tag> : d > 30 ? <Tag color="orange">{d} d</Tag> : d > 0 ? <Tag color="gold">{d} d</Tag> : <Tag color="green">Al día</Tag>),
          },
        ]}
        summary={() =>
          t && consulta.data?.Data.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <strong>Totales</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {t.Documentos}
              </Table.Summary.Cell>
              {TRAMOS.map(([k], i) => (
                <Table.Summary.Cell key={k} index={2 + i} align="right">
                  {dinero(t[k], m)}
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={7} align="right">
                <strong data-testid={`total-antiguedad-${lado}`}>{dinero(t.Total, m)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={8} />
            </Table.Summary.Row>
          ) : null
        }
      />
    </div>
  );
}

const etiquetaSemana = (s: TSemanaProyeccion) => (s.Semana === 0 ? 'Vencido' : `${fechaPe(s.Desde)} - ${fechaPe(s.Hasta)}`);

/** What falls due week by week (collections to come or payments to make), as bars and a table, with its Excel. */
export function ProyeccionSemanal({ lado }: { lado: TLadoReporte }) {
  const { message } = App.useApp();
  const quien = lado === 'clientes' ? 'cliente' : 'proveedor';
  const [texto, setTexto] = useState('');
  const [f, setF] = useState({ tercero: '', idmoneda: 1, semanas: 8 });
  const consulta = useProyeccion(lado, f);
  const m = f.idmoneda;
  const p = consulta.data;
  const filas = p ? [...p.Semanas.map((s) => ({ clave: String(s.Semana), etiqueta: etiquetaSemana(s), monto: s.Monto, cuotas: s.Cuotas, vencido: s.Semana === 0 })), { clave: 'posterior', etiqueta: 'Posterior', monto: p.Posterior, cuotas: null, vencido: false }] : [];
  const maximo = Math.max(1, ...filas.map((x) => Number(x.monto)));
  return (
    <div data-testid={`proyeccion-${lado}`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label={`${quien} de la proyección`}
          placeholder={`RUC, DNI o nombre (todos los ${quien}s)`}
          allowClear
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          onSearch={(v) => setF({ ...f, tercero: v.trim() })}
          style={{ width: 280 }}
        />
        <Select aria-label="Moneda de la proyección" value={f.idmoneda} style={{ width: 120 }} onChange={(v) => setF({ ...f, idmoneda: v })} options={MONEDAS} />
        <Space.Compact>
          <InputNumber aria-label="Semanas" min={1} max={26} value={f.semanas} onChange={(v) => v && setF({ ...f, semanas: v })} style={{ width: 80 }} />
          <Button disabled>semanas</Button>
        </Space.Compact>
        <Button icon={<DownloadOutlined />} onClick={() => descargarProyeccion(lado, f).catch((e) => message.error(mensajeDeError(e)))}>
          Excel
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      {p && (
        <Typography.Paragraph>
          {lado === 'clientes' ? 'Por cobrar' : 'Por pagar'} desde el {fechaPe(p.FechaCorte)}: <strong data-testid={`total-proyeccion-${lado}`}>{dinero(p.Total, m)}</strong>
        </Typography.Paragraph>
      )}
      {/* One bar per week, proportional to the largest amount; the figures are in the table below as well. */}
      <div role="list" aria-label="Montos por semana" style={{ maxWidth: 760, marginBottom: 16 }}>
        {filas.map((x) => (
          <div role="listitem" key={x.clave} style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 4 }} data-testid={`barra-${x.clave}`}>
            <span style={{ width: 170, flex: 'none', fontSize: 12 }}>{x.etiqueta}</span>
            <span style={{ flex: 1, background: '#f0f0f0', height: 16, borderRadius: 2, overflow: 'hidden' }}>
              <span style={{ display: 'block', height: '100%', width: `${(Number(x.monto) / maximo) * 100}%`, background: x.vencido ? '#cf1322' : '#1f3a5f' }} />
            </span>
            <span style={{ width: 120, flex: 'none', textAlign: 'right', fontSize: 12 }}>{dinero(x.monto, m)}</span>
          </div>
        ))}
      </div>
      <Table
        rowKey="clave"
        size="small"
        pagination={false}
        loading={consulta.isFetching}
        dataSource={filas}
        columns={[
          { title: 'Semana', dataIndex: 'etiqueta' },
          { title: 'Cuotas', dataIndex: 'cuotas', align: 'right', render: (v: number | null) => v ?? '' },
          { title: 'Monto', dataIndex: 'monto', align: 'right', render: (v: string) => dinero(v, m) },
        ]}
      />
    </div>
  );
}
