import { App, Typography } from 'antd';
import { usePagarConTarjeta } from '../api/pasarela';
import { TarjetaModal } from './tarjeta-modal';
import { importe } from '../../../lib/formato';

/** What is paid: a pending payment, or a subscription cycle (paid through the seed's cycle call). */
export type TCobroTarjeta = { IdPrepago: number; IdCiclo?: number; NombrePaquete: string; Moneda: string; Monto: string };

/** Paying a pending package or a subscription cycle by card through the gateway. */
export function PagoTarjetaModal({ pago, onCerrar }: { pago: TCobroTarjeta | null; onCerrar: () => void }) {
  const pagar = usePagarConTarjeta();
  const { message } = App.useApp();
  return (
    <TarjetaModal
      abierto={pago !== null}
      titulo="Pagar con tarjeta"
      textoBoton={pago ? `Pagar ${importe(pago.Moneda, pago.Monto)}` : 'Pagar'}
      onCerrar={onCerrar}
      usarToken={async (Token) => {
        if (!pago) return;
        const r = await pagar.mutateAsync({ idPago: pago.IdPrepago, idCiclo: pago.IdCiclo, Token });
        message.success(`Pago aprobado con ${r.Marca} terminada en ${r.Ultimos4}. Su saldo ya fue actualizado.`);
      }}
    >
      {pago && <Typography.Paragraph>Pago de: {pago.NombrePaquete}</Typography.Paragraph>}
    </TarjetaModal>
  );
}
