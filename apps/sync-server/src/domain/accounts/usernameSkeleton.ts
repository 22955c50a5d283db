import unhomoglyph from 'unhomoglyph';

/**
 * The UTS #39 skeleton of a username: NFKC, NFD, every character replaced by
 * its prototype from Unicode's confusables.txt (the `unhomoglyph` package carries that table), NFD
 * again. Two names with the same skeleton look alike ("olaf" with a Latin o and with a Cyrillic
 * о), so the users table keeps it in a unique column (migration 2026-11-24_001) and a look-alike
 * of an existing name is refused by one indexed lookup, race-free.
 * Lower-cased last, because usernames ignore case (`normalizeUsername`): "0laf" maps to "Olaf"
 * and so collides with "olaf", and a capital I maps to l before it could become an i.
 * Changing it needs a migration that recomputes `users.username_skeleton` (the first one holds a
 * frozen copy: db/migrations/2026-11-24_001_usernames_invitations.ts).
 */
export function usernameSkeleton(username: string): string {
  return unhomoglyph(username.trim().normalize('NFKC').normalize('NFD')).normalize('NFD').toLocaleLowerCase('de-DE');
}
