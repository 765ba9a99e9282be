import net from 'node:net';
import { once } from 'node:events';

/** A port nobody listens on right now, for starting a shop process in tests and benchmarks. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = net.createServer().listen(0, host);
  await once(server, 'listening');
  const address = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return address.port;
}
