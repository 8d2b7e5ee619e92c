import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import {
  ErrorCodes,
  NombreTipoDocumento,
  serieNumero,
  type TConfiguracionCorreo,
  type TConfiguracionCorreoGuardar,
  type TCorreoDocumentoSolicitud,
  type TTipoDocumentoContable,
} from '@yupana/contracts';
import type { Db } from '../../../db/client';
import { empresa } from '../../../db/schema';
import { AppError, errorDeCampo } from '../../../lib/app-error';
import { DestinoNoPermitido, problemaServidorSmtp, reglasSmtp, resolverPermitido } from '../../../lib/red-saliente';
import { cifrar, descifrarTexto } from '../configuracion/cifrado';
import { archivoDocumento, filaDocumento } from '../documentos/consulta.service';
import { envioCorreoConfig } from './envio.schema';

const aRespuesta = (c: typeof envioCorreoConfig.$inferSelect): TConfiguracionCorreo => ({
  Host: c.host,
  Puerto: c.puerto,
  Seguro: c.seguro,
  Usuario: c.usuario,
  TieneClave: !!c.claveCifrada,
  Remitente: c.remitente,
  NombreRemitente: c.nombreRemitente,
});

export async function obtenerConfiguracionCorreo(db: Db, idEmpresa: number): Promise<TConfiguracionCorreo | null> {
  const [c] = await db.select().from(envioCorreoConfig).where(eq(envioCorreoConfig.idEmpresa, idEmpresa));
  return c ? aRespuesta(c) : null;
}

/** Saves the company's SMTP server; the password is stored encrypted (AES-256-GCM) and kept when omitted. */
export async function guardarConfiguracionCorreo(db: Db, auth: { idEmpresa: number; idUsuario: number }, b: TConfiguracionCorreoGuardar): Promise<TConfiguracionCorreo> {
  // Only mail servers the operator allows (SMTP_HOSTS_PERMITIDOS); the address is checked again at every connection.
  const problema = problemaServidorSmtp(b.Host, b.Puerto);
  if (problema) throw errorDeCampo('Host', problema);
  const valores = {
    host: b.Host,
    puerto: b.Puerto,
    seguro: b.Seguro,
    usuario: b.Usuario || null,
    remitente: b.Remitente,
    nombreRemitente: b.NombreRemitente || null,
    ...(b.Clave !== undefined ? { claveCifrada: b.Clave ? Buffer.from(cifrar(b.Clave)).toString('base64') : null } : {}),
  };
  const [c] = await db
    .insert(envioCorreoConfig)
    .values({ idEmpresa: auth.idEmpresa, ...valores, logUsuarioCrea: auth.idUsuario })
    .onConflictDoUpdate({ target: envioCorreoConfig.idEmpresa, set: { ...valores, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() } })
    .returning();
  return aRespuesta(c);
}

/** E-mails a document to its customer (or whoever the user types): PDF and signed XML attached. */
export async function enviarDocumentoPorCorreo(
  db: Db,
  auth: { idEmpresa: number },
  idDocumento: number,
  b: TCorreoDocumentoSolicitud,
  opciones: TOpcionesCorreo = {},
): Promise<{ Mensaje: string }> {
  const f = await filaDocumento(db, auth.idEmpresa, idDocumento);
  const [emp] = await db.select({ razonSocial: empresa.razonSocial }).from(empresa).where(eq(empresa.id, auth.idEmpresa));
  const [c] = await db.select({ id: envioCorreoConfig.idEmpresa }).from(envioCorreoConfig).where(eq(envioCorreoConfig.idEmpresa, auth.idEmpresa));
  if (!c) throw new AppError(ErrorCodes.VALIDACION, 'Configure el servidor de correo de la empresa antes de enviar comprobantes', 400);
  const adjuntos = [await archivoDocumento(db, f, 1, b.Formato)];
  if (f.xmlFirmado) adjuntos.push(await archivoDocumento(db, f, 2));
  const tipo = NombreTipoDocumento[f.idTipoDocumento as TTipoDocumentoContable] ?? 'Comprobante';
  const numero = serieNumero(f.serie, f.correlativo);
  const texto = [
    `Estimado cliente ${f.receptorRazonSocial}:`,
    '',
    `${emp.razonSocial} le envía su ${tipo} ${numero} del ${f.fechaEmision} por un total de ${f.montoTotal}.`,
    ...(b.Mensaje ? ['', b.Mensaje] : []),
    '',
    'Adjuntamos la representación impresa (PDF) y el archivo XML del comprobante electrónico.',
  ].join('\n');
  await enviarCorreoEmpresa(
    db,
    auth.idEmpresa,
    { para: b.Destinatarios, asunto: `${tipo} ${numero} - ${emp.razonSocial}`, texto, adjuntos: adjuntos.map((a) => ({ nombre: a.nombre, contenido: a.contenido, tipo: a.tipo })) },
    opciones,
  );
  return { Mensaje: `Comprobante ${numero} enviado a ${b.Destinatarios.join(', ')}` };
}

export type TOpcionesCorreo = { timeoutMs?: number; log?: { warn(detalle: object, texto: string): void } };
export type TCorreoSaliente = { para: string[]; asunto: string; texto: string; adjuntos: { nombre: string; contenido: Buffer | string; tipo: string }[] };

/**
 * Sends one message through the company's SMTP server (documents, statements). Refused in Spanish when the company
 * has no server configured, when the server is not on the operator's allow-list, or when it does not accept the mail.
 */
export async function enviarCorreoEmpresa(db: Db, idEmpresa: number, m: TCorreoSaliente, opciones: TOpcionesCorreo = {}): Promise<void> {
  const [c] = await db.select().from(envioCorreoConfig).where(eq(envioCorreoConfig.idEmpresa, idEmpresa));
  if (!c) throw new AppError(ErrorCodes.VALIDACION, 'Configure el servidor de correo de la empresa antes de enviar correos', 400);
  const [emp] = await db.select({ razonSocial: empresa.razonSocial }).from(empresa).where(eq(empresa.id, idEmpresa));
  // Resolved and checked now, and connected to as checked (a second resolution could answer differently); TLS still
  // verifies the certificate against the server's name.
  let direccion: string;
  try {
    direccion = (await resolverPermitido(reglasSmtp(), c.host, c.puerto)).address;
  } catch (e) {
    opciones.log?.warn({ err: e, host: c.host, puerto: c.puerto }, 'correo: servidor SMTP no permitido o no encontrado');
    if (e instanceof DestinoNoPermitido)
      throw new AppError(ErrorCodes.VALIDACION, 'El servidor de correo configurado no está permitido: revise la configuración de correo de la empresa', 400);
    throw new AppError(ErrorCodes.CORREO_NO_ENVIADO, `No se pudo enviar el correo: no se encontró el servidor ${c.host}`, 422);
  }
  const transporte = nodemailer.createTransport({
    host: direccion,
    servername: c.host,
    port: c.puerto,
    secure: c.seguro,
    auth: c.usuario ? { user: c.usuario, pass: c.claveCifrada ? descifrarTexto(Buffer.from(c.claveCifrada, 'base64')) : '' } : undefined,
    connectionTimeout: opciones.timeoutMs ?? 15_000,
    greetingTimeout: opciones.timeoutMs ?? 15_000,
    socketTimeout: opciones.timeoutMs ?? 30_000,
  });
  try {
    await transporte.sendMail({
      from: { name: c.nombreRemitente ?? emp.razonSocial, address: c.remitente },
      to: m.para,
      subject: m.asunto,
      text: m.texto,
      attachments: m.adjuntos.map((a) => ({ filename: a.nombre, content: a.contenido, contentType: a.tipo })),
    });
  } catch (e) {
    // What the server said stays in the log: the user gets our words only.
    opciones.log?.warn({ err: e, host: c.host, puerto: c.puerto }, 'correo: el servidor SMTP no aceptó el envío');
    throw new AppError(ErrorCodes.CORREO_NO_ENVIADO, `No se pudo enviar el correo: ${motivoSmtp(e)}`, 422);
  } finally {
    transporte.close();
  }
}

/** A nodemailer failure in our words (its message carries the server's text). */
function motivoSmtp(e: unknown): string {
  const codigo = (e as { code?: string }).code;
  if (codigo === 'EAUTH') return 'el servidor de correo rechazó el usuario o la contraseña';
  if (codigo === 'EENVELOPE') return 'el servidor de correo rechazó el remitente o los destinatarios';
  if (codigo === 'ETIMEDOUT') return 'el servidor de correo no respondió a tiempo';
  if (codigo === 'ECONNECTION' || codigo === 'ESOCKET' || codigo === 'EDNS') return 'no se pudo conectar con el servidor de correo';
  if (codigo === 'ETLS') return 'no se pudo establecer una conexión segura (TLS) con el servidor de correo';
  if (codigo === 'EMESSAGE') return 'el servidor de correo rechazó el mensaje';
  return 'el servidor de correo no aceptó el envío';
}
