import Decimal from 'decimal.js';
import {
  CodigoMoneda, CodigoSunatDeTipo, LIMITE_BOLETA_SIN_IDENTIFICAR, TiposDocumentoIdentidad, validarDocumentoIdentidad,
  type TDocumentoContableCrearParseado, type TTipoDocumentoContable,
} from '@yupana/contracts';
import { MENSAJE_FECHA_CUOTA, calcularTotales, validarDocumento, type TDocumento, type TTotales } from '@yupana/sunat';

/**
 * From the seed's Accounting document fields to the SUNAT engine's input model, plus the field messages with the
 * seed's names. Pure: no database. The caller gives what it read (company, series, affected document).
 */
export type TEmisorDatos = { ruc: string; razonSocial: string; direccion: string; idUbigeo: string };
export type TSerieDatos = { serie: string; idTipoDocumento: number; idTipoDocumentoReferencia: number | null };
export type TAfectadoDatos = { idTipoDocumento: number; codigoTipo: string; serie: string; correlativo: number; fechaEmision: string };

export type TReceptor = {
  idEntidad: number | null;
  idTipoDocumento: number;
  numeroDocumento: string;
  razonSocial: string;
  direccion: string | null;
  correo: string | null;
};

export type TArmado = {
  /** Engine input (validated, with defaults), numbered `numero`. Null for an internal sale note. */
  documento: TDocumento | null;
  /** Sale-note input for the totals and the printout (same item shape as a boleta). */
  notaVenta: Record<string, unknown> | null;
  totales: TTotales | null;
  receptor: TReceptor;
};

export class ErroresCampo extends Error {
  constructor(readonly errores: Record<string, string>) {
    super(Object.entries(errores).map(([c, m]) => `${c}: ${m}`).join('; '));
  }
}

const CLIENTES_VARIOS: TReceptor = { idEntidad: null, idTipoDocumento: 6, numeroDocumento: '00000000', razonSocial: 'CLIENTES VARIOS', direccion: null, correo: null };

const CAMPOS_ITEM: Record<string, string> = {
  cantidad: 'Cantidad', valorUnitario: 'ValorUnitario', precioUnitario: 'PrecioUnitario', descripcion: 'ItemDescripcion', unidad: 'CodigoUnidad',
  afectacion: 'TipoAfectacion', codigoSunat: 'CodigoProductoSunat', codigo: 'CodigoItem', porcentajeIgv: 'PorcentajeIgv', descuentos: 'Descuento',
  icbper: 'ICBPER', isc: 'ISC',
};
const CAMPOS_TRASLADO: Record<string, string> = {
  partida: 'Traslado.PuntoPartida', llegada: 'Traslado.PuntoLlegada', fechaInicioTraslado: 'Traslado.FechaTraslado', motivoTraslado: 'Traslado.MotivoTraslado',
  descripcionMotivo: 'Traslado.DescripcionMotivo', modalidad: 'Traslado.ModalidadTraslado', pesoBrutoTotal: 'Traslado.PesoBrutoTotal', unidadPeso: 'Traslado.UnidadPeso',
  numeroBultos: 'Traslado.NumeroBultos', transportista: 'Traslado.RucTransportista', vehiculos: 'Traslado.Placas', conductores: 'ListaConductores',
  remitente: 'Traslado.Remitente', pagadorFlete: 'Traslado.PagadorFlete',
};

/** Engine path ("items.0.cantidad") -> the seed's field ("ListaItems.0.Cantidad"). */
export function campoSeed(ruta: string): string {
  const p = ruta.split('.');
  const [cabeza] = p;
  if (cabeza === 'items' || cabeza === 'bienes') return ['ListaItems', p[1], CAMPOS_ITEM[p[2]] ?? p[2]].filter(Boolean).join('.');
  if (cabeza === 'cliente' || cabeza === 'destinatario') return 'ListaEntidades';
  if (cabeza === 'formaPago') return p[1] === 'cuotas' && p[2] !== undefined ? `ListaCuotas.${p[2]}.${p[3] === 'fechaVencimiento' ? 'FechaVencimiento' : 'Monto'}` : 'ListaCuotas';
  if (cabeza === 'cuotas') return p[1] !== undefined ? `ListaCuotas.${p[1]}.FechaVencimiento` : 'ListaCuotas';
  if (cabeza === 'serie' || cabeza === 'numero') return 'IdSerie';
  if (cabeza === 'fechaEmision') return 'FechaEmision';
  if (cabeza === 'fechaVencimiento') return 'FechaVencimiento';
  if (cabeza === 'moneda') return 'IdMoneda';
  if (cabeza === 'documentoAfectado' || cabeza === 'motivo') return 'ListaReferencias.0';
  if (cabeza === 'emisor') return 'Empresa';
  if (cabeza === 'detraccion' || cabeza === 'tipoOperacion') return 'Detraccion';
  if (cabeza in CAMPOS_TRASLADO) return CAMPOS_TRASLADO[cabeza];
  return ruta || 'documento';
}

function receptorDe(b: TDocumentoContableCrearParseado, errores: Record<string, string>): { receptor: TReceptor | null; indice: number } {
  const indice = b.ListaEntidades.findIndex((e) => e.TipoEntidad === 2);
  if (indice < 0) return { receptor: null, indice };
  const e = b.ListaEntidades[indice];
  const numero = e.IdTipoDocumento === 6 ? '00000000' : e.NumeroDocumento.trim();
  const mensaje = validarDocumentoIdentidad(e.IdTipoDocumento, numero);
  if (mensaje) errores[`ListaEntidades.${indice}.NumeroDocumento`] = mensaje;
  return {
    receptor: {
      idEntidad: e.IdEntidad ?? null,
      idTipoDocumento: e.IdTipoDocumento,
      numeroDocumento: numero,
      razonSocial: e.RazonSocial.trim(),
      direccion: e.Direccion?.trim() || null,
      correo: e.CorreoEntidadReceptor || null,
    },
    indice,
  };
}

const codigoIdentidad = (id: number) => TiposDocumentoIdentidad[id as keyof typeof TiposDocumentoIdentidad]?.CodigoSunat ?? '0';
const esAnonimo = (r: TReceptor | null) => !r || r.idTipoDocumento === 6 || r.razonSocial.toUpperCase() === 'CLIENTES VARIOS';

function itemsVenta(b: TDocumentoContableCrearParseado, errores: Record<string, string>) {
  return b.ListaItems.map((it, i) => {
    if ((it.PrecioUnitario === undefined) === (it.ValorUnitario === undefined))
      errores[`ListaItems.${i}.PrecioUnitario`] = 'Indique el precio unitario (con IGV) o el valor unitario (sin IGV), solo uno';
    const descuento = it.Descuento && new Decimal(it.Descuento).gt(0) ? [{ codigo: '00', monto: it.Descuento }] : undefined;
    return {
      codigo: it.CodigoItem || undefined,
      codigoSunat: it.CodigoProductoSunat,
      descripcion: it.ItemDescripcion,
      unidad: it.CodigoUnidad || 'NIU',
      cantidad: it.Cantidad,
      ...(it.ValorUnitario !== undefined ? { valorUnitario: it.ValorUnitario } : { precioUnitario: it.PrecioUnitario }),
      afectacion: it.TipoAfectacion,
      ...(it.PorcentajeIgv !== undefined ? { porcentajeIgv: it.PorcentajeIgv } : {}),
      ...(it.ICBPER ? { icbper: { montoUnitario: '0.50' } } : {}),
      ...(descuento ? { descuentos: descuento } : {}),
    };
  });
}

function formaPago(b: TDocumentoContableCrearParseado, errores: Record<string, string>) {
  if (b.IdCondicionPago === 1) return { tipo: 'Contado' as const };
  if (b.ListaCuotas.length === 0) errores.ListaCuotas = 'Una venta al crédito requiere al menos una cuota';
  b.ListaCuotas.forEach((c, i) => {
    if (c.FechaVencimiento <= b.FechaEmision) errores[`ListaCuotas.${i}.FechaVencimiento`] = MENSAJE_FECHA_CUOTA;
    if (!new Decimal(c.Monto).gt(0)) errores[`ListaCuotas.${i}.Monto`] = 'El monto de la cuota debe ser mayor que cero';
  });
  return { tipo: 'Credito' as const, cuotas: b.ListaCuotas.map((c) => ({ monto: c.Monto, fechaVencimiento: c.FechaVencimiento })) };
}

/**
 * Builds and validates everything that does not depend on the number: returns the engine input for a given
 * number, or throws ErroresCampo with every field message at once.
 */
export function armarDocumento(
  b: TDocumentoContableCrearParseado,
  ctx: { emisor: TEmisorDatos | null; serie: TSerieDatos; afectado: TAfectadoDatos | null; horaEmision: string },
  numero: number,
): TArmado {
  const errores: Record<string, string> = {};
  const tipo = b.IdTipoDocumento as TTipoDocumentoContable;
  const codigo = CodigoSunatDeTipo[tipo];
  const { receptor: dado, indice } = receptorDe(b, errores);
  const moneda = CodigoMoneda[b.IdMoneda];
  const comunes = { serie: ctx.serie.serie, numero, fechaEmision: b.FechaEmision, horaEmision: ctx.horaEmision };
  const emisor = ctx.emisor && {
    ruc: ctx.emisor.ruc,
    razonSocial: ctx.emisor.razonSocial,
    direccion: { ubigeo: ctx.emisor.idUbigeo, direccion: ctx.emisor.direccion, codigoLocal: '0000' },
  };
  const cliente = (r: TReceptor) => ({
    tipoDocumento: codigoIdentidad(r.idTipoDocumento),
    numeroDocumento: r.idTipoDocumento === 6 ? '-' : r.numeroDocumento,
    nombre: r.razonSocial,
    ...(r.direccion ? { direccion: { direccion: r.direccion } } : {}),
  });
  const campoReceptor = indice >= 0 ? `ListaEntidades.${indice}.IdTipoDocumento` : 'ListaEntidades';
  let entrada: Record<string, unknown>;
  let receptor = dado ?? CLIENTES_VARIOS;

  if (codigo === null) {
    // Internal sale note: the shape of a boleta, never signed nor sent.
    const items = itemsVenta(b, errores);
    const nota = { tipo: 'NV', ...comunes, moneda, items, formaPago: formaPago(b, errores) };
    if (Object.keys(errores).length) throw new ErroresCampo(errores);
    const totales = calcularTotales({ fechaEmision: b.FechaEmision, moneda, items: items as never, formaPago: nota.formaPago });
    if (totales.problemas.length) throw new ErroresCampo(Object.fromEntries(totales.problemas.map((p) => [campoSeed(p.campo), p.mensaje])));
    return { documento: null, notaVenta: nota, totales, receptor };
  }
  if (!emisor) throw new ErroresCampo({ Empresa: 'La empresa no tiene RUC: solo puede emitir notas de venta' });

  if (codigo === '01' || codigo === '03') {
    if (codigo === '01' && (!dado || dado.idTipoDocumento !== 2)) errores[campoReceptor] = 'La factura requiere un cliente con RUC';
    const items = itemsVenta(b, errores);
    entrada = {
      tipo: codigo, ...comunes, moneda, emisor, items,
      ...(codigo === '01' || !esAnonimo(dado) ? { cliente: cliente(receptor) } : {}),
      ...(b.FechaVencimiento ? { fechaVencimiento: b.FechaVencimiento } : {}),
      formaPago: formaPago(b, errores),
      ...(b.Detraccion
        ? { tipoOperacion: '1001', detraccion: { codigoBien: b.Detraccion.CodigoBien, porcentaje: b.Detraccion.Porcentaje, cuentaBancoNacion: b.Detraccion.CuentaBancoNacion } }
        : {}),
    };
    if (codigo === '03' && b.IdCondicionPago !== 1) errores.IdCondicionPago = 'La boleta se emite al contado';
    if (codigo === '03' && esAnonimo(dado)) receptor = CLIENTES_VARIOS;
  } else if (codigo === '07' || codigo === '08') {
    const ref = b.ListaReferencias[0];
    if (!ref) errores.ListaReferencias = 'Indique el documento que modifica la nota';
    if (!ctx.afectado) errores.ListaReferencias ??= 'No se encontró el documento que modifica la nota';
    if (!dado) errores[campoReceptor] = 'Indique el cliente del documento que modifica';
    entrada = {
      tipo: codigo, ...comunes, moneda, emisor, items: itemsVenta(b, errores),
      ...(dado ? { cliente: cliente(receptor) } : {}),
      motivo: { codigo: ref?.CodigoMotivo ?? '', descripcion: ref?.DescripcionMotivo ?? '' },
      documentoAfectado: ctx.afectado ? { tipo: ctx.afectado.codigoTipo, serie: ctx.afectado.serie, numero: ctx.afectado.correlativo } : undefined,
      ...(codigo === '07' && ref?.CodigoMotivo === '13' ? { formaPago: formaPago(b, errores) } : {}),
    };
  } else {
    // 09 GRE remitente, 31 GRE transportista.
    const t = b.Traslado;
    if (!t) errores.Traslado = 'Indique los datos del traslado';
    if (!dado) errores[campoReceptor] = 'Indique el destinatario';
    const punto = (p: NonNullable<typeof t>['PuntoPartida']) => ({
      ubigeo: p.IdUbigeo, direccion: p.Direccion, ...(p.RucAsociado ? { ruc: p.RucAsociado } : {}), ...(p.CodigoEstablecimiento ? { codigoLocal: p.CodigoEstablecimiento } : {}),
    });
    const conductores = b.ListaConductores.map((c) => ({
      tipoDocumento: codigoIdentidad(c.IdTipoDocumento), numeroDocumento: c.NumeroDocumento, nombres: c.Nombres, apellidos: c.Apellidos, licencia: c.Licencia.toUpperCase(),
    }));
    const vehiculos = (t?.Placas ?? []).map((p, i) => ({ placa: p.replace('-', ''), ...(codigo === '31' && i === 0 && t?.Tuc ? { tuc: t.Tuc } : {}) }));
    entrada = {
      tipo: codigo, ...comunes, emisor: codigo === '31' && t?.RegistroMtc ? { ...emisor, registroMtc: t.RegistroMtc } : emisor,
      ...(b.Observaciones ? { observaciones: b.Observaciones.slice(0, 250) } : {}),
      ...(dado ? { destinatario: { tipoDocumento: codigoIdentidad(dado.idTipoDocumento), numeroDocumento: dado.numeroDocumento, nombre: dado.razonSocial } } : {}),
      ...(t
        ? {
            fechaInicioTraslado: t.FechaTraslado, pesoBrutoTotal: t.PesoBrutoTotal, unidadPeso: t.UnidadPeso, partida: punto(t.PuntoPartida), llegada: punto(t.PuntoLlegada),
          }
        : {}),
      bienes: b.ListaItems.map((it) => ({ ...(it.CodigoItem ? { codigo: it.CodigoItem } : {}), descripcion: it.ItemDescripcion, cantidad: it.Cantidad, unidad: it.CodigoUnidad || 'NIU' })),
      ...(codigo === '09'
        ? {
            motivoTraslado: t?.MotivoTraslado, ...(t?.DescripcionMotivo ? { descripcionMotivo: t.DescripcionMotivo } : {}), modalidad: t?.ModalidadTraslado,
            ...(t?.NumeroBultos ? { numeroBultos: t.NumeroBultos } : {}),
            // Carrier data only for public transport; vehicles and drivers only for private transport.
            ...(t?.ModalidadTraslado === '01'
              ? t.RucTransportista ? { transportista: { ruc: t.RucTransportista, razonSocial: t.RazonSocialTransportista ?? '', ...(t.RegistroMtc ? { registroMtc: t.RegistroMtc } : {}) } } : {}
              : { vehiculos, conductores }),
          }
        : {
            remitente: t?.Remitente
              ? { tipoDocumento: codigoIdentidad(t.Remitente.IdTipoDocumento), numeroDocumento: t.Remitente.NumeroDocumento, nombre: t.Remitente.RazonSocial }
              : undefined,
            vehiculos, conductores, pagadorFlete: t?.PagadorFlete ?? 'Remitente',
          }),
    };
    if (codigo === '31') {
      // SUNAT observes (4391, 4399) a carrier's guide without its MTC registration or the vehicle's TUC.
      if (!t?.Remitente) errores['Traslado.Remitente'] = 'Indique el remitente de la mercadería';
      if (t && !t.RegistroMtc) errores['Traslado.RegistroMtc'] = 'Indique el número de registro MTC del transportista';
      if (t && !t.Tuc) errores['Traslado.Tuc'] = 'Indique la TUC o el certificado de habilitación vehicular';
      if (t && !t.Placas?.length) errores['Traslado.Placas'] = 'Indique la placa del vehículo (ABC123 O ABC-123)';
    }
  }

  if (Object.keys(errores).length) throw new ErroresCampo(errores);
  const r = validarDocumento(entrada);
  if (!r.ok) throw new ErroresCampo(Object.fromEntries(Object.entries(r.error.Errores).map(([c, m]) => [campoSeed(c), m])));
  let totales: TTotales | null = null;
  if (r.documento.tipo === '01' || r.documento.tipo === '03' || r.documento.tipo === '07' || r.documento.tipo === '08') {
    totales = calcularTotales(r.documento);
    if (totales.problemas.length) throw new ErroresCampo(Object.fromEntries(totales.problemas.map((p) => [campoSeed(p.campo), p.mensaje])));
    if (codigo === '03' && esAnonimo(dado) && totales.importeTotal.gte(new Decimal(LIMITE_BOLETA_SIN_IDENTIFICAR)) && moneda === 'PEN')
      throw new ErroresCampo({ [campoReceptor]: 'Para boletas desde S/ 700.00 identifique al cliente con su documento (norma de SUNAT)' });
  }
  return { documento: r.documento, notaVenta: null, totales, receptor };
}
