import type { loadSodium } from '../sodium';

export * from './fieldCipher';
export * from './keyring';
export * from './pin';
export * from './prf';
export { loadSodium } from '../sodium';
export { decodeBase64Url as fromBase64Url } from '../base64url';
export { toBase64Url } from '../random';
export type Sodium = Awaited<ReturnType<typeof loadSodium>>;
