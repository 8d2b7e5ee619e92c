import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import { ErrorCodes, FOTO_MAXIMO_BYTES, FOTOCHECK_MAXIMO, TiposDocumentoTrabajador, type TFechaFotocheck, type TFotocheckEnvio, type TFotoTrabajador, ZFotocheckEnviar, ZFotocheckGenerar, ZFotoGuardar } from '@yupana/contracts';
import type { z } from 'zod';
import { empresa } from '../../db/schema';
import { AppError, errorDeCampo, noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import type { Contexto } from '../../lib/contexto';
import { plantillaComprobante } from '../contabilidad/contabilidad.schema';
// eslint-disable-next-line yupana/no-cross-import -- the company's one SMTP sender (documents, statements and badges share it)
import { enviarCorreoEmpresa, type TOpcionesCorreo } from '../contabilidad/envio/correo.service';
import { entidad } from '../entidades/entidades.schema';
import { pdfFotochecks, type TTarjetaFotocheck } from './fotocheck-pdf';
import { entidadImagen, fotocheckEmision } from './fotocheck.schema';
import { area } from './rrhh.schema';
import { completarTrabajadores } from './trabajadores.service';

const TIPO_TRABAJADOR = 1;

/** A worker of the token's company (any state); another company's or a non-worker entity is a 404. */
async function exigirTrabajador(ctx: Contexto, auth: TAuth, id: number): Promise<void> {
  const [f] = await ctx.dbh.db
    .select({ id: entidad.id })
    .from(entidad)
    .where(and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.id, id), eq(entidad.tipoEntidad, TIPO_TRABAJADOR)));
  if (!f) throw noEncontrado('No se encontró el trabajador');
}

/** Reads a photo and checks its real type from its bytes: PNG or JPEG (what the PDF draws), at most 300 KB. */
export function leerFoto(base64: string): { bytes: Buffer; tipo: 'image/png' | 'image/jpeg' } {
  const limpio = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(limpio)) throw errorDeCampo('ImagenBase64', 'La foto no es un archivo válido');
  const bytes = Buffer.from(limpio, 'base64');
  if (bytes.length === 0) throw errorDeCampo('ImagenBase64', 'El archivo de la foto está vacío');
  if (bytes.length > FOTO_MAXIMO_BYTES) throw errorDeCampo('ImagenBase64', 'La foto no debe superar los 300 KB');
  const png = bytes.length > 24 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpeg) throw errorDeCampo('ImagenBase64', 'La foto debe ser una imagen PNG o JPG');
  if (png) {
    const ancho = bytes.readUInt32BE(16);
    const alto = bytes.readUInt32BE(20);
    if (ancho === 0 || alto === 0 || ancho > 4000 || alto > 4000) throw errorDeCampo('ImagenBase64', 'La foto debe medir como máximo 4000 × 4000 píxeles');
  }
  return { bytes, tipo: png ? 'image/png' : 'image/jpeg' };
}

export async function obtenerFoto(ctx: Contexto, auth: TAuth, idTrabajador: number): Promise<TFotoTrabajador> {
  await exigirTrabajador(ctx, auth, idTrabajador);
  const [f] = await ctx.dbh.db
    .select({ contenido: entidadImagen.contenido, tipo: entidadImagen.tipo })
    .from(entidadImagen)
    .where(and(eq(entidadImagen.idEmpresa, auth.idEmpresa), eq(entidadImagen.idEntidad, idTrabajador), eq(entidadImagen.logEstado, 1)));
  return { IdTrabajador: idTrabajador, Imagen: f ? `data:${f.tipo};base64,${Buffer.from(f.contenido).toString('base64')}` : null };
}

/** Saves (or replaces) the worker's photo. */
export async function guardarFoto(ctx: Contexto, auth: TAuth, idTrabajador: number, b: z.output<typeof ZFotoGuardar>): Promise<TFotoTrabajador> {
  await exigirTrabajador(ctx, auth, idTrabajador);
  const { bytes, tipo } = leerFoto(b.ImagenBase64);
  await ctx.dbh.db
    .insert(entidadImagen)
    .values({ idEmpresa: auth.idEmpresa, idEntidad: idTrabajador, contenido: bytes, tipo, logUsuarioCrea: auth.idUsuario })
    .onConflictDoUpdate({ target: entidadImagen.idEntidad, set: { contenido: bytes, tipo, logEstado: 1, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() } });
  return obtenerFoto(ctx, auth, idTrabajador);
}

export async function quitarFoto(ctx: Contexto, auth: TAuth, idTrabajador: number): Promise<TFotoTrabajador> {
  await exigirTrabajador(ctx, auth, idTrabajador);
  await ctx.dbh.db.delete(entidadImagen).where(and(eq(entidadImagen.idEmpresa, auth.idEmpresa), eq(entidadImagen.idEntidad, idTrabajador)));
  return { IdTrabajador: idTrabajador, Imagen: null };
}

export async function fechaFotocheck(ctx: Contexto, auth: TAuth, idTrabajador: number): Promise<TFechaFotocheck> {
  await exigirTrabajador(ctx, auth, idTrabajador);
  const [f] = await ctx.dbh.db
    .select({ ultima: max(fotocheckEmision.logFechaCrea), veces: count() })
    .from(fotocheckEmision)
    .where(and(eq(fotocheckEmision.idEmpresa, auth.idEmpresa), eq(fotocheckEmision.idEntidad, idTrabajador), eq(fotocheckEmision.logEstado, 1)));
  const ultima = f?.ultima ? new Date(f.ultima as unknown as string | Date) : null;
  return { IdTrabajador: idTrabajador, FechaCreacion: ultima ? ultima.toISOString() : null, Veces: Number(f?.veces ?? 0) };
}

type TTrabajadorCompleto = Awaited<ReturnType<typeof completarTrabajadores>>[number];

/** The cards of these workers (photo, names, cargo, área) and the company's name, RUC and logo they carry. */
async function tarjetasDe(ctx: Contexto, auth: TAuth, trabajadores: TTrabajadorCompleto[]) {
  const ids = trabajadores.map((t) => t.Id);
  const [fotos, [emp], [plantilla]] = await Promise.all([
    ctx.dbh.db
      .select({ id: entidadImagen.idEntidad, contenido: entidadImagen.contenido })
      .from(entidadImagen)
      .where(and(eq(entidadImagen.idEmpresa, auth.idEmpresa), inArray(entidadImagen.idEntidad, ids), eq(entidadImagen.logEstado, 1))),
    ctx.dbh.db.select({ razonSocial: empresa.razonSocial, ruc: empresa.documento }).from(empresa).where(eq(empresa.id, auth.idEmpresa)),
    // The company's logo is the one of its printed documents (invoice template).
    ctx.dbh.db.select({ logo: plantillaComprobante.logo }).from(plantillaComprobante).where(eq(plantillaComprobante.idEmpresa, auth.idEmpresa)),
  ]);
  const fotoDe = new Map(fotos.map((f) => [f.id, f.contenido]));
  const tarjetas: TTarjetaFotocheck[] = trabajadores.map((t) => ({
    nombres: t.Nombres,
    apellidos: [t.ApePat, t.ApeMat].filter(Boolean).join(' '),
    tipoDocumento: t.IdTipoDocumento === 1 ? 'DNI' : (TiposDocumentoTrabajador[t.IdTipoDocumento as keyof typeof TiposDocumentoTrabajador] ?? 'Doc.'),
    documento: t.Documento,
    cargo: t.Contrato?.Cargo ?? null,
    area: t.Contrato?.Area ?? null,
    foto: fotoDe.get(t.Id),
  }));
  return { tarjetas, emp: { nombre: emp.razonSocial, ruc: emp.ruc, logo: plantilla?.logo ?? undefined } };
}

/**
 * The badges of the chosen workers (or of an area's, or of every active worker) as one PDF, and one emission row per
 * badge (the date `fecha_creacion/fotocheck` answers). Only active workers of the token's company are printed: an id
 * of another company, of an inactive worker or of a non-worker entity is a 404.
 */
export async function generarFotochecks(ctx: Contexto, auth: TAuth, b: z.output<typeof ZFotocheckGenerar>): Promise<{ pdf: Buffer; nombre: string; cantidad: number }> {
  const activos = and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.tipoEntidad, TIPO_TRABAJADOR), eq(entidad.logEstado, 1));
  const ids = [...new Set(b.IdsTrabajador)];
  let filas;
  if (ids.length) {
    filas = await ctx.dbh.db.select().from(entidad).where(and(activos, inArray(entidad.id, ids))).orderBy(asc(entidad.razonSocial), asc(entidad.id));
    if (filas.length !== ids.length) throw noEncontrado('No se encontró el trabajador');
  } else {
    if (b.IdArea !== null) {
      const [a] = await ctx.dbh.db.select({ id: area.id }).from(area).where(and(eq(area.idEmpresa, auth.idEmpresa), eq(area.id, b.IdArea)));
      if (!a) throw noEncontrado('No se encontró el área');
    }
    filas = await ctx.dbh.db.select().from(entidad).where(activos).orderBy(asc(entidad.razonSocial), asc(entidad.id)).limit(20_000);
  }
  let trabajadores = await completarTrabajadores(ctx, auth, filas);
  if (!ids.length && b.IdArea !== null) trabajadores = trabajadores.filter((t) => t.Contrato?.IdArea === b.IdArea);
  if (!trabajadores.length) throw errorDeCampo(b.IdArea !== null ? 'IdArea' : 'IdsTrabajador', 'No hay trabajadores activos para imprimir');
  if (trabajadores.length > FOTOCHECK_MAXIMO) throw errorDeCampo('IdsTrabajador', `Se imprimen ${FOTOCHECK_MAXIMO} fotochecks como máximo por archivo; elija un área o algunos trabajadores`);

  const idsImpresos = trabajadores.map((t) => t.Id);
  const { tarjetas, emp } = await tarjetasDe(ctx, auth, trabajadores);
  const ahora = new Date();
  const pdf = await pdfFotochecks(tarjetas, emp, b.Formato, ahora);
  // One multi-row insert (a single statement): every printed badge dated, or none.
  await ctx.dbh.db.insert(fotocheckEmision).values(idsImpresos.map((id) => ({ idEmpresa: auth.idEmpresa, idEntidad: id, formato: b.Formato, logUsuarioCrea: auth.idUsuario, logFechaCrea: ahora })));
  const dia = ahora.toISOString().slice(0, 10);
  return { pdf, nombre: `fotochecks-${dia}.pdf`, cantidad: tarjetas.length };
}


/**
 * E-mails each chosen worker's own badge (one CR80 card, PDF) through the company's SMTP server: to the worker's e-mail,
 * or to `Destinatarios` when one worker is chosen. A worker without an e-mail, or whose message the server refused, is
 * reported back with the reason; a missing or disallowed server refuses the whole send (nothing can go out). Every sent
 * badge is dated like a printed one (`fecha_creacion/fotocheck`).
 */
export async function enviarFotochecks(ctx: Contexto, auth: TAuth, b: z.output<typeof ZFotocheckEnviar>, opciones: TOpcionesCorreo = {}): Promise<TFotocheckEnvio> {
  const ids = [...new Set(b.IdsTrabajador)];
  const filas = await ctx.dbh.db
    .select()
    .from(entidad)
    .where(and(eq(entidad.idEmpresa, auth.idEmpresa), eq(entidad.tipoEntidad, TIPO_TRABAJADOR), eq(entidad.logEstado, 1), inArray(entidad.id, ids)))
    .orderBy(asc(entidad.razonSocial), asc(entidad.id));
  if (filas.length !== ids.length) throw noEncontrado('No se encontró el trabajador');
  const trabajadores = await completarTrabajadores(ctx, auth, filas);
  const { tarjetas, emp } = await tarjetasDe(ctx, auth, trabajadores);
  const resultado: TFotocheckEnvio['Data'] = [];
  for (const [i, t] of trabajadores.entries()) {
    const nombre = [t.Nombres, t.ApePat, t.ApeMat].filter(Boolean).join(' ');
    const correo = filas.find((f) => f.id === t.Id)?.correo?.trim() ?? '';
    const para = b.Destinatarios.length ? b.Destinatarios : correo ? [correo] : [];
    if (!para.length) {
      resultado.push({ IdTrabajador: t.Id, NombreCompleto: nombre, Enviado: false, Destinatarios: [], Motivo: 'El trabajador no tiene correo registrado' });
      continue;
    }
    const ahora = new Date();
    const pdf = await pdfFotochecks([tarjetas[i]], emp, 'TARJETA', ahora);
    const texto = [
      `Estimado(a) ${nombre}:`,
      '',
      `Adjuntamos su fotocheck de ${emp.nombre} en PDF (tarjeta CR80), emitido el ${ahora.toISOString().slice(0, 10)}.`,
      'Preséntelo al ingresar a las instalaciones; el código QR corresponde a su documento de identidad.',
      '',
      'Atentamente,',
      emp.nombre,
    ].join('\n');
    try {
      await enviarCorreoEmpresa(
        ctx.dbh.db,
        auth.idEmpresa,
        { para, asunto: `Fotocheck de ${nombre} - ${emp.nombre}`, texto, adjuntos: [{ nombre: `fotocheck-${t.Documento}.pdf`, contenido: pdf, tipo: 'application/pdf' }] },
        opciones,
      );
    } catch (e) {
      // No server, or one not allowed: nothing can be sent, so the whole request is refused in Spanish.
      if (!(e instanceof AppError) || e.code !== ErrorCodes.CORREO_NO_ENVIADO) throw e;
      resultado.push({ IdTrabajador: t.Id, NombreCompleto: nombre, Enviado: false, Destinatarios: para, Motivo: e.mensaje });
      continue;
    }
    await ctx.dbh.db.insert(fotocheckEmision).values({ idEmpresa: auth.idEmpresa, idEntidad: t.Id, formato: 'TARJETA', logUsuarioCrea: auth.idUsuario, logFechaCrea: ahora });
    resultado.push({ IdTrabajador: t.Id, NombreCompleto: nombre, Enviado: true, Destinatarios: para, Motivo: null });
  }
  const enviados = resultado.filter((r) => r.Enviado).length;
  return { Enviados: enviados, Omitidos: resultado.length - enviados, Data: resultado };
}
