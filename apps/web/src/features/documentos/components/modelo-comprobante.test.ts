import { ZDocumentoContableCrear } from '@yupana/contracts';
import { MENSAJE_FECHA_CUOTA } from '@yupana/sunat/isomorfico';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { tipoEmisionPorSlug, type TTipoEmision } from './catalogos-ui';
import { aSolicitud } from './formulario-comprobante';
import { totalesDe, type TValoresComprobante } from './modelo-comprobante';

const factura = tipoEmisionPorSlug('factura') as TTipoEmision;
const notaCredito = tipoEmisionPorSlug('nota-credito') as TTipoEmision;
const hoy = dayjs('2026-11-20');

const base = (extra: Partial<TValoresComprobante> = {}): TValoresComprobante => ({
  IdSerie: 7,
  FechaEmision: hoy,
  IdMoneda: 1,
  IdCondicionPago: 1,
  Cliente: { IdTipoDocumento: 2, NumeroDocumento: '20100070970', RazonSocial: 'SUPERMERCADOS DEL SUR S.A.C.', Direccion: 'Av. Lima 1' },
  Items: [{ ItemDescripcion: 'Servicio', CodigoUnidad: 'ZZ', Cantidad: '2', Precio: '59', IncluyeIgv: true, Afectacion: '10' }],
  ...extra,
});

describe('vista previa de totales (calcularTotales del motor)', () => {
  it('precio con IGV: 2 x 59.00 da 100.00 gravado, 18.00 de IGV y 118.00 de total', () => {
    const t = totalesDe(base(), '01', 'PEN');
    expect(t?.gravado.toFixed(2)).toBe('100.00');
    expect(t?.igv.toFixed(2)).toBe('18.00');
    expect(t?.importeTotal.toFixed(2)).toBe('118.00');
    expect(t?.leyendaMonto).toMatch(/CIENTO DIECIOCHO/);
  });

  it('precio sin IGV, descuento de línea y una línea exonerada', () => {
    const t = totalesDe(
      base({
        Items: [
          { ItemDescripcion: 'A', Cantidad: '1', Precio: '100', IncluyeIgv: false, Afectacion: '10', Descuento: '10' },
          { ItemDescripcion: 'B', Cantidad: '3', Precio: '10.50', IncluyeIgv: true, Afectacion: '20' },
        ],
      }),
      '01',
      'PEN',
    );
    expect(t?.gravado.toFixed(2)).toBe('90.00');
    expect(t?.igv.toFixed(2)).toBe('16.20');
    expect(t?.exonerado.toFixed(2)).toBe('31.50');
    expect(t?.importeTotal.toFixed(2)).toBe('137.70');
  });

  it('sin líneas completas no hay totales, y un número a medio escribir no rompe la vista', () => {
    expect(totalesDe(base({ Items: [{ ItemDescripcion: 'x', Cantidad: '1', Afectacion: '10' }] }), '01', 'PEN')).toBeNull();
    expect(totalesDe(base({ Items: [{ ItemDescripcion: 'x', Cantidad: '1', Precio: '1e', IncluyeIgv: true, Afectacion: '10' }] }), '01', 'PEN')).toBeNull();
  });

  it('crédito: una cuota con fecha igual a la emisión trae el mensaje de SUNAT', () => {
    const t = totalesDe(base({ IdCondicionPago: 2, Cuotas: [{ Monto: '118', FechaVencimiento: hoy }] }), '01', 'PEN');
    expect(t?.problemas.map((p) => p.mensaje)).toContain(MENSAJE_FECHA_CUOTA);
  });
});

describe('solicitud de emisión desde el formulario', () => {
  it('lleva el centro de costo elegido, y nada cuando no se eligió (el servidor usa el de la sucursal)', () => {
    const con = aSolicitud(factura, base({ IdCentroCosto: 12 }));
    expect(ZDocumentoContableCrear.safeParse(con).success).toBe(true);
    expect(con.IdCentroCosto).toBe(12);
    expect(aSolicitud(factura, base({ IdCentroCosto: null }))).not.toHaveProperty('IdCentroCosto');
    expect(aSolicitud(factura, base({}))).not.toHaveProperty('IdCentroCosto');
  });

  it('factura al contado: el contrato del servidor la acepta tal cual', () => {
    const cuerpo = aSolicitud(factura, base({ Observaciones: '  entrega en tienda ' }));
    const r = ZDocumentoContableCrear.safeParse(cuerpo);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    expect(cuerpo).toMatchObject({
      IdTipoDocumento: 1003,
      IdSerie: 7,
      FechaEmision: '2026-11-20',
      Observaciones: 'entrega en tienda',
      ListaCuotas: [],
      ListaReferencias: [],
      ListaItems: [{ ItemDescripcion: 'Servicio', CodigoUnidad: 'ZZ', Cantidad: '2', PrecioUnitario: '59', TipoAfectacion: '10' }],
      ListaEntidades: [{ TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100070970', RazonSocial: 'SUPERMERCADOS DEL SUR S.A.C.' }],
    });
    expect(cuerpo.ListaItems[0]).not.toHaveProperty('ValorUnitario');
  });

  it('crédito en cuotas y precio sin IGV', () => {
    const cuerpo = aSolicitud(
      factura,
      base({
        IdCondicionPago: 3,
        Items: [{ ItemDescripcion: 'Servicio', Cantidad: '1', Precio: '100', IncluyeIgv: false, Afectacion: '10' }],
        Cuotas: [
          { Monto: '59', FechaVencimiento: hoy.add(30, 'day') },
          { Monto: '59', FechaVencimiento: hoy.add(60, 'day') },
        ],
      }),
    );
    expect(ZDocumentoContableCrear.safeParse(cuerpo).success).toBe(true);
    expect(cuerpo.ListaItems[0]).toMatchObject({ ValorUnitario: '100' });
    expect(cuerpo.ListaCuotas).toEqual([
      { Monto: '59', FechaVencimiento: '2026-12-20' },
      { Monto: '59', FechaVencimiento: '2027-01-19' },
    ]);
  });

  it('nota de crédito: referencia por id, o por serie y número escritos a mano, con motivo y sustento', () => {
    const porId = aSolicitud(notaCredito, base({ Referencia: { IdDocumento: 41, IdTipoDocumento: 1003, SerieNumero: 'F001-00000012' }, Motivo: { Codigo: '01', Sustento: 'Anulación' } }));
    expect(porId.ListaReferencias).toEqual([{ IdDocumentoReferencia: 41, CodigoMotivo: '01', DescripcionMotivo: 'Anulación' }]);
    const aMano = aSolicitud(notaCredito, base({ Referencia: { IdTipoDocumento: 1003, SerieNumero: 'f001-12' }, Motivo: { Codigo: '07', Sustento: ' Devolución ' } }));
    expect(aMano.ListaReferencias).toEqual([{ IdTipoDocumento: 1003, Serie: 'F001', Correlativo: 12, CodigoMotivo: '07', DescripcionMotivo: 'Devolución' }]);
    expect(ZDocumentoContableCrear.safeParse(aMano).success).toBe(true);
  });
});
