// Documentos de prueba pasados por las piezas reales: modelo del motor -> totales -> XML UBL -> firma (DigestValue)
// -> datos de impresión. Así el PDF se compara con lo que de verdad se firmaría y enviaría a SUNAT.
import { deflateSync } from 'node:zlib';
import {
  calcularTotales, construirXml, firmarXml, generarCertificadoPrueba, validarDocumento, type TComprobante, type TGuia, type TTotales,
} from '@yupana/sunat';
import {
  desdeComprobante, type TComplementosImpresion, type TNotaVentaEntrada,
} from '../../src/modules/contabilidad/impresion/desde-comprobante';
import type { TDocumentoImpresion } from '../../src/modules/contabilidad/impresion/impresion.types';

const { credencial } = generarCertificadoPrueba({ ruc: '20123456786', razonSocial: 'COMERCIAL YUPANA S.A.C.' });

export const EMISOR = {
  ruc: '20123456786',
  razonSocial: 'COMERCIAL YUPANA S.A.C.',
  nombreComercial: 'YUPANA',
  direccion: { ubigeo: '150101', direccion: 'AV. ABANCAY 123, CERCADO DE LIMA' },
};
const CLIENTE_RUC = {
  tipoDocumento: '6',
  numeroDocumento: '20100070970',
  nombre: 'SUPERMERCADOS PERUANOS S.A.',
  direccion: { ubigeo: '150131', direccion: 'CALLE MORELLI 181' },
};

export const COMPLEMENTOS: TComplementosImpresion = {
  sucursal: { nombre: 'Tienda Miraflores', direccion: 'AV. LARCO 345, MIRAFLORES' },
  telefono: '(01) 426-1234',
  correo: 'ventas@yupana.pe',
  urlConsulta: 'https://demo.yupana.pe/consultareceptor',
};

export type TEmitido = { impresion: TDocumentoImpresion; documento: TComprobante | TGuia; totales?: TTotales; digestValue: string; xml: string };

/** Valida, calcula, construye y firma como lo hará la emisión; devuelve los datos de impresión. */
export function emitir(entrada: unknown, complementos: TComplementosImpresion = COMPLEMENTOS): TEmitido {
  const construido = construirXml(entrada);
  const firmado = firmarXml(construido, credencial);
  const documento = construido.documento as TComprobante | TGuia;
  const impresion = desdeComprobante(documento, construido.totales ?? null, { digestValue: firmado.digestValue }, complementos);
  return { impresion, documento, totales: construido.totales, digestValue: firmado.digestValue, xml: firmado.xml };
}

/** Factura con todas las bases y ajustes: gravada, exonerada, inafecta, gratuita, ISC, ICBPER, descuentos, cargos, anticipo, crédito. */
export function facturaCompleta(logo?: Uint8Array): TEmitido {
  const base = {
    tipo: '01', serie: 'F001', numero: 123, fechaEmision: '2026-11-20', horaEmision: '10:30:00', fechaVencimiento: '2027-01-20',
    moneda: 'PEN', emisor: EMISOR, cliente: CLIENTE_RUC, ordenCompra: 'OC-2026-0457',
    guias: [{ tipoDocumento: '09', numero: 'T001-77' }],
    items: [
      { codigo: 'LAP-14', descripcion: 'Laptop 14" Core i7, 16 GB RAM, año de garantía incluido', unidad: 'NIU', cantidad: '2', valorUnitario: '2500', descuentos: [{ codigo: '00', factor: '0.05' }] },
      { codigo: 'LIB-01', descripcion: 'Libro "Ñandú y cóndor: fauna andina"', unidad: 'NIU', cantidad: '3', valorUnitario: '45.50', afectacion: '20' },
      { codigo: 'SEG-01', descripcion: 'Seguro de transporte', unidad: 'ZZ', cantidad: '1', valorUnitario: '80', afectacion: '30' },
      { codigo: 'MUE-01', descripcion: 'Muestra promocional', unidad: 'NIU', cantidad: '1', valorUnitario: '15', afectacion: '11' },
      { codigo: 'CER-01', descripcion: 'Cerveza 620 ml', unidad: 'NIU', cantidad: '12', valorUnitario: '4.20', isc: { sistema: '01', tasa: '30' } },
      { codigo: 'BOL-01', descripcion: 'Bolsa plástica', unidad: 'NIU', cantidad: '2', valorUnitario: '0.10', icbper: { montoUnitario: '0.50' } },
    ],
    descuentosGlobales: [{ codigo: '03', monto: '20' }],
    cargosGlobales: [{ codigo: '50', monto: '12.50' }],
    anticipos: [{ tipoDocumento: '02', serie: 'F001', numero: 100, monto: '590.00' }],
  };
  // Las cuotas deben sumar el neto pendiente: se calcula antes con la misma función de totales.
  const previo = validarDocumento(base);
  if (!previo.ok) throw new Error(JSON.stringify(previo.error));
  const total = calcularTotales(previo.documento as TComprobante).netoPendiente;
  const primera = total.div(3).toDecimalPlaces(2);
  const cuotas = [
    { monto: primera.toFixed(2), fechaVencimiento: '2026-12-20' },
    { monto: primera.toFixed(2), fechaVencimiento: '2027-01-05' },
    { monto: total.minus(primera.times(2)).toFixed(2), fechaVencimiento: '2027-01-20' },
  ];
  return emitir({ ...base, formaPago: { tipo: 'Credito', cuotas } }, {
    ...COMPLEMENTOS, logo, observaciones: 'Entrega en almacén central, horario de 8:00 a 17:00. Atención: Sr. Núñez.', condicionPago: 'Crédito - Varias Letras',
    plantilla: { formato: 'A4', textoAdicional: 'Cuenta corriente BCP soles: 191-2345678-0-12. Gracias por su preferencia.' },
  });
}

export function facturaDetraccion(): TEmitido {
  return emitir({
    tipo: '01', serie: 'F001', numero: 11, fechaEmision: '2026-11-20', moneda: 'PEN', emisor: EMISOR, cliente: CLIENTE_RUC,
    tipoOperacion: '1001',
    detraccion: { codigoBien: '022', porcentaje: '12', cuentaBancoNacion: '00-099-025344' },
    formaPago: { tipo: 'Credito', cuotas: [{ monto: '2596.00', fechaVencimiento: '2026-12-20' }, { monto: '2596.00', fechaVencimiento: '2027-01-20' }] },
    items: [{ descripcion: 'Servicio de consultoría empresarial', unidad: 'ZZ', cantidad: '1', valorUnitario: '5000' }],
  });
}

export function facturaExportacion(): TEmitido {
  return emitir({
    tipo: '01', serie: 'F002', numero: 45, fechaEmision: '2026-11-20', moneda: 'USD', emisor: EMISOR, tipoOperacion: '0200',
    cliente: { tipoDocumento: '0', numeroDocumento: 'US-99887766', nombre: 'ANDEAN IMPORTS LLC' },
    items: [{ codigo: 'CAF-1', descripcion: 'Café orgánico de altura, saco de 69 kg', unidad: 'KGM', cantidad: '1380', valorUnitario: '6.75', afectacion: '40' }],
  });
}

export function facturaMuchasLineas(n: number): TEmitido {
  const items = Array.from({ length: n }, (_, i) => ({
    codigo: `P-${String(i + 1).padStart(4, '0')}`,
    descripcion: i % 7 === 0 ? `Producto ${i + 1}: descripción larga que ocupa más de una línea en la tabla para comprobar que la fila crece y la paginación respeta su alto completo` : `Producto ${i + 1}`,
    unidad: 'NIU', cantidad: String((i % 5) + 1), valorUnitario: `${10 + (i % 13)}.50`,
  }));
  return emitir({ tipo: '01', serie: 'F001', numero: 9000, fechaEmision: '2026-11-20', moneda: 'PEN', emisor: EMISOR, cliente: CLIENTE_RUC, items });
}

export function boleta(items?: unknown[]): TEmitido {
  return emitir({
    tipo: '03', serie: 'B001', numero: 58, fechaEmision: '2026-11-20', horaEmision: '18:05:00', moneda: 'PEN', emisor: EMISOR,
    cliente: { tipoDocumento: '1', numeroDocumento: '45678912', nombre: 'MARÍA QUISPE HUAMÁN', direccion: { direccion: 'JR. PUNO 456, DPTO. 3°B' } },
    items: items ?? [
      { codigo: 'POL-M', descripcion: 'Polo de algodón talla M', cantidad: '2', precioUnitario: '35.00' },
      { descripcion: 'Zapatillas niño N° 32', cantidad: '1', precioUnitario: '89.90' },
      { descripcion: 'Bolsa plástica', cantidad: '1', precioUnitario: '0.62', icbper: { montoUnitario: '0.50' } },
    ],
  });
}

/** Boleta de menos de S/ 700 sin comprador identificado. */
export function boletaClientesVarios(): TEmitido {
  return emitir({
    tipo: '03', serie: 'B001', numero: 59, fechaEmision: '2026-11-20', horaEmision: '18:10:00', moneda: 'PEN', emisor: EMISOR,
    items: [{ descripcion: 'Gaseosa 500 ml', cantidad: '2', precioUnitario: '3.50' }],
  });
}

export function notaCredito(): TEmitido {
  return emitir({
    tipo: '07', serie: 'F001', numero: 5, fechaEmision: '2026-11-21', moneda: 'PEN', emisor: EMISOR, cliente: CLIENTE_RUC,
    motivo: { codigo: '07', descripcion: 'Devolución de 1 unidad dañada en el transporte' },
    documentoAfectado: { tipo: '01', serie: 'F001', numero: 123 },
    items: [{ codigo: 'LAP-14', descripcion: 'Laptop 14" Core i7', unidad: 'NIU', cantidad: '1', valorUnitario: '2375' }],
  }, { ...COMPLEMENTOS, fechaDocumentoAfectado: '2026-11-20' });
}

export function notaDebito(): TEmitido {
  return emitir({
    tipo: '08', serie: 'F001', numero: 3, fechaEmision: '2026-11-21', moneda: 'PEN', emisor: EMISOR, cliente: CLIENTE_RUC,
    motivo: { codigo: '01', descripcion: 'Intereses por pago fuera de fecha' },
    documentoAfectado: { tipo: '01', serie: 'F001', numero: 120 },
    items: [{ descripcion: 'Intereses moratorios noviembre', unidad: 'ZZ', cantidad: '1', valorUnitario: '150' }],
  });
}

export function guiaRemitente(): TEmitido {
  return emitir({
    tipo: '09', serie: 'T001', numero: 77, fechaEmision: '2026-11-20', horaEmision: '09:00:00', emisor: EMISOR,
    destinatario: { tipoDocumento: '6', numeroDocumento: '20100070970', nombre: 'SUPERMERCADOS PERUANOS S.A.' },
    motivoTraslado: '01', modalidad: '02', fechaInicioTraslado: '2026-11-21', pesoBrutoTotal: '850.5', unidadPeso: 'KGM', numeroBultos: 40,
    partida: { ubigeo: '150101', direccion: 'AV. ABANCAY 123, CERCADO DE LIMA' },
    llegada: { ubigeo: '040101', direccion: 'CALLE MERCADERES 210, AREQUIPA' },
    vehiculos: [{ placa: 'ABC123' }],
    conductores: [{ tipoDocumento: '1', numeroDocumento: '41223344', nombres: 'JOSÉ', apellidos: 'MAMANI ÑAUPARI', licencia: 'Q41223344' }],
    documentosRelacionados: [{ tipoDocumento: '01', numero: 'F001-123', rucEmisor: '20123456786' }],
    observaciones: 'Mercadería frágil: no apilar más de 3 cajas.',
    bienes: [
      { codigo: 'LAP-14', descripcion: 'Laptop 14" Core i7', cantidad: '2', unidad: 'NIU' },
      { codigo: 'LIB-01', descripcion: 'Cajas de útiles escolares', cantidad: '40', unidad: 'BX' },
    ],
  });
}

export function guiaTransportista(): TEmitido {
  return emitir({
    tipo: '31', serie: 'V001', numero: 8, fechaEmision: '2026-11-21', horaEmision: '07:30:00',
    emisor: { ruc: '20512345671', razonSocial: 'TRANSPORTES ANDINOS S.A.C.', direccion: { ubigeo: '150103', direccion: 'AV. ARGENTINA 2500, ATE' }, registroMtc: '15123456CNG' },
    remitente: { tipoDocumento: '6', numeroDocumento: '20123456786', nombre: 'COMERCIAL YUPANA S.A.C.' },
    destinatario: { tipoDocumento: '6', numeroDocumento: '20100070970', nombre: 'SUPERMERCADOS PERUANOS S.A.' },
    fechaInicioTraslado: '2026-11-21', pesoBrutoTotal: '1200', unidadPeso: 'KGM',
    partida: { ubigeo: '150101', direccion: 'AV. ABANCAY 123, CERCADO DE LIMA' },
    llegada: { ubigeo: '040101', direccion: 'CALLE MERCADERES 210, AREQUIPA' },
    vehiculos: [{ placa: 'XYZ789', tuc: '15M21028327E' }, { placa: 'REM456', tuc: '15M21028328E' }],
    conductores: [{ tipoDocumento: '1', numeroDocumento: '41223344', nombres: 'ROSA', apellidos: 'CONDORI APAZA', licencia: 'Q41223344' }],
    documentosRelacionados: [{ tipoDocumento: '09', numero: 'T001-77', rucEmisor: '20123456786' }],
    bienes: [{ descripcion: 'Cajas de útiles escolares', cantidad: '40', unidad: 'BX' }],
  }, { urlConsulta: 'https://demo.yupana.pe/consultareceptor' });
}

/** Nota de venta de una empresa sin RUC: mismos totales del motor, sin XML ni firma. */
export function notaVenta(): { impresion: TDocumentoImpresion; totales: TTotales } {
  const entrada = {
    tipo: '03', serie: 'B001', numero: 1, fechaEmision: '2026-11-20', moneda: 'PEN', emisor: EMISOR,
    cliente: { tipoDocumento: '1', numeroDocumento: '70112233', nombre: 'CARLOS PEÑA ROJAS' },
    items: [{ descripcion: 'Menú ejecutivo', cantidad: '3', precioUnitario: '15.00', afectacion: '20' }],
  };
  const r = validarDocumento(entrada);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const boletaBase = r.documento as Extract<TComprobante, { tipo: '03' }>;
  const nv: TNotaVentaEntrada = {
    ...boletaBase,
    tipo: 'NV', serie: 'NV01', numero: 315,
    emisor: { tipoDocumento: '1', numeroDocumento: '40506070', razonSocial: 'BODEGA DOÑA ROSA', direccion: 'JR. LOS ÁLAMOS 120, SAN JUAN DE LURIGANCHO' },
    cliente: { tipoDocumento: '1', numeroDocumento: '70112233', nombre: 'CARLOS PEÑA ROJAS' },
  };
  const totales = calcularTotales(nv);
  return { impresion: desdeComprobante(nv, totales, null, { plantilla: { formato: 'TICKET' } }), totales };
}

/** PNG RGB de prueba (una franja con el color de marca y un cuadro), escrito a mano para no depender de otra librería. */
export function logoPng(ancho = 450, alto = 120): Uint8Array {
  const filas: number[] = [];
  for (let y = 0; y < alto; y++) {
    filas.push(0);
    for (let x = 0; x < ancho; x++) {
      const cuadro = x > 20 && x < 110 && y > 15 && y < 105;
      const franja = y > 50 && y < 70 && x > 130;
      const [r, g, b] = cuadro ? [0xd9, 0x48, 0x1f] : franja ? [0x1f, 0x3a, 0x5f] : [0xff, 0xff, 0xff];
      filas.push(r, g, b);
    }
  }
  const tablaCrc = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = tablaCrc[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const trozo = (tipo: string, datos: Buffer) => {
    const largo = Buffer.alloc(4);
    largo.writeUInt32BE(datos.length);
    const cuerpo = Buffer.concat([Buffer.from(tipo, 'ascii'), datos]);
    const suma = Buffer.alloc(4);
    suma.writeUInt32BE(crc(cuerpo));
    return Buffer.concat([largo, cuerpo, suma]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(ancho, 0);
  ihdr.writeUInt32BE(alto, 4);
  ihdr[8] = 8; // bits por canal
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    trozo('IHDR', ihdr),
    trozo('IDAT', deflateSync(Buffer.from(filas))),
    trozo('IEND', Buffer.alloc(0)),
  ]);
}
