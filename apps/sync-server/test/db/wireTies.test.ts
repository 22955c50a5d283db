import type { Service } from '@sanidok/schema';
import { describe, expectTypeOf, it } from 'vitest';
import type { ServiceTie, Tied } from '../../src/db/wireTies';

// The ties of src/db/wireTies.ts are checked by the compiler (pnpm run typecheck); these cases show
// that a drift on either side is caught, with the drifted field named.
type ServiceDifferences = { table: 'services'; serverOnly: 'fieldVersions'; derived: 'organizationName' | 'createdByName'; booleans: 'isBlocked' | 'needsReview' };

describe('a table and its wire type are tied at compile time', () => {
  it('holds for the entities as they are', () => {
    expectTypeOf<ServiceTie>().toEqualTypeOf<true>();
  });

  it('names a wire field the table does not store', () => {
    expectTypeOf<Tied<'services', Service & { shiftLead: string }, ServiceDifferences>>().toEqualTypeOf<{ shiftLead: 'wire field missing from the table (or name it derived)' }>();
  });

  it('names a column the wire type does not carry', () => {
    expectTypeOf<Tied<'services', Omit<Service, 'location'>, ServiceDifferences>>().toEqualTypeOf<{ location: 'column missing from the wire type (or name it serverOnly)' }>();
  });

  it('names a field whose types differ, and a 0/1 column that is no boolean on the wire', () => {
    type Drifted = Omit<Service, 'name' | 'isBlocked'> & { name: number; isBlocked: number };
    expectTypeOf<Tied<'services', Drifted, ServiceDifferences>>().toEqualTypeOf<{ name: 'types differ'; isBlocked: 'not a boolean on the wire' }>();
  });
});
