// Formatos es-PE y paso de la entrada del motor a los datos de impresión (sin leer el PDF).
import { describe, expect, it } from 'vitest';
import { textoQrComprobante, type TComprobante } from '@yupana/sunat';
import {
  formatearCantidad, formatearFecha, formatearMonto, serieNumero, textoImprimible,
} from '../../src/modules/contabilidad/impresion/formato';
import { generarPdf } from '../../src/modules/contabilidad/impresion/generar-pdf';
import {
  boleta, facturaCompleta, facturaDetraccion, guiaRemitente, guiaTransportista, notaCredito, notaVenta,
} from './documentos-prueba';

describe('formatos es-PE', () => {
  it('importes con separador de miles y dos decimales, sin pasar por float', () => {
    expect(formatearMonto('1234567.5')).toBe('1,234,567.50');
    expect(formatearMonto('0.005')).toBe('0.01');
    expect(formatearMonto('999.994')).toBe('999.99');
    expect(formatearMonto('100')).toBe('100.00');
    expect(formatearMonto('-1500.2')).toBe('-1,500.20');
    // 0.1 + 0.2 en float sería 0.30000000000000004: aquí se trabaja con el texto decimal.
    expect(formatearMonto('123456789012.345')).toBe('123,456,789,012.35');
  });

  it('cantidades y valores unitarios conservan hasta 10 decimales significativos', () => {
    expect(formatearCantidad('2')).toBe('2.00');
    expect(formatearCantidad('6.4425')).toBe('6.4425');
    expect(formatearCantidad('0.3333333333')).toBe('0.3333333333');
    expect(formatearCantidad('1500.5')).toBe('1,500.50');
  });

  it('texto imprimible con las fuentes estándar: español intacto, lo demás con equivalente o "?"', () => {
    expect(textoImprimible('Año Ñandú ÓSCAR N° 3°B ¿Qué? ¡Sí! € “x” – —')).toBe('Año Ñandú ÓSCAR N° 3°B ¿Qué? ¡Sí! € “x” – —');
    expect(textoImprimible('≥ 5 − Łódź ő 中 😀')).toBe('>= 5 - Lódz o ? ?');
    expect(textoImprimible('línea 1\r\nlínea 2\tfin')).toBe('línea 1\nlínea 2 fin');
    // Una tilde combinante (NFD) se une a su letra antes de decidir.
    expect(textoImprimible('Jose\u0301')).toBe('José');
  });

  it('fechas dd/MM/aaaa y serie-número como en el XML', () => {
    expect(formatearFecha('2026-01-05')).toBe('05/01/2026');
    expect(() => formatearFecha('05/01/2026')).toThrow();
    expect(serieNumero('F001', 123)).toBe('F001-123');
  });
});

describe('desdeComprobante', () => {
  it('factura: líneas, totales y QR salen de los totales del motor y de la firma', () => {
    const { impresion: d, totales, digestValue, documento } = facturaCompleta();
    expect(d.tipo).toBe('01');
    expect(d.hash).toBe(digestValue);
    expect(d.textoQr).toBe(textoQrComprobante(documento as TComprobante, totales!, digestValue));
    expect(d.textoQr!.startsWith('20123456786|01|F001|123|')).toBe(true);
    expect(d.totales!.total).toBe(totales!.importeTotal.toFixed(2));
    expect(d.totales!.igv).toBe(totales!.igv.toFixed(2));
    expect(d.montoEnLetras).toBe(totales!.leyendaMonto);
    // Laptop: 2 x 2500 con 5 % de descuento = 4750 de valor de venta + IGV 855 = 5605.
    // Unit values keep the decimals the issuer typed, at least 2 (issue 11, item 6): 2500 -> 2500.00.
    expect(d.lineas[0]).toMatchObject({ descuento: '250.00', total: '5605.00', valorUnitario: '2500.00', gratuita: false });
    // La muestra gratuita no se cobra: total 0 y el valor referencial a la vista.
    expect(d.lineas[3]).toMatchObject({ total: '0.00', valorUnitario: '15.00', gratuita: true });
    // Descuentos: 250 por ítem (afecta la base) + 20 global (no la afecta).
    expect(d.totales!.descuentos).toBe('270.00');
    expect(d.totales!.cargos).toBe('12.50');
    expect(d.totales!.anticipos).toBe('590.00');
    expect(d.condicionPago!.descripcion).toBe('Crédito - Varias Letras');
    expect(d.condicionPago!.cuotas.map((c) => c.numero)).toEqual(['Cuota001', 'Cuota002', 'Cuota003']);
    expect(d.leyendas).toContain('TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE');
    expect(d.emisor.direccion).toBe('AV. ABANCAY 123, CERCADO DE LIMA - LIMA - LIMA - LIMA');
    expect(d.cliente.direccion).toBe('CALLE MORELLI 181 - LIMA - LIMA - SAN ISIDRO');
  });

  it('detracción: bien, cuenta del Banco de la Nación y monto en soles', () => {
    const { impresion: d } = facturaDetraccion();
    expect(d.detraccion).toMatchObject({ codigoBien: '022', descripcionBien: 'Otros servicios empresariales', porcentaje: '12', monto: '708.00', cuentaBancoNacion: '00-099-025344' });
    expect(d.condicionPago!.netoPendiente).toBe('5192.00');
  });

  it('nota de crédito: documento afectado, tipo de nota del catálogo 09 y sustento', () => {
    const { impresion: d } = notaCredito();
    expect(d.referencia).toEqual({
      tipoDocumento: '01', serie: 'F001', numero: 123, fechaEmision: '2026-11-20', codigoMotivo: '07',
      tipoMotivo: 'Devolución por ítem', motivo: 'Devolución de 1 unidad dañada en el transporte',
    });
    expect(d.condicionPago).toBeUndefined();
  });

  it('guías: traslado, puntos con ubigeo, vehículos y conductores; siempre A4', () => {
    const { impresion: g } = guiaRemitente();
    expect(g.guia).toMatchObject({
      motivo: { codigo: '01', descripcion: 'Venta' },
      modalidad: { codigo: '02', descripcion: 'Transporte privado' },
      partida: { ubigeo: '150101', descripcionUbigeo: 'LIMA - LIMA - LIMA' },
      llegada: { ubigeo: '040101', descripcionUbigeo: 'AREQUIPA - AREQUIPA - AREQUIPA' },
      vehiculos: [{ placa: 'ABC123' }],
    });
    expect(g.guia!.conductores[0]).toEqual({ tipoDocumento: '1', numeroDocumento: '41223344', nombre: 'JOSÉ MAMANI ÑAUPARI', licencia: 'Q41223344' });
    expect(g.totales).toBeUndefined();
    const { impresion: t } = guiaTransportista();
    expect(t.guia!.remitente!.nombre).toBe('COMERCIAL YUPANA S.A.C.');
    expect(t.emisor.registroMtc).toBe('15123456CNG');
    expect(t.plantilla.formato).toBe('A4');
  });

  it('nota de venta: sin hash ni QR, con el emisor sin RUC', () => {
    const { impresion: d } = notaVenta();
    expect(d.tipo).toBe('NV');
    expect(d.hash).toBeUndefined();
    expect(d.textoQr).toBeUndefined();
    expect(d.emisor).toMatchObject({ tipoDocumento: '1', numeroDocumento: '40506070' });
    expect(d.totales!.total).toBe('45.00');
  });

  it('un logo que no es PNG ni JPEG se rechaza con un mensaje claro', async () => {
    const { impresion } = boleta();
    await expect(generarPdf({ ...impresion, logo: new TextEncoder().encode('GIF89a no es un logo') })).rejects.toThrow('El logo de la empresa debe ser una imagen PNG o JPEG');
  });

  it('mismo documento, mismos bytes (la fecha del PDF es la de emisión)', async () => {
    const { impresion } = boleta();
    const a = await generarPdf(impresion, 'A4');
    const b = await generarPdf(impresion, 'A4');
    expect(Buffer.compare(a, b)).toBe(0);
    const t1 = await generarPdf(impresion, 'TICKET');
    const t2 = await generarPdf(impresion, 'TICKET');
    expect(Buffer.compare(t1, t2)).toBe(0);
    expect(a.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
