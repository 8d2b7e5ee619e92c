import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stands between the workers and the simulator and counts every sendBill it forwards, by file name: the proof that
 * no document was sent twice (nor under another number) is what reached "SUNAT", not what our tables say.
 */
export async function proxyContador(destino: string): Promise<{ url: string; envios: Map<string, number>; cerrar(): Promise<void> }> {
  const envios = new Map<string, number>();
  const d = new URL(destino);
  const server = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      const cuerpo = Buffer.concat(partes);
      const texto = cuerpo.toString('utf8');
      if (texto.includes('sendBill>')) {
        const nombre = /<fileName>([^<]+)<\/fileName>/.exec(texto)?.[1] ?? '?';
        envios.set(nombre, (envios.get(nombre) ?? 0) + 1);
      }
      const reenvio = request(
        { host: d.hostname, port: d.port, path: req.url, method: req.method, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      reenvio.on('error', () => req.socket.destroy());
      reenvio.end(cuerpo);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    envios,
    cerrar: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
