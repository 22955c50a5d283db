import { loadSodium } from '@sanidok/crypto/device';
import type { DeviceCrypto } from './deviceCrypto';

/**
 * libsodium for a locked device, loaded when it is first needed. Locked, it only
 * seals each lock period's key to the device (./rowCipher.ts `sealWhileLocked`); a page load that
 * pulls nothing to seal, as most do, never pays its ~160 KB and ~1 s of main-thread work on a
 * tablet (docs/benchmarks.md, "Lighthouse on the signed-in pages"). Every unlock loads it anyway
 * (./deviceKeys.ts `prepareDeviceCrypto`).
 */
const failed = new WeakSet<DeviceCrypto>();

/**
 * Called when a locked write met the missing library (DeviceLockedError). Returns the load under
 * way — true once the library is there, so the caller runs again — or null when waiting cannot
 * help: the library is there already (the device lacks its keyring), or loading it failed before.
 */
export function loadSealing(crypto: DeviceCrypto): Promise<boolean> | null {
  if (crypto.sodium || !crypto.devicePublicKey || failed.has(crypto)) return null;
  return loadSodium().then(
    (sodium) => {
      crypto.sodium ??= sodium;
      return true;
    },
    (error: unknown) => {
      failed.add(crypto);
      console.warn('libsodium not loaded', error);
      return false;
    },
  );
}
