export * from './fieldCipher';
export * from './keyring';
export { loadSodium } from '../sodium';
export type Sodium = Awaited<ReturnType<typeof import('../sodium').loadSodium>>;
export { fromBase64Url } from '../orgKeys/payload';
export { toBase64Url } from '../random';
