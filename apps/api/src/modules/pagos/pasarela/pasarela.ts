import type { TPasarelaConfig } from '@yupana/contracts';

/** The answer of a gateway to a charge: approved with its operation id, or declined with the gateway's reason. */
export type TResultadoCargo =
  | { aprobado: true; idCargo: string; marca: string; ultimos4: string }
  | { aprobado: false; motivo: string; tokenInvalido?: boolean };

/**
 * A card gateway, as the payments module sees it: it charges a single-use token the browser got from the gateway's
 * own tokenization endpoint. The payments module never sees a card number. `referencia` makes the charge idempotent:
 * charging the same reference again answers the first charge instead of charging twice.
 */
export type TPasarela = {
  config: TPasarelaConfig;
  /** Charges a single-use token (`token`) or a card saved for recurring charges (`idTarjeta`). */
  cobrar(cargo: ({ token: string } | { idTarjeta: string }) & { monto: string; moneda: 'PEN' | 'USD'; descripcion: string; referencia: string }): Promise<TResultadoCargo>;
  /**
   * Saves the card behind a single-use token for recurring charges (a real gateway's card-on-file or customer API):
   * answers the gateway's id of the saved card, which is all our database keeps.
   */
  guardarTarjeta(token: string): Promise<TResultadoTarjeta>;
  /** Deletes a saved card at the gateway (the subscription no longer charges it). */
  eliminarTarjeta(idTarjeta: string): Promise<void>;
};

export type TResultadoTarjeta = { guardada: true; idTarjeta: string; marca: string; ultimos4: string } | { guardada: false; motivo: string };
