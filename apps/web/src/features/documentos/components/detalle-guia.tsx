import type { TDocumentoContable, TGuiaDocumento } from '@yupana/contracts';
import { Card, Descriptions, Table, Typography } from 'antd';
import { cantidad, fecha } from '../../../lib/formato';

type TPunto = TGuiaDocumento['PuntoPartida'];
type TParte = TGuiaDocumento['Destinatario'];

const UNIDAD_PESO: Record<string, string> = { KGM: 'kg', TNE: 't' };
const peso = (g: TGuiaDocumento) => `${cantidad(g.PesoBrutoTotal)} ${UNIDAD_PESO[g.UnidadPeso] ?? g.UnidadPeso}`;
const secundario = { color: '#64748b', fontSize: 12 } as const;

function Parte({ p, testId }: { p: TParte; testId?: string }) {
  return (
    <div data-testid={testId}>
      <div>{p.Nombre}</div>
      <div style={secundario}>
        {p.TipoDocumento} {p.NumeroDocumento}
      </div>
    </div>
  );
}

/** An address with the district, province and department of its ubigeo (INEI), as SUNAT's forms write them. */
function Punto({ p, testId }: { p: TPunto; testId: string }) {
  const lugar = [p.Distrito, p.Provincia, p.Departamento].filter(Boolean).join(' - ');
  return (
    <div data-testid={testId}>
      <div>{p.Direccion}</div>
      <div style={secundario}>
        {lugar || 'Ubigeo'} ({p.IdUbigeo})
      </div>
      {p.CodigoEstablecimiento && <div style={secundario}>Establecimiento anexo {p.CodigoEstablecimiento}</div>}
    </div>
  );
}

/** The heading data of a guide: parties, dates, reason and mode, weight, packages (no payment condition, no prices). */
export function DatosGuia({ doc, g }: { doc: TDocumentoContable; g: TGuiaDocumento }) {
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} colon={false} layout="vertical" data-testid="detalle-guia">
      <Descriptions.Item label="Destinatario">
        <Parte p={g.Destinatario} testId="guia-destinatario" />
      </Descriptions.Item>
      {g.Remitente && (
        <Descriptions.Item label="Remitente">
          <Parte p={g.Remitente} testId="guia-remitente" />
        </Descriptions.Item>
      )}
      <Descriptions.Item label="Fecha de emisión">{fecha(doc.FechaEmision)}</Descriptions.Item>
      <Descriptions.Item label="Inicio del traslado">{fecha(g.FechaInicioTraslado)}</Descriptions.Item>
      {g.Motivo && (
        <Descriptions.Item label="Motivo de traslado">
          <span>
            <span data-testid="guia-motivo">{g.Motivo.Descripcion}</span> <span style={secundario}>({g.Motivo.Codigo})</span>
          </span>
        </Descriptions.Item>
      )}
      {g.Modalidad && (
        <Descriptions.Item label="Modalidad de traslado">
          <span data-testid="guia-modalidad">{g.Modalidad.Descripcion}</span>
        </Descriptions.Item>
      )}
      <Descriptions.Item label="Peso bruto total">
        <span data-testid="guia-peso">{peso(g)}</span>
      </Descriptions.Item>
      {g.NumeroBultos !== null && <Descriptions.Item label="Número de bultos">{g.NumeroBultos}</Descriptions.Item>}
      {g.PagadorFlete && <Descriptions.Item label="Paga el flete">{g.PagadorFlete}</Descriptions.Item>}
      {doc.Observaciones && <Descriptions.Item label="Observaciones">{doc.Observaciones}</Descriptions.Item>}
      {doc.Hash && (
        <Descriptions.Item label="Valor resumen (hash)" span="filled">
          <Typography.Text code copyable data-testid="hash">
            {doc.Hash}
          </Typography.Text>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** Points, carrier or vehicles and drivers, related documents and the goods moved (quantity, unit, description). */
export function TrasladoGuia({ doc, g }: { doc: TDocumentoContable; g: TGuiaDocumento }) {
  return (
    <>
      <Card title="Puntos de partida y llegada" size="small" style={{ marginTop: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} colon={false} layout="vertical">
          <Descriptions.Item label="Punto de partida">
            <Punto p={g.PuntoPartida} testId="guia-partida" />
          </Descriptions.Item>
          <Descriptions.Item label="Punto de llegada">
            <Punto p={g.PuntoLlegada} testId="guia-llegada" />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={g.Transportista ? 'Empresa de transporte' : 'Vehículos y conductores'} size="small" style={{ marginTop: 16 }}>
        {(g.Transportista || g.RegistroMtc) && (
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} colon={false} layout="vertical" style={{ marginBottom: g.Vehiculos.length ? 12 : 0 }}>
            {g.Transportista && (
              <Descriptions.Item label="Transportista">
                <div data-testid="guia-transportista">
                  <div>{g.Transportista.RazonSocial}</div>
                  <div style={secundario}>RUC {g.Transportista.Ruc}</div>
                </div>
              </Descriptions.Item>
            )}
            {(g.Transportista?.RegistroMtc || g.RegistroMtc) && <Descriptions.Item label="Registro MTC">{g.Transportista?.RegistroMtc ?? g.RegistroMtc}</Descriptions.Item>}
          </Descriptions>
        )}
        {g.Vehiculos.length > 0 && (
          <Table
            data-testid="guia-vehiculos"
            rowKey="Placa"
            size="small"
            pagination={false}
            dataSource={g.Vehiculos}
            columns={[
              { title: 'Placa', dataIndex: 'Placa', render: (p: string, _, i) => (i === 0 ? `${p} (principal)` : p) },
              ...(g.Vehiculos.some((v) => v.Tuc) ? [{ title: 'TUC / certificado', dataIndex: 'Tuc', render: (t: string | null) => t ?? '—' }] : []),
            ]}
          />
        )}
        {g.Conductores.length > 0 && (
          <Table
            data-testid="guia-conductores"
            style={{ marginTop: 12 }}
            rowKey="NumeroDocumento"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={g.Conductores}
            columns={[
              { title: 'Conductor', render: (_, c) => `${c.Nombres} ${c.Apellidos}` },
              { title: 'Documento', render: (_, c) => `${c.TipoDocumento} ${c.NumeroDocumento}` },
              { title: 'Licencia', dataIndex: 'Licencia' },
            ]}
          />
        )}
        {!g.Transportista && !g.Vehiculos.length && !g.Conductores.length && <Typography.Text type="secondary">Sin datos de transporte</Typography.Text>}
      </Card>
      {g.DocumentosRelacionados.length > 0 && (
        <Card title="Documentos relacionados" size="small" style={{ marginTop: 16 }}>
          <Table
            rowKey="Numero"
            size="small"
            pagination={false}
            dataSource={g.DocumentosRelacionados}
            columns={[
              { title: 'Tipo', dataIndex: 'TipoDocumento' },
              { title: 'Número', dataIndex: 'Numero' },
              { title: 'RUC del emisor', dataIndex: 'RucEmisor' },
            ]}
          />
        </Card>
      )}
      <Card title="Bienes trasladados" size="small" style={{ marginTop: 16 }}>
        <Table
          data-testid="guia-bienes"
          rowKey="Item"
          size="small"
          pagination={false}
          dataSource={doc.ListaItems}
          columns={[
            { title: 'Cantidad', dataIndex: 'Cantidad', align: 'right', width: 110, render: (c: string) => cantidad(c) },
            { title: 'Unidad', dataIndex: 'CodigoUnidad', width: 90 },
            { title: 'Descripción', dataIndex: 'ItemDescripcion', render: (d: string, l) => (l.CodigoItem ? `${l.CodigoItem} - ${d}` : d) },
          ]}
        />
      </Card>
    </>
  );
}
