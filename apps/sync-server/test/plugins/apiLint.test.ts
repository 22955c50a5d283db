import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, Spectral } from '@stoplight/spectral-core';
import type { RulesetDefinition } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../helpers/admin';
import type { OpenApiDocument } from '../helpers/openApiReplies';
import { fetchOpenApi } from '../helpers/openApiReplies';
import { createTestApp } from '../helpers/testApp';

/**
 * The API description under tools nobody on the project wrote (docs/decisions.md "OpenAPI from
 * rules"): Spectral's `oas` and Redocly's `recommended` rulesets, and a typed client generated
 * with openapi-typescript that must compile. Linted as an installation serves it: with the
 * operator's details entered (they name the contact) and a public host.
 */
let document: OpenApiDocument;
let text: string;

beforeAll(async () => {
  const app = await createTestApp();
  const admin = await adminClient(app);
  const operator = await admin.put('/api/admin/operator-details', {
    name: 'DRK Ortsverein Musterstadt e. V.', address: 'Hauptstraße 1, 12345 Musterstadt', email: 'kontakt@drk-musterstadt.de', phone: '+49 30 123456',
    representative: 'Erika Mustermann', dataProtectionOfficer: 'Max Muster', supervisoryAuthority: 'Landesbeauftragte für Datenschutz', processors: 'selbst betrieben',
  });
  expect(operator.statusCode, operator.body).toBe(200);
  document = await fetchOpenApi(app);
  text = JSON.stringify(document, null, 2);
});

describe('API-Beschreibung unter fremden Prüfwerkzeugen', () => {
  it("passes Spectral's oas ruleset without errors or warnings", async () => {
    const spectral = new Spectral();
    // The published typing of the ruleset misses `extends`; the object is the ruleset the CLI loads as spectral:oas.
    spectral.setRuleset(oas as RulesetDefinition);
    const results = await spectral.run(new Document(text, Json, 'openapi.json'));
    expect(results.map((result) => `${result.code} ${result.path.join('.')}: ${result.message}`)).toEqual([]);
  });

  it("passes Redocly's recommended ruleset with no error and only the licence warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    // No licence is stated because the project has none to state (docs/decisions.md "OpenAPI from rules").
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`)).toEqual([
      'warn info-license: Info object should contain `license` field.',
    ]);
  });

  it('gives a typed client (openapi-typescript) that compiles and types the ids and the event stream', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'sanidok-client-'));
    try {
      writeFileSync(path.join(directory, 'api.ts'), astToString(await openapiTS(structuredClone(document) as never)));
      writeFileSync(path.join(directory, 'use.ts'), [
        "import type { operations, paths } from './api';",
        "type Get<P extends keyof paths> = NonNullable<paths[P]['get']>;",
        "export const serviceId: Get<'/api/services/{id}'>['parameters']['path']['id'] = '6f1c1f4e-0000-4000-8000-000000000000';",
        "export const organizationId: Get<'/api/organizations/{id}/members'>['parameters']['path']['id'] = 7;",
        "export const stream: Get<'/api/services/{id}/events'>['responses'][200]['content']['text/event-stream'] = 'id: 3';",
        "export const refusal: operations['postAdminTestEmail']['responses'][502]['content']['application/json']['code'] = 'MAIL_FAILED';",
        "export const exportQuery: operations['getMaterialsExport']['parameters']['query'] = { serviceId: 'x' };",
      ].join('\n'));
      const program = ts.createProgram([path.join(directory, 'use.ts')], {
        strict: true, noEmit: true, lib: ['lib.es5.d.ts'], target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, types: [],
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('names every operation by one rule, uniquely', () => {
    const ids = Object.entries(document.paths).flatMap(([, operations]) => Object.values(operations).map((operation) => operation.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/organizations/{id}/members/{userId}']?.delete?.operationId).toBe('deleteOrganizationsByIdMembersByUserId');
  });

  it('gives every path id its format: UUID for services and protocols, a positive integer for numbered rows', () => {
    const formats = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.values(operations).flatMap((operation) => (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => ({ path, ...parameter }))));
    expect(formats.filter(({ schema }) => schema?.format !== 'uuid' && schema?.type !== 'integer')).toEqual([]);
    const kind = (path: string, name: string) => formats.find((parameter) => parameter.path === path && parameter.name === name)?.schema;
    expect(kind('/api/patient-protocols/{id}', 'id')).toEqual({ type: 'string', format: 'uuid' });
    expect(kind('/api/organizations/{orgId}/archive/services/{serviceId}/protocols', 'orgId')).toEqual({ type: 'integer', minimum: 1 });
    expect(kind('/api/organizations/{orgId}/archive/services/{serviceId}/protocols', 'serviceId')).toEqual({ type: 'string', format: 'uuid' });
  });
});
