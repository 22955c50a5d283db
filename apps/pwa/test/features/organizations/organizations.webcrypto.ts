import { vi } from 'vitest';

/**
 * jsdom gives the test its own Uint8Array/ArrayBuffer classes, and Node's WebCrypto rejects
 * typed arrays from that other realm ("2nd argument is not instance of ArrayBuffer…"). Browsers
 * have one realm, so this is a test-only problem: copy binary arguments into Node buffers
 * (Buffer.from shares the memory) before they reach crypto.subtle. The real algorithms run.
 */
const isBinary = (value: unknown): value is ArrayBufferView | ArrayBuffer =>
  ArrayBuffer.isView(value) || Object.prototype.toString.call(value) === '[object ArrayBuffer]';

function toNodeRealm(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (isBinary(value)) return Buffer.from(value as ArrayBuffer);
  // Algorithm parameters ({ name: 'HKDF', salt, info, … }) carry binary fields as well.
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isBinary(v) ? toNodeRealm(v) : v]));
  }
  return value;
}

export function useNodeRealmWebCrypto(): void {
  const original = globalThis.crypto;
  const bridged = new Proxy(original.subtle, {
    get(target, property) {
      const member: unknown = Reflect.get(target, property);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => (member as (...a: unknown[]) => unknown).apply(target, args.map(toNodeRealm));
    },
  });
  vi.stubGlobal('crypto', {
    subtle: bridged,
    getRandomValues: original.getRandomValues.bind(original),
    randomUUID: original.randomUUID.bind(original),
  });
}
