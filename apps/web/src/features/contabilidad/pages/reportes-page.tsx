import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Select, Space, Table, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import type { TBalanceComprobacion, TLibroPle } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { descargar, useBalance, useCuentas, useLibrosPle, useMayor } from '../api/libros';
import { monto, nombrePeriodo, periodoActual, periodosRecientes } from '../formato';

type TFila = TBalanceComprobacion['Filas'][number];
const col = (title: string, k: keyof TFila) => ({ title, dataIndex: k, align: 'right' as const, render: (v: string) => (Number(v) ? monto(v) : '') });

/** Trial balance and general ledger of a month, with their Excel files, and the month's PLE books (5.1, 5.3, 6.1, 1.1, 1.2, 8.1, 14.1). */
export function ReportesPage() {
  const [params, setParams] = useSearchParams();
  const periodo = params.get('periodo') ?? periodoActual();
  const vista = params.get('vista') ?? 'balance';
  const idCuenta = Number(params.get('idcuenta')) || null;
  const poner = (cambios: Record<string, string>) => setParams({ periodo, vista, ...(idCuenta ? { idcuenta: String(idCuenta) } : {}), ...cambios }, { replace: true });
  const { message } = App.useApp();
  const bajar = (ruta: string, q: Record<string, string | number>, nombre: string) => descargar(ruta, q, nombre).catch((e: unknown) => message.error(mensajeDeError(e)));

  return (
    <Card data-testid="pagina-reportes-contables">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select aria-label="Periodo" value={periodo} style={{ width: 200 }} onChange={(v) => poner({ periodo: v })} options={periodosRecientes().map((p) => ({ value: p, label: nombrePeriodo(p) }))} />
        <Button icon={<FileTextOutlined />} onClick={() => bajar('/libros/ple/diario', { periodo }, `libro-diario-${periodo}.txt`)}>
          Libro diario PLE 5.1
        </Button>
        <Button icon={<FileTextOutlined />} onClick={() => bajar('/libros/ple/mayor', { periodo }, `libro-mayor-${periodo}.txt`)}>
          Libro mayor PLE 6.1
        </Button>
        <Button icon={<FileTextOutlined />} onClick={() => bajar('/libros/ple/plan', { periodo }, `plan-cuentas-${periodo}.txt`)}>
          Plan de cuentas PLE 5.3
        </Button>
      </Space>
      <Tabs
        activeKey={vista}
        onChange={(k) => poner({ vista: k })}
        items={[
          { key: 'balance', label: 'Balance de comprobación', children: <Balance periodo={periodo} onExcel={() => bajar('/libros/balance/excel', { periodo }, `balance-${periodo}.xlsx`)} /> },
          { key: 'ple', label: 'Libros electrónicos (PLE)', children: <LibrosPle periodo={periodo} onBajar={(l) => bajar(`/libros/ple/${l.Ruta}`, { periodo }, l.Archivo)} /> },
          {
            key: 'mayor',
            label: 'Libro mayor',
            children: <Mayor periodo={periodo} idCuenta={idCuenta} onCuenta={(id) => poner({ idcuenta: String(id) })} onExcel={() => idCuenta && bajar('/libros/mayor/excel', { periodo, idcuenta: idCuenta }, `mayor-${periodo}.xlsx`)} />,
          },
        ]}
      />
    </Card>
  );
}

/** Every PLE book of the month with SUNAT's file name; the indicator of an empty one reads "Sin movimiento". */
function LibrosPle({ periodo, onBajar }: { periodo: string; onBajar: (l: TLibroPle) => void }) {
  const consulta = useLibrosPle(periodo);
  return (
    <>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TLibroPle>
        rowKey="Codigo"
        size="small"
        loading={consulta.isFetching}
        pagination={false}
        scroll={{ x: 900 }}
        dataSource={consulta.data?.Data ?? []}
        columns={[
          { title: 'Código', dataIndex: 'Codigo', width: 90 },
          { title: 'Libro o registro', dataIndex: 'Nombre' },
          { title: 'Archivo', dataIndex: 'Archivo', render: (v: string) => <code>{v}</code> },
          { title: 'Contenido', dataIndex: 'ConDatos', width: 150, render: (v: boolean) => (v ? <Tag color="green">Con información</Tag> : <Tag>Sin movimiento</Tag>) },
          {
            title: '',
            key: 'bajar',
            width: 130,
            render: (_: unknown, l) => (
              <Button size="small" icon={<DownloadOutlined />} aria-label={`Descargar ${l.Nombre}`} onClick={() => onBajar(l)}>
                Descargar
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

function Balance({ periodo, onExcel }: { periodo: string; onExcel: () => void }) {
  const consulta = useBalance(periodo);
  const t = consulta.data?.Totales;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<DownloadOutlined />} onClick={onExcel}>
          Exportar a Excel
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TFila>
        rowKey="Codigo"
        size="small"
        loading={consulta.isFetching}
        pagination={false}
        scroll={{ x: 1000 }}
        dataSource={consulta.data?.Filas ?? []}
        locale={{ emptyText: `No hay movimientos hasta ${nombrePeriodo(periodo)}` }}
        columns={[
          { title: 'Cuenta', dataIndex: 'Codigo', width: 90 },
          { title: 'Denominación', dataIndex: 'Cuenta' },
          col('Saldo inicial deudor', 'SaldoInicialDebe'),
          col('Saldo inicial acreedor', 'SaldoInicialHaber'),
          col('Debe', 'Debe'),
          col('Haber', 'Haber'),
          col('Saldo deudor', 'SaldoDeudor'),
          col('Saldo acreedor', 'SaldoAcreedor'),
        ]}
        summary={() =>
          t ? (
            <Table.Summary.Row data-testid="totales-balance">
              <Table.Summary.Cell index={0} colSpan={2}>
                <b>Totales</b>
              </Table.Summary.Cell>
              {[t.SaldoInicialDebe, t.SaldoInicialHaber, t.Debe, t.Haber, t.SaldoDeudor, t.SaldoAcreedor].map((v, i) => (
                <Table.Summary.Cell key={i} index={i + 2} align="right">
                  <b>{monto(v)}</b>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </>
  );
}

function Mayor({ periodo, idCuenta, onCuenta, onExcel }: { periodo: string; idCuenta: number | null; onCuenta: (id: number) => void; onExcel: () => void }) {
  const cuentas = useCuentas({ movimiento: true });
  const consulta = useMayor(periodo, idCuenta);
  const m = consulta.data;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          showSearch
          aria-label="Cuenta del libro mayor"
          placeholder="Elija la cuenta"
          style={{ width: 380 }}
          optionFilterProp="label"
          value={idCuenta ?? undefined}
          onChange={onCuenta}
          options={(cuentas.data?.Data ?? []).map((x) => ({ value: x.Id, label: `${x.Codigo} ${x.Descripcion}` }))}
        />
        <Button icon={<DownloadOutlined />} disabled={!idCuenta} onClick={onExcel}>
          Exportar a Excel
        </Button>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      {m && (
        <Table
          rowKey={(x) => `${x.IdAsiento}-${x.Saldo}-${x.Debe}-${x.Haber}`}
          size="small"
          pagination={false}
          loading={consulta.isFetching}
          dataSource={m.Movimientos}
          title={() => (
            <span>
              Cuenta {m.Codigo} {m.Cuenta} · Saldo inicial: <b>{monto(m.SaldoInicial)}</b>
            </span>
          )}
          columns={[
            { title: 'Fecha', dataIndex: 'Fecha', width: 110, render: (v: string) => dayjs(v).format('DD/MM/YYYY') },
            { title: 'Asiento', dataIndex: 'Numero', width: 90 },
            { title: 'Glosa', dataIndex: 'Glosa' },
            { title: 'Debe', dataIndex: 'Debe', align: 'right', render: (v: string) => (Number(v) ? monto(v) : '') },
            { title: 'Haber', dataIndex: 'Haber', align: 'right', render: (v: string) => (Number(v) ? monto(v) : '') },
            { title: 'Saldo', dataIndex: 'Saldo', align: 'right', render: (v: string) => monto(v) },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <b>Totales y saldo final</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <b>{monto(m.TotalDebe)}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <b>{monto(m.TotalHaber)}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <b data-testid="saldo-final-mayor">{monto(m.SaldoFinal)}</b>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      )}
    </>
  );
}
