import type * as OrganizationCrypto from '@sanidok/crypto';
import type { OrganizationListItem } from '@sanidok/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { de } from '../../i18n/de';
import { requestCreateOrganization } from './actions';
import { organizationKeys } from './queries';

// Deriving takes well under a second. libsodium never settles when its WebAssembly cannot start
// (e.g. a CSP without 'wasm-unsafe-eval'), so a deadline turns a spinner forever into a message.
const keyDeadlineMs = 20_000;

function withDeadline<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(de.organizationToasts.keyGenerationFailed)), keyDeadlineMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** What the one-time key dialog shows. Lives only in component state, never in a cache or storage. */
export interface RevealedOrganizationKey {
  organizationName: string;
  /** Text form of the secret ('SANI1-…'). */
  keyText: string;
  fingerprint: string;
  createdAt: string;
}

export interface CreatedOrganization {
  organization: OrganizationListItem;
  revealed: RevealedOrganizationKey;
}

export interface OrganizationDraft {
  name: string;
  description: string | null;
}

type CryptoModule = typeof OrganizationCrypto;
interface PreparedKey {
  crypto: CryptoModule;
  secret: Uint8Array;
  publicKeys: ReturnType<CryptoModule['publicKeysToBase64Url']>;
}

/**
 * Loads the key libraries, creates the secret and derives the public keys. Any failure (chunk not
 * loadable offline, WebAssembly refused, deadline) reads as one German message.
 */
async function prepareKey(): Promise<PreparedKey> {
  let secret: Uint8Array | undefined;
  try {
    return await withDeadline(
      (async () => {
        // libsodium and HPKE are several hundred KB: loaded on the first creation, not with the app.
        const crypto = await import('@sanidok/crypto');
        const created = await crypto.newOrganizationKey();
        secret = created.secret;
        return { crypto, ...created };
      })(),
    );
  } catch {
    secret?.fill(0);
    throw new Error(de.organizationToasts.keyGenerationFailed);
  }
}

/**
 * Creates the organisation key in this browser and the organisation on the server
 * (docs/decisions.md, "Organisations, members, materials"): only the two public keys and their
 * fingerprint are sent. The secret's text form is made after the server accepted, so a failed
 * request leaves nothing behind.
 */
export async function createOrganizationWithKey(draft: OrganizationDraft): Promise<CreatedOrganization> {
  const { crypto, secret, publicKeys } = await prepareKey();
  try {
    const organization = await requestCreateOrganization({ ...draft, ...publicKeys });
    return {
      organization,
      revealed: {
        organizationName: organization.name,
        keyText: crypto.encodeOrganizationSecret(secret),
        fingerprint: publicKeys.keyFingerprint,
        createdAt: organization.createdAt,
      },
    };
  } finally {
    secret.fill(0);
  }
}

/**
 * Deliberately not a useMutation: TanStack keeps a mutation's result in its mutation cache after
 * the dialog is gone, and the result here carries the secret. Pending state lives in the component.
 */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const create = useCallback(
    async (draft: OrganizationDraft): Promise<CreatedOrganization> => {
      setPending(true);
      try {
        const created = await createOrganizationWithKey(draft);
        // Only the public list item goes into the query cache.
        queryClient.setQueryData<OrganizationListItem[]>(organizationKeys.list, (list = []) => [
          ...list.filter((o) => o.id !== created.organization.id),
          created.organization,
        ]);
        void queryClient.invalidateQueries({ queryKey: organizationKeys.list });
        return created;
      } finally {
        setPending(false);
      }
    },
    [queryClient],
  );

  return { create, pending };
}
