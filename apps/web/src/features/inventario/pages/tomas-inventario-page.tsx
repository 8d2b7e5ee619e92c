import { ArrowLeftOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Descriptions, Empty, Form, Input, Modal, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EstadosToma, LIMITES_IMPORTACION_CONTEO, type TErrorFilaConteo, type TTomaCabecera, type TTomaLinea } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import {
  archivoABase64,
  descargarPlantillaConteo,
  useAgregarItemToma,
  useContabilizarToma,
  useCrearToma,
  useGuardarConteos,
  useImportarConteo,
  useRevisarToma,
  useToma,
  useTomas,
} from '../api/conteos';
import { useAlmacenes } from '../api/inventario';
import { SelectorBien } from '../components/selector-bien';
import { numero, soles } from '../formato';

const COLOR_ESTADO = { A: 'processing', R: 'warning', C: 'success' } as const;

/** Physical counts: the list, and one count (blind while counting, then review and posting) by `?toma=id`. */
export function TomasInventarioPage() {
  const [params, setParams] = useSearchParams();
  // The open count is kept in state (shown at once) and mirrored in the URL (a reload or a shared link reopens it).
  const [idToma, setIdToma] = useState<number | null>(() => Number(params.get('toma')) || null);
  const ir = (id: number | null) => {
    setIdToma(id);
    setParams(id ? { toma: String(id) } : {}, { replace: true });
  };
  return idToma ? <DetalleToma key={idToma} id={idToma} volver={() => ir(null)} /> : <ListaTomas abrir={ir} />;
}

function ListaTomas({ abrir }: { abrir: (id: number) => void }) {
  const [pagina, setPagina] = useState(1);
  const [nueva, setNueva] = useState(false);
  const consulta = useTomas(pagina);
  const almacenes = useAlmacenes();
  const crear = useCrearToma();
  const [form] = Form.useForm<{ IdAlmacen: number; Fecha: Dayjs; Glosa?: string }>();
  const { message } = App.useApp();
  const predeterminado = almacenes.data?.Data.find((a) => a.EsPredeterminado)?.Id;

  async function guardar(v: { IdAlmacen: number; Fecha: Dayjs; Glosa?: string }) {
    try {
      const t = await crear.mutateAsync({ IdAlmacen: v.IdAlmacen, Fecha: v.Fecha.format('YYYY-MM-DD'), ...(v.Glosa ? { Glosa: v.Glosa } : {}) });
      message.success(`Toma N° ${t.Numero} abierta con ${t.Lineas} productos`);
      setNueva(false);
      abrir(t.Id);
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  }

  return (
    <Card data-testid="pagina-tomas" title="Tomas de inventario" extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setNueva(true)}>Nueva toma</Button>}>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TTomaCabecera>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        locale={{ emptyText: <Empty description="Aún no hay tomas de inventario" /> }}
        pagination={{ current: pagina, pageSize: 20, total: consulta.data?.Count ?? 0, showSizeChanger: false, onChange: setPagina }}
        columns={[
          { title: 'N°', dataIndex: 'Numero' },
          { title: 'Fecha', dataIndex: 'Fecha', render: (v: string) => dayjs(v).format('DD/MM/YYYY') },
          { title: 'Almacén', dataIndex: 'Almacen' },
          { title: 'Contados', key: 'c', render: (_, t) => `${t.Contadas} de ${t.Lineas}` },
          { title: 'Estado', dataIndex: 'Estado', render: (v: TTomaCabecera['Estado']) => <Tag color={COLOR_ESTADO[v]}>{EstadosToma[v]}</Tag> },
          { title: '', key: 'a', render: (_, t) => <Button type="link" onClick={() => abrir(t.Id)}>Abrir</Button> },
        ]}
      />
      <Modal title="Nueva toma de inventario" open={nueva} onCancel={() => setNueva(false)} onOk={() => form.submit()} okText="Abrir toma" confirmLoading={crear.isPending} destroyOnHidden>
        <Typography.Paragraph type="secondary">Se congela el stock esperado de cada producto del almacén. Quien cuenta no ve ese stock.</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={guardar} initialValues={{ IdAlmacen: predeterminado, Fecha: dayjs() }}>
          <Form.Item name="IdAlmacen" label="Almacén" rules={[{ required: true, message: 'Seleccione el almacén' }]}>
            <Select options={(almacenes.data?.Data ?? []).map((a) => ({ value: a.Id, label: a.Nombre }))} />
          </Form.Item>
          <Form.Item name="Fecha" label="Fecha" rules={[{ required: true, message: 'Indique la fecha' }]}>
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="Glosa" label="Glosa">
            <Input maxLength={250} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

function DetalleToma({ id, volver }: { id: number; volver: () => void }) {
  const consulta = useToma(id);
  const t = consulta.data;
  const { message } = App.useApp();
  const guardar = useGuardarConteos(id);
  const agregar = useAgregarItemToma(id);
  const revisar = useRevisarToma(id);
  const contabilizar = useContabilizarToma(id);
  const [editados, setEditados] = useState<Record<number, string>>({});
  const [buscado, setBuscado] = useState<number | null>(null);
  const [nuevoItem, setNuevoItem] = useState<number | undefined>();
  const [faltantes, setFaltantes] = useState<'28' | '13'>('28');
  const [fechaContable, setFechaContable] = useState<Dayjs>(dayjs());
  const entradas = useRef(new Map<number, HTMLInputElement | null>());
  const ciego = t?.Estado === 'A';
  const editable = t?.Estado === 'A' || t?.Estado === 'R';
  const pendientes = Object.keys(editados).length;

  const resumen = useMemo(() => {
    if (!t || ciego) return null;
    const dif = t.Detalle.filter((l) => l.Diferencia && Number(l.Diferencia) !== 0);
    return { lineas: dif.length, valor: dif.reduce((s, l) => s + Number(l.ValorDiferencia ?? 0), 0) };
  }, [t, ciego]);

  if (consulta.isError) return <Alert type="error" showIcon title={mensajeDeError(consulta.error)} action={<Button onClick={volver}>Volver</Button>} />;
  if (!t) return <Card loading />;

  const ejecutar = async (accion: () => Promise<unknown>, exito: string) => {
    try {
      await accion();
      message.success(exito);
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  };
  const guardarConteos = () =>
    ejecutar(async () => {
      await guardar.mutateAsync({ Lineas: Object.entries(editados).map(([idItem, v]) => ({ IdItem: Number(idItem), CantidadContada: v.trim() === '' ? null : v.trim() })) });
      setEditados({});
    }, 'Conteo guardado');

  // A scanner types the code and Enter: the line with that code or barcode is focused.
  function buscar(codigo: string) {
    const c = codigo.trim().toLowerCase();
    if (!c) return;
    const l = t!.Detalle.find((x) => x.Codigo.toLowerCase() === c || x.CodigosBarras.includes(c));
    if (!l) return void message.warning(`El código ${codigo} no está en la toma: agréguelo con "Agregar producto"`);
    setBuscado(l.IdItem);
    entradas.current.get(l.IdItem)?.focus();
  }

  const columnas = [
    { title: 'Código', dataIndex: 'Codigo' },
    { title: 'Producto', dataIndex: 'Descripcion' },
    { title: 'Unidad', dataIndex: 'CodigoUnidad' },
    {
      title: 'Contado',
      key: 'contado',
      width: 140,
      render: (_: unknown, l: TTomaLinea) =>
        editable ? (
          <Input
            ref={(el) => void entradas.current.set(l.IdItem, el?.input ?? null)}
            aria-label={`Contado de ${l.Descripcion}`}
            inputMode="decimal"
            value={editados[l.IdItem] ?? l.CantidadContada ?? ''}
            onChange={(e) => setEditados((x) => ({ ...x, [l.IdItem]: e.target.value }))}
          />
        ) : (
          (l.CantidadContada ?? '—')
        ),
    },
    ...(ciego
      ? []
      : [
          { title: 'Esperado', dataIndex: 'CantidadEsperada', align: 'right' as const, render: (v: string | null) => (v === null ? '' : numero(v)) },
          { title: 'Stock actual', dataIndex: 'StockActual', align: 'right' as const, render: (v: string | null) => (v === null ? '' : numero(v)) },
          { title: 'Diferencia', dataIndex: 'Diferencia', align: 'right' as const, render: (v: string | null) => (v === null ? 'Sin contar' : <Typography.Text type={Number(v) < 0 ? 'danger' : Number(v) > 0 ? 'success' : undefined}>{numero(v)}</Typography.Text>) },
          { title: 'Valor', dataIndex: 'ValorDiferencia', align: 'right' as const, render: (v: string | null) => (v === null ? '' : soles.format(Number(v))) },
        ]),
  ];

  return (
    <Card
      data-testid="pagina-toma"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label="Volver a las tomas" onClick={volver} />
          {`Toma de inventario N° ${t.Numero}`}
          <Tag color={COLOR_ESTADO[t.Estado]}>{EstadosToma[t.Estado]}</Tag>
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 4 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Almacén">{t.Almacen}</Descriptions.Item>
        <Descriptions.Item label="Fecha">{dayjs(t.Fecha).format('DD/MM/YYYY')}</Descriptions.Item>
        <Descriptions.Item label="Contados">{`${t.Contadas} de ${t.Lineas}`}</Descriptions.Item>
        {t.Glosa && <Descriptions.Item label="Glosa">{t.Glosa}</Descriptions.Item>}
      </Descriptions>
      {ciego && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="Conteo ciego: ingrese lo que encuentra en el estante. El stock esperado se muestra al cerrar el conteo." />}
      {resumen && t.Estado === 'R' && (
        <Alert type={resumen.lineas ? 'warning' : 'success'} showIcon style={{ marginBottom: 12 }} title={`${resumen.lineas} productos con diferencia, valor neto ${soles.format(resumen.valor)}. Lo movido después de la toma (stock actual - esperado) se respeta.`} />
      )}
      {t.Estado === 'C' && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          title={`Contabilizada el ${dayjs(t.FechaContable).format('DD/MM/YYYY')}.`}
          description={
            t.Movimientos.length ? (
              <Space>
                {`${t.Movimientos.length} movimiento(s) de ajuste registrados.`}
                <Link to="/admin/movimientos">Ver movimientos</Link>
              </Space>
            ) : (
              'Sin diferencias: no se registraron movimientos.'
            )
          }
        />
      )}
      {ciego && <ImportarConteo id={t.Id} numero={t.Numero} />}
      {editable && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search aria-label="Escanear o buscar código" placeholder="Escanee o escriba el código y Enter" onSearch={buscar} enterButton="Ir" style={{ width: 320 }} allowClear />
          <SelectorBien value={nuevoItem} onChange={setNuevoItem} />
          <Button disabled={!nuevoItem} loading={agregar.isPending} onClick={() => nuevoItem && ejecutar(() => agregar.mutateAsync(nuevoItem).then(() => setNuevoItem(undefined)), 'Producto agregado a la toma')}>
            Agregar producto
          </Button>
        </Space>
      )}
      <Table<TTomaLinea>
        rowKey="IdItem"
        size="small"
        dataSource={t.Detalle}
        pagination={false}
        scroll={{ x: 900 }}
        rowClassName={(l) => (l.IdItem === buscado ? 'ant-table-row-selected' : '')}
        locale={{ emptyText: <Empty description="El almacén no tiene productos con stock: agregue los que encuentre" /> }}
        columns={columnas}
      />
      {editable && (
        <Space wrap style={{ marginTop: 12 }}>
          <Button type={ciego ? 'primary' : 'default'} disabled={!pendientes} loading={guardar.isPending} onClick={guardarConteos}>
            {`Guardar conteo${pendientes ? ` (${pendientes})` : ''}`}
          </Button>
          {ciego && (
            <Button disabled={pendientes > 0} loading={revisar.isPending} onClick={() => ejecutar(() => revisar.mutateAsync(undefined), 'Conteo cerrado: revise las diferencias')}>
              Cerrar conteo y revisar
            </Button>
          )}
          {t.Estado === 'R' && (
            <>
              <Select<'28' | '13'>
                aria-label="Faltantes como"
                value={faltantes}
                onChange={setFaltantes}
                style={{ width: 260 }}
                options={[
                  { value: '28', label: 'Faltantes: 28 Ajuste por diferencia' },
                  { value: '13', label: 'Faltantes: 13 Mermas' },
                ]}
              />
              <DatePicker aria-label="Fecha contable" format="DD/MM/YYYY" value={fechaContable} onChange={(d) => d && setFechaContable(d)} allowClear={false} />
              <Button
                type="primary"
                disabled={pendientes > 0}
                loading={contabilizar.isPending}
                onClick={() => ejecutar(() => contabilizar.mutateAsync({ Fecha: fechaContable.format('YYYY-MM-DD'), TipoOperacionFaltante: faltantes }), 'Toma contabilizada')}
              >
                Contabilizar diferencias
              </Button>
            </>
          )}
        </Space>
      )}
    </Card>
  );
}

const MB = LIMITES_IMPORTACION_CONTEO.MAX_BYTES / (1024 * 1024);

/**
 * Import of the counted quantities from Excel into the open count: the template, the upload, and the per-row report.
 * A file with bad rows writes nothing; the user fixes it, or imports only its valid rows.
 */
function ImportarConteo({ id, numero }: { id: number; numero: number }) {
  const importar = useImportarConteo(id);
  const { message } = App.useApp();
  const [archivo, setArchivo] = useState<{ nombre: string; base64: string } | null>(null);
  const [errores, setErrores] = useState<TErrorFilaConteo[] | null>(null);

  async function enviar(a: { nombre: string; base64: string }, AplicarValidas: boolean) {
    try {
      const r = await importar.mutateAsync({ NombreArchivo: a.nombre, Archivo: a.base64, AplicarValidas });
      setErrores(r.ErroresFilas.length ? r.ErroresFilas : null);
      if (!r.ErroresFilas.length || AplicarValidas) setArchivo(null);
      message.success(`Conteo importado: ${r.Aplicadas} producto(s)${r.ErroresFilas.length ? `, ${new Set(r.ErroresFilas.map((x) => x.Fila)).size} fila(s) omitidas` : ''}`);
    } catch (e) {
      const filas = e instanceof ApiError ? ((e.cuerpo as { ErroresFilas?: TErrorFilaConteo[] } | null)?.ErroresFilas ?? null) : null;
      setErrores(filas);
      message.error(e instanceof ApiError && e.errores.Archivo ? e.errores.Archivo : mensajeDeError(e));
    }
  }

  return (
    <div style={{ marginBottom: 12 }} data-testid="importar-conteo">
      <Space wrap>
        <Button icon={<DownloadOutlined />} onClick={() => void descargarPlantillaConteo(id, numero).catch((e) => message.error(mensajeDeError(e)))}>
          Descargar plantilla
        </Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(f) => {
            if (f.size > LIMITES_IMPORTACION_CONTEO.MAX_BYTES) {
              message.error(`El archivo supera los ${MB} MB`);
              return Upload.LIST_IGNORE;
            }
            void archivoABase64(f).then((base64) => {
              const a = { nombre: f.name, base64 };
              setArchivo(a);
              return enviar(a, false);
            });
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={importar.isPending}>
            Importar conteo desde Excel
          </Button>
        </Upload>
        <Typography.Text type="secondary">Columnas: Código (interno o de barras), Cantidad contada y Lote (opcional). Hasta {MB} MB.</Typography.Text>
      </Space>
      {errores && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={`${new Set(errores.map((x) => x.Fila)).size} fila(s) con errores en ${archivo?.nombre ?? 'el archivo'}`}
          description={
            <>
              <Table<TErrorFilaConteo>
                data-testid="errores-importacion"
                rowKey={(r) => `${r.Fila}-${r.Columna}-${r.Mensaje}`}
                size="small"
                pagination={errores.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                dataSource={errores}
                columns={[
                  { title: 'Fila', dataIndex: 'Fila', width: 70 },
                  { title: 'Columna', dataIndex: 'Columna', width: 150 },
                  { title: 'Error', dataIndex: 'Mensaje' },
                ]}
              />
              {archivo && (
                <Space style={{ marginTop: 8 }}>
                  <Button size="small" loading={importar.isPending} onClick={() => void enviar(archivo, true)}>
                    Importar solo las filas válidas
                  </Button>
                  <Button size="small" type="text" onClick={() => {
                      setErrores(null);
                      setArchivo(null);
                    }}>
                    Cerrar
                  </Button>
                </Space>
              )}
            </>
          }
        />
      )}
    </div>
  );
}
