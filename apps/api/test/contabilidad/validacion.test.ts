// Bad input gets 400 with the field's Spanish message and writes nothing; Idempotency-Key; numbering without gaps.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../helpers';
import { CLIENTE_DNI, CLIENTE_RUC, clienteDe, factura, hoyLima, idSerie, sumarDias, type Cliente } from './ayudas';

let e: Entorno;
let sup: Cliente;
let idF: number;
let idB: number;
let idT: number;
const URL = '/api/contabilidad/v1/documentoContable';
const MENSAJE_CUOTA = 'POR NORMATIVA DE SUNAT LAS FECHAS DE TUS CUOTAS NO PUEDEN SER ANTERIORES O EL MISMO DIA QUE LA FECHA DE EMISIÓN DE TU COMPROBANTE';

async function estado() {
  const r = (await e.dbh.db.execute(sql`select
      (select count(*)::int from documento_contable) as docs,
      (select count(*)::int from documento_contable_item) as lineas,
      (select count(*)::int from trabajo) as trabajos,
      (select coalesce(sum(correlativo), 0)::int from serie) as correlativos`)) as unknown as { rows: Record<string, number>[] };
  return r.rows[0];
}

beforeAll(async () => {
  e = await crearEntorno();
  sup = await clienteDe(e.app, 'supervisor');
  idF = await idSerie(sup, 1003, 'F001');
  idB = await idSerie(sup, 1004, 'B001');
  idT = await idSerie(sup, 1007, 'T001');
}, 120_000);
afterAll(async () => e?.cerrar());

describe('cada campo fuera de rango: 400 con su mensaje y nada escrito', () => {
  const traslado = {
    PuntoPartida: { IdUbigeo: '150116', Direccion: 'AV. AREQUIPA 1234, LINCE' }, PuntoLlegada: { IdUbigeo: '150130', Direccion: 'AV. AVIACIÓN 2405, SAN BORJA' },
    FechaTraslado: hoyLima(), MotivoTraslado: '01', ModalidadTraslado: '02', PesoBrutoTotal: '5', Placas: ['ABC-123'],
  };
  const conductor = { IdTipoDocumento: 1, NumeroDocumento: '41234567', Nombres: 'JUAN CARLOS', Apellidos: 'RAMOS TORRES', Licencia: 'Q41234567' };
  const guia = (t: Record<string, unknown>, c: Record<string, unknown> = {}) => ({
    IdTipoDocumento: 1007, IdSerie: idT, FechaEmision: hoyLima(), ListaItems: [{ ItemDescripcion: 'ARROZ', Cantidad: '1', CodigoUnidad: 'NIU' }],
    ListaEntidades: [CLIENTE_RUC], Traslado: { ...traslado, ...t }, ListaConductores: [{ ...conductor, ...c }],
  });
  const boleta = (extra: Record<string, unknown>) => ({ IdTipoDocumento: 1004, IdSerie: idB, FechaEmision: hoyLima(), ListaItems: [{ ItemDescripcion: 'ITEM', Cantidad: '1', PrecioUnitario: '10' }], ...extra });
  const casos: [string, () => unknown, string, string | RegExp][] = [
    ['DNI de 7 dígitos', () => boleta({ ListaEntidades: [{ ...CLIENTE_DNI, NumeroDocumento: '1234567' }] }), 'ListaEntidades.0.NumeroDocumento', 'Se espera 8 dígitos'],
    ['RUC con dígito verificador errado', () => factura(idF, { ListaEntidades: [{ ...CLIENTE_RUC, NumeroDocumento: '20100070971' }] }), 'ListaEntidades.0.NumeroDocumento', 'El RUC no es válido (dígito verificador incorrecto)'],
    ['factura a un DNI', () => factura(idF, { ListaEntidades: [CLIENTE_DNI] }), 'ListaEntidades.0.IdTipoDocumento', 'La factura requiere un cliente con RUC'],
    ['factura sin cliente', () => factura(idF, { ListaEntidades: [] }), 'ListaEntidades', 'La factura requiere un cliente con RUC'],
    ['boleta de S/ 700 sin identificar al cliente', () => boleta({ ListaItems: [{ ItemDescripcion: 'TV', Cantidad: '1', PrecioUnitario: '700' }] }), 'ListaEntidades', /desde S\/ 700.00 identifique al cliente/],
    ['cuota con fecha igual a la emisión', () => factura(idF, { IdCondicionPago: 2, ListaCuotas: [{ Monto: '63.60', FechaVencimiento: hoyLima() }] }), 'ListaCuotas.0.FechaVencimiento', MENSAJE_CUOTA],
    ['crédito sin cuotas', () => factura(idF, { IdCondicionPago: 2 }), 'ListaCuotas', 'Una venta al crédito requiere al menos una cuota'],
    ['cuotas que no suman el total', () => factura(idF, { IdCondicionPago: 2, ListaCuotas: [{ Monto: '10.00', FechaVencimiento: sumarDias(hoyLima(), 10) }] }), 'ListaCuotas', 'La suma de las cuotas (10.00) debe ser igual al monto neto pendiente de pago (63.60)'],
    ['cantidad cero', () => factura(idF, { ListaItems: [{ ItemDescripcion: 'X', Cantidad: '0', PrecioUnitario: '1' }] }), 'ListaItems.0.Cantidad', 'La cantidad debe ser mayor que cero'],
    ['cantidad negativa', () => factura(idF, { ListaItems: [{ ItemDescripcion: 'X', Cantidad: '-1', PrecioUnitario: '1' }] }), 'ListaItems.0.Cantidad', /número no negativo/],
    ['precio y valor a la vez', () => factura(idF, { ListaItems: [{ ItemDescripcion: 'X', Cantidad: '1', PrecioUnitario: '1', ValorUnitario: '1' }] }), 'ListaItems.0.PrecioUnitario', /solo uno/],
    ['sin descripción', () => factura(idF, { ListaItems: [{ ItemDescripcion: '', Cantidad: '1', PrecioUnitario: '1' }] }), 'ListaItems.0.ItemDescripcion', 'Indique la descripción'],
    ['sin ítems', () => factura(idF, { ListaItems: [] }), 'ListaItems', 'Agregue al menos un ítem'],
    ['afectación inexistente', () => factura(idF, { ListaItems: [{ ItemDescripcion: 'X', Cantidad: '1', PrecioUnitario: '1', TipoAfectacion: '99' }] }), 'ListaItems.0.TipoAfectacion', 'Tipo de afectación del IGV: código no existe en el catálogo 07 de SUNAT'],
    ['unidad inexistente', () => factura(idF, { ListaItems: [{ ItemDescripcion: 'X', Cantidad: '1', PrecioUnitario: '1', CodigoUnidad: 'QQQ' }] }), 'ListaItems.0.CodigoUnidad', 'Unidad de medida: código no existe en el catálogo 03 de SUNAT'],
    ['fecha de emisión futura', () => factura(idF, { FechaEmision: sumarDias(hoyLima(), 1) }), 'FechaEmision', 'La fecha de emisión no puede ser posterior a hoy'],
    ['fecha de emisión mal escrita', () => factura(idF, { FechaEmision: '22/11/2026' }), 'FechaEmision', 'Fecha con formato AAAA-MM-DD'],
    ['moneda inexistente', () => factura(idF, { IdMoneda: 3 }), 'IdMoneda', 'Moneda: 1 soles o 2 dólares'],
    ['condición de pago inexistente', () => factura(idF, { IdCondicionPago: 9 }), 'IdCondicionPago', 'Condición de pago no válida'],
    ['tipo de documento inexistente', () => factura(idF, { IdTipoDocumento: 1234 }), 'IdTipoDocumento', 'Tipo de documento no válido'],
    ['serie de otro tipo', () => factura(idB), 'IdSerie', 'La serie no corresponde al tipo de documento'],
    ['serie inexistente', () => factura(999999), 'IdSerie', 'La serie no existe o está inactiva'],
    ['boleta al crédito', () => boleta({ IdCondicionPago: 2, ListaEntidades: [CLIENTE_DNI], ListaCuotas: [{ Monto: '10.00', FechaVencimiento: sumarDias(hoyLima(), 5) }] }), 'IdCondicionPago', 'La boleta se emite al contado'],
    ['nota sin documento afectado', () => ({ ...factura(idF), IdTipoDocumento: 1005 }), 'IdSerie', 'La serie no corresponde al tipo de documento'],
    ['fecha de emisión de hace 4 días', () => factura(idF, { FechaEmision: sumarDias(hoyLima(), -4) }), 'FechaEmision', 'La fecha de emisión no puede ser anterior a 3 días'],
    ['observaciones de 600 caracteres', () => factura(idF, { Observaciones: 'x'.repeat(600) }), 'Observaciones', 'Máximo 500 caracteres'],
    ['descripción de 600 caracteres', () => factura(idF, { ListaItems: [{ ItemDescripcion: 'x'.repeat(600), Cantidad: '1', PrecioUnitario: '1' }] }), 'ListaItems.0.ItemDescripcion', 'Máximo 500 caracteres'],
    ['código UNSPSC corto', () => factura(idF, { ListaItems: [{ ItemDescripcion: 'X', Cantidad: '1', PrecioUnitario: '1', CodigoProductoSunat: '12' }] }), 'ListaItems.0.CodigoProductoSunat', 'Código UNSPSC de 8 dígitos'],
    ['guía: placa mal escrita', () => guia({ Placas: ['AB-12'] }), 'Traslado.Placas.0', 'ABC123 O ABC-123'],
    ['guía: ubigeo inexistente', () => guia({ PuntoLlegada: { IdUbigeo: '999999', Direccion: 'X' } }), 'Traslado.PuntoLlegada', 'Ubigeo no existe en el catálogo INEI'],
    ['guía: motivo fuera del catálogo 20', () => guia({ MotivoTraslado: '77' }), 'Traslado.MotivoTraslado', 'Motivo de traslado: código no existe en el catálogo 20 de SUNAT'],
    ['guía: modalidad inexistente', () => guia({ ModalidadTraslado: '05' }), 'Traslado.ModalidadTraslado', 'Modalidad: 01 transporte público, 02 transporte privado'],
    ['guía: traslado antes de la emisión', () => guia({ FechaTraslado: sumarDias(hoyLima(), -5) }), 'Traslado.FechaTraslado', 'El traslado no puede iniciar antes de la fecha de emisión'],
    ['guía: peso cero', () => guia({ PesoBrutoTotal: '0' }), 'Traslado.PesoBrutoTotal', 'Debe ser mayor que cero'],
    ['guía: licencia corta', () => guia({}, { Licencia: 'x' }), 'ListaConductores.0.Licencia', 'Licencia de 9 a 10 caracteres'],
    ['guía: DNI del conductor de 3 dígitos', () => guia({}, { NumeroDocumento: '123' }), 'ListaConductores.0.NumeroDocumento', 'Se espera 8 dígitos'],
    ['guía: conductor sin documento', () => guia({}, { IdTipoDocumento: 6, NumeroDocumento: '-' }), 'ListaConductores.0.NumeroDocumento', 'El conductor debe tener un documento de identidad'],
    ['correo del cliente inválido', () => factura(idF, { ListaEntidades: [{ ...CLIENTE_RUC, CorreoEntidadReceptor: 'no-es-correo' }] }), 'ListaEntidades.0.CorreoEntidadReceptor', 'Correo no válido'],
    // Inputs that were a 500 (issue 10): amounts beyond SUNAT's n(12,2), a discount above its line, malformed text, loose ids.
    ['cantidad 999999999999.9999999999', () => factura(idF, { ListaItems: [{ ItemDescripcion: 'X', Cantidad: '999999999999.9999999999', PrecioUnitario: '1' }] }), 'ListaItems.0.Cantidad', 'El importe de la línea supera el máximo que admite SUNAT (999,999,999,999.99)'],
    ['cantidad × precio de 10^13', () => factura(idF, { ListaItems: [{ ItemDescripcion: 'X', Cantidad: '100000', PrecioUnitario: '100000000' }] }), 'ListaItems', 'El importe total supera el máximo que admite SUNAT (999,999,999,999.99)'],
    ['cantidad de 13 enteros', () => factura(idF, { ListaItems: [{ ItemDescripcion: 'X', Cantidad: '1234567890123', PrecioUnitario: '1' }] }), 'ListaItems.0.Cantidad', 'Cantidad: número no negativo de hasta 12 enteros y 10 decimales'],
    ['descuento mayor que la línea', () => factura(idF, { ListaItems: [{ ItemDescripcion: 'X', Cantidad: '1', ValorUnitario: '10', Descuento: '50' }] }), 'ListaItems.0.Descuento', 'El descuento no puede ser mayor que el valor de la línea'],
    ['surrogado suelto en la descripción', () => factura(idF, { ListaItems: [{ ItemDescripcion: 'A\ud800B', Cantidad: '1', PrecioUnitario: '1' }] }), 'ListaItems.0.ItemDescripcion', 'El texto tiene caracteres Unicode mal formados'],
    ['carácter nulo en la razón social', () => factura(idF, { ListaEntidades: [{ ...CLIENTE_RUC, RazonSocial: 'SUPER\u0000MERCADOS' }] }), 'ListaEntidades.0.RazonSocial', 'No se permite el carácter nulo'],
    ['carácter de control en las observaciones', () => factura(idF, { Observaciones: 'pago\u0007' }), 'Observaciones', 'No se permiten caracteres de control'],
    ['serie [[1]]', () => factura(idF, { IdSerie: [[idF]] }), 'IdSerie', 'Seleccione la serie'],
    ['serie "0x1"', () => factura(idF, { IdSerie: '0x1' }), 'IdSerie', 'Seleccione la serie'],
    ['serie más allá de un integer de PostgreSQL', () => factura(idF, { IdSerie: 99999999999 }), 'IdSerie', 'Seleccione la serie'],
  ];

  for (const [nombre, cuerpo, campo, mensaje] of casos) {
    it(nombre, async () => {
      const antes = await estado();
      const r = await sup.post(URL, cuerpo());
      expect(r.statusCode, r.body).toBe(400);
      const b = r.json();
      expect(b.ErrorId).toBe(500001);
      expect(b.Errores, r.body).toHaveProperty([campo]);
      if (typeof mensaje === 'string') expect(b.Errores[campo]).toBe(mensaje);
      else expect(b.Errores[campo]).toMatch(mensaje);
      expect(await estado()).toEqual(antes);
    });
  }

  it('nota sobre un documento inexistente', async () => {
    const antes = await estado();
    const r = await sup.post(URL, {
      IdTipoDocumento: 1005, IdSerie: await idSerie(sup, 1005, 'F001'), FechaEmision: hoyLima(), ListaItems: [{ ItemDescripcion: 'X', Cantidad: '1', PrecioUnitario: '1' }],
      ListaEntidades: [CLIENTE_RUC], ListaReferencias: [{ IdDocumentoReferencia: 987654, CodigoMotivo: '07', DescripcionMotivo: 'DEVOLUCIÓN' }],
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().Errores['ListaReferencias.0']).toBe('No se encontró el documento que modifica la nota');
    expect(await estado()).toEqual(antes);
  });

  it('un cajero sin la sucursal de la serie no puede usarla', async () => {
    const cajero = await clienteDe(e.app, 'cajero');
    const idF2 = await idSerie(sup, 1003, 'F002');
    const r = await cajero.post(URL, factura(idF2));
    expect(r.statusCode).toBe(400);
    expect(r.json().Errores.IdSerie).toMatch(/sucursal/);
  });
});

describe('Idempotency-Key', () => {
  it('la misma clave con otros datos es un 422 en español y no emite nada; con los mismos datos, escritos de otro modo, repite el primero', async () => {
    const clave = `prueba-otra-${Date.now()}`;
    const primero = await sup.post(URL, factura(idF), { 'idempotency-key': clave });
    expect(primero.statusCode).toBe(201);
    const antes = await estado();
    // Another amount under the same key: before, the first document came back as if this one had been issued.
    const otra = await sup.post(URL, factura(idF, { ListaItems: [{ ItemDescripcion: 'OTRA COSA', Cantidad: '3', PrecioUnitario: '99.90' }] }), { 'idempotency-key': clave });
    expect(otra.statusCode).toBe(422);
    expect(otra.json()).toEqual({
      ErrorId: 600014,
      Mensaje: 'La clave Idempotency-Key ya se usó con otros datos: no se emitió nada. Para un comprobante distinto use una clave nueva',
    });
    expect(otra.headers['idempotent-replayed']).toBeUndefined();
    expect(await estado()).toEqual(antes);
    // The same request with its keys in another order, spaces around a text and the defaults spelled out: a replay.
    const base = factura(idF);
    const lineas = [{ ...base.ListaItems[0], ItemDescripcion: '  ARROZ COSTEÑO 5 KG ' }, base.ListaItems[1]];
    const reordenado: Record<string, unknown> = Object.fromEntries(Object.entries({ ...base, IdCondicionPago: 1, Observaciones: undefined, ListaItems: lineas }).reverse());
    const repetido = await sup.post(URL, reordenado, { 'idempotency-key': clave });
    expect(repetido.statusCode).toBe(201);
    expect(repetido.json()).toEqual(primero.json());
    expect(await estado()).toEqual(antes);
  });

  it('la misma clave con datos distintos a la vez: un solo documento, los demás 422', async () => {
    const antes = await estado();
    const clave = `prueba-carrera-${Date.now()}`;
    const respuestas = await Promise.all(
      [1, 2, 3, 4].map((n) => sup.post(URL, factura(idF, { ListaItems: [{ ItemDescripcion: `ITEM ${n}`, Cantidad: String(n), PrecioUnitario: '10' }] }), { 'idempotency-key': clave })),
    );
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    expect((await estado()).docs).toBe(antes.docs + 1);
  });


  it('la misma clave devuelve el primer resultado y no crea otro documento', async () => {
    const antes = await estado();
    const clave = `prueba-${Date.now()}`;
    const r1 = await sup.post(URL, factura(idF), { 'idempotency-key': clave });
    const r2 = await sup.post(URL, factura(idF), { 'idempotency-key': clave });
    expect(r1.statusCode).toBe(201);
    expect(r2.statusCode).toBe(201);
    expect(r2.json()).toEqual(r1.json());
    expect(r2.headers['idempotent-replayed']).toBe('true');
    expect((await estado()).docs).toBe(antes.docs + 1);
    // Sent at the same time: still one document.
    const clave2 = `prueba-simultanea-${Date.now()}`;
    const varios = await Promise.all(Array.from({ length: 5 }, () => sup.post(URL, factura(idF), { 'idempotency-key': clave2 })));
    expect(new Set(varios.map((r) => r.statusCode))).toEqual(new Set([201]));
    expect(new Set(varios.map((r) => r.json().Id)).size).toBe(1);
    expect((await estado()).docs).toBe(antes.docs + 2);
  });
});

describe('numeración', () => {
  it('200 emisiones simultáneas en una serie: números consecutivos sin huecos ni duplicados', async () => {
    const idB2 = await idSerie(sup, 1004, 'B002');
    const cuerpo = { IdTipoDocumento: 1004, IdSerie: idB2, FechaEmision: hoyLima(), ListaItems: [{ ItemDescripcion: 'CAFÉ', Cantidad: '1', PrecioUnitario: '5.00' }] };
    const respuestas = await Promise.all(Array.from({ length: 200 }, () => sup.post(URL, cuerpo)));
    expect(respuestas.filter((r) => r.statusCode !== 201).map((r) => r.body)).toEqual([]);
    const numeros = respuestas.map((r) => r.json().Correlativo as number).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const r = (await e.dbh.db.execute(sql`select correlativo from serie where id = ${idB2}`)) as unknown as { rows: { correlativo: number }[] };
    expect(r.rows[0].correlativo).toBe(200);
  }, 120_000);

  it('solicitudes simultáneas en una serie con saldo para menos de todas: se emite exactamente el saldo, las demás 409, números consecutivos', async () => {
    // Concurrent requests on one series go in groups (one transaction for several documents): a group larger than what
    // is left of the allowance must not take it all nor fail everyone; each request gets its own answer.
    const leer = async () => ((await e.dbh.db.execute(sql`
      select s.contables_disponibles as disponibles,
             (select count(*)::int from documento_contable d where d.id_empresa = s.id_empresa and d.id_tipo_documento in (1003, 1004, 1005, 1006)) as usados,
             (select correlativo from serie where id = ${idF}) as correlativo
        from saldo_empresa s join usuario u on u.id_empresa = s.id_empresa where u.usuario = 'supervisor'`)) as unknown as { rows: { disponibles: number; usados: number; correlativo: number }[] }).rows[0];
    const antes = await leer();
    const empresa = sql`(select id_empresa from usuario where usuario = 'supervisor')`;
    await e.dbh.db.execute(sql`update saldo_empresa set contables_disponibles = ${antes.usados + 5} where id_empresa = ${empresa}`);
    try {
      const respuestas = await Promise.all(Array.from({ length: 12 }, (_, i) => sup.post(URL, factura(idF, { Observaciones: `GRUPO ${i}` }))));
      const codigos = respuestas.map((r) => r.statusCode);
      expect(codigos.filter((c) => c === 201)).toHaveLength(5);
      expect(codigos.filter((c) => c === 409)).toHaveLength(7);
      const numeros = respuestas.filter((r) => r.statusCode === 201).map((r) => r.json().Correlativo as number).sort((a, b) => a - b);
      expect(numeros).toEqual([1, 2, 3, 4, 5].map((n) => Number(antes.correlativo) + n));
      const despues = await leer();
      expect(despues.usados).toBe(antes.usados + 5);
      expect(Number(despues.correlativo)).toBe(Number(antes.correlativo) + 5);
      // Each stored document is the request that got its number (its own observation, signed XML with that number).
      for (const r of respuestas.filter((x) => x.statusCode === 201)) {
        const d = (await sup.get(`${URL}/${r.json().Id}`)).json();
        const pedido = respuestas.indexOf(r);
        expect(d.Observaciones).toBe(`GRUPO ${pedido}`);
        expect((await sup.get(`${URL}/${r.json().Id}/archivos/2`)).body).toContain(`<cbc:ID>F001-${r.json().Correlativo}</cbc:ID>`);
      }
    } finally {
      await e.dbh.db.execute(sql`update saldo_empresa set contables_disponibles = ${antes.disponibles} where id_empresa = ${empresa}`);
    }
  }, 120_000);
});
