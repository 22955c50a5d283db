import { expect } from 'vitest';

/**
 * vitest's asymmetric matchers answer `any`, which the typed lint rules (eslint.config.js,
 * strictTypeChecked: no-unsafe-assignment) refuse as a property of an object literal. The same
 * matchers, typed `unknown`, for use inside `toMatchObject`/`objectContaining` literals.
 */
export const anyString = (): unknown => expect.any(String);
export const stringWith = (text: string): unknown => expect.stringContaining(text);
export const objectWith = (shape: Record<string, unknown>): unknown => expect.objectContaining(shape);
