import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments say why and point inside the repository (docs/decisions.md headings); an issue number
 * points at a tracker outside it and says nothing to the next reader. History lives in `git log`.
 */
const repo = fileURLToPath(new URL('../../../..', import.meta.url));
const roots = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const skipped = new Set(['node_modules', 'dist', 'dev-dist', '.data', '.data-2', '.screens', 'test-results']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs|sh|css|html)$/.test(entry.name) ? [full] : [];
  });
}

describe('source comments', () => {
  it('cite no issue number', () => {
    const citations = roots
      .flatMap((root) => sourceFiles(path.join(repo, root)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (/\b[Ii]ssues? \d/.test(line) ? [`${path.relative(repo, file)}:${i + 1}`] : [])),
      );
    expect(citations).toEqual([]);
  });
});
