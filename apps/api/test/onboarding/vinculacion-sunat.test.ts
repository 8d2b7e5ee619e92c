import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarCertificadoPrueba } from '@yupana/sunat';
import type { TInfoUniversal, TPruebaConexionSunat } from '@yupana/contracts';
import { servicioEnvioDe } from '../../src/modules/contabilidad/envio/envio.routes';
import { conToken, crearEntorno, login, sesionDe, type Entorno } from '../helpers';

// Issue 11: the wizard's VinculacionSunat step (companies with RUC) and the SUNAT connection test it uses.
let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno({ configPublica: { Variante: 'tuboleta', Marca: 'Yupana Boletas' } });
  await servicioEnvioDe(e.app).iniciar({ simulador: { port: 0 }, resumenHora: null, intervaloMs: 50, timeoutMs: 3000 });
}, 60_000);
afterAll(async () => e?.cerrar());

const CONTRASENHA = 'Boleta.2026';
const RUC = '20100047218';

async function cuentaNueva(correo: string) {
  const r = await e.app.inject({ method: 'POST', url: '/api/seguridad/v3/usuarios/universales/cuenta', payload: { Nombres: 'Lucía', Apellidos: 'Ramos', Contrasenha: CONTRASENHA, Correo: correo } });
  expect(r.statusCode).toBe(201);
  const token = (await login(e.app, correo, CONTRASENHA)).json().AccessToken as string;
  const pedir = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => e.app.inject(conToken(token, { method, url, payload }));
  const info = async () => (await pedir('GET', '/api/seguridad/v3/usuarios/universales/info')).json() as TInfoUniversal;
  const paso = (p: string, payload?: object) => pedir('PUT', `/api/seguridad/v3/usuarios/universales/pasos/${p}`, payload);
  const probar = async () => {
    const r = await pedir('POST', '/api/contabilidad/v1/configuraciones/sunat/conexion');
    expect(r.statusCode).toBe(200);
    return r.json() as TPruebaConexionSunat;
  };
  return { pedir, info, paso, probar };
}

describe('asistente: paso VinculacionSunat', () => {
  it('empresa con RUC: el paso 3 va entre contacto y series; certificado y usuario SOL, prueba de conexión y cierre', async () => {
    const c = await cuentaNueva('lucia.ramos@ejemplo.pe');
    expect((await c.paso('tipo-configuracion', { TipoEmpresa: 0, Documento: RUC, RazonSocial: 'Ramos Importaciones SAC' })).statusCode).toBe(200);
    let i = await c.info();
    expect(i.DatosJson.Pasos.map((p) => [p.Nombre, p.Estado])).toEqual([['DatosEmpresa', 3], ['DatosContacto', 1], ['VinculacionSunat', 1], ['ConfiguracionSerie', 1]]);
    // Before the contact step the SUNAT step cannot close.
    expect((await c.paso('vinculacion-sunat', { Omitir: true })).statusCode).toBe(400);
    expect((await c.paso('persona-de-contacto', { Nombres: 'Lucía Ramos', Telefono: '987654321', Correo: 'lucia.ramos@ejemplo.pe' })).statusCode).toBe(200);
    i = await c.info();
    expect(i.RutaInicializacion).toBe('/inicializacion-tuboleta/wizard-config/vinculacion-sunat');

    // Without its own SOL user the company cannot close the step as configured.
    const sinConfig = await c.paso('vinculacion-sunat', { Omitir: false });
    expect(sinConfig.statusCode).toBe(400);
    expect(sinConfig.json().Errores.Sunat).toMatch(/Configurar después/);

    // The company's own certificate and a wrong SOL password: the stand-in refuses the user (0102).
    const { pfx, password } = generarCertificadoPrueba({ ruc: RUC, razonSocial: 'RAMOS IMPORTACIONES SAC' });
    const guardar = (UsuarioSol: string, ClaveSol: string) =>
      c.pedir('PUT', '/api/contabilidad/v1/configuraciones/sunat', { Ambiente: 'SIMULADOR', CertificadoBase64: Buffer.from(pfx).toString('base64'), ClaveCertificado: password, UsuarioSol, ClaveSol });
    expect((await guardar('MODDATOS', 'equivocada')).statusCode).toBe(200);
    const mala = await c.probar();
    expect(mala).toMatchObject({ Correcta: false, Codigo: '0102', Ambiente: 'SIMULADOR' });
    expect(mala.Mensaje).toMatch(/rechazó el usuario o la clave SOL/);

    // The right SOL user: accepted.
    expect((await guardar('MODDATOS', 'moddatos')).statusCode).toBe(200);
    const buena = await c.probar();
    expect(buena).toMatchObject({ Correcta: true, Codigo: null, Ambiente: 'SIMULADOR' });
    expect(buena.Mensaje).toMatch(/^Conexión correcta/);

    const r = await c.paso('vinculacion-sunat', { Omitir: false });
    expect(r.statusCode).toBe(200);
    i = await c.info();
    const p3 = i.DatosJson.Pasos.find((p) => p.Id === 3)!;
    expect(p3.Estado).toBe(3);
    expect(JSON.parse(p3.Datos!)).toEqual({ IsConfigSunat: true, Omitido: false });
    expect(i.RutaInicializacion).toBe('/inicializacion-tuboleta/wizard-config/series-electronicas');
  });

  it('"Configurar después": el paso se cierra sin configuración y el asistente sigue a las series', async () => {
    const c = await cuentaNueva('pedro.salas@ejemplo.pe');
    expect((await c.paso('tipo-configuracion', { TipoEmpresa: 0, Documento: '20100070970', RazonSocial: 'Salas Hermanos SA' })).statusCode).toBe(200);
    expect((await c.paso('persona-de-contacto', { Nombres: 'Pedro Salas', Telefono: '912345678', Correo: 'pedro.salas@ejemplo.pe' })).statusCode).toBe(200);
    expect((await c.paso('vinculacion-sunat', { Omitir: true })).statusCode).toBe(200);
    const i = await c.info();
    expect(JSON.parse(i.DatosJson.Pasos.find((p) => p.Id === 3)!.Datos!)).toEqual({ IsConfigSunat: false, Omitido: true });
    expect(i.RutaInicializacion).toBe('/inicializacion-tuboleta/wizard-config/series-electronicas');
  });

  it('sin RUC no hay paso SUNAT; un cajero no prueba la conexión', async () => {
    const c = await cuentaNueva('ana.diaz@ejemplo.pe');
    expect((await c.paso('tipo-configuracion', { TipoEmpresa: 0, Documento: '20131312955', RazonSocial: 'Otra SAC' })).statusCode).toBe(200);
    // Changing step 1 to "sin RUC" drops the SUNAT step again.
    expect((await c.paso('tipo-configuracion', { TipoEmpresa: 2, RazonSocial: 'Bodega Ana' })).statusCode).toBe(200);
    const i = await c.info();
    expect(i.DatosJson.Pasos.map((p) => p.Nombre)).toEqual(['DatosEmpresa', 'DatosContacto', 'ConfiguracionSerie']);
    expect((await c.paso('persona-de-contacto', { Nombres: 'Ana Díaz', Telefono: '998877665', Correo: 'ana.diaz@ejemplo.pe' })).statusCode).toBe(200);
    expect((await c.info()).RutaInicializacion).toBe('/inicializacion-tuboleta/wizard-config/series-electronicas');
    expect((await c.paso('vinculacion-sunat', { Omitir: true })).statusCode).toBe(400);

    const cajero = (await sesionDe(e.app, 'cajero')).AccessToken;
    expect((await e.app.inject(conToken(cajero, { method: 'POST', url: '/api/contabilidad/v1/configuraciones/sunat/conexion' }))).statusCode).toBe(403);
  });
});
