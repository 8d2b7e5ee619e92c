import { ShopOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { TSucursalResumen } from '@yupana/contracts';
import { useUsuarioActual } from '../../lib/api/get-usuario';
import { guardarSucursalActiva, useSucursalActiva } from '../../lib/permissions/sucursal-activa';

export { colorDeInicial } from './color-sucursal';

// The dialog (antd's Table and Modal) is loaded when first opened: the shell's first load stays lighter (issue 17).
const DialogoSeleccionSucursal = lazy(() => import('./dialogo-seleccion-sucursal').then((m) => ({ default: m.DialogoSeleccionSucursal })));

/**
 * The branch the user works in. Until the user chooses (or when the stored one is no longer assigned) the first
 * assigned branch is used, so nobody is stopped by a dialog right after signing in; the header button opens the
 * dialog to change it.
 */
export function SelectorSucursal({ compacto = false }: { compacto?: boolean }) {
  const sucursales = useUsuarioActual().data?.Sucursales ?? [];
  const activa = useSucursalActiva();
  const [pedido, setPedido] = useState(false);
  const valida = !!activa && sucursales.some((s) => s.Id === activa.Id);

  useEffect(() => {
    if (!valida && sucursales.length > 0) guardarSucursalActiva(sucursales[0]);
  }, [valida, sucursales]);

  if (sucursales.length === 0) return null;
  const elegir = (s: TSucursalResumen) => {
    guardarSucursalActiva(s);
    setPedido(false);
  };
  return (
    <>
      {sucursales.length > 1 && (
        <Tooltip title="Cambiar de sucursal">
          <Button type="text" className={compacto ? "yp-header-boton" : undefined} style={compacto ? undefined : { height: 40, color: "#334155" }} icon={<ShopOutlined />} onClick={() => setPedido(true)} data-testid="boton-sucursal" aria-label="Seleccionar sucursal">
            {!compacto && <span className="yp-sucursal-nombre">{valida ? activa.Descripcion || activa.RazonSocial : 'Sucursal'}</span>}
          </Button>
        </Tooltip>
      )}
      {pedido && (
        <Suspense fallback={null}>
          <DialogoSeleccionSucursal abierto={pedido} sucursales={sucursales} onElegir={elegir} onCerrar={() => setPedido(false)} />
        </Suspense>
      )}
    </>
  );
}
