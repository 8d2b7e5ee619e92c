import { leerZip } from '@yupana/sunat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENTE_GRE_PRUEBA, CLIENTE_SIRE_PRUEBA, iniciarSimulador, type TSimulador } from '../src';

// The stand-in's SIRE API as a client sees it: OAuth2 with the SIRE scope, proposal export -> ticket (05, then 06),
// the report zip with SUNAT's 40-column TXT, and the fixtures a test uses to shape SUNAT's side.
const RUC = '20600123450';
let sim: TSimulador;
const RUTA = '/v1/contribuyente/migeigv/libros/';

beforeAll(async () => {
  sim = await iniciarSimulador({ port: 0, demoraSireMs: 200 });
});
afterAll(async () => {
  await sim.detener();
});

async function token(cliente = CLIENTE_SIRE_PRUEBA, scope = 'https://api-sire.sunat.gob.pe') {
  const cuerpo = new URLSearchParams({ grant_type: 'password', scope, client_id: cliente.clientId, client_secret: cliente.clientSecret, username: `${RUC}MODDATOS`, password: 'moddatos' });
  return fetch(`${sim.url}/v1/clientessol/${cliente.clientId}/oauth2/token/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: cuerpo });
}

describe('simulador SIRE', () => {
  it('solo el cliente SIRE obtiene un token con el scope SIRE, y el token GRE no abre la API SIRE', async () => {
    expect((await token({ ...CLIENTE_SIRE_PRUEBA, clientSecret: 'otro' })).status).toBe(401);
    const gre = (await (await token(CLIENTE_GRE_PRUEBA, 'https://api-cpe.sunat.gob.pe')).json()) as { access_token: string };
    const r = await fetch(`${sim.url}${RUTA}rvie/propuesta/web/propuesta/202611/exportapropuesta?codTipoArchivo=0`, { headers: { authorization: `Bearer ${gre.access_token}` } });
    expect(r.status).toBe(401);
  });

  it('propuesta RVIE: ticket en proceso (05), luego terminado (06) con el ZIP del TXT de 40 columnas', async () => {
    sim.sire.agregar(RUC, '140000', '202611', {
      fechaEmision: '2026-11-04', tipo: '07', serie: 'FC01', numero: '3', tipoDocContraparte: '6', numDocContraparte: '20100070970', razonSocialContraparte: 'CLIENTE S.A.',
      baseGravada: '10', igv: '1.80', exonerado: '0', inafecto: '0', isc: '0', icbper: '0', otros: '0', total: '11.80', moneda: 'PEN',
      referencia: { fecha: '2026-11-01', tipo: '01', serie: 'F001', numero: '9' },
    });
    const { access_token } = (await (await token()).json()) as { access_token: string };
    const h = { authorization: `Bearer ${access_token}` };
    const sinOrigen = await fetch(`${sim.url}${RUTA}rce/propuesta/web/propuesta/202611/exportacioncomprobantepropuesta?codTipoArchivo=0`, { headers: h });
    expect(sinOrigen.status).toBe(422);
    const { numTicket } = (await (await fetch(`${sim.url}${RUTA}rvie/propuesta/web/propuesta/202611/exportapropuesta?codTipoArchivo=0`, { headers: h })).json()) as { numTicket: string };
    expect(numTicket).toMatch(/^\d{4}01\d{8}$/);
    const consultar = async () =>
      ((await (await fetch(`${sim.url}${RUTA}rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets?perIni=202611&perFin=202611&numTicket=${numTicket}`, { headers: h })).json()) as {
        registros: { codEstadoProceso: string; archivoReporte: { nomArchivoReporte: string }[] }[];
      }).registros[0];
    expect((await consultar()).codEstadoProceso).toBe('05');
    await new Promise((ok) => setTimeout(ok, 250));
    const t = await consultar();
    expect(t.codEstadoProceso).toBe('06');
    const nombre = t.archivoReporte[0].nomArchivoReporte;
    const zip = await fetch(`${sim.url}${RUTA}rvierce/gestionprocesosmasivos/web/masivo/archivoreporte?nomArchivoReporte=${nombre}&codTipoArchivoReporte=01&codLibro=140000`, { headers: h });
    expect(zip.status).toBe(200);
    const [txt] = leerZip(new Uint8Array(await zip.arrayBuffer()));
    const lineas = Buffer.from(txt.contenido).toString('utf8').split('\r\n').filter(Boolean);
    expect(lineas).toHaveLength(2);
    const f = lineas[1].split('|');
    expect(f).toHaveLength(40);
    expect(f.slice(3, 9)).toEqual([`${RUC}07FC010000000003`, '04/11/2026', '', '07', 'FC01', '3']);
    expect([f[14], f[16], f[25], f[28], f[29], f[30], f[31]]).toEqual(['-10.00', '-1.80', '-11.80', '01/11/2026', '01', 'F001', '9']);
  });
});
