import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { onCleanup } from './testApp';

/** One parsed Server-Sent Event. */
export interface StreamEvent {
  event: string;
  id?: string;
  data?: string;
}

export interface OpenStream {
  status: number;
  events: StreamEvent[];
  /** Comment lines (keep-alives) seen. */
  comments: number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  waitFor(predicate: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
  pause(): void;
  resume(): void;
}

/** The app on a real loopback port (a stream needs a socket, not inject()); closed with the test. */
export async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Opens `GET /api/services/:id/events` as a browser's EventSource would, parsing events as they come. */
export async function openEventStream(base: string, cookie: string | undefined, serviceId: string, lastEventId?: string, extraHeaders: Record<string, string> = {}): Promise<OpenStream> {
  const headers: Record<string, string> = { accept: 'text/event-stream', ...extraHeaders };
  if (cookie) headers.cookie = cookie;
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(`${base}/api/services/${serviceId}/events`, { headers }, resolve);
    req.on('error', reject);
    req.end();
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  const stream: OpenStream = {
    status: response.statusCode ?? 0,
    events,
    comments: 0,
    ended: new Promise((resolve) => {
      response.on('end', resolve);
      response.on('close', resolve);
    }),
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Kein passendes Ereignis in ${timeoutMs} ms: ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => response.destroy(),
    pause: () => response.pause(),
    resume: () => response.resume(),
  };
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: StreamEvent = { event: 'message' };
      let fields = 0;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) stream.comments++;
        const match = /^(event|id|data): ?(.*)$/.exec(line);
        if (!match) continue;
        fields++;
        const [, name, value] = match;
        if (name === 'event') event.event = value ?? '';
        else if (name === 'id') event.id = value;
        else event.data = value;
      }
      if (fields > 0) events.push(event);
    }
    for (const waiter of [...waiters]) waiter();
  });
  onCleanup(() => {
    response.destroy();
    return Promise.resolve();
  });
  return stream;
}
