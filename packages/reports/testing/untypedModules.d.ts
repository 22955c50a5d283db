// The two validators of testing/ that ship without TypeScript types: only what the tests call.
declare module '@asymmetrik/fhir-json-schema-validator' {
  export default class JSONSchemaValidator {
    constructor(schema?: object, ajvSettings?: object);
    validate(resource: object, verbose?: boolean): { dataPath?: string; instancePath?: string; message?: string; params?: object }[] | string[];
  }
}
declare module '@lhncbc/ucum-lhc' {
  const ucum: { UcumLhcUtils: { getInstance(): { validateUnitString(unit: string, suggest?: boolean): { status: string; msg?: string[] } } } };
  export default ucum;
}
