import { eq } from 'drizzle-orm';
import type { TDatosDeposito, ZDatosDepositoGuardar } from '@yupana/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { TAuth } from '../../lib/auth';
import { idEmpresaProveedora } from '../../lib/proveedor';
import { datosDeposito } from './pagos.schema';
import { exigirProveedor } from './pagos.service';


const SIN_DATOS: TDatosDeposito = { Configurado: false, Banco: null, NumeroCuenta: null, Cci: null, Titular: null, Yape: null };

/** The provider's deposit data, for any signed-in company that pays by deposit (none yet: Configurado false). */
export async function obtenerDatosDeposito(db: Db): Promise<TDatosDeposito> {
  const idProveedor = await idEmpresaProveedora(db);
  if (!idProveedor) return SIN_DATOS;
  const [f] = await db.select().from(datosDeposito).where(eq(datosDeposito.idEmpresa, idProveedor));
  if (!f) return SIN_DATOS;
  return { Configurado: true, Banco: f.banco, NumeroCuenta: f.numeroCuenta, Cci: f.cci, Titular: f.titular, Yape: f.yape };
}

/** Saves the provider's deposit data: its staff only (another company's Soporte user gets 403 too). */
export async function guardarDatosDeposito(db: Db, auth: TAuth, d: z.output<typeof ZDatosDepositoGuardar>): Promise<TDatosDeposito> {
  await exigirProveedor(db, auth);
  const valores = { banco: d.Banco, numeroCuenta: d.NumeroCuenta, cci: d.Cci ?? null, titular: d.Titular, yape: d.Yape ?? null };
  await db
    .insert(datosDeposito)
    .values({ idEmpresa: auth.idEmpresa, ...valores, logUsuarioCrea: auth.idUsuario })
    .onConflictDoUpdate({ target: datosDeposito.idEmpresa, set: { ...valores, logUsuarioModif: auth.idUsuario, logFechaModif: new Date() } });
  return obtenerDatosDeposito(db);
}
