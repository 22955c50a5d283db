import type { Sodium, UnlockedKeys } from '@sanidok/crypto/device';
import { wipeKeys } from '@sanidok/crypto/device';

export type LockState = 'locked' | 'unlocked';

/**
 * The key material of one open device database. Unlocked: the data key and the
 * device's X25519 secret in memory. Locked: only public keys, so pulled rows are sealed to the
 * device and outbox rows carry their server-sealed copy; nothing can be decrypted.
 */
export class DeviceCrypto {
  private keys: UnlockedKeys | null = null;
  /** The data key as a non-extractable WebCrypto key, for encryption off the main thread (./preseal.ts). */
  private webKey: { keys: UnlockedKeys; key: Promise<CryptoKey> } | null = null;
  /** libsodium, loaded before the engine starts: sealing in a transaction must be synchronous. */
  sodium: Sodium | null = null;
  /** From the keyring: rows pulled while locked are sealed to it. */
  devicePublicKey: Uint8Array | null = null;
  /** The server's sealing key: outbox args are sealed to it at write time, so a locked device pushes. */
  serverPublicKey: Uint8Array | null = null;
  /** Set when a row was sealed while locked: the next unlock re-encrypts under the data key. */
  sealedWhileLocked = false;
  /**
   * While locked: a random key for the rows written in this locked period, itself sealed to the
   * device (one X25519 operation per period instead of one per row). It opens only those rows.
   */
  lockEpoch: { key: Uint8Array; sealedKey: string } | null = null;
  /** Lock-period keys opened since the unlock (by their sealed form). Cleared at lock. */
  readonly openedLockKeys = new Map<string, Uint8Array>();
  /** Decrypted JSON by envelope: liveQuery re-reads the same rows often. Cleared at lock. */
  readonly plaintextCache = new Map<string, Record<string, unknown>>();
  private readonly listeners = new Set<() => void>();

  get state(): LockState {
    return this.keys ? 'unlocked' : 'locked';
  }

  get unlocked(): UnlockedKeys | null {
    return this.keys;
  }

  /**
   * The data key imported into WebCrypto (non-extractable), made once per unlock and dropped at
   * lock with the raw key; null while locked or where WebCrypto is missing.
   */
  webDataKey(): Promise<CryptoKey> | null {
    const keys = this.keys;
    // The DOM types claim WebCrypto always exists; old test runtimes and insecure origins disagree.
    const subtle = (globalThis as { crypto?: Partial<Crypto> }).crypto?.subtle;
    if (!keys || !subtle) return null;
    if (this.webKey?.keys !== keys) this.webKey = { keys, key: subtle.importKey('raw', keys.dataKey as BufferSource, 'AES-GCM', false, ['encrypt']) };
    return this.webKey.key;
  }

  unlock(keys: UnlockedKeys): void {
    if (this.keys && this.keys !== keys) wipeKeys(this.keys);
    this.endLockEpoch();
    this.keys = keys;
    this.devicePublicKey = keys.device.publicKey;
    this.emit();
  }

  /** Drops every key reference and decrypted row this layer holds. */
  lock(): void {
    this.webKey = null;
    this.plaintextCache.clear();
    for (const key of this.openedLockKeys.values()) key.fill(0);
    this.openedLockKeys.clear();
    this.endLockEpoch();
    if (!this.keys) return;
    wipeKeys(this.keys);
    this.keys = null;
    this.emit();
  }

  private endLockEpoch(): void {
    this.lockEpoch?.key.fill(0);
    this.lockEpoch = null;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
