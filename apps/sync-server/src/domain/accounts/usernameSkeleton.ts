import { normalizeUsername } from '@sanidok/schema';
import unhomoglyph from 'unhomoglyph';

/**
 * The UTS #39 skeleton of a username (issue 15 item 5): NFD, every character replaced by its
 * prototype from Unicode's confusables.txt (the `unhomoglyph` package carries that table), NFD
 * again. Two names with the same skeleton look alike ("olaf" with a Latin o and with a Cyrillic
 * о), so the users table keeps it in a unique column (migration 2026-11-24_001) and a look-alike
 * of an existing name is refused by one indexed lookup, race-free.
 * It starts from the normalised key (NFKC, lower case), so case alone never makes a second name.
 */
export function usernameSkeleton(username: string): string {
  return unhomoglyph(normalizeUsername(username).normalize('NFD')).normalize('NFD');
}
