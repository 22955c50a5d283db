import { createServer, request as forward } from 'node:http';
import type { Server } from 'node:http';

/**
 * A small reverse proxy on 127.0.0.1:`port` that alternates between `upstreams` (ports) request by
 * request and passes the Host header through, like a load balancer in front of several server
 * processes (docs/deployment.md). An upstream that does not answer gives 502. Used by the
 * two-process e2e tests (./twoProcesses.ts) and the load benchmark (bench/load.ts).
 */
export interface AlternatingProxy {
  /** Requests per upstream. */
  hits: number[];
  /** Requests to /api/sync/… per upstream. */
  syncHits: number[];
  close(): Promise<void>;
}

export function startAlternatingProxy(port: number, upstreams: readonly number[]): Promise<AlternatingProxy> {
  const hits = upstreams.map(() => 0);
  const syncHits = upstreams.map(() => 0);
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    hits[index] = (hits[index] ?? 0) + 1;
    if (incoming.url?.startsWith('/api/sync/')) syncHits[index] = (syncHits[index] ?? 0) + 1;
    const upstream = forward(
      { host: '127.0.0.1', port: upstreams[index], method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  // Keep-alive between clients and the proxy, as a real one does; many devices at once.
  server.keepAliveTimeout = 10_000;
  server.maxConnections = 10_000;
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      resolve({ hits, syncHits, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
