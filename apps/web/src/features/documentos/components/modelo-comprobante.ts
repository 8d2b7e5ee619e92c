import { calcularTotales, esGratuita, type TEntradaTotales, type TItemEntrada, type TTotales } from '@yupana/sunat/isomorfico';
import type { Dayjs } from 'dayjs';

/** One line as the form holds it: amounts stay strings (InputNumber in stringMode) so no binary float touches money. */
export type TLineaFormulario = {
  IdItem?: number;
  CodigoItem?: string;
  ItemDescripcion?: string;
  CodigoUnidad?: string;
  Cantidad?: string;
  Precio?: string;
  /** true: Precio is the final price with IGV (what a shop quotes); false: value before taxes. */
  IncluyeIgv?: boolean;
  Afectacion?: string;
  /** Discount on the line's value before taxes (catálogo 53 code 00). */
  Descuento?: string;
  /** Lot-tracked ('L') or serial-tracked ('S') item of the catalogue: the lot to sell (empty = FEFO) or its serials. */
  Control?: 'L' | 'S';
  Lote?: string;
  Series?: string[];
};

export type TCuotaFormulario = { Monto?: string; FechaVencimiento?: Dayjs };

export type TClienteFormulario = {
  IdEntidad?: number;
  IdTipoDocumento?: number;
  NumeroDocumento?: string;
  RazonSocial?: string;
  Direccion?: string;
  Correo?: string;
};

export type TValoresComprobante = {
  IdSerie?: number;
  FechaEmision?: Dayjs;
  FechaVencimiento?: Dayjs;
  IdMoneda?: number;
  TipoCambio?: string;
  IdCondicionPago?: number;
  Cuotas?: TCuotaFormulario[];
  Cliente?: TClienteFormulario;
  Items?: TLineaFormulario[];
  Observaciones?: string;
  ConDetraccion?: boolean;
  Detraccion?: { CodigoBien?: string; Porcentaje?: string; NumeroCuenta?: string; MedioPago?: string };
  /** Notes: the document they correct and SUNAT's reason (catálogo 09 / 10). */
  Referencia?: { IdDocumento?: number; IdTipoDocumento?: number; SerieNumero?: string; FechaEmision?: string };
  Motivo?: { Codigo?: string; Sustento?: string };
  /** Canje: the nota de venta this factura or boleta documents (IdDocumentoOrigen). */
  Canje?: number;
  /** The cost centre its sales income (70) is posted with; without one, the branch's. */
  IdCentroCosto?: number | null;
};

const numero = (v: string | undefined) => (v !== undefined && v !== null && String(v).trim() !== '' ? String(v) : undefined);

/** A line the engine can compute: filled enough to have a quantity, a price and an affectation. */
export function lineaCompleta(l: TLineaFormulario | undefined): l is Required<Pick<TLineaFormulario, 'Cantidad' | 'Precio' | 'Afectacion'>> & TLineaFormulario {
  return !!l && !!numero(l.Cantidad) && Number(l.Cantidad) > 0 && numero(l.Precio) !== undefined && !!l.Afectacion;
}

export function aItemMotor(l: TLineaFormulario & { Cantidad: string; Precio: string; Afectacion: string }): TItemEntrada {
  const descuento = numero(l.Descuento);
  const item: TItemEntrada = { descripcion: l.ItemDescripcion, cantidad: l.Cantidad, afectacion: l.Afectacion };
  // A free transfer (gratuita) carries its reference value; SUNAT's price is 0.
  if (esGratuita(l.Afectacion)) item.valorReferencial = l.Precio;
  else if (l.IncluyeIgv) item.precioUnitario = l.Precio;
  else item.valorUnitario = l.Precio;
  if (descuento && Number(descuento) > 0) item.descuentos = [{ codigo: '00', monto: descuento }];
  return item;
}

/** Live preview: the same totals function the server signs with. Null until at least one line is complete. */
export function totalesDe(v: TValoresComprobante, codigoTipo: string, codigoMoneda: 'PEN' | 'USD'): TTotales | null {
  const items = (v.Items ?? []).filter(lineaCompleta).map(aItemMotor);
  if (!items.length) return null;
  const credito = (v.IdCondicionPago ?? 1) !== 1;
  const entrada: TEntradaTotales = {
    tipo: codigoTipo,
    fechaEmision: (v.FechaEmision ?? null)?.format('YYYY-MM-DD') ?? new Date().toISOString().slice(0, 10),
    moneda: codigoMoneda,
    items,
    formaPago: credito
      ? {
          tipo: 'Credito',
          cuotas: (v.Cuotas ?? [])
            .filter((c) => numero(c?.Monto) && c?.FechaVencimiento)
            .map((c) => ({ monto: c.Monto as string, fechaVencimiento: (c.FechaVencimiento as Dayjs).format('YYYY-MM-DD') })),
        }
      : { tipo: 'Contado' },
  };
  if (v.ConDetraccion && numero(v.Detraccion?.Porcentaje)) {
    entrada.detraccion = { porcentaje: v.Detraccion?.Porcentaje as string, tipoCambio: numero(v.TipoCambio) };
  }
  try {
    return calcularTotales(entrada);
  } catch {
    // A half-typed number (e.g. "1e") is not a total yet; the preview waits for the next keystroke.
    return null;
  }
}
