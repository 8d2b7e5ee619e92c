import { FileTextOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useArticulo, useArticulos } from './api-asistente';
import { MarkdownChat } from './markdown-chat';

/** The product's help articles in the AYUDA panel: a search (accents ignored) and the article in a dialog. */
export function ArticulosAyuda({ activo, alNavegar }: { activo: boolean; alNavegar: () => void }) {
  const [buscar, setBuscar] = useState('');
  const [abierto, setAbierto] = useState<string | null>(null);
  const articulos = useArticulos(buscar, activo);
  const lista = (articulos.data?.Data ?? []).slice(0, buscar.trim() ? 6 : 5);
  return (
    <div className="yp-ayuda-articulos" data-testid="articulos-ayuda">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Buscar en la ayuda (ej. anular factura)"
        aria-label="Buscar en la ayuda"
        value={buscar}
        onChange={(e) => setBuscar(e.target.value)}
      />
      {articulos.isLoading ? (
        <Spin size="small" style={{ display: 'block', margin: 8 }} />
      ) : lista.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Ningún artículo responde a esa búsqueda" />
      ) : (
        <ul className="yp-lista yp-ayuda-lista">
          {lista.map((a) => (
            <li key={a.Slug}>
              <Button type="link" size="small" icon={<FileTextOutlined />} onClick={() => setAbierto(a.Slug)} className="yp-ayuda-enlace">
                {a.Titulo}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {abierto && <ArticuloDialogo slug={abierto} alCerrar={() => setAbierto(null)} alNavegar={alNavegar} />}
    </div>
  );
}

function ArticuloDialogo({ slug, alCerrar, alNavegar }: { slug: string; alCerrar: () => void; alNavegar: () => void }) {
  const a = useArticulo(slug).data;
  return (
    <Modal
      open
      title={a?.Titulo ?? 'Ayuda'}
      onCancel={alCerrar}
      destroyOnHidden
      footer={
        a?.Ruta ? (
          <Link
            to={a.Ruta}
            onClick={() => {
              alCerrar();
              alNavegar();
            }}
          >
            <Button type="primary">Ir a la pantalla</Button>
          </Link>
        ) : null
      }
    >
      {a ? (
        <div data-testid="articulo-ayuda">
          <Typography.Paragraph type="secondary">{a.Resumen}</Typography.Paragraph>
          <div className="yp-ayuda-contenido">
            <MarkdownChat texto={a.Contenido} />
          </div>
        </div>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
