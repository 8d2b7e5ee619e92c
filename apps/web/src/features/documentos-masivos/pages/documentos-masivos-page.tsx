import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { LIMITES_MASIVO, TAMANO_MAXIMO_MASIVO_TEXTO, type TDocumentoMasivo, type TErrorFilaMasivo, type TLoteMasivo } from '@yupana/contracts';
import { Alert, App, Button, Card, Progress, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { cantidad, fechaHora } from '../../../lib/formato';
import { archivoABase64, descargarExcel, useLoteMasivo, useLotesMasivos, useSubirLote } from '../api/documentos-masivos';

const ESTADO_LOTE: Record<TLoteMasivo['Estado'], { texto: string; color: string }> = {
  PENDIENTE: { texto: 'En cola', color: 'default' },
  EN_CURSO: { texto: 'Emitiendo', color: 'processing' },
  TERMINADO: { texto: 'Terminado', color: 'success' },
};
const ESTADO_DOC: Record<TDocumentoMasivo['Estado'], { texto: string; color: string }> = {
  PENDIENTE: { texto: 'Pendiente', color: 'default' },
  EMITIDO: { texto: 'Emitido', color: 'success' },
  ERROR: { texto: 'Error', color: 'error' },
};

/** /admin/documentos-masivos: issue many documents from an Excel file (validated whole first, then issued in the background). */
export function DocumentosMasivosPage() {
  const { message } = App.useApp();
  const [pagina, setPagina] = useState(1);
  const lotes = useLotesMasivos(pagina);
  const subir = useSubirLote();
  const [idLote, setIdLote] = useState<number | null>(null);
  // Back on the page while a batch is being issued: show that one.
  const lote = useLoteMasivo(idLote ?? lotes.data?.Data.find((x) => x.Estado !== 'TERMINADO')?.Id ?? null);
  const [errores, setErrores] = useState<{ archivo: string; mensaje: string; filas: TErrorFilaMasivo[] } | null>(null);
  const [descargando, setDescargando] = useState<string | null>(null);

  async function descargar(ruta: string, nombre: string) {
    setDescargando(ruta);
    try {
      await descargarExcel(ruta, nombre);
    } catch (e) {
      void message.error(mensajeDeError(e));
    } finally {
      setDescargando(null);
    }
  }

  async function subirArchivo(archivo: File) {
    setErrores(null);
    if (!/\.xlsx$/i.test(archivo.name)) {
      setErrores({ archivo: archivo.name, mensaje: 'Suba un archivo Excel (.xlsx) hecho con la plantilla', filas: [] });
      return;
    }
    if (archivo.size > LIMITES_MASIVO.MAX_BYTES) {
      setErrores({ archivo: archivo.name, mensaje: `El archivo supera los ${TAMANO_MAXIMO_MASIVO_TEXTO}: divídalo en varios archivos`, filas: [] });
      return;
    }
    try {
      const l = await subir.mutateAsync({ NombreArchivo: archivo.name, Archivo: await archivoABase64(archivo) });
      setIdLote(l.Id);
      void message.success(`Archivo válido: se emitirán ${l.Total} comprobante(s)`);
    } catch (e) {
      const filas = e instanceof ApiError ? ((e.cuerpo as { ErroresFilas?: TErrorFilaMasivo[] } | null)?.ErroresFilas ?? []) : [];
      setErrores({ archivo: archivo.name, mensaje: mensajeDeError(e), filas });
    }
  }

  const l = lote.data;
  const terminado = l?.Estado === 'TERMINADO';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="pagina-documentos-masivos">
      <Card size="small" title="Emitir comprobantes desde Excel">
        <Typography.Paragraph type="secondary">
          1. Descargue la plantilla y llene la hoja <strong>Documentos</strong>: una fila por ítem; las filas con la misma clave en la columna «Documento» forman un
          comprobante (facturas 01 y boletas 03). 2. Suba el archivo: se validan todas las filas y, si hay errores, se muestran por fila y columna sin emitir nada. 3. Sin
          errores, los comprobantes se emiten en orden y puede descargar el resultado con la serie y número de cada uno. Máximo {cantidad(String(LIMITES_MASIVO.MAX_DOCUMENTOS))} comprobantes
          por archivo ({TAMANO_MAXIMO_MASIVO_TEXTO}).
        </Typography.Paragraph>
        <Space wrap>
          <Button icon={<FileExcelOutlined />} loading={descargando === '/plantilla'} onClick={() => void descargar('/plantilla', 'plantilla-emision-masiva.xlsx')}>
            Descargar plantilla
          </Button>
          <Upload
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(f) => {
              void subirArchivo(f);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={subir.isPending}>
              {subir.isPending ? 'Validando el archivo…' : 'Subir archivo Excel'}
            </Button>
          </Upload>
        </Space>
      </Card>

      {errores && (
        <Card size="small" data-testid="errores-archivo">
          <Alert type="error" showIcon title={errores.mensaje} description={`Archivo: ${errores.archivo}`} style={{ marginBottom: errores.filas.length ? 12 : 0 }} />
          {errores.filas.length > 0 && (
            <Table<TErrorFilaMasivo>
              size="small"
              rowKey={(x) => `${x.Fila}-${x.Letra}-${x.Mensaje}`}
              dataSource={errores.filas}
              pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
              columns={[
                { title: 'Fila', dataIndex: 'Fila', width: 80 },
                { title: 'Columna', key: 'col', width: 220, render: (_, x) => `${x.Columna} (${x.Letra})` },
                { title: 'Error', dataIndex: 'Mensaje' },
              ]}
            />
          )}
        </Card>
      )}

      {l && (
        <Card
          size="small"
          data-testid="lote-actual"
          title={`Lote ${l.Id}: ${l.NombreArchivo}`}
          extra={
            <Button icon={<DownloadOutlined />} disabled={!terminado} loading={descargando === `/${l.Id}/resultado`} onClick={() => void descargar(`/${l.Id}/resultado`, `resultado-lote-${l.Id}.xlsx`)}>
              Descargar resultado
            </Button>
          }
        >
          <Progress percent={l.Porcentaje} status={terminado ? (l.Fallidos > 0 ? 'exception' : 'success') : 'active'} data-testid="progreso-lote" />
          <Typography.Paragraph style={{ margin: '8px 0 12px' }} data-testid="resumen-lote">
            {l.Procesados} de {l.Total} comprobantes procesados · {l.Correctos} emitidos · {l.Fallidos} con error{terminado ? ' · Terminado' : ''}
          </Typography.Paragraph>
          <Table<TDocumentoMasivo>
            size="small"
            rowKey="Numero"
            dataSource={l.ListaDocumentos}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 640 }}
            columns={[
              { title: 'Documento', dataIndex: 'Documento' },
              { title: 'Fila', dataIndex: 'Fila', width: 70 },
              {
                title: 'Serie-Número',
                dataIndex: 'SerieNumero',
                render: (s: string | null, d) => (s && d.IdDocumento ? <Link to={`/admin/documentos/${d.IdDocumento}`}>{s}</Link> : '—'),
              },
              { title: 'Total', dataIndex: 'MontoTotal', align: 'right', render: (m: string | null) => m ?? '—' },
              { title: 'Estado', dataIndex: 'Estado', render: (e: TDocumentoMasivo['Estado']) => <Tag color={ESTADO_DOC[e].color}>{ESTADO_DOC[e].texto}</Tag> },
              { title: 'Mensaje', dataIndex: 'Error', render: (m: string | null) => m ?? '' },
            ]}
          />
        </Card>
      )}
      {lote.isError && <Alert type="error" showIcon title={mensajeDeError(lote.error)} />}

      <Card size="small" title="Lotes anteriores">
        {lotes.isError && <Alert type="error" showIcon title={mensajeDeError(lotes.error)} style={{ marginBottom: 12 }} />}
        <Table<TLoteMasivo>
          size="small"
          rowKey="Id"
          dataSource={lotes.data?.Data ?? []}
          loading={lotes.isFetching && !lotes.data}
          locale={{ emptyText: 'Aún no ha subido archivos' }}
          scroll={{ x: 720 }}
          pagination={{ current: pagina, pageSize: 10, total: lotes.data?.Count ?? 0, onChange: setPagina, showSizeChanger: false }}
          columns={[
            { title: 'Lote', dataIndex: 'Id', width: 70 },
            { title: 'Archivo', dataIndex: 'NombreArchivo' },
            { title: 'Subido', dataIndex: 'FechaCreacion', render: (f: string) => fechaHora(f) },
            { title: 'Usuario', dataIndex: 'Usuario', render: (u: string | null) => u ?? '—' },
            { title: 'Avance', key: 'avance', render: (_, x) => `${x.Procesados}/${x.Total} (${x.Correctos} emitidos, ${x.Fallidos} con error)` },
            { title: 'Estado', dataIndex: 'Estado', render: (e: TLoteMasivo['Estado']) => <Tag color={ESTADO_LOTE[e].color}>{ESTADO_LOTE[e].texto}</Tag> },
            {
              title: '',
              key: 'ver',
              render: (_, x) => (
                <Button size="small" type="link" onClick={() => setIdLote(x.Id)}>
                  Ver
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
