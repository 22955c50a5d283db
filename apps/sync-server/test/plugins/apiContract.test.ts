import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor, RestOutcome, State, StateTable } from '../authorization/actors';
import { actors } from '../authorization/actors';
import { emailConfiguration } from '../authorization/fresh';
import type { RestKey } from '../authorization/matrix';
import { endpointOf, restMatrix } from '../authorization/matrix';
import { restRequests } from '../authorization/requests';
import type { Requester, World } from '../authorization/world';
import { buildWorld } from '../authorization/world';
import type { OpenApiDocument, ReplyCheck } from '../helpers/openApiReplies';
import { fetchOpenApi, replyChecker } from '../helpers/openApiReplies';
import { startSmtpServer } from '../helpers/smtp';

/**
 * The contract (docs/decisions.md "OpenAPI from rules"): every operation of /api/openapi.json is
 * called against the real server with the authorisation matrix's world and requests, once per
 * answer the matrix expects of it (success and each refusal), plus a malformed and a non-JSON
 * body on every write; each reply must be described for its status, with its content type, and
 * match the documented schema.
 */
let world: World;
let document: OpenApiDocument;
let check: ReplyCheck;

beforeAll(async () => {
  const smtp = await startSmtpServer();
  world = await buildWorld({ smtpPort: smtp.port });
  document = await fetchOpenApi(world.app);
  check = replyChecker(document);
}, 60_000);

interface Case {
  state: State;
  actor: Actor;
  outcome: RestOutcome;
}

/** One actor and state per distinct answer of the row: each answer is checked once. */
function casesOf(key: RestKey): Case[] {
  const table: StateTable<RestOutcome> = restMatrix[key];
  const seen = new Set<RestOutcome>();
  const cases: Case[] = [];
  for (const [state, expectation] of Object.entries(table) as [State, Record<Actor, RestOutcome>][]) {
    for (const actor of actors) {
      const outcome = expectation[actor];
      if (seen.has(outcome)) continue;
      seen.add(outcome);
      cases.push({ state, actor, outcome });
    }
  }
  return cases;
}

const problems: string[] = [];
const answered = new Map<string, Set<string>>();

function record(method: string, path: string, response: LightMyRequestResponse): void {
  const { status, problem } = check(method, path, response);
  if (problem) problems.push(problem);
  const operation = `${method} ${path}`;
  answered.set(operation, (answered.get(operation) ?? new Set()).add(status));
}

describe('API-Vertrag: jede Operation gegen den echten Server', () => {
  it('answers every operation as described, in every answer the matrix expects', async () => {
    for (const key of Object.keys(restMatrix) as RestKey[]) {
      const { method, path } = endpointOf(key);
      let first: { requester: Requester; url: string } | undefined;
      for (const { state, actor, outcome } of casesOf(key)) {
        const spec = await restRequests[key]({ world, actor, state, scope: world.scopes[state] });
        const requester = spec.as ?? world.clients[actor];
        first ??= { requester, url: spec.url };
        const response = await requester.request({ method, url: spec.url, ...(spec.payload !== undefined && { payload: spec.payload as object }) });
        try {
          expect(response.statusCode, `${key} ${state} ${actor}: ${response.body}`).toBe(outcome);
          record(method, path, response);
        } finally {
          await spec.cleanup?.(response);
        }
      }
      if (method === 'GET' || !first) continue;
      // Writes: a body that is not JSON, and one in a type the server does not read.
      for (const [contentType, payload] of [['application/json', '{"kaputt'], ['application/xml', '<kaputt/>']] as const) {
        record(method, path, await first.requester.request({ method, url: first.url, payload, headers: { 'content-type': contentType } }));
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('describes the failures of the mail server and of a request too large', async () => {
    const admin = world.clients.platformAdmin;
    // Port 9 (discard) has no listener on loopback: the connection is refused.
    const refused = await admin.post('/api/admin/test-email', { ...emailConfiguration(world), port: 9 });
    expect(refused.statusCode, refused.body).toBe(502);
    record('POST', '/api/admin/test-email', refused);
    const tooLarge = await admin.request({ method: 'POST', url: '/api/sync/push', payload: { mutations: 'x'.repeat(6 * 1024 * 1024) } });
    expect(tooLarge.statusCode).toBe(413);
    record('POST', '/api/sync/push', tooLarge);
    expect(problems).toEqual([]);
  });

  it('marks as required exactly what the server needs: the service of the material list and report, not the event report body', async () => {
    const { owner } = world.clients;
    const { serviceId } = world.scopes.active;
    const parameter = (path: string) => document.paths[path]?.get?.parameters?.find((candidate) => candidate.name === 'serviceId');
    for (const path of ['/api/materials/used', '/api/materials/export']) {
      expect(parameter(path)?.required, path).toBe(true);
      const without = await owner.get(path);
      expect(without.statusCode, without.body).toBe(404);
      record('GET', path, without);
    }
    expect(document.paths['/api/services/{id}/event-report']?.post?.requestBody?.required).toBe(false);
    const report = await owner.post(`/api/services/${serviceId}/event-report`);
    expect(report.statusCode, report.body).toBe(200);
    record('POST', '/api/services/:id/event-report', report);
    expect(problems).toEqual([]);
  });

  it('called every operation of the document, each with a success', () => {
    const uncalled: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        const statuses = [...(answered.get(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`) ?? [])];
        if (!statuses.some((status) => status.startsWith('2'))) uncalled.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(uncalled).toEqual([]);
  });
});
