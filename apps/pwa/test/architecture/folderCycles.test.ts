// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Folders import each other in one direction only (issue 13): a top folder of src/ (app, api,
 * lib, data, sync, features, …) or a feature folder that imports another one must not be
 * imported back by it, directly. Every relative import counts: type imports, re-exports,
 * side-effect imports and lazy `import()` too. Shared pieces go down (lib/, components/) and
 * compositions of several features go up (app/ServiceDetailRoute.tsx).
 */

const src = fileURLToPath(new URL('../../src', import.meta.url));
const importPattern = /(?:\b(?:import|export)\s[^'"]*?\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The folders below `root` that import each other, as sorted "a <-> b" pairs. */
function folderCycles(root: string): string[] {
  // Files directly in `root` (e.g. a lone module) belong to no folder and are left out.
  const folderOf = (file: string): string | null => {
    const parts = path.relative(root, file).split(path.sep);
    return parts.length > 1 && parts[0] !== '..' ? (parts[0] ?? null) : null;
  };
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const to = folderOf(path.resolve(path.dirname(file), match[1] ?? ''));
      if (!to || to === from) continue;
      const targets = edges.get(from) ?? new Set<string>();
      targets.add(to);
      edges.set(from, targets);
    }
  }
  const cycles = new Set<string>();
  for (const [from, targets] of edges) {
    for (const to of targets) if (edges.get(to)?.has(from)) cycles.add([from, to].sort().join(' <-> '));
  }
  return [...cycles].sort();
}

describe('folder dependencies of the PWA', () => {
  it('no two top folders of src/ import each other', () => {
    expect(folderCycles(src)).toEqual([]);
  });

  it('no two feature folders import each other', () => {
    expect(folderCycles(path.join(src, 'features'))).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    // api/session.ts imports lib/notify.ts: api/ depends on lib/, so this direction exists today.
    expect(folderCycles(src)).not.toContain('api <-> lib');
    const fixture = fileURLToPath(new URL('./fixtures/cycle', import.meta.url));
    expect(folderCycles(fixture)).toEqual(['a <-> b']);
  });
});
