import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sendBill, sendSummary } from '../transport/soap';
import { enviarGre } from '../transport/gre';
import { AYUDA_CONEXION, configGre, configSoap, informarError, leerArgs, UsoIncorrecto } from '../transport/opciones-cli';
import { esZip, zipDocumento } from '../zip';
import { resumenCdr } from './cdr';

const AYUDA = `Uso: yupana-sunat send ARCHIVO.xml|ARCHIVO.zip [--out DIR] [conexión]
Envía un comprobante firmado a SUNAT según su nombre RUC-TT-SERIE-NUMERO:
  01, 03, 07, 08 -> sendBill (responde la constancia CDR; con --out DIR la guarda como R-NOMBRE.zip)
  RC, RA        -> sendSummary (responde un ticket: consúltelo con "yupana-sunat status TICKET")
  09, 31        -> API REST de GRE con OAuth2 (responde un ticket: "yupana-sunat status TICKET --gre")
Códigos de salida: 0 aceptado/recibido, 2 rechazado o excepción de SUNAT, 3 SUNAT no respondió (resultado desconocido).
${AYUDA_CONEXION}`;

export async function run(args: string[]): Promise<number> {
  try {
    const { values, positionals } = leerArgs(args, { out: { type: 'string' }, help: { type: 'boolean' } });
    if (values.help) {
      console.log(AYUDA);
      return 0;
    }
    if (positionals.length !== 1) throw new UsoIncorrecto(AYUDA);
    const archivo = positionals[0];
    const nombre = path.basename(archivo).replace(/\.(xml|zip)$/i, '');
    const m = /^(\d{11})-(01|03|07|08|09|31|RC|RA|RR)-/.exec(nombre);
    if (!m) throw new UsoIncorrecto(`El nombre "${nombre}" no sigue RUC-TT-SERIE-NUMERO ni RUC-RC|RA-AAAAMMDD-N.`);
    const bytes = new Uint8Array(readFileSync(archivo));
    const zip = esZip(bytes) ? bytes : zipDocumento(nombre, bytes);
    const tipo = m[2];

    if (tipo === '09' || tipo === '31') {
      const r = await enviarGre(configGre(values), nombre, zip);
      console.log(JSON.stringify({ archivo: nombre, ticket: r.ticket, fechaRecepcion: r.fechaRecepcion }, null, 2));
      return 0;
    }
    if (tipo === 'RC' || tipo === 'RA' || tipo === 'RR') {
      const r = await sendSummary(configSoap(values), nombre, zip);
      console.log(JSON.stringify({ archivo: nombre, ticket: r.ticket }, null, 2));
      return 0;
    }
    const cdr = await sendBill(configSoap(values), nombre, zip);
    if (values.out) {
      mkdirSync(values.out, { recursive: true });
      writeFileSync(path.join(values.out, `R-${nombre}.xml`), cdr.xml);
    }
    console.log(JSON.stringify({ ...resumenCdr(cdr), archivo: nombre, archivoCdr: cdr.archivo }, null, 2));
    return cdr.clase === 'aceptado' || cdr.clase === 'observado' ? 0 : 2;
  } catch (e) {
    return informarError(e);
  }
}
