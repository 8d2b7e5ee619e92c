// `npm run proveedor -- --ruc 20xxxxxxxxx --razon-social "MI EMPRESA S.A.C." --correo admin@miempresa.pe [--usuario admin]
//   [--nombres Ana --apellidos Pérez] [--direccion "..."] [--marcar-existente]`
// Creates the platform provider company (the one that sells the plans and runs the payments inbox) on the database
// the server uses (DATABASE_URL, else the embedded one in DATA_DIR), with a first user holding Supervisor and Soporte.
// The password comes from PROVEEDOR_CONTRASENHA or is generated and printed once.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { esRucValido } from '@yupana/contracts';
import { abrirDb } from '../db/client';
import { hashContrasenha } from '../lib/password';
import { crearEmpresaProveedora } from '../lib/proveedor';

async function main(): Promise<number> {
  const { values: a } = parseArgs({
    options: {
      ruc: { type: 'string' },
      'razon-social': { type: 'string' },
      correo: { type: 'string' },
      usuario: { type: 'string', default: 'proveedor' },
      nombres: { type: 'string', default: 'Administrador' },
      apellidos: { type: 'string', default: 'Plataforma' },
      direccion: { type: 'string' },
      'marcar-existente': { type: 'boolean', default: false },
    },
  });
  const faltan = (['ruc', 'razon-social', 'correo'] as const).filter((k) => !a[k]?.trim());
  if (faltan.length) {
    console.error(`Faltan datos: ${faltan.map((k) => `--${k}`).join(', ')}`);
    return 2;
  }
  const ruc = a.ruc!.trim();
  if (!esRucValido(ruc)) {
    console.error(`El RUC ${ruc} no es válido (11 dígitos, prefijo y dígito verificador de SUNAT)`);
    return 2;
  }
  const generada = !process.env.PROVEEDOR_CONTRASENHA;
  const contrasenha = process.env.PROVEEDOR_CONTRASENHA || randomBytes(12).toString('base64url');

  const dbh = await abrirDb(process.env.DATABASE_URL, path.resolve(process.env.DATA_DIR ?? './data'));
  try {
    await dbh.migrar();
    const r = await crearEmpresaProveedora(dbh.db, {
      ruc,
      razonSocial: a['razon-social']!.trim(),
      direccion: a.direccion?.trim(),
      correo: a.correo!.trim(),
      usuario: a.usuario!.trim(),
      nombres: a.nombres!.trim(),
      apellidos: a.apellidos!.trim(),
      contrasenhaHash: await hashContrasenha(contrasenha),
      marcarExistente: a['marcar-existente'],
    });
    if (!r.creada) {
      console.log(`La empresa con RUC ${ruc} (id ${r.idEmpresa}) es ahora la empresa proveedora.`);
      return 0;
    }
    console.log(`Empresa proveedora creada (id ${r.idEmpresa}) con el usuario ${a.usuario} (Supervisor y Soporte).`);
    if (generada) console.log(`Contraseña generada (guárdela ahora, no se vuelve a mostrar): ${contrasenha}`);
    console.log('Luego configure su certificado y clave SOL y sus series desde la aplicación, como cualquier empresa.');
    return 0;
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    return 1;
  } finally {
    await dbh.cerrar();
  }
}

main().then((codigo) => process.exit(codigo));
