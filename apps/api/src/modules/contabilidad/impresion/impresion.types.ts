// Datos de la representación impresa (PDF) de un documento electrónico: todo ya calculado y en texto, para que el
// dibujo no haga cálculos tributarios. Importes: texto decimal con 2 decimales ("1234.50"); fechas: "AAAA-MM-DD".

/** 01 factura, 03 boleta, 07 nota de crédito, 08 nota de débito, 09 GRE remitente, 31 GRE transportista, NV nota de venta interna. */
export type TTipoImpresion = '01' | '03' | '07' | '08' | '09' | '31' | 'NV';

/** TICKET: rollo de 80 mm; TICKET58: rollo de 58 mm (puntos de venta con impresora angosta). */
export type TFormatoImpresion = 'A4' | 'TICKET' | 'TICKET58';

export type TEmisorImpresion = {
  /** Catálogo 06 ("6" RUC). Una empresa sin RUC (nota de venta) puede tener DNI u otro documento. */
  tipoDocumento: string;
  numeroDocumento: string;
  razonSocial: string;
  nombreComercial?: string;
  /** Domicilio fiscal en una línea, con distrito, provincia y departamento. */
  direccion?: string;
  /** Establecimiento (sucursal) que emite, cuando no es el domicilio fiscal. */
  sucursal?: { nombre: string; direccion?: string };
  telefono?: string;
  correo?: string;
  web?: string;
  /** Registro MTC del transportista (GRE transportista). */
  registroMtc?: string;
};

export type TParteImpresion = {
  /** Catálogo 06: 0, 1 DNI, 4 CE, 6 RUC, 7 pasaporte, A... */
  tipoDocumento: string;
  numeroDocumento: string;
  nombre: string;
  direccion?: string;
};

export type TLineaImpresion = {
  cantidad: string;
  /** Código de unidad del catálogo 03 (NIU, ZZ, KGM...). */
  unidad: string;
  codigo?: string;
  descripcion: string;
  /** Valor unitario sin impuestos (o referencial en una gratuita); hasta 10 decimales. Ausente en guías. */
  valorUnitario?: string;
  /** Precio unitario con impuestos. */
  precioUnitario?: string;
  /** Descuentos del ítem (importe). */
  descuento?: string;
  /** Importe del ítem con impuestos (0.00 en una gratuita). */
  total?: string;
  gratuita?: boolean;
};

export type TCuotaImpresion = { numero: string; monto: string; fechaVencimiento: string };

export type TTotalesImpresion = {
  gravada: string;
  ivap: string;
  exonerada: string;
  inafecta: string;
  exportacion: string;
  gratuita: string;
  /** Todos los descuentos (por ítem y globales, afecten o no la base), sin contar anticipos. */
  descuentos: string;
  cargos: string;
  anticipos: string;
  isc: string;
  icbper: string;
  igv: string;
  /** Tasa del IGV en porcentaje ("18", "10"). */
  porcentajeIgv: string;
  montoIvap: string;
  total: string;
  percepcion?: { porcentaje: string; monto: string; totalConPercepcion: string };
};

export type TAnticipoImpresion = { tipoDocumento: string; serie: string; numero: number; monto: string };

export type TDetraccionImpresion = {
  codigoBien: string;
  descripcionBien: string;
  porcentaje: string;
  /** Monto a depositar en soles (entero, como se deposita). */
  monto: string;
  cuentaBancoNacion: string;
  medioPago?: string;
};

export type TReferenciaImpresion = {
  /** Documento afectado (01 o 03). */
  tipoDocumento: string;
  serie: string;
  numero: number;
  fechaEmision?: string;
  /** Código del catálogo 09 (crédito) o 10 (débito) y su descripción. */
  codigoMotivo: string;
  tipoMotivo?: string;
  /** Sustento escrito por quien emite la nota. */
  motivo: string;
};

export type TPuntoImpresion = { ubigeo: string; descripcionUbigeo?: string; direccion: string };

export type TConductorImpresion = { tipoDocumento: string; numeroDocumento: string; nombre: string; licencia: string };

export type TGuiaImpresion = {
  fechaInicioTraslado: string;
  motivo?: { codigo: string; descripcion: string };
  modalidad?: { codigo: string; descripcion: string };
  pesoBruto: string;
  unidadPeso: string;
  numeroBultos?: number;
  partida: TPuntoImpresion;
  llegada: TPuntoImpresion;
  /** GRE transportista: quien remite los bienes. */
  remitente?: TParteImpresion;
  /** Transporte público (GRE remitente): la empresa de transporte. */
  transportista?: { ruc: string; razonSocial: string; registroMtc?: string };
  vehiculos: { placa: string; tuc?: string }[];
  conductores: TConductorImpresion[];
  pagadorFlete?: string;
  documentosRelacionados: { tipoDocumento: string; numero: string; rucEmisor?: string }[];
};

export type TPlantillaImpresion = {
  /** Formato por defecto de la empresa; las guías siempre salen en A4. */
  formato: TFormatoImpresion;
  /** Texto adicional configurado por la empresa (cuentas bancarias, políticas de cambio...). */
  textoAdicional?: string;
};

export type TDocumentoImpresion = {
  tipo: TTipoImpresion;
  serie: string;
  numero: number;
  fechaEmision: string;
  horaEmision?: string;
  fechaVencimiento?: string;
  /** PEN, USD o EUR. */
  moneda: string;
  emisor: TEmisorImpresion;
  /** Cliente (comprobantes) o destinatario (guías). */
  cliente: TParteImpresion;
  /** "Contado", "Crédito"... y las cuotas cuando es a crédito. */
  condicionPago?: { descripcion: string; cuotas: TCuotaImpresion[]; netoPendiente?: string };
  lineas: TLineaImpresion[];
  /** Ausente en guías. */
  totales?: TTotalesImpresion;
  /** Leyenda 1000: "SON: ... SOLES". */
  montoEnLetras?: string;
  /** Otras leyendas (catálogo 52) además de la 1000. */
  leyendas: string[];
  anticipos: TAnticipoImpresion[];
  detraccion?: TDetraccionImpresion;
  referencia?: TReferenciaImpresion;
  guiasRelacionadas: string[];
  ordenCompra?: string;
  observaciones?: string;
  guia?: TGuiaImpresion;
  /** Documento anulado (baja aceptada o nota de venta anulada): cada página lleva la marca ANULADO. */
  anulado?: boolean;
  /** DigestValue de la firma ("valor resumen"); ausente en la nota de venta (no se firma). */
  hash?: string;
  /** Texto del código QR (formato SUNAT); ausente en la nota de venta. */
  textoQr?: string;
  /** Logo de la empresa (PNG o JPEG). */
  logo?: Uint8Array;
  /** Dirección pública donde el cliente consulta y descarga su documento (/consultareceptor). */
  urlConsulta?: string;
  plantilla: TPlantillaImpresion;
};
