import { lowerPasswordHashCostForTests } from '@sanidok/crypto/testing';

// Every server test registers and signs in; Argon2id at the production cost (~40 ms a hash, more
// on a busy CI machine) is the subject of packages/crypto/test/passwords.test.ts only.
lowerPasswordHashCostForTests();
