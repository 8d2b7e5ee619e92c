import { describe, expect, it } from 'vitest';
import { archivoReemplazo, leerPropuesta, lineaRce, lineaRvie, nombreArchivoSire, type TDocumentoRegistro } from '../../src/modules/contabilidad/sire/formato';

// SIRE layouts (RS 112-2021 Anexo 3 RVIE, 33 fields; RS 040-2022 Anexo 11 RCE, 37 fields): exact lines.
const RUC = '20600123450';
const RAZON = 'COMERCIAL ANDINA S.A.C.';

const factura: TDocumentoRegistro = {
  tipo: '01', serie: 'F001', numero: '12', fechaEmision: '2026-11-05', fechaVencimiento: null,
  tipoDocumento: '6', numeroDocumento: '20100070970', razonSocial: 'SUPERMERCADOS PERUANOS S.A.',
  exportacion: '0', baseImponible: '100', igv: '18', exonerado: '0', inafecto: '0', isc: '0', icbper: '0', otros: '0', total: '118', moneda: 'PEN',
};

describe('SIRE: líneas del archivo de reemplazo', () => {
  it('RVIE: factura gravada en soles (33 campos, CAR vacío, cierre con |)', () => {
    expect(lineaRvie(RUC, RAZON, '2026-11', factura)).toBe(
      '20600123450|COMERCIAL ANDINA S.A.C.|202611||05/11/2026||01|F001|12||6|20100070970|SUPERMERCADOS PERUANOS S.A.|0.00|100.00|0.00|18.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|118.00|PEN|||||||',
    );
    expect(lineaRvie(RUC, RAZON, '2026-11', factura).split('|')).toHaveLength(34);
  });

  it('RVIE: boleta con DNI, exonerada e ICBPER', () => {
    const boleta: TDocumentoRegistro = {
      ...factura, tipo: '03', serie: 'B001', numero: '00000007', tipoDocumento: '1', numeroDocumento: '45678912', razonSocial: 'JUAN PÉREZ | QUISPE',
      baseImponible: '50.00', igv: '9.00', exonerado: '20', icbper: '0.50', total: '79.50',
    };
    expect(lineaRvie(RUC, RAZON, '2026-11', boleta)).toBe(
      '20600123450|COMERCIAL ANDINA S.A.C.|202611||05/11/2026||03|B001|7||1|45678912|JUAN PÉREZ QUISPE|0.00|50.00|0.00|9.00|0.00|20.00|0.00|0.00|0.00|0.00|0.50|0.00|79.50|PEN|||||||',
    );
  });

  it('RVIE: nota de crédito que modifica una factura: importes negativos y documento modificado (29-32)', () => {
    const nota: TDocumentoRegistro = { ...factura, tipo: '07', serie: 'FC01', numero: '3', fechaEmision: '2026-11-20', referencia: { fecha: '2026-11-05', tipo: '01', serie: 'F001', numero: '12' } };
    expect(lineaRvie(RUC, RAZON, '2026-11', nota)).toBe(
      '20600123450|COMERCIAL ANDINA S.A.C.|202611||20/11/2026||07|FC01|3||6|20100070970|SUPERMERCADOS PERUANOS S.A.|0.00|-100.00|0.00|-18.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|-118.00|PEN||05/11/2026|01|F001|12||',
    );
  });

  it('RVIE: documento anulado con importes 0.00 y en dólares con tipo de cambio', () => {
    const usd: TDocumentoRegistro = { ...factura, moneda: 'USD', tipoCambio: '3.7512', anulado: true };
    const f = lineaRvie(RUC, RAZON, '2026-11', usd).split('|');
    expect(f.slice(13, 28)).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', 'USD', '3.751']);
  });

  it('RCE: factura de proveedor (37 campos)', () => {
    const compra: TDocumentoRegistro = { ...factura, numeroDocumento: '20100130204', razonSocial: 'DISTRIBUIDORA DEL NORTE S.A.', exonerado: '10', inafecto: '5', total: '133' };
    const l = lineaRce(RUC, RAZON, '2026-11', compra);
    expect(l).toBe(
      '20600123450|COMERCIAL ANDINA S.A.C.|202611||05/11/2026||01|F001||12||6|20100130204|DISTRIBUIDORA DEL NORTE S.A.|100.00|18.00|0.00|0.00|0.00|0.00|15.00|0.00|0.00|0.00|133.00|PEN||||||||||||',
    );
    expect(l.split('|')).toHaveLength(38);
  });

  it('nombre del archivo: LE + RUC + AAAAMM + 00 + libro + 02 (reemplaza) + O I M + 2 (SIRE)', () => {
    expect(nombreArchivoSire(RUC, '2026-11', 'rvie', true)).toBe('LE2060012345020261100140400021112.txt');
    expect(nombreArchivoSire(RUC, '2026-11', 'rce', false)).toBe('LE2060012345020261100080400021012.txt');
    const a = archivoReemplazo(RUC, RAZON, '2026-11', 'rvie', [factura, factura]);
    expect(a.nombre).toBe('LE2060012345020261100140400021112.txt');
    expect(a.contenido.split('\r\n')).toHaveLength(3);
  });

  it('lee la propuesta de SUNAT (40 columnas RVIE con cabecera)', () => {
    const txt =
      'Ruc|Razon Social|Periodo|CAR SUNAT|...\r\n' +
      '20600123450|COMERCIAL ANDINA S.A.C.|202611|2060012345001F001000000001205/11/2026||01|F001|12||6|20100070970|SUPERMERCADOS PERUANOS S.A.|0.00|100.00|0.00|18.00|0.00|5.00|1.00|0.00|0.00|0.00|0.00|0.00|124.00|PEN|||||||||1|0.00|0.00|0101||\r\n'
        .replace('2060012345001F001000000001205/11/2026', '2060012345001F0010000000012|05/11/2026');
    const [f] = leerPropuesta('rvie', txt);
    expect(f).toMatchObject({ car: '2060012345001F0010000000012', fechaEmision: '2026-11-05', tipoComprobante: '01', serie: 'F001', numero: '12', baseImponible: '100.00', igv: '18.00', noGravado: '6.00', total: '124.00', moneda: 'PEN' });
    expect(() => leerPropuesta('rvie', 'Ruc|x\r\n20600123450|a|b\r\n')).toThrow(/campos/);
  });
});
