// Validación del JSON de entrada: formatos, catálogos de SUNAT y reglas de negocio, con errores 500001 por campo.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ErrorValidacion, validarDocumento } from '../../src/model';
import { construirXml } from '../../src/ubl';
import { MENSAJE_FECHA_CUOTA } from '../../src/totals';

const dirEjemplos = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../examples');
const ejemplo = (n: string) => JSON.parse(readFileSync(path.join(dirEjemplos, `${n}.json`), 'utf8'));

function errores(entrada: unknown): Record<string, string> {
  const r = validarDocumento(entrada);
  if (r.ok) throw new Error('se esperaba un error de validación');
  expect(r.error.ErrorId).toBe(500001);
  expect(r.error.Mensaje).toBe('Los datos del documento no son válidos');
  return r.error.Errores;
}

describe('validarDocumento', () => {
  it('acepta todos los ejemplos del paquete', () => {
    for (const f of readdirSync(dirEjemplos).filter((x) => x.endsWith('.json'))) {
      const r = validarDocumento(JSON.parse(readFileSync(path.join(dirEjemplos, f), 'utf8')));
      expect(r.ok, f).toBe(true);
    }
  });

  it('aplica valores por defecto: IGV 10 gravado, unidad NIU, moneda PEN, contado, hora 00:00:00', () => {
    const e = ejemplo('factura-gravada');
    delete e.horaEmision;
    e.items = [{ descripcion: 'X', cantidad: 1, valorUnitario: 10 }];
    const r = validarDocumento(e);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const d = r.documento as { horaEmision: string; items: { unidad: string; afectacion: string; cantidad: string }[]; formaPago: unknown };
    expect(d.horaEmision).toBe('00:00:00');
    expect(d.items[0]).toMatchObject({ unidad: 'NIU', afectacion: '10', cantidad: '1' });
    expect(d.formaPago).toEqual({ tipo: 'Contado' });
  });

  it('rechaza códigos que no están en los catálogos de SUNAT', () => {
    const e = ejemplo('factura-gravada');
    e.items[0].afectacion = '99';
    e.items[1].unidad = 'XYZ';
    e.emisor.direccion.ubigeo = '999999';
    e.tipoOperacion = '9999';
    const err = errores(e);
    expect(err['items.0.afectacion']).toBe('Tipo de afectación del IGV: código no existe en el catálogo 07 de SUNAT');
    expect(err['items.1.unidad']).toMatch(/catálogo 03/);
    expect(err['emisor.direccion.ubigeo']).toBe('Ubigeo no existe en el catálogo INEI');
    expect(err.tipoOperacion).toMatch(/catálogo 51/);
  });

  it('rechaza formatos: RUC, serie, fecha inexistente, decimales con más de 10 cifras, montos como texto libre', () => {
    const e = ejemplo('factura-gravada');
    e.emisor.ruc = '3012345678';
    e.serie = 'B001';
    e.fechaEmision = '2026-02-30';
    e.items[0].cantidad = '1.12345678901';
    e.items[1].valorUnitario = 'diez';
    const err = errores(e);
    expect(Object.keys(err).sort()).toEqual(['emisor.ruc', 'fechaEmision', 'items.0.cantidad', 'items.1.valorUnitario', 'serie']);
    expect(err.fechaEmision).toBe('Fecha inexistente');
  });

  it('la factura exige cliente con RUC (salvo exportación) y la boleta no admite crédito', () => {
    const f = ejemplo('factura-gravada');
    f.cliente = { tipoDocumento: '1', numeroDocumento: '12345678', nombre: 'ANA' };
    expect(errores(f)['cliente.tipoDocumento']).toMatch(/RUC/);
    const b = ejemplo('boleta');
    b.formaPago = { tipo: 'Credito', cuotas: [{ monto: '71', fechaVencimiento: '2026-12-01' }] };
    expect(errores(b).formaPago).toMatch(/boleta/);
  });

  it('una sola tasa de IGV por comprobante, IVAP sin mezclar y tipo de operación coherente', () => {
    const e = ejemplo('factura-gravada');
    e.items[1].porcentajeIgv = '10';
    expect(errores(e).items).toBe('Todas las líneas gravadas deben tener la misma tasa de IGV');
    const iv = ejemplo('factura-ivap');
    iv.items.push({ descripcion: 'Otro', cantidad: '1', valorUnitario: '1' });
    expect(errores(iv).items).toMatch(/IVAP/);
    const de = ejemplo('factura-detraccion');
    de.tipoOperacion = '0101';
    expect(errores(de).tipoOperacion).toMatch(/1001/);
    const pe = ejemplo('factura-percepcion');
    delete pe.percepcion;
    expect(errores(pe).percepcion).toMatch(/2001/);
    const ex = ejemplo('factura-exportacion');
    ex.items[0].afectacion = '10';
    expect(errores(ex)['items.0.afectacion']).toMatch(/afectación 40/);
    const g = ejemplo('factura-gravada');
    g.items[0].afectacion = '40';
    expect(errores(g)['items.0.afectacion']).toMatch(/exportación/);
  });

  it('boleta sin comprador: válida hasta S/ 700; por encima exige identificarlo', () => {
    const b = ejemplo('boleta-cliente-varios');
    expect(construirXml(b).xml).toContain('<cbc:ID schemeID="0">-</cbc:ID>');
    b.items[0].cantidad = '200';
    expect(() => construirXml(b)).toThrow(/supera S\/ 700/);
  });

  it('DNI de 8 dígitos; RUC con dígito verificador (módulo 11) en emisor y cliente', () => {
    const b = ejemplo('boleta');
    b.cliente.numeroDocumento = '1234';
    expect(errores(b)['cliente.numeroDocumento']).toBe('DNI de 8 dígitos');
    const f = ejemplo('factura-gravada');
    f.emisor.ruc = '20123456789'; // el verificador correcto es 6
    f.cliente.numeroDocumento = '20100070971';
    const err = errores(f);
    expect(err['emisor.ruc']).toBe('El RUC no es válido (dígito verificador incorrecto)');
    expect(err['cliente.numeroDocumento']).toBe('El RUC no es válido (dígito verificador incorrecto)');
  });

  it('texto con caracteres de control se rechaza; el texto se normaliza a NFC', () => {
    const e = ejemplo('factura-gravada');
    e.items[0].descripcion = 'Café\u0007';
    expect(errores(e)['items.0.descripcion']).toMatch(/control/);
    e.items[0].descripcion = 'Cafe\u0301 peruano';
    const r = validarDocumento(e);
    expect(r.ok && (r.documento as { items: { descripcion: string }[] }).items[0].descripcion).toBe('Café peruano');
  });

  it('código de producto (SUNAT 4269): guiones y espacios sí; saltos de línea, tabulaciones o más de 30 caracteres no', () => {
    const e = ejemplo('factura-gravada');
    e.items[0].codigo = 'PROD-001 A';
    expect(validarDocumento(e).ok).toBe(true);
    e.items[0].codigo = 'PROD\n001';
    expect(errores(e)['items.0.codigo']).toBe('El código de producto no admite saltos de línea ni tabulaciones');
    e.items[0].codigo = 'PROD\t001';
    expect(errores(e)['items.0.codigo']).toBe('El código de producto no admite saltos de línea ni tabulaciones');
    e.items[0].codigo = 'X'.repeat(31);
    expect(errores(e)['items.0.codigo']).toBe('Máximo 30 caracteres');
  });

  it('notas: la serie sigue al documento afectado y el motivo sale del catálogo 09/10', () => {
    const n = ejemplo('nota-credito-anulacion');
    n.serie = 'B001';
    n.motivo.codigo = '99';
    const err = errores(n);
    expect(err.serie).toMatch(/empezar con F/);
    expect(err['motivo.codigo']).toMatch(/catálogo 09/);
    const d = ejemplo('nota-debito');
    d.motivo.codigo = '04';
    expect(errores(d)['motivo.codigo']).toMatch(/catálogo 10/);
  });

  it('notas: descuentos globales, cargo 49 y descuento por ítem 01 no cuadran con las hojas de SUNAT y se rechazan', () => {
    const n = ejemplo('nota-credito-descuento');
    n.descuentosGlobales = [{ codigo: '03', monto: '5' }];
    n.cargosGlobales = [{ codigo: '49', monto: '5' }];
    n.items[0].descuentos = [{ codigo: '01', monto: '1' }];
    const err = errores(n);
    expect(Object.keys(err).sort()).toEqual(['cargosGlobales.0.codigo', 'descuentosGlobales.0', 'items.0.descuentos.0.codigo']);
  });

  it('ISC solo en líneas gravadas y con su tasa o monto fijo', () => {
    const e = ejemplo('factura-isc');
    e.items[0].afectacion = '20';
    delete e.items[1].isc.montoFijo;
    const err = errores(e);
    expect(err['items.0.isc']).toMatch(/afectación 10/);
    expect(err['items.1.isc']).toMatch(/monto fijo/);
  });

  it('exportación con una muestra gratuita se rechaza (SUNAT 2642)', () => {
    const ex = ejemplo('factura-exportacion');
    ex.items.push({ descripcion: 'Muestra', cantidad: '1', valorUnitario: '0', afectacion: '21', valorReferencial: '5' });
    expect(errores(ex)['items.2.afectacion']).toMatch(/2642/);
  });

  it('GRE: transporte privado exige vehículo y conductor; público exige transportista; el traslado no empieza antes de emitir', () => {
    const g = ejemplo('guia-remitente-privado');
    delete g.vehiculos;
    g.conductores = [];
    g.fechaInicioTraslado = '2026-11-19';
    const err = errores(g);
    expect(Object.keys(err).sort()).toEqual(['conductores', 'fechaInicioTraslado', 'vehiculos']);
    const p = ejemplo('guia-remitente-publico');
    delete p.transportista;
    expect(errores(p).transportista).toMatch(/transporte/);
    const t = ejemplo('guia-transportista');
    t.conductores[0].licencia = 'x';
    expect(errores(t)['conductores.0.licencia']).toMatch(/Licencia/);
  });

  it('RC: una nota sin la boleta afectada se rechaza; RA: las boletas no se dan de baja con RA', () => {
    const rc = ejemplo('resumen-diario');
    delete rc.documentos[2].documentoAfectado;
    expect(errores(rc)['documentos.2.documentoAfectado']).toMatch(/boleta/);
    const rc2 = ejemplo('resumen-diario');
    rc2.documentos[0].importeTotal = '90.00';
    delete rc2.documentos[3].cliente;
    rc2.documentos[3].importeTotal = '826.00';
    rc2.documentos[3].igv = '126.00';
    rc2.documentos[3].gravado = '700.00';
    const e2 = errores(rc2);
    expect(e2['documentos.0.importeTotal']).toBe('El importe total (90.00) no cuadra con la suma de valores, impuestos y cargos (70.62)');
    expect(e2['documentos.3.cliente']).toMatch(/700/);
    expect(e2['documentos.3.importeTotal']).toBeUndefined();
    const ra = ejemplo('comunicacion-baja');
    ra.documentos[0].tipo = '03';
    expect(errores(ra)['documentos.0.tipo']).toMatch(/resumen diario/);
  });

  it('tipo desconocido', () => {
    expect(Object.keys(errores({ tipo: '99' }))).toEqual(['tipo']);
  });
});

describe('construirXml: reglas que dependen de los totales', () => {
  it('una cuota que vence el día de emisión lanza ErrorValidacion 500001 con el mensaje de SUNAT', () => {
    const e = ejemplo('factura-credito-cuotas');
    e.formaPago.cuotas[0].fechaVencimiento = e.fechaEmision;
    try {
      construirXml(e);
      throw new Error('debió fallar');
    } catch (err) {
      expect(err).toBeInstanceOf(ErrorValidacion);
      expect((err as ErrorValidacion).detalle).toEqual({
        ErrorId: 500001,
        Mensaje: 'Los datos del documento no son válidos',
        Errores: { 'formaPago.cuotas.0.fechaVencimiento': MENSAJE_FECHA_CUOTA },
      });
    }
  });

  it('cuotas que no suman el neto pendiente', () => {
    const e = ejemplo('factura-credito-cuotas');
    e.formaPago.cuotas[2].monto = '999.99';
    expect(() => construirXml(e)).toThrow(/2999.99.*3000.00/);
  });
});
