import { z } from 'zod';

/**
 * German messages for every zod check that has no message of its own. Imported for its effect by
 * the package index, so server validation and client forms answer in the same language.
 */
z.config(z.locales.de());

export { z };
