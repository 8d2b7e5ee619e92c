import { describe, expect, it } from 'vitest';
import {
  calcularVigencia,
  finalizarPaso,
  pasosIniciales,
  rutaInicializacion,
  vigenciaHasta,
} from '../index';

describe('vigencia', () => {
  it('fecha fin, días restantes redondeados hacia arriba y vencido', () => {
    // Started 2026-11-01 10:00 Lima, 15 days: valid through 2026-11-16 (Lima).
    const inicio = new Date('2026-11-01T15:00:00Z');
    expect(calcularVigencia(inicio, 15, new Date('2026-11-01T15:00:00Z'))).toEqual({ FechaFin: '2026-11-16', DiasRestantes: 16, Vencido: false });
    // Last day at 23:00 Lima: a fraction of a day left rounds up to 1.
    expect(calcularVigencia(inicio, 15, new Date('2026-11-17T04:00:00Z'))).toEqual({ FechaFin: '2026-11-16', DiasRestantes: 1, Vencido: false });
    // Lima midnight after the last day: expired.
    expect(calcularVigencia(inicio, 15, new Date('2026-11-17T05:00:00Z'))).toMatchObject({ DiasRestantes: 0, Vencido: true });
    expect(vigenciaHasta('2026-11-16', new Date('2026-11-20T12:00:00Z'))).toMatchObject({ Vencido: true });
  });
});

describe('ruteo del asistente de configuración', () => {
  const v = 'tuboleta' as const;
  it('el paso finalizado más alto decide', () => {
    const pasos = pasosIniciales();
    expect(rutaInicializacion({ pasos, idUsuario: 5, variante: v })).toBe('/inicializacion-tuboleta/tipo-configuracion');
    const p1 = finalizarPaso(pasos, 1, { TipoEmpresa: 1, IsConfigSunat: false });
    expect(rutaInicializacion({ pasos: p1, idUsuario: 5, variante: v })).toBe('/inicializacion-tuboleta/wizard-config/persona-de-contacto');
    const p2 = finalizarPaso(p1, 2);
    expect(rutaInicializacion({ pasos: p2, idUsuario: 5, variante: v })).toBe('/inicializacion-tuboleta/wizard-config/series-electronicas');
    expect(rutaInicializacion({ pasos: finalizarPaso(p1, 3), idUsuario: 5, variante: v })).toBe('/inicializacion-tuboleta/wizard-config/series-electronicas');
    const p4 = finalizarPaso(p2, 4);
    expect(p4.map((p) => p.Estado)).toEqual([3, 3, 3]);
    expect(rutaInicializacion({ pasos: p4, idUsuario: 5, variante: v })).toBeNull();
    expect(JSON.parse(p1[0].Datos ?? '{}')).toEqual({ TipoEmpresa: 1, IsConfigSunat: false });
  });

  it('sin usuario pero con cuenta en la variante de boletas: selección del tipo de configuración', () => {
    expect(rutaInicializacion({ pasos: null, idUsuario: null, idCuenta: 9, variante: v })).toBe('/inicializacion-tuboleta/tipo-configuracion');
    expect(rutaInicializacion({ pasos: null, idUsuario: null, idCuenta: 9, variante: 'erp' })).toBeNull();
    expect(rutaInicializacion({ pasos: [], idUsuario: 3, variante: 'erp' })).toBeNull();
  });
});
