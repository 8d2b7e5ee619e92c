import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Descriptions, Progress, Space, Table, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { LIMITES_IMPORTACION_ITEMS, type TErrorFilaCatalogo, type TImportacionItems } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { descargarPlantillaCatalogo, subirCatalogo, useImportacionCatalogo } from '../api/catalogo';

const COLOR: Record<TImportacionItems['Estado'], string> = { PROCESANDO: 'processing', VALIDADO: 'blue', RECHAZADO: 'error', TERMINADO: 'success', ERROR: 'error' };
const numero = new Intl.NumberFormat('es-PE');

/**
 * Import of the catalogue from Excel: the upload's progress, then the server's (polled), the counts and the bad rows
 * with their row, column and message. By default a file with any bad row writes nothing; "solo las filas válidas"
 * writes the others; "solo validar" writes nothing and reports what would change.
 */
export function ImportacionCatalogo() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [soloValidar, setSoloValidar] = useState(false);
  const [aplicarValidas, setAplicarValidas] = useState(false);
  const [subida, setSubida] = useState<number | null>(null);
  const [rechazo, setRechazo] = useState<string | null>(null);
  const [id, setId] = useState<number | null>(null);
  const estado = useImportacionCatalogo(id);
  const imp = estado.data;
  const enCurso = subida !== null || imp?.Estado === 'PROCESANDO';

  useEffect(() => {
    if (imp?.Estado === 'TERMINADO') void qc.invalidateQueries({ queryKey: ['items'] });
  }, [imp?.Estado, qc]);

  async function subir(archivo: File) {
    setRechazo(null);
    if (archivo.size > LIMITES_IMPORTACION_ITEMS.MAX_BYTES) {
      setRechazo(`${archivo.name}: el archivo supera los ${LIMITES_IMPORTACION_ITEMS.MAX_BYTES / (1024 * 1024)} MB`);
      return;
    }
    setId(null);
    setSubida(0);
    try {
      const r = await subirCatalogo(archivo, { SoloValidar: soloValidar, AplicarValidas: aplicarValidas }, setSubida);
      setId(r.Id);
    } catch (e) {
      setRechazo(e instanceof ApiError && e.errores.Archivo ? `${archivo.name}: ${e.errores.Archivo}` : mensajeDeError(e));
    } finally {
      setSubida(null);
    }
  }

  const fin = imp && imp.Estado !== 'PROCESANDO';
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="importacion-catalogo">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Los códigos nuevos se crean y los existentes se actualizan. Use la plantilla (su hoja Instrucciones lista los códigos permitidos) o un archivo
        exportado desde esta página.
      </Typography.Paragraph>
      <Button icon={<DownloadOutlined />} onClick={() => descargarPlantillaCatalogo().catch((e: unknown) => message.error(mensajeDeError(e)))}>
        Descargar plantilla
      </Button>
      <Space orientation="vertical" size={4}>
        <Checkbox checked={soloValidar} onChange={(e) => setSoloValidar(e.target.checked)} disabled={enCurso}>
          Solo validar (revisa el archivo sin guardar nada)
        </Checkbox>
        <Checkbox checked={aplicarValidas} onChange={(e) => setAplicarValidas(e.target.checked)} disabled={enCurso || soloValidar}>
          Importar solo las filas válidas si hay errores
        </Checkbox>
      </Space>
      <Upload.Dragger
        accept=".xlsx"
        showUploadList={false}
        disabled={enCurso}
        beforeUpload={(f) => {
          void subir(f);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Haga clic o arrastre aquí el archivo Excel (.xlsx)</p>
        <p className="ant-upload-hint">Hasta {numero.format(LIMITES_IMPORTACION_ITEMS.MAX_FILAS)} productos por archivo</p>
      </Upload.Dragger>
      {rechazo && <Alert type="error" showIcon title={rechazo} data-testid="rechazo-importacion" />}
      {estado.isError && <Alert type="error" showIcon title={mensajeDeError(estado.error)} />}
      {subida !== null && (
        <div>
          <Typography.Text>Subiendo el archivo…</Typography.Text>
          <Progress percent={subida} status="active" data-testid="progreso-subida" />
        </div>
      )}
      {imp && (
        <div>
          <Space>
            <Typography.Text>{imp.Etapa}</Typography.Text>
            <Tag color={COLOR[imp.Estado]} data-testid="estado-importacion">
              {imp.Estado}
            </Tag>
          </Space>
          <Progress
            percent={imp.Porcentaje}
            status={imp.Estado === 'PROCESANDO' ? 'active' : imp.Estado === 'TERMINADO' || (imp.Estado === 'VALIDADO' && !imp.FilasConError) ? 'success' : 'exception'}
            data-testid="progreso-importacion"
          />
        </div>
      )}
      {fin && (
        <>
          {imp.Mensaje && <Alert type={imp.Estado === 'TERMINADO' && !imp.FilasConError ? 'success' : imp.Estado === 'TERMINADO' ? 'warning' : imp.FilasConError || imp.Estado === 'ERROR' ? 'error' : 'info'} showIcon title={imp.Mensaje} data-testid="mensaje-importacion" />}
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="Filas">{numero.format(imp.TotalFilas)}</Descriptions.Item>
            <Descriptions.Item label={imp.SoloValidar ? 'Se crearían' : 'Creados'}>{numero.format(imp.Creados)}</Descriptions.Item>
            <Descriptions.Item label={imp.SoloValidar ? 'Se actualizarían' : 'Actualizados'}>{numero.format(imp.Actualizados)}</Descriptions.Item>
            <Descriptions.Item label="Sin cambios">{numero.format(imp.SinCambios)}</Descriptions.Item>
            <Descriptions.Item label="Filas con errores">{numero.format(imp.FilasConError)}</Descriptions.Item>
          </Descriptions>
          {imp.ErroresFilas.length > 0 && (
            <Table<TErrorFilaCatalogo>
              data-testid="errores-importacion"
              size="small"
              rowKey={(e) => `${e.Fila}-${e.Columna}-${e.Mensaje}`}
              dataSource={imp.ErroresFilas}
              pagination={{ pageSize: 10, showSizeChanger: false, showTotal: (t) => `${numero.format(t)} errores` }}
              columns={[
                { title: 'Fila', dataIndex: 'Fila', width: 70 },
                { title: 'Columna', dataIndex: 'Columna', width: 160 },
                { title: 'Error', dataIndex: 'Mensaje' },
              ]}
            />
          )}
        </>
      )}
    </Space>
  );
}
