import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodForm } from '../../src/lib/zodForm';

// A schema shaped like the shared ones: a required choice, a trimmed text, a default.
const schema = z.object({
  status: z.enum(['stabil', 'instabil'], { error: 'Bitte wählen Sie den Patientenzustand aus' }),
  name: z.string().trim().min(1, 'Name ist erforderlich'),
  role: z.enum(['member', 'admin']).default('member'),
});

/** What the inputs hold: '' before a choice, null after clearing a select. */
interface TypedValues {
  status: string;
  name: string;
  role: 'member' | 'admin' | null;
}

const options = <T extends FieldValues>(): ResolverOptions<T> => ({ fields: {}, shouldUseNativeValidation: false });

describe('zodForm', () => {
  it('hands the schema output to submit: trimmed text, defaults applied', async () => {
    const resolver = zodForm(schema);
    const result = await resolver({ status: 'stabil', name: '  Anna  ' }, undefined, options());
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ status: 'stabil', name: 'Anna', role: 'member' });
  });

  it('takes the values as the inputs hold them and answers them with the schema messages', async () => {
    const resolver = zodForm<typeof schema, TypedValues>(schema);
    const result = await resolver({ status: '', name: ' ', role: 'admin' }, undefined, options());
    expect(result.values).toEqual({});
    expect(result.errors.status?.message).toBe('Bitte wählen Sie den Patientenzustand aus');
    expect(result.errors.name?.message).toBe('Name ist erforderlich');
    expect(result.errors.role).toBeUndefined();
  });

  it('rejects a cleared select that the schema does not admit', async () => {
    const resolver = zodForm<typeof schema, TypedValues>(schema);
    const result = await resolver({ status: 'instabil', name: 'Anna', role: null }, undefined, options());
    expect(result.errors.role).toBeDefined();
  });

  it('refuses at compile time a form field the schema does not read', () => {
    interface WithStray extends TypedValues {
      stray: string;
    }
    // @ts-expect-error -- 'stray' is not a field of the schema: the call asks for an argument naming it.
    const resolver = zodForm<typeof schema, WithStray>(schema);
    expect(typeof resolver).toBe('function');
  });
});
