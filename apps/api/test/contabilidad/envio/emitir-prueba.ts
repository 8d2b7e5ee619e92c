import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { construirXml, firmarXml, generarCertificadoPrueba, type TCredencialFirma } from '@yupana/sunat';
import type { Db } from '../../../src/db/client';
import { empresa, sucursal } from '../../../src/db/schema';
import { cifrar } from '../../../src/modules/contabilidad/configuracion/cifrado';
import { documentoContable, empresaSunat } from '../../../src/modules/contabilidad/contabilidad.schema';
import { encolarEnvio } from '../../../src/modules/contabilidad/envio/cola';
import { fechaLima } from '../../../src/modules/contabilidad/envio/lotes';
import { serie as tablaSerie } from '../../../src/modules/entidades/series/series.schema';

/**
 * Issues a document the way the issuing transaction does (number from the series row under lock, engine XML signed
 * with the company's certificate, document row and encolarEnvio in ONE transaction), from the engine's own examples.
 * The sending tests depend only on the stored document, not on the HTTP issuing route (tested by its own module).
 */
const ejemplos = fileURLToPath(new URL('../../../../../packages/sunat/examples/', import.meta.url));
export const ejemplo = (nombre: string) => JSON.parse(readFileSync(`${ejemplos}${nombre}.json`, 'utf8')) as Record<string, unknown>;

const TIPO_SEED: Record<string, number> = { '01': 1003, '03': 1004, '07': 1005, '08': 1006, '09': 1007, '31': 3005 };

export type TEmpresaPrueba = { idEmpresa: number; ruc: string; razonSocial: string; idSucursal: number; credencial: TCredencialFirma };

/** The demo company with RUC, set to the SIMULADOR environment with a fresh test certificate (stored encrypted). */
export async function empresaPrueba(db: Db): Promise<TEmpresaPrueba> {
  const [e] = await db.select().from(empresa).where(eq(empresa.documento, '20600123450'));
  const [s] = await db.select().from(sucursal).where(eq(sucursal.idEmpresa, e.id)).limit(1);
  const cert = generarCertificadoPrueba({ ruc: e.documento!, razonSocial: e.razonSocial });
  const valores = {
    ambiente: 'SIMULADOR',
    certificadoCifrado: cifrar(cert.pfx),
    claveCertificadoCifrada: cifrar(cert.password),
    usuarioSolCifrado: cifrar('MODDATOS'),
    claveSolCifrada: cifrar('moddatos'),
  };
  await db.insert(empresaSunat).values({ idEmpresa: e.id, ...valores }).onConflictDoUpdate({ target: empresaSunat.idEmpresa, set: valores });
  return { idEmpresa: e.id, ruc: e.documento!, razonSocial: e.razonSocial, idSucursal: s.id, credencial: cert.credencial };
}

export async function emitirPrueba(
  db: Db,
  emp: TEmpresaPrueba,
  nombreEjemplo: string,
  cambios: { serie?: string; fechaEmision?: string; documentoAfectado?: { tipo: string; serie: string; numero: number }; extra?: Record<string, unknown> } = {},
): Promise<{ id: number; serie: string; numero: number; nombre: string }> {
  const base = ejemplo(nombreEjemplo);
  const tipo = String(base.tipo);
  const serieCodigo = cambios.serie ?? String(base.serie);
  const fecha = cambios.fechaEmision ?? fechaLima();
  return db.transaction(async (tx) => {
    let [s] = await tx
      .select()
      .from(tablaSerie)
      .where(and(eq(tablaSerie.idEmpresa, emp.idEmpresa), eq(tablaSerie.idTipoDocumento, TIPO_SEED[tipo]), eq(tablaSerie.serie, serieCodigo)))
      .for('update');
    if (!s) [s] = await tx.insert(tablaSerie).values({ idEmpresa: emp.idEmpresa, idSucursal: emp.idSucursal, idTipoDocumento: TIPO_SEED[tipo], serie: serieCodigo }).returning();
    const numero = s.correlativo + 1;
    await tx.update(tablaSerie).set({ correlativo: numero }).where(eq(tablaSerie.id, s.id));
    const emisor = { ...(base.emisor as object), ruc: emp.ruc, razonSocial: emp.razonSocial };
    const datos = {
      ...base,
      serie: serieCodigo,
      numero,
      fechaEmision: fecha,
      emisor,
      ...(cambios.documentoAfectado ? { documentoAfectado: cambios.documentoAfectado } : {}),
      ...cambios.extra,
    } as Record<string, unknown>;
    const construido = construirXml(datos);
    const firmado = firmarXml(construido, emp.credencial);
    const t = construido.totales;
    const cliente = (datos.cliente ?? datos.destinatario ?? { tipoDocumento: '0', numeroDocumento: '00000000', nombre: 'CLIENTES VARIOS' }) as Record<string, string>;
    const [d] = await tx
      .insert(documentoContable)
      .values({
        idEmpresa: emp.idEmpresa,
        idSucursal: emp.idSucursal,
        idSerie: s.id,
        idTipoDocumento: TIPO_SEED[tipo],
        codigoTipo: tipo,
        serie: serieCodigo,
        correlativo: numero,
        fechaEmision: fecha,
        horaEmision: String(datos.horaEmision ?? '00:00:00'),
        idMoneda: 1,
        idCondicionPago: 1,
        receptorIdTipoDocumento: 2,
        receptorNumeroDocumento: cliente.numeroDocumento,
        receptorRazonSocial: cliente.nombre,
        montoSubTotal: t ? t.valorVenta.toFixed(2) : '0.00',
        montoIgv: t ? t.igv.toFixed(2) : '0.00',
        montoIsc: '0.00',
        icbper: t ? t.icbper.toFixed(2) : '0.00',
        otrosCargos: '0.00',
        descuentosGlobales: '0.00',
        montoTotal: t ? t.importeTotal.toFixed(2) : '0.00',
        valorIgv: '18.00',
        datos,
        nombreArchivo: construido.nombre,
        xmlFirmado: Buffer.from(firmado.xml, 'utf8'),
        hash: firmado.digestValue,
        idEstadoSunat: 1,
      })
      .returning({ id: documentoContable.id });
    await encolarEnvio(tx, { idEmpresa: emp.idEmpresa, idDocumento: d.id });
    return { id: d.id, serie: serieCodigo, numero, nombre: construido.nombre };
  });
}

/**
 * Another company with RUC (its own account, branch and test certificate), sending to `ambiente` (an OSE at `urlOse`,
 * or the stand-in): the fairness and allow-list tests need two companies whose documents go to different places.
 */
export async function otraEmpresaPrueba(db: Db, ruc: string, ambiente: { ambiente: 'SIMULADOR' | 'OSE'; urlOse?: string; tipoEmpresa?: 0 | 1 }): Promise<TEmpresaPrueba> {
  const razonSocial = `EMPRESA DE PRUEBA ${ruc} S.A.C.`;
  const [{ idCuenta }] = await db.select({ idCuenta: empresa.idCuenta }).from(empresa).limit(1);
  const [e] = await db
    .insert(empresa)
    .values({ idCuenta, documento: ruc, razonSocial, tipoEmpresa: ambiente.tipoEmpresa ?? 0, regimenTributario: 4, direccion: 'AV. PRUEBA 123' })
    .returning();
  const [s] = await db.insert(sucursal).values({ idEmpresa: e.id, razonSocial, direccion: 'AV. PRUEBA 123' }).returning();
  const cert = generarCertificadoPrueba({ ruc, razonSocial });
  await db.insert(empresaSunat).values({
    idEmpresa: e.id,
    ambiente: ambiente.ambiente,
    urlOse: ambiente.urlOse ?? null,
    certificadoCifrado: cifrar(cert.pfx),
    claveCertificadoCifrada: cifrar(cert.password),
    usuarioSolCifrado: cifrar('MODDATOS'),
    claveSolCifrada: cifrar('moddatos'),
  });
  return { idEmpresa: e.id, ruc, razonSocial, idSucursal: s.id, credencial: cert.credencial };
}
