import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type TInfoUniversal, type TSaldo } from '@yupana/contracts';
import { configurarPagos } from '../../src/modules/pagos/configuracion';
import { conToken, crearEntorno, login, type Entorno } from '../helpers';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno({ configPublica: { Variante: 'tuboleta', Marca: 'Yupana Boletas' } });
}, 60_000);
afterAll(async () => e?.cerrar());

const CONTRASENHA = 'Boleta.2026';
const registrar = (cuerpo: Record<string, unknown>) =>
  e.app.inject({ method: 'POST', url: '/api/seguridad/v3/usuarios/universales/cuenta', payload: { Nombres: 'María', Apellidos: 'Torres', Contrasenha: CONTRASENHA, ...cuerpo } });

async function sesion(correo: string) {
  const r = await login(e.app, correo, CONTRASENHA);
  expect(r.statusCode).toBe(200);
  return r.json().AccessToken as string;
}

describe('registro y asistente de configuración', () => {
  it('crea una cuenta DEMO que entra al asistente por la selección del tipo de configuración', async () => {
    const r = await registrar({ Correo: 'Maria.Torres@Ejemplo.pe', Telefono: '987654321' });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ Usuario: 'maria.torres@ejemplo.pe' });
    const token = await sesion('maria.torres@ejemplo.pe');
    const info = (await e.app.inject(conToken(token, { method: 'GET', url: '/api/seguridad/v3/usuarios/universales/info' }))).json() as TInfoUniversal;
    expect(info).toMatchObject({ TipoEmpresa: 1, RutaInicializacion: '/inicializacion-tuboleta/tipo-configuracion', Demo: { Vencido: false } });
    expect(info.DatosJson.Pasos.map((p) => [p.Nombre, p.Estado])).toEqual([['DatosEmpresa', 1], ['DatosContacto', 1], ['ConfiguracionSerie', 1]]);
  });

  it('rechaza un correo repetido y una contraseña débil con mensajes por campo', async () => {
    const otra = await registrar({ Correo: 'maria.torres@ejemplo.pe' });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toMatchObject({ ErrorId: ErrorCodes.USUARIO_YA_REGISTRADO, Errores: { Correo: 'Ya existe una cuenta con este correo' } });
    const debil = await registrar({ Correo: 'otra@ejemplo.pe', Contrasenha: 'corta' });
    expect(debil.statusCode).toBe(400);
    expect(debil.json().Errores.Contrasenha).toBe('La contraseña debe tener al menos 10 caracteres');
    // The policy of every new password: not the person's own name or e-mail, not a common password.
    const propia = await registrar({ Correo: 'rosa.quispe@ejemplo.pe', Nombres: 'Rosa', Contrasenha: 'QuispeRosa#2027' });
    expect(propia.json().Errores).toEqual({ Contrasenha: 'La contraseña no debe contener su usuario, su correo ni su nombre' });
    const comun = await registrar({ Correo: 'rosa.quispe@ejemplo.pe', Nombres: 'Rosa', Contrasenha: 'qwertyuiop' });
    expect(comun.statusCode).toBe(400);
    expect(comun.json().Errores.Contrasenha).toMatch(/^La contraseña es fácil de adivinar/);
    expect((await registrar({ Correo: 'rosa.quispe@ejemplo.pe', Nombres: 'Rosa' })).statusCode).toBe(201);
  });

  it('demo: datos de empresa -> contacto -> series; al final todos los pasos finalizados y acceso libre', async () => {
    const token = await sesion('maria.torres@ejemplo.pe');
    const put = (paso: string, payload?: object) => e.app.inject(conToken(token, { method: 'PUT', url: `/api/seguridad/v3/usuarios/universales/pasos/${paso}`, payload }));
    const info = async () => (await e.app.inject(conToken(token, { method: 'GET', url: '/api/seguridad/v3/usuarios/universales/info' }))).json() as TInfoUniversal;

    // The series step cannot be closed before the contact step.
    expect((await put('series-electronicas')).statusCode).toBe(400);
    expect((await put('tipo-configuracion', { TipoEmpresa: 1, RazonSocial: 'Bodega María' })).statusCode).toBe(200);
    let i = await info();
    expect(i.RutaInicializacion).toBe('/inicializacion-tuboleta/wizard-config/persona-de-contacto');
    expect(i.DatosJson.Pasos.map((p) => p.Estado)).toEqual([3, 1, 1]);
    expect(JSON.parse(i.DatosJson.Pasos[0].Datos!)).toEqual({ TipoEmpresa: 1, IsConfigSunat: false });

    expect((await put('persona-de-contacto', { Nombres: 'María Torres', Telefono: '987654321', Correo: 'maria.torres@ejemplo.pe' })).statusCode).toBe(200);
    i = await info();
    expect(i.RutaInicializacion).toBe('/inicializacion-tuboleta/wizard-config/series-electronicas');

    // Without a series the step stays open; with one it closes the wizard.
    const sinSerie = await put('series-electronicas');
    expect(sinSerie.statusCode).toBe(400);
    expect(sinSerie.json().Errores.Series).toBe('Registre al menos una serie para emitir sus comprobantes');
    // The web creates the series through the series service (maestros); here the row is written directly.
    await e.dbh.db.execute(
      sql`insert into serie (id_empresa, id_sucursal, id_tipo_documento, serie) select ${i.IdEntidadEmpresa}, id, 1004, 'B001' from sucursal where id_empresa = ${i.IdEntidadEmpresa} limit 1`,
    );
    expect((await put('series-electronicas')).statusCode).toBe(200);
    i = await info();
    expect(i.DatosJson.Pasos.map((p) => p.Estado)).toEqual([3, 3, 3]);
    expect(i.RutaInicializacion).toBeNull();
  });

  it('la demo vence con el reloj configurado y luego la empresa con RUC recibe su plan de bienvenida', async () => {
    const token = await sesion('maria.torres@ejemplo.pe');
    const anterior = configurarPagos({ desfaseRelojMs: 40 * 86_400_000 });
    try {
      const info = (await e.app.inject(conToken(token, { method: 'GET', url: '/api/seguridad/v3/usuarios/universales/info' }))).json() as TInfoUniversal;
      expect(info.Demo).toMatchObject({ Vencido: true });
    } finally {
      configurarPagos(anterior);
    }
    const rucInvalido = await e.app.inject(conToken(token, { method: 'PUT', url: '/api/seguridad/v3/usuarios/universales/pasos/tipo-configuracion', payload: { TipoEmpresa: 0, Documento: '20600123451', RazonSocial: 'Bodega María SAC' } }));
    // Eleven digits with a wrong check digit: the message says so (issue 11 item 14).
    expect(rucInvalido.json().Errores.Documento).toBe('El RUC no es válido (dígito verificador incorrecto)');
    const corto = await e.app.inject(conToken(token, { method: 'PUT', url: '/api/seguridad/v3/usuarios/universales/pasos/tipo-configuracion', payload: { TipoEmpresa: 0, Documento: '2060012345', RazonSocial: 'Bodega María SAC' } }));
    expect(corto.json().Errores.Documento).toBe('Ingrese un RUC válido de 11 dígitos');
    // The demo data's company already holds this RUC.
    const usado = await e.app.inject(conToken(token, { method: 'PUT', url: '/api/seguridad/v3/usuarios/universales/pasos/tipo-configuracion', payload: { TipoEmpresa: 0, Documento: '20600123450', RazonSocial: 'Bodega María SAC' } }));
    expect(usado.json()).toMatchObject({ ErrorId: ErrorCodes.EMPRESA_EN_TUBOLETA, Errores: { Documento: 'Este RUC ya está registrado' } });
    const ok = await e.app.inject(conToken(token, { method: 'PUT', url: '/api/seguridad/v3/usuarios/universales/pasos/tipo-configuracion', payload: { TipoEmpresa: 0, Documento: '20100070970', RazonSocial: 'Bodega María SAC' } }));
    expect(ok.statusCode).toBe(200);
    const saldo = (await e.app.inject(conToken(token, { method: 'GET', url: '/api/pagos/v1/entidades/saldos' }))).json() as TSaldo;
    expect(saldo).toMatchObject({ TipoEmpresa: 0, NombrePlan: 'Plan Gratuito', NumeroComprobantesContablesDisponibles: 20, NumeroComprobantesContablesUsados: 0, Demo: null });
    const volver = await e.app.inject(conToken(token, { method: 'PUT', url: '/api/seguridad/v3/usuarios/universales/pasos/tipo-configuracion', payload: { TipoEmpresa: 1, RazonSocial: 'Otra' } }));
    expect(volver.statusCode).toBe(400);
  });
});
