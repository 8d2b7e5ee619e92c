import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENTE_GENERICO, ErrorCodes, MensajesConsultaEntidad, type TEntidad } from '@yupana/contracts';
import { conToken, crearEntorno, sesionDe, type Entorno } from '../helpers';

let e: Entorno;
let token: string;
let tokenOtra: string;
beforeAll(async () => {
  e = await crearEntorno();
  token = (await sesionDe(e.app, 'supervisor')).AccessToken;
  tokenOtra = (await sesionDe(e.app, 'demo.supervisor')).AccessToken;
});
afterAll(async () => {
  await e?.cerrar();
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, t = token) =>
  e.app.inject(conToken(t, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));
const crear = (datos: Record<string, unknown>, t = token) => llamar('POST', '/api/entidades/v1/entidades', { TipoEntidad: 6, RazonSocial: 'CLIENTE DE PRUEBA', ...datos }, t);

describe('reglas de documento (§5) al registrar una entidad', () => {
  const casos: [string, number, string, string | null][] = [
    ['DNI de 8 dígitos', 1, '45678912', null],
    ['DNI de 7 dígitos', 1, '4567891', 'Se espera 8 dígitos'],
    ['DNI con letras', 1, '4567891A', 'Se espera 8 dígitos'],
    ['RUC válido', 2, '20100070970', null],
    ['RUC de 10 dígitos', 2, '2010007097', 'Se espera 11 dígitos'],
    ['RUC con dígito verificador errado', 2, '20100070971', 'El RUC no es válido (dígito verificador incorrecto)'],
    ['carnet de extranjería de 9', 3, '001234567', null],
    ['carnet de extranjería de 6', 3, '123456', 'Se espera de 7 a 12 caracteres alfanuméricos'],
    ['pasaporte alfanumérico de 12', 4, 'AB1234567890', null],
    ['pasaporte de 13', 4, 'AB12345678901', 'Se espera de 7 a 12 caracteres alfanuméricos'],
    ['pasaporte con guion', 4, 'AB-123456', 'Se espera de 7 a 12 caracteres alfanuméricos'],
    ['CDI de 15', 5, 'CD1234567890123', null],
    ['CDI de 16', 5, 'CD12345678901234', 'Máximo 15 caracteres'],
    ['CPP de 6', 7, 'CP1234', 'Se espera de 7 a 15 caracteres alfanuméricos'],
    ['tipo 8 de 7', 8, 'X123456', null],
    ['tipo 12 de 6', 12, 'X12345', 'Se espera de 7 a 15 caracteres alfanuméricos'],
    ['sin documento', 6, '', null],
  ];
  for (const [nombre, tipo, documento, mensaje] of casos) {
    it(`${nombre}: ${mensaje ?? 'se registra'}`, async () => {
      const r = await crear({ IdTipoDocumento: tipo, Documento: documento, RazonSocial: `CLIENTE ${nombre.toUpperCase()}` });
      if (mensaje === null) {
        expect(r.statusCode, r.body).toBe(201);
        expect(r.json<TEntidad>()).toMatchObject({ IdTipoDocumento: tipo, Documento: tipo === 6 ? '00000000' : documento });
      } else {
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Documento: mensaje } });
      }
    });
  }

  it('un documento ya registrado para el mismo tipo de entidad da el aviso de cliente existente', async () => {
    const r = await crear({ IdTipoDocumento: 1, Documento: '45678912' });
    expect(r.statusCode).toBe(400);
    expect(r.json().Errores).toEqual({ Documento: MensajesConsultaEntidad.YA_REGISTRADO });
    // The same person may also be a supplier.
    expect((await crear({ IdTipoDocumento: 1, Documento: '45678912', TipoEntidad: 4 })).statusCode).toBe(201);
  });

  it('valida correo y razón social', async () => {
    const r = await crear({ IdTipoDocumento: 1, Documento: '11112222', RazonSocial: '  ', Correo: 'no-es-correo' });
    expect(r.statusCode).toBe(400);
    expect(r.json().Errores).toMatchObject({ RazonSocial: 'Ingrese la razón social o nombre', Correo: 'Correo electrónico no válido' });
  });
});

describe('empresa de la sesión', () => {
  it('la entidad de otra empresa es 404 (ver, editar, desactivar) y no aparece en sus búsquedas', async () => {
    const propia = (await crear({ IdTipoDocumento: 1, Documento: '70000001', RazonSocial: 'SOLO DE COMERCIAL ANDINA' })).json<TEntidad>();
    expect((await llamar('GET', `/api/entidades/v1/entidades/${propia.Id}`, undefined, tokenOtra)).statusCode).toBe(404);
    const edicion = await llamar('PUT', `/api/entidades/v1/entidades/${propia.Id}`, { IdTipoDocumento: 1, Documento: '70000001', RazonSocial: 'X' }, tokenOtra);
    expect(edicion.statusCode).toBe(404);
    expect((await llamar('PUT', `/api/entidades/v1/entidades/${propia.Id}/estado`, { LogEstado: 0 }, tokenOtra)).statusCode).toBe(404);
    const busqueda = await llamar('GET', '/api/entidades/v1/entidades?filtro=70000001', undefined, tokenOtra);
    expect(busqueda.json().Count).toBe(0);
    expect((await llamar('GET', `/api/entidades/v1/entidades/${propia.Id}`)).json().RazonSocial).toBe('SOLO DE COMERCIAL ANDINA');
  });

  it("cada empresa tiene su 'CLIENTES VARIOS' con documento 00000000000, que no se puede editar", async () => {
    const a = (await llamar('GET', '/api/entidades/v1/entidades/generico')).json<TEntidad>();
    const b = (await llamar('GET', '/api/entidades/v1/entidades/generico', undefined, tokenOtra)).json<TEntidad>();
    expect(a).toMatchObject({ RazonSocial: CLIENTE_GENERICO.RazonSocial, Documento: '00000000000', EsGenerico: true });
    expect(b.IdEntidadEmpresa).not.toBe(a.IdEntidadEmpresa);
    const r = await llamar('PUT', `/api/entidades/v1/entidades/${a.Id}`, { IdTipoDocumento: 1, Documento: '12345678', RazonSocial: 'OTRO' });
    expect(r.statusCode).toBe(400);
    // Asking twice does not create a second one.
    expect((await llamar('GET', '/api/entidades/v1/entidades/generico')).json().Id).toBe(a.Id);
  });
});

describe('búsqueda', () => {
  it('pagina de 10 en 10, recorta el texto y busca por documento o por nombre', async () => {
    for (let i = 0; i < 23; i++) {
      const r = await crear({ IdTipoDocumento: 1, Documento: `8800${String(i).padStart(4, '0')}`, RazonSocial: `PAGINADO ÑUÑOA ${String(i).padStart(2, '0')}` });
      expect(r.statusCode).toBe(201);
    }
    const p1 = (await llamar('GET', '/api/entidades/v1/entidades?filtro=%20%20paginado%20%C3%B1u%20&pagina=1')).json();
    expect(p1.Count).toBe(23);
    expect(p1.Data).toHaveLength(10);
    expect(p1.Data[0].RazonSocial).toBe('PAGINADO ÑUÑOA 00');
    const p3 = (await llamar('GET', '/api/entidades/v1/entidades?filtro=paginado&pagina=3')).json();
    expect(p3.Data.map((x: TEntidad) => x.RazonSocial)).toEqual(['PAGINADO ÑUÑOA 20', 'PAGINADO ÑUÑOA 21', 'PAGINADO ÑUÑOA 22']);
    const porDocumento = (await llamar('GET', '/api/entidades/v1/entidades?filtro=88000007')).json();
    expect(porDocumento.Data.map((x: TEntidad) => x.RazonSocial)).toEqual(['PAGINADO ÑUÑOA 07']);
    // LIKE wildcards typed by the user are literal.
    expect((await llamar('GET', '/api/entidades/v1/entidades?filtro=%25')).json().Count).toBe(0);
  });

  it('no distingue tildes ni ñ: "MARIA" encuentra a "MARÍA PÉREZ" y "maría" también (issue 11, punto 14)', async () => {
    const nombres = async (filtro: string) =>
      ((await llamar('GET', `/api/entidades/v1/entidades?filtro=${encodeURIComponent(filtro)}&estado=-1&regxpag=100`)).json().Data as TEntidad[]).map((x) => x.RazonSocial);
    // The demo's customer MARÍA PÉREZ QUISPE.
    expect(await nombres('MARIA PEREZ')).toContain('MARÍA PÉREZ QUISPE');
    const r = await crear({ IdTipoDocumento: 1, Documento: '45670001', RazonSocial: 'ROSALÍA CÁCERES ÚRSULA' });
    expect(r.statusCode, r.body).toBe(201);
    await crear({ IdTipoDocumento: 1, Documento: '45670002', RazonSocial: 'JOSÉ MUÑOZ ÁVILA' });
    for (const filtro of ['ROSALIA', 'rosalia caceres', 'ROSALÍA', 'cáceres úrsula', 'CACERÈS'])
      expect(await nombres(filtro), filtro).toEqual(['ROSALÍA CÁCERES ÚRSULA']);
    // ñ is searched as n as well (a keyboard without ñ still finds the customer), and ñ typed finds it too.
    expect(await nombres('munoz avila')).toEqual(['JOSÉ MUÑOZ ÁVILA']);
    expect(await nombres('MUÑOZ ÁVILA')).toEqual(['JOSÉ MUÑOZ ÁVILA']);
    expect(await nombres('ROSALIO')).toEqual([]);
  });

  it('desactivar la saca de la búsqueda de activas; estado=-1 la muestra', async () => {
    const c = (await crear({ IdTipoDocumento: 1, Documento: '77770000', RazonSocial: 'CLIENTE A DESACTIVAR' })).json<TEntidad>();
    const r = await llamar('PUT', `/api/entidades/v1/entidades/${c.Id}/estado`, { LogEstado: 0 });
    expect(r.json().LogEstado).toBe(0);
    expect((await llamar('GET', '/api/entidades/v1/entidades?filtro=77770000')).json().Count).toBe(0);
    expect((await llamar('GET', '/api/entidades/v1/entidades?filtro=77770000&estado=-1')).json().Count).toBe(1);
  });

  it('editar cambia los datos y valida el documento', async () => {
    const c = (await crear({ IdTipoDocumento: 1, Documento: '66660000', RazonSocial: 'ANTES' })).json<TEntidad>();
    const malo = await llamar('PUT', `/api/entidades/v1/entidades/${c.Id}`, { IdTipoDocumento: 1, Documento: '6666000', RazonSocial: 'DESPUÉS' });
    expect(malo.json().Errores).toEqual({ Documento: 'Se espera 8 dígitos' });
    const bueno = await llamar('PUT', `/api/entidades/v1/entidades/${c.Id}`, { IdTipoDocumento: 1, Documento: '66660000', RazonSocial: 'DESPUÉS', IdUbigeo: '150101' });
    expect(bueno.json()).toMatchObject({ RazonSocial: 'DESPUÉS', IdUbigeo: '150101' });
  });
});

describe('POST entidad/consulta', () => {
  it("un documento no registrado: 'No hay Entidad'", async () => {
    const r = await llamar('POST', '/api/entidades/v1/entidad/consulta', { idTipoDocumento: 1, numeroDocumento: '99999999' });
    expect(r.json()).toEqual({ Collection: [], Count: 0, Origen: null, Mensaje: MensajesConsultaEntidad.NO_HAY });
  });

  it('un cliente registrado: lo devuelve con el aviso de cliente existente', async () => {
    await crear({ IdTipoDocumento: 2, Documento: '20131312955', RazonSocial: 'SUPERINTENDENCIA NACIONAL DE ADUANAS' });
    const r = await llamar('POST', '/api/entidades/v1/entidad/consulta', { idTipoDocumento: 2, numeroDocumento: '20131312955', consultasunat: true });
    expect(r.json()).toMatchObject({ Origen: 'ENTIDAD', Mensaje: MensajesConsultaEntidad.YA_REGISTRADO, Count: 1 });
    expect(r.json().Collection[0].RazonSocial).toBe('SUPERINTENDENCIA NACIONAL DE ADUANAS');
  });

  it("un RUC que tampoco está en el padrón: 'No hay Entidad - SUNAT'", async () => {
    const otro = await llamar('POST', '/api/entidades/v1/entidad/consulta', { idTipoDocumento: 2, numeroDocumento: '20601030013', consultasunat: true });
    expect(otro.json()).toMatchObject({ Collection: [], Origen: null, Mensaje: MensajesConsultaEntidad.NO_HAY_SUNAT });
  });

  it('por razón social pagina los resultados', async () => {
    const r = await llamar('POST', '/api/entidades/v1/entidad/consulta', { idTipoDocumento: 1, razonSocial: 'paginado', paginaActual: 3 });
    expect(r.json()).toMatchObject({ Count: 23, Origen: 'ENTIDAD' });
    expect(r.json().Collection).toHaveLength(3);
  });
});

describe('ubigeos', () => {
  it('busca por nombre sin tildes y pagina; uno por código', async () => {
    const r = await llamar('GET', '/api/entidades/v1/ubigeos?filtro=lima%20miraflores');
    expect(r.json().Data[0]).toMatchObject({ IdUbigeo: '150122', Distrito: 'MIRAFLORES' });
    const todos = (await llamar('GET', '/api/entidades/v1/ubigeos?regxpag=10&pagina=2')).json();
    expect(todos.Data).toHaveLength(10);
    expect(todos.Count).toBeGreaterThan(1800);
    expect((await llamar('GET', '/api/entidades/v1/ubigeo/150101')).json().Descripcion).toBe('LIMA - LIMA - LIMA');
    expect((await llamar('GET', '/api/entidades/v1/ubigeo/999999')).statusCode).toBe(404);
  });
});

describe('sucursales', () => {
  it('lista las de la empresa (shell) con letra y color; crea y edita; la de otra empresa es 404', async () => {
    const s = await sesionDe(e.app, 'supervisor');
    const lista = (await llamar('GET', `/api/finanzas/v1/entidades/${s.IdEntidadEmpresa}/sucursales?pagina=1&regxpag=10&estado=1`)).json();
    expect(lista.Count).toBe(2);
    expect(lista.Data[0]).toMatchObject({ RazonSocial: 'COMERCIAL ANDINA - SEDE PRINCIPAL', letrainicio: 'C' });
    expect(lista.Data[0].colorbackground).toMatch(/^#[0-9a-f]{6}$/i);
    expect((await llamar('GET', `/api/finanzas/v1/entidades/${s.IdEntidadEmpresa}/sucursales`, undefined, tokenOtra)).statusCode).toBe(404);

    const nueva = await llamar('POST', '/api/entidades/v1/sucursales', { RazonSocial: 'tienda surco', Direccion: 'AV. PRIMAVERA 100', IdUbigeo: '150140', colorbackground: '#123456' });
    expect(nueva.statusCode, nueva.body).toBe(201);
    expect(nueva.json()).toMatchObject({ letrainicio: 'T', colorbackground: '#123456', IdEntidad: s.IdEntidadEmpresa });
    const id = nueva.json().Id;
    const editada = await llamar('PUT', `/api/entidades/v1/sucursales/${id}`, { RazonSocial: 'SURCO', colorbackground: '#abcdef' });
    expect(editada.json()).toMatchObject({ RazonSocial: 'SURCO', letrainicio: 'S', colorbackground: '#abcdef' });
    expect((await llamar('GET', `/api/entidades/v1/sucursales/${id}`, undefined, tokenOtra)).statusCode).toBe(404);
    expect((await llamar('PUT', `/api/entidades/v1/sucursales/${id}`, { RazonSocial: 'X' }, tokenOtra)).statusCode).toBe(404);
    const mala = await llamar('POST', '/api/entidades/v1/sucursales', { RazonSocial: '', colorbackground: 'rojo' });
    expect(mala.json().Errores).toMatchObject({ RazonSocial: 'Ingrese el nombre de la sucursal', colorbackground: 'Color no válido (#RRGGBB)' });
  });
});

describe('menú de maestros', () => {
  const rutas = (nodos: { Ruta: string | null; Hijos: unknown[] }[]): string[] =>
    nodos.flatMap((n) => [...(n.Ruta ? [n.Ruta] : []), ...rutas(n.Hijos as typeof nodos)]);

  it('el supervisor ve clientes, ítems y sucursales (el padrón, solo el proveedor); el cajero solo clientes e ítems', async () => {
    const sup = await sesionDe(e.app, 'supervisor');
    const menuSup = rutas((await llamar('GET', `/api/seguridad/v2/usuarios/${sup.IdUsuario}/permisos/modulos`, undefined, sup.AccessToken)).json().Data);
    expect(menuSup).toEqual(expect.arrayContaining(['/admin/entidades', '/admin/items', '/admin/sucursales']));
    expect(menuSup).not.toContain('/admin/padron-ruc');
    const prov = await sesionDe(e.app, 'proveedor');
    const menuProv = rutas((await llamar('GET', `/api/seguridad/v2/usuarios/${prov.IdUsuario}/permisos/modulos`, undefined, prov.AccessToken)).json().Data);
    expect(menuProv).toContain('/admin/padron-ruc');
    const caj = await sesionDe(e.app, 'cajero');
    const menuCaj = rutas((await llamar('GET', `/api/seguridad/v2/usuarios/${caj.IdUsuario}/permisos/modulos`, undefined, caj.AccessToken)).json().Data);
    expect(menuCaj).toEqual(expect.arrayContaining(['/admin/entidades', '/admin/items']));
    expect(menuCaj).not.toContain('/admin/sucursales');
    expect(menuCaj).not.toContain('/admin/padron-ruc');
  });
});

describe('servicios por rol', () => {
  it('el cajero registra clientes y consulta ítems, pero no desactiva clientes, ni edita sucursales, ni importa el padrón', async () => {
    const caj = (await sesionDe(e.app, 'cajero')).AccessToken;
    const c = await crear({ IdTipoDocumento: 1, Documento: '55550000', RazonSocial: 'CLIENTE DEL CAJERO' }, caj);
    expect(c.statusCode).toBe(201);
    expect((await llamar('GET', '/api/logistica/v1/items', undefined, caj)).statusCode).toBe(200);
    expect((await llamar('PUT', `/api/entidades/v1/entidades/${c.json().Id}/estado`, { LogEstado: 0 }, caj)).statusCode).toBe(403);
    expect((await llamar('POST', '/api/entidades/v1/sucursales', { RazonSocial: 'NO' }, caj)).statusCode).toBe(403);
    expect((await llamar('POST', '/api/entidades/v1/padron-ruc/importaciones/ruta', { Ruta: '/tmp/x.txt' }, caj)).statusCode).toBe(403);
    expect((await llamar('POST', '/api/logistica/v1/items', { Codigo: 'X', Descripcion: 'X', CodigoUnidad: 'NIU', Precio: '1' }, caj)).statusCode).toBe(403);
  });
});

describe('formas del seed en entidades/{id}', () => {
  it('la entidad por id trae NumeroDocumento y el PUT acepta solo correo_electronico', async () => {
    const creada = (await crear({ IdTipoDocumento: 1, Documento: '41234568', RazonSocial: 'ROSA QUISPE', Telefono: '987654321' })).json() as TEntidad;
    const leida = (await llamar('GET', `/api/entidades/v1/entidades/${creada.Id}`)).json() as TEntidad;
    expect(leida.NumeroDocumento).toBe('41234568');

    const r = await llamar('PUT', `/api/entidades/v1/entidades/${creada.Id}`, { correo_electronico: 'rosa.quispe@example.pe' });
    expect(r.statusCode, r.body).toBe(200);
    // Only the e-mail changed.
    expect(r.json()).toMatchObject({ Correo: 'rosa.quispe@example.pe', RazonSocial: 'ROSA QUISPE', Documento: '41234568', Telefono: '987654321' });

    const malo = await llamar('PUT', `/api/entidades/v1/entidades/${creada.Id}`, { correo_electronico: 'no-es-correo' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json()).toMatchObject({ ErrorId: ErrorCodes.VALIDACION, Errores: { Correo: 'Correo electrónico no válido' } });
    // Another company's entity is not found, and nothing changes.
    expect((await llamar('PUT', `/api/entidades/v1/entidades/${creada.Id}`, { correo_electronico: 'x@example.pe' }, tokenOtra)).statusCode).toBe(404);
    expect(((await llamar('GET', `/api/entidades/v1/entidades/${creada.Id}`)).json() as TEntidad).Correo).toBe('rosa.quispe@example.pe');
  });
});
