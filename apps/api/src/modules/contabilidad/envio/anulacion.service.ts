import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { ErrorCodes, EstadoSunat, serieNumero, type TAnulacionRespuesta, type TRegularizacion } from '@yupana/contracts';
import type { Db } from '../../../db/client';
import { AppError, noEncontrado } from '../../../lib/app-error';
import { documentoContable } from '../contabilidad.schema';
import { COLA_COMPROBANTE, encolarComprobante } from './cola';
import { ConfiguracionIncompleta, type TAjustesEnvio } from './conexion-sunat';
import { bloquearDocumento, cambiarEstado, canalDe } from './documentos.repo';
import { anulacionEnCurso, crearLoteAnulacion, diasEntre, fechaLima, PLAZO_BAJA_DIAS } from './lotes';

const ACEPTADOS: number[] = [EstadoSunat.ACEPTADO, EstadoSunat.OBSERVADO];

/** The void's transaction and what was voided, as the work other modules do inside it receives them. */
export type TTransaccionAnulacion = Parameters<Parameters<Db['transaction']>[0]>[0];
export type TAlAnular = (tx: TTransaccionAnulacion, anulado: { idEmpresa: number; idUsuario: number; idDocumento: number; fecha: string }) => Promise<void>;
/**
 * Work other modules do when a void is REQUESTED, inside the request's transaction (before SUNAT answers). Nothing
 * that moves stock or money belongs here: those follow the confirmed void (alDocumentoAnulado in documentos.repo),
 * so a baja SUNAT rejects leaves everything as it was. Registered once at start-up (app.ts), like alEmitirDocumento.
 */
const trasAnular: TAlAnular[] = [];
export function alAnularDocumento(fn: TAlAnular): void {
  if (!trasAnular.includes(fn)) trasAnular.push(fn);
}

/**
 * PUT documentoContable/{id}/anulaciones. A factura or its notes go in a comunicación de baja (RA); a boleta or its
 * notes in a resumen diario with status 3. The document becomes "anulado" (10) when SUNAT accepts the batch; an
 * internal document (nota de venta) is voided at once.
 */
export async function anularDocumento(
  db: Db,
  ajustes: TAjustesEnvio,
  auth: { idEmpresa: number; idUsuario: number },
  idDocumento: number,
  motivo: string,
): Promise<TAnulacionRespuesta> {
  try {
    return await db.transaction(async (tx) => {
      const d = await bloquearDocumento(tx, idDocumento, auth.idEmpresa);
      if (!d) throw noEncontrado('No se encontró el documento');
      if (d.anulado || d.idEstadoSunat === EstadoSunat.ANULADO || (await anulacionEnCurso(tx, d.id)))
        throw new AppError(ErrorCodes.DOCUMENTO_ANULADO, `El documento ${serieNumero(d.serie, d.correlativo)} ya está anulado o su anulación está en curso`, 400);
      const canal = canalDe(d);
      if (canal === 'ninguno') {
        // A nota de venta canjeada by a factura or boleta still in force keeps the stock and dues of both: void that first.
        const [canje] = await tx
          .select({ serie: documentoContable.serie, correlativo: documentoContable.correlativo })
          .from(documentoContable)
          .where(
            and(
              eq(documentoContable.idDocumentoAfectado, d.id),
              inArray(documentoContable.idTipoDocumento, [1003, 1004]),
              eq(documentoContable.anulado, false),
              sql`${documentoContable.idEstadoSunat} not in (${EstadoSunat.RECHAZADO}, ${EstadoSunat.ANULADO})`,
            ),
          )
          .limit(1);
        if (canje)
          throw new AppError(ErrorCodes.VALIDACION, `La nota de venta fue canjeada por el comprobante ${serieNumero(canje.serie, canje.correlativo)}: anule primero ese comprobante`, 400);
        await tx.update(documentoContable).set({ logUsuarioModif: auth.idUsuario }).where(eq(documentoContable.id, d.id));
        for (const fn of trasAnular) await fn(tx, { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idDocumento: d.id, fecha: fechaLima() });
        // Requested and confirmed at once: the void's hooks (stock back, dues closed) run here, in this transaction.
        await cambiarEstado(tx, d.id, { idEstadoSunat: EstadoSunat.ANULADO, anulado: true, fechaAnulacion: new Date(), motivoAnulacion: motivo });
        return { Id: d.id, IdestadoSunat: EstadoSunat.ANULADO, Lote: null, Mensaje: 'Documento anulado' };
      }
      if (canal === 'gre')
        throw new AppError(ErrorCodes.VALIDACION, 'Las guías de remisión electrónicas no se anulan con una comunicación de baja: dé de baja la guía en SUNAT Operaciones en Línea', 400);
      if (d.idEstadoSunat === EstadoSunat.RECHAZADO)
        throw new AppError(ErrorCodes.VALIDACION, 'El comprobante fue rechazado por SUNAT: no tiene validez y no necesita anularse', 400);
      if (!ACEPTADOS.includes(d.idEstadoSunat))
        throw new AppError(ErrorCodes.VALIDACION, 'El comprobante aún no fue aceptado por SUNAT; espere su respuesta para anularlo', 400);
      const dias = diasEntre(d.fechaEmision, fechaLima());
      if (dias > PLAZO_BAJA_DIAS)
        throw new AppError(
          ErrorCodes.VALIDACION,
          `El comprobante no puede ser dado de baja por exceder el plazo desde su fecha de emisión (${PLAZO_BAJA_DIAS} días); emita una nota de crédito`,
          400,
        );
      await tx
        .update(documentoContable)
        .set({ motivoAnulacion: motivo, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() })
        .where(eq(documentoContable.id, d.id));
      const lote = await crearLoteAnulacion(tx, ajustes, d, motivo, auth.idUsuario);
      for (const fn of trasAnular) await fn(tx, { idEmpresa: auth.idEmpresa, idUsuario: auth.idUsuario, idDocumento: d.id, fecha: fechaLima() });
      const medio = canal === 'resumen' ? 'el resumen diario' : 'la comunicación de baja';
      return { Id: d.id, IdestadoSunat: d.idEstadoSunat, Lote: lote.nombre, Mensaje: `Anulación enviada a SUNAT en ${medio} ${lote.nombre}` };
    });
  } catch (e) {
    if (e instanceof ConfiguracionIncompleta) throw new AppError(ErrorCodes.VALIDACION, e.message, 400);
    throw e;
  }
}

/** Documents that need a person: "erróneo" (7), or pending with a sending job that gave up. */
function condicionAtascados(idEmpresa: number) {
  return and(
    eq(documentoContable.idEmpresa, idEmpresa),
    // A job still alive (even one closing its last attempt) owns the document: re-queueing now would be lost.
    sql`not exists (select 1 from trabajo v where v.cola = ${COLA_COMPROBANTE} and v.id_referencia = documento_contable.id and v.estado in ('PENDIENTE', 'EN_CURSO'))`,
    or(
      eq(documentoContable.idEstadoSunat, EstadoSunat.ERRONEO),
      sql`exists (select 1 from trabajo t where t.cola = ${COLA_COMPROBANTE} and t.id_referencia = documento_contable.id and t.estado = 'FALLIDO')
          and documento_contable.id_estado_sunat in (1, 4, 6, 7)`,
    ),
  );
}

export async function listarRegularizaciones(db: Db, idEmpresa: number, pagina: number, regxpag: number): Promise<{ Data: TRegularizacion[]; Count: number }> {
  const donde = condicionAtascados(idEmpresa);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(documentoContable).where(donde);
  const filas = await db
    .select({
      d: {
        id: documentoContable.id,
        idTipoDocumento: documentoContable.idTipoDocumento,
        serie: documentoContable.serie,
        correlativo: documentoContable.correlativo,
        fechaEmision: documentoContable.fechaEmision,
        idEstadoSunat: documentoContable.idEstadoSunat,
        codigoSunat: documentoContable.codigoSunat,
        mensajeSunat: documentoContable.mensajeSunat,
        montoTotal: documentoContable.montoTotal,
      },
      intentos: sql<number | null>`(select t.intentos + t.reintentos_sin_respuesta from trabajo t where t.cola = ${COLA_COMPROBANTE} and t.id_referencia = documento_contable.id order by t.id desc limit 1)`,
      error: sql<string | null>`(select t.ultimo_error from trabajo t where t.cola = ${COLA_COMPROBANTE} and t.id_referencia = documento_contable.id order by t.id desc limit 1)`,
    })
    .from(documentoContable)
    .where(donde)
    .orderBy(desc(documentoContable.fechaEmision), desc(documentoContable.id))
    .limit(regxpag)
    .offset((pagina - 1) * regxpag);
  return {
    Count: n,
    Data: filas.map(({ d, intentos, error }) => ({
      IdDocumento: d.id,
      IdTipoDocumento: d.idTipoDocumento,
      SerieNumero: serieNumero(d.serie, d.correlativo),
      FechaEmision: d.fechaEmision,
      MontoTotal: d.montoTotal,
      IdestadoSunat: d.idEstadoSunat,
      CodigoSunat: d.codigoSunat,
      MensajeSunat: d.mensajeSunat,
      Intentos: intentos === null ? 0 : Number(intentos),
      UltimoError: error,
    })),
  };
}

/**
 * Sends stuck documents again under the SAME number: facturas, notes and GREs get a new sending job; boletas and
 * their notes go back to "pendiente de envío" and the next resumen carries them. `ids` unset: every stuck one.
 */
export async function regularizar(db: Db, idEmpresa: number, idUsuario: number, ids?: number[]): Promise<{ Regularizados: number }> {
  return db.transaction(async (tx) => {
    const donde = ids ? and(condicionAtascados(idEmpresa), inArray(documentoContable.id, ids)) : condicionAtascados(idEmpresa);
    const docs = await tx.select().from(documentoContable).where(donde).for('update');
    if (ids && docs.length === 0) throw noEncontrado('El documento no necesita regularización');
    for (const d of docs) {
      await tx
        .update(documentoContable)
        .set({ idEstadoSunat: EstadoSunat.PENDIENTE_ENVIO, logUsuarioModif: idUsuario, logFechaModif: new Date() })
        .where(eq(documentoContable.id, d.id));
      const canal = canalDe(d);
      if (canal === 'sendBill' || canal === 'gre') {
        await encolarComprobante(tx, { idEmpresa, idDocumento: d.id });
      }
    }
    return { Regularizados: docs.length };
  });
}
