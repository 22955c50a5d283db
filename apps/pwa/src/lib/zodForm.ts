import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form may hold only fields the schema reads: anything else would be dropped on submit unnoticed.
 * A form with such a field asks for a second argument naming it, so the compiler points at it.
 */
type KnownFields<Values, Schema extends z.ZodType> = [Exclude<keyof Values, keyof z.input<Schema>>] extends [never] ? [] : [unknownField: Exclude<keyof Values, keyof z.input<Schema>>];

/**
 * The one bridge from a shared schema (packages/schema) to react-hook-form. A form holds what its
 * inputs hold — '' before a radio or select is chosen, a cleared select's null, a port as typed —
 * which is wider than the schema's input type, although the schema answers each of those values
 * with its own German message. So the caller names the form's values (`Values`, by default the
 * schema's input) and the resolver hands the schema's output to the submit handler.
 *
 *   const resolver = zodForm<typeof dischargeFormSchema, DischargeFields>(dischargeFormSchema);
 *   useForm<DischargeFields, unknown, z.output<typeof dischargeFormSchema>>({ resolver, … })
 */
export function zodForm<Schema extends z.ZodType<FieldValues, FieldValues>, Values extends FieldValues = z.input<Schema>>(
  schema: Schema,
  ..._onlyKnownFields: KnownFields<Values, Schema>
): Resolver<Values, unknown, z.output<Schema>> {
  // The only widening of the form's values, checked above against the schema's field names; the
  // values themselves are checked at run time by the schema.
  return zodResolver(schema) as unknown as Resolver<Values, unknown, z.output<Schema>>;
}
