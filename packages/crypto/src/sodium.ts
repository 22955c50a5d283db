import type sodiumType from 'libsodium-wrappers-sumo';

type Sodium = typeof sodiumType;
let loading: Promise<Sodium> | undefined;

/**
 * libsodium is ~340 KB gzip: it is imported on first use, never at start-up, so the PWA's first
 * paint does not wait for it.
 */
export function loadSodium(): Promise<Sodium> {
  loading ??= import('libsodium-wrappers-sumo').then(async (module) => {
    const sodium = module.default;
    await sodium.ready;
    return sodium;
  });
  return loading;
}
