import Decimal from 'decimal.js';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCodes, EstadoPago, TipoDocumentoIdentidad, ZDocumentoContableCrear, ZError, ZId } from '@yupana/contracts';
import { z } from 'zod';
import { empresa, usuario, usuarioRol, usuarioSucursal } from '../../db/schema';
import type { Contexto } from '../../lib/contexto';
// eslint-disable-next-line yupana/no-cross-import -- the provider invoices a payment through the one issuing engine
import { emitirDocumento } from '../contabilidad/documentos/emision.service';
// eslint-disable-next-line yupana/no-cross-import -- the customer downloads the provider's PDF of its own payment
import { filaDocumento, pdfDocumento } from '../contabilidad/documentos/consulta.service';
import { requerirAuth, type TAuth } from '../../lib/auth';
import { AppError, noEncontrado } from '../../lib/app-error';
import { leerEntidadPago } from './entidad-pago';
import * as repo from './pagos.repo';
import { pago } from './pagos.schema';
import { exigirProveedor, idEmpresaProveedora } from './pagos.service';

/** Lima's calendar date now (the issue date must be real time, whatever the payments clock says). */
const hoyLima = () => new Date(Date.now() - 5 * 3600 * 1000).toISOString().slice(0, 10);

/**
 * The provider's own electronic receipt for an approved payment: a factura to the customer's RUC when it asked for
 * one, else a boleta. Issued by the approving provider user through the same engine (series lock, signature, queue),
 * with the payment id as idempotency key, so a retry never issues a second document. Returns the serie-número.
 */
export async function facturarPago(ctx: Contexto, auth: TAuth, idPago: number): Promise<string | null> {
  const db = ctx.dbh.db;
  const p = await repo.pagoPorId(db, idPago);
  if (!p || p.estado !== EstadoPago.PAGADO || p.idDocumentoContable) return p?.comprobante ?? null;
  // Made out to the company's payment entity (its billing data; the company itself until it saves one).
  const cliente = await leerEntidadPago(db, p.idEmpresa);
  const factura = p.requiereFactura && cliente.IdTipoDocumento === TipoDocumentoIdentidad.RUC && !!cliente.Documento;
  const tipo = factura ? 1003 : 1004;
  const series = await db.execute(sql`
    select id from serie
     where id_empresa = ${auth.idEmpresa} and id_tipo_documento = ${tipo} and log_estado = 1
       and id_sucursal in (${sql.join(auth.sucursales.map((s) => sql`${s}`), sql`, `)})
     order by id limit 1`);
  const idSerie = (series as unknown as { rows: { id: number }[] }).rows[0]?.id;
  if (!idSerie)
    throw new AppError(ErrorCodes.PROVEEDOR_SIN_SERIE, `El proveedor no tiene una serie activa de ${factura ? 'facturas' : 'boletas'} en sus sucursales`, 409);
  const cuerpo = ZDocumentoContableCrear.parse({
    IdTipoDocumento: tipo,
    IdSerie: idSerie,
    IdMoneda: p.idMoneda,
    FechaEmision: hoyLima(),
    Observaciones: `Pago del paquete ${p.nombrePaquete} (pago N° ${p.id})`,
    ListaItems: [{ ItemDescripcion: `Paquete ${p.nombrePaquete}`, CodigoUnidad: 'ZZ', Cantidad: '1', PrecioUnitario: new Decimal(p.monto).toFixed(2), TipoAfectacion: '10' }],
    ListaEntidades: [
      factura || (cliente.Documento && cliente.IdTipoDocumento !== TipoDocumentoIdentidad.SIN_DOCUMENTO)
        ? {
            TipoEntidad: 2,
            IdTipoDocumento: cliente.IdTipoDocumento,
            NumeroDocumento: cliente.Documento!,
            RazonSocial: cliente.RazonSocial,
            Direccion: cliente.Direccion ?? undefined,
            CorreoEntidadReceptor: cliente.Correo ?? undefined,
          }
        : { TipoEntidad: 2, IdTipoDocumento: TipoDocumentoIdentidad.SIN_DOCUMENTO, NumeroDocumento: '00000000', RazonSocial: cliente.RazonSocial, CorreoEntidadReceptor: cliente.Correo ?? undefined },
    ],
  });
  const { creado } = await emitirDocumento(ctx, auth, cuerpo, `pago-${p.id}`);
  await repo.actualizarPago(db, p.id, { idDocumentoContable: creado.Id, comprobante: creado.SerieNumero, estado: EstadoPago.FACTURADO, logFechaModif: new Date() });
  return creado.SerieNumero;
}

/** The provider's PDF of the receipt for one of the caller company's payments. */
export async function pdfDePago(ctx: Contexto, auth: TAuth, idPago: number): Promise<{ pdf: Buffer; nombre: string }> {
  const db = ctx.dbh.db;
  const p = await repo.pagoDeEmpresa(db, auth.idEmpresa, idPago);
  const proveedor = await idEmpresaProveedora(db);
  if (!p?.idDocumentoContable || !proveedor) throw noEncontrado('El pago aún no tiene comprobante');
  const fila = await filaDocumento(db, proveedor, p.idDocumentoContable);
  return { pdf: await pdfDocumento(db, fila), nombre: `${p.comprobante ?? `pago-${p.id}`}.pdf` };
}

// --- Retry of the provider's own receipt when issuing it failed at approval ---
//
// A payment approved (PAGADO) without a receipt is one whose issue failed (no series, engine error, crash between the
// approval's transaction and the issue). Its retry goes through facturarPago again: the payment id is the issuing
// engine's idempotency key, so the retry returns the document a previous attempt may already have created and never
// issues a second one, also when the job and the provider's button run at once.

/** The identity the receipt is issued with outside a request: the provider user who approved the payment. */
async function authDeUsuarioProveedor(ctx: Contexto, idUsuario: number | null): Promise<TAuth | null> {
  const db = ctx.dbh.db;
  const proveedor = await idEmpresaProveedora(db);
  if (!idUsuario || !proveedor) return null;
  const [u] = await db
    .select({ id: usuario.id, usuario: usuario.usuario, idEmpresa: usuario.idEmpresa, idCuenta: usuario.idCuenta, documento: empresa.documento, razonSocial: empresa.razonSocial, tipoEmpresa: empresa.tipoEmpresa })
    .from(usuario)
    .innerJoin(empresa, eq(empresa.id, usuario.idEmpresa))
    .where(and(eq(usuario.id, idUsuario), eq(usuario.idEmpresa, proveedor)));
  if (!u) return null;
  const sucursales = await db.select({ id: usuarioSucursal.idSucursal }).from(usuarioSucursal).where(and(eq(usuarioSucursal.idUsuario, u.id), eq(usuarioSucursal.logEstado, 1)));
  return {
    idUsuario: u.id,
    usuario: u.usuario,
    idEmpresa: u.idEmpresa,
    idCuenta: u.idCuenta,
    idSesion: 0,
    sucursales: sucursales.map((s) => s.id),
    empresa: { documento: u.documento, razonSocial: u.razonSocial, tipoEmpresa: u.tipoEmpresa },
  };
}

/**
 * Who issues the provider's receipt of a card payment (nobody approves it by hand): the provider company's first
 * active Supervisor. Its id is stored as the payment's resolver, so the retry job issues with the same identity.
 */
export async function facturadorDelProveedor(ctx: Contexto): Promise<TAuth | null> {
  const db = ctx.dbh.db;
  const proveedor = await idEmpresaProveedora(db);
  if (!proveedor) return null;
  const [u] = await db
    .select({ id: usuario.id })
    .from(usuario)
    .innerJoin(usuarioRol, and(eq(usuarioRol.idUsuario, usuario.id), eq(usuarioRol.idRol, ROL_SUPERVISOR), eq(usuarioRol.logEstado, 1)))
    .where(and(eq(usuario.idEmpresa, proveedor), eq(usuario.estado, 1)))
    .orderBy(asc(usuario.id))
    .limit(1);
  return u ? authDeUsuarioProveedor(ctx, u.id) : null;
}
const ROL_SUPERVISOR = 2;

/** The provider's button: issue again the receipt of an approved payment that has none. */
export async function reintentarFacturaPago(ctx: Contexto, auth: TAuth, idPago: number): Promise<{ IdPago: number; Comprobante: string }> {
  await exigirProveedor(ctx.dbh.db, auth);
  const p = await repo.pagoPorId(ctx.dbh.db, idPago);
  if (!p) throw noEncontrado('No se encontró el pago');
  if (p.estado !== EstadoPago.PAGADO || p.idDocumentoContable) throw new AppError(ErrorCodes.FACTURA_PROVEEDOR_NO_REINTENTABLE, undefined, 409);
  const comprobante = await facturarPago(ctx, auth, idPago);
  if (!comprobante) throw new AppError(ErrorCodes.FACTURA_PROVEEDOR_NO_REINTENTABLE, undefined, 409);
  return { IdPago: idPago, Comprobante: comprobante };
}

/**
 * The job: approved payments without a receipt, resolved at least `esperaMs` ago (the approval's own attempt has had
 * its chance), are issued again with the identity of the user who approved them. Failures are logged and retried on
 * the next run.
 */
export async function reintentarFacturasPendientes(
  ctx: Contexto,
  opciones: { esperaMs?: number; limite?: number; log?: Pick<FastifyBaseLogger, 'warn'> } = {},
): Promise<{ emitidos: number[]; fallidos: number[] }> {
  const db = ctx.dbh.db;
  const hasta = new Date(Date.now() - (opciones.esperaMs ?? 60_000));
  const pendientes = await db
    .select({ id: pago.id, idUsuarioResuelve: pago.idUsuarioResuelve })
    .from(pago)
    .where(and(eq(pago.estado, EstadoPago.PAGADO), isNull(pago.idDocumentoContable), lt(pago.fechaResolucion, hasta)))
    .orderBy(asc(pago.id))
    .limit(opciones.limite ?? 20);
  const emitidos: number[] = [];
  const fallidos: number[] = [];
  for (const p of pendientes) {
    try {
      const auth = await authDeUsuarioProveedor(ctx, p.idUsuarioResuelve);
      if (!auth) throw new Error('el usuario que aprobó el pago ya no pertenece al proveedor');
      if (await facturarPago(ctx, auth, p.id)) emitidos.push(p.id);
    } catch (err) {
      fallidos.push(p.id);
      opciones.log?.warn({ err, idPago: p.id }, 'no se pudo emitir el comprobante del pago aprobado (se reintentará)');
    }
  }
  return { emitidos, fallidos };
}

/** The retry's route (provider's payments inbox) and the job, every 5 minutes on the app's job runner. */
export async function rutasFacturacionProveedor(app: FastifyInstance, ctx: Contexto): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put('/v1/gestion/pagos/:Id/comprobantes', {
    config: { servicio: 'PAGOS_GESTIONAR' },
    schema: {
      tags: ['pagos'],
      summary: 'Reintentar la emisión del comprobante del proveedor de un pago aprobado',
      params: z.object({ Id: ZId }),
      response: { 200: z.object({ IdPago: z.number().int(), Comprobante: z.string() }), 400: ZError, 401: ZError, 403: ZError, 404: ZError, 409: ZError },
    },
    handler: async (req) => reintentarFacturaPago(ctx, requerirAuth(req), req.params.Id),
  });

  // A recurring job of the app's runner (one process at a time), every 5 minutes.
  ctx.trabajos.registrar({
    cola: 'pagos.comprobantes',
    concurrencia: 1,
    recurrente: { cadaMs: 5 * 60_000, primeraEnMs: 5 * 60_000 },
    manejador: async () => {
      await reintentarFacturasPendientes(ctx, { log: app.log });
      return { tipo: 'hecho' };
    },
  });
}
