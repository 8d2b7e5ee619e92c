import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RutasWizard } from '@yupana/contracts';
import { useInfoUniversal } from '../../../components/banners/api-banners';
import { mensajeDeError } from '../../../lib/api-error';
import { useCerrarSeries } from '../api/pasos';
import { useCrearSeries, useSeriesExistentes, useSucursales } from '../api/series';

type TFila = { IdTipoDocumento: number; etiqueta: string; prefijo: string; porDefecto: string };

/** Which series a company starts with: facturas and boletas with RUC (or in the demo), notas de venta without. */
function filasPara(tipoEmpresa: number): TFila[] {
  if (tipoEmpresa === 2) return [{ IdTipoDocumento: 1008, etiqueta: 'Notas de venta', prefijo: '', porDefecto: 'NV01' }];
  const boleta = { IdTipoDocumento: 1004, etiqueta: 'Boletas de venta electrónicas', prefijo: 'B', porDefecto: 'B001' };
  return tipoEmpresa === 0 ? [{ IdTipoDocumento: 1003, etiqueta: 'Facturas electrónicas', prefijo: 'F', porDefecto: 'F001' }, boleta] : [boleta];
}

/** Step 4: the series the company issues with (created through the series service), then the wizard closes. */
export function SeriesElectronicasPage() {
  const info = useInfoUniversal();
  const sucursales = useSucursales();
  const existentes = useSeriesExistentes();
  const crear = useCrearSeries();
  const cerrar = useCerrarSeries();
  const navegar = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const filas = filasPara(info.data?.TipoEmpresa ?? 1);
  const [valores, setValores] = useState<Record<number, string>>(() => Object.fromEntries(filas.map((f) => [f.IdTipoDocumento, f.porDefecto])));

  const continuar = async () => {
    setError(null);
    try {
      const idSucursal = sucursales.data?.Data[0]?.Id;
      if (!idSucursal) throw new Error('La empresa no tiene una sucursal activa');
      const ya = new Set((existentes.data?.Data ?? []).map((s) => `${s.IdTipoDocumento}-${s.Serie}`));
      const nuevas = filas
        .map((f) => ({ IdSucursal: idSucursal, IdTipoDocumento: f.IdTipoDocumento, Serie: (valores[f.IdTipoDocumento] ?? '').trim().toUpperCase(), Descripcion: f.etiqueta }))
        .filter((s) => !ya.has(`${s.IdTipoDocumento}-${s.Serie}`));
      if (nuevas.length) await crear.mutateAsync(nuevas);
      await cerrar.mutateAsync();
      navegar(RutasWizard.OPCIONES_CONFIGURACION);
    } catch (e) {
      setError(e instanceof Error && !('status' in e) ? e.message : mensajeDeError(e));
    }
  };

  return (
    <div data-testid="paso-series">
      <Typography.Paragraph>Estas son las series con las que numerarás tus comprobantes. Puedes cambiarlas ahora o dejar las sugeridas.</Typography.Paragraph>
      <Form layout="vertical">
        <Space wrap>
          {filas.map((f) => (
            <Form.Item key={f.IdTipoDocumento} label={f.etiqueta} extra={f.prefijo ? `Debe empezar con ${f.prefijo}` : undefined}>
              <Input
                aria-label={`Serie de ${f.etiqueta}`}
                value={valores[f.IdTipoDocumento]}
                maxLength={4}
                style={{ width: 120, textTransform: 'uppercase' }}
                onChange={(e) => setValores((v) => ({ ...v, [f.IdTipoDocumento]: e.target.value }))}
              />
            </Form.Item>
          ))}
        </Space>
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" onClick={() => void continuar()} loading={crear.isPending || cerrar.isPending} disabled={sucursales.isLoading || existentes.isLoading}>
        Guardar series y continuar
      </Button>
    </div>
  );
}
