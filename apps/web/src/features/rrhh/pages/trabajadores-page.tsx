import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Drawer, Empty, Form, Input, List, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { NombresSistemaPension, Parentescos, RegimenesLaborales, TiposDocumentoTrabajador, type TFamiliarGuardar, type TSistemaPension, type TTrabajador } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useAgregarFamiliar, useCatalogo, useCrearCatalogo, useFamiliares, useTrabajadores } from '../api/rrhh';
import { TrabajadorForm } from '../components/trabajador-form';
import { CuentasTrabajador } from '../components/cuentas-trabajador';
import { ContratosMasivo } from '../components/contratos-masivo';

const soles = new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'PEN', minimumFractionDigits: 2 });

/** Workers of the company with their current contract; register a worker with a contract, add relatives. */
export function TrabajadoresPage() {
  const [params, setParams] = useSearchParams();
  const filtro = params.get('filtro') ?? '';
  const pagina = Math.max(1, Number(params.get('pagina') ?? 1) || 1);
  const [texto, setTexto] = useState(filtro);
  const consulta = useTrabajadores({ filtro, pagina });
  const [edicion, setEdicion] = useState<{ trabajador: TTrabajador | null } | null>(null);
  const [familia, setFamilia] = useState<TTrabajador | null>(null);
  const [catalogos, setCatalogos] = useState(false);
  const [cuentas, setCuentas] = useState<TTrabajador | null>(null);
  const [masivo, setMasivo] = useState(false);

  const fijar = (cambios: Record<string, string | number>) => {
    const nuevo = new URLSearchParams(params);
    for (const [k, v] of Object.entries(cambios)) nuevo.set(k, String(v));
    setParams(nuevo, { replace: true });
  };

  return (
    <Card data-testid="pagina-trabajadores">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Input.Search
          allowClear
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          placeholder="Buscar por nombre o documento"
          aria-label="Buscar trabajadores"
          style={{ width: 320 }}
          onSearch={(v) => fijar({ filtro: v.trim(), pagina: 1 })}
        />
        <Space wrap>
          <Button onClick={() => setCatalogos(true)}>Áreas y cargos</Button>
          <Button onClick={() => setMasivo(true)}>Contratos masivos</Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdicion({ trabajador: null })}>
            Nuevo trabajador
          </Button>
        </Space>
      </Space>
      {consulta.isError && <Alert type="error" showIcon title={mensajeDeError(consulta.error)} style={{ marginBottom: 12 }} />}
      <Table<TTrabajador>
        rowKey="Id"
        size="middle"
        loading={consulta.isFetching}
        dataSource={consulta.data?.Data ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={filtro ? 'No se encontraron trabajadores' : 'Aún no hay trabajadores registrados'} /> }}
        pagination={{ current: pagina, pageSize: 10, total: consulta.data?.Count ?? 0, showSizeChanger: false, showTotal: (t) => `${t} trabajadores`, onChange: (p) => fijar({ pagina: p }) }}
        columns={[
          { title: 'Documento', key: 'doc', render: (_, t) => `${TiposDocumentoTrabajador[t.IdTipoDocumento as 1] ?? ''} ${t.Documento}` },
          { title: 'Trabajador', dataIndex: 'NombreCompleto' },
          { title: 'Cargo', key: 'cargo', render: (_, t) => t.Contrato?.Cargo ?? '—' },
          { title: 'Régimen', key: 'regimen', render: (_, t) => (t.Contrato ? RegimenesLaborales[t.Contrato.Regimen as 1] : <Tag color="warning">Sin contrato</Tag>) },
          { title: 'Pensión', key: 'pension', render: (_, t) => (t.Contrato ? NombresSistemaPension[t.Contrato.SistemaPension as TSistemaPension] : '—') },
          { title: 'Remuneración', key: 'rem', align: 'right', render: (_, t) => (t.Contrato ? soles.format(Number(t.Contrato.Remuneracion)) : '—') },
          { title: 'Asig. familiar', key: 'af', render: (_, t) => (t.Contrato?.AsignacionFamiliar ? <Tag color="blue">Sí</Tag> : 'No') },
          {
            title: 'Acciones',
            key: 'acciones',
            render: (_, t) => (
              <Space size={0}>
                <Button type="link" onClick={() => setEdicion({ trabajador: t })}>
                  Editar
                </Button>
                <Button type="link" onClick={() => setFamilia(t)}>
                  Familiares ({t.NumeroFamiliares})
                </Button>
                <Button type="link" onClick={() => setCuentas(t)} aria-label={`Cuentas bancarias de ${t.NombreCompleto}`}>
                  Cuentas
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={!!edicion} title={edicion?.trabajador ? 'Editar trabajador' : 'Nuevo trabajador'} size={640} onClose={() => setEdicion(null)} destroyOnHidden>
        {edicion && <TrabajadorForm trabajador={edicion.trabajador} onCancelar={() => setEdicion(null)} onGuardado={() => setEdicion(null)} />}
      </Drawer>
      <Drawer open={!!familia} title={familia ? `Familiares de ${familia.NombreCompleto}` : ''} size={560} onClose={() => setFamilia(null)} destroyOnHidden>
        {familia && <Familiares trabajador={familia} />}
      </Drawer>
      <Drawer open={!!cuentas} title={cuentas ? `Cuentas bancarias de ${cuentas.NombreCompleto}` : ''} size={560} onClose={() => setCuentas(null)} destroyOnHidden>
        {cuentas && <CuentasTrabajador trabajador={cuentas} onGuardado={() => setCuentas(null)} />}
      </Drawer>
      <Drawer open={masivo} title="Contratos masivos" size={560} onClose={() => setMasivo(false)} destroyOnHidden>
        {masivo && <ContratosMasivo trabajadores={consulta.data?.Data ?? []} onGuardado={() => setMasivo(false)} />}
      </Drawer>
      <Drawer open={catalogos} title="Áreas y cargos" size={480} onClose={() => setCatalogos(false)} destroyOnHidden>
        <Catalogo tipo="areas" titulo="Nueva área" />
        <Catalogo tipo="cargos" titulo="Nuevo cargo" />
      </Drawer>
    </Card>
  );
}

function Familiares({ trabajador }: { trabajador: TTrabajador }) {
  const lista = useFamiliares(trabajador.Id);
  const agregar = useAgregarFamiliar();
  const { message } = App.useApp();
  const [form] = Form.useForm<Omit<TFamiliarGuardar, 'IdTrabajador'>>();

  async function enviar(v: Omit<TFamiliarGuardar, 'IdTrabajador'>) {
    try {
      await agregar.mutateAsync({ ...v, ApeMat: v.ApeMat || null, IdTrabajador: trabajador.Id });
      message.success('Familiar registrado');
      form.resetFields();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as never, errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }

  return (
    <>
      <List
        loading={lista.isFetching}
        locale={{ emptyText: 'Sin familiares registrados' }}
        dataSource={lista.data?.Data ?? []}
        renderItem={(f) => (
          <List.Item>
            <List.Item.Meta title={f.Nombre} description={`${Parentescos[f.Parentesco as 1]} · ${TiposDocumentoTrabajador[f.IdTipoDocumento as 1] ?? ''} ${f.Documento}`} />
          </List.Item>
        )}
      />
      <Typography.Title level={5}>Registrar familiar</Typography.Title>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ IdTipoDocumento: 1, Parentesco: 2 }} requiredMark="optional">
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item name="IdTipoDocumento" label="Tipo de documento" rules={[{ required: true }]}>
              <Select options={Object.entries(TiposDocumentoTrabajador).map(([value, label]) => ({ value: Number(value), label }))} />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item name="Documento" label="Número de documento" rules={[{ required: true, whitespace: true, message: 'Ingrese el número de documento' }]}>
              <Input maxLength={15} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="Nombres" label="Nombres" rules={[{ required: true, whitespace: true, message: 'Ingrese los nombres' }]}>
          <Input maxLength={150} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="ApePat" label="Apellido paterno" rules={[{ required: true, whitespace: true, message: 'Ingrese el apellido paterno' }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="ApeMat" label="Apellido materno">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="Parentesco" label="Parentesco" rules={[{ required: true, message: 'Seleccione el parentesco' }]}>
          <Select options={Object.entries(Parentescos).map(([value, label]) => ({ value: Number(value), label }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={agregar.isPending}>
          Agregar familiar
        </Button>
      </Form>
    </>
  );
}

function Catalogo({ tipo, titulo }: { tipo: 'areas' | 'cargos'; titulo: string }) {
  const crear = useCrearCatalogo(tipo);
  const lista = useCatalogo(tipo);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ Nombre: string }>();
  async function enviar(v: { Nombre: string }) {
    try {
      await crear.mutateAsync(v.Nombre);
      message.success(tipo === 'areas' ? 'Área registrada' : 'Cargo registrado');
      form.resetFields();
    } catch (e) {
      if (e instanceof ApiError && e.errores.Nombre) form.setFields([{ name: 'Nombre', errors: [e.errores.Nombre] }]);
      else message.error(mensajeDeError(e));
    }
  }
  return (
    <>
    <Typography.Title level={5}>{tipo === 'areas' ? 'Áreas' : 'Cargos'}</Typography.Title>
    <Space wrap style={{ marginBottom: 8 }}>
      {(lista.data?.Data ?? []).map((x) => (
        <Tag key={x.Id}>{x.Nombre}</Tag>
      ))}
    </Space>
    <Form form={form} layout="inline" onFinish={enviar} style={{ marginBottom: 24 }}>
      <Form.Item name="Nombre" label={titulo} rules={[{ required: true, whitespace: true, message: 'Ingrese el nombre' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Button htmlType="submit" loading={crear.isPending}>
        Agregar
      </Button>
    </Form>
    </>
  );
}
