import { describe, expect, it, vi } from 'vitest';
import { betaModeReply, publicUserReply } from '@sanidok/schema';
import { ApiError, apiGet, apiRequest, apiSend, errorFromResponse, unexpectedReplyStatus } from '../../src/api/client';
import { de } from '../../src/i18n/de';
import { json, mockApi } from '../helpers/render';

describe('errorFromResponse (docs/spec/accounts.md §8)', () => {
  it('uses the message field of a JSON body and keeps code and fields', async () => {
    const error = await errorFromResponse(
      json({ message: 'Benutzername ist bereits vergeben', code: 'USERNAME_TAKEN', fields: { username: 'Vergeben' } }, 409),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Benutzername ist bereits vergeben');
    expect(error.status).toBe(409);
    expect(error.code).toBe('USERNAME_TAKEN');
    expect(error.fields).toEqual({ username: 'Vergeben' });
  });

  it('uses the raw text when the body is not JSON', async () => {
    const error = await errorFromResponse(new Response('Gateway kaputt', { status: 502, statusText: 'Bad Gateway' }));
    expect(error.message).toBe('Gateway kaputt');
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
  });

  it('uses the raw text when a JSON body has no message', async () => {
    const error = await errorFromResponse(new Response('{"error":"x"}', { status: 400 }));
    expect(error.message).toBe('{"error":"x"}');
  });

  it('falls back to "status statusText" when the body is empty', async () => {
    const error = await errorFromResponse(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    expect(error.message).toBe('503 Service Unavailable');
  });
});

describe('apiRequest', () => {
  it('sends the client header and same-origin credentials on writes, JSON only with a body', async () => {
    const fetchMock = mockApi({ 'POST /api/login': () => json({ id: 1 }), 'POST /api/logout': () => new Response(null, { status: 204 }) });
    await apiSend('POST', '/api/login', { username: 'a', password: 'b' });
    await apiRequest('/api/logout', { method: 'POST', readResponse: false });
    const [loginCall, logoutCall] = fetchMock.mock.calls;
    expect(loginCall?.[1]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: JSON.stringify({ username: 'a', password: 'b' }),
      headers: { 'x-sanidok-client': 'pwa', 'Content-Type': 'application/json' },
    });
    expect(logoutCall?.[1]?.body).toBeUndefined();
    expect(logoutCall?.[1]?.headers).toMatchObject({ 'x-sanidok-client': 'pwa' });
    expect(logoutCall?.[1]?.headers).not.toHaveProperty('Content-Type');
  });

  it('sends reads without the client header and parses the JSON answer', async () => {
    const fetchMock = mockApi({ 'GET /api/beta-mode': () => json({ betaModeEnabled: true }) });
    await expect(apiGet('/api/beta-mode', betaModeReply)).resolves.toEqual({ betaModeEnabled: true });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).not.toHaveProperty('x-sanidok-client');
  });

  it('throws the ApiError of a failed response', async () => {
    mockApi({ 'PATCH /api/profile': () => json({ message: 'Gültige E-Mail-Adresse erforderlich', code: 'VALIDATION' }, 400) });
    await expect(apiSend('PATCH', '/api/profile', {})).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'VALIDATION',
      message: 'Gültige E-Mail-Adresse erforderlich',
    });
  });

  it('turns an unreachable server into a German ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiGet('/api/user', publicUserReply)).rejects.toMatchObject({ status: 0, message: de.errors.network });
  });
});

describe('reply schemas', () => {
  it('refuses a reply missing a required field with a German error and logs the issue path', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/beta-mode': () => json({}) });
    await expect(apiGet('/api/beta-mode', betaModeReply)).rejects.toMatchObject({
      name: 'ApiError',
      status: unexpectedReplyStatus,
      message: 'Unerwartete Antwort des Servers. Bitte laden Sie die App neu.',
    });
    expect(errorLog).toHaveBeenCalledWith('Unexpected reply from /api/beta-mode', [expect.stringContaining('betaModeEnabled') as string]);
    errorLog.mockRestore();
  });

  it('checks a write\'s answer when a reply schema is given and passes it through otherwise', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'POST /api/admin/beta-mode': () => json({ betaModeEnabled: 'ja' }) });
    await expect(apiSend('POST', '/api/admin/beta-mode', { enabled: true }, betaModeReply)).rejects.toMatchObject({ message: de.errors.unexpectedReply });
    await expect(apiSend('POST', '/api/admin/beta-mode', { enabled: true })).resolves.toEqual({ betaModeEnabled: 'ja' });
    vi.mocked(console.error).mockRestore();
  });
});
