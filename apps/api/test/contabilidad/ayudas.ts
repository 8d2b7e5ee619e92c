import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { conToken, sesionDe } from '../helpers';

/** Today in Lima (business date), as the API computes it. */
export function hoyLima(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
export const sumarDias = (fecha: string, dias: number) => new Date(Date.parse(`${fecha}T12:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

export type Cliente = {
  token: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, body: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
};

export async function clienteDe(app: FastifyInstance, usuario: string): Promise<Cliente> {
  const { AccessToken: token } = await sesionDe(app, usuario);
  return {
    token,
    get: (url) => app.inject(conToken(token, { method: 'GET', url })),
    post: (url, payload, headers = {}) => app.inject(conToken(token, { method: 'POST', url, payload: payload as object, headers })),
    put: (url, payload) => app.inject(conToken(token, { method: 'PUT', url, payload: payload as object })),
    del: (url) => app.inject(conToken(token, { method: 'DELETE', url })),
  };
}

/** Id of the company's active series of a type and code (demo data). */
export async function idSerie(c: Cliente, idTipoDocumento: number, codigo: string): Promise<number> {
  const r = await c.get(`/api/entidades/v2/entidades/series?idtipodocumento=${idTipoDocumento}`);
  const s = (r.json() as { Data: { Id: number; Serie: string }[] }).Data.find((x) => x.Serie === codigo);
  if (!s) throw new Error(`no hay serie ${codigo} de tipo ${idTipoDocumento}: ${r.body}`);
  return s.Id;
}

export const CLIENTE_RUC = { TipoEntidad: 2, IdTipoDocumento: 2, NumeroDocumento: '20100070970', RazonSocial: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', Direccion: 'CAL. MORELLI 181 INT. P-2, SAN BORJA, LIMA' };
export const CLIENTE_DNI = { TipoEntidad: 2, IdTipoDocumento: 1, NumeroDocumento: '45678912', RazonSocial: 'MARÍA PÉREZ QUISPE' };

export function factura(idSerieF: number, extra: Record<string, unknown> = {}) {
  return {
    IdTipoDocumento: 1003,
    IdSerie: idSerieF,
    IdMoneda: 1,
    IdCondicionPago: 1,
    FechaEmision: hoyLima(),
    ListaItems: [
      { CodigoItem: 'P001', ItemDescripcion: 'ARROZ COSTEÑO 5 KG', CodigoUnidad: 'NIU', Cantidad: '2', PrecioUnitario: '25.90', TipoAfectacion: '10' },
      { CodigoItem: 'S001', ItemDescripcion: 'SERVICIO DE DELIVERY', CodigoUnidad: 'ZZ', Cantidad: '1', ValorUnitario: '10', TipoAfectacion: '10' },
    ],
    ListaEntidades: [CLIENTE_RUC],
    ...extra,
  };
}
