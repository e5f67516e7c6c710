// A small forward proxy on loopback, as a company's or an ISP's would be: HTTPS through CONNECT
// (a tunnel it cannot read into), plain HTTP as requests for absolute URLs. Each host:port it is
// asked for is mapped to a loopback port (`routes`), so a test can give the service a name the
// client never resolves itself when it goes through the proxy. It logs every request line it
// receives; `refuse` makes it answer 403 to everything, as a proxy that forbids the host does.
import { request as httpRequest, createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface TestProxy {
  url: string;
  /** `CONNECT host:port` or `GET http://host/path`, in the order received. */
  log: string[];
  /** Headers of each plain-HTTP request forwarded (a key must never be among them). */
  headers: IncomingMessage['headers'][];
  close(): Promise<void>;
}

export async function startProxy(routes: Record<string, number>, opts: { refuse?: boolean } = {}): Promise<TestProxy> {
  const log: string[] = [];
  const headers: IncomingMessage['headers'][] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    log.push(`${req.method} ${req.url}`);
    headers.push(req.headers);
    const target = URL.canParse(req.url ?? '') ? new URL(req.url!) : undefined;
    const port = target && routes[`${target.hostname}:${target.port || 80}`];
    if (opts.refuse || !target || !port) {
      res.writeHead(403).end('forbidden by the test proxy');
      return;
    }
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path: target.pathname + target.search, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    log.push(`CONNECT ${req.url}`);
    const port = routes[req.url ?? ''];
    if (opts.refuse || !port) {
      client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [upstream, client]) {
      sockets.add(socket);
      socket.on('error', () => {
        upstream.destroy();
        client.destroy();
      });
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    headers,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
