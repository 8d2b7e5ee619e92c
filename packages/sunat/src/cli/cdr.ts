import { readFileSync } from 'node:fs';
import { leerCdr, type TCdr } from '../cdr';
import { getStatusCdr } from '../transport/soap';
import { AYUDA_CONEXION, configSoap, informarError, leerArgs, UsoIncorrecto } from '../transport/opciones-cli';

const AYUDA = `Uso: yupana-sunat cdr ARCHIVO.zip|ARCHIVO.xml
       yupana-sunat cdr --consultar RUC-TT-SERIE-NUMERO [conexión]
Lee una constancia de recepción (CDR) y muestra el resultado en JSON; con --consultar la pide a SUNAT (getStatusCdr).
Clase: aceptado (0), observado (0 con notas o 4000+), rechazado (2000-3999), excepcion (0100-1999).
${AYUDA_CONEXION}`;

export function resumenCdr(cdr: TCdr) {
  return { clase: cdr.clase, codigo: cdr.codigo, descripcion: cdr.descripcion, referencia: cdr.referencia, notas: cdr.notas, archivo: cdr.archivo };
}

export async function run(args: string[]): Promise<number> {
  try {
    const { values, positionals } = leerArgs(args, { consultar: { type: 'string' }, help: { type: 'boolean' } });
    if (values.help) {
      console.log(AYUDA);
      return 0;
    }
    if (values.consultar) {
      const m = /^(\d{11})-(\d{2})-([A-Z0-9]{4})-(\d{1,8})$/.exec(values.consultar);
      if (!m) throw new UsoIncorrecto('--consultar espera RUC-TT-SERIE-NUMERO, p. ej. 20123456789-01-F001-123.');
      const r = await getStatusCdr(configSoap(values), { ruc: m[1], tipo: m[2], serie: m[3], numero: m[4] });
      console.log(JSON.stringify({ codigo: r.codigo, mensaje: r.mensaje, cdr: r.cdr ? resumenCdr(r.cdr) : null }, null, 2));
      return r.cdr ? 0 : 2;
    }
    if (positionals.length !== 1) throw new UsoIncorrecto(AYUDA);
    const cdr = leerCdr(new Uint8Array(readFileSync(positionals[0])));
    console.log(JSON.stringify(resumenCdr(cdr), null, 2));
    return 0;
  } catch (e) {
    return informarError(e);
  }
}
