import { eq } from 'drizzle-orm';
import type { TPruebaConexionSunat } from '@yupana/contracts';
import {
  cargarPfx,
  CertificadoError,
  ENDPOINTS_SUNAT,
  getStatus,
  SunatFault,
  SunatNoAlcanzado,
  SunatRespuestaInvalida,
  endpointsOse,
  endpointsSimulador,
  type TConfigGre,
  type TConfigSoap,
  type TCredencialFirma,
  type TEndpointsSunat,
  type TFetchSunat,
} from '@yupana/sunat';
import { CLIENTE_GRE_PRUEBA, USUARIO_PRUEBA } from '@yupana/sunat-sim';
import type { Db } from '../../../db/client';
import { empresa } from '../../../db/schema';
import { descifrar, descifrarTexto } from '../configuracion/cifrado';
import { empresaSunat } from '../contabilidad.schema';

export type TAjustesEnvio = {
  /** URL of the in-process stand-in (companies in the SIMULADOR environment); unset: not started. */
  urlSimulador?: string;
  /** Per-request timeout towards SUNAT. */
  timeoutMs?: number;
  /** GRE REST API client of the deployment (Menú SOL), for BETA/PRODUCCION/OSE: SUNAT_GRE_CLIENT_ID / _SECRET. */
  clienteGre?: { clientId: string; clientSecret: string };
  /** The fetch every call to SUNAT, an OSE or the stand-in goes through (lib/red-saliente: allowed hosts only). */
  fetch?: TFetchSunat;
};

export type TConexionSunat = {
  ambiente: string;
  ruc: string;
  soap: TConfigSoap;
  gre?: TConfigGre;
  /** Only loaded when asked for (signing a resumen or a baja): decrypting a .pfx is not free. */
  credencial(): TCredencialFirma;
};

const simuladorNoIniciado: TFetchSunat = () =>
  Promise.reject(Object.assign(new Error('el simulador de SUNAT no está iniciado en este proceso'), { code: 'ECONNREFUSED' }));

/** empresa.tipo_empresa of a demo company (0 with RUC, 1 demo, 2 without RUC). */
const TIPO_EMPRESA_DEMO = 1;

/** Missing settings: nothing to retry until a person fixes them. */
export class ConfiguracionIncompleta extends Error {
  override name = 'ConfiguracionIncompleta';
}

/**
 * Where and as whom a company sends: its environment (SIMULADOR, BETA, PRODUCCION or an OSE) and SOL credentials.
 * `rucDocumento`: the RUC the document was issued under, for demo companies that have none of their own (they
 * issue under the demo RUC, to the simulator).
 */
export async function conexionDe(db: Pick<Db, 'select'>, idEmpresa: number, ajustes: TAjustesEnvio, rucDocumento?: string): Promise<TConexionSunat> {
  const [fila] = await db
    .select({ ruc: empresa.documento, tipoEmpresa: empresa.tipoEmpresa, config: empresaSunat })
    .from(empresa)
    .leftJoin(empresaSunat, eq(empresaSunat.idEmpresa, empresa.id))
    .where(eq(empresa.id, idEmpresa))
    .limit(1);
  const ruc = fila?.ruc ?? rucDocumento;
  if (!fila || !ruc) throw new ConfiguracionIncompleta('La empresa no tiene RUC: sus documentos no se envían a SUNAT');
  const c = fila.config;
  // A demo company sends only to the stand-in, whatever its settings say: its documents are not real.
  const ambiente = fila.tipoEmpresa === TIPO_EMPRESA_DEMO ? 'SIMULADOR' : (c?.ambiente ?? 'SIMULADOR');
  let endpoints: TEndpointsSunat;
  let fetchSunat = ajustes.fetch;
  if (ambiente === 'SIMULADOR') {
    endpoints = endpointsSimulador(ajustes.urlSimulador ?? 'http://simulador-no-iniciado.invalid');
    // Not started (a test or a process without it): like SUNAT unreachable, the job waits.
    if (!ajustes.urlSimulador) fetchSunat = simuladorNoIniciado;
  } else if (ambiente === 'BETA') endpoints = ENDPOINTS_SUNAT.beta;
  else if (ambiente === 'PRODUCCION') endpoints = ENDPOINTS_SUNAT.produccion;
  else if (ambiente === 'OSE' && c?.urlOse) endpoints = endpointsOse({ billService: c.urlOse });
  else throw new ConfiguracionIncompleta('Configure la URL del OSE de la empresa');

  let usuario: string;
  let clave: string;
  if (c?.usuarioSolCifrado && c.claveSolCifrada) {
    usuario = descifrarTexto(c.usuarioSolCifrado);
    clave = descifrarTexto(c.claveSolCifrada);
  } else if (ambiente === 'SIMULADOR' || ambiente === 'BETA') {
    // SUNAT's beta and the stand-in accept the public test user.
    ({ usuario, clave } = USUARIO_PRUEBA);
  } else throw new ConfiguracionIncompleta('Configure el usuario y la clave SOL de la empresa');

  const soap: TConfigSoap = { endpoints, ruc, usuario, clave, timeoutMs: ajustes.timeoutMs, fetch: fetchSunat };
  const clienteGre = ambiente === 'SIMULADOR' ? CLIENTE_GRE_PRUEBA : ajustes.clienteGre;
  const gre: TConfigGre | undefined =
    endpoints.gre && clienteGre ? { endpoints: endpoints.gre, ...clienteGre, ruc, usuario, clave, timeoutMs: ajustes.timeoutMs, fetch: fetchSunat } : undefined;
  return {
    ambiente,
    ruc,
    soap,
    gre,
    credencial: () => {
      if (!c?.certificadoCifrado || !c.claveCertificadoCifrada) throw new ConfiguracionIncompleta('Suba el certificado digital (.pfx) de la empresa');
      return cargarPfx(descifrar(c.certificadoCifrado), descifrarTexto(c.claveCertificadoCifrada));
    },
  };
}

/** SUNAT's codes for a refused user or password (the catalogue's 0101-0106 and 0111). */
const CODIGOS_AUTENTICACION = new Set(['0101', '0102', '0103', '0104', '0105', '0106', '0111']);
/** A ticket no one was given: SUNAT authenticates the caller first, then says it does not know the ticket. */
const TICKET_DE_PRUEBA = '0000000000000000';

/**
 * Connection test with the company's saved settings (issue 11, the wizard's SUNAT link step): the certificate must
 * open with its password, and SUNAT (or the stand-in) must accept the usuario SOL. A getStatus for a ticket nobody was
 * given authenticates without sending anything: SUNAT answers "ticket not found" (0127 or similar) to a valid user and
 * 0102 to a wrong one. A demo company goes to the stand-in, as its documents do.
 */
export async function probarConexion(db: Pick<Db, 'select'>, idEmpresa: number, ajustes: TAjustesEnvio): Promise<TPruebaConexionSunat> {
  let cx: TConexionSunat;
  try {
    cx = await conexionDe(db, idEmpresa, ajustes);
  } catch (e) {
    if (e instanceof ConfiguracionIncompleta) return { Correcta: false, Ambiente: '', Mensaje: e.message, Codigo: null, UsuarioPropio: false };
    throw e;
  }
  const usuarioPropio = !(cx.soap.usuario === USUARIO_PRUEBA.usuario && cx.soap.clave === USUARIO_PRUEBA.clave);
  const base = { Ambiente: cx.ambiente, UsuarioPropio: usuarioPropio };
  const nombre = cx.ambiente === 'SIMULADOR' ? 'el simulador de SUNAT' : cx.ambiente === 'OSE' ? 'el OSE' : `SUNAT (${cx.ambiente})`;
  try {
    cx.credencial();
  } catch (e) {
    const mensaje = e instanceof ConfiguracionIncompleta ? e.message : `El certificado digital no se pudo abrir: ${e instanceof CertificadoError ? e.message : 'revise el archivo y su contraseña'}`;
    return { ...base, Correcta: false, Mensaje: mensaje, Codigo: null };
  }
  try {
    await getStatus(cx.soap, TICKET_DE_PRUEBA);
  } catch (e) {
    if (e instanceof SunatFault) {
      if (CODIGOS_AUTENTICACION.has(e.codigo))
        return { ...base, Correcta: false, Codigo: e.codigo, Mensaje: `${nombre} rechazó el usuario o la clave SOL (código ${e.codigo}: ${e.mensaje}). Revíselos y vuelva a guardarlos.` };
    } else if (e instanceof SunatNoAlcanzado) {
      return { ...base, Correcta: false, Codigo: null, Mensaje: `No se pudo conectar con ${nombre}. Inténtelo nuevamente en unos minutos.` };
    } else if (e instanceof SunatRespuestaInvalida) {
      return { ...base, Correcta: false, Codigo: null, Mensaje: `${nombre} respondió algo que no es una respuesta de SUNAT. Revise el ambiente configurado.` };
    } else throw e;
  }
  const quien = usuarioPropio ? `su usuario SOL (${cx.soap.usuario})` : 'el usuario de prueba de SUNAT';
  return { ...base, Correcta: true, Codigo: null, Mensaje: `Conexión correcta: ${nombre} aceptó ${quien} y el certificado digital se abrió con su contraseña.` };
}
