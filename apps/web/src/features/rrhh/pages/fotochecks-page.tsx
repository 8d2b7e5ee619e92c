import { DeleteOutlined, DownloadOutlined, MailOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Empty, Image, Input, Modal, Radio, Select, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { FormatosFotocheck, FOTO_MAXIMO_BYTES, FOTOCHECK_CORREO_MAXIMO, TiposDocumentoTrabajador, type TFormatoFotocheck, type TFotocheckEnvio, type TTrabajador } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { descargarFotochecks, useEnviarFotochecks, useFechaFotocheck, useFoto, useGuardarFoto } from '../api/fotocheck';
import { useCatalogo, useTrabajadores } from '../api/rrhh';

type TSeleccion = 'ELEGIDOS' | 'AREA' | 'TODOS';
const fechaHora = new Intl.DateTimeFormat('es-PE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Lima' });

/** Badges: choose workers (some, an area or all) and download the PDF; each worker's photo is kept here too. */
export function FotochecksPage() {
  const { message } = App.useApp();
  const [seleccion, setSeleccion] = useState<TSeleccion>('ELEGIDOS');
  const [formato, setFormato] = useState<TFormatoFotocheck>('A4');
  const [idArea, setIdArea] = useState<number | null>(null);
  const [elegidos, setElegidos] = useState<number[]>([]);
  const [filtro, setFiltro] = useState('');
  const [pagina, setPagina] = useState(1);
  const [foto, setFoto] = useState<TTrabajador | null>(null);
  const [descargando, setDescargando] = useState(false);
  const [envio, setEnvio] = useState<TFotocheckEnvio | null>(null);
  const enviar = useEnviarFotochecks();
  const trabajadores = useTrabajadores({ filtro, pagina });
  const areas = useCatalogo('areas');

  const listo = seleccion === 'TODOS' || (seleccion === 'AREA' ? idArea !== null : elegidos.length > 0);
  const descargar = async () => {
    setDescargando(true);
    try {
      await descargarFotochecks({
        Formato: formato,
        ...(seleccion === 'ELEGIDOS' ? { IdsTrabajador: elegidos } : seleccion === 'AREA' ? { IdArea: idArea } : { Todos: true }),
      });
      message.success('Fotochecks descargados');
    } catch (e) {
      message.error(mensajeDeError(e));
    } finally {
      setDescargando(false);
    }
  };

  return (
    <Card data-testid="pagina-fotochecks">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap size="large" align="start">
          <div>
            <Typography.Text strong>Imprimir</Typography.Text>
            <br />
            <Radio.Group value={seleccion} onChange={(e) => setSeleccion(e.target.value as TSeleccion)} aria-label="Trabajadores a imprimir">
              <Radio.Button value="ELEGIDOS">Trabajadores elegidos</Radio.Button>
              <Radio.Button value="AREA">Un área</Radio.Button>
              <Radio.Button value="TODOS">Todos los activos</Radio.Button>
            </Radio.Group>
          </div>
          {seleccion === 'AREA' && (
            <div>
              <Typography.Text strong>Área</Typography.Text>
              <br />
              <Select
                aria-label="Área"
                placeholder="Elija el área"
                style={{ width: 260 }}
                showSearch={{ optionFilterProp: 'label' }}
                loading={areas.isLoading}
                value={idArea ?? undefined}
                onChange={(v: number) => setIdArea(v)}
                options={(areas.data?.Data ?? []).map((a) => ({ value: a.Id, label: a.Nombre }))}
              />
            </div>
          )}
          <div>
            <Typography.Text strong>Formato</Typography.Text>
            <br />
            <Radio.Group value={formato} onChange={(e) => setFormato(e.target.value as TFormatoFotocheck)} aria-label="Formato">
              {(Object.keys(FormatosFotocheck) as TFormatoFotocheck[]).map((f) => (
                <Radio key={f} value={f}>
                  {FormatosFotocheck[f]}
                </Radio>
              ))}
            </Radio.Group>
          </div>
        </Space>
        <Space wrap>
          <Button type="primary" icon={<DownloadOutlined />} disabled={!listo} loading={descargando} onClick={() => void descargar()}>
            Descargar PDF
          </Button>
          <Button
            icon={<MailOutlined />}
            disabled={seleccion !== 'ELEGIDOS' || !elegidos.length || elegidos.length > FOTOCHECK_CORREO_MAXIMO}
            title={seleccion !== 'ELEGIDOS' ? 'Se envía el fotocheck de los trabajadores elegidos' : undefined}
            loading={enviar.isPending}
            onClick={() =>
              enviar.mutate(
                { IdsTrabajador: elegidos },
                { onSuccess: (r) => setEnvio(r), onError: (e) => message.error(mensajeDeError(e)) },
              )
            }
          >
            Enviar por correo
          </Button>
          {seleccion === 'ELEGIDOS' && <Typography.Text type="secondary">{elegidos.length ? `${elegidos.length} trabajador(es) elegido(s)` : 'Marque los trabajadores en la tabla'}</Typography.Text>}
        </Space>
        {envio && (
          <Alert
            data-testid="resumen-envio-fotocheck"
            type={envio.Omitidos ? 'warning' : 'success'}
            showIcon
            closable
            onClose={() => setEnvio(null)}
            title={`Fotochecks enviados: ${envio.Enviados}; no enviados: ${envio.Omitidos}`}
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {envio.Data.map((f) => (
                  <li key={f.IdTrabajador}>
                    {f.NombreCompleto}: {f.Enviado ? `enviado a ${f.Destinatarios.join(', ')}` : `no enviado (${f.Motivo ?? ''})`}
                  </li>
                ))}
              </ul>
            }
          />
        )}
        <Input.Search
          allowClear
          placeholder="Buscar por nombre o documento"
          aria-label="Buscar trabajadores"
          style={{ width: 320 }}
          onSearch={(v) => {
            setFiltro(v.trim());
            setPagina(1);
          }}
        />
        {trabajadores.isError && <Alert type="error" showIcon title={mensajeDeError(trabajadores.error)} />}
        <Table<TTrabajador>
          rowKey="Id"
          size="middle"
          loading={trabajadores.isFetching}
          dataSource={trabajadores.data?.Data ?? []}
          scroll={{ x: 800 }}
          rowSelection={
            seleccion === 'ELEGIDOS'
              ? { selectedRowKeys: elegidos, preserveSelectedRowKeys: true, onChange: (k) => setElegidos(k as number[]), getCheckboxProps: (t) => ({ 'aria-label': `Elegir a ${t.NombreCompleto}` }) }
              : undefined
          }
          locale={{ emptyText: <Empty description="No se encontraron trabajadores" /> }}
          pagination={{ current: pagina, pageSize: 10, total: trabajadores.data?.Count ?? 0, showSizeChanger: false, showTotal: (t) => `${t} trabajadores`, onChange: setPagina }}
          columns={[
            { title: 'Documento', key: 'doc', render: (_, t) => `${TiposDocumentoTrabajador[t.IdTipoDocumento as 1] ?? ''} ${t.Documento}` },
            { title: 'Trabajador', dataIndex: 'NombreCompleto' },
            { title: 'Cargo', key: 'cargo', render: (_, t) => t.Contrato?.Cargo ?? '—' },
            { title: 'Área', key: 'area', render: (_, t) => t.Contrato?.Area ?? '—' },
            {
              title: 'Foto',
              key: 'foto',
              render: (_, t) => (
                <Button type="link" onClick={() => setFoto(t)} aria-label={`Foto de ${t.NombreCompleto}`}>
                  Foto y fotocheck
                </Button>
              ),
            },
          ]}
        />
      </Space>
      <FotoModal trabajador={foto} onClose={() => setFoto(null)} />
    </Card>
  );
}

function leerComoBase64(archivo: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(new Error('No se pudo leer el archivo'));
    r.readAsDataURL(archivo);
  });
}

function FotoModal({ trabajador, onClose }: { trabajador: TTrabajador | null; onClose: () => void }) {
  const { message } = App.useApp();
  const id = trabajador?.Id ?? null;
  const foto = useFoto(id);
  const fecha = useFechaFotocheck(id);
  const guardar = useGuardarFoto();
  const subir = async (archivo: File) => {
    if (!id) return;
    if (!/^image\/(png|jpeg)$/.test(archivo.type)) return void message.error('La foto debe ser una imagen PNG o JPG');
    if (archivo.size > FOTO_MAXIMO_BYTES) return void message.error('La foto no debe superar los 300 KB');
    try {
      await guardar.mutateAsync({ id, base64: await leerComoBase64(archivo) });
      message.success('Foto guardada');
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  };
  return (
    <Modal open={!!trabajador} title={trabajador ? `Foto de ${trabajador.NombreCompleto}` : ''} onCancel={onClose} footer={<Button onClick={onClose}>Cerrar</Button>} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        {foto.data?.Imagen ? (
          <Image src={foto.data.Imagen} alt="Foto del trabajador" width={120} />
        ) : (
          <Typography.Text type="secondary">Sin foto: el fotocheck lleva una silueta.</Typography.Text>
        )}
        <Space wrap>
          <Upload accept="image/png,image/jpeg" showUploadList={false} beforeUpload={(f) => (void subir(f), false)}>
            <Button icon={<UploadOutlined />} loading={guardar.isPending}>
              {foto.data?.Imagen ? 'Cambiar foto' : 'Subir foto'}
            </Button>
          </Upload>
          {foto.data?.Imagen && (
            <Button danger icon={<DeleteOutlined />} onClick={() => id && guardar.mutate({ id, base64: null }, { onError: (e) => message.error(mensajeDeError(e)) })}>
              Quitar foto
            </Button>
          )}
        </Space>
        <Typography.Text type="secondary">PNG o JPG de hasta 300 KB; se recorta al marco de la foto del fotocheck.</Typography.Text>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="Último fotocheck">
            {fecha.data?.FechaCreacion ? `${fechaHora.format(new Date(fecha.data.FechaCreacion))} (${fecha.data.Veces} impresión(es))` : 'Nunca impreso'}
          </Descriptions.Item>
        </Descriptions>
      </Space>
    </Modal>
  );
}
