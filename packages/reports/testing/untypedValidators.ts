import { createRequire } from 'node:module';

/**
 * The two validators of testing/ that ship without TypeScript types (CommonJS), loaded with the
 * types of what the tests call. A `declare module` file would not reach the other packages'
 * type checks that import `@sanidok/reports/testing` (apps/pwa, e2e).
 */
const require = createRequire(import.meta.url);

export interface JsonSchemaValidatorInstance {
  validate(resource: object, verbose?: boolean): unknown[];
}
export const JSONSchemaValidator = require('@asymmetrik/fhir-json-schema-validator') as new () => JsonSchemaValidatorInstance;

export interface UcumUtils {
  validateUnitString(unit: string, suggest?: boolean): { status: string; msg?: string[] };
}
export const ucumLhc = require('@lhncbc/ucum-lhc') as { UcumLhcUtils: { getInstance(): UcumUtils } };
