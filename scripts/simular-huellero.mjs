#!/usr/bin/env node
// A stand-in for a ZKTeco clock-in device (issue 16): handshake, then a week of punches as ATTLOG lines, over the
// same push protocol a real device speaks, against a running server. Register the serial first (RR. HH. > Huelleros).
//
//   npm run simular:huellero -- --sn DEMOZK0000001 --pin 45871236 --desde 2026-03-02 --dias 5 --tarde 2
//
// Options: --url (default http://localhost:3000), --sn, --pin (the worker's DNI), --desde (a date), --dias (default 5),
// --entrada 08:00, --salida 17:00, --tarde N (the N-th day, 1-based, arrives 25 minutes late), --sin-salida N.
import { parseArgs } from 'node:util';

const { values: o } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.YUPANA_URL ?? 'http://localhost:3000' },
    sn: { type: 'string' },
    pin: { type: 'string' },
    desde: { type: 'string' },
    dias: { type: 'string', default: '5' },
    entrada: { type: 'string', default: '08:00' },
    salida: { type: 'string', default: '17:00' },
    tarde: { type: 'string' },
    'sin-salida': { type: 'string' },
  },
});
if (!o.sn || !o.pin || !o.desde || !/^\d{4}-\d{2}-\d{2}$/.test(o.desde)) {
  console.error('Uso: npm run simular:huellero -- --sn SERIE --pin DNI --desde AAAA-MM-DD [--dias 5] [--tarde 2] [--url http://localhost:3000]');
  process.exit(2);
}
const conMinutos = (hora, min) => {
  const t = Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5)) + min;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}:00`;
};
const lineas = [];
for (let i = 0; i < Number(o.dias); i++) {
  const fecha = new Date(Date.parse(`${o.desde}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
  const tarde = Number(o.tarde) === i + 1;
  // Entry a few minutes early (or 25 late), exit a few minutes after the scheduled time.
  lineas.push(`${o.pin}\t${fecha} ${conMinutos(o.entrada, tarde ? 25 : -((i * 3) % 7))}\t0\t1\t0\t0\t0`);
  if (Number(o['sin-salida']) !== i + 1) lineas.push(`${o.pin}\t${fecha} ${conMinutos(o.salida, (i * 4) % 9)}\t1\t1\t0\t0\t0`);
}
const base = `${o.url.replace(/\/$/, '')}/iclock`;
const sn = encodeURIComponent(o.sn);
const inicio = await fetch(`${base}/cdata?SN=${sn}&options=all&pushver=2.4.1&language=83`);
console.log(`inicio: ${inicio.status} ${(await inicio.text()).split('\n')[0]}`);
if (!inicio.ok) process.exit(1);
const envio = await fetch(`${base}/cdata?SN=${sn}&table=ATTLOG&Stamp=9999`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: lineas.join('\n') });
console.log(`ATTLOG (${lineas.length} líneas): ${envio.status} ${await envio.text()}`);
const comandos = await fetch(`${base}/getrequest?SN=${sn}`);
console.log(`getrequest: ${comandos.status} ${await comandos.text()}`);
process.exit(envio.ok ? 0 : 1);
