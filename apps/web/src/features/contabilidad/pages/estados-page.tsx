import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Select, Space, Table, Tabs, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import type { TEstadoFila } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { monto } from '../../../lib/formato';
import { descargar, useEstadoResultados, useEstadoSituacion } from '../api/libros';
import { nombrePeriodo, periodoActual, periodosRecientes } from '../formato';

type TVista = 'situacion' | 'naturaleza' | 'funcion';

/** Estado de situación financiera and estado de resultados (por naturaleza, por función) of a range of months. */
export function EstadosFinancierosPage() {
  const [params, setParams] = useSearchParams();
  const hasta = params.get('hasta') ?? periodoActual();
  const desde = params.get('desde') ?? `${hasta.slice(0, 4)}-01`;
  const vista = (params.get('vista') ?? 'situacion') as TVista;
  const poner = (c: Record<string, string>) => setParams({ desde, hasta, vista, ...c }, { replace: true });
  const { message } = App.useApp();
  const meses = periodosRecientes(36);
  const bajar = (formato: 'excel' | 'pdf') => {
    const ruta = vista === 'situacion' ? '/libros/estados/situacion' : '/libros/estados/resultados';
    const q: Record<string, string> = { desde, hasta, ...(vista === 'situacion' ? {} : { tipo: vista === 'funcion' ? 'FUNCION' : 'NATURALEZA' }) };
    const nombre = `${vista === 'situacion' ? 'estado-situacion' : `estado-resultados-${vista}`}-${hasta}.${formato === 'excel' ? 'xlsx' : 'pdf'}`;
    descargar(`${ruta}/${formato}`, q, nombre).catch((e: unknown) => message.error(mensajeDeError(e)));
  };

  return (
    <Card data-testid="pagina-estados-financieros">
      <Space wrap style={{ marginBottom: 12 }}>
        Desde:
        <Select aria-label="Periodo inicial" value={desde} style={{ width: 180 }} onChange={(v) => poner({ desde: v })} options={meses.map((p) => ({ value: p, label: nombrePeriodo(p) }))} />
        Hasta:
        <Select aria-label="Periodo final" value={hasta} style={{ width: 180 }} onChange={(v) => poner({ hasta: v })} options={meses.map((p) => ({ value: p, label: nombrePeriodo(p) }))} />
        <Button icon={<DownloadOutlined />} onClick={() => bajar('excel')}>
          Exportar a Excel
        </Button>
        <Button icon={<FilePdfOutlined />} onClick={() => bajar('pdf')}>
          Descargar PDF
        </Button>
      </Space>
      <Tabs
        activeKey={vista}
        onChange={(k) => poner({ vista: k })}
        items={[
          { key: 'situacion', label: 'Estado de situación financiera', children: vista === 'situacion' && <Situacion desde={desde} hasta={hasta} /> },
          { key: 'naturaleza', label: 'Resultados por naturaleza', children: vista === 'naturaleza' && <Resultados desde={desde} hasta={hasta} tipo="NATURALEZA" /> },
          { key: 'funcion', label: 'Resultados por función', children: vista === 'funcion' && <Resultados desde={desde} hasta={hasta} tipo="FUNCION" /> },
        ]}
      />
    </Card>
  );
}

function TablaEstado({ filas, cargando, prueba }: { filas: TEstadoFila[]; cargando: boolean; prueba: string }) {
  return (
    <Table<TEstadoFila>
      data-testid={prueba}
      rowKey={(f) => `${f.Concepto}-${f.Codigo ?? ''}-${f.Nivel}`}
      size="small"
      pagination={false}
      loading={cargando}
      dataSource={filas}
      columns={[
        {
          title: 'Concepto',
          dataIndex: 'Concepto',
          render: (v: string, f) => <span style={{ paddingLeft: Math.max(0, f.Nivel - 1) * 20, fontWeight: f.Total || f.Nivel === 0 ? 600 : undefined }}>{v}</span>,
        },
        { title: 'Cuenta', dataIndex: 'Codigo', width: 90 },
        {
          title: 'Importe (S/)',
          dataIndex: 'Importe',
          align: 'right',
          width: 180,
          render: (v: string, f) => (v === '' ? '' : <span style={{ fontWeight: f.Total ? 600 : undefined }}>{monto(v)}</span>),
        },
      ]}
    />
  );
}

function Situacion({ desde, hasta }: { desde: string; hasta: string }) {
  const q = useEstadoSituacion(desde, hasta);
  const d = q.data;
  return (
    <>
      {q.isError && <Alert type="error" showIcon title={mensajeDeError(q.error)} style={{ marginBottom: 12 }} />}
      {d && (
        <Space style={{ marginBottom: 12 }}>
          Al cierre de {nombrePeriodo(d.Hasta)}:
          {d.Diferencia === '0.00' ? <Tag color="green">Activo = Pasivo + Patrimonio</Tag> : <Tag color="red">Diferencia de {monto(d.Diferencia)}</Tag>}
        </Space>
      )}
      <TablaEstado filas={d?.Filas ?? []} cargando={q.isFetching} prueba="tabla-estado-situacion" />
    </>
  );
}

function Resultados({ desde, hasta, tipo }: { desde: string; hasta: string; tipo: 'NATURALEZA' | 'FUNCION' }) {
  const q = useEstadoResultados(desde, hasta, tipo);
  return (
    <>
      {q.isError && <Alert type="error" showIcon title={mensajeDeError(q.error)} style={{ marginBottom: 12 }} />}
      <TablaEstado filas={q.data?.Filas ?? []} cargando={q.isFetching} prueba="tabla-estado-resultados" />
    </>
  );
}
