import { useState } from 'react';
import { Alert, App, Button, Card, Collapse, Form, Input, Popconfirm, Segmented, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { CheckOutlined, CloudDownloadOutlined, CloudUploadOutlined, FileTextOutlined, ReloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { ControlesSire, type TFilaComparacionSire, type TLibroSire, type TProcesoSire } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { usePermiso } from '../../../lib/permissions/use-permiso';
import {
  descargarArchivoProceso,
  descargarReemplazo,
  useAccionSire,
  useComparacionSire,
  useCredencialesSire,
  useGuardarCredencialesSire,
  useHistorialSire,
} from '../api/sire';
import { monto, nombrePeriodo, periodoActual, periodosRecientes } from '../formato';

const ESTADOS: Record<TFilaComparacionSire['Estado'], { texto: string; color: string }> = {
  IGUAL: { texto: 'Igual', color: 'green' },
  DIFERENTE: { texto: 'Diferente', color: 'orange' },
  FALTA_EN_YUPANA: { texto: 'Falta en Yupana', color: 'red' },
  FALTA_EN_SUNAT: { texto: 'Falta en SUNAT', color: 'volcano' },
};
const CAMPOS: Record<string, string> = { FechaEmision: 'Fecha', BaseImponible: 'Base imponible', Igv: 'IGV', NoGravado: 'No gravado', Total: 'Total', Moneda: 'Moneda' };
const TIPOS: Record<TProcesoSire['Tipo'], string> = { PROPUESTA: 'Descarga de propuesta', ACEPTAR: 'Aceptación', REEMPLAZO: 'Reemplazo' };
const ESTADOS_PROCESO: Record<TProcesoSire['Estado'], { texto: string; color: string }> = {
  EN_PROCESO: { texto: 'En proceso', color: 'processing' },
  TERMINADO: { texto: 'Terminado', color: 'success' },
  CON_ERRORES: { texto: 'Con errores', color: 'warning' },
  ERROR: { texto: 'Error', color: 'error' },
};

/**
 * SIRE (issue 15): SUNAT's proposal of the sales (RVIE) or purchases (RCE) register of a period against the documents
 * Yupana holds; accept it, or download / send the replacement file built from Yupana's documents; history per period.
 */
export function SirePage() {
  const [params, setParams] = useSearchParams();
  const periodo = params.get('periodo') ?? periodoActual();
  const libro: TLibroSire = params.get('libro') === 'rce' ? 'rce' : 'rvie';
  const [filtro, setFiltro] = useState<'TODOS' | TFilaComparacionSire['Estado']>('TODOS');
  const { message } = App.useApp();
  const puedeGestionar = usePermiso(ControlesSire.GESTIONAR);
  const comparacion = useComparacionSire(libro, periodo);
  const historial = useHistorialSire(libro, periodo);
  const accion = useAccionSire();
  const cambiar = (p: Record<string, string>) => setParams({ periodo, libro, ...p }, { replace: true });

  const ejecutar = (a: 'propuesta' | 'aceptacion' | 'reemplazo', exito: string) =>
    accion.mutate(
      { accion: a, libro, periodo },
      {
        onSuccess: (p) => {
          if (p.Estado === 'TERMINADO') message.success(exito);
          else if (p.Estado === 'EN_PROCESO') message.info('SUNAT aún está procesando la solicitud; el historial se actualizará solo.');
          else message.warning(p.Mensaje ?? 'SUNAT respondió con errores');
        },
        onError: (e) => message.error(mensajeDeError(e)),
      },
    );

  const c = comparacion.data;
  const filas = (c?.Data ?? []).filter((f) => filtro === 'TODOS' || f.Estado === filtro);
  const nombreLibro = libro === 'rvie' ? 'ventas' : 'compras';

  const contenido = (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<CloudDownloadOutlined />} disabled={!puedeGestionar} loading={accion.isPending && accion.variables?.accion === 'propuesta'} onClick={() => ejecutar('propuesta', 'Propuesta de SUNAT descargada')}>
          Descargar propuesta
        </Button>
        <Popconfirm
          title="¿Aceptar la propuesta de SUNAT?"
          description={`El registro de ${nombreLibro} de ${nombrePeriodo(periodo)} quedará con la propuesta de SUNAT tal como está.`}
          okText="Aceptar propuesta"
          cancelText="Cancelar"
          onConfirm={() => ejecutar('aceptacion', 'Propuesta aceptada por SUNAT')}
          disabled={!puedeGestionar || !c?.IdProcesoPropuesta}
        >
          <Button icon={<CheckOutlined />} disabled={!puedeGestionar || !c?.IdProcesoPropuesta} loading={accion.isPending && accion.variables?.accion === 'aceptacion'}>
            Aceptar propuesta
          </Button>
        </Popconfirm>
        <Button icon={<FileTextOutlined />} onClick={() => descargarReemplazo(libro, periodo).catch((e: unknown) => message.error(mensajeDeError(e)))}>
          Generar reemplazo
        </Button>
        <Popconfirm
          title="¿Enviar el reemplazo a SUNAT?"
          description={`Se reemplazará la propuesta con los ${nombreLibro} registrados en Yupana para ${nombrePeriodo(periodo)}.`}
          okText="Enviar reemplazo"
          cancelText="Cancelar"
          onConfirm={() => ejecutar('reemplazo', 'SUNAT recibió el reemplazo sin errores')}
          disabled={!puedeGestionar}
        >
          <Button icon={<CloudUploadOutlined />} disabled={!puedeGestionar} loading={accion.isPending && accion.variables?.accion === 'reemplazo'}>
            Enviar reemplazo
          </Button>
        </Popconfirm>
      </Space>
      {comparacion.isError && <Alert type="error" showIcon title={mensajeDeError(comparacion.error)} style={{ marginBottom: 12 }} />}
      {c && !c.IdProcesoPropuesta && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title="Aún no se descargó la propuesta de SUNAT de este periodo: se muestran solo los documentos de Yupana." />
      )}
      {c?.FechaPropuesta && <Typography.Paragraph type="secondary">Propuesta descargada el {new Date(c.FechaPropuesta).toLocaleString('es-PE')}</Typography.Paragraph>}
      {/* Five states do not fit a phone's width: the filter scrolls inside its own box, not the page. */}
      <div style={{ overflowX: 'auto', maxWidth: '100%', marginBottom: 12 }}>
        <Segmented
          data-testid="filtro-estado"
          value={filtro}
          onChange={(v) => setFiltro(v as typeof filtro)}
          options={[
            { value: 'TODOS', label: `Todos (${c?.Data.length ?? 0})` },
            ...(Object.keys(ESTADOS) as TFilaComparacionSire['Estado'][]).map((k) => ({ value: k, label: `${ESTADOS[k].texto} (${c?.Resumen[k] ?? 0})` })),
          ]}
        />
      </div>
      <Table<TFilaComparacionSire>
        data-testid="tabla-comparacion"
        rowKey="Clave"
        size="middle"
        loading={comparacion.isFetching}
        dataSource={filas}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 900 }}
        locale={{ emptyText: 'No hay comprobantes en este filtro.' }}
        columns={[
          { title: 'Comprobante', key: 'cp', width: 170, render: (_, f) => `${f.TipoComprobante} ${f.Serie}-${f.Numero}` },
          { title: libro === 'rvie' ? 'Cliente' : 'Proveedor', key: 'rs', render: (_, f) => `${f.NumeroDocumento} ${f.RazonSocial}` },
          { title: 'Fecha', key: 'fe', width: 110, render: (_, f) => (f.Sunat ?? f.Yupana)?.FechaEmision.split('-').reverse().join('/') },
          { title: 'Total SUNAT', key: 'ts', align: 'right', width: 130, render: (_, f) => (f.Sunat ? monto(f.Sunat.Total) : '—') },
          { title: 'Total Yupana', key: 'ty', align: 'right', width: 130, render: (_, f) => (f.Yupana ? monto(f.Yupana.Total) : '—') },
          { title: 'Estado', dataIndex: 'Estado', width: 150, render: (v: TFilaComparacionSire['Estado']) => <Tag color={ESTADOS[v].color}>{ESTADOS[v].texto}</Tag> },
          {
            title: 'Diferencias',
            key: 'dif',
            render: (_, f) =>
              f.Diferencias.map((d) => (
                <div key={d}>
                  {CAMPOS[d] ?? d}: SUNAT {String(f.Sunat?.[d as keyof typeof f.Sunat] ?? '')} / Yupana {String(f.Yupana?.[d as keyof typeof f.Yupana] ?? '')}
                </div>
              )),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Historial del periodo
      </Typography.Title>
      <Table<TProcesoSire>
        data-testid="tabla-historial"
        rowKey="Id"
        size="small"
        loading={historial.isFetching}
        dataSource={historial.data?.Data ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: 'Aún no hay solicitudes a SUNAT para este periodo.' }}
        columns={[
          { title: 'Fecha', dataIndex: 'Fecha', width: 170, render: (v: string) => new Date(v).toLocaleString('es-PE') },
          { title: 'Solicitud', dataIndex: 'Tipo', width: 170, render: (v: TProcesoSire['Tipo']) => TIPOS[v] },
          { title: 'Ticket', dataIndex: 'Ticket', width: 150 },
          { title: 'Estado', dataIndex: 'Estado', width: 120, render: (v: TProcesoSire['Estado']) => <Tag color={ESTADOS_PROCESO[v].color}>{ESTADOS_PROCESO[v].texto}</Tag> },
          { title: 'Resultado', dataIndex: 'Mensaje' },
          { title: 'Usuario', dataIndex: 'Usuario', width: 130 },
          {
            title: '',
            key: 'acc',
            width: 150,
            render: (_, p) => (
              <Space>
                {p.Estado === 'EN_PROCESO' && puedeGestionar && (
                  <Button size="small" icon={<ReloadOutlined />} onClick={() => accion.mutate({ accion: 'consulta', id: p.Id }, { onError: (e) => message.error(mensajeDeError(e)) })}>
                    Consultar
                  </Button>
                )}
                {p.Tipo === 'REEMPLAZO' && p.Archivo && (
                  <Button size="small" type="link" onClick={() => descargarArchivoProceso(p.Id).catch((e: unknown) => message.error(mensajeDeError(e)))}>
                    Archivo
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );

  return (
    <Card data-testid="pagina-sire">
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text>Periodo</Typography.Text>
        <Select aria-label="Periodo" value={periodo} style={{ width: 180 }} options={periodosRecientes().map((p) => ({ value: p, label: nombrePeriodo(p) }))} onChange={(v) => cambiar({ periodo: v })} />
      </Space>
      <Credenciales />
      <Tabs
        activeKey={libro}
        onChange={(k) => {
          setFiltro('TODOS');
          cambiar({ libro: k });
        }}
        items={[
          { key: 'rvie', label: 'Ventas (RVIE)', children: libro === 'rvie' ? contenido : null },
          { key: 'rce', label: 'Compras (RCE)', children: libro === 'rce' ? contenido : null },
        ]}
      />
    </Card>
  );
}

/** The company's SIRE API client: only whether it is set is ever shown; the secret is written, never read back. */
function Credenciales() {
  const consulta = useCredencialesSire();
  const guardar = useGuardarCredencialesSire();
  const puede = usePermiso(ControlesSire.CONFIGURAR);
  const [form] = Form.useForm<{ ClientId: string; ClientSecret: string }>();
  const { message } = App.useApp();
  if (!consulta.data) return null;
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 12 }}
      items={[
        {
          key: 'c',
          label: `Credenciales de la API SIRE: ${consulta.data.Configurado ? 'configuradas' : 'no configuradas'} (${consulta.data.Ambiente})`,
          children: (
            <>
              <Typography.Paragraph>{consulta.data.Mensaje} El usuario y la clave SOL son los de Configuración &gt; SUNAT.</Typography.Paragraph>
              {puede && (
                <Form
                  form={form}
                  layout="inline"
                  onFinish={(v) =>
                    guardar.mutate(v, {
                      onSuccess: () => {
                        form.resetFields();
                        message.success('Credenciales guardadas');
                      },
                      onError: (e) => message.error(mensajeDeError(e)),
                    })
                  }
                >
                  <Form.Item name="ClientId" label="Client ID" rules={[{ required: true, message: 'Ingrese el client ID' }]}>
                    <Input autoComplete="off" style={{ width: 260 }} />
                  </Form.Item>
                  <Form.Item name="ClientSecret" label="Client secret" rules={[{ required: true, message: 'Ingrese el client secret' }]}>
                    <Input.Password autoComplete="new-password" style={{ width: 220 }} />
                  </Form.Item>
                  <Button htmlType="submit" loading={guardar.isPending}>
                    Guardar
                  </Button>
                </Form>
              )}
            </>
          ),
        },
      ]}
    />
  );
}
