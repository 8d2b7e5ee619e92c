import { describe, expect, it } from 'vitest';
import {
  colorPorCodigoMensaje,
  DIAS_CORTE,
  estadoBannerDeuda,
  estadoBannerSaldo,
  estadoPrepagoVista,
  fechaCorte,
  sumarDeudas,
  textoPromo,
  type TSaldoComprobantes,
} from '../index';

const saldo = (disponibles: number, usados: number, internos = { d: 0, u: 0 }): TSaldoComprobantes => ({
  NumeroComprobantesContablesDisponibles: disponibles,
  NumeroComprobantesInternosDisponibles: internos.d,
  NumeroComprobantesContablesUsados: usados,
  NumeroComprobantesInternosUsados: internos.u,
  FechaVencimiento: '2027-03-31',
});

describe('banner de saldo de comprobantes', () => {
  it('restantes 11 y 10: el umbral de 10 pasa de normal a aviso', () => {
    expect(estadoBannerSaldo(saldo(100, 89), 0)).toMatchObject({ tipoSaldo: '1', restantes: 11 });
    const diez = estadoBannerSaldo(saldo(100, 90), 0);
    expect(diez).toMatchObject({ tipoSaldo: '2', restantes: 10, mensajePrincipal: 'Usted ha emitido 90 comprobantes tributarios' });
    expect(diez.mensajeSecundario).toBe('Le quedan pocos comprobantes: 10 disponibles · Vigencia del paquete hasta el 31/03/2027');
  });

  it('restantes 1, 0 y -1', () => {
    expect(estadoBannerSaldo(saldo(100, 99), 0)).toMatchObject({ tipoSaldo: '2', restantes: 1 });
    expect(estadoBannerSaldo(saldo(100, 99), 0).mensajeSecundario).toBe('Le quedan pocos comprobantes: 1 disponible · Vigencia del paquete hasta el 31/03/2027');
    for (const [usados, restantes] of [[100, 0], [101, -1]] as const) {
      const e = estadoBannerSaldo(saldo(100, usados), 0);
      expect(e).toMatchObject({ tipoSaldo: '3', restantes, mensajePrincipal: 'Se han agotado sus comprobantes, realice una recarga', mensajeSecundario: null });
      expect(e.boton).toEqual({ texto: 'Renovar plan', ruta: '/admin/pagos/recargastuboletape' });
    }
  });

  it('empresa sin RUC cuenta los comprobantes no tributarios', () => {
    const e = estadoBannerSaldo(saldo(0, 0, { d: 50, u: 7 }), 2);
    expect(e).toMatchObject({ tipoSaldo: '1', restantes: 43, mensajePrincipal: 'Usted ha emitido 7 comprobantes no tributarios' });
    // One is singular (issue 11 item 14: "Usted ha emitido 1 comprobantes").
    expect(estadoBannerSaldo(saldo(0, 0, { d: 50, u: 1 }), 2).mensajePrincipal).toBe('Usted ha emitido 1 comprobante no tributario');
    expect(estadoBannerSaldo(saldo(100, 1), 0).mensajePrincipal).toBe('Usted ha emitido 1 comprobante tributario');
    expect(estadoBannerSaldo(saldo(100, 0), 0).mensajePrincipal).toBe('Usted ha emitido 0 comprobantes tributarios');
  });

  it('cuenta DEMO: 10,000,000 disponibles, sin vigencia y con Configura tu empresa ahora', () => {
    const e = estadoBannerSaldo(saldo(0, 3), 1, 5);
    expect(e).toMatchObject({ tipoSaldo: '1', disponibles: 10_000_000, restantes: 9_999_997, mensajePrincipal: 'Usted se encuentra en una cuenta DEMO' });
    expect(e.mensajeSecundario).toBe('9,999,997 comprobantes disponibles');
    expect(e.boton.texto).toBe('Configura tu empresa ahora');
    expect(e.promo).toBeNull();
  });

  it('promoción de pago único mientras quedan días', () => {
    expect(textoPromo(1)).toBe('Último día de oferta');
    expect(textoPromo(5)).toBe('Oferta disponible por 5 días');
    expect(textoPromo(0)).toBeNull();
    expect(textoPromo(null)).toBeNull();
    expect(estadoBannerSaldo(saldo(100, 1), 0, 3).promo).toEqual({ texto: 'PAGO ÚNICO DE POR VIDA S/499', detalle: 'Oferta disponible por 3 días' });
    expect(estadoBannerSaldo(saldo(100, 1), 2, 1).promo?.detalle).toBe('Último día de oferta');
    expect(estadoBannerSaldo(saldo(100, 1), 0, 0).promo).toBeNull();
  });
});

describe('deudas con el proveedor', () => {
  const fila = (IdMoneda: number, Cantidad: number, Monto: string, MontoInteres = '0', MontoPagado = '0', InteresPagado = '0') => ({
    IdMoneda,
    MonedaAbrev: IdMoneda === 1 ? 'S/' : '$',
    Cantidad,
    Monto,
    MontoInteres,
    MontoPagado,
    InteresPagado,
  });

  it('suma por moneda Monto + MontoInteres - MontoPagado - InteresPagado en decimal', () => {
    const r = sumarDeudas([fila(1, 1, '100.10', '0.20', '0.10', '0.05'), fila(1, 1, '0.10', '0.20'), fila(2, 1, '50')]);
    expect(r).toEqual([
      { idMoneda: 1, monedaAbrev: 'S/', nroDocsDeuda: 2, montoDeuda: '100.45' },
      { idMoneda: 2, monedaAbrev: '$', nroDocsDeuda: 1, montoDeuda: '50.00' },
    ]);
  });

  it('0, 1 y 2 facturas pendientes', () => {
    expect(estadoBannerDeuda([], '2026-11-22')).toMatchObject({ tipo: 'al-dia', color: 'normal', mensaje: 'Felicitaciones!!!, estás al día en tus pagos', enlace: 'Ver mis facturas', detalle: null });
    expect(estadoBannerDeuda(sumarDeudas([fila(1, 1, '1180.5')]), '2026-11-22')).toMatchObject({
      tipo: 'una',
      color: 'amarillo',
      mensaje: 'Tienes una factura pendiente de pago por S/\u00a01,180.50',
      enlace: 'Subir mi pago',
    });
    expect(estadoBannerDeuda(sumarDeudas([fila(1, 1, '118'), fila(1, 1, '118'), fila(2, 1, '50')]), '2026-11-22')).toEqual({
      tipo: 'varias',
      color: 'rojo',
      mensaje: 'Tienes 3 facturas pendientes de pago por S/\u00a0236.00 y $\u00a050.00',
      // November's cut-off (11) has passed on the 22nd: December's (10).
      detalle: 'Por favor evite el corte del servicio. Fecha de corte 10/12/2026',
      enlace: 'Subir mis pagos',
    });
  });

  it('día de corte de cada mes: 14, 11, 18, 8, 13, 10, 8, 12, 9, 14, 11, 10', () => {
    expect([...DIAS_CORTE]).toEqual([14, 11, 18, 8, 13, 10, 8, 12, 9, 14, 11, 10]);
    for (let m = 1; m <= 12; m++) {
      const mm = String(m).padStart(2, '0');
      const dia = String(DIAS_CORTE[m - 1]).padStart(2, '0');
      expect(fechaCorte(`2027-${mm}-01`)).toBe(`2027-${mm}-${dia}`);
      // On the cut-off day itself it is still that day; the day after, next month's.
      expect(fechaCorte(`2027-${mm}-${dia}`)).toBe(`2027-${mm}-${dia}`);
    }
    expect(fechaCorte('2027-01-15')).toBe('2027-02-11');
    expect(fechaCorte('2027-12-11')).toBe('2028-01-14');
  });

  it('variante de boletas: color por código de mensaje', () => {
    expect([colorPorCodigoMensaje(1), colorPorCodigoMensaje(2), colorPorCodigoMensaje(3), colorPorCodigoMensaje(null)]).toEqual(['blanco', 'ambar', 'rojo', 'blanco']);
  });

  it('estado de prepago: 33 pagado, 34 anulado, otro en proceso', () => {
    expect([estadoPrepagoVista(33), estadoPrepagoVista(34), estadoPrepagoVista(1), estadoPrepagoVista(32)]).toEqual([1, 3, 2, 2]);
  });
});

