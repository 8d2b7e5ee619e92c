import { DownloadOutlined, PlusOutlined, TagsOutlined, StarFilled, StarOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Drawer, Empty, Input, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MENSAJES_BUSQUEDA_ITEM, TiposExistencia, type TItem } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useItems } from '../api/buscar-items';
import { useMarcarFavorito } from '../api/marcar-favorito';
import { ItemForm } from '../components/item-form';
import { ImportacionCatalogo } from '../components/importacion-catalogo';
import { MarcasCategorias } from '../components/marcas-categorias';
import { exportarCatalogo } from '../api/catalogo';
import { TablaAdaptable } from '../../../components/tabla-adaptable';

const soles = new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'PEN', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** Products and services: search with at least three letters, 10 per page, favourites first. */
export function ItemsPage() {
  const [params, setParams] = useSearchParams();
  const filtro = params.get('filtro') ?? '';
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const soloFavoritos = params.get('favoritos') === '1';
  const tipoexistencia = params.get('tipo') ?? '';
  const [texto, setTexto] = useState(filtro);
  const consulta = useItems({ filtro, pagina, soloFavoritos, tipoexistencia });
  const favorito = useMarcarFavorito();
  const { message } = App.useApp();
  const [edicion, setEdicion] = useState<{ item: TItem | null } | null>(null);
  const [importando, setImportando] = useState(false);
  const [marcas, setMarcas] = useState(false);
  const [exportando, setExportando] = useState(false);
  const corto = texto.trim().length > 0 && texto.trim().length < 3;

  const fijar = (cambios: Record<string, string | number>) => {
    const nuevo = new URLSearchParams(params);
    for (const [k, v] of Object.entries(cambios)) nuevo.set(k, String(v));
    setParams(nuevo, { replace: true });
  };

  const vacio = filtro ? (
    <Empty
      description={
        <>
          <Typography.Text strong>{MENSAJES_BUSQUEDA_ITEM.SIN_RESULTADOS}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{MENSAJES_BUSQUEDA_ITEM.REVISE}</Typography.Text>
        </>
      }
    />
  ) : (
    <Empty description="Aún no hay productos o servicios registrados" />
  );

  return (
    <Card data-testid="pagina-items">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Space wrap align="start">
          <div>
            <Input.Search
              allowClear
              value={texto}
              onChange={(e) => setTexto(e.target.value)}
              placeholder="Buscar por descripción o código"
              aria-label="Buscar productos o servicios"
              style={{ width: 320 }}
              onSearch={(v) => {
                if (v.trim().length > 0 && v.trim().length < 3) return;
                fijar({ filtro: v.trim(), pagina: 1 });
              }}
            />
            <div style={{ minHeight: 20, fontSize: 12, color: '#d48806' }}>{corto ? MENSAJES_BUSQUEDA_ITEM.TRES_LETRAS : ''}</div>
          </div>
          <Segmented
            value={soloFavoritos ? 1 : 0}
            onChange={(v) => fijar({ favoritos: v as number, pagina: 1 })}
            options={[
              { value: 0, label: 'Todos' },
              { value: 1, label: 'Favoritos' },
            ]}
          />
          <Select
            value={tipoexistencia}
            onChange={(v: string) => fijar({ tipo: v, pagina: 1 })}
            aria-label="Tipo de existencia"
            style={{ width: 240 }}
            options={[{ value: '', label: 'Todos los tipos de existencia' }, ...Object.entries(TiposExistencia).map(([value, label]) => ({ value, label: `${value} - ${label}` }))]}
          />
        </Space>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={exportando}
            onClick={() => {
              setExportando(true);
              exportarCatalogo({ filtro, soloFavoritos, tipoexistencia })
                .catch((e: unknown) => message.error(mensajeDeError(e)))
                .finally(() => setExportando(false));
            }}
          >
            Exportar a Excel
          </Button>
          <Button icon={<TagsOutlined />} onClick={() => setMarcas(true)}>
            Marcas y categorías
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImportando(true)}>
            Importar desde Excel
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdicion({ item: null })}>
            Nuevo producto o servicio
          </Button>
        </Space>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <TablaAdaptable<TItem>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 800 }}
        locale={{ emptyText: vacio }}
        pagination={{ current: pagina, pageSize: 10, total: consulta.data?.Count ?? 0, showSizeChanger: false, showTotal: (t) => `${t} registros`, onChange: (p) => fijar({ pagina: p }) }}
        columns={[
          {
            title: '',
            key: 'fav',
            width: 48,
            render: (_, i) => (
              <Button
                type="text"
                aria-label={i.EsFavorito ? 'Quitar de favoritos' : 'Marcar como favorito'}
                icon={i.EsFavorito ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                onClick={() => favorito.mutateAsync({ id: i.Id, esFavorito: !i.EsFavorito }).catch((e: unknown) => message.error(mensajeDeError(e)))}
              />
            ),
          },
          { title: 'Código', dataIndex: 'Codigo' },
          { title: 'Descripción', dataIndex: 'Descripcion' },
          { title: 'Marca', dataIndex: 'Marca', render: (v: string | null) => v ?? '—' },
          { title: 'Categoría', dataIndex: 'Categoria', render: (v: string | null) => v ?? '—' },
          { title: 'Unidad', dataIndex: 'CodigoUnidad', render: (u: string) => <Tag>{u}</Tag> },
          { title: 'Precio (con IGV)', dataIndex: 'PrecioUnitario', align: 'right', render: (v: string) => soles.format(Number(v)) },
          { title: 'Valor (sin IGV)', dataIndex: 'ValorUnitario', align: 'right', render: (v: string) => soles.format(Number(v)) },
          { title: 'Afectación', dataIndex: 'AfectacionIgv' },
          { title: 'Tipo de existencia', dataIndex: 'TipoExistencia', render: (t: string) => <Tag title={TiposExistencia[t as keyof typeof TiposExistencia]}>{t}</Tag> },
          { title: 'Código de producto', key: 'cp', render: (_, i) => (i.CodigoProducto ? `${i.EstandarCodigoProducto} ${i.CodigoProducto}` : '—') },
          {
            title: 'Acciones',
            key: 'acciones',
            render: (_, i) => (
              <Button type="link" onClick={() => setEdicion({ item: i })}>
                Editar
              </Button>
            ),
          },
        ]}
      />
      <Drawer open={!!edicion} title={edicion?.item ? 'Editar producto o servicio' : 'Nuevo producto o servicio'} size={560} onClose={() => setEdicion(null)} destroyOnHidden>
        {edicion && <ItemForm item={edicion.item} onCancelar={() => setEdicion(null)} onGuardado={() => setEdicion(null)} />}
      </Drawer>
      <Drawer open={marcas} title="Marcas y categorías de productos" size={560} onClose={() => setMarcas(false)} destroyOnHidden>
        {marcas && <MarcasCategorias />}
      </Drawer>
      <Drawer open={importando} title="Importar productos y servicios desde Excel" size={720} onClose={() => setImportando(false)} destroyOnHidden>
        <ImportacionCatalogo />
      </Drawer>
    </Card>
  );
}
