import { and, asc, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import Decimal from 'decimal.js';
import {
  CodigoMoneda, EstadoSunat, NombreCondicionPago, TipoDocumentoContable, TiposDocumentoIdentidad, type TDocumentoContable, type TGuiaDocumento,
} from '@yupana/contracts';
import { buscarUbigeo, calcularTotales, descripcionCatalogo, type TComprobante, type TDocumento, type TGuia } from '@yupana/sunat';
import type { Db } from '../../../db/client';
import { empresa, sucursal } from '../../../db/schema';
import { AppError, noEncontrado } from '../../../lib/app-error';
import { ErrorCodes } from '@yupana/contracts';
import { desdeComprobante, type TEntradaImpresion } from '../impresion/desde-comprobante';
import { generarPdf } from '../impresion/generar-pdf';
import type { TDocumentoImpresion } from '../impresion/impresion.types';
import { ticketEscPos } from '../impresion/escpos';
import { plantillaImpresion } from '../configuracion/plantilla.service';
import { documentoContable, documentoContableItem } from '../contabilidad.schema';
import { entidad } from '../../entidades/entidades.schema';
import { RUC_DEMO, serieNumero } from './emision.service';
import { anulacionEnCurso as lotesAnulacionEnCurso } from '../envio/lotes';

type TFilaDoc = typeof documentoContable.$inferSelect;

export async function filaDocumento(db: Db, idEmpresa: number, id: number): Promise<TFilaDoc> {
  const [f] = await db.select().from(documentoContable).where(and(eq(documentoContable.id, id), eq(documentoContable.idEmpresa, idEmpresa)));
  if (!f) throw noEncontrado('El documento no existe');
  return f;
}

const archivosDe = (f: Pick<TFilaDoc, 'xmlFirmado' | 'cdr' | 'nombreArchivo' | 'serie' | 'correlativo'>) => {
  const base = f.nombreArchivo ?? `${f.serie}-${f.correlativo}`;
  return [
    { TipoArchivo: 1, Nombre: `${base}.pdf` },
    ...(f.xmlFirmado ? [{ TipoArchivo: 2, Nombre: `${base}.xml` }] : []),
    ...(f.cdr ? [{ TipoArchivo: 3, Nombre: `R-${base}.zip` }] : []),
  ];
};
export { archivosDe };

// "RUC", "DNI"...: the short name of SUNAT's identity code (catálogo 06), as the forms show it.
const nombreIdentidad = (codigo: string) =>
  Object.values(TiposDocumentoIdentidad).find((t) => t.CodigoSunat === codigo)?.Descripcion ?? descripcionCatalogo('06', codigo) ?? codigo;
const parteGuia = (p: { tipoDocumento: string; numeroDocumento: string; nombre: string }) => ({
  CodigoTipoDocumento: p.tipoDocumento, TipoDocumento: nombreIdentidad(p.tipoDocumento), NumeroDocumento: p.numeroDocumento, Nombre: p.nombre,
});
const puntoGuia = (p: { ubigeo: string; direccion: string; codigoLocal?: string }) => {
  const u = buscarUbigeo(p.ubigeo);
  return {
    IdUbigeo: p.ubigeo, Departamento: u?.departamento ?? null, Provincia: u?.provincia ?? null, Distrito: u?.distrito ?? null, Direccion: p.direccion,
    CodigoEstablecimiento: p.codigoLocal ?? null,
  };
};

/**
 * A guide's transport data, read from the engine input stored when it was signed (the same source as its PDF):
 * reason and mode with their catalogue names, points with the district's names, weight, vehicles and drivers.
 */
export function guiaDesdeDatos(g: TGuia): TGuiaDocumento {
  const remitente = g.tipo === '09' ? g : undefined;
  return {
    FechaInicioTraslado: g.fechaInicioTraslado,
    Motivo: remitente
      ? { Codigo: remitente.motivoTraslado, Descripcion: remitente.descripcionMotivo ?? descripcionCatalogo('20', remitente.motivoTraslado) ?? remitente.motivoTraslado }
      : null,
    Modalidad: remitente ? { Codigo: remitente.modalidad, Descripcion: descripcionCatalogo('18', remitente.modalidad) ?? remitente.modalidad } : null,
    PesoBrutoTotal: new Decimal(g.pesoBrutoTotal).toString(),
    UnidadPeso: g.unidadPeso,
    NumeroBultos: remitente?.numeroBultos ?? null,
    PuntoPartida: puntoGuia(g.partida),
    PuntoLlegada: puntoGuia(g.llegada),
    Destinatario: parteGuia(g.destinatario),
    Remitente: g.tipo === '31' ? parteGuia(g.remitente) : null,
    Transportista: remitente?.transportista
      ? { Ruc: remitente.transportista.ruc, RazonSocial: remitente.transportista.razonSocial, RegistroMtc: remitente.transportista.registroMtc ?? null }
      : null,
    RegistroMtc: g.tipo === '31' ? (g.emisor.registroMtc ?? null) : null,
    PagadorFlete: g.tipo === '31' ? g.pagadorFlete : null,
    Vehiculos: (g.vehiculos ?? []).map((v) => ({ Placa: v.placa, Tuc: v.tuc ?? null })),
    Conductores: (g.conductores ?? []).map((c) => ({
      CodigoTipoDocumento: c.tipoDocumento, TipoDocumento: nombreIdentidad(c.tipoDocumento), NumeroDocumento: c.numeroDocumento,
      Nombres: c.nombres, Apellidos: c.apellidos, Licencia: c.licencia,
    })),
    DocumentosRelacionados: (g.documentosRelacionados ?? []).map((d) => ({
      CodigoTipoDocumento: d.tipoDocumento, TipoDocumento: descripcionCatalogo('61', d.tipoDocumento) ?? d.tipoDocumento, Numero: d.numero, RucEmisor: d.rucEmisor,
    })),
  };
}

export async function obtenerDocumento(db: Db, idEmpresa: number, id: number): Promise<TDocumentoContable> {
  const f = await filaDocumento(db, idEmpresa, id);
  const items = await db.select().from(documentoContableItem).where(eq(documentoContableItem.idDocumento, f.id)).orderBy(asc(documentoContableItem.item));
  let afectado: string | null = null;
  if (f.idDocumentoAfectado) {
    const [a] = await db.select({ serie: documentoContable.serie, correlativo: documentoContable.correlativo }).from(documentoContable).where(eq(documentoContable.id, f.idDocumentoAfectado));
    if (a) afectado = serieNumero(a.serie, a.correlativo);
  }
  // A nota de venta: the factura or boleta in force that canjea it (a voided or rejected canje does not count).
  let canjeadoPor: { Id: number; SerieNumero: string } | null = null;
  if (f.idTipoDocumento === TipoDocumentoContable.NOTA_VENTA) {
    const [c] = await db
      .select({ id: documentoContable.id, serie: documentoContable.serie, correlativo: documentoContable.correlativo })
      .from(documentoContable)
      .where(
        and(
          eq(documentoContable.idEmpresa, idEmpresa),
          eq(documentoContable.idDocumentoAfectado, f.id),
          inArray(documentoContable.idTipoDocumento, [TipoDocumentoContable.FACTURA, TipoDocumentoContable.BOLETA]),
          eq(documentoContable.anulado, false),
          notInArray(documentoContable.idEstadoSunat, [EstadoSunat.RECHAZADO, EstadoSunat.ANULADO]),
        ),
      )
      .limit(1);
    if (c) canjeadoPor = { Id: c.id, SerieNumero: serieNumero(c.serie, c.correlativo) };
  }
  // A void sent to SUNAT (comunicación de baja or resumen) and not answered yet: the page keeps watching.
  const anulacionEnCurso = !f.anulado && !!f.motivoAnulacion && (await lotesAnulacionEnCurso(db, f.id));
  const datos = f.datos as { formaPago?: { tipo: string; cuotas?: { monto: string; fechaVencimiento: string }[] } };
  const m = (v: string) => new Decimal(v).toFixed(2);
  const guia = f.codigoTipo === '09' || f.codigoTipo === '31' ? guiaDesdeDatos(f.datos as TGuia) : null;
  return {
    Id: f.id,
    IdEmpresa: f.idEmpresa,
    IdSucursal: f.idSucursal,
    IdTipoDocumento: f.idTipoDocumento,
    CodigoTipoDocumento: f.codigoTipo,
    IdSerie: f.idSerie,
    Serie: f.serie,
    CorrelativoDocumento: f.correlativo,
    SerieNumero: serieNumero(f.serie, f.correlativo),
    FechaEmision: f.fechaEmision,
    FechaVencimiento: f.fechaVencimiento,
    IdMoneda: f.idMoneda,
    IdCondicionPago: f.idCondicionPago,
    MontoSubTotal: m(f.montoSubTotal),
    MontoIGV: m(f.montoIgv),
    MontoISC: m(f.montoIsc),
    Icbper: m(f.icbper),
    OtrosCargos: m(f.otrosCargos),
    DescuentosGlobales: m(f.descuentosGlobales),
    MontoTotal: m(f.montoTotal),
    ValorIGV: m(f.valorIgv),
    Observaciones: f.observaciones,
    IdestadoSunat: f.idEstadoSunat,
    CodigoSunat: f.codigoSunat,
    MensajeSunat: f.mensajeSunat,
    NotasSunat: f.notasSunat ?? [],
    Hash: f.hash,
    TextoQr: f.textoQr,
    Anulado: f.anulado,
    AnulacionEnCurso: anulacionEnCurso,
    IdDocumentoAfectado: f.idDocumentoAfectado,
    SerieNumeroAfectado: afectado,
    CanjeadoPor: canjeadoPor,
    Receptor: {
      IdEntidad: f.idEntidadReceptor,
      IdTipoDocumento: f.receptorIdTipoDocumento,
      NumeroDocumento: f.receptorNumeroDocumento,
      RazonSocial: f.receptorRazonSocial,
      Direccion: f.receptorDireccion,
      CorreoEntidadReceptor: f.receptorCorreo,
    },
    ListaItems: items.map((l) => ({
      Item: l.item,
      CodigoItem: l.codigoItem,
      ItemDescripcion: l.itemDescripcion,
      CodigoUnidad: l.codigoUnidad,
      Cantidad: new Decimal(l.cantidad).toString(),
      ValorUnitario: new Decimal(l.valorUnitario).toString(),
      PrecioUnitario: new Decimal(l.precioUnitario).toString(),
      Descuento: m(l.descuento),
      TipoAfectacion: l.tipoAfectacion,
      SubTotal: m(l.subTotal),
      IGV: m(l.igv),
      ICBPER: m(l.icbper),
      Total: m(l.total),
    })),
    ListaCuotas: (datos.formaPago?.cuotas ?? []).map((c) => ({ Monto: new Decimal(c.monto).toFixed(2), FechaVencimiento: c.fechaVencimiento })),
    ListaArchivos: archivosDe(f),
    Guia: guia,
    LogFechacrea: f.logFechaCrea.toISOString(),
  };
}

/** The PDF, drawn from the stored engine input with the same totals function as the signed XML. */
export async function pdfDocumento(db: Db, f: TFilaDoc, formato?: 'A4' | 'TICKET' | 'TICKET58'): Promise<Buffer> {
  return generarPdf(await datosImpresion(db, f, formato), formato);
}

/** What the printed representation of a document shows (PDF A4 or ticket, or the ESC/POS ticket), all computed. */
export async function datosImpresion(db: Db, f: TFilaDoc, formato?: 'A4' | 'TICKET' | 'TICKET58'): Promise<TDocumentoImpresion> {
  const [emp] = await db.select().from(empresa).where(eq(empresa.id, f.idEmpresa));
  const [suc] = await db.select().from(sucursal).where(eq(sucursal.id, f.idSucursal));
  // The company's invoice template: logo, extra text and the default format (unless the request asks for one).
  const plantilla = await plantillaImpresion(db, f.idEmpresa);
  const complementos = {
    logo: plantilla.logo,
    sucursal: suc ? { nombre: suc.razonSocial, direccion: suc.direccion ?? undefined } : undefined,
    telefono: emp.telefono ?? undefined,
    correo: emp.correo ?? undefined,
    observaciones: f.observaciones ?? undefined,
    condicionPago: NombreCondicionPago[f.idCondicionPago],
    plantilla: { formato: formato ?? plantilla.formato, textoAdicional: plantilla.textoAdicional },
  };
  if (f.codigoTipo === null) {
    const nota = f.datos as Record<string, unknown>;
    const codigoReceptor = TiposDocumentoIdentidad[f.receptorIdTipoDocumento as keyof typeof TiposDocumentoIdentidad]?.CodigoSunat ?? '0';
    const entrada = {
      ...nota,
      tipo: 'NV',
      emisor: { tipoDocumento: '0', numeroDocumento: emp.documento ?? '-', razonSocial: emp.razonSocial, direccion: emp.direccion ?? undefined },
      cliente: { tipoDocumento: codigoReceptor, numeroDocumento: f.receptorNumeroDocumento, nombre: f.receptorRazonSocial, direccion: f.receptorDireccion ?? undefined },
    } as unknown as TEntradaImpresion;
    const totales = calcularTotales({ fechaEmision: f.fechaEmision, moneda: CodigoMoneda[f.idMoneda], items: (nota.items as never) ?? [] });
    return { ...desdeComprobante(entrada, totales, null, complementos), anulado: f.anulado };
  }
  const doc = f.datos as TDocumento;
  const totales = doc.tipo === '01' || doc.tipo === '03' || doc.tipo === '07' || doc.tipo === '08' ? calcularTotales(doc as TComprobante) : null;
  let fechaAfectado: string | undefined;
  if (f.idDocumentoAfectado) {
    const [a] = await db.select({ fecha: documentoContable.fechaEmision }).from(documentoContable).where(eq(documentoContable.id, f.idDocumentoAfectado));
    fechaAfectado = a?.fecha;
  }
  const datos = desdeComprobante(doc as TEntradaImpresion, totales, { digestValue: f.hash ?? '' }, { ...complementos, fechaDocumentoAfectado: fechaAfectado });
  return { ...datos, anulado: f.anulado };
}

export type TArchivo = { contenido: Buffer; tipo: string; nombre: string };

export async function archivoDocumento(db: Db, f: TFilaDoc, tipoArchivo: number, formato?: 'A4' | 'TICKET' | 'TICKET58'): Promise<TArchivo> {
  const base = f.nombreArchivo ?? `${f.serie}-${f.correlativo}`;
  if (tipoArchivo === 1) return { contenido: await pdfDocumento(db, f, formato), tipo: 'application/pdf', nombre: `${base}.pdf` };
  if (tipoArchivo === 2) {
    if (!f.xmlFirmado) throw new AppError(ErrorCodes.NO_ENCONTRADO, 'Este documento no tiene XML (documento interno)', 404);
    return { contenido: Buffer.from(f.xmlFirmado), tipo: 'application/xml', nombre: `${base}.xml` };
  }
  if (!f.cdr) throw new AppError(ErrorCodes.NO_ENCONTRADO, 'SUNAT aún no devuelve la constancia de recepción (CDR) de este documento', 404);
  return { contenido: Buffer.from(f.cdr), tipo: 'application/zip', nombre: `R-${base}.zip` };
}

/** The ticket as ESC/POS commands (sales documents and notes; a guide has no ticket). */
export async function ticketEscPosDocumento(db: Db, f: TFilaDoc, o: { ancho: 80 | 58; cajon: boolean }): Promise<TArchivo> {
  const d = await datosImpresion(db, f, o.ancho === 58 ? 'TICKET58' : 'TICKET');
  if (d.tipo === '09' || d.tipo === '31') throw new AppError(ErrorCodes.VALIDACION, 'La guía de remisión no se imprime en ticket: use el PDF A4', 400);
  const base = f.nombreArchivo ?? `${f.serie}-${f.correlativo}`;
  return { contenido: Buffer.from(ticketEscPos(d, { ancho: o.ancho, abrirCajon: o.cajon })), tipo: 'application/octet-stream', nombre: `${base}-ticket.bin` };
}

/** Documents issued to one customer (entity), newest first. */
export async function emisionesDeEntidad(db: Db, idEmpresa: number, idEntidad: number, pagina: number, regxpag: number) {
  // Another company's entity (or one that does not exist) is a 404, not an empty list.
  const [propia] = await db.select({ id: entidad.id }).from(entidad).where(and(eq(entidad.id, idEntidad), eq(entidad.idEmpresa, idEmpresa)));
  if (!propia) throw noEncontrado('La entidad no existe');
  const donde = and(eq(documentoContable.idEmpresa, idEmpresa), eq(documentoContable.idEntidadReceptor, idEntidad));
  const filas = await db
    .select()
    .from(documentoContable)
    .where(donde)
    .orderBy(desc(documentoContable.fechaEmision), desc(documentoContable.id))
    .limit(regxpag)
    .offset((pagina - 1) * regxpag);
  const [{ n }] = await db.select({ n: count() }).from(documentoContable).where(donde);
  return { filas, total: Number(n) };
}

export { RUC_DEMO };
