import { parseArgs } from 'node:util';
import { CLIENTE_GRE_PRUEBA, iniciarSimulador, USUARIO_PRUEBA } from './simulador';

const AYUDA = `Uso: yupana-sunat-sim [--port 8089] [--host 127.0.0.1] [--demora-ticket MS] [--plazo-dias 3]
Simulador local de SUNAT: billService, billConsultService, API REST de GRE (OAuth2) y /admin en un solo puerto.
Usuario SOL de prueba: cualquier RUC + ${USUARIO_PRUEBA.usuario} / ${USUARIO_PRUEBA.clave}.
Cliente GRE de prueba: ${CLIENTE_GRE_PRUEBA.clientId} / ${CLIENTE_GRE_PRUEBA.clientSecret}.
Administración: GET /admin/estado, POST /admin/fallas {"tipo":"excepcion","codigo":"0109","veces":1},
DELETE /admin/fallas, POST /admin/caer {"duracionMs":5000}, POST /admin/reiniciar.`;

export async function main(args: string[]): Promise<number> {
  let valores;
  try {
    valores = parseArgs({
      args,
      options: { port: { type: 'string' }, host: { type: 'string' }, 'demora-ticket': { type: 'string' }, 'plazo-dias': { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
    }).values;
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n\n${AYUDA}`);
    return 64;
  }
  if (valores.help) {
    console.log(AYUDA);
    return 0;
  }
  const sim = await iniciarSimulador({
    port: Number(valores.port ?? 8089),
    host: valores.host,
    demoraTicketMs: valores['demora-ticket'] ? Number(valores['demora-ticket']) : undefined,
    plazoDias: valores['plazo-dias'] ? Number(valores['plazo-dias']) : undefined,
  });
  console.log(`Simulador de SUNAT escuchando en ${sim.url} (yupana-sunat --sim ${sim.url})`);
  await new Promise<void>((ok) => {
    const salir = () => ok();
    process.once('SIGINT', salir);
    process.once('SIGTERM', salir);
  });
  await sim.detener();
  return 0;
}
