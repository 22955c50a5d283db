import type { loadSodium } from '../sodium';

export * from './fieldCipher';
export * from './keyring';
export * from './pin';
export { loadSodium } from '../sodium';
export { fromBase64Url } from '../orgKeys/payload';
export { toBase64Url } from '../random';
export type Sodium = Awaited<ReturnType<typeof loadSodium>>;
