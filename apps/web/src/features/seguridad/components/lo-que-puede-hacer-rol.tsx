import { catalogoServicios, type TServicio } from '@yupana/contracts';
import { App, Alert, Card, List, Skeleton, Switch, Typography } from 'antd';
import { mensajeDeError } from '../../../lib/api-error';
import { useRolesServicios, useServicios, useVincularRolServicio } from '../api/servicios';

/** The areas of the product, as an owner names them (services are grouped by their module). */
const AREAS: Record<string, string> = {
  contabilidad: 'Comprobantes electrónicos',
  ventas: 'Ventas',
  entidades: 'Clientes, productos, sucursales y series',
  logistica: 'Productos e inventario',
  finanzas: 'Finanzas',
  pagos: 'Plan y pagos',
  rrhh: 'Recursos humanos y planillas',
  seguridad: 'Usuarios, roles y cuenta',
};
const SOLO_PROVEEDOR = new Set(catalogoServicios.filter((s) => s.SoloProveedor).map((s) => s.Codigo));

/**
 * What a role can do, in plain words, for a company's owner: every action of the product grouped by area, with a
 * switch on the roles the company created. (The permission tree and the service codes are the provider's screens.)
 */
export function LoQuePuedeHacerRol({ idRol, editable }: { idRol: number; editable: boolean }) {
  const servicios = useServicios({ pagina: 1, regxpag: 200, estado: 1 });
  const delRol = useRolesServicios({ idRol, pagina: 1, regxpag: 200, estado: 1 });
  const vincular = useVincularRolServicio();
  const { message } = App.useApp();
  if (servicios.isError || delRol.isError) return <Alert type="error" showIcon title={mensajeDeError(servicios.error ?? delRol.error)} />;
  if (!servicios.data || !delRol.data) return <Skeleton active />;
  const concedidos = new Set(delRol.data.Data.filter((v) => v.LogEstado === 1).map((v) => v.IdServicio));
  const porArea = new Map<string, TServicio[]>();
  for (const s of servicios.data.Data) {
    if (SOLO_PROVEEDOR.has(s.Codigo)) continue;
    porArea.set(s.Modulo, [...(porArea.get(s.Modulo) ?? []), s]);
  }
  const areas = [...porArea.entries()].sort(([a], [b]) => (AREAS[a] ?? a).localeCompare(AREAS[b] ?? b, 'es'));
  return (
    <div data-testid="lo-que-puede-hacer">
      <Typography.Paragraph type="secondary">
        {editable ? 'Active lo que los usuarios con este rol pueden hacer.' : 'Lo que pueden hacer los usuarios con este rol.'} Lo apagado no se les muestra y el sistema
        lo rechaza.
      </Typography.Paragraph>
      {areas.map(([modulo, lista]) => (
        <Card key={modulo} size="small" title={AREAS[modulo] ?? modulo} style={{ marginBottom: 12 }}>
          <List
            size="small"
            dataSource={lista}
            renderItem={(s) => (
              <List.Item
                actions={[
                  <Switch
                    key="s"
                    checked={concedidos.has(s.IdServicio)}
                    disabled={!editable}
                    aria-label={s.Descripcion}
                    checkedChildren="Sí"
                    unCheckedChildren="No"
                    onChange={(v) =>
                      void vincular.mutateAsync({ IdRol: idRol, IdServicio: s.IdServicio, LogEstado: v ? 1 : 0 }).then(
                        () => void message.success(v ? 'Permitido' : 'Retirado'),
                        (e: unknown) => void message.error(mensajeDeError(e)),
                      )
                    }
                  />,
                ]}
              >
                {s.Descripcion}
              </List.Item>
            )}
          />
        </Card>
      ))}
    </div>
  );
}
