import type { TTotales } from '@yupana/sunat/isomorfico';
import { Alert, Descriptions, Typography } from 'antd';
import { importe, monto } from '../../../lib/formato';

const fmt = (simbolo: string, d: { toFixed(n: number): string }) => importe(simbolo, monto(d));

/** Live totals from the engine's calcularTotales (the very function that signs the XML on the server). */
export function PanelTotales({ totales, simbolo }: { totales: TTotales | null; simbolo: string }) {
  if (!totales) return <Typography.Text type="secondary">Complete al menos un ítem con cantidad y precio para ver los totales.</Typography.Text>;
  const filas: [string, TTotales['gravado']][] = [
    ['Op. gravadas', totales.gravado],
    ['Op. exoneradas', totales.exonerado],
    ['Op. inafectas', totales.inafecto],
    ['Op. exportación', totales.exportacion],
    ['Op. gratuitas', totales.gratuito],
    ['Descuentos', totales.totalDescuentos],
    ['IGV', totales.igv],
    ['ISC', totales.isc],
    ['ICBPER', totales.icbper],
  ];
  return (
    <div data-testid="panel-totales">
      <Descriptions size="small" column={1} colon={false} styles={{ content: { justifyContent: 'flex-end' } }}>
        {filas
          .filter(([etiqueta, v]) => !v.isZero() || etiqueta === 'IGV')
          .map(([etiqueta, v]) => (
            <Descriptions.Item key={etiqueta} label={etiqueta}>
              {fmt(simbolo, v)}
            </Descriptions.Item>
          ))}
        <Descriptions.Item label={<strong>Importe total</strong>}>
          <strong data-testid="importe-total">{fmt(simbolo, totales.importeTotal)}</strong>
        </Descriptions.Item>
        {totales.detraccion && <Descriptions.Item label="Detracción (S/)">{fmt('S/', totales.detraccion.monto)}</Descriptions.Item>}
        {totales.cuotas.length > 0 && <Descriptions.Item label="Neto pendiente de pago">{fmt(simbolo, totales.netoPendiente)}</Descriptions.Item>}
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {totales.leyendaMonto}
      </Typography.Paragraph>
      {totales.problemas.map((p) => (
        <Alert key={p.campo + p.mensaje} type="warning" showIcon title={p.mensaje} style={{ marginBottom: 8 }} />
      ))}
    </div>
  );
}
