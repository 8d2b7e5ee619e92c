import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Col, Empty, Form, Input, List, Modal, Popconfirm, Row, Select, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { MonedasGrupoPrecio, type TGrupo, type TGrupoClonar, type TGrupoGuardar, type TItem } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useAccionGrupo, useGrupos, useMiembrosGrupo } from '../api/fotocheck';
import { buscarItemsParaGrupo, useAccionListaPrecios, useListaPreciosGrupo } from '../api/grupos-precios';
import { useCatalogo, useTrabajadores } from '../api/rrhh';
import { importe, monto } from '../../../lib/formato';

/** Runs a group action: says `ok` or the API's Spanish error, and answers whether it went through. */
function useEjecutar<A>(accion: { mutateAsync: (a: A) => Promise<unknown> }) {
  const { message } = App.useApp();
  return async (a: A, ok: string) => {
    try {
      await accion.mutateAsync(a);
      message.success(ok);
      return true;
    } catch (e) {
      message.error(mensajeDeError(e));
      return false;
    }
  };
}

/**
 * Groups of workers: create, rename, delete, clone; add workers one by one or a whole area; remove members; the group's
 * price list (special prices its workers pay for catalogue items), copied from another group or emptied.
 */
export function GruposPage() {
  const grupos = useGrupos();
  const accion = useAccionGrupo();
  const [elegido, setElegido] = useState<TGrupo | null>(null);
  const [edicion, setEdicion] = useState<{ grupo: TGrupo | null } | null>(null);
  const [form] = Form.useForm<TGrupoGuardar>();
  const ejecutar = useEjecutar(accion);
  const grupoActual = elegido ? (grupos.data?.Data.find((g) => g.Id === elegido.Id) ?? null) : null;

  return (
    <Card data-testid="pagina-grupos">
      <Row gutter={16}>
        <Col xs={24} md={9}>
          <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              Grupos
            </Typography.Title>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                form.setFieldsValue({ Nombre: '', Descripcion: '' });
                setEdicion({ grupo: null });
              }}
            >
              Nuevo grupo
            </Button>
          </Space>
          {grupos.isError && <Alert type="error" showIcon title={mensajeDeError(grupos.error)} />}
          <List
            bordered
            loading={grupos.isLoading}
            dataSource={grupos.data?.Data ?? []}
            locale={{ emptyText: <Empty description="Aún no hay grupos" /> }}
            renderItem={(g) => (
              <List.Item
                style={{ cursor: 'pointer', background: grupoActual?.Id === g.Id ? '#e6f4ff' : undefined }}
                onClick={() => setElegido(g)}
                actions={[
                  <Button
                    key="e"
                    type="link"
                    size="small"
                    onClick={(ev) => {
                      ev.stopPropagation();
                      form.setFieldsValue({ Nombre: g.Nombre, Descripcion: g.Descripcion });
                      setEdicion({ grupo: g });
                    }}
                  >
                    Editar
                  </Button>,
                  <Popconfirm key="d" title="¿Eliminar el grupo y quitar a sus integrantes?" okText="Eliminar" cancelText="Cancelar" onConfirm={() => void ejecutar({ tipo: 'eliminar', id: g.Id }, 'Grupo eliminado').then(() => setElegido(null))}>
                    <Button type="link" size="small" danger onClick={(ev) => ev.stopPropagation()}>
                      Eliminar
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta title={g.Nombre} description={`${g.Miembros} integrante(s)${g.Descripcion ? ` · ${g.Descripcion}` : ''}`} />
              </List.Item>
            )}
          />
        </Col>
        <Col xs={24} md={15}>
          {grupoActual ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {grupoActual.Nombre}
                </Typography.Title>
                <ClonarGrupo grupo={grupoActual} alClonar={setElegido} />
              </Space>
              <Tabs
                items={[
                  { key: 'miembros', label: 'Integrantes', children: <Miembros grupo={grupoActual} ejecutar={ejecutar} /> },
                  { key: 'precios', label: 'Lista de precios', children: <ListaPrecios grupo={grupoActual} grupos={grupos.data?.Data ?? []} /> },
                ]}
              />
            </Space>
          ) : (
            <Empty description="Elija un grupo para ver sus integrantes y su lista de precios" />
          )}
        </Col>
      </Row>
      <Modal
        open={!!edicion}
        title={edicion?.grupo ? 'Editar grupo' : 'Nuevo grupo'}
        okText="Guardar"
        cancelText="Cancelar"
        confirmLoading={accion.isPending}
        onCancel={() => setEdicion(null)}
        onOk={() =>
          void form.validateFields().then(async (datos) => {
            if (await ejecutar({ tipo: 'guardar', id: edicion?.grupo?.Id, datos }, 'Grupo guardado')) setEdicion(null);
          })
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item name="Nombre" label="Nombre" rules={[{ required: true, whitespace: true, message: 'Ingrese el nombre del grupo' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="Descripcion" label="Descripción">
            <Input maxLength={300} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

type TEjecutar = (a: Parameters<ReturnType<typeof useAccionGrupo>['mutateAsync']>[0], ok: string) => Promise<boolean>;

function Miembros({ grupo, ejecutar }: { grupo: TGrupo; ejecutar: TEjecutar }) {
  const miembros = useMiembrosGrupo(grupo.Id);
  const areas = useCatalogo('areas');
  const [filtro, setFiltro] = useState('');
  const candidatos = useTrabajadores({ filtro, pagina: 1 });
  const [nuevos, setNuevos] = useState<number[]>([]);
  const [idArea, setIdArea] = useState<number | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Integrantes de {grupo.Nombre}
      </Typography.Title>
      <Space wrap>
        <Select
          mode="multiple"
          aria-label="Trabajadores a agregar"
          placeholder="Buscar trabajadores por nombre o documento"
          style={{ minWidth: 320 }}
          showSearch={{ filterOption: false, onSearch: setFiltro }}
          value={nuevos}
          onChange={setNuevos}
          options={(candidatos.data?.Data ?? []).map((t) => ({ value: t.Id, label: `${t.NombreCompleto} (${t.Documento})` }))}
        />
        <Button disabled={!nuevos.length} onClick={() => void ejecutar({ tipo: 'asignar', IdGrupo: grupo.Id, IdsTrabajador: nuevos }, 'Trabajadores agregados').then((ok) => ok && setNuevos([]))}>
          Agregar
        </Button>
      </Space>
      <Space wrap>
        <Select
          aria-label="Área a copiar"
          placeholder="Copiar los trabajadores de un área"
          style={{ width: 320 }}
          value={idArea ?? undefined}
          onChange={(v: number) => setIdArea(v)}
          options={(areas.data?.Data ?? []).map((a) => ({ value: a.Id, label: a.Nombre }))}
        />
        <Button disabled={idArea === null} onClick={() => idArea !== null && void ejecutar({ tipo: 'copiarArea', IdGrupo: grupo.Id, IdArea: idArea }, 'Trabajadores del área copiados')}>
          Copiar área
        </Button>
      </Space>
      <Table
        rowKey="IdTrabajador"
        size="small"
        loading={miembros.isFetching}
        dataSource={miembros.data?.Data ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        locale={{ emptyText: <Empty description="El grupo no tiene integrantes" /> }}
        columns={[
          { title: 'Documento', dataIndex: 'Documento' },
          { title: 'Trabajador', dataIndex: 'NombreCompleto' },
          { title: 'Área', key: 'area', render: (_, m) => m.Area ?? '—' },
          {
            title: 'Acciones',
            key: 'acc',
            render: (_, m) => (
              <Button type="link" danger onClick={() => void ejecutar({ tipo: 'quitar', IdGrupo: grupo.Id, IdsTrabajador: [m.IdTrabajador] }, 'Trabajador quitado del grupo')}>
                Quitar
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}

/** Clones the group: a new name, the same price list and, when ticked, the same members. */
function ClonarGrupo({ grupo, alClonar }: { grupo: TGrupo; alClonar: (g: TGrupo) => void }) {
  const { message } = App.useApp();
  const accion = useAccionListaPrecios();
  const [abierto, setAbierto] = useState(false);
  const [form] = Form.useForm<TGrupoClonar>();
  return (
    <>
      <Button
        onClick={() => {
          form.setFieldsValue({ Nombre: `${grupo.Nombre} (copia)`.slice(0, 100), Descripcion: grupo.Descripcion, ConColaboradores: false });
          setAbierto(true);
        }}
      >
        Clonar grupo
      </Button>
      <Modal
        open={abierto}
        title="Clonar grupo"
        okText="Clonar"
        cancelText="Cancelar"
        confirmLoading={accion.isPending}
        onCancel={() => setAbierto(false)}
        onOk={() =>
          void form.validateFields().then(async (datos) => {
            try {
              const nuevo = (await accion.mutateAsync({ tipo: 'clonar', IdGrupo: grupo.Id, datos })) as TGrupo;
              message.success('Grupo clonado');
              setAbierto(false);
              alClonar(nuevo);
            } catch (e) {
              message.error(mensajeDeError(e));
            }
          })
        }
      >
        <Typography.Paragraph type="secondary">Se crea un grupo nuevo con la misma lista de precios de «{grupo.Nombre}».</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item name="Nombre" label="Nombre del grupo nuevo" rules={[{ required: true, whitespace: true, message: 'Ingrese el nombre del grupo' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="Descripcion" label="Descripción">
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item name="ConColaboradores" valuePropName="checked">
            <Checkbox>Copiar también los integrantes</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

const PRECIO_VALIDO = /^\d{1,12}(\.\d{1,10})?$/;

/** The group's price list: search an item, set its price per unit, remove a line; copy another group's list or empty it. */
function ListaPrecios({ grupo, grupos }: { grupo: TGrupo; grupos: TGrupo[] }) {
  const { message } = App.useApp();
  const lista = useListaPreciosGrupo(grupo.Id);
  const accion = useAccionListaPrecios();
  const [opciones, setOpciones] = useState<TItem[]>([]);
  const [elegido, setElegido] = useState<TItem | null>(null);
  const [unidad, setUnidad] = useState<string | null>(null);
  const [precio, setPrecio] = useState('');
  const [moneda, setMoneda] = useState<1 | 2>(1);
  const [copiar, setCopiar] = useState<{ origen: number | null } | null>(null);
  const ejecutar = useEjecutar(accion);
  const buscar = async (texto: string) => {
    if (texto.trim().length < 2) return;
    try {
      setOpciones((await buscarItemsParaGrupo(texto)).Data);
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  };
  const precioValido = PRECIO_VALIDO.test(precio.trim());
  const fijar = async () => {
    if (!elegido || !precioValido) return;
    const ok = await ejecutar({ tipo: 'precios', IdGrupo: grupo.Id, datos: { Precios: [{ IdItem: elegido.Id, CodigoUnidad: unidad ?? elegido.CodigoUnidad, Precio: precio.trim(), IdMoneda: moneda }] } }, 'Precio guardado');
    if (ok) {
      setElegido(null);
      setUnidad(null);
      setPrecio('');
    }
  };
  const otros = grupos.filter((g) => g.Id !== grupo.Id);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          aria-label="Ítem a agregar"
          placeholder="Buscar ítem por código o descripción"
          style={{ minWidth: 300 }}
          showSearch={{ filterOption: false, onSearch: (t) => void buscar(t) }}
          value={elegido?.Id}
          onChange={(id: number) => {
            setElegido(opciones.find((o) => o.Id === id) ?? null);
            setUnidad(null);
          }}
          options={opciones.map((o) => ({ value: o.Id, label: `${o.Codigo} - ${o.Descripcion}` }))}
          notFoundContent="Escriba al menos 2 letras"
        />
        <Select
          aria-label="Unidad"
          style={{ width: 150 }}
          disabled={!elegido}
          value={elegido ? (unidad ?? elegido.CodigoUnidad) : undefined}
          onChange={(u: string) => setUnidad(u)}
          options={elegido ? [{ value: elegido.CodigoUnidad, label: `${elegido.CodigoUnidad} (unidad)` }, ...(elegido.Presentaciones ?? []).map((p) => ({ value: p.CodigoUnidad, label: `${p.CodigoUnidad} x ${p.Factor}` }))] : []}
        />
        <Select aria-label="Moneda" style={{ width: 90 }} value={moneda} onChange={(m: 1 | 2) => setMoneda(m)} options={[1, 2].map((m) => ({ value: m, label: MonedasGrupoPrecio[m as 1 | 2] }))} />
        <Input
          aria-label="Precio del grupo"
          placeholder="Precio con IGV"
          style={{ width: 140 }}
          value={precio}
          status={precio && !precioValido ? 'error' : undefined}
          onChange={(ev) => setPrecio(ev.target.value)}
          onPressEnter={() => void fijar()}
        />
        <Button type="primary" disabled={!elegido || !precioValido} loading={accion.isPending} onClick={() => void fijar()}>
          Fijar precio
        </Button>
      </Space>
      {precio && !precioValido && <Typography.Text type="danger">Precio no válido: un número no negativo con hasta 10 decimales (p. ej. 12.50)</Typography.Text>}
      <Space wrap>
        <Button disabled={!otros.length} onClick={() => setCopiar({ origen: null })}>
          Copiar lista de otro grupo
        </Button>
        <Popconfirm title="¿Vaciar la lista de precios del grupo?" description="Se quitan todos sus precios; los integrantes se quedan." okText="Vaciar" cancelText="Cancelar" onConfirm={() => void ejecutar({ tipo: 'vaciar', IdGrupo: grupo.Id }, 'Lista de precios vaciada')}>
          <Button danger disabled={!lista.data?.Count}>
            Vaciar lista
          </Button>
        </Popconfirm>
      </Space>
      {lista.isError && <Alert type="error" showIcon title={mensajeDeError(lista.error)} />}
      <Table
        rowKey={(p) => `${p.IdItem}-${p.CodigoUnidad}`}
        size="small"
        loading={lista.isFetching}
        dataSource={lista.data?.Data ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        locale={{ emptyText: <Empty description="El grupo no tiene precios especiales" /> }}
        columns={[
          { title: 'Código', dataIndex: 'Codigo' },
          { title: 'Ítem', dataIndex: 'Descripcion' },
          { title: 'Unidad', key: 'u', render: (_, p) => (p.Factor === '1.00' ? p.CodigoUnidad : `${p.CodigoUnidad} x ${p.Factor}`) },
          { title: 'Precio del grupo', key: 'p', align: 'right', render: (_, p) => importe(MonedasGrupoPrecio[p.IdMoneda as 1 | 2] ?? '', monto(p.Precio)) },
          { title: 'Precio normal', key: 'b', align: 'right', render: (_, p) => importe('S/', monto(p.PrecioBase)) },
          {
            title: 'Acciones',
            key: 'acc',
            render: (_, p) => (
              <Button type="link" danger onClick={() => void ejecutar({ tipo: 'precios', IdGrupo: grupo.Id, datos: { Precios: [{ IdItem: p.IdItem, CodigoUnidad: p.CodigoUnidad, Precio: null }] } }, 'Precio quitado')}>
                Quitar
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!copiar}
        title="Copiar lista de otro grupo"
        okText="Copiar y reemplazar"
        cancelText="Cancelar"
        okButtonProps={{ disabled: !copiar?.origen }}
        confirmLoading={accion.isPending}
        onCancel={() => setCopiar(null)}
        onOk={() => {
          if (copiar?.origen) void ejecutar({ tipo: 'copiar', IdGrupo: grupo.Id, IdGrupoOrigen: copiar.origen }, 'Lista de precios copiada').then((ok) => ok && setCopiar(null));
        }}
      >
        <Typography.Paragraph>La lista de precios de «{grupo.Nombre}» se reemplaza por la del grupo que elija.</Typography.Paragraph>
        <Select
          aria-label="Grupo de origen"
          placeholder="Elija el grupo"
          style={{ width: '100%' }}
          value={copiar?.origen ?? undefined}
          onChange={(v: number) => setCopiar({ origen: v })}
          options={otros.map((g) => ({ value: g.Id, label: g.Nombre }))}
        />
      </Modal>
    </Space>
  );
}
