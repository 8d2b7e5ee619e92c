import { and, eq, inArray, or } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { NombreEstadoSunat, NombreTipoDocumento, type TConsultaReceptorRespuesta, type TTipoDocumentoContable, ZConsultaReceptor, z } from '@yupana/contracts';
import type { Db } from '../../../db/client';
import { empresa } from '../../../db/schema';
import { noEncontrado } from '../../../lib/app-error';
import { documentoContable } from '../contabilidad.schema';
import { archivosDe, archivoDocumento, type TArchivo } from './consulta.service';
import { RUC_DEMO, serieNumero } from './emision.service';

type TConsulta = z.output<typeof ZConsultaReceptor>;
// One message for every mismatch: the lookup must not reveal which of the six fields was wrong.
const NO_ENCONTRADO = 'No se encontró un comprobante con los datos ingresados. Verifique el RUC del emisor, el tipo, la serie, el número, la fecha y el importe total.';

async function buscar(db: Db, c: TConsulta) {
  const empresas = await db
    .select({ id: empresa.id, razonSocial: empresa.razonSocial })
    .from(empresa)
    .where(c.RucEmisor === RUC_DEMO ? or(eq(empresa.documento, c.RucEmisor), eq(empresa.tipoEmpresa, 1)) : eq(empresa.documento, c.RucEmisor));
  if (empresas.length === 0) throw noEncontrado(NO_ENCONTRADO);
  const [f] = await db
    .select()
    .from(documentoContable)
    .where(
      and(
        inArray(documentoContable.idEmpresa, empresas.map((e) => e.id)),
        eq(documentoContable.idTipoDocumento, c.IdTipoDocumento),
        eq(documentoContable.serie, c.Serie),
        eq(documentoContable.correlativo, c.Correlativo),
        eq(documentoContable.rucEmisor, c.RucEmisor),
        eq(documentoContable.fechaEmision, c.FechaEmision),
      ),
    );
  if (!f || !new Decimal(f.montoTotal).eq(new Decimal(c.MontoTotal))) throw noEncontrado(NO_ENCONTRADO);
  return { f, razonSocial: empresas.find((e) => e.id === f.idEmpresa)!.razonSocial };
}

export async function consultarComprobante(db: Db, c: TConsulta): Promise<TConsultaReceptorRespuesta> {
  const { f, razonSocial } = await buscar(db, c);
  return {
    RazonSocialEmisor: razonSocial,
    TipoDocumento: NombreTipoDocumento[f.idTipoDocumento as TTipoDocumentoContable] ?? String(f.idTipoDocumento),
    SerieNumero: serieNumero(f.serie, f.correlativo),
    FechaEmision: f.fechaEmision,
    MontoTotal: new Decimal(f.montoTotal).toFixed(2),
    IdMoneda: f.idMoneda,
    IdestadoSunat: f.idEstadoSunat,
    EstadoSunat: NombreEstadoSunat[f.idEstadoSunat] ?? '',
    Archivos: archivosDe(f),
  };
}

export async function archivoPublico(db: Db, c: TConsulta, tipoArchivo: number): Promise<TArchivo> {
  const { f } = await buscar(db, c);
  return archivoDocumento(db, f, tipoArchivo);
}
