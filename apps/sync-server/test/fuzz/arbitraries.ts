import * as schema from '@sanidok/schema';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * Field names of every object schema the API validates with (packages/schema): fuzz bodies use
 * them, so wrong types and edge values reach the validators instead of being stripped as unknown.
 */
export function schemaFieldNames(): string[] {
  const names = new Set<string>();
  const visit = (value: unknown) => {
    if (value instanceof z.ZodObject) Object.keys(value.shape).forEach((key) => names.add(key));
    else if (value instanceof z.ZodPipe) visit(value.in);
  };
  Object.values(schema).forEach(visit);
  return [...names].sort();
}

const huge = 'Ä'.repeat(70_000);

/** Values that break naive handlers: wrong types, extremes, unicode, injection-looking text. */
export const edgeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, 1e308, '', ' ', huge, '\u0000', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ ß',
    "'; drop table users; --", '<script>alert(1)</script>', '../../etc/passwd', '2026-13-45T99:99:99Z', '00000000-0000-0000-0000-000000000000',
    'BETA-AAAAAA-AAAAAA', '{{userName}}', [], {}, [[[]]], { $gt: '' }, { __proto__: { isAdmin: true } }),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.uuid(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A body: any JSON, or an object of known field names (and some unknown ones) with edge values. */
export function bodyArbitrary(fields: string[]): fc.Arbitrary<unknown> {
  const knownObject = fc
    .array(fc.tuple(fc.constantFrom(...fields), edgeValue), { maxLength: 8 })
    .chain((entries) => fc.dictionary(fc.string({ maxLength: 12 }), edgeValue, { maxKeys: 2 }).map((extra) => ({ ...extra, ...Object.fromEntries(entries) })));
  return fc.oneof({ weight: 4, arbitrary: knownObject }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) }, { weight: 1, arbitrary: edgeValue });
}

/** Path parameter values: real ids of other organisations, random ids and garbage. */
export function paramArbitrary(foreignIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...foreignIds, '0', '-1', '1.5', '99999999999999999999', 'abc', '%00', '..', 'null'),
    fc.uuid(),
    fc.integer({ min: 1000, max: 2 ** 31 }).map(String),
    fc.string({ minLength: 1, maxLength: 20 }).map((s) => encodeURIComponent(s)),
  );
}

/** Query strings with known field names and odd values. */
export function queryArbitrary(fields: string[]): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.constantFrom('serviceId', 'organizationId', 'cursor', 'limit', 'search', 'schemaVersion', 't', ...fields.slice(0, 20)), fc.oneof(fc.string({ maxLength: 30 }), fc.uuid(), fc.integer().map(String))), { maxLength: 4 })
    .map((pairs) => new URLSearchParams(pairs).toString());
}
