import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Empty, Form, Input, List, Modal, Popconfirm, Row, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import type { TGrupo, TGrupoGuardar } from '@yupana/contracts';
import { mensajeDeError } from '../../../lib/api-error';
import { useAccionGrupo, useGrupos, useMiembrosGrupo } from '../api/fotocheck';
import { useCatalogo, useTrabajadores } from '../api/rrhh';

/** Groups of workers: create, rename, delete; add workers one by one or a whole area; remove members. */
export function GruposPage() {
  const { message } = App.useApp();
  const grupos = useGrupos();
  const accion = useAccionGrupo();
  const [elegido, setElegido] = useState<TGrupo | null>(null);
  const [edicion, setEdicion] = useState<{ grupo: TGrupo | null } | null>(null);
  const [form] = Form.useForm<TGrupoGuardar>();
  const ejecutar = async (a: Parameters<typeof accion.mutateAsync>[0], ok: string) => {
    try {
      await accion.mutateAsync(a);
      message.success(ok);
      return true;
    } catch (e) {
      message.error(mensajeDeError(e));
      return false;
    }
  };
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
        <Col xs={24} md={15}>{grupoActual ? <Miembros grupo={grupoActual} ejecutar={ejecutar} /> : <Empty description="Elija un grupo para ver sus integrantes" />}</Col>
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
