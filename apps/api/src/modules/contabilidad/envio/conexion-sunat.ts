import { eq } from 'drizzle-orm';
import {
  cargarPfx,
  ENDPOINTS_SUNAT,
  endpointsOse,
  endpointsSimulador,
  type TConfigGre,
  type TConfigSoap,
  type TCredencialFirma,
  type TEndpointsSunat,
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
};

export type TConexionSunat = {
  ambiente: string;
  ruc: string;
  soap: TConfigSoap;
  gre?: TConfigGre;
  /** Only loaded when asked for (signing a resumen or a baja): decrypting a .pfx is not free. */
  credencial(): TCredencialFirma;
};

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
    .select({ ruc: empresa.documento, config: empresaSunat })
    .from(empresa)
    .leftJoin(empresaSunat, eq(empresaSunat.idEmpresa, empresa.id))
    .where(eq(empresa.id, idEmpresa))
    .limit(1);
  const ruc = fila?.ruc ?? rucDocumento;
  if (!fila || !ruc) throw new ConfiguracionIncompleta('La empresa no tiene RUC: sus documentos no se envían a SUNAT');
  const c = fila.config;
  const ambiente = c?.ambiente ?? 'SIMULADOR';
  let endpoints: TEndpointsSunat;
  if (ambiente === 'SIMULADOR') {
    // Not started (a test or a process without it): like SUNAT unreachable, the job waits.
    endpoints = endpointsSimulador(ajustes.urlSimulador ?? 'http://127.0.0.1:9');
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

  const soap: TConfigSoap = { endpoints, ruc, usuario, clave, timeoutMs: ajustes.timeoutMs };
  const clienteGre = ambiente === 'SIMULADOR' ? CLIENTE_GRE_PRUEBA : ajustes.clienteGre;
  const gre: TConfigGre | undefined =
    endpoints.gre && clienteGre ? { endpoints: endpoints.gre, ...clienteGre, ruc, usuario, clave, timeoutMs: ajustes.timeoutMs } : undefined;
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
