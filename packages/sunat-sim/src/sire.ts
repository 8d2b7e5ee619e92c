import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { zipArchivo } from '@yupana/sunat';
import { nodos, texto } from './xml';

/**
 * SIRE (RVIE 140000 / RCE 080000) in the stand-in: SUNAT's proposal of a period is built from the electronic
 * documents the stand-in received (the issuer's sales for RVIE; for RCE, the documents whose customer is the RUC),
 * plus what a test adds, changes or hides (`SireSim.agregar / ajustar / quitar`, or POST /admin/sire/...).
 */

export type TLibroSire = '140000' | '080000';

/** One document as SUNAT's proposal shows it (amounts as decimal strings, dates YYYY-MM-DD). */
export type TComprobanteSire = {
  /** The RUC whose register holds it (RVIE: the issuer; RCE: the buyer). */
  rucTitular: string;
  fechaEmision: string;
  fechaVencimiento?: string;
  tipo: string;
  serie: string;
  numero: string;
  /** RVIE: the customer; RCE: the supplier. */
  tipoDocContraparte: string;
  numDocContraparte: string;
  razonSocialContraparte: string;
  baseGravada: string;
  igv: string;
  exonerado: string;
  inafecto: string;
  isc: string;
  icbper: string;
  otros: string;
  total: string;
  moneda: string;
  tipoCambio?: string;
  referencia?: { fecha: string; tipo: string; serie: string; numero: string };
};

export type TTicketSire = {
  numTicket: string;
  ruc: string;
  periodo: string;
  libro: TLibroSire;
  codProceso: string;
  desProceso: string;
  /** 05 en proceso until `listo`, then 06 terminado (proposal/accept) or 04/03 (replacement without / with errors). */
  listo: number;
  estadoFinal: '06' | '04' | '03';
  nomArchivoImportacion: string;
  reporte?: { nombre: string; zip: Uint8Array };
  errores?: string[];
  creado: Date;
};

export type TRegistroSire = { estado: 'ACEPTADA' | 'REEMPLAZADA'; archivo?: string; lineas?: string[]; fecha: Date };

const clave = (c: Pick<TComprobanteSire, 'tipo' | 'serie' | 'numero'>) => `${c.tipo}-${c.serie}-${Number(c.numero)}`;
const periodoDe = (fecha: string) => fecha.slice(0, 4) + fecha.slice(5, 7);
const d2 = (v: string | undefined) => new Decimal(v || '0').toFixed(2);
const fecha = (iso?: string) => (iso ? iso.split('-').reverse().join('/') : '');
const NOTAS_CREDITO = new Set(['07', '87']);

/** Reads what the proposal needs from a UBL 2.1 invoice or note (undefined when something essential is missing). */
export function datosSireDeUbl(doc: Document, ruc: string, tipo: string, serie: string, numero: string): TComprobanteSire | undefined {
  const raiz = '/*';
  const fechaEmision = texto(doc, `${raiz}/cbc:IssueDate`);
  if (!fechaEmision) return undefined;
  const cliente = `${raiz}/cac:AccountingCustomerParty/cac:Party`;
  const subtotal = (codigo: string, campo: 'TaxableAmount' | 'TaxAmount') => {
    const n = nodos(doc, `${raiz}/cac:TaxTotal/cac:TaxSubtotal[cac:TaxCategory/cac:TaxScheme/cbc:ID='${codigo}']`)[0];
    return n ? texto(n, `cbc:${campo}`) || '0' : '0';
  };
  const total = texto(doc, `${raiz}/cac:LegalMonetaryTotal/cbc:PayableAmount`) || texto(doc, `${raiz}/cac:RequestedMonetaryTotal/cbc:PayableAmount`) || '0';
  const refId = texto(doc, `${raiz}/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID`);
  const refTipo = texto(doc, `${raiz}/cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode`);
  const m = /^([A-Z0-9]{4})-(\d+)$/.exec(refId);
  return {
    rucTitular: ruc,
    fechaEmision,
    fechaVencimiento: texto(doc, `${raiz}/cbc:DueDate`) || undefined,
    tipo,
    serie,
    numero: String(Number(numero)),
    tipoDocContraparte: texto(doc, `${cliente}/cac:PartyIdentification/cbc:ID/@schemeID`) || '-',
    numDocContraparte: texto(doc, `${cliente}/cac:PartyIdentification/cbc:ID`) || '-',
    razonSocialContraparte: texto(doc, `${cliente}/cac:PartyLegalEntity/cbc:RegistrationName`) || '-',
    baseGravada: subtotal('1000', 'TaxableAmount'),
    igv: subtotal('1000', 'TaxAmount'),
    exonerado: subtotal('9997', 'TaxableAmount'),
    inafecto: subtotal('9998', 'TaxableAmount'),
    isc: subtotal('2000', 'TaxAmount'),
    icbper: subtotal('7152', 'TaxAmount'),
    otros: '0',
    total,
    moneda: texto(doc, `${raiz}/cbc:DocumentCurrencyCode`) || 'PEN',
    referencia: m ? { fecha: '', tipo: refTipo || (m[1].startsWith('B') ? '03' : '01'), serie: m[1], numero: String(Number(m[2])) } : undefined,
  };
}

/** Credit notes go negative in the register (SUNAT's rule for tipos 07 and 87). */
function conSigno(c: TComprobanteSire, v: string): string {
  const d = new Decimal(v || '0');
  return (NOTAS_CREDITO.has(c.tipo) && d.gt(0) ? d.neg() : d).toFixed(2);
}

/** RVIE proposal line: the 40 columns of SUNAT's export (header row first). */
function lineaRvie(ruc: string, razon: string, periodo: string, c: TComprobanteSire): string {
  const car = `${ruc}${c.tipo}${c.serie.padStart(4, '0')}${c.numero.padStart(10, '0')}`.slice(0, 27);
  return [
    ruc, razon, periodo, car, fecha(c.fechaEmision), fecha(c.fechaVencimiento), c.tipo, c.serie, c.numero, '',
    c.tipoDocContraparte, c.numDocContraparte, c.razonSocialContraparte, '0.00', conSigno(c, c.baseGravada), '0.00', conSigno(c, c.igv), '0.00',
    conSigno(c, c.exonerado), conSigno(c, c.inafecto), conSigno(c, c.isc), '0.00', '0.00', conSigno(c, c.icbper), conSigno(c, c.otros), conSigno(c, c.total),
    c.moneda, c.moneda === 'PEN' ? '' : new Decimal(c.tipoCambio || '1').toFixed(3),
    fecha(c.referencia?.fecha), c.referencia?.tipo ?? '', c.referencia?.serie ?? '', c.referencia?.numero ?? '', '', '', '1', '0.00', '0.00', '0101', '', '',
  ].join('|');
}

/** RCE proposal line: the 41 columns of SUNAT's export. */
function lineaRce(ruc: string, razon: string, periodo: string, c: TComprobanteSire): string {
  const car = `${c.numDocContraparte}${c.tipo}${c.serie.padStart(4, '0')}${c.numero.padStart(10, '0')}`.slice(0, 27);
  return [
    ruc, razon, periodo, car, fecha(c.fechaEmision), fecha(c.fechaVencimiento), c.tipo, c.serie, '', c.numero, '',
    c.tipoDocContraparte, c.numDocContraparte, c.razonSocialContraparte, conSigno(c, c.baseGravada), conSigno(c, c.igv), '0.00', '0.00', '0.00', '0.00',
    conSigno(c, d2(new Decimal(c.exonerado || '0').plus(c.inafecto || '0').toString())), conSigno(c, c.isc), conSigno(c, c.icbper), conSigno(c, c.otros), conSigno(c, c.total),
    c.moneda, c.moneda === 'PEN' ? '' : new Decimal(c.tipoCambio || '1').toFixed(3),
    fecha(c.referencia?.fecha), c.referencia?.tipo ?? '', c.referencia?.serie ?? '', '', c.referencia?.numero ?? '', '', '', '', '', '', '', '', '1', '',
  ].join('|');
}

const CABECERA_RVIE =
  'Ruc|Razon Social|Periodo|CAR SUNAT|Fecha de emisión|Fecha Vcto/Pago|Tipo CP/Doc.|Serie del CDP|Nro CP o Doc. Nro Inicial (Rango)|Nro Final (Rango)|Tipo Doc Identidad|Nro Doc Identidad|Apellidos Nombres/ Razón Social|Valor Facturado Exportación|BI Gravada|Dscto BI|IGV / IPM|Dscto IGV / IPM|Mto Exonerado|Mto Inafecto|ISC|BI Grav IVAP|IVAP|ICBPER|Otros Tributos|Total CP|Moneda|Tipo Cambio|Fecha Emisión Doc Modificado|Tipo CP Modificado|Serie CP Modificado|Nro CP Modificado|ID Proyecto Operadores Atribución|Tipo de Nota|Est. Comp|Valor FOB Embarcado|Valor OP Gratuitas|Tipo Operación|DAM / CP|CLU';
const CABECERA_RCE =
  'RUC|Apellidos y Nombres o Razón social|Periodo|CAR SUNAT|Fecha de emisión|Fecha Vcto/Pago|Tipo CP/Doc.|Serie del CDP|Año|Nro CP o Doc. Nro Inicial (Rango)|Nro Final (Rango)|Tipo Doc Identidad|Nro Doc Identidad|Apellidos Nombres/ Razón Social|BI Gravado DG|IGV / IPM DG|BI Gravado DGNG|IGV / IPM DGNG|BI Gravado DNG|IGV / IPM DNG|Valor Adq. NG|ISC|ICBPER|Otros Trib/ Cargos|Total CP|Moneda|Tipo de Cambio|Fecha Emisión Doc Modificado|Tipo CP Modificado|Serie CP Modificado|COD. DAM O DSI|Nro CP Modificado|Clasif de Bss y Sss|ID Proyecto Operadores|PorcPart|IMB|CAR Orig/ Ind E o I|Detracción|Tipo de Nota|Est. Comp.|Incal';

/** What the stand-in keeps for SIRE, and the proposal it serves. */
export class SireSim {
  /** Documents the stand-in received, by issuer RUC (their data as the proposal shows them). */
  recibidos: TComprobanteSire[] = [];
  agregados = new Map<string, TComprobanteSire[]>();
  ajustes = new Map<string, Map<string, Partial<TComprobanteSire>>>();
  quitados = new Map<string, Set<string>>();
  tickets = new Map<string, TTicketSire>();
  registros = new Map<string, TRegistroSire>();
  razonesSociales = new Map<string, string>();
  private secuencia = 0;

  constructor(private readonly demoraMs: () => number) {}

  static llave(ruc: string, libro: TLibroSire, periodo: string): string {
    return `${ruc}|${libro}|${periodo}`;
  }

  /** A document the stand-in accepted (called by the SOAP/GRE processing). */
  registrarRecibido(c: TComprobanteSire, razonEmisor?: string): void {
    this.recibidos = this.recibidos.filter((r) => !(r.rucTitular === c.rucTitular && clave(r) === clave(c)));
    const ref = c.referencia;
    if (ref && !ref.fecha) {
      const original = this.recibidos.find((r) => r.rucTitular === c.rucTitular && clave(r) === clave(ref));
      if (original) ref.fecha = original.fechaEmision;
    }
    this.recibidos.push(c);
    if (razonEmisor) this.razonesSociales.set(c.rucTitular, razonEmisor);
  }

  /** A voided document stays in the register with zero amounts. */
  darDeBaja(ruc: string, tipo: string, serie: string, numero: string): void {
    const r = this.recibidos.find((x) => x.rucTitular === ruc && clave(x) === clave({ tipo, serie, numero }));
    if (r) Object.assign(r, { baseGravada: '0', igv: '0', exonerado: '0', inafecto: '0', isc: '0', icbper: '0', otros: '0', total: '0' });
  }

  agregar(ruc: string, libro: TLibroSire, periodo: string, c: Omit<TComprobanteSire, 'rucTitular'> & { rucTitular?: string }): void {
    const k = SireSim.llave(ruc, libro, periodo);
    this.agregados.set(k, [...(this.agregados.get(k) ?? []).filter((x) => clave(x) !== clave(c)), { ...c, rucTitular: ruc }]);
  }

  ajustar(ruc: string, libro: TLibroSire, periodo: string, doc: { tipo: string; serie: string; numero: string }, cambios: Partial<TComprobanteSire>): void {
    const k = SireSim.llave(ruc, libro, periodo);
    const m = this.ajustes.get(k) ?? new Map<string, Partial<TComprobanteSire>>();
    m.set(clave(doc), { ...(m.get(clave(doc)) ?? {}), ...cambios });
    this.ajustes.set(k, m);
  }

  quitar(ruc: string, libro: TLibroSire, periodo: string, doc: { tipo: string; serie: string; numero: string }): void {
    const k = SireSim.llave(ruc, libro, periodo);
    this.quitados.set(k, (this.quitados.get(k) ?? new Set()).add(clave(doc)));
  }

  /** SUNAT's proposal of a period: received documents of the period, plus added, minus hidden, with adjustments. */
  propuesta(ruc: string, libro: TLibroSire, periodo: string): TComprobanteSire[] {
    const k = SireSim.llave(ruc, libro, periodo);
    const base =
      libro === '140000'
        ? this.recibidos.filter((r) => r.rucTitular === ruc && periodoDe(r.fechaEmision) === periodo)
        : this.recibidos
            .filter((r) => r.numDocContraparte === ruc && r.tipoDocContraparte === '6' && periodoDe(r.fechaEmision) === periodo && ['01', '07', '08'].includes(r.tipo))
            .map((r) => ({
              ...r,
              rucTitular: ruc,
              tipoDocContraparte: '6',
              numDocContraparte: r.rucTitular,
              razonSocialContraparte: this.razonesSociales.get(r.rucTitular) ?? r.rucTitular,
            }));
    const agregados = this.agregados.get(k) ?? [];
    const quitados = this.quitados.get(k) ?? new Set<string>();
    const ajustes = this.ajustes.get(k);
    return [...base.filter((b) => !agregados.some((a) => clave(a) === clave(b))), ...agregados]
      .filter((c) => !quitados.has(clave(c)))
      .map((c) => ({ ...c, ...(ajustes?.get(clave(c)) ?? {}) }))
      .sort((a, b) => a.fechaEmision.localeCompare(b.fechaEmision) || clave(a).localeCompare(clave(b)));
  }

  /** The TXT SUNAT exports (header + one line per document, CRLF). */
  archivoPropuesta(ruc: string, libro: TLibroSire, periodo: string): { nombre: string; txt: string } {
    const razon = this.razonesSociales.get(ruc) ?? ruc;
    const filas = this.propuesta(ruc, libro, periodo);
    const lineas = filas.map((c) => (libro === '140000' ? lineaRvie(ruc, razon, periodo, c) : lineaRce(ruc, razon, periodo, c)));
    const nombre = `LE${ruc}${periodo}00${libro === '140000' ? '1404' : '0804'}0001${filas.length ? 1 : 0}12.txt`;
    return { nombre, txt: [libro === '140000' ? CABECERA_RVIE : CABECERA_RCE, ...lineas].map((l) => `${l}\r\n`).join('') };
  }

  nuevoTicket(t: Omit<TTicketSire, 'numTicket' | 'listo' | 'creado'>, ahora: Date): TTicketSire {
    this.secuencia += 1;
    const numTicket = `${ahora.getUTCFullYear()}${t.libro === '140000' ? '01' : '02'}${String(this.secuencia).padStart(4, '0')}${String(randomBytes(2).readUInt16BE() % 10000).padStart(4, '0')}`;
    const ticket: TTicketSire = { ...t, numTicket, listo: Date.now() + this.demoraMs(), creado: ahora };
    this.tickets.set(numTicket, ticket);
    return ticket;
  }

  /** Proposal export: a ticket whose report is the zipped TXT. */
  pedirPropuesta(ruc: string, libro: TLibroSire, periodo: string, ahora: Date): TTicketSire {
    const { nombre, txt } = this.archivoPropuesta(ruc, libro, periodo);
    return this.nuevoTicket(
      {
        ruc, periodo, libro, codProceso: '10', desProceso: 'Descargar propuesta', estadoFinal: '06', nomArchivoImportacion: '',
        reporte: { nombre: `${nombre.replace(/\.txt$/, '')}.zip`, zip: zipArchivo(nombre, txt) },
      },
      ahora,
    );
  }

  /** A replacement file: each line must carry the period and the RUC, with 33 fields and an empty CAR. */
  recibirReemplazo(ruc: string, libro: TLibroSire, periodo: string, nombre: string, txt: string, ahora: Date): TTicketSire {
    const esperado = new RegExp(`^LE${ruc}${periodo}00${libro === '140000' ? '140400' : '080400'}02[012][01][12]2\\.txt$`, 'i');
    const errores: string[] = [];
    if (!esperado.test(nombre)) errores.push(`Nombre de archivo no válido: ${nombre}`);
    if ([...this.tickets.values()].some((t) => t.nomArchivoImportacion.toLowerCase() === nombre.toLowerCase() && t.estadoFinal === '04'))
      errores.push('1024: el nombre de archivo ya fue enviado');
    const lineas = txt.split(/\r?\n/).filter((l) => l.trim() !== '');
    const campos = libro === '140000' ? 33 : 37;
    lineas.forEach((l, i) => {
      const f = l.replace(/\|$/, '').split('|');
      if (f.length !== campos) errores.push(`Línea ${i + 1}: se esperaban ${campos} campos y hay ${f.length}`);
      else if (f[0] !== ruc || f[2] !== periodo) errores.push(`Línea ${i + 1}: RUC o periodo no corresponden`);
      else if (f[3] !== '') errores.push(`Línea ${i + 1}: el CAR debe enviarse vacío`);
    });
    const t = this.nuevoTicket(
      { ruc, periodo, libro, codProceso: libro === '140000' ? '3' : '54', desProceso: 'Reemplazar propuesta', estadoFinal: errores.length ? '03' : '04', nomArchivoImportacion: nombre, errores },
      ahora,
    );
    if (!errores.length) this.registros.set(SireSim.llave(ruc, libro, periodo), { estado: 'REEMPLAZADA', archivo: nombre, lineas, fecha: ahora });
    return t;
  }

  aceptar(ruc: string, libro: TLibroSire, periodo: string, ahora: Date): TTicketSire {
    this.registros.set(SireSim.llave(ruc, libro, periodo), { estado: 'ACEPTADA', fecha: ahora });
    return this.nuevoTicket({ ruc, periodo, libro, codProceso: '2', desProceso: 'Aceptar propuesta', estadoFinal: '06', nomArchivoImportacion: '' }, ahora);
  }

  /** consultaestadotickets' record of a ticket, as SUNAT shapes it. */
  static registroTicket(t: TTicketSire): Record<string, unknown> {
    const listo = Date.now() >= t.listo;
    const estado = listo ? t.estadoFinal : '05';
    const descripcion: Record<string, string> = { '03': 'Procesado con errores', '04': 'Procesado sin errores', '05': 'En proceso', '06': 'Terminado' };
    return {
      showReporteDescarga: listo && t.reporte ? '1' : '0',
      perTributario: t.periodo,
      numTicket: t.numTicket,
      fecCargaImportacion: t.creado.toISOString(),
      fecInicioProceso: t.creado.toISOString(),
      codProceso: t.codProceso,
      desProceso: t.desProceso,
      codEstadoProceso: estado,
      desEstadoProceso: descripcion[estado],
      nomArchivoImportacion: t.nomArchivoImportacion,
      detalleTicket: { numTicket: t.numTicket, fecCargaImportacion: t.creado.toISOString(), cntFilasvalidada: 0, cntCPError: listo ? (t.errores?.length ?? 0) : 0 },
      archivoReporte: listo && t.reporte ? [{ codTipoAchivoReporte: '01', nomArchivoReporte: t.reporte.nombre, nomArchivoContenido: t.reporte.nombre.replace(/\.zip$/, '.txt') }] : [],
      errores: listo ? (t.errores ?? []) : [],
      subProcesos: [],
    };
  }

  reiniciar(): void {
    this.recibidos = [];
    this.agregados.clear();
    this.ajustes.clear();
    this.quitados.clear();
    this.tickets.clear();
    this.registros.clear();
    this.razonesSociales.clear();
  }
}
