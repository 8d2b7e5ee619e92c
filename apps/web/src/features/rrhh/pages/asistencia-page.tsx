import { FileExcelOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Empty, Input, Row, Space, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DiasSemana, type TAsistenciaDia } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { descargarExcelAsistencia, useReporteAsistencia } from '../api/asistencia';
import { TrabajadorSelect, horas, hoyLima } from '../components/asistencia-comun';

const TIPO: Record<TAsistenciaDia['Tipo'], string> = { LABORABLE: 'Laborable', DESCANSO: 'Descanso', FERIADO: 'Feriado', SIN_HORARIO: 'Sin horario', PENDIENTE: 'Pendiente' };

/** A worker's worked time against the schedule: lateness after tolerance, absences, overtime, days without exit. */
export function AsistenciaPage() {
  const [params, setParams] = useSearchParams();
  const hoy = hoyLima();
  const f = { idTrabajador: Number(params.get('trabajador')) || null, desde: params.get('desde') ?? `${hoy.slice(0, 8)}01`, hasta: params.get('hasta') ?? hoy };
  const cambiar = (c: Record<string, string | null>) => {
    // From the address itself: two changes before a render (a date, then the worker) must not undo each other.
    const p = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(c)) if (v) p.set(k, v);
    else p.delete(k);
    setParams(p, { replace: true });
  };
  const consulta = useReporteAsistencia(f);
  const [descargando, setDescargando] = useState(false);
  const { message } = App.useApp();
  const r = consulta.data;

  async function excel() {
    if (!f.idTrabajador) return;
    setDescargando(true);
    try {
      await descargarExcelAsistencia({ idTrabajador: f.idTrabajador, desde: f.desde, hasta: f.hasta });
    } catch (e) {
      message.error(mensajeDeError(e));
    } finally {
      setDescargando(false);
    }
  }

  return (
    <Card data-testid="pagina-asistencia">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          <TrabajadorSelect placeholder="Seleccione el trabajador" value={f.idTrabajador} onChange={(v) => cambiar({ trabajador: v ? String(v) : null })} />
          <Input type="date" aria-label="Desde" value={f.desde} onChange={(e) => e.target.value && cambiar({ desde: e.target.value })} style={{ width: 160 }} />
          <Input type="date" aria-label="Hasta" value={f.hasta} onChange={(e) => e.target.value && cambiar({ hasta: e.target.value })} style={{ width: 160 }} />
        </Space>
        <Button icon={<FileExcelOutlined />} disabled={!r} loading={descargando} onClick={excel}>
          Exportar a Excel
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      {!f.idTrabajador && <Empty description="Seleccione un trabajador para ver su asistencia" />}
      {r && (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="totales-asistencia">
            <Col xs={12} md={6} lg={3}>
              <Statistic title="Días laborados" value={r.Totales.DiasLaborados} />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title="Horas trabajadas" value={horas(r.Totales.MinutosTrabajados)} />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title="Tardanzas" value={r.Totales.Tardanzas} />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title="Minutos de tardanza" value={r.Totales.MinutosTardanza} />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title="Faltas" value={r.Totales.Faltas} valueRender={(v) => <span data-testid="faltas-asistencia">{v}</span>} />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title="Horas extra 25 % / 35 %" value={`${horas(r.Totales.MinutosExtra25)} / ${horas(r.Totales.MinutosExtra35)}`} />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title="Horas nocturnas" value={horas(r.Totales.MinutosNocturnos)} />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title="En feriado o descanso" value={horas(r.Totales.MinutosFeriado)} />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title="Salida anticipada (min)" value={r.Totales.MinutosSalidaAnticipada} />
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Statistic title="Días sin salida" value={r.Totales.Incompletas} />
            </Col>
          </Row>
          <Table<TAsistenciaDia>
            rowKey="Fecha"
            size="small"
            loading={consulta.isFetching}
            dataSource={r.Dias}
            pagination={false}
            scroll={{ x: 1300 }}
            columns={[
              { title: 'Fecha', dataIndex: 'Fecha', render: (v: string, d) => `${DiasSemana[d.Dia as keyof typeof DiasSemana].slice(0, 3)} ${v.slice(8, 10)}/${v.slice(5, 7)}` },
              {
                title: 'Horario',
                key: 'horario',
                render: (_, d) =>
                  d.Tipo === 'FERIADO' ? <Tag color="purple">{`Feriado: ${d.Feriado}`}</Tag> : d.HoraEntradaProgramada ? `${d.HoraEntradaProgramada}-${d.HoraSalidaProgramada}` : <Tag>{TIPO[d.Tipo]}</Tag>,
              },
              { title: 'Marcaciones', key: 'marcas', render: (_, d) => d.Marcaciones.join(' · ') },
              { title: 'Trabajado', dataIndex: 'MinutosTrabajados', align: 'right', render: (v: number) => horas(v) },
              { title: 'Tardanza (min)', dataIndex: 'MinutosTardanza', align: 'right', render: (v: number) => (v ? <Tag color="orange">{v}</Tag> : '') },
              { title: 'Salida anticipada (min)', dataIndex: 'MinutosSalidaAnticipada', align: 'right', render: (v: number) => v || '' },
              { title: 'Extra 25 %', dataIndex: 'MinutosExtra25', align: 'right', render: (v: number) => (v ? horas(v) : '') },
              { title: 'Extra 35 %', dataIndex: 'MinutosExtra35', align: 'right', render: (v: number) => (v ? horas(v) : '') },
              { title: 'Nocturnas', dataIndex: 'MinutosNocturnos', align: 'right', render: (v: number) => (v ? horas(v) : '') },
              { title: 'Feriado / descanso', dataIndex: 'MinutosFeriado', align: 'right', render: (v: number) => (v ? horas(v) : '') },
              { title: 'Observación', key: 'obs', render: (_, d) => (d.Falta ? <Tag color="red">Falta</Tag> : d.Incompleta ? <Tag color="gold">{d.Observacion}</Tag> : (d.Observacion ?? '')) },
            ]}
          />
        </>
      )}
    </Card>
  );
}
