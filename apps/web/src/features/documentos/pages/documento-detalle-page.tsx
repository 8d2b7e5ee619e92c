import {
  DownloadOutlined,
  EyeOutlined,
  FileTextOutlined,
  MailOutlined,
  PrinterOutlined,
  StopOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import { ErrorCodes, NombreCondicionPago, NombreTipoDocumento, SimboloMoneda, TipoDocumentoContable, type TDocumentoContable } from '@yupana/contracts';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Modal, Radio, Row, Skeleton, Space, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useEncabezadoPagina } from '../../../components/page-header';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { authStorage } from '../../../lib/auth-storage';
import { cantidad, fecha, importe, monto } from '../../../lib/formato';
import { usePermiso } from '../../../lib/permissions/use-permiso';
import { usePlantillaComprobante } from '../../../lib/api/plantilla-comprobante';
import { useUsuarioActual } from '../../../lib/api/get-usuario';
import { useAnularDocumento } from '../api/anular-documento';
import { guardarArchivo } from '../../../lib/archivos';
import { obtenerArchivoDocumento } from '../api/archivos-documento';
import { useDocumento } from '../api/get-documento';
import { DatosGuia, TrasladoGuia } from '../components/detalle-guia';
import { enlaceWhatsAppDocumento } from '../components/enlace-consulta';
import { EstadoSunatTag } from '../components/estado-sunat-tag';
import { CorreoModal } from '../components/correo-documento-modal';

type TFormato = 'A4' | 'TICKET' | 'TICKET58';
const dinero = (doc: TDocumentoContable, m: string) => importe(SimboloMoneda[doc.IdMoneda] ?? '', monto(m));
const esTributario = (d: TDocumentoContable) => d.IdTipoDocumento !== TipoDocumentoContable.NOTA_VENTA;
const esComprobante = (d: TDocumentoContable) =>
  ([TipoDocumentoContable.FACTURA, TipoDocumentoContable.BOLETA] as number[]).includes(d.IdTipoDocumento);

/** Print preview: the PDF in an iframe, printable from the browser. */
function VistaPrevia({ doc, formato, onCerrar }: { doc: TDocumentoContable; formato: TFormato; onCerrar: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const marco = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    let u: string | null = null;
    obtenerArchivoDocumento(doc.Id, 1, formato)
      .then((a) => {
        u = URL.createObjectURL(new Blob([a.blob], { type: 'application/pdf' }));
        setUrl(u);
      })
      .catch(setError);
    return () => {
      if (u) URL.revokeObjectURL(u);
    };
  }, [doc.Id, formato]);
  return (
    <Modal
      open
      width={formato === 'A4' ? 900 : 420}
      title={`Vista previa ${doc.SerieNumero} (${formato === 'A4' ? 'A4' : formato === 'TICKET58' ? 'ticket 58 mm' : 'ticket 80 mm'})`}
      onCancel={onCerrar}
      footer={[
        <Button key="c" onClick={onCerrar}>
          Cerrar
        </Button>,
        <Button key="p" type="primary" icon={<PrinterOutlined />} disabled={!url} onClick={() => marco.current?.contentWindow?.print()}>
          Imprimir
        </Button>,
      ]}
    >
      {error ? <Alert type="error" showIcon title={mensajeDeError(error)} /> : null}
      {url ? (
        <iframe ref={marco} src={url} title="Vista previa del comprobante" style={{ width: '100%', height: '70vh', border: 0 }} data-testid="vista-previa" />
      ) : (
        !error && <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Modal>
  );
}

function AnularModal({ doc, onCerrar }: { doc: TDocumentoContable; onCerrar: () => void }) {
  const anular = useAnularDocumento(doc.Id);
  const { message } = App.useApp();
  const error = anular.error;
  const yaAnulado = error instanceof ApiError && error.errorId === ErrorCodes.DOCUMENTO_ANULADO;
  return (
    <Modal open title={`Anular ${doc.SerieNumero}`} footer={null} onCancel={onCerrar} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        {!esTributario(doc)
          ? 'La nota de venta es un documento interno: se anula de inmediato, sin comunicarlo a SUNAT.'
          : doc.IdTipoDocumento === TipoDocumentoContable.BOLETA || doc.Serie.startsWith('B')
          ? 'La anulación de boletas y sus notas se informa a SUNAT en el resumen diario.'
          : 'La anulación de facturas y sus notas se informa a SUNAT con una comunicación de baja, dentro del plazo que SUNAT permite.'}
      </Typography.Paragraph>
      <Form
        layout="vertical"
        onFinish={(v: { Motivo: string }) =>
          void anular.mutateAsync(v.Motivo.trim()).then((r) => {
            void message.success(r.Mensaje || 'Anulación registrada; se informará a SUNAT');
            onCerrar();
          }, () => undefined)
        }
      >
        <Form.Item label="Motivo de la anulación" name="Motivo" rules={[{ required: true, whitespace: true, min: 3, message: 'Indique el motivo de la anulación' }]}>
          <Input.TextArea maxLength={100} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
        {error ? <Alert type={yaAnulado ? 'warning' : 'error'} showIcon title={mensajeDeError(error)} style={{ marginBottom: 12 }} data-testid="error-anulacion" /> : null}
        <Space>
          <Button danger type="primary" htmlType="submit" loading={anular.isPending} data-testid="confirmar-anulacion">
            Anular
          </Button>
          <Button onClick={onCerrar}>Cancelar</Button>
        </Space>
      </Form>
    </Modal>
  );
}

/** /admin/documentos/:id — data, live status, SUNAT's answer, files, printing, e-mail, WhatsApp, voiding, notes; guides show their transport data. */
export function DocumentoDetallePage() {
  const id = Number(useParams().id);
  const documento = useDocumento(id);
  const doc = documento.data;
  const navigate = useNavigate();
  const { message } = App.useApp();
  // The company's default print format (invoice template) until the user picks one.
  const plantilla = usePlantillaComprobante();
  const [formatoElegido, setFormato] = useState<TFormato | null>(null);
  // Guides print in A4 only (the server draws them so too): the preview must not say "ticket".
  const formato: TFormato = doc?.Guia ? 'A4' : (formatoElegido ?? plantilla.data?.Formato ?? 'A4');
  const [dialogo, setDialogo] = useState<'vista' | 'anular' | 'correo' | null>(null);
  const [descargando, setDescargando] = useState<number | null>(null);
  const ruc = authStorage.dataUser()?.DocumentoEmpresa ?? '';
  const empresa = useUsuarioActual().data?.RazonSocialEmpresa ?? null;
  // What the user's roles allow on this page (the controls under "Documentos emitidos"): what they do not is not offered.
  const permiteAnular = usePermiso(2011);
  const permiteCorreo = usePermiso(2013);
  useEncabezadoPagina(doc ? `${NombreTipoDocumento[doc.IdTipoDocumento as keyof typeof NombreTipoDocumento] ?? 'Documento'} ${doc.SerieNumero}` : null, doc ? `Emitido el ${fecha(doc.FechaEmision)}` : null);

  if (documento.isError) return <Alert type="error" showIcon title="No se pudo cargar el documento" description={mensajeDeError(documento.error)} />;
  if (!doc) return <Skeleton active paragraph={{ rows: 12 }} />;

  async function descargar(tipoArchivo: 1 | 2 | 3) {
    if (!doc) return;
    setDescargando(tipoArchivo);
    try {
      const a = await obtenerArchivoDocumento(doc.Id, tipoArchivo, tipoArchivo === 1 ? formato : undefined);
      const ext = tipoArchivo === 1 ? 'pdf' : tipoArchivo === 2 ? 'xml' : 'zip';
      guardarArchivo(a, `${ruc}-${doc.CodigoTipoDocumento ?? ''}-${doc.SerieNumero}${tipoArchivo === 3 ? '-CDR' : ''}.${ext}`);
    } catch (e) {
      void message.error(mensajeDeError(e));
    } finally {
      setDescargando(null);
    }
  }

  // An internal sale note is voided at once (nothing to tell SUNAT); a tax document once SUNAT accepted it.
  // A guide (GRE) has its own detail: transport data instead of prices; it is not voided from here nor takes notes.
  const guia = doc.Guia;
  const puedeAnular = !doc.Anulado && !doc.AnulacionEnCurso && (!esTributario(doc) || [2, 3].includes(doc.IdestadoSunat));
  const tieneCdr = doc.ListaArchivos.some((a) => a.TipoArchivo === 3) || [2, 3, 5, 10].includes(doc.IdestadoSunat);

  return (
    <Row gutter={[16, 16]} data-testid="pagina-documento">
      <Col xs={24} xl={16}>
        <Card
          title={
            <Space wrap>
              <span data-testid="serie-numero">{doc.SerieNumero}</span>
              <EstadoSunatTag estado={doc.IdestadoSunat} codigo={doc.CodigoSunat} mensaje={doc.MensajeSunat} />
            </Space>
          }
          size="small"
        >
          {(doc.CodigoSunat || doc.MensajeSunat) && (
            <Alert
              type={doc.IdestadoSunat === 5 || doc.IdestadoSunat === 7 ? 'error' : doc.IdestadoSunat === 3 ? 'warning' : 'info'}
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="respuesta-sunat"
              title={`SUNAT${doc.CodigoSunat ? ` ${doc.CodigoSunat}` : ''}: ${doc.MensajeSunat ?? ''}`}
              description={
                doc.NotasSunat.length ? (
                  <ul style={{ margin: 0, paddingLeft: 18 }}>
                    {doc.NotasSunat.map((n) => (
                      <li key={n}>{n}</li>
                    ))}
                  </ul>
                ) : undefined
              }
            />
          )}
          {guia ? (
            <DatosGuia doc={doc} g={guia} />
          ) : (
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} colon={false} layout="vertical">
              <Descriptions.Item label="Cliente">
                <div>
                  <div>{doc.Receptor.RazonSocial}</div>
                  <div style={{ color: '#64748b', fontSize: 12 }}>{doc.Receptor.NumeroDocumento}</div>
                </div>
              </Descriptions.Item>
              <Descriptions.Item label="Dirección">{doc.Receptor.Direccion || '—'}</Descriptions.Item>
              <Descriptions.Item label="Fecha de emisión">{fecha(doc.FechaEmision)}</Descriptions.Item>
              <Descriptions.Item label="Condición de pago">{NombreCondicionPago[doc.IdCondicionPago] ?? '—'}</Descriptions.Item>
              {doc.SerieNumeroAfectado && (
                <Descriptions.Item label={doc.IdTipoDocumento === TipoDocumentoContable.NOTA_CREDITO || doc.IdTipoDocumento === TipoDocumentoContable.NOTA_DEBITO ? 'Documento que modifica' : 'Canje de la nota de venta'}>
                  {doc.SerieNumeroAfectado}
                </Descriptions.Item>
              )}
              {doc.CanjeadoPor && (
                <Descriptions.Item label="Canjeada por">
                  <Typography.Link data-testid="canjeada-por" onClick={() => navigate(`/admin/documentos/${doc.CanjeadoPor!.Id}`)}>
                    {doc.CanjeadoPor.SerieNumero}
                  </Typography.Link>
                </Descriptions.Item>
              )}
              {doc.Observaciones && <Descriptions.Item label="Observaciones">{doc.Observaciones}</Descriptions.Item>}
              {doc.Hash && (
                <Descriptions.Item label="Valor resumen (hash)" span="filled">
                  <Typography.Text code copyable data-testid="hash">
                    {doc.Hash}
                  </Typography.Text>
                </Descriptions.Item>
              )}
            </Descriptions>
          )}
        </Card>
        {guia ? (
          <TrasladoGuia doc={doc} g={guia} />
        ) : (
          <Card title="Ítems" size="small" style={{ marginTop: 16 }}>
            <Table
              rowKey="Item"
              size="small"
              pagination={false}
              scroll={{ x: 560 }}
              dataSource={doc.ListaItems}
              columns={[
                { title: 'Descripción', dataIndex: 'ItemDescripcion' },
                { title: 'Unidad', dataIndex: 'CodigoUnidad', responsive: ['sm'] },
                { title: 'Cantidad', dataIndex: 'Cantidad', align: 'right', render: (c: string) => cantidad(c) },
                { title: 'P. unitario', dataIndex: 'PrecioUnitario', align: 'right', render: (p: string) => dinero(doc, p) },
                { title: 'Total', dataIndex: 'Total', align: 'right', render: (t: string) => dinero(doc, t) },
              ]}
            />
            <Descriptions size="small" column={1} colon={false} style={{ maxWidth: 360, marginLeft: 'auto', marginTop: 12 }} styles={{ content: { justifyContent: 'flex-end' } }}>
              <Descriptions.Item label="Subtotal">{dinero(doc, doc.MontoSubTotal)}</Descriptions.Item>
              <Descriptions.Item label={`IGV (${doc.ValorIGV}%)`}>{dinero(doc, doc.MontoIGV)}</Descriptions.Item>
              {Number(doc.Icbper) > 0 && <Descriptions.Item label="ICBPER">{dinero(doc, doc.Icbper)}</Descriptions.Item>}
              <Descriptions.Item label={<strong>Total</strong>}>
                <strong data-testid="total-documento">{dinero(doc, doc.MontoTotal)}</strong>
              </Descriptions.Item>
            </Descriptions>
            {doc.ListaCuotas.length > 0 && (
              <Table
                style={{ marginTop: 12 }}
                size="small"
                rowKey="FechaVencimiento"
                pagination={false}
                dataSource={doc.ListaCuotas}
                columns={[
                  { title: 'Cuota', render: (_, __, i) => i + 1 },
                  { title: 'Vencimiento', dataIndex: 'FechaVencimiento', render: (f: string) => fecha(f) },
                  { title: 'Monto', dataIndex: 'Monto', align: 'right', render: (m: string) => dinero(doc, m) },
                ]}
              />
            )}
          </Card>
        )}
      </Col>
      <Col xs={24} xl={8}>
        <Card title="Archivos e impresión" size="small">
          <Space orientation="vertical" style={{ width: '100%' }}>
            {/* Guides print in A4 only: their points, vehicles and drivers do not fit a ticket. */}
            {!guia && (
              <Radio.Group value={formato} onChange={(e) => setFormato(e.target.value as TFormato)} optionType="button" buttonStyle="solid">
                <Radio.Button value="A4">A4</Radio.Button>
                <Radio.Button value="TICKET">Ticket 80 mm</Radio.Button>
                <Radio.Button value="TICKET58">58 mm</Radio.Button>
              </Radio.Group>
            )}
            <Button block icon={<EyeOutlined />} onClick={() => setDialogo('vista')} data-testid="vista-previa-boton">
              Vista previa e impresión
            </Button>
            <Button block icon={<DownloadOutlined />} loading={descargando === 1} onClick={() => void descargar(1)} data-testid="descargar-pdf">
              Descargar PDF
            </Button>
            {esTributario(doc) && (
              <Button block icon={<FileTextOutlined />} loading={descargando === 2} onClick={() => void descargar(2)} data-testid="descargar-xml">
                Descargar XML
              </Button>
            )}
            {esTributario(doc) && tieneCdr && (
              <Button block icon={<FileTextOutlined />} loading={descargando === 3} onClick={() => void descargar(3)} data-testid="descargar-cdr">
                Descargar CDR
              </Button>
            )}
            {permiteCorreo && (
              <Button block icon={<MailOutlined />} onClick={() => setDialogo('correo')}>
                Enviar por correo
              </Button>
            )}
            {/* A tax document's message links to the public lookup (it needs the issuer's RUC); a nota de venta's carries
                the sale itself, so a company without RUC shares its notes too. */}
            {(ruc || !esTributario(doc)) && !guia && (
              <Button block icon={<WhatsAppOutlined />} href={enlaceWhatsAppDocumento(doc, ruc, null, empresa)} target="_blank" rel="noopener noreferrer" data-testid="enlace-whatsapp">
                Enviar por WhatsApp
              </Button>
            )}
          </Space>
        </Card>
        <Card title="Acciones" size="small" style={{ marginTop: 16 }}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {esComprobante(doc) && !doc.Anulado && (
              <>
                <Button block onClick={() => navigate(`/admin/documentos/emitir/nota-credito?referencia=${doc.Id}`)} data-testid="emitir-nota-credito">
                  Emitir nota de crédito
                </Button>
                <Button block onClick={() => navigate(`/admin/documentos/emitir/nota-debito?referencia=${doc.Id}`)} data-testid="emitir-nota-debito">
                  Emitir nota de débito
                </Button>
              </>
            )}
            {/* Canje: a nota de venta in force, not yet documented by a factura or boleta, is exchanged through their forms. */}
            {!esTributario(doc) && !doc.Anulado && !doc.CanjeadoPor && !!ruc && (
              <>
                <Button block onClick={() => navigate(`/admin/documentos/emitir/boleta?referencia=${doc.Id}`)} data-testid="canjear-boleta">
                  Canjear por boleta
                </Button>
                <Button block onClick={() => navigate(`/admin/documentos/emitir/factura?referencia=${doc.Id}`)} data-testid="canjear-factura">
                  Canjear por factura
                </Button>
              </>
            )}
            {/* A voided document offers no second void; one whose void SUNAT has not answered yet says so. */}
            {guia && (
              <Typography.Text type="secondary" data-testid="guia-sin-baja">
                Las guías de remisión no se anulan con una comunicación de baja: si el traslado no se realizó, dé de baja la guía en SUNAT Operaciones en Línea.
              </Typography.Text>
            )}
            {permiteAnular && !guia && !doc.Anulado && !doc.AnulacionEnCurso && (
              <Button block danger icon={<StopOutlined />} disabled={!puedeAnular} onClick={() => setDialogo('anular')} data-testid="anular">
                Anular
              </Button>
            )}
            {doc.AnulacionEnCurso && (
              <Typography.Text type="warning" data-testid="anulacion-en-curso">
                Anulación enviada a SUNAT: esperando su respuesta.
              </Typography.Text>
            )}
            {permiteAnular && !guia && !puedeAnular && !doc.Anulado && !doc.AnulacionEnCurso && esTributario(doc) && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Solo se anulan documentos aceptados por SUNAT.
              </Typography.Text>
            )}
          </Space>
        </Card>
      </Col>
      {dialogo === 'vista' && <VistaPrevia doc={doc} formato={formato} onCerrar={() => setDialogo(null)} />}
      {dialogo === 'anular' && <AnularModal doc={doc} onCerrar={() => setDialogo(null)} />}
      {dialogo === 'correo' && <CorreoModal doc={doc} formato={formato} onCerrar={() => setDialogo(null)} />}
    </Row>
  );
}
