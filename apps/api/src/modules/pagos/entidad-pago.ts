import { eq } from 'drizzle-orm';
import { TipoDocumentoIdentidad, type TEntidadPago, type ZEntidadPagoGuardar } from '@yupana/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { empresa } from '../../db/schema';
import { noEncontrado } from '../../lib/app-error';
import type { TAuth } from '../../lib/auth';
import { entidadPago } from './pagos.schema';

type DbOTx = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/**
 * Who the provider's receipts for a company's payments are made out to: the company's saved payment entity, or else
 * the company itself (a factura when it has a RUC).
 */
export async function leerEntidadPago(db: DbOTx, idEmpresa: number): Promise<TEntidadPago> {
  const [g] = await db.select().from(entidadPago).where(eq(entidadPago.idEmpresa, idEmpresa));
  if (g) {
    const factura = g.requiereFactura && g.idTipoDocumento === TipoDocumentoIdentidad.RUC;
    return {
      Id: g.id,
      IdEntidad: idEmpresa,
      RazonSocial: g.razonSocial,
      IdTipoDocumento: g.idTipoDocumento,
      Documento: g.documento,
      Direccion: g.direccion,
      Correo: g.correo,
      Telefono: g.telefono,
      TipoComprobante: factura ? 'Factura' : 'Boleta',
      IdTipoComprobante: factura ? 1003 : 1004,
    };
  }
  const [e] = await db.select().from(empresa).where(eq(empresa.id, idEmpresa));
  if (!e) throw noEncontrado('No se encontró la empresa');
  return {
    Id: null,
    IdEntidad: idEmpresa,
    RazonSocial: e.razonSocial,
    IdTipoDocumento: e.documento ? TipoDocumentoIdentidad.RUC : TipoDocumentoIdentidad.SIN_DOCUMENTO,
    Documento: e.documento,
    Direccion: e.direccion,
    Correo: e.correo,
    Telefono: e.telefono,
    TipoComprobante: e.documento ? 'Factura' : 'Boleta',
    IdTipoComprobante: e.documento ? 1003 : 1004,
  };
}

/** The RUC a factura for this company's payments would go to (null: only boletas). */
export async function rucDeFacturacion(db: DbOTx, idEmpresa: number): Promise<string | null> {
  const ep = await leerEntidadPago(db, idEmpresa);
  return ep.IdTipoDocumento === TipoDocumentoIdentidad.RUC ? ep.Documento : null;
}

/** The seed's PUT entidades/entidadpago: the company saves its billing data (one row per company). */
export async function guardarEntidadPago(db: Db, auth: TAuth, d: z.output<typeof ZEntidadPagoGuardar>): Promise<TEntidadPago> {
  const valores = {
    razonSocial: d.RazonSocial,
    idTipoDocumento: d.IdTipoDocumento,
    documento: d.IdTipoDocumento === TipoDocumentoIdentidad.SIN_DOCUMENTO ? null : d.Documento,
    direccion: d.Direccion,
    correo: d.Correo,
    telefono: d.Telefono,
    requiereFactura: d.TipoComprobante === 'Factura',
  };
  await db
    .insert(entidadPago)
    .values({ idEmpresa: auth.idEmpresa, ...valores, logUsuarioCrea: auth.idUsuario })
    .onConflictDoUpdate({ target: entidadPago.idEmpresa, set: { ...valores, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() } });
  return leerEntidadPago(db, auth.idEmpresa);
}
