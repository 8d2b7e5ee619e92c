import { describe, expect, it } from 'vitest';
import { esEnlaceRegistro } from './enlace-registro';
import {
  cierraSesionEnServidor,
  establecerVariante,
  llamadaPermisos,
  rutaConfiguracionUsuario,
  rutaLogin,
  rutaLoginAjena,
  rutaRefresh,
  tieneBannerDeuda,
  tituloPagina,
  varianteActual,
} from './marca';

describe('lo que decide la marca', () => {
  it('marca principal: /auth/login, refresh v2, cierre en el servidor, permisos v2 con logInFormat, banner de deuda', () => {
    expect(rutaLogin('erp')).toBe('/auth/login');
    expect(rutaLoginAjena('erp')).toBe('/auth/inicio');
    expect(rutaRefresh('erp')).toBe('/seguridad/v2/usuarios/refreshtoken');
    expect(cierraSesionEnServidor('erp')).toBe(true);
    expect(llamadaPermisos('erp', 7, 'usuario')).toEqual({ ruta: '/seguridad/v2/usuarios/7/permisos/modulos', query: { IdPermiso: 0, logInFormat: 'usuario' } });
    expect(rutaConfiguracionUsuario('erp')).toBe('/admin/usuario/perfil');
    expect(tieneBannerDeuda('erp')).toBe(true);
  });

  it('variante de boletas: /auth/inicio, refresh v1, cierre directo, permisos de universales sin logInFormat, sin banner de deuda', () => {
    expect(rutaLogin('tuboleta')).toBe('/auth/inicio');
    expect(rutaLoginAjena('tuboleta')).toBe('/auth/login');
    expect(rutaRefresh('tuboleta')).toBe('/seguridad/v1/usuarios/refreshtoken');
    expect(cierraSesionEnServidor('tuboleta')).toBe(false);
    expect(llamadaPermisos('tuboleta', 7, 'usuario')).toEqual({ ruta: '/seguridad/v3/usuarios/universales/7/permisos/modulos', query: { IdPermiso: 0 } });
    expect(rutaConfiguracionUsuario('tuboleta')).toBe('/config-tuboleta/configuracion/datos-de-mi-cuenta');
    expect(tieneBannerDeuda('tuboleta')).toBe(false);
  });

  it('la variante leída de la configuración rige los valores por defecto', () => {
    const antes = varianteActual();
    try {
      establecerVariante('tuboleta');
      expect(rutaLogin()).toBe('/auth/inicio');
      expect(rutaRefresh()).toBe('/seguridad/v1/usuarios/refreshtoken');
      establecerVariante('erp');
      expect(rutaLogin()).toBe('/auth/login');
    } finally {
      establecerVariante(antes);
    }
  });

  it('título de página: la marca, "| " y la página', () => {
    expect(tituloPagina('Yupana Boletas', 'Datos de mi cuenta')).toBe('Yupana Boletas | Datos de mi cuenta');
  });
});

describe('enlace de registro con accept y token', () => {
  const u = (s: string) => new URL(s, 'http://x');
  it('solo /auth/registro con token y accept true o false', () => {
    expect(esEnlaceRegistro(u('/auth/registro?accept=true&token=abc'))).toBe(true);
    expect(esEnlaceRegistro(u('/auth/registro/?accept=false&token=abc'))).toBe(true);
    expect(esEnlaceRegistro(u('/auth/registro?accept=si&token=abc'))).toBe(false);
    expect(esEnlaceRegistro(u('/auth/registro?accept=true'))).toBe(false);
    expect(esEnlaceRegistro(u('/auth/registro?accept=true&token='))).toBe(false);
    expect(esEnlaceRegistro(u('/auth/login?accept=true&token=abc'))).toBe(false);
  });
});
