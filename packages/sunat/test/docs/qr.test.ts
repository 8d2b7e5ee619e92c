import { describe, expect, it } from 'vitest';
import { textoQr, textoQrComprobante } from '../../src/qr';
import { validarDocumento, type TComprobante } from '../../src/model';
import { calcularTotales } from '../../src/totals';

describe('textoQr', () => {
  it('une los 10 campos con | y termina en |', () => {
    expect(textoQr({
      ruc: '20123456786', tipo: '03', serie: 'B001', numero: 25, igv: '18.00', total: '118.00', fechaEmision: '2026-11-20',
      tipoDocumentoCliente: '1', numeroDocumentoCliente: '45678912', hash: 'abc=',
    })).toBe('20123456786|03|B001|25|18.00|118.00|2026-11-20|1|45678912|abc=|');
  });

  it('toma IGV + IVAP e importe total de los totales', () => {
    const r = validarDocumento({
      tipo: '01', serie: 'F002', numero: 7, fechaEmision: '2026-11-20',
      emisor: { ruc: '20123456786', razonSocial: 'X', direccion: { ubigeo: '150101', direccion: 'Y' } },
      cliente: { tipoDocumento: '6', numeroDocumento: '20100070970', nombre: 'Z' },
      items: [{ descripcion: 'A', cantidad: '2', valorUnitario: '50' }, { descripcion: 'B', cantidad: '1', valorUnitario: '20', afectacion: '20' }],
    });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const doc = r.documento as TComprobante;
    expect(textoQrComprobante(doc, calcularTotales(doc), 'HASH')).toBe('20123456786|01|F002|7|18.00|138.00|2026-11-20|6|20100070970|HASH|');
  });
});
