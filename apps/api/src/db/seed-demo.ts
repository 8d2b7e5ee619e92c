import { count } from 'drizzle-orm';
import { esRucValido, Roles, TipoEmpresa } from '@yupana/contracts';
import { hashContrasenha } from '../lib/password';
import { cargarDemoPagos } from '../modules/pagos/datos-demo';
import type { Db } from './client';
import { cargarDemoContabilidad } from '../modules/contabilidad/demo';
import { cargarDemoEntidades } from '../modules/entidades/demo';
import { cargarDemoPadron } from '../modules/entidades/padron-demo';
import { cargarDemoAlmacenes, cargarDemoItems } from '../modules/logistica/demo';
import { cargarDemoRrhh } from '../modules/rrhh/demo';
import { cargarDemoCajas } from '../modules/cajas/demo';
import { cargarDemoFinanzas } from '../modules/finanzas/demo';
import { cargarDemoLibros } from '../modules/contabilidad/libros/demo';
import { cargarDemoAsistencia } from '../modules/rrhh/asistencia.demo';
import { cuenta, empresa, sucursal, usuario, usuarioRol, usuarioSucursal } from './schema';

export const CONTRASENHA_DEMO = 'Demo.2026';

/** The demo users printed at start, every one of them. */
export const USUARIOS_DEMO = [
  { usuario: 'supervisor', rol: 'Supervisor de Comercial Andina (empresa con RUC)' },
  { usuario: 'cajero', rol: 'Cajero de Comercial Andina' },
  { usuario: 'soporte', rol: 'Soporte de Comercial Andina' },
  { usuario: 'demo.supervisor', rol: 'Supervisor de una empresa DEMO' },
  { usuario: 'demo.cajero', rol: 'Cajero de la empresa DEMO' },
  { usuario: 'sinruc.supervisor', rol: 'Supervisor de Bodega Doña Rosa (sin RUC)' },
  { usuario: 'proveedor', rol: 'Personal de Yupana, el proveedor de la plataforma (planes, pagos, padrón)' },
] as const;

type UsuarioSemilla = { usuario: string; nombres: string; apellidos: string; correo: string; roles: number[]; sucursales: number[] };
type EmpresaSemilla = {
  cuenta: string;
  documento: string | null;
  razonSocial: string;
  tipoEmpresa: number;
  regimenTributario: number;
  direccion: string;
  idUbigeo: string;
  correo: string;
  telefono: string;
  sucursales: { razonSocial: string; descripcion: string; direccion: string; idUbigeo: string }[];
  usuarios: UsuarioSemilla[];
  /** Past the setup wizard (the demo company is not: its users can still configure it). */
  asistenteFinalizado: boolean;
  esProveedor?: boolean;
};

// RUC 20600123450: prefix 20 (legal person) and a valid módulo-11 check digit (checked below before inserting).
const EMPRESAS: EmpresaSemilla[] = [
  {
    cuenta: 'Comercial Andina',
    documento: '20600123450',
    razonSocial: 'COMERCIAL ANDINA YUPANA S.A.C.',
    tipoEmpresa: TipoEmpresa.CON_RUC,
    regimenTributario: 1,
    direccion: 'AV. AREQUIPA 1234, LINCE, LIMA',
    idUbigeo: '150116',
    correo: 'contacto@comercialandina.pe',
    telefono: '014405566',
    sucursales: [
      { razonSocial: 'COMERCIAL ANDINA - SEDE PRINCIPAL', descripcion: 'Sede principal', direccion: 'AV. AREQUIPA 1234, LINCE, LIMA', idUbigeo: '150116' },
      { razonSocial: 'COMERCIAL ANDINA - MIRAFLORES', descripcion: 'Tienda Miraflores', direccion: 'AV. LARCO 456, MIRAFLORES, LIMA', idUbigeo: '150122' },
    ],
    usuarios: [
      { usuario: 'supervisor', nombres: 'Rosa', apellidos: 'Quispe Huamán', correo: 'supervisor@comercialandina.pe', roles: [Roles.SUPERVISOR], sucursales: [0, 1] },
      { usuario: 'cajero', nombres: 'Luis', apellidos: 'Mamani Flores', correo: 'cajero@comercialandina.pe', roles: [Roles.CAJERO], sucursales: [0] },
      { usuario: 'soporte', nombres: 'Carla', apellidos: 'Rojas Vega', correo: 'soporte@comercialandina.pe', roles: [Roles.SOPORTE], sucursales: [0, 1] },
    ],
    asistenteFinalizado: true,
  },
  {
    cuenta: 'Empresa demo',
    documento: null,
    razonSocial: 'EMPRESA DEMO YUPANA',
    tipoEmpresa: TipoEmpresa.DEMO,
    regimenTributario: 0,
    direccion: 'JR. DE LA UNIÓN 500, LIMA',
    idUbigeo: '150101',
    correo: 'demo@yupana.pe',
    telefono: '014000000',
    sucursales: [{ razonSocial: 'EMPRESA DEMO - PRINCIPAL', descripcion: 'Principal', direccion: 'JR. DE LA UNIÓN 500, LIMA', idUbigeo: '150101' }],
    usuarios: [
      { usuario: 'demo.supervisor', nombres: 'Jorge', apellidos: 'Demo', correo: 'supervisor@demo.yupana.pe', roles: [Roles.SUPERVISOR], sucursales: [0] },
      { usuario: 'demo.cajero', nombres: 'Ana', apellidos: 'Demo', correo: 'cajero@demo.yupana.pe', roles: [Roles.CAJERO], sucursales: [0] },
    ],
    asistenteFinalizado: false,
  },
  {
    cuenta: 'Bodega Doña Rosa',
    documento: null,
    razonSocial: 'BODEGA DOÑA ROSA',
    tipoEmpresa: TipoEmpresa.SIN_RUC,
    regimenTributario: 0,
    direccion: 'CALLE LOS PINOS 120, SAN JUAN DE LURIGANCHO, LIMA',
    idUbigeo: '150132',
    correo: 'bodegadonarosa@gmail.com',
    telefono: '987111222',
    sucursales: [{ razonSocial: 'BODEGA DOÑA ROSA', descripcion: 'Bodega', direccion: 'CALLE LOS PINOS 120, SAN JUAN DE LURIGANCHO, LIMA', idUbigeo: '150132' }],
    usuarios: [
      { usuario: 'sinruc.supervisor', nombres: 'Rosa', apellidos: 'Condori', correo: 'bodegadonarosa@gmail.com', roles: [Roles.SUPERVISOR], sucursales: [0] },
    ],
    asistenteFinalizado: true,
  },
  // The platform provider: sells the plans to the companies above and invoices them (a company of its own, so the
  // demo shows the real relationship: Comercial Andina's package is invoiced by Yupana, not by itself).
  {
    cuenta: 'Yupana',
    documento: '20611700009',
    razonSocial: 'YUPANA SOFTWARE S.A.C.',
    tipoEmpresa: TipoEmpresa.CON_RUC,
    regimenTributario: 4,
    direccion: 'AV. JAVIER PRADO ESTE 4200, SANTIAGO DE SURCO, LIMA',
    idUbigeo: '150140',
    correo: 'facturacion@yupana.pe',
    telefono: '017001234',
    sucursales: [{ razonSocial: 'YUPANA SOFTWARE - OFICINA PRINCIPAL', descripcion: 'Oficina principal', direccion: 'AV. JAVIER PRADO ESTE 4200, SANTIAGO DE SURCO, LIMA', idUbigeo: '150140' }],
    usuarios: [
      // Platform staff: Soporte (payments inbox, plans, padrón) and Supervisor (issues the provider's own receipts).
      { usuario: 'proveedor', nombres: 'Diego', apellidos: 'Salazar Ríos', correo: 'soporte@yupana.pe', roles: [Roles.SOPORTE, Roles.SUPERVISOR], sucursales: [0] },
    ],
    asistenteFinalizado: true,
    esProveedor: true,
  },
];

export async function hayDatos(db: Db): Promise<boolean> {
  const [fila] = await db.select({ n: count() }).from(empresa);
  return Number(fila.n) > 0;
}

/**
 * Loads the demo companies, branches and users (password Demo.2026) in one transaction. `padron` adds the demo slice of
 * SUNAT's padrón reducido (about 3,000 taxpayers, see entidades/padron-demo.ts): a fresh `npm start` asks for it; test
 * environments and benchmarks do not (it costs them about 1.5 s each on PGlite).
 */
export async function cargarDatosDemo(db: Db, opciones: { padron?: boolean } = {}): Promise<void> {
  const hash = await hashContrasenha(CONTRASENHA_DEMO);
  for (const e of EMPRESAS) if (e.documento && !esRucValido(e.documento)) throw new Error(`RUC de demostración inválido: ${e.documento}`);

  await db.transaction(async (tx) => {
    for (const e of EMPRESAS) {
      const [c] = await tx.insert(cuenta).values({ nombre: e.cuenta }).returning({ id: cuenta.id });
      const [emp] = await tx
        .insert(empresa)
        .values({
          idCuenta: c.id,
          documento: e.documento,
          razonSocial: e.razonSocial,
          tipoEmpresa: e.tipoEmpresa,
          regimenTributario: e.regimenTributario,
          direccion: e.direccion,
          idUbigeo: e.idUbigeo,
          correo: e.correo,
          telefono: e.telefono,
          asistenteFinalizado: e.asistenteFinalizado,
          esProveedor: e.esProveedor ?? false,
        })
        .returning({ id: empresa.id });
      const sucursales = await tx
        .insert(sucursal)
        .values(e.sucursales.map((s) => ({ ...s, idEmpresa: emp.id, correo: e.correo, telefono: e.telefono })))
        .returning({ id: sucursal.id });
      for (const u of e.usuarios) {
        const [nuevo] = await tx
          .insert(usuario)
          .values({
            idEmpresa: emp.id,
            idCuenta: c.id,
            usuario: u.usuario,
            contrasenhaHash: hash,
            nombres: u.nombres,
            apellidos: u.apellidos,
            correo: u.correo,
            estado: 1,
          })
          .returning({ id: usuario.id });
        await tx.insert(usuarioRol).values(u.roles.map((idRol) => ({ idEmpresa: emp.id, idUsuario: nuevo.id, idRol })));
        await tx
          .insert(usuarioSucursal)
          .values(u.sucursales.map((i) => ({ idEmpresa: emp.id, idUsuario: nuevo.id, idSucursal: sucursales[i].id })));
      }
    }
    await cargarDemoPagos(tx);
    await cargarDemoContabilidad(tx);
    await cargarDemoEntidades(tx);
    await cargarDemoItems(tx);
    await cargarDemoAlmacenes(tx);
    await cargarDemoRrhh(tx);
    await cargarDemoCajas(tx);
    await cargarDemoFinanzas(tx);
    await cargarDemoLibros(tx);
    await cargarDemoAsistencia(tx);
    if (opciones.padron) await cargarDemoPadron(tx);
  });
}
