import type { MarcaDispositivo } from './asistencia.service';

/**
 * ZKTeco "iclock" push protocol (PUSH SDK 2.4, domain notes §5): pure parts, tested alone.
 * ATTLOG line: PIN \t YYYY-MM-DD HH:MM:SS \t Status \t Verify \t Workcode \t ... (device local time, Lima UTC-5).
 */

export const MAX_LINEAS_ATTLOG = 5000;
const PIN = /^[A-Za-z0-9]{1,20}$/;
const FECHA_HORA = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
export const SERIE_VALIDA = /^[A-Za-z0-9_-]{1,40}$/;

/** Valid punch lines of an ATTLOG body; malformed lines, impossible dates and punches over a day ahead are skipped. */
export function leerAttlog(cuerpo: string, ahora = new Date()): { marcas: MarcaDispositivo[]; lineas: number } {
  const marcas: MarcaDispositivo[] = [];
  let lineas = 0;
  const limite = ahora.getTime() + 86_400_000;
  for (const cruda of cuerpo.split('\n', MAX_LINEAS_ATTLOG)) {
    const linea = cruda.replace(/\r$/, '');
    if (!linea.trim()) continue;
    lineas++;
    const campos = linea.split('\t');
    const pin = campos[0]?.trim() ?? '';
    const fh = FECHA_HORA.exec(campos[1]?.trim() ?? '');
    if (!PIN.test(pin) || !fh) continue;
    const [, a, mes, d, h, mi, s] = fh;
    if (Number(a) < 2000 || Number(a) > 2100 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) continue;
    const t = new Date(`${a}-${mes}-${d}T${h}:${mi}:${s}-05:00`);
    // Rejects 2026-02-30 and the like: the instant must read back as the same Lima date.
    if (Number.isNaN(t.getTime()) || new Date(t.getTime() - 5 * 3_600_000).toISOString().slice(0, 10) !== `${a}-${mes}-${d}`) continue;
    if (t.getTime() > limite) continue;
    const v = campos[3]?.trim();
    const verificacion = v && /^\d{1,3}$/.test(v) && Number(v) <= 255 ? Number(v) : null;
    marcas.push({ pin, fechaHora: t, verificacion });
  }
  return { marcas, lineas };
}

/** The answer to the device's first call (options=all): how and when to send its logs. */
export function respuestaInicio(serie: string): string {
  return [
    `GET OPTION FROM: ${serie}`,
    'ATTLOGStamp=None',
    'OPERLOGStamp=9999',
    'ATTPHOTOStamp=None',
    'ErrorDelay=30',
    'Delay=10',
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    'TransFlag=TransData AttLog',
    'TimeZone=-5',
    'Realtime=1',
    'Encrypt=None',
    'ServerVer=2.4.1',
    'PushProtVer=2.4.1',
    '',
  ].join('\n');
}

/**
 * Requests per key in a fixed one-minute window, in memory with a bounded number of keys (a flood of new addresses
 * cannot grow it without limit). Per process: behind several processes each one applies its own share.
 */
export class LimitePorMinuto {
  private readonly cuentas = new Map<string, { desde: number; n: number }>();
  constructor(
    private readonly maximo: number,
    private readonly maxClaves = 10_000,
  ) {}

  /** true when the request may go on. */
  permitir(clave: string, ahora = Date.now()): boolean {
    const c = this.cuentas.get(clave);
    if (!c || ahora - c.desde >= 60_000) {
      if (!c && this.cuentas.size >= this.maxClaves) {
        for (const [k, v] of this.cuentas) if (ahora - v.desde >= 60_000) this.cuentas.delete(k);
        // Still full of live windows: the oldest key goes.
        if (this.cuentas.size >= this.maxClaves) this.cuentas.delete(this.cuentas.keys().next().value as string);
      }
      this.cuentas.set(clave, { desde: ahora, n: 1 });
      return true;
    }
    c.n++;
    return c.n <= this.maximo;
  }

  get claves(): number {
    return this.cuentas.size;
  }
}
