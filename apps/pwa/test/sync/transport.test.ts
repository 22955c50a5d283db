import { describe, expect, it, vi } from 'vitest';
import { unexpectedReplyStatus } from '../../src/api/client';
import { de } from '../../src/i18n/de';
import { createFetchTransport, pullUrl } from '../../src/sync/transport';
import { json } from '../helpers/render';

const request = { deviceId: '00000000-0000-7000-8000-000000000001', schemaVersion: 1, mutations: [] };

describe('fetch transport', () => {
  it('posts the push with the session cookie and the client header', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(json({ lastSeq: 0, results: [] })));
    const result = await createFetchTransport(fetchImpl).push(request);
    expect(result).toEqual({ ok: true, status: 200, body: { lastSeq: 0, results: [] } });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/sync/push');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: JSON.stringify(request) });
    expect(init.headers).toMatchObject({ 'x-sanidok-client': 'pwa', 'Content-Type': 'application/json' });
  });

  it('passes the opaque cursor URL-encoded with limit and schema version', () => {
    expect(pullUrl({ cursor: 'eyJ4IjoxfQ==', limit: 500, schemaVersion: 1 })).toBe('/api/sync/pull?cursor=eyJ4IjoxfQ%3D%3D&limit=500&schemaVersion=1');
    expect(pullUrl({ limit: 10, schemaVersion: 2 })).toBe('/api/sync/pull?limit=10&schemaVersion=2');
    // The device and its outbox count ride along for the board's team panel.
    expect(pullUrl({ limit: 10, schemaVersion: 2, deviceId: 'd-1', pending: 3 })).toBe('/api/sync/pull?limit=10&schemaVersion=2&deviceId=d-1&pending=3');
  });

  it('turns refusals into status, German message and code, and a network failure into status 0', async () => {
    const refused = vi.fn(() => Promise.resolve(json({ message: 'Diese App-Version passt nicht zum Server.', code: 'SCHEMA_MISMATCH' }, 409)));
    expect(await createFetchTransport(refused).pull({ limit: 1, schemaVersion: 1 })).toEqual({
      ok: false,
      status: 409,
      message: 'Diese App-Version passt nicht zum Server.',
      code: 'SCHEMA_MISMATCH',
    });
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await createFetchTransport(offline).push(request)).toMatchObject({ ok: false, status: 0 });
  });

  it('refuses a pull page missing a required field with the German reply error', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = vi.fn(() => Promise.resolve(json({ cursor: 'x', organizations: [], changes: [] })));
    expect(await createFetchTransport(broken).pull({ limit: 1, schemaVersion: 1 })).toEqual({
      ok: false,
      status: unexpectedReplyStatus,
      message: de.errors.unexpectedReply,
    });
    expect(errorLog).toHaveBeenCalledTimes(1);
    errorLog.mockRestore();
  });

  it('aborts a request when the engine stops', async () => {
    const stalled = vi.fn((_url: string, init: RequestInit) => new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const controller = new AbortController();
    const pending = createFetchTransport(stalled as unknown as typeof fetch).pull({ limit: 1, schemaVersion: 1 }, controller.signal);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, status: 0 });
  });
});
