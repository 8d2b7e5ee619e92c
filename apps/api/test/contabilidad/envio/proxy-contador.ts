import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the stand-in in front of the simulator does with each request: pass it on, answer an HTML page (a proxy's
 * maintenance page, a captive portal) instead of SOAP, or hang without ever answering (an OSE that accepts the
 * connection and then stalls).
 */
export type TModoProxy = 'normal' | 'html' | 'colgar';

export const PAGINA_HTML = '<!DOCTYPE html><html><head><title>Mantenimiento</title></head><body><h1>Servicio en mantenimiento</h1><p>token-interno=NO-MOSTRAR-4471</p></body></html>';

/**
 * Stands between the workers and the simulator and counts every sendBill it forwards, by file name: the proof that
 * no document was sent twice (nor under another number) is what reached "SUNAT", not what our tables say. Its `modo`
 * can be switched while the test runs.
 */
export async function proxyContador(destino: string): Promise<{
  url: string;
  envios: Map<string, number>;
  modo: TModoProxy;
  /** Requests answered with the HTML page, and requests left hanging. */
  paginas: number;
  colgados: number;
  cerrar(): Promise<void>;
}> {
  const d = new URL(destino);
  const estado = {
    envios: new Map<string, number>(),
    modo: 'normal' as TModoProxy,
    paginas: 0,
    colgados: 0,
  };
  const reenviar = (req: IncomingMessage, res: ServerResponse, cuerpo: Buffer) => {
    const reenvio = request({ host: d.hostname, port: d.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    reenvio.on('error', () => req.socket.destroy());
    reenvio.end(cuerpo);
  };
  const server = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      const cuerpo = Buffer.concat(partes);
      if (estado.modo === 'colgar') {
        estado.colgados++;
        return;
      }
      if (estado.modo === 'html') {
        estado.paginas++;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGINA_HTML);
        return;
      }
      const texto = cuerpo.toString('utf8');
      if (texto.includes('sendBill>')) {
        const nombre = /<fileName>([^<]+)<\/fileName>/.exec(texto)?.[1] ?? '?';
        estado.envios.set(nombre, (estado.envios.get(nombre) ?? 0) + 1);
      }
      reenviar(req, res, cuerpo);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return Object.assign(estado, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cerrar: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  });
}
