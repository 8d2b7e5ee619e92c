import { TipoEmpresa } from '@yupana/contracts';
import { opcionesCatalogo } from '../../../lib/catalogos';

/** Issuing pages: the seed's document-type id, SUNAT's code, the URL slug and the series letter a user expects. */
export const TIPOS_EMISION = [
  { id: 1003, codigo: '01', nombre: 'Factura', slug: 'factura', letra: 'F' },
  { id: 1004, codigo: '03', nombre: 'Boleta de venta', slug: 'boleta', letra: 'B' },
  // Internal sale note: no SUNAT code; its totals are a boleta's, it is never signed nor sent.
  { id: 1008, codigo: 'NV', nombre: 'Nota de venta', slug: 'nota-venta', letra: 'NV' },
  { id: 1005, codigo: '07', nombre: 'Nota de crédito', slug: 'nota-credito', letra: 'F/B' },
  { id: 1006, codigo: '08', nombre: 'Nota de débito', slug: 'nota-debito', letra: 'F/B' },
  { id: 1007, codigo: '09', nombre: 'Guía de remisión remitente', slug: 'guia-remitente', letra: 'T' },
  { id: 3005, codigo: '31', nombre: 'Guía de remisión transportista', slug: 'guia-transportista', letra: 'V' },
] as const;
export type TTipoEmision = (typeof TIPOS_EMISION)[number];

export const tipoEmisionPorSlug = (slug: string | undefined) => TIPOS_EMISION.find((t) => t.slug === slug);
export const tipoEmisionPorId = (id: number | null | undefined) => TIPOS_EMISION.find((t) => t.id === id);

/** What a company may issue: one without RUC (type 2) only internal sale notes. */
export const tiposEmisionDe = (tipoEmpresa: number | undefined) => (tipoEmpresa === TipoEmpresa.SIN_RUC ? TIPOS_EMISION.filter((t) => t.id === 1008) : TIPOS_EMISION);

/** Tag colour of each tax-authority status (seed §4). */
export const COLOR_ESTADO_SUNAT: Record<number, string> = {
  1: 'gold',
  2: 'green',
  3: 'lime',
  4: 'processing',
  5: 'red',
  6: 'processing',
  7: 'volcano',
  8: 'default',
  10: 'default',
};

/** Statuses that still change by themselves (the worker sends or polls SUNAT): pages keep watching them. */
export const ESTADOS_EN_CURSO: number[] = [1, 4, 6];

const opciones = opcionesCatalogo;

export const opcionesAfectacion = () => opciones('07');
export const opcionesMotivoNotaCredito = () => opciones('09');
export const opcionesMotivoNotaDebito = () => opciones('10');
export const opcionesMotivoTraslado = () => opciones('20');
export const opcionesModalidadTraslado = () => opciones('18');
export const opcionesBienesDetraccion = () => opciones('54');
export const opcionesMedioPagoDetraccion = () => opciones('59');

/** Units a shop uses every day first (catálogo 03); the rest are typed as codes. */
export const UNIDADES = [
  { value: 'NIU', label: 'NIU - Unidad (bienes)' },
  { value: 'ZZ', label: 'ZZ - Unidad (servicios)' },
  { value: 'KGM', label: 'KGM - Kilogramo' },
  { value: 'LTR', label: 'LTR - Litro' },
  { value: 'MTR', label: 'MTR - Metro' },
  { value: 'BX', label: 'BX - Caja' },
  { value: 'PK', label: 'PK - Paquete' },
  { value: 'DZN', label: 'DZN - Docena' },
];
