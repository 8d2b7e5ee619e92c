// Modelos de entrada de la guía de remisión electrónica: 09 remitente y 31 transportista (formato GRE 2022).
import { z } from 'zod';
import {
  ZCatalogo, ZDecimalPositivo, ZEmisor, ZFecha, ZHora, ZIdentidad, ZNumero, ZRuc, ZSerie, ZTexto, ZUbigeo, ZCodigoProducto,
} from './comun';

export const ZPunto = z.object({
  ubigeo: ZUbigeo,
  direccion: ZTexto(500),
  /** RUC y código de establecimiento, obligatorios cuando el traslado es entre locales de la misma empresa (motivo 04). */
  ruc: ZRuc.optional(),
  codigoLocal: z.string().regex(/^\d{4}$/).optional(),
});
export type TPunto = z.infer<typeof ZPunto>;

export const ZParte = z.intersection(ZIdentidad, z.object({ nombre: ZTexto(250) }));
export type TParte = z.infer<typeof ZParte>;

export const ZConductor = z.object({
  tipoDocumento: ZCatalogo('06', 'Tipo de documento del conductor'),
  numeroDocumento: z.string().regex(/^[-\w]{1,15}$/, 'Documento del conductor'),
  nombres: ZTexto(250),
  apellidos: ZTexto(250),
  /** Licencia de conducir (brevete). */
  licencia: z.string().regex(/^[A-Z0-9]{9,10}$/, 'Licencia de 9 o 10 caracteres alfanuméricos'),
});
export type TConductor = z.infer<typeof ZConductor>;

export const ZVehiculo = z.object({
  placa: z.string().regex(/^[A-Z0-9]{6,8}$/, 'Placa de 6 a 8 caracteres alfanuméricos, sin guion'),
  /** Tarjeta Única de Circulación o certificado de habilitación vehicular (10 a 15 caracteres). */
  tuc: z.string().regex(/^[0-9A-Z]{10,15}$/, 'TUC o certificado de habilitación de 10 a 15 caracteres alfanuméricos').optional(),
});
export type TVehiculo = z.infer<typeof ZVehiculo>;

export const ZBien = z.object({
  codigo: ZCodigoProducto.optional(),
  descripcion: ZTexto(500),
  cantidad: ZDecimalPositivo,
  unidad: ZCatalogo('03', 'Unidad de medida').default('NIU'),
});

export const ZDocumentoTraslado = z.object({
  /** Catálogo 61: documento relacionado al transporte (01 factura, 03 boleta, 09 GRE remitente, ...). */
  tipoDocumento: ZCatalogo('61', 'Documento relacionado'),
  numero: z.string().regex(/^[A-Z0-9]{1,4}-\d{1,8}$|^[-\w]{1,30}$/, 'Número del documento relacionado'),
  rucEmisor: ZRuc,
});

const comunGuia = {
  numero: ZNumero,
  fechaEmision: ZFecha,
  horaEmision: ZHora.default('00:00:00'),
  observaciones: ZTexto(250).optional(),
  destinatario: ZParte,
  fechaInicioTraslado: ZFecha,
  pesoBrutoTotal: ZDecimalPositivo,
  unidadPeso: z.enum(['KGM', 'TNE']).default('KGM'),
  partida: ZPunto,
  llegada: ZPunto,
  bienes: z.array(ZBien).min(1, 'Indique al menos un bien').max(1000),
  documentosRelacionados: z.array(ZDocumentoTraslado).max(20).optional(),
};

export const ZGuiaRemitente = z
  .object({
    tipo: z.literal('09'),
    serie: ZSerie('T'),
    ...comunGuia,
    emisor: ZEmisor,
    motivoTraslado: ZCatalogo('20', 'Motivo de traslado'),
    descripcionMotivo: ZTexto(100).optional(),
    /** Catálogo 18: 01 transporte público, 02 transporte privado. */
    modalidad: z.enum(['01', '02']),
    numeroBultos: z.number().int().min(1).max(999999).optional(),
    /** Transporte público: la empresa de transporte. */
    transportista: z.object({ ruc: ZRuc, razonSocial: ZTexto(250), registroMtc: z.string().regex(/^[A-Z0-9]{1,20}$/).optional() }).optional(),
    /** Transporte privado: vehículos (el primero es el principal) y conductores (el primero es el principal). */
    vehiculos: z.array(ZVehiculo).max(3).optional(),
    conductores: z.array(ZConductor).max(3).optional(),
  })
  .superRefine((g, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (g.modalidad === '01' && !g.transportista) add('transportista', 'Transporte público: indique la empresa de transporte');
    if (g.modalidad === '02') {
      if (!g.vehiculos?.length) add('vehiculos', 'Transporte privado: indique al menos un vehículo');
      if (g.vehiculos?.some((v) => v.tuc)) add('vehiculos', 'La TUC del vehículo solo se informa en la guía del transportista');
      if (!g.conductores?.length) add('conductores', 'Transporte privado: indique al menos un conductor');
    }
    if (g.fechaInicioTraslado < g.fechaEmision) add('fechaInicioTraslado', 'El traslado no puede iniciar antes de la fecha de emisión');
    if (g.motivoTraslado === '04' && g.destinatario.numeroDocumento !== g.emisor.ruc)
      add('destinatario', 'Traslado entre establecimientos: el destinatario es el mismo remitente');
    if (g.motivoTraslado === '13' && !g.descripcionMotivo) add('descripcionMotivo', 'Motivo "Otros": describa el motivo del traslado');
  });
export type TGuiaRemitente = z.infer<typeof ZGuiaRemitente>;

export const ZGuiaTransportista = z
  .object({
    tipo: z.literal('31'),
    serie: ZSerie('V'),
    ...comunGuia,
    /** El transportista es quien emite. */
    emisor: ZEmisor.extend({ registroMtc: z.string().regex(/^[A-Z0-9]{1,20}$/).optional() }),
    remitente: ZParte,
    vehiculos: z.array(ZVehiculo).min(1, 'Indique el vehículo principal').max(3),
    /** Quién paga el flete (indicador SUNAT_Envio_IndicadorPagadorFlete_*). */
    pagadorFlete: z.enum(['Remitente', 'Subcontratador', 'Tercero']).default('Remitente'),
    conductores: z.array(ZConductor).min(1, 'Indique el conductor principal').max(3),
  })
  .superRefine((g, ctx) => {
    if (g.fechaInicioTraslado < g.fechaEmision)
      ctx.addIssue({ code: 'custom', path: ['fechaInicioTraslado'], message: 'El traslado no puede iniciar antes de la fecha de emisión' });
  });
export type TGuiaTransportista = z.infer<typeof ZGuiaTransportista>;
export type TGuia = TGuiaRemitente | TGuiaTransportista;
