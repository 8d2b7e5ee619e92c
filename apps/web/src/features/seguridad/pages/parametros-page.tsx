import type { TParametroFila } from '@yupana/contracts';
import { App, Button, Card, Select, Space, Switch, Tag, Typography } from 'antd';
import { TablaAdaptable } from '../../../components/tabla-adaptable';
import { useState } from 'react';
import { authStorage } from '../../../lib/auth-storage';
import { mensajeDeError } from '../../../lib/api-error';
import { useGuardarParametro, useParametros, useUsuariosEmpresa } from '../api/parametros';

const siNo = (v: string | null) => (v === null ? null : v === '1' ? 'Sí' : 'No');

/** Security parameters of the company (IdUsuario 0) and, for a chosen user, their own value that overrides it. */
export function ParametrosPage() {
  const idEmpresa = authStorage.dataUser()?.IdEntidadEmpresa ?? 0;
  const [idUsuario, setIdUsuario] = useState(0);
  const usuarios = useUsuariosEmpresa(idEmpresa);
  const parametros = useParametros(idUsuario);
  const guardar = useGuardarParametro();
  const { message } = App.useApp();
  const fijar = (p: TParametroFila, id: number, activo: boolean | null) =>
    void guardar.mutateAsync({ IdUsuario: id, Codigo: p.Codigo, Valor: activo === null ? '' : activo ? '1' : '0' }).then(
      () => void message.success(activo === null ? `${p.Nombre}: el usuario usa el valor de la empresa` : `${p.Nombre}: ${activo ? 'Sí' : 'No'}${id ? ' para el usuario' : ' para la empresa'}`),
      (e: unknown) => void message.error(mensajeDeError(e)),
    );
  return (
    <Card data-testid="pagina-parametros">
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>Usuario:</Typography.Text>
        <Select
          showSearch
          optionFilterProp="label"
          value={idUsuario}
          onChange={setIdUsuario}
          style={{ width: 280 }}
          aria-label="Usuario"
          loading={usuarios.isLoading}
          options={[{ value: 0, label: 'Solo la empresa' }, ...(usuarios.data?.Data ?? []).map((u) => ({ value: u.IdUsuario, label: `${u.Usuario} (${u.Nombres} ${u.Apellidos})` }))]}
        />
      </Space>
      <TablaAdaptable<TParametroFila>
        rowKey="Codigo"
        loading={parametros.isFetching}
        dataSource={parametros.data?.Data}
        pagination={false}
        locale={{ emptyText: parametros.isError ? mensajeDeError(parametros.error) : 'No hay parámetros' }}
        columns={[
          { title: 'Parámetro', dataIndex: 'Nombre', render: (n: string, p) => <span title={p.Codigo}>{n}</span> },
          { title: 'Descripción', dataIndex: 'Descripcion' },
          {
            title: 'Empresa',
            key: 'empresa',
            render: (_, p) => (
              <Switch checked={(p.ValorEmpresa ?? p.Defecto) === '1'} checkedChildren="Sí" unCheckedChildren="No" loading={guardar.isPending} aria-label={`${p.Nombre} de la empresa`} onChange={(v) => fijar(p, 0, v)} />
            ),
          },
          ...(idUsuario
            ? [
                {
                  title: 'Usuario',
                  key: 'usuario',
                  render: (_: unknown, p: TParametroFila) =>
                    p.Ambito === 'empresa' ? (
                      <Tag>Solo para la empresa</Tag>
                    ) : (
                      <Space>
                        <Switch checked={p.ValorEfectivo === '1'} checkedChildren="Sí" unCheckedChildren="No" loading={guardar.isPending} aria-label={`${p.Nombre} del usuario`} onChange={(v) => fijar(p, idUsuario, v)} />
                        {p.ValorUsuario === null ? (
                          <Tag>Usa el de la empresa</Tag>
                        ) : (
                          <Button size="small" onClick={() => fijar(p, idUsuario, null)}>
                            Usar el de la empresa
                          </Button>
                        )}
                      </Space>
                    ),
                },
                { title: 'Aplicado', key: 'efectivo', render: (_: unknown, p: TParametroFila) => <Tag color={p.ValorEfectivo === '1' ? 'blue' : undefined} data-testid={`aplicado-${p.Codigo}`}>{siNo(p.ValorEfectivo)}</Tag> },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
