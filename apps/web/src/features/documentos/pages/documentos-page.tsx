import { DownOutlined, FileExcelOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { NombreEstadoSunat, SimboloMoneda, TipoEmpresa, type TComprobanteFila } from '@yupana/contracts';
import { Alert, App, Button, Card, Col, DatePicker, Dropdown, Form, Input, InputNumber, Row, Select, Space, type TableProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useUsuarioActual } from '../../../lib/api/get-usuario';
import { mensajeDeError } from '../../../lib/api-error';
import { fecha, importe, monto } from '../../../lib/formato';
import { usePermiso } from '../../../lib/permissions/use-permiso';
import { useSucursalActiva } from '../../../lib/permissions/sucursal-activa';
import { guardarArchivo } from '../../../lib/archivos';
import { exportarComprobantes, useComprobantes, type TFiltrosComprobantes } from '../api/listar-comprobantes';
import { tiposEmisionDe } from '../components/catalogos-ui';
import { EstadoSunatTag } from '../components/estado-sunat-tag';
import { ResumenDiarioBoton } from '../components/resumen-diario-boton';
import { TablaAdaptable } from '../../../components/tabla-adaptable';

const POR_PAGINA = [10, 20, 50, 100];

// Issue 5: the listing shows the selected branch's documents unless the user picks another one (0 = all branches).
function filtrosDeUrl(p: URLSearchParams, idSucursalActiva?: number): TFiltrosComprobantes {
  const num = (k: string) => (p.get(k) ? Number(p.get(k)) : undefined);
  const texto = (k: string) => p.get(k) || undefined;
  return {
    fechainicio: texto('fechainicio'),
    fechafin: texto('fechafin'),
    idtipodocumento: num('idtipodocumento'),
    serie: texto('serie'),
    correlativo: num('correlativo'),
    cliente: texto('cliente'),
    idestadosunat: num('idestadosunat'),
    idsucursal: (num('idsucursal') ?? idSucursalActiva) || undefined,
    pagina: num('pagina') ?? 1,
    regxpag: num('regxpag') ?? 10,
  };
}

type TValoresFiltro = {
  fechas?: [Dayjs | null, Dayjs | null] | null;
  idtipodocumento?: number;
  serie?: string;
  correlativo?: number;
  cliente?: string;
  idestadosunat?: number;
  idsucursal?: number;
};

/** /admin/documentos: issued documents with the filters in the URL (shareable, survive a reload). */
export function DocumentosPage() {
  const [params, setParams] = useSearchParams();
  const sucursalActiva = useSucursalActiva();
  const usuario = useUsuarioActual().data;
  const sucursales = usuario?.Sucursales ?? [];
  const tiposEmision = tiposEmisionDe(usuario?.TipoEmpresa);
  const sinRuc = usuario?.TipoEmpresa === TipoEmpresa.SIN_RUC;
  const permiteResumen = usePermiso(2012);
  const filtros = filtrosDeUrl(params, sucursalActiva?.Id);
  const lista = useComprobantes(filtros);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [exportando, setExportando] = useState(false);

  function aplicar(v: TValoresFiltro) {
    const n = new URLSearchParams();
    const poner = (k: string, x: string | number | undefined | null) => {
      if (x !== undefined && x !== null && String(x).trim() !== '') n.set(k, String(x).trim());
    };
    poner('fechainicio', v.fechas?.[0]?.format('YYYY-MM-DD'));
    poner('fechafin', v.fechas?.[1]?.format('YYYY-MM-DD'));
    poner('idtipodocumento', v.idtipodocumento);
    poner('serie', v.serie?.toUpperCase());
    poner('correlativo', v.correlativo);
    poner('cliente', v.cliente);
    poner('idestadosunat', v.idestadosunat);
    poner('idsucursal', v.idsucursal === sucursalActiva?.Id ? undefined : (v.idsucursal ?? 0));
    poner('regxpag', filtros.regxpag === 10 ? undefined : filtros.regxpag);
    setParams(n);
  }

  async function exportar() {
    setExportando(true);
    try {
      const { pagina: _p, regxpag: _r, ...resto } = filtros;
      guardarArchivo(await exportarComprobantes(resto), `comprobantes-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`);
    } catch (e) {
      void message.error(mensajeDeError(e));
    } finally {
      setExportando(false);
    }
  }

  const columnas: TableProps<TComprobanteFila>['columns'] = [
    { title: 'Fecha', dataIndex: 'FechaEmision', width: 110, render: (f: string) => fecha(f) },
    { title: 'Tipo', dataIndex: 'TipoDocumento', responsive: ['md'] },
    {
      title: 'Serie-Número',
      dataIndex: 'SerieNumero',
      render: (sn: string, d) => (
        <Link to={`/admin/documentos/${d.Id}`} data-testid="enlace-documento">
          {sn}
        </Link>
      ),
    },
    {
      title: 'Cliente',
      dataIndex: 'RazonSocialCliente',
      render: (r: string, d) => (
        <div>
          <div>{r}</div>
          <div style={{ color: '#64748b', fontSize: 12 }}>{d.NumeroDocumentoCliente}</div>
        </div>
      ),
    },
    {
      title: 'Total',
      dataIndex: 'MontoTotal',
      align: 'right',
      render: (m: string, d) => importe(SimboloMoneda[d.IdMoneda] ?? '', monto(m)),
    },
    { title: 'Estado SUNAT', dataIndex: 'IdestadoSunat', render: (e: number, d) => <EstadoSunatTag estado={e} codigo={d.CodigoSunat} mensaje={d.EstadoSunat} /> },
  ];

  const inicial: TValoresFiltro = {
    fechas: filtros.fechainicio || filtros.fechafin ? [filtros.fechainicio ? dayjs(filtros.fechainicio) : null, filtros.fechafin ? dayjs(filtros.fechafin) : null] : null,
    idtipodocumento: filtros.idtipodocumento,
    serie: filtros.serie,
    correlativo: filtros.correlativo,
    cliente: filtros.cliente,
    idestadosunat: filtros.idestadosunat,
    idsucursal: filtros.idsucursal ?? 0,
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="pagina-documentos">
      <Card size="small">
        <Form<TValoresFiltro> layout="vertical" initialValues={inicial} onFinish={aplicar} key={`${params.toString()}|${sucursalActiva?.Id ?? ''}`}>
          <Row gutter={12}>
            <Col xs={24} md={12} lg={8}>
              <Form.Item label="Fecha de emisión" name="fechas">
                <DatePicker.RangePicker format="DD/MM/YYYY" style={{ width: '100%' }} inputReadOnly allowEmpty={[true, true]} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} lg={4}>
              <Form.Item label="Tipo" name="idtipodocumento">
                <Select allowClear options={tiposEmision.map((t) => ({ value: t.id, label: t.nombre }))} placeholder="Todos" popupMatchSelectWidth={false} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Form.Item label="Serie" name="serie">
                <Input maxLength={4} placeholder="F001" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} lg={3}>
              <Form.Item label="Número" name="correlativo">
                <InputNumber min={1} precision={0} style={{ width: '100%' }} inputMode="numeric" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} lg={6}>
              <Form.Item label="Estado SUNAT" name="idestadosunat">
                <Select allowClear options={Object.entries(NombreEstadoSunat).map(([value, label]) => ({ value: Number(value), label }))} placeholder="Todos" />
              </Form.Item>
            </Col>
            {sucursales.length > 1 && (
              <Col xs={12} md={6} lg={4}>
                <Form.Item label="Sucursal" name="idsucursal">
                  <Select options={[{ value: 0, label: 'Todas' }, ...sucursales.map((x) => ({ value: x.Id, label: x.Descripcion || x.RazonSocial }))]} popupMatchSelectWidth={false} data-testid="documentos-sucursal" />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={12} lg={8}>
              <Form.Item label="Cliente (documento o nombre)" name="cliente">
                <Input maxLength={100} allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} lg={16} style={{ display: 'flex', alignItems: 'flex-end', paddingBottom: 24 }}>
              <Space wrap>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filtrar">
                  Buscar
                </Button>
                <Button onClick={() => setParams(new URLSearchParams())}>Limpiar</Button>
                <Button icon={<FileExcelOutlined />} loading={exportando} onClick={() => void exportar()} data-testid="exportar-excel">
                  Exportar a Excel
                </Button>
                {!sinRuc && permiteResumen && <ResumenDiarioBoton />}
                <Dropdown
                  menu={{ items: tiposEmision.map((t) => ({ key: t.slug, label: t.nombre, onClick: () => navigate(`/admin/documentos/emitir/${t.slug}`) })) }}
                  trigger={['click']}
                >
                  <Button type="primary" ghost icon={<PlusOutlined />} data-testid="nuevo-documento">
                    Emitir <DownOutlined />
                  </Button>
                </Dropdown>
              </Space>
            </Col>
          </Row>
        </Form>
      </Card>
      {lista.isError && <Alert type="error" showIcon title="No se pudo cargar la lista" description={mensajeDeError(lista.error)} />}
      <Card size="small">
        <TablaAdaptable<TComprobanteFila>
          rowKey="Id"
          size="small"
          columns={columnas}
          dataSource={lista.data?.Data ?? []}
          loading={lista.isFetching && !lista.data}
          scroll={{ x: 640 }}
          locale={{ emptyText: 'No hay documentos para estos filtros' }}
          pagination={{
            current: filtros.pagina,
            pageSize: filtros.regxpag,
            total: lista.data?.Count ?? 0,
            pageSizeOptions: POR_PAGINA,
            showSizeChanger: true,
            showTotal: (t) => `${t} documentos`,
            onChange: (pagina, regxpag) => {
              const n = new URLSearchParams(params);
              n.set('pagina', String(regxpag !== filtros.regxpag ? 1 : pagina));
              n.set('regxpag', String(regxpag));
              setParams(n);
            },
          }}
        />
      </Card>
    </Space>
  );
}
