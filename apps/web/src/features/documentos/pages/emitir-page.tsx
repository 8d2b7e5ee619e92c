import { TipoDocumentoContable } from '@yupana/contracts';
import { Alert, Skeleton } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { useEncabezadoPagina } from '../../../components/page-header';
import { mensajeDeError } from '../../../lib/api-error';
import { useDocumento } from '../api/get-documento';
import { tipoEmisionPorSlug } from '../components/catalogos-ui';
import { FormularioComprobante } from '../components/formulario-comprobante';
import { FormularioGuia } from '../components/formulario-guia';

/** /admin/documentos/emitir/:tipo — one page per document type; notes may start from a document (?referencia=id). */
export function EmitirPage() {
  const { tipo: slug } = useParams();
  const [params] = useSearchParams();
  const tipo = tipoEmisionPorSlug(slug);
  const idReferencia = Number(params.get('referencia') ?? 0);
  const referencia = useDocumento(idReferencia);
  useEncabezadoPagina(tipo ? `Emitir ${tipo.nombre.toLowerCase()}` : null, tipo ? 'Los totales se calculan como los valida SUNAT' : null);

  if (!tipo) return <Alert type="error" showIcon title="Tipo de documento no reconocido" />;
  if (idReferencia > 0 && referencia.isError)
    return <Alert type="error" showIcon title="No se pudo cargar el documento de referencia" description={mensajeDeError(referencia.error)} />;
  if (idReferencia > 0 && !referencia.data) return <Skeleton active paragraph={{ rows: 10 }} />;

  if (tipo.id === TipoDocumentoContable.GRE_REMITENTE || tipo.id === TipoDocumentoContable.GRE_TRANSPORTISTA)
    return <FormularioGuia key={tipo.slug} tipo={tipo} />;
  return <FormularioComprobante key={`${tipo.slug}-${idReferencia}`} tipo={tipo} referencia={referencia.data ?? null} />;
}
