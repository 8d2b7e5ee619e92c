// yupana-sunat: construye, firma, envía y consulta documentos electrónicos de SUNAT.
import { run as build } from './build';
import { run as qr } from './qr';
import { run as send } from './send';
import { run as status } from './status';
import { run as cdr } from './cdr';

const AYUDA = `Uso: yupana-sunat <comando> [opciones]

Comandos:
  build ARCHIVO.json [--pfx F.pfx --password P] --out DIR
        Construye, firma y comprime el documento; escribe DIR/NOMBRE.xml y DIR/NOMBRE.zip (nombre SUNAT).
        Sin --pfx firma con un certificado de prueba autofirmado generado al vuelo.
  qr ARCHIVO.json [--pfx F.pfx --password P]
        Imprime el texto del QR (RUC|TIPO|SERIE|NUMERO|IGV|TOTAL|FECHA|TIPODOC|NUMDOC|HASH|).
  send ARCHIVO.zip|ARCHIVO.xml ...   Envía a SUNAT (ver yupana-sunat send --help).
  status TICKET ...                  Consulta un ticket de resumen o guía.
  cdr ARCHIVO.zip|ARCHIVO.xml        Lee una constancia de recepción (CDR) e imprime el resultado en JSON.
`;

const COMANDOS: Record<string, (args: string[]) => Promise<number>> = { build, qr, send, status, cdr };

export async function main(argv: string[]): Promise<number> {
  const [comando, ...args] = argv;
  if (!comando || comando === '--help' || comando === '-h' || comando === 'help') {
    process.stdout.write(AYUDA);
    return comando ? 0 : 2;
  }
  const fn = COMANDOS[comando];
  if (!fn) {
    process.stderr.write(`Comando desconocido: ${comando}\n\n${AYUDA}`);
    return 2;
  }
  return fn(args);
}

const esPrincipal = process.argv[1] && /main\.ts$/.test(process.argv[1]);
if (esPrincipal) {
  main(process.argv.slice(2)).then(
    (codigo) => process.exit(codigo),
    (e) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}
