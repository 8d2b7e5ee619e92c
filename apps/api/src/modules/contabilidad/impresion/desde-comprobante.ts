// Convierte la entrada del motor SUNAT (ya validada), sus totales y su firma en los datos de la representación
// impresa, para que quien emite llame una sola función. Aquí no se calcula ningún tributo: todo sale de
// `calcularTotales`, así el PDF dice exactamente lo mismo que el XML firmado.
import Decimal from 'decimal.js';
import {
  CLIENTE_VARIOS, buscarUbigeo, descripcionCatalogo, textoQr, textoQrComprobante,
  type TBoleta, type TComprobante, type TDireccion, type TGuia, type TTotales,
} from '@yupana/sunat';
import type {
  TDocumentoImpresion, TEmisorImpresion, TLineaImpresion, TParteImpresion, TPlantillaImpresion, TTotalesImpresion,
} from './impresion.types';

/** Nota de venta interna (empresa sin RUC): la forma de una boleta, con un emisor sin RUC y sin firma. */
export type TNotaVentaEntrada = Omit<TBoleta, 'tipo' | 'emisor' | 'serie' | 'cliente'> & {
  tipo: 'NV';
  serie: string;
  emisor: TEmisorImpresion;
  cliente: TParteImpresion;
};

export type TEntradaImpresion = TComprobante | TGuia | TNotaVentaEntrada;

/** Lo que la firma aporta al impreso: el DigestValue y, en guías, el texto del QR que devuelve SUNAT en su CDR. */
export type TFirmaImpresion = { digestValue: string; textoQr?: string };

/** Datos de la empresa y del documento que no están en el modelo del motor. */
export type TComplementosImpresion = {
  logo?: Uint8Array;
  plantilla?: Partial<TPlantillaImpresion>;
  sucursal?: { nombre: string; direccion?: string };
  telefono?: string;
  correo?: string;
  web?: string;
  observaciones?: string;
  /** Descripción de la condición de pago elegida ("Crédito - Varias Letras"); por defecto "Contado" o "Crédito". */
  condicionPago?: string;
  /** Fecha de emisión del documento que modifica una nota. */
  fechaDocumentoAfectado?: string;
  urlConsulta?: string;
};

// Textos de las leyendas del catálogo 52, los mismos que lleva el XML.
const LEYENDA_GRATUITA = 'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE';
const LEYENDA_PERCEPCION = 'COMPROBANTE DE PERCEPCIÓN';
const LEYENDA_DETRACCION = 'Operación sujeta a detracción';
const LEYENDA_IVAP = 'Operación sujeta al IVAP';

const CERO = new Decimal(0);
const t2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const suma = (xs: Decimal[]) => xs.reduce((a, b) => a.plus(b), CERO);

/** "AV. ABANCAY 123 - LIMA - LIMA - LIMA": departamento, provincia y distrito como en la ficha RUC. */
export function direccionCompleta(direccion: string, ubigeo?: string, urbanizacion?: string): string {
  const u = ubigeo ? buscarUbigeo(ubigeo) : undefined;
  const base = urbanizacion ? `${direccion}, ${urbanizacion}` : direccion;
  return u ? `${base} - ${u.departamento} - ${u.provincia} - ${u.distrito}` : base;
}

const direccionEmisor = (d: TDireccion) => direccionCompleta(d.direccion, d.ubigeo, d.urbanizacion);

export function desdeComprobante(
  entrada: TEntradaImpresion,
  totales: TTotales | null,
  firma: TFirmaImpresion | null,
  complementos: TComplementosImpresion = {},
): TDocumentoImpresion {
  const plantilla: TPlantillaImpresion = { formato: complementos.plantilla?.formato ?? 'A4', textoAdicional: complementos.plantilla?.textoAdicional };
  const comunes = {
    serie: entrada.serie,
    numero: entrada.numero,
    fechaEmision: entrada.fechaEmision,
    horaEmision: entrada.horaEmision,
    logo: complementos.logo,
    urlConsulta: complementos.urlConsulta,
    plantilla,
  };
  const contacto = { sucursal: complementos.sucursal, telefono: complementos.telefono, correo: complementos.correo, web: complementos.web };

  if (entrada.tipo === '09' || entrada.tipo === '31') {
    if (!firma) throw new Error('La guía de remisión electrónica se imprime firmada: falta el DigestValue');
    return desdeGuia(entrada, firma, complementos, { ...comunes, contacto });
  }
  if (!totales) throw new Error('Faltan los totales calculados del comprobante');
  if (entrada.tipo !== 'NV' && !firma) throw new Error('El comprobante electrónico se imprime firmado: falta el DigestValue');

  const emisor: TEmisorImpresion = entrada.tipo === 'NV'
    ? { ...entrada.emisor, ...quitarIndefinidos(contacto) }
    : {
      tipoDocumento: '6',
      numeroDocumento: entrada.emisor.ruc,
      razonSocial: entrada.emisor.razonSocial,
      nombreComercial: entrada.emisor.nombreComercial,
      direccion: direccionEmisor(entrada.emisor.direccion),
      ...contacto,
    };
  // Una boleta de hasta S/ 700 puede no identificar al comprador: se imprime como CLIENTES VARIOS, igual que en el QR.
  const c = entrada.tipo === 'NV' ? undefined : entrada.cliente;
  const cliente: TParteImpresion = entrada.tipo === 'NV'
    ? entrada.cliente
    : c
      ? {
        tipoDocumento: c.tipoDocumento,
        numeroDocumento: c.numeroDocumento,
        nombre: c.nombre,
        direccion: c.direccion ? direccionCompleta(c.direccion.direccion, c.direccion.ubigeo) : undefined,
      }
      : { ...CLIENTE_VARIOS };

  const esVenta = entrada.tipo === '01' || entrada.tipo === '03' || entrada.tipo === 'NV';
  const formaPago = entrada.tipo === '08' ? undefined : entrada.formaPago;
  const condicionPago = formaPago
    ? {
      descripcion: complementos.condicionPago ?? (formaPago.tipo === 'Credito' ? 'Crédito' : 'Contado'),
      cuotas: totales.cuotas.map((c) => ({ numero: c.numero, monto: t2(c.monto), fechaVencimiento: c.fechaVencimiento })),
      netoPendiente: formaPago.tipo === 'Credito' ? t2(totales.netoPendiente) : undefined,
    }
    : undefined;

  const venta = esVenta ? entrada : undefined;
  const leyendas: string[] = [];
  if (totales.lineas.some((l) => l.gratuita)) leyendas.push(LEYENDA_GRATUITA);
  if (totales.percepcion) leyendas.push(LEYENDA_PERCEPCION);
  if (totales.detraccion) leyendas.push(LEYENDA_DETRACCION);
  if (totales.lineas.some((l) => l.tributo === '1016')) leyendas.push(LEYENDA_IVAP);
  for (const l of entrada.leyendas ?? []) leyendas.push(l.texto);

  const detraccion = venta?.detraccion && totales.detraccion
    ? {
      codigoBien: venta.detraccion.codigoBien,
      descripcionBien: descripcionCatalogo('54', venta.detraccion.codigoBien) ?? venta.detraccion.codigoBien,
      porcentaje: totales.detraccion.porcentaje.toString(),
      monto: t2(totales.detraccion.monto),
      cuentaBancoNacion: venta.detraccion.cuentaBancoNacion,
      medioPago: descripcionCatalogo('59', venta.detraccion.medioPago),
    }
    : undefined;

  const referencia = entrada.tipo === '07' || entrada.tipo === '08'
    ? {
      tipoDocumento: entrada.documentoAfectado.tipo,
      serie: entrada.documentoAfectado.serie,
      numero: entrada.documentoAfectado.numero,
      fechaEmision: complementos.fechaDocumentoAfectado,
      codigoMotivo: entrada.motivo.codigo,
      tipoMotivo: descripcionCatalogo(entrada.tipo === '07' ? '09' : '10', entrada.motivo.codigo),
      motivo: entrada.motivo.descripcion,
    }
    : undefined;

  let qr: string | undefined;
  if (entrada.tipo !== 'NV' && firma) qr = firma.textoQr ?? textoQrComprobante(entrada, totales, firma.digestValue);

  return {
    ...comunes,
    tipo: entrada.tipo,
    fechaVencimiento: venta?.fechaVencimiento,
    moneda: entrada.moneda,
    emisor,
    cliente,
    condicionPago,
    lineas: entrada.items.map((it, i) => lineaImpresa(it, totales.lineas[i])),
    totales: totalesImpresos(totales),
    montoEnLetras: totales.leyendaMonto,
    leyendas,
    anticipos: (venta?.anticipos ?? []).map((a) => ({ tipoDocumento: a.tipoDocumento, serie: a.serie, numero: a.numero, monto: t2(new Decimal(a.monto)) })),
    detraccion,
    referencia,
    guiasRelacionadas: (entrada.guias ?? []).map((g) => g.numero),
    ordenCompra: entrada.ordenCompra,
    observaciones: complementos.observaciones,
    hash: entrada.tipo === 'NV' ? undefined : firma?.digestValue,
    textoQr: qr,
  };
}

/** Un valor unitario con los decimales del que se escribió (precio o valor), entre 2 y 10. */
function impresoUnitario(valor: Decimal, it: TComprobante['items'][number]): string {
  const escrito = (it as { valorUnitario?: string; precioUnitario?: string }).valorUnitario ?? (it as { precioUnitario?: string }).precioUnitario ?? '0';
  const decimales = Math.max(2, Math.min(10, new Decimal(escrito).decimalPlaces()));
  return valor.toDecimalPlaces(decimales, Decimal.ROUND_HALF_UP).toFixed(decimales);
}

function lineaImpresa(it: TComprobante['items'][number], l: TTotales['lineas'][number]): TLineaImpresion {
  const ajustes = (codigos: string[]) => suma(l.ajustes.filter((a) => codigos.includes(a.codigo)).map((a) => a.monto));
  // Importe con impuestos: valor de venta + tributos, menos descuentos que no afectan la base (01) y más cargos (48).
  const total = l.gratuita ? CERO : l.valorVenta.plus(l.totalImpuestos).minus(ajustes(['01'])).plus(ajustes(['48']));
  return {
    cantidad: it.cantidad,
    unidad: it.unidad,
    codigo: it.codigo,
    descripcion: it.descripcion,
    // En una gratuita se muestra el valor referencial: es el que SUNAT usa para el tributo. El XML lleva hasta 10
    // decimales; el impreso, los que escribió quien emite (mínimo 2): un valor derivado (24.90 / 1.18) no sale como
    // 21.1016949153 sino 21.10.
    valorUnitario: impresoUnitario(l.gratuita ? l.precioUnitario : l.valorUnitario, it),
    precioUnitario: impresoUnitario(l.gratuita ? CERO : l.precioUnitario, it),
    descuento: t2(ajustes(['00', '01'])),
    total: t2(total),
    gratuita: l.gratuita,
  };
}

function totalesImpresos(t: TTotales): TTotalesImpresion {
  const lineas = (f: (codigo: string) => boolean) =>
    suma(t.lineas.flatMap((l) => l.ajustes.filter((a) => f(a.codigo)).map((a) => a.monto)));
  const globales = (f: (codigo: string) => boolean) => suma(t.ajustesGlobales.filter((a) => f(a.codigo)).map((a) => a.monto));
  const esDescuento = (c: string) => ['00', '01', '02', '03'].includes(c);
  const esCargo = (c: string) => ['45', '46', '47', '48', '49', '50'].includes(c);
  return {
    gravada: t2(t.gravado),
    ivap: t2(t.ivap),
    exonerada: t2(t.exonerado),
    inafecta: t2(t.inafecto),
    exportacion: t2(t.exportacion),
    gratuita: t2(t.gratuito),
    descuentos: t2(lineas(esDescuento).plus(globales(esDescuento))),
    cargos: t2(lineas(esCargo).plus(globales(esCargo))),
    anticipos: t2(t.totalAnticipos),
    isc: t2(t.isc),
    icbper: t2(t.icbper),
    igv: t2(t.igv),
    porcentajeIgv: (t.lineas.find((l) => l.tributo === '1000')?.porcentajeIgv ?? new Decimal(18)).toString(),
    montoIvap: t2(t.montoIvap),
    total: t2(t.importeTotal),
    percepcion: t.percepcion
      ? { porcentaje: t.percepcion.porcentaje.toString(), monto: t2(t.percepcion.monto), totalConPercepcion: t2(t.percepcion.totalConPercepcion) }
      : undefined,
  };
}

type TComunes = Pick<TDocumentoImpresion, 'serie' | 'numero' | 'fechaEmision' | 'horaEmision' | 'logo' | 'urlConsulta' | 'plantilla'> & {
  contacto: Pick<TEmisorImpresion, 'sucursal' | 'telefono' | 'correo' | 'web'>;
};

function desdeGuia(g: TGuia, firma: TFirmaImpresion, complementos: TComplementosImpresion, comunes: TComunes): TDocumentoImpresion {
  const { contacto, ...resto } = comunes;
  const parte = (p: { tipoDocumento: string; numeroDocumento: string; nombre: string }): TParteImpresion =>
    ({ tipoDocumento: p.tipoDocumento, numeroDocumento: p.numeroDocumento, nombre: p.nombre });
  const punto = (p: { ubigeo: string; direccion: string }) => {
    const u = buscarUbigeo(p.ubigeo);
    return { ubigeo: p.ubigeo, descripcionUbigeo: u ? `${u.departamento} - ${u.provincia} - ${u.distrito}` : undefined, direccion: p.direccion };
  };
  const remitente = g.tipo === '09' ? g : undefined;
  const motivo = remitente
    ? {
      codigo: remitente.motivoTraslado,
      descripcion: remitente.descripcionMotivo ?? descripcionCatalogo('20', remitente.motivoTraslado) ?? remitente.motivoTraslado,
    }
    : undefined;
  const modalidad = remitente
    ? { codigo: remitente.modalidad, descripcion: descripcionCatalogo('18', remitente.modalidad) ?? remitente.modalidad }
    : undefined;
  const destinatario = parte(g.destinatario);

  return {
    ...resto,
    tipo: g.tipo,
    // Las guías no admiten ticket: su contenido (puntos, vehículos, conductores) no cabe legible en 80 mm.
    plantilla: { ...resto.plantilla, formato: 'A4' },
    moneda: 'PEN',
    emisor: {
      tipoDocumento: '6',
      numeroDocumento: g.emisor.ruc,
      razonSocial: g.emisor.razonSocial,
      nombreComercial: g.emisor.nombreComercial,
      direccion: direccionEmisor(g.emisor.direccion),
      registroMtc: g.tipo === '31' ? g.emisor.registroMtc : undefined,
      ...contacto,
    },
    cliente: destinatario,
    lineas: g.bienes.map((b) => ({ cantidad: b.cantidad, unidad: b.unidad, codigo: b.codigo, descripcion: b.descripcion })),
    leyendas: [],
    anticipos: [],
    guiasRelacionadas: [],
    observaciones: g.observaciones ?? complementos.observaciones,
    guia: {
      fechaInicioTraslado: g.fechaInicioTraslado,
      motivo,
      modalidad,
      pesoBruto: g.pesoBrutoTotal,
      unidadPeso: g.unidadPeso,
      numeroBultos: remitente?.numeroBultos,
      partida: punto(g.partida),
      llegada: punto(g.llegada),
      remitente: g.tipo === '31' ? parte(g.remitente) : undefined,
      transportista: remitente?.transportista,
      vehiculos: (g.vehiculos ?? []).map((v) => ({ placa: v.placa, tuc: v.tuc })),
      conductores: (g.conductores ?? []).map((c) => ({
        tipoDocumento: c.tipoDocumento, numeroDocumento: c.numeroDocumento, nombre: `${c.nombres} ${c.apellidos}`, licencia: c.licencia,
      })),
      pagadorFlete: g.tipo === '31' ? g.pagadorFlete : undefined,
      documentosRelacionados: (g.documentosRelacionados ?? []).map((d) => ({ tipoDocumento: d.tipoDocumento, numero: d.numero, rucEmisor: d.rucEmisor })),
    },
    hash: firma.digestValue,
    // SUNAT devuelve en el CDR de la guía el enlace que va en el QR; mientras no lo hay, el formato de los comprobantes.
    textoQr: firma.textoQr ?? textoQr({
      ruc: g.emisor.ruc, tipo: g.tipo, serie: g.serie, numero: g.numero, igv: '', total: '', fechaEmision: g.fechaEmision,
      tipoDocumentoCliente: g.destinatario.tipoDocumento, numeroDocumentoCliente: g.destinatario.numeroDocumento, hash: firma.digestValue,
    }),
  };
}

function quitarIndefinidos<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
