import type { TCapacidadRol } from '@yupana/contracts';
import { App, Alert, Card, List, Skeleton, Switch, Typography } from 'antd';
import { mensajeDeError } from '../../../lib/api-error';
import { useCapacidadesRol, useGuardarCapacidad } from '../api/servicios';

/** The areas of the product, as an owner names them (actions are grouped by their module). */
const AREAS: Record<string, string> = {
  contabilidad: 'Comprobantes electrónicos',
  ventas: 'Ventas',
  entidades: 'Clientes, productos, sucursales y series',
  logistica: 'Productos e inventario',
  finanzas: 'Caja y finanzas',
  pagos: 'Plan y pagos',
  rrhh: 'Recursos humanos y planillas',
  seguridad: 'Usuarios, roles y cuenta',
};

/**
 * What a role can do, in plain words, for a company's owner: every action of the product grouped by area, with a
 * switch on the roles the company created. A switch also grants (or removes) the screens where the action is done,
 * so a user with the role can open them. (The permission tree and the service codes are support staff's tabs.)
 */
export function LoQuePuedeHacerRol({ idRol, editable }: { idRol: number; editable: boolean }) {
  const capacidades = useCapacidadesRol(idRol);
  const guardar = useGuardarCapacidad();
  const { message } = App.useApp();
  if (capacidades.isError) return <Alert type="error" showIcon title={mensajeDeError(capacidades.error)} />;
  if (!capacidades.data) return <Skeleton active />;
  const porArea = new Map<string, TCapacidadRol[]>();
  for (const c of capacidades.data.Data) porArea.set(c.Area, [...(porArea.get(c.Area) ?? []), c]);
  const areas = [...porArea.entries()].sort(([a], [b]) => (AREAS[a] ?? a).localeCompare(AREAS[b] ?? b, 'es'));
  return (
    <div data-testid="lo-que-puede-hacer">
      <Typography.Paragraph type="secondary">
        {editable ? 'Active lo que los usuarios con este rol pueden hacer; se les abren las pantallas donde se hace.' : 'Lo que pueden hacer los usuarios con este rol.'}{' '}
        Lo apagado no se les muestra y el sistema lo rechaza.
      </Typography.Paragraph>
      {areas.map(([modulo, lista]) => (
        <Card key={modulo} size="small" title={AREAS[modulo] ?? modulo} style={{ marginBottom: 12 }}>
          <List
            size="small"
            dataSource={lista}
            renderItem={(c) => (
              <List.Item
                actions={[
                  <Switch
                    key="s"
                    checked={c.Concedido}
                    disabled={!editable}
                    loading={guardar.isPending && guardar.variables?.IdServicio === c.IdServicio}
                    aria-label={c.Descripcion}
                    checkedChildren="Sí"
                    unCheckedChildren="No"
                    onChange={(v) =>
                      void guardar.mutateAsync({ IdRol: idRol, IdServicio: c.IdServicio, Concedido: v }).then(
                        () => void message.success(v ? 'Permitido' : 'Retirado'),
                        (e: unknown) => void message.error(mensajeDeError(e)),
                      )
                    }
                  />,
                ]}
              >
                <List.Item.Meta title={c.Descripcion} description={c.Pantallas.length ? `Pantalla: ${c.Pantallas.join(', ')}` : undefined} />
              </List.Item>
            )}
          />
        </Card>
      ))}
    </div>
  );
}
