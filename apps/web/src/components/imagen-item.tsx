import { PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { obtenerArchivo } from '../lib/archivos';

type Props = {
  idItem: number;
  /** The image to show; null or undefined: the neutral placeholder. */
  idImagen: number | null | undefined;
  /** Side of the square box, in pixels. */
  tamano?: number;
  /** The server's small PNG (the original when it has none). */
  miniatura?: boolean;
  alt: string;
};

/**
 * An item's image, fetched with the session's token (images have no public URL) and shown from an object URL inside a
 * square box (contain, so any proportion fits). An image never changes under its id: the query is kept for the session.
 */
export function ImagenItem({ idItem, idImagen, tamano = 64, miniatura = true, alt }: Props) {
  const consulta = useQuery({
    queryKey: ['item-imagen', idItem, idImagen, miniatura],
    queryFn: async () => (await obtenerArchivo(`/logistica/v1/items/${idItem}/imagenes/${idImagen}`, { miniatura: miniatura ? 'true' : undefined })).blob,
    enabled: !!idImagen,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!consulta.data) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(consulta.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [consulta.data]);

  const caja: React.CSSProperties = {
    width: tamano,
    height: tamano,
    flex: 'none',
    borderRadius: 6,
    overflow: 'hidden',
    background: '#f5f5f5',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  };
  if (idImagen && url)
    return (
      <div style={caja}>
        <img src={url} alt={alt} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} data-testid="imagen-item" />
      </div>
    );
  return (
    <div style={caja} role="img" aria-label={idImagen ? `${alt} (cargando)` : `${alt} (sin imagen)`} data-testid="imagen-item-vacia">
      <PictureOutlined style={{ fontSize: Math.round(tamano / 2.5), color: '#bfbfbf' }} />
    </div>
  );
}
