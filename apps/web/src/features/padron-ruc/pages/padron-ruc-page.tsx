import { InboxOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Progress, Row, Space, Statistic, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import type { TImportacionPadron } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { fechaHora } from '../../../lib/formato';
import { revisarArchivoPadron, subirPadron, useAccionPadron, useEstadoPadron } from '../api/padron';

const COLOR_ESTADO: Record<TImportacionPadron['Estado'], string> = {
  PENDIENTE: 'default',
  PROCESANDO: 'processing',
  PAUSADA: 'warning',
  COMPLETADA: 'success',
  ERROR: 'error',
};
const numero = new Intl.NumberFormat('es-PE');
const mb = (bytes: number) => `${numero.format(Math.round(bytes / 1e5) / 10)} MB`;

/** Import of SUNAT's "padrón reducido del RUC", so the RUC lookup works without internet. */
export function PadronRucPage() {
  const estado = useEstadoPadron();
  const accion = useAccionPadron();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [subida, setSubida] = useState<number | null>(null);
  const [rechazo, setRechazo] = useState<string | null>(null);
  const imp = estado.data?.Importacion ?? null;
  const enCurso = imp?.Estado === 'PROCESANDO';

  async function subir(archivo: File) {
    setRechazo(null);
    // Refused before sending a byte when the file's start is not the padrón (the server checks the same again).
    const motivo = await revisarArchivoPadron(archivo);
    if (motivo) {
      setRechazo(`${archivo.name}: ${motivo}`);
      return;
    }
    setSubida(0);
    try {
      await subirPadron(archivo, setSubida);
      message.success('Archivo recibido; la importación continúa en el servidor');
    } catch (e) {
      setRechazo(e instanceof ApiError && e.errores.Archivo ? `${archivo.name}: ${e.errores.Archivo}` : mensajeDeError(e));
    } finally {
      setSubida(null);
      void qc.invalidateQueries({ queryKey: ['padron-ruc'] });
    }
  }

  const ejecutar = (a: Parameters<typeof accion.mutateAsync>[0]) =>
    accion.mutateAsync(a).catch((e: unknown) => {
      message.error(mensajeDeError(e));
    });

  return (
    <Row gutter={[16, 16]} data-testid="pagina-padron">
      <Col xs={24} xl={14}>
        <Card title="Estado del padrón">
          {estado.isError && <Alert type="error" showIcon title={mensajeDeError(estado.error)} />}
          <Space size={48} wrap style={{ marginBottom: 16 }}>
            <Statistic title="Contribuyentes cargados" value={estado.data?.TotalContribuyentes ?? 0} formatter={(v) => numero.format(Number(v))} />
            {imp && <Statistic title="Líneas importadas" value={imp.LineasProcesadas} formatter={(v) => numero.format(Number(v))} />}
          </Space>
          {imp ? (
            <>
              <Progress
                percent={imp.Porcentaje}
                status={imp.Estado === 'ERROR' ? 'exception' : imp.Estado === 'COMPLETADA' ? 'success' : enCurso ? 'active' : 'normal'}
                data-testid="progreso-padron"
              />
              <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginTop: 12 }}>
                <Descriptions.Item label="Archivo">{imp.NombreArchivo}</Descriptions.Item>
                <Descriptions.Item label="Estado">
                  <Tag color={COLOR_ESTADO[imp.Estado]} data-testid="estado-importacion">
                    {imp.Estado}
                  </Tag>
                </Descriptions.Item>
                <Descriptions.Item label="Avance">
                  {mb(imp.BytesProcesados)} de {mb(imp.BytesTotal)}
                </Descriptions.Item>
                <Descriptions.Item label="Líneas rechazadas">{numero.format(imp.LineasRechazadas)}</Descriptions.Item>
                <Descriptions.Item label="Inicio">{fechaHora(imp.FechaInicio)}</Descriptions.Item>
                <Descriptions.Item label="Fin">{imp.FechaFin ? fechaHora(imp.FechaFin) : '—'}</Descriptions.Item>
              </Descriptions>
              {imp.Mensaje && <Alert type={imp.Estado === 'ERROR' ? 'error' : 'info'} showIcon title={imp.Mensaje} style={{ marginTop: 12 }} />}
              <Space style={{ marginTop: 12 }}>
                {enCurso && (
                  <Button icon={<PauseCircleOutlined />} onClick={() => ejecutar({ tipo: 'pausa', id: imp.Id })} loading={accion.isPending}>
                    Pausar
                  </Button>
                )}
                {imp.Reanudable && (
                  <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => ejecutar({ tipo: 'reanudacion', id: imp.Id })} loading={accion.isPending}>
                    Reanudar desde donde quedó
                  </Button>
                )}
              </Space>
            </>
          ) : (
            <Typography.Paragraph type="secondary" data-testid="sin-importacion">
              {estado.data?.TotalContribuyentes
                ? 'Aún no se ha importado el padrón de SUNAT: los contribuyentes cargados son la muestra de la demostración. Suba el archivo completo para consultar cualquier RUC.'
                : 'Aún no se ha importado el padrón. Mientras tanto, la consulta de RUC solo encuentra a los clientes registrados.'}
            </Typography.Paragraph>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title="Importar el padrón reducido del RUC">
          <Typography.Paragraph>
            Descargue el archivo <b>padron_reducido_ruc.zip</b> de la página «Padrón reducido del RUC» de SUNAT (www.sunat.gob.pe), descomprímalo y suba el archivo{' '}
            <b>padron_reducido_ruc.txt</b>. La importación sigue en el servidor aunque cierre esta página y puede reanudarse si se interrumpe.
          </Typography.Paragraph>
          <Upload.Dragger
            accept=".txt"
            multiple={false}
            showUploadList={false}
            disabled={enCurso || subida !== null}
            beforeUpload={(archivo) => {
              void subir(archivo);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Haga clic o arrastre aquí el archivo del padrón</p>
          </Upload.Dragger>
          {subida !== null && (
            <Progress
              percent={subida}
              size="small"
              status="active"
              format={(p) => (p === 100 ? 'Recibiendo…' : `Subiendo ${p}%`)}
              style={{ marginTop: 8 }}
              data-testid="progreso-subida"
            />
          )}
          {rechazo && <Alert type="error" showIcon title={rechazo} style={{ marginTop: 12 }} data-testid="rechazo-padron" />}
        </Card>
      </Col>
    </Row>
  );
}
