/**
 * The organisation key fingerprint each device knows, per signed-in user (docs/security.md "Key
 * recovery"): kept on first sight, moved on only when the server reports the current key as
 * confirmed (a rotation signed by the old key, or a recovery the owner confirmed). A fingerprint
 * is public, so localStorage is enough; what matters is that the server alone cannot move it.
 */
const storageKey = (userId: number) => `sanidok.keyPins.${String(userId)}`;

type Pins = Record<string, string>;

function read(userId: number): Pins {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Pins) : {};
  } catch {
    return {};
  }
}

export interface KeyState {
  id: number;
  keyFingerprint: string;
  /** Absent in rows stored before this field existed: counts as confirmed. */
  keyConfirmed?: boolean;
}

/**
 * Updates the pins from the organisation list and returns the organisations whose current key
 * differs from the pinned one while it is not confirmed: each with the fingerprint known here.
 */
export function reconcileKeyPins(userId: number, organizations: readonly KeyState[]): Map<number, string> {
  const pins = read(userId);
  const unconfirmed = new Map<number, string>();
  for (const organization of organizations) {
    const known = pins[String(organization.id)];
    if (known === undefined || organization.keyConfirmed !== false) pins[String(organization.id)] = organization.keyFingerprint;
    else if (known !== organization.keyFingerprint) unconfirmed.set(organization.id, known);
  }
  localStorage.setItem(storageKey(userId), JSON.stringify(pins));
  return unconfirmed;
}
