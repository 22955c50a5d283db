import type { Bundle } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProtocolBundle } from '../../src/fhir/protocolBundle';
import { validateFhir } from '../../testing/fhirValidator';
import { brokenExports } from './brokenExports';
import { input } from './exportFixture';

describe('the strict FHIR validator refuses every broken copy of a real export', () => {
  const real = buildProtocolBundle(input);
  const copy = (): Bundle => structuredClone(real);

  // Builds the validator's indexes (schema, StructureDefinitions, profiles) once for this file.
  beforeAll(async () => {
    expect(await validateFhir(real)).toEqual([]);
  }, 120_000);

  it('has at least the 16 broken exports of docs/fhir.md "Validation"', () => {
    expect(brokenExports.length).toBeGreaterThanOrEqual(16);
  });

  it.each(brokenExports)('refuses $name', async ({ breakIt, error }) => {
    const broken = copy();
    breakIt(broken);
    const errors = await validateFhir(broken);
    expect(errors.some((e) => error.test(e)), errors.join('\n')).toBe(true);
  }, 30_000);
});
