import { DeleteOutlined, StarFilled, StarOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Popconfirm, Space, Tag, Typography, Upload } from 'antd';
import { LIMITES_IMAGEN_ITEM, MENSAJES_IMAGEN_ITEM } from '@yupana/contracts';
import { ImagenItem } from '../../../components/imagen-item';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useEliminarImagen, useImagenesItem, useImagenPrincipal, useSubirImagen } from '../api/imagenes';

function leerComoBase64(archivo: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(new Error('No se pudo leer el archivo'));
    r.readAsDataURL(archivo);
  });
}

// The file's name as the server stores it: no control characters, at most 100 code points (200 UTF-16 units at worst).
// eslint-disable-next-line no-control-regex
const nombreSeguro = (n: string) => Array.from(n.replace(/[\u0000-\u001f\u007f]/g, '').trim()).slice(0, 100).join('');
const kb = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);
const errorDe = (e: unknown) => (e instanceof ApiError && Object.keys(e.errores).length ? Object.values(e.errores).join('; ') : mensajeDeError(e));

/**
 * The item's images (branch imagenes): upload PNG, JPG or WebP up to 2 MB (the server checks the real type from the
 * bytes), up to 5; the principal one is what the point of sale shows on the item's tile.
 */
export function ImagenesItem({ idItem, descripcion }: { idItem: number; descripcion: string }) {
  const { message } = App.useApp();
  const lista = useImagenesItem(idItem);
  const subir = useSubirImagen(idItem);
  const principal = useImagenPrincipal(idItem);
  const eliminar = useEliminarImagen(idItem);
  const imagenes = lista.data?.Data ?? [];
  const lleno = imagenes.length >= LIMITES_IMAGEN_ITEM.MAX_POR_ITEM;

  async function alSubir(archivo: File) {
    // A first look in the browser; the server decides from the file's bytes.
    if (archivo.size > LIMITES_IMAGEN_ITEM.MAX_BYTES) return void message.error(MENSAJES_IMAGEN_ITEM.TAMANO);
    try {
      await subir.mutateAsync({ ImagenBase64: await leerComoBase64(archivo), NombreArchivo: nombreSeguro(archivo.name) });
      message.success('Imagen subida');
    } catch (e) {
      message.error(errorDe(e));
    }
  }

  return (
    <Card size="small" title="Imágenes" style={{ marginTop: 16 }} data-testid="imagenes-item">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          PNG, JPG o WebP de hasta 2 MB; máximo {LIMITES_IMAGEN_ITEM.MAX_POR_ITEM} imágenes. La imagen principal se muestra en el punto de venta.
        </Typography.Text>
        <Upload accept="image/png,image/jpeg,image/webp" showUploadList={false} disabled={lleno} beforeUpload={(f) => (void alSubir(f), false)}>
          <Button icon={<UploadOutlined />} loading={subir.isPending} disabled={lleno}>
            Subir imagen
          </Button>
        </Upload>
        {lleno && <Typography.Text type="secondary">El producto ya tiene {LIMITES_IMAGEN_ITEM.MAX_POR_ITEM} imágenes: elimine una para subir otra.</Typography.Text>}
        {lista.isError && <Typography.Text type="danger">{mensajeDeError(lista.error)}</Typography.Text>}
        {lista.data && !imagenes.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Este producto no tiene imágenes" />}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          {imagenes.map((img) => (
            <div key={img.Id} data-testid="imagen-fila" style={{ width: 140, border: '1px solid #f0f0f0', borderRadius: 8, padding: 8 }}>
              <ImagenItem idItem={idItem} idImagen={img.Id} tamano={122} alt={`Imagen de ${descripcion}`} />
              <Typography.Text ellipsis style={{ display: 'block', fontSize: 12, marginTop: 4 }} title={img.Nombre}>
                {img.Nombre || 'Sin nombre'}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {kb(img.Tamano)}
                {img.Ancho && img.Alto ? ` · ${img.Ancho}×${img.Alto}` : ''}
              </Typography.Text>
              <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 4 }}>
                {img.EsPrincipal ? (
                  <Tag color="gold" icon={<StarFilled />}>
                    Principal
                  </Tag>
                ) : (
                  <Button
                    size="small"
                    icon={<StarOutlined />}
                    aria-label={`Marcar como principal ${img.Nombre}`}
                    loading={principal.isPending && principal.variables === img.Id}
                    onClick={() => principal.mutate(img.Id, { onSuccess: () => void message.success('Imagen principal actualizada'), onError: (e) => void message.error(errorDe(e)) })}
                  >
                    Principal
                  </Button>
                )}
                <Popconfirm
                  title="¿Eliminar esta imagen?"
                  okText="Eliminar"
                  cancelText="Cancelar"
                  onConfirm={() => eliminar.mutateAsync(img.Id).then(() => void message.success('Imagen eliminada')).catch((e: unknown) => void message.error(errorDe(e)))}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Eliminar imagen ${img.Nombre}`} />
                </Popconfirm>
              </div>
            </div>
          ))}
        </div>
      </Space>
    </Card>
  );
}
