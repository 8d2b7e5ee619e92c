import { describe, expect, it } from 'vitest';
import { EstadoPago } from './pagos';
import { codigoCiclo, estadoCicloVista } from './suscripciones';

describe('estado de un ciclo de suscripción', () => {
  it('la vista sigue al seed: 33 pendiente, 34 anulado, facturado, generado pendiente y cualquier otro en proceso', () => {
    expect(estadoCicloVista(33)).toBe('pendiente');
    expect(estadoCicloVista(34)).toBe('anulado');
    expect(estadoCicloVista('facturado')).toBe('facturado');
    expect(estadoCicloVista('generado')).toBe('pendiente');
    expect(estadoCicloVista(32)).toBe('en proceso');
    expect(estadoCicloVista(1)).toBe('en proceso');
  });

  it('el servidor da el código desde el estado del pago del ciclo y si ya empezó', () => {
    expect(codigoCiclo(EstadoPago.PENDIENTE, false)).toBe('generado');
    expect(codigoCiclo(EstadoPago.PENDIENTE, true)).toBe(33);
    // A rejected voucher leaves the cycle to be paid again.
    expect(codigoCiclo(EstadoPago.RECHAZADO, true)).toBe(33);
    expect(codigoCiclo(EstadoPago.EN_PROCESO, true)).toBe(32);
    expect(codigoCiclo(EstadoPago.PAGADO, true)).toBe(32);
    expect(codigoCiclo(EstadoPago.FACTURADO, false)).toBe('facturado');
    expect(codigoCiclo(EstadoPago.ANULADO, true)).toBe(34);
  });
});
