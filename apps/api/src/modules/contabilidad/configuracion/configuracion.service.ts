import { eq, sql } from 'drizzle-orm';
import { cargarPfx, CertificadoError, generarCertificadoPrueba, type TCredencialFirma } from '@yupana/sunat';
import { ErrorCodes, type TAmbienteSunat, type TAmbienteSunatRespuesta, type TConfiguracionSunat, type TConfiguracionSunatGuardar } from '@yupana/contracts';
import type { Db } from '../../../db/client';
import { AppError, errorDeCampo } from '../../../lib/app-error';
import { problemaUrlOse } from '../../../lib/red-saliente';
import { empresa } from '../../../db/schema';
import { empresaSunat } from '../contabilidad.schema';
import { cifrar, descifrar, descifrarTexto } from './cifrado';

type TFila = typeof empresaSunat.$inferSelect;
/** empresa.tipo_empresa of a demo company. */
const TIPO_EMPRESA_DEMO = 1;
const DIA_MS = 24 * 3600 * 1000;

async function fila(db: Pick<Db, 'select'>, idEmpresa: number): Promise<TFila | undefined> {
  const [f] = await db.select().from(empresaSunat).where(eq(empresaSunat.idEmpresa, idEmpresa));
  return f;
}

function resumen(f: TFila | undefined, ahora = new Date()): TConfiguracionSunat {
  const cert =
    f?.certValidoHasta && f.certValidoDesde
      ? (() => {
          const dias = Math.floor((f.certValidoHasta.getTime() - ahora.getTime()) / DIA_MS);
          return {
            Sujeto: f.certSujeto ?? '',
            Emisor: f.certEmisor ?? '',
            ValidoDesde: f.certValidoDesde.toISOString(),
            ValidoHasta: f.certValidoHasta.toISOString(),
            DiasRestantes: dias,
            PorVencer: dias < 30,
            Vencido: f.certValidoHasta.getTime() <= ahora.getTime(),
          };
        })()
      : null;
  return {
    Ambiente: (f?.ambiente ?? 'SIMULADOR') as TAmbienteSunat,
    UrlOse: f?.urlOse ?? null,
    Certificado: cert,
    TieneCredencialesSol: !!(f?.usuarioSolCifrado && f.claveSolCifrada),
  };
}

export async function obtenerConfiguracion(db: Db, idEmpresa: number): Promise<TConfiguracionSunat> {
  return resumen(await fila(db, idEmpresa));
}

export async function obtenerAmbiente(db: Db, idEmpresa: number): Promise<TAmbienteSunatRespuesta> {
  const r = resumen(await fila(db, idEmpresa));
  const c = r.Certificado;
  return {
    Ambiente: r.Ambiente,
    EsPrueba: r.Ambiente === 'BETA' || r.Ambiente === 'SIMULADOR',
    Certificado: c ? { ValidoHasta: c.ValidoHasta, DiasRestantes: c.DiasRestantes, PorVencer: c.PorVencer, Vencido: c.Vencido } : null,
  };
}

type TCertificadoNuevo = { pfx: Uint8Array; clave: string; credencial: TCredencialFirma };

function leerCertificado(base64: string, clave: string): TCertificadoNuevo {
  const pfx = Buffer.from(base64.replace(/^data:[^,]*,/, ''), 'base64');
  if (pfx.length === 0) throw errorDeCampo('CertificadoBase64', 'El archivo del certificado está vacío');
  try {
    return { pfx, clave, credencial: cargarPfx(pfx, clave) };
  } catch (e) {
    if (e instanceof CertificadoError) {
      const campo = /contraseña/i.test(e.message) ? 'ClaveCertificado' : 'CertificadoBase64';
      throw errorDeCampo(campo, e.message);
    }
    throw e;
  }
}

function valoresCertificado(c: TCertificadoNuevo) {
  return {
    certificadoCifrado: cifrar(c.pfx),
    claveCertificadoCifrada: cifrar(c.clave),
    certSujeto: c.credencial.subject.slice(0, 500),
    certEmisor: c.credencial.issuer.slice(0, 500),
    certValidoDesde: c.credencial.validFrom,
    certValidoHasta: c.credencial.validTo,
  };
}

/** Saves the settings; secrets not sent keep their stored value. */
export async function guardarConfiguracion(db: Db, idEmpresa: number, idUsuario: number, d: TConfiguracionSunatGuardar): Promise<TConfiguracionSunat> {
  // A demo company's documents are not real: they go to the stand-in only (the worker enforces it too).
  const [e] = await db.select({ tipo: empresa.tipoEmpresa }).from(empresa).where(eq(empresa.id, idEmpresa));
  if (e?.tipo === TIPO_EMPRESA_DEMO && d.Ambiente !== 'SIMULADOR')
    throw errorDeCampo('Ambiente', 'Una empresa de demostración solo envía sus comprobantes al simulador de SUNAT');
  // Where the worker will post the SOL password: only where the operator allows (checked again at every connection).
  if (d.Ambiente === 'OSE' && d.UrlOse) {
    const problema = problemaUrlOse(d.UrlOse);
    if (problema) throw errorDeCampo('UrlOse', problema);
  }
  const cert = d.CertificadoBase64 ? leerCertificado(d.CertificadoBase64, d.ClaveCertificado ?? '') : undefined;
  if (cert && cert.credencial.validTo.getTime() <= Date.now()) throw errorDeCampo('CertificadoBase64', 'El certificado digital está vencido');
  const valores = {
    ambiente: d.Ambiente,
    urlOse: d.Ambiente === 'OSE' ? (d.UrlOse ?? null) : null,
    ...(cert ? valoresCertificado(cert) : {}),
    ...(d.UsuarioSol !== undefined && d.ClaveSol !== undefined ? { usuarioSolCifrado: cifrar(d.UsuarioSol), claveSolCifrada: cifrar(d.ClaveSol) } : {}),
  };
  await db
    .insert(empresaSunat)
    .values({ idEmpresa, ...valores, logUsuarioCrea: idUsuario })
    .onConflictDoUpdate({ target: empresaSunat.idEmpresa, set: { ...valores, logUsuarioModif: idUsuario, logFechaModif: new Date() } });
  return obtenerConfiguracion(db, idEmpresa);
}

/** The company's signing credential, decrypted (the engine caches the parsed .pfx). */
export async function credencialDeEmpresa(db: Pick<Db, 'select'>, idEmpresa: number): Promise<TCredencialFirma> {
  const f = await fila(db, idEmpresa);
  if (!f?.certificadoCifrado || !f.claveCertificadoCifrada)
    throw new AppError(ErrorCodes.VALIDACION, 'Cargue el certificado digital de la empresa (Configuración SUNAT) antes de emitir', 400, {
      errores: { Certificado: 'La empresa no tiene certificado digital' },
    });
  if (f.certValidoHasta && f.certValidoHasta.getTime() <= Date.now())
    throw new AppError(ErrorCodes.VALIDACION, 'El certificado digital de la empresa está vencido: cargue uno vigente', 400, {
      errores: { Certificado: 'Certificado vencido' },
    });
  return cargarPfx(descifrar(f.certificadoCifrado), descifrarTexto(f.claveCertificadoCifrada));
}

/**
 * Fingerprint of the stored certificate and its password (md5 of their ciphertexts, computed by the database; the
 * random IV makes every upload differ). Selected together with the company by the issuing path so that the
 * certificate itself is fetched, decrypted and hashed only when it changed (credencialConHuella).
 */
export const huellaCertificado = sql<string | null>`(select md5(es.certificado_cifrado) || md5(es.clave_certificado_cifrada) || coalesce(es.cert_valido_hasta::text, '') from empresa_sunat es where es.id_empresa = "empresa"."id")`;

const credenciales = new Map<number, { huella: string; credencial: TCredencialFirma; validoHasta: number }>();

/** credencialDeEmpresa, from this process' cache while the fingerprint read with the company is the same. */
export async function credencialConHuella(db: Pick<Db, 'select'>, idEmpresa: number, huella: string | null): Promise<TCredencialFirma> {
  const c = huella ? credenciales.get(idEmpresa) : undefined;
  if (c && c.huella === huella && c.validoHasta > Date.now()) return c.credencial;
  const credencial = await credencialDeEmpresa(db, idEmpresa);
  if (huella) credenciales.set(idEmpresa, { huella, credencial, validoHasta: credencial.validTo.getTime() });
  return credencial;
}

/** For the sending worker: environment, OSE URL and the SOL credentials in clear (never leave the server). */
export async function datosEnvioEmpresa(db: Db, idEmpresa: number) {
  const f = await fila(db, idEmpresa);
  return {
    ambiente: (f?.ambiente ?? 'SIMULADOR') as TAmbienteSunat,
    urlOse: f?.urlOse ?? null,
    usuarioSol: f?.usuarioSolCifrado ? descifrarTexto(f.usuarioSolCifrado) : null,
    claveSol: f?.claveSolCifrada ? descifrarTexto(f.claveSolCifrada) : null,
  };
}

/** Demo companies: a generated test certificate, demo SOL credentials and the local simulator. */
export async function configurarEmpresaDemo(db: Pick<Db, 'insert'>, idEmpresa: number, ruc: string, razonSocial: string): Promise<void> {
  const { pfx, password, credencial } = generarCertificadoPrueba({ ruc, razonSocial });
  await db
    .insert(empresaSunat)
    .values({
      idEmpresa,
      ambiente: 'SIMULADOR',
      ...valoresCertificado({ pfx, clave: password, credencial }),
      usuarioSolCifrado: cifrar('MODDATOS'),
      claveSolCifrada: cifrar('moddatos'),
    })
    .onConflictDoNothing();
}
