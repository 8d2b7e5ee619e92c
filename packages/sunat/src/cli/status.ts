import { setTimeout as esperar } from 'node:timers/promises';
import { consultarGre } from '../transport/gre';
import { getStatus } from '../transport/soap';
import { AYUDA_CONEXION, configGre, configSoap, informarError, leerArgs, UsoIncorrecto } from '../transport/opciones-cli';
import { resumenCdr } from './cdr';

const AYUDA = `Uso: yupana-sunat status TICKET [--gre] [--esperar SEGUNDOS] [conexión]
Consulta el ticket de un resumen diario o comunicación de baja (getStatus) o, con --gre, de una guía de remisión.
Con --esperar vuelve a consultar cada 2 s mientras SUNAT responda "en proceso" (98), hasta ese límite.
${AYUDA_CONEXION}`;

export async function run(args: string[]): Promise<number> {
  try {
    const { values, positionals } = leerArgs(args, { gre: { type: 'boolean' }, esperar: { type: 'string' }, help: { type: 'boolean' } });
    if (values.help) {
      console.log(AYUDA);
      return 0;
    }
    if (positionals.length !== 1) throw new UsoIncorrecto(AYUDA);
    const ticket = positionals[0];
    const limite = Date.now() + Number(values.esperar ?? 0) * 1000;
    for (;;) {
      const r = values.gre ? await consultarGre(configGre(values), ticket) : await getStatus(configSoap(values), ticket);
      if (r.estado !== 'en_proceso' || Date.now() + 2000 > limite) {
        const cdr = 'cdr' in r && r.cdr ? resumenCdr(r.cdr) : null;
        console.log(JSON.stringify({ ticket, estado: r.estado, codigo: r.codigo, ...('error' in r ? { error: r.error } : {}), cdr }, null, 2));
        if (r.estado === 'en_proceso') return 0;
        return cdr && (cdr.clase === 'aceptado' || cdr.clase === 'observado') ? 0 : 2;
      }
      await esperar(2000);
    }
  } catch (e) {
    return informarError(e);
  }
}
