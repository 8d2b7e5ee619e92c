import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as esperar } from 'node:timers/promises';
import { generarCertificadoPrueba, leerZip, type TCredencialFirma } from '@yupana/sunat';
import { construirCdr, RUC_SUNAT } from './cdr';
import { Excepcion, mensajeDe } from './errores';
import { Estado, type TTicket } from './estado';
import { Fallas, type TFalla, type TOperacion, type TReglaFalla } from './fallas';
import { faultSoap, leerPeticion, respuestaSoap } from './soap';
import { abrirZip, documentosDeBaja, leerNombre, revisarContenido, type TAbierto, type TNombre, type TNota, type TResultado } from './validar';
import { datosSireDeUbl, SireSim, type TLibroSire } from './sire';
import { texto } from './xml';

export type TUsuarioSol = { ruc?: string; usuario: string; clave: string };
export type TClienteGre = { clientId: string; clientSecret: string };

export type TOpcionesSimulador = {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Accepted SOL users; by default SUNAT beta's MODDATOS / moddatos for any RUC. */
  usuarios?: TUsuarioSol[];
  /** Accepted GRE API clients (client_id / client_secret of Menú SOL). */
  clientesGre?: TClienteGre[];
  /** How long a summary or GRE ticket stays "in process" (98). */
  demoraTicketMs?: number;
  /** Days after the issue date a factura is still accepted (SUNAT: 3). */
  plazoDias?: number;
  tokenTtlS?: number;
  /** Accepted SIRE API clients (client_id / client_secret generated in Menú SOL for SIRE). */
  clientesSire?: TClienteGre[];
  /** How long a SIRE ticket stays "en proceso" (05). */
  demoraSireMs?: number;
  /** Clock, for date rules in tests. */
  ahora?: () => Date;
};

export type TSimulador = {
  url: string;
  puerto: number;
  fallas: Fallas;
  estado: Estado;
  /** The certificate the stand-in signs its CDRs with. */
  certificado: TCredencialFirma;
  /** SIRE: the proposals served and what tests add, change or hide in them. */
  sire: SireSim;
  detener(): Promise<void>;
};

export const USUARIO_PRUEBA: TUsuarioSol = { usuario: 'MODDATOS', clave: 'moddatos' };
export const CLIENTE_GRE_PRUEBA: TClienteGre = { clientId: 'yupana-sim', clientSecret: 'yupana-sim-secreto' };
export const CLIENTE_SIRE_PRUEBA: TClienteGre = { clientId: 'yupana-sim-sire', clientSecret: 'yupana-sim-sire-secreto' };
const SCOPE_SIRE = 'https://api-sire.sunat.gob.pe';
const RUTA_SIRE = '/v1/contribuyente/migeigv/libros/';

class Cortar extends Error {}

/** Starts the SUNAT stand-in: SOAP billService + billConsultService, GRE REST with OAuth2 and /admin, on one port. */
export async function iniciarSimulador(opciones: TOpcionesSimulador = {}): Promise<TSimulador> {
  const host = opciones.host ?? '127.0.0.1';
  const usuarios = opciones.usuarios ?? [USUARIO_PRUEBA];
  const clientesGre = opciones.clientesGre ?? [CLIENTE_GRE_PRUEBA];
  const demoraTicketMs = opciones.demoraTicketMs ?? 200;
  const plazoDias = opciones.plazoDias ?? 3;
  const tokenTtlS = opciones.tokenTtlS ?? 3600;
  const ahora = opciones.ahora ?? (() => new Date());
  const certificado = generarCertificadoPrueba({ ruc: RUC_SUNAT, razonSocial: 'SUNAT SIMULADOR YUPANA' }).credencial;
  const estado = new Estado();
  const clientesSire = opciones.clientesSire ?? [CLIENTE_SIRE_PRUEBA];
  const demoraSireMs = opciones.demoraSireMs ?? 300;
  const sire = new SireSim(() => demoraSireMs);
  const subidas = new Map<string, { ruc: string; metadatos: Record<string, string>; largo: number; partes: Buffer[]; recibido: number }>();
  const temporizadores = new Set<NodeJS.Timeout>();
  let caido = false;
  let puerto = opciones.port ?? 0;

  const server: Server = createServer((req, res) => {
    atender(req, res).catch((e) => {
      if (e instanceof Cortar) {
        req.socket.destroy();
        return;
      }
      if (!res.headersSent) enviar(res, 500, 'text/plain; charset=utf-8', `Error interno del simulador: ${e instanceof Error ? e.message : String(e)}`);
      else res.destroy();
    });
  });
  const escuchar = () =>
    new Promise<void>((ok, mal) => {
      server.once('error', mal);
      server.listen(puerto, host, () => {
        server.off('error', mal);
        puerto = (server.address() as AddressInfo).port;
        ok();
      });
    });
  const cerrar = () =>
    new Promise<void>((ok) => {
      server.close(() => ok());
      server.closeAllConnections();
    });

  const fallas = new Fallas({
    caer: async () => {
      if (caido) return;
      caido = true;
      await cerrar();
      // Let in-process clients see their pooled keep-alive sockets close, so the next call meets a refused
      // connection (as with a SUNAT that is down) instead of a socket dying under it.
      await esperar(25);
    },
    levantar: async () => {
      await escuchar();
      caido = false;
    },
    caido: () => caido,
  });

  // ---------- shared processing ----------

  function usuarioValido(usuario?: string, clave?: string): { ruc: string; usuario: string } {
    if (usuario === undefined) throw new Excepcion('0101');
    const m = /^(\d{11})(.+)$/.exec(usuario);
    const ok = m && usuarios.some((u) => (!u.ruc || u.ruc === m[1]) && u.usuario.toUpperCase() === m[2].toUpperCase() && u.clave === clave);
    if (!m || !ok) throw new Excepcion('0102');
    return { ruc: m[1], usuario: m[2] };
  }

  async function aplicarPrevia(falla: TFalla | undefined): Promise<void> {
    if (!falla) return;
    if (falla.tipo === 'lento') await esperar(falla.demoraMs);
    if (falla.tipo === 'excepcion') throw new Excepcion(falla.codigo);
    if (falla.tipo === 'rechazo' && Number(falla.codigo) < 2000) throw new Excepcion(falla.codigo);
    if (falla.tipo === 'cortar' && !falla.procesar) throw new Cortar();
  }

  function forzarRechazo(r: TResultado, falla: TFalla | undefined): TResultado {
    if (falla?.tipo !== 'rechazo' || r.codigo !== '0') return r;
    if (Number(falla.codigo) >= 4000) return { codigo: '0', notas: [...r.notas, { codigo: falla.codigo, mensaje: mensajeDe(falla.codigo) }] };
    return { codigo: falla.codigo, notas: r.notas };
  }

  /** A factura, boleta, nota or GRE: checked, registered (also when rejected: the number is burned) and answered with its CDR. */
  function procesarComprobante(a: TAbierto, falla: TFalla | undefined): Uint8Array {
    const n = a.nombre;
    const clave = Estado.clave(n.ruc, n.tipo, n.serie, n.numero);
    const previo = estado.comprobantes.get(clave);
    if (previo) throw new Excepcion(previo.estado === 'aceptado' ? '1033' : '1032');
    const r = forzarRechazo(revisarContenido(a, ahora(), { plazoDias }), falla);
    const cdr = construirCdr({ nombre: n, referencia: `${n.serie}-${n.numero}`, codigo: r.codigo, notas: r.notas, ahora: ahora() }, certificado);
    estado.comprobantes.set(clave, {
      clave, nombre: n, estado: r.codigo === '0' ? 'aceptado' : 'rechazado', codigo: r.codigo, hash: a.hash, cdrZip: cdr.zip, recibido: ahora(),
    });
    if (r.codigo === '0' && ['01', '03', '07', '08'].includes(n.tipo)) {
      const datos = datosSireDeUbl(a.doc, n.ruc, n.tipo, n.serie, n.numero);
      if (datos) sire.registrarRecibido(datos, texto(a.doc, '/*/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName') || undefined);
    }
    return cdr.zip;
  }

  function procesarResumen(a: TAbierto, falla: TFalla | undefined): { codigo: string; cdrZip: Uint8Array } {
    const n = a.nombre;
    let r = forzarRechazo(revisarContenido(a, ahora(), { plazoDias }), falla);
    const bajas = (n.tipo === 'RA' || n.tipo === 'RR') && r.codigo === '0' ? documentosDeBaja(a.doc).map((d) => Estado.clave(n.ruc, d.tipo, d.serie, d.numero)) : [];
    if (n.tipo === 'RR') {
      // Resumen de reversiones: only retentions (20) and perceptions (40) SUNAT accepted, not reverted before.
      const docs = documentosDeBaja(a.doc);
      if (r.codigo === '0' && docs.some((d) => d.tipo !== '20' && d.tipo !== '40')) r = { codigo: '2308', notas: [] };
      else if (bajas.some((c) => estado.comprobantes.get(c)?.estado === 'baja')) r = { codigo: '2751', notas: [] };
      else if (bajas.some((c) => estado.comprobantes.get(c)?.estado !== 'aceptado')) r = { codigo: '2750', notas: [] };
    } else if (bajas.some((c) => estado.comprobantes.get(c)?.estado !== 'aceptado')) r = { codigo: '2105', notas: [] };
    if (r.codigo === '0') for (const c of bajas) estado.comprobantes.get(c)!.estado = 'baja';
    if (r.codigo === '0' && n.tipo === 'RA') for (const d of documentosDeBaja(a.doc)) sire.darDeBaja(n.ruc, d.tipo, d.serie, d.numero);
    const referencia = `${n.tipo}-${n.serie}-${n.numero}`;
    return { codigo: r.codigo, cdrZip: construirCdr({ nombre: n, referencia, codigo: r.codigo, notas: r.notas, ahora: ahora() }, certificado).zip };
  }

  function programar(t: TTicket, trabajo: () => void): void {
    const temporizador = setTimeout(() => {
      temporizadores.delete(temporizador);
      try {
        trabajo();
      } catch (e) {
        if (!(e instanceof Excepcion)) throw e;
        Object.assign(t, { estado: 'excepcion', codigo: e.codigo, mensaje: e.message });
      }
    }, demoraTicketMs);
    temporizadores.add(temporizador);
  }

  // ---------- SOAP ----------

  async function soap(req: IncomingMessage, res: ServerResponse, servicio: 'bill' | 'consult', cuerpo: string, otrosCpe = false): Promise<void> {
    const p = leerPeticion(cuerpo);
    if (!p) return enviar(res, 500, 'text/xml; charset=utf-8', faultSoap(new Excepcion('0305', 'la petición no es un sobre SOAP')));
    try {
      const u = usuarioValido(p.usuario, p.clave);
      const operacion = p.operacion as TOperacion;
      const operacionesValidas = servicio === 'bill' ? ['sendBill', 'sendSummary', 'getStatus'] : ['getStatus', 'getStatusCdr'];
      if (!operacionesValidas.includes(operacion)) throw new Excepcion('0100', `operación ${p.operacion} no disponible`);

      if (operacion === 'sendBill' || operacion === 'sendSummary') {
        const nombre = leerNombre(p.campos.fileName ?? '');
        if (!nombre || !/\.zip$/i.test(p.campos.fileName ?? '')) throw new Excepcion('0151');
        const esResumen = nombre.tipo === 'RC' || nombre.tipo === 'RA' || nombre.tipo === 'RR';
        if (operacion === 'sendBill' && esResumen) throw new Excepcion('0152');
        if (operacion === 'sendSummary' && !esResumen) throw new Excepcion('0151', 'sendSummary solo recibe resúmenes (RC, RA, RR)');
        if (nombre.tipo === '09' || nombre.tipo === '31') throw new Excepcion('0151', 'las guías de remisión se envían por la API REST de GRE');
        // Retentions and their resumen de reversiones go to SUNAT's "otros CPE" billService, and only they do.
        const esOtroCpe = nombre.tipo === '20' || nombre.tipo === 'RR';
        if (esOtroCpe && !otrosCpe) throw new Excepcion('0151', 'las retenciones y sus reversiones se envían al servicio de otros CPE (ol-ti-itemision-otroscpe-gem)');
        if (!esOtroCpe && otrosCpe) throw new Excepcion('0151', 'el servicio de otros CPE solo recibe retenciones, percepciones y resúmenes de reversiones');
        if (nombre.ruc !== u.ruc) throw new Excepcion('0154');
        const falla = fallas.tomar(operacion, nombre.tipo);
        await aplicarPrevia(falla);
        const a = abrirZip(nombre, Buffer.from(p.campos.contentFile ?? '', 'base64'));

        if (operacion === 'sendBill') {
          const cdrZip = procesarComprobante(a, falla);
          if (falla?.tipo === 'cortar') throw new Cortar();
          return enviar(res, 200, 'text/xml; charset=utf-8', respuestaSoap('sendBill', { applicationResponse: Buffer.from(cdrZip).toString('base64') }));
        }
        if (estado.resumenes.has(nombre.base)) throw new Excepcion('0402');
        estado.resumenes.add(nombre.base);
        const t: TTicket = { ticket: `${Date.now()}${randomBytes(2).readUInt16BE() % 1000}`.padEnd(16, '0'), canal: 'soap', ruc: u.ruc, nombre, estado: 'en_proceso' };
        estado.tickets.set(t.ticket, t);
        programar(t, () => Object.assign(t, { estado: 'terminado', ...procesarResumen(a, falla) }));
        if (falla?.tipo === 'cortar') throw new Cortar();
        return enviar(res, 200, 'text/xml; charset=utf-8', respuestaSoap('sendSummary', { ticket: t.ticket }));
      }

      if (operacion === 'getStatus') {
        const t = estado.tickets.get(p.campos.ticket ?? '');
        await aplicarPrevia(fallas.tomar('getStatus', t?.nombre.tipo));
        if (!t || t.canal !== 'soap') throw new Excepcion('0127');
        if (t.ruc !== u.ruc) throw new Excepcion('0126');
        if (t.estado === 'excepcion') throw new Excepcion(t.codigo!, t.mensaje);
        if (t.estado === 'en_proceso') return enviar(res, 200, 'text/xml; charset=utf-8', respuestaSoap('getStatus', { status: { statusCode: '98' } }));
        return enviar(
          res, 200, 'text/xml; charset=utf-8',
          respuestaSoap('getStatus', { status: { content: Buffer.from(t.cdrZip!).toString('base64'), statusCode: t.codigo === '0' ? '0' : '99' } }),
        );
      }

      // getStatusCdr
      const c = p.campos;
      await aplicarPrevia(fallas.tomar('getStatusCdr', c.tipoComprobante));
      if (c.rucComprobante !== u.ruc) throw new Excepcion('0154');
      const registro = estado.comprobantes.get(Estado.clave(c.rucComprobante ?? '', c.tipoComprobante ?? '', c.serieComprobante ?? '', c.numeroComprobante ?? ''));
      const statusCdr: Record<string, string> = registro
        ? { statusCode: '0004', statusMessage: 'La constancia existe', content: Buffer.from(registro.cdrZip).toString('base64') }
        : { statusCode: '0011', statusMessage: 'El comprobante de pago electrónico no existe' };
      return enviar(res, 200, 'text/xml; charset=utf-8', respuestaSoap('getStatusCdr', { statusCdr }));
    } catch (e) {
      if (e instanceof Excepcion) return enviar(res, 500, 'text/xml; charset=utf-8', faultSoap(e));
      throw e;
    }
  }

  // ---------- GRE REST + OAuth2 ----------

  function json(res: ServerResponse, status: number, cuerpo: unknown): void {
    enviar(res, status, 'application/json; charset=utf-8', JSON.stringify(cuerpo));
  }
  const errorGre = (res: ServerResponse, e: Excepcion) => json(res, 422, { cod: '422', msg: 'Unprocessable Entity', errors: [{ cod: e.codigo, msg: e.message }] });

  async function token(res: ServerResponse, clientId: string, cuerpo: string): Promise<void> {
    const f = new URLSearchParams(cuerpo);
    await aplicarPrevia(fallas.tomar('greToken'));
    const esSire = f.get('scope') === SCOPE_SIRE;
    const cliente = (esSire ? clientesSire : clientesGre).find((c) => c.clientId === clientId);
    if (!cliente || f.get('client_id') !== clientId || f.get('client_secret') !== cliente.clientSecret) {
      return json(res, 401, { error: 'invalid_client', error_description: 'El cliente no está autorizado (client_id o client_secret incorrectos)' });
    }
    if (f.get('grant_type') !== 'password') return json(res, 400, { error: 'unsupported_grant_type', error_description: 'grant_type debe ser password' });
    let u: { ruc: string; usuario: string };
    try {
      u = usuarioValido(f.get('username') ?? '', f.get('password') ?? '');
    } catch {
      return json(res, 400, { error: 'invalid_grant', error_description: mensajeDe('0102') });
    }
    const access = randomBytes(24).toString('base64url');
    estado.tokens.set(access, { ...u, expira: Date.now() + tokenTtlS * 1000, sire: esSire });
    json(res, 200, { access_token: access, token_type: 'JWT', expires_in: tokenTtlS });
  }

  function portador(req: IncomingMessage, paraSire = false): { ruc: string } | undefined {
    const m = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    const t = m ? estado.tokens.get(m[1]) : undefined;
    return t && t.expira > Date.now() && Boolean(t.sire) === paraSire ? t : undefined;
  }

  async function enviarGre(req: IncomingMessage, res: ServerResponse, archivo: string, cuerpo: string): Promise<void> {
    const quien = portador(req);
    if (!quien) return json(res, 401, { msg: 'Token inválido o vencido' });
    try {
      const nombre = leerNombre(archivo);
      let datos: { archivo?: { nomArchivo?: string; arcGreZip?: string; hashZip?: string } };
      try {
        datos = JSON.parse(cuerpo);
      } catch {
        throw new Excepcion('0305', 'el cuerpo no es JSON');
      }
      if (!nombre || (nombre.tipo !== '09' && nombre.tipo !== '31') || datos.archivo?.nomArchivo !== `${archivo}.zip`) throw new Excepcion('0151');
      if (nombre.ruc !== quien.ruc) throw new Excepcion('0154');
      const zip = Buffer.from(datos.archivo?.arcGreZip ?? '', 'base64');
      if (createHash('sha256').update(zip).digest('hex') !== (datos.archivo?.hashZip ?? '').toLowerCase()) throw new Excepcion('0156', 'hashZip no corresponde al archivo');
      const falla = fallas.tomar('greEnvio', nombre.tipo);
      await aplicarPrevia(falla);
      const a = abrirZip(nombre, zip);
      const t: TTicket = { ticket: randomUUID(), canal: 'gre', ruc: quien.ruc, nombre, estado: 'en_proceso' };
      estado.tickets.set(t.ticket, t);
      programar(t, () => {
        const cdrZip = procesarComprobante(a, falla);
        Object.assign(t, { estado: 'terminado', codigo: estado.comprobantes.get(Estado.clave(nombre.ruc, nombre.tipo, nombre.serie, nombre.numero))!.codigo, cdrZip });
      });
      if (falla?.tipo === 'cortar') throw new Cortar();
      json(res, 200, { numTicket: t.ticket, fecRecepcion: ahora().toISOString() });
    } catch (e) {
      if (e instanceof Excepcion) return errorGre(res, e);
      throw e;
    }
  }

  async function consultarGre(req: IncomingMessage, res: ServerResponse, ticket: string): Promise<void> {
    const quien = portador(req);
    if (!quien) return json(res, 401, { msg: 'Token inválido o vencido' });
    const t = estado.tickets.get(ticket);
    try {
      await aplicarPrevia(fallas.tomar('greConsulta', t?.nombre.tipo));
      if (!t || t.canal !== 'gre') throw new Excepcion('0127');
      if (t.ruc !== quien.ruc) throw new Excepcion('0126');
    } catch (e) {
      if (e instanceof Excepcion) return errorGre(res, e);
      throw e;
    }
    if (t.estado === 'en_proceso') return json(res, 200, { codRespuesta: '98' });
    if (t.estado === 'excepcion') return json(res, 200, { codRespuesta: '99', error: { numError: t.codigo, desError: t.mensaje }, indCdrGenerado: '0' });
    const arcCdr = Buffer.from(t.cdrZip!).toString('base64');
    if (t.codigo === '0') return json(res, 200, { codRespuesta: '0', arcCdr, indCdrGenerado: '1' });
    json(res, 200, { codRespuesta: '99', error: { numError: t.codigo, desError: mensajeDe(t.codigo!) }, arcCdr, indCdrGenerado: '1' });
  }


  // ---------- SIRE (RVIE 140000 / RCE 080000) ----------

  async function sireApi(req: IncomingMessage, res: ServerResponse, url: URL, bytes: Buffer): Promise<void> {
    const quien = portador(req, true);
    if (!quien) return json(res, 401, { cod: '401', msg: 'Token inválido o vencido' });
    const r = url.pathname.slice(RUTA_SIRE.length);
    const q = url.searchParams;
    const falla = fallas.tomar('sire');
    try {
      await aplicarPrevia(falla);
    } catch (e) {
      if (e instanceof Excepcion) return json(res, 422, { cod: '422', msg: 'Unprocessable Entity', errors: [{ cod: e.codigo, msg: e.message }] });
      throw e;
    }
    const periodoValido = (p: string) => /^\d{4}(0[1-9]|1[0-2])$/.test(p);
    let m: RegExpExecArray | null;
    if (req.method === 'GET' && (m = /^(rvie|rce)\/propuesta\/web\/propuesta\/(\d{6})\/(exportapropuesta|exportacioncomprobantepropuesta)$/.exec(r))) {
      const libro: TLibroSire = m[1] === 'rvie' ? '140000' : '080000';
      if ((libro === '140000') !== (m[3] === 'exportapropuesta')) return json(res, 404, { cod: '404', msg: 'Recurso no encontrado' });
      if (!periodoValido(m[2]) || q.get('codTipoArchivo') !== '0') return json(res, 422, { cod: '422', msg: 'Unprocessable Entity', errors: [{ cod: '1001', msg: 'Parámetros no válidos (periodo o codTipoArchivo)' }] });
      if (libro === '080000' && !q.get('codOrigenEnvio')) return json(res, 422, { cod: '422', msg: 'Unprocessable Entity', errors: [{ cod: '1002', msg: 'codOrigenEnvio es obligatorio' }] });
      const t = sire.pedirPropuesta(quien.ruc, libro, m[2], ahora());
      return json(res, 200, { numTicket: t.numTicket });
    }
    if (req.method === 'POST' && (m = /^(rvie|rce)\/propuesta\/web\/propuesta\/(\d{6})\/aceptapropuesta$/.exec(r))) {
      if (!periodoValido(m[2])) return json(res, 422, { cod: '422', msg: 'Unprocessable Entity', errors: [{ cod: '1001', msg: 'Periodo no válido' }] });
      const t = sire.aceptar(quien.ruc, m[1] === 'rvie' ? '140000' : '080000', m[2], ahora());
      return json(res, 200, { numTicket: t.numTicket });
    }
    if (req.method === 'GET' && r === 'rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets') {
      const perIni = q.get('perIni') ?? '';
      const perFin = q.get('perFin') ?? '';
      if (!periodoValido(perIni) || !periodoValido(perFin)) return json(res, 422, { cod: '422', msg: 'Unprocessable Entity', errors: [{ cod: '1001', msg: 'perIni y perFin son obligatorios' }] });
      const numTicket = q.get('numTicket');
      const registros = [...sire.tickets.values()]
        .filter((t) => t.ruc === quien.ruc && t.periodo >= perIni && t.periodo <= perFin && (!numTicket || t.numTicket === numTicket))
        .sort((a, b) => b.numTicket.localeCompare(a.numTicket))
        .map((t) => SireSim.registroTicket(t));
      return json(res, 200, { paginacion: { page: Number(q.get('page') ?? 1), perPage: Number(q.get('perPage') ?? 20), totalRegistros: registros.length }, registros });
    }
    if (req.method === 'GET' && r === 'rvierce/gestionprocesosmasivos/web/masivo/archivoreporte') {
      const nombre = q.get('nomArchivoReporte') ?? '';
      // Two proposals of one period share the file name: the ticket, when given, says which one.
      const numTicket = q.get('numTicket');
      const t = [...sire.tickets.values()].find((x) => x.ruc === quien.ruc && x.reporte?.nombre === nombre && Date.now() >= x.listo && (!numTicket || x.numTicket === numTicket));
      if (!t) return json(res, 404, { cod: '404', msg: 'Archivo no encontrado' });
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': t.reporte!.zip.length, 'content-disposition': `attachment; filename="${t.reporte!.nombre}"` });
      res.end(Buffer.from(t.reporte!.zip));
      return;
    }
    // Replacement upload: TUS 1.0.0 (POST creates, PATCH sends the bytes). The ticket is then found by the file name
    // in consultaestadotickets, as SUNAT's manual describes.
    if (req.method === 'POST' && r === 'rvierce/receptorpropuesta/web/propuesta/upload') {
      if (req.headers['tus-resumable'] !== '1.0.0') return json(res, 412, { cod: '412', msg: 'Tus-Resumable 1.0.0 requerido' });
      const largo = Number(req.headers['upload-length']);
      if (!Number.isInteger(largo) || largo <= 0 || largo > 20 * 1024 * 1024) return json(res, 400, { cod: '400', msg: 'Upload-Length no válido' });
      const metadatos: Record<string, string> = {};
      for (const par of String(req.headers['upload-metadata'] ?? '').split(',')) {
        const [k, v] = par.trim().split(' ');
        if (k) metadatos[k] = v ? Buffer.from(v, 'base64').toString('utf8') : '';
      }
      if (metadatos.numRuc !== quien.ruc || !periodoValido(metadatos.perTributario ?? '') || !['140000', '080000'].includes(metadatos.codLibro ?? ''))
        return json(res, 422, { cod: '422', msg: 'Unprocessable Entity', errors: [{ cod: '1003', msg: 'Metadatos no válidos (numRuc, perTributario, codLibro)' }] });
      const id = randomBytes(12).toString('hex');
      subidas.set(id, { ruc: quien.ruc, metadatos, largo, partes: [], recibido: 0 });
      res.writeHead(201, { 'tus-resumable': '1.0.0', location: `${url.origin}${url.pathname}/${id}`, 'content-length': 0 });
      res.end();
      return;
    }
    if (req.method === 'PATCH' && (m = /^rvierce\/receptorpropuesta\/web\/propuesta\/upload\/([0-9a-f]{24})$/.exec(r))) {
      const s = subidas.get(m[1]);
      if (!s || s.ruc !== quien.ruc) return json(res, 404, { cod: '404', msg: 'Carga no encontrada' });
      if (Number(req.headers['upload-offset']) !== s.recibido) return json(res, 409, { cod: '409', msg: 'Upload-Offset no coincide' });
      s.partes.push(bytes);
      s.recibido += bytes.length;
      if (s.recibido >= s.largo) {
        subidas.delete(m[1]);
        const nombreZip = s.metadatos.filename ?? '';
        let nombreTxt = '';
        let txt = '';
        try {
          const entradas = leerZip(Buffer.concat(s.partes));
          if (entradas.length === 1) {
            nombreTxt = entradas[0].nombre;
            txt = Buffer.from(entradas[0].contenido).toString('utf8');
          }
        } catch {
          nombreTxt = '';
        }
        if (!nombreTxt || nombreTxt.replace(/\.txt$/i, '') !== nombreZip.replace(/\.zip$/i, ''))
          return json(res, 422, { cod: '422', msg: 'Unprocessable Entity', errors: [{ cod: '1005', msg: 'El ZIP debe contener un solo TXT con el mismo nombre' }] });
        sire.recibirReemplazo(s.ruc, s.metadatos.codLibro as TLibroSire, s.metadatos.perTributario, nombreTxt, txt, ahora());
      }
      res.writeHead(204, { 'tus-resumable': '1.0.0', 'upload-offset': s.recibido });
      res.end();
      return;
    }
    json(res, 404, { cod: '404', msg: `Recurso no encontrado: ${req.method} ${r}` });
  }

  // ---------- admin ----------

  async function admin(req: IncomingMessage, res: ServerResponse, ruta: string, cuerpo: string): Promise<void> {
    let m: RegExpExecArray | null;
    const datos = cuerpo ? (JSON.parse(cuerpo) as Record<string, unknown>) : {};
    if (req.method === 'GET' && ruta === '/admin/estado') {
      return json(res, 200, {
        reglas: fallas.activas(),
        comprobantes: [...estado.comprobantes.values()].map((r) => ({ clave: r.clave, estado: r.estado, codigo: r.codigo, recibido: r.recibido })),
        tickets: [...estado.tickets.values()].map((t) => ({ ticket: t.ticket, canal: t.canal, archivo: t.nombre.base, estado: t.estado, codigo: t.codigo })),
      });
    }
    if (req.method === 'POST' && ruta === '/admin/fallas') {
      try {
        return json(res, 201, { id: fallas.agregar(datos as TReglaFalla) });
      } catch (e) {
        return json(res, 400, { mensaje: e instanceof Error ? e.message : String(e) });
      }
    }
    if (req.method === 'DELETE' && ruta === '/admin/fallas') {
      await fallas.limpiar();
      return json(res, 200, { reglas: [] });
    }
    if (req.method === 'POST' && ruta === '/admin/caer') {
      // Over HTTP the stand-in must come back by itself: nothing could reach /admin while it is down.
      const duracionMs = Number(datos.duracionMs ?? 10_000);
      json(res, 202, { caidoPorMs: duracionMs });
      res.once('finish', () => void fallas.caer(duracionMs));
      return;
    }
    if (req.method === 'POST' && (m = /^\/admin\/sire\/(agregar|ajustar|quitar)$/.exec(ruta))) {
      const d = datos as { ruc?: string; libro?: TLibroSire; periodo?: string; comprobante?: Record<string, string>; documento?: { tipo: string; serie: string; numero: string }; cambios?: Record<string, string> };
      if (!d.ruc || !d.periodo || (d.libro !== '140000' && d.libro !== '080000')) return json(res, 400, { mensaje: 'ruc, libro (140000 u 080000) y periodo (AAAAMM) son obligatorios' });
      if (m[1] === 'agregar' && d.comprobante) sire.agregar(d.ruc, d.libro, d.periodo, d.comprobante as never);
      else if (m[1] === 'ajustar' && d.documento) sire.ajustar(d.ruc, d.libro, d.periodo, d.documento, d.cambios ?? {});
      else if (m[1] === 'quitar' && d.documento) sire.quitar(d.ruc, d.libro, d.periodo, d.documento);
      else return json(res, 400, { mensaje: 'falta comprobante o documento' });
      return json(res, 200, { propuesta: sire.propuesta(d.ruc, d.libro, d.periodo) });
    }
    if (req.method === 'POST' && ruta === '/admin/reiniciar') {
      estado.reiniciar();
      sire.reiniciar();
      await fallas.limpiar();
      return json(res, 200, { ok: true });
    }
    json(res, 404, { mensaje: `Ruta de administración desconocida: ${req.method} ${ruta}` });
  }

  // ---------- routing ----------

  async function atender(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const bytes = await leerCuerpo(req);
    const cuerpo = bytes.toString('utf8');
    const direccion = new URL(req.url ?? '/', url());
    const ruta = direccion.pathname;
    let m: RegExpExecArray | null;
    if (ruta.startsWith(RUTA_SIRE)) return sireApi(req, res, direccion, bytes);
    if (ruta.startsWith('/admin/')) return admin(req, res, ruta, cuerpo);
    if (req.method === 'POST' && /\/billService$/.test(ruta)) return soap(req, res, 'bill', cuerpo, /otroscpe/.test(ruta));
    if (req.method === 'POST' && /\/billConsultService$/.test(ruta)) return soap(req, res, 'consult', cuerpo);
    if (req.method === 'POST' && (m = /^\/v1\/clientessol\/([^/]+)\/oauth2\/token\/?$/.exec(ruta))) return token(res, decodeURIComponent(m[1]), cuerpo);
    if (req.method === 'GET' && (m = /^\/v1\/contribuyente\/gem\/comprobantes\/envios\/([^/]+)$/.exec(ruta))) return consultarGre(req, res, decodeURIComponent(m[1]));
    if (req.method === 'POST' && (m = /^\/v1\/contribuyente\/gem\/comprobantes\/([^/]+)$/.exec(ruta))) return enviarGre(req, res, decodeURIComponent(m[1]), cuerpo);
    if (req.method === 'GET' && ruta === '/') {
      return enviar(res, 200, 'text/plain; charset=utf-8', `Simulador de SUNAT (Yupana): billService, billConsultService, API GRE y /admin en ${url()}\n`);
    }
    json(res, 404, { mensaje: `Ruta desconocida: ${req.method} ${ruta}` });
  }

  const url = () => `http://${host}:${puerto}`;
  await escuchar();

  return {
    get url() {
      return url();
    },
    get puerto() {
      return puerto;
    },
    fallas,
    estado,
    certificado,
    sire,
    async detener() {
      fallas.detener();
      for (const t of temporizadores) clearTimeout(t);
      temporizadores.clear();
      if (!caido) await cerrar();
      caido = true;
    },
  };
}

const LIMITE_CUERPO = 20 * 1024 * 1024;

function leerCuerpo(req: IncomingMessage): Promise<Buffer> {
  return new Promise((ok, mal) => {
    const partes: Buffer[] = [];
    let total = 0;
    req.on('data', (c: Buffer) => {
      total += c.length;
      if (total > LIMITE_CUERPO) {
        mal(new Error('Cuerpo demasiado grande'));
        req.destroy();
      } else partes.push(c);
    });
    req.on('end', () => ok(Buffer.concat(partes)));
    req.on('error', mal);
  });
}

function enviar(res: ServerResponse, status: number, tipo: string, cuerpo: string): void {
  res.writeHead(status, { 'content-type': tipo, 'content-length': Buffer.byteLength(cuerpo) });
  res.end(cuerpo);
}

export type { TNombre, TNota, TReglaFalla, TFalla, TOperacion };
