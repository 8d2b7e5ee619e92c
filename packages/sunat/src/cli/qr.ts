// yupana-sunat qr ARCHIVO.json [--pfx F --password P]: el texto del QR de un comprobante firmado.
import { ErrorValidacion } from '../model';
import type { TComprobante } from '../model/comprobante';
import { textoQrComprobante } from '../qr';
import { construirYFirmar, leerJson, leerOpciones } from './build';

export async function run(args: string[]): Promise<number> {
  const o = leerOpciones(args, ['pfx', 'password']);
  if (o.banderas.has('help') || o.posicionales.length !== 1) {
    process.stderr.write('Uso: yupana-sunat qr ARCHIVO.json [--pfx F.pfx --password P]\n');
    return 2;
  }
  try {
    const f = construirYFirmar(leerJson(o.posicionales[0]), o.valores.pfx, o.valores.password);
    if (!f.totales) {
      process.stderr.write('El QR solo existe para comprobantes de pago (01, 03, 07, 08).\n');
      return 2;
    }
    if (f.certificadoPrueba) process.stderr.write('Firmado con un certificado de PRUEBA autofirmado (sin --pfx): el hash no es el definitivo.\n');
    process.stdout.write(`${textoQrComprobante(f.documento as TComprobante, f.totales, f.digestValue)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof ErrorValidacion) process.stderr.write(`${JSON.stringify(e.detalle)}\n`);
    else process.stderr.write(`${(e as Error).message}\n`);
    return 1;
  }
}
